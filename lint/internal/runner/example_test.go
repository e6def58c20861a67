package runner_test

import (
	"fmt"
	"os"
	"strings"

	"github.com/relurl/relurl/ast"
	"github.com/relurl/relurl/lint/internal/extract"
	"github.com/relurl/relurl/lint/internal/format"
	"github.com/relurl/relurl/lint/internal/lint"
	"github.com/relurl/relurl/lint/internal/runner"
)

func ExampleRun() {
	l, _ := lint.New(lint.Options{})
	run := runner.Run{Linter: l, Kind: extract.KindText, Stdin: strings.NewReader("http://a/ok\nhttp://a/b c\n")}
	sum, err := run.Lint([]string{"-"}, format.NewText(os.Stdout, format.Options{}))
	fmt.Println(sum.Files, sum.URLs, sum.Findings[ast.SeverityError], err)
	// Output:
	// <stdin>:2:11: error: space is not allowed in fsegment; write it as %20 [fsegment/char]
	// 1 2 1 <nil>
}

func ExampleParseConfig() {
	cfg, err := runner.ParseConfig("/docs/.relurl.toml", []byte(`
exclude = ["_sources/"]
[rules]
portability = "info"
[allow]
chars = "~"
`))
	if err != nil {
		fmt.Println(err)
		return
	}
	l, _ := lint.New(cfg.Options())
	fmt.Println(cfg.Skips("/docs/_sources/a.html", false), cfg.Skips("/docs/a.html", false))
	for _, f := range l.File("/docs/a.html", []byte(`<a href="/~user/a b">x</a>`), extract.KindHTML) {
		fmt.Println(f.Rule, f.Severity, f.Message)
	}
	_, err = runner.ParseConfig(".relurl.toml", []byte("[rules]\n\"fsegment/colons\" = \"off\"\n"))
	fmt.Println(err)
	// Output:
	// true false
	// segment/char error space is not allowed in segment; write it as %20
	// .relurl.toml:2: rules.fsegment/colons: unknown rule or family "fsegment/colons"; did you mean fsegment/colon? (see relurl rules)
}

func ExamplePatterns_Match() {
	ps, _ := runner.ParsePatterns([]string{"_build/", "*.min.html", "!keep.min.html"})
	for _, p := range []string{"_build/index.html", "docs/app.min.html", "docs/keep.min.html", "docs/index.html"} {
		fmt.Println(p, ps.Match(p, false))
	}
	// Output:
	// _build/index.html true
	// docs/app.min.html true
	// docs/keep.min.html false
	// docs/index.html false
}

func ExampleBaseline() {
	l, _ := lint.New(lint.Options{})
	page := []byte("<a href=\"a b\">1</a>\n")
	rec := runner.NewBaseline(".")
	rec.Add("a.html", l.File("a.html", page, extract.KindHTML))
	rec.Write(os.Stdout)

	// The same URL two lines down is still baselined.
	moved := l.File("a.html", append([]byte("\n\n"), page...), extract.KindHTML)
	kept, dropped := rec.Filter("a.html", moved)
	fmt.Println(len(kept), dropped)
	// Output:
	// {"version":1,"findings":[
	// {"file":"a.html","rule":"fsegment/char","url":"a b","index":0}
	// ]}
	// 0 1
}

func ExampleSetup() {
	cfg, err := runner.ParseConfig("/srv/docs/.relurl.toml", []byte(`
base = "https://docs.example.org/3/"
root = "html"
exclude = ["html/_sources/"]
[[override]]
paths = ["html/legacy/**"]
rules = { syntax = "warning" }
`))
	if err != nil {
		fmt.Println(err)
		return
	}
	l, _ := lint.New(cfg.Options())
	// The root of the files it governs (decision L-46), and how each is
	// linted: what relurl lint and the language server both ask.
	root := runner.Project{Config: cfg.Path}.Root(cfg, "")
	s, err := runner.NewSetup(cfg, root, l)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(s.Root)
	for _, p := range []string{"/srv/docs/html/library/a b.html", "/srv/docs/html/legacy/old.html", "/srv/docs/html/_sources/x.txt"} {
		f := s.File(p)
		sev := f.Linter.File(p, []byte("<a href=\"a b\">x</a>"), extract.KindHTML)[0].Severity
		fmt.Println(f.Retrieval, f.Skip, sev)
	}
	// Output:
	// /srv/docs/html
	// https://docs.example.org/3/library/a%20b.html false error
	// https://docs.example.org/3/legacy/old.html false warning
	// https://docs.example.org/3/_sources/x.txt true error
}
