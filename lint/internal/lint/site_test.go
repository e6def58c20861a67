package lint_test

import (
	"bytes"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/relurl/relurl/internal/rules"
	"github.com/relurl/relurl/lint/internal/extract"
	"github.com/relurl/relurl/lint/internal/format"
	"github.com/relurl/relurl/lint/internal/lint"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// siteRetrieval is the URL the test site is taken to be retrieved by.
const siteRetrieval = "http://www.example.com/blog/post.html"

// lintSite lints every file of testdata/site, in lexical order.
func lintSite(t *testing.T, l *lint.Linter) (findings []lint.Finding, files map[string][]byte) {
	t.Helper()
	files = map[string][]byte{}
	err := filepath.WalkDir("testdata/site", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		name := filepath.ToSlash(path)
		files[name] = data
		findings = append(findings, l.File(name, data, extract.Detect(name, data))...)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return findings, files
}

func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	if *update {
		if err := os.WriteFile(name, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(name)
	if err != nil {
		t.Fatalf("%v (run go test -update to write it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("output differs from %s (go test -update rewrites it); got:\n%s", name, got)
	}
}

// TestSite runs the linter over a small site of HTML pages, URL lists and
// a multipart message, and checks the exact findings, caret views
// included, against testdata/site.golden.
func TestSite(t *testing.T) {
	l := mustNewLinter(t, lint.Options{Retrieval: siteRetrieval})
	findings, _ := lintSite(t, l)
	var buf bytes.Buffer
	if err := format.Write(format.NewText(&buf, format.Options{Verbose: true}), l.Rules(), findings); err != nil {
		t.Fatal(err)
	}
	golden(t, "testdata/site.golden", buf.Bytes())
}

// TestSitePositions: a finding's offsets are its text's place in the
// file: the bytes there are its text, unless the URL was decoded (an HTML
// character reference, quoted-printable, base64); and line and column say
// the same place as the offset.
func TestSitePositions(t *testing.T) {
	l := mustNewLinter(t, lint.Options{Retrieval: siteRetrieval, Enable: []string{"rfc1738"}})
	findings, files := lintSite(t, l)
	if len(findings) < 20 {
		t.Fatalf("only %d findings", len(findings))
	}
	for _, f := range findings {
		data := files[f.File]
		line := 1 + bytes.Count(data[:f.Offset], []byte("\n"))
		col := f.Offset - bytes.LastIndexByte(data[:f.Offset], '\n')
		if line != f.Line || col != f.Column {
			t.Errorf("%s: offset %d is %d:%d, finding says %d:%d", f.File, f.Offset, line, col, f.Line, f.Column)
		}
		if f.Offset > f.EndOffset || f.EndOffset > len(data) {
			t.Errorf("%s:%d:%d: bad span [%d,%d)", f.File, f.Line, f.Column, f.Offset, f.EndOffset)
			continue
		}
		raw := string(data[f.Offset:f.EndOffset])
		decoded := strings.Contains(raw, "&") || strings.Contains(f.Where, "base64") || strings.Contains(raw, "=")
		if !decoded && raw != f.Text && !strings.HasPrefix(f.Rule, "base/header") {
			t.Errorf("%s:%d:%d [%s]: file holds %q, finding's text is %q", f.File, f.Line, f.Column, f.Rule, raw, f.Text)
		}
	}
}

func mustNewLinter(t *testing.T, opts lint.Options) *lint.Linter {
	t.Helper()
	l, err := lint.New(opts)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// catalogTable renders the catalog as the table of docs/lint.md.
func catalogTable() string {
	var b strings.Builder
	b.WriteString("| rule | family | severity | on by default | section | finds | suggested fix | `--fix` |\n")
	b.WriteString("|---|---|---|---|---|---|---|---|\n")
	for _, r := range lint.Rules() {
		on, fix := "no", r.Fix
		if r.Default {
			on = "yes"
			if r.Kinds != "" {
				on = "in " + strings.ReplaceAll(r.Kinds, ",", ", ")
			}
		}
		if fix == "" {
			fix = "—"
		}
		auto := "no"
		switch ok, reason, _ := r.AutoFix(); {
		case ok:
			auto = "yes, where safe"
		case reason == "loophole":
			auto = "suggests"
		}
		fmt.Fprintf(&b, "| `%s` | %s | %s | %s | %s | %s | %s | %s |\n", r.ID, r.Family, r.Severity, on, r.Section,
			lint.MarkdownText(r.Summary), lint.MarkdownText(fix), auto)
	}
	return b.String()
}

// TestCatalogTable: the table of rules in docs/lint.md is the catalog, and
// the table of syntax rule ids in docs/cli.md names every row of ast's
// table of syntax rules. go test -update rewrites the first.
func TestCatalogTable(t *testing.T) {
	const page = "../../../docs/lint.md"
	data, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	head := "| rule | family | severity |"
	start := strings.Index(text, head)
	if start < 0 {
		t.Fatalf("%s has no table beginning %q", page, head)
	}
	end := start + strings.Index(text[start:], "\n\n") + 1
	if got, want := text[start:end], catalogTable(); got != want {
		if *update {
			if err := os.WriteFile(page, []byte(text[:start]+want+text[end:]), 0o644); err != nil {
				t.Fatal(err)
			}
			return
		}
		t.Errorf("the rule table of %s is not the catalog (go test -update rewrites it); want\n%s", page, want)
	}
	const cli = "../../../docs/cli.md"
	data, err = os.ReadFile(cli)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rules.All() {
		if !strings.Contains(string(data), "`"+r.ID+"`") {
			t.Errorf("%s does not name the syntax rule %s", cli, r.ID)
		}
	}
}
