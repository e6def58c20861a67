package main

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// TestCommitted: docs/grammar holds exactly the diagrams of the BNF
// files, and the playground's grammar.js is what they give.
func TestCommitted(t *testing.T) {
	files, err := Generate("../../rfc1808.bnf", "../../rfc1738.bnf")
	if err != nil {
		t.Fatal(err)
	}
	var onDisk []string
	for _, pattern := range []string{"../../../docs/grammar/*.svg", "../../../docs/grammar/rfc1738/*.svg"} {
		m, _ := filepath.Glob(pattern)
		onDisk = append(onDisk, m...)
	}
	var want []string
	for rel, svg := range files.SVG {
		path := filepath.Join("../../../docs/grammar", filepath.FromSlash(rel))
		want = append(want, path)
		if b, err := os.ReadFile(path); err != nil || string(b) != svg {
			t.Errorf("%s is stale or missing: run go generate ./grammar", path)
		}
	}
	sort.Strings(onDisk)
	sort.Strings(want)
	if len(onDisk) != len(want) {
		t.Errorf("docs/grammar holds %d SVG files, the BNF files give %d: run go generate ./grammar", len(onDisk), len(want))
	}
	if b, err := os.ReadFile("../../../lint/internal/playground/site/static/grammar.js"); err != nil || string(b) != files.Script {
		t.Error("lint/internal/playground/site/static/grammar.js is stale or missing: run go generate ./grammar")
	}
	page, err := os.ReadFile("../../../docs/grammar.md")
	if err != nil {
		t.Fatal(err)
	}
	for rel := range files.SVG {
		if !strings.Contains(string(page), "](grammar/"+rel+")") {
			t.Errorf("docs/grammar.md does not show or link grammar/%s", rel)
		}
	}
}
