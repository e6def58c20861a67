package bnfmain

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRun: the generator gets the BNF's base name and contents, and its
// output lands in the file; its error, or a missing BNF, is returned.
func TestRun(t *testing.T) {
	dir := t.TempDir()
	in, out := filepath.Join(dir, "x.bnf"), filepath.Join(dir, "x.go")
	if err := os.WriteFile(in, []byte("a = \"b\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	err := run(in, out, func(name string, src []byte) ([]byte, error) {
		return []byte(name + ": " + string(src)), nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(out); string(got) != "x.bnf: a = \"b\"\n" {
		t.Errorf("wrote %q", got)
	}
	want := errors.New("no rule lowers it")
	if err := run(in, out, func(string, []byte) ([]byte, error) { return nil, want }); !errors.Is(err, want) {
		t.Errorf("run = %v, want %v", err, want)
	}
	if err := run(filepath.Join(dir, "none.bnf"), out, nil); err == nil || !strings.Contains(err.Error(), "none.bnf") {
		t.Errorf("run of a missing file = %v", err)
	}
}
