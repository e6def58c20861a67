// Package layout has the tests of the import direction of relurl's
// packages: the vocabulary (ast) stays at the bottom, each package imports
// only the relurl packages and third-party modules listed for it, and
// nothing imports the fuzz targets.
//
// The rules, as [allowed] and [permitted] apply them:
//
//   - every package of the module has an entry in allowed, or follows
//     the entry of the package that encloses it nearest: the longest
//     entry that is a prefix of its path, segment by segment
//     ("lint/extract/x" follows "lint/extract", never "lint"); a package
//     that neither has nor inherits one fails the test;
//   - an entry lists the imports allowed beyond the standard library:
//     relurl's packages by their path in the module ("" is the module's
//     root package), other modules by their module path; each allows the
//     package named and every package under it, and "*" allows anything;
//   - the standard library is always allowed, and no package of the
//     module imports a package named fuzz;
//   - what checks URLs outside a run of relurl lint (the Go analyzer and
//     its plugin, the playground's WebAssembly module) links the linter's
//     library without its runner ([runnerOnly]): go list -deps says so.
package layout

import (
	"encoding/json"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

const module = "github.com/relurl/relurl"

// allowed lists, for each package, the non-standard-library imports it may
// have (module-relative for relurl's own packages).
var allowed = map[string][]string{
	"ast": {},
	// grammar: its BNF files, read by grammar/bnf (which needs participle
	// only); the lowering table and its generator under grammar/internal.
	"grammar": {"ast", "grammar/internal/parsetree"},
	// grammar/internal/parsetree: the participle types, the lexer, the
	// parser and the lowering into ast, which package grammar exposes.
	"grammar/internal/parsetree": {"ast", "github.com/alecthomas/participle/v2"},
	// internal/rfcbnf: the BNF files of package grammar read by internal/bnf.
	"internal/rfcbnf":            {"grammar", "internal/bnf"},
	"internal/bnf":               {"github.com/alecthomas/participle/v2"},
	"grammar/internal/lowering":  {"internal/bnf"},
	"grammar/internal/mkgrammar": {"internal/bnf", "grammar/internal/lowering", "internal/bnfmain"},
	// grammar/railroad: the diagrams of a BNF's productions, in SVG;
	// mkdiagrams writes them into docs/ and the playground.
	"internal/railroad":           {"internal/bnf"},
	"grammar/internal/mkdiagrams": {"internal/bnf", "internal/railroad"},
	"validate":                    {"ast"},
	// validate/internal/mkreader: "go generate ./validate" writes the
	// reader from grammar/rfc1808.bnf, read by grammar/bnf.
	"validate/internal/mkreader": {"internal/bnf", "internal/bnfmain"},
	"resolve":                    {"ast", "internal/resolution", "validate"},
	// internal/rules: the table of syntax rules, their documentation and
	// repairs, which the linter and the fuzz tests read.
	"internal/rules": {"ast"},
	// internal/resolution: §4 itself, with the trace of its steps that
	// the playground shows.
	"internal/resolution":   {"ast"},
	"lint/internal/base":    {"ast", "lint/internal/htmlscan", "resolve", "golang.org/x/net/html"},
	"lint/internal/compare": {"ast", "resolve", "validate", "github.com/nlnwa/whatwg-url"},
	// gen: the generators with the standard library's types, over
	// internal/gen's gopter generators.
	"gen":          {"internal/gen", "github.com/leanovate/gopter"},
	"internal/gen": {"ast", "github.com/leanovate/gopter"},
	// internal/mkgen: "go generate ./internal/gen" writes the productions
	// of grammar/rfc1808.bnf, read by internal/bnf, as the generators' data.
	"internal/mkgen": {"internal/bnf", "internal/bnfmain"},
	"":               {"ast", "internal/profile", "validate", "resolve"},
	"internal/cases": {"ast"},
	// internal/bnfmain: the main of the generators of one file from a BNF.
	"internal/bnfmain": {},
	// internal/mkclass: "go generate ./ast" writes the class table from
	// grammar/rfc1808.bnf, read by grammar/bnf; it lives outside ast, so
	// that nothing under ast imports up to grammar.
	"internal/mkclass": {"internal/bnf", "internal/bnfmain"},
	// internal/handpass: the hand-written single pass, the test oracle
	// the generated reader of validate is held to.
	"internal/handpass": {"ast", "validate"},
	// internal/profile: the rules beyond §2.2 a URL may be read under (the
	// allowances, RFC 2732 hosts, RFC 1738), which the root package's
	// profiles and the linter's catalog both run.
	"internal/profile": {"ast", "validate"},
	// internal/mk1738: "go generate ./internal/profile" writes the RFC 1738
	// profile's character sets from the BNF files, read by internal/bnf.
	"internal/mk1738":       {"internal/bnf"},
	"lint/internal/input":   {},
	"lint/internal/layout":  {},
	"lint/internal/seedzip": {"internal/fuzzseed"},
	// internal/fuzzfail: the report of a fuzz target's failure, its input
	// read as go test or go-118-fuzz-build's libFuzzer binary read it.
	"lint/internal/fuzzfail": {"internal/fuzzseed", "github.com/AdamKorcz/go-118-fuzz-build"},
	"internal/testseed":      {},
	// internal/fuzzseed: the fuzz targets' seed files, kept in step
	// with their sources by the tests that write them.
	"internal/fuzzseed": {},
	// internal/benchdata: the corpora of testdata/bench, read as the
	// benchmarks and the tests on them read them.
	"internal/benchdata": {},
	// internal/interleave: two pieces of work timed in alternation, for
	// the ratios of make bench.
	"internal/interleave":   {},
	"lint/internal/gittest": {"internal/testtool"},
	// internal/testtool: what a test drives besides Go code, skipped or
	// failed by CI's RELURL_REQUIRE_* variables.
	"internal/testtool": {},
	// internal/markdown: the code spans of the outputs written in Markdown.
	"lint/internal/markdown": {},
	// internal/hooks: the tests of .pre-commit-hooks.yaml and action.yml;
	// no code.
	"lint/internal/hooks": {},
	// internal/htmlscan: the HTML scanner resolve/base and lint/extract
	// read start tags and comments with; x/net/html's atoms name tags,
	// its entity table is the scanner's (generated), its tokenizer the
	// tests' oracle.
	"lint/internal/htmlscan": {"golang.org/x/net/html"},
	// internal/htmlfloor: the floor of the linter's HTML path, which
	// BenchmarkLintHTML is measured against.
	"lint/internal/htmlfloor": {"golang.org/x/net/html"},
	// internal/htmlfloor/cmd/floor: the floor over a directory tree, as a
	// process of its own, to set beside relurl lint -j 1.
	"lint/internal/htmlfloor/cmd/floor": {"lint/internal/htmlfloor"},
	// internal/benchratio: make bench's report, from go test -bench's
	// output and from the built commands run as processes, the tree axis
	// of internal/scale among them.
	"lint/internal/benchratio": {"internal/scale"},
	// internal/linkcheck: the target rules beside linkinator on the
	// documentation trees installed, into testdata/targets/linkcheck.txt.
	"lint/internal/linkcheck": {},
	// internal/scale: the scaling suite's harness, shapes of input and
	// tree axis.
	"internal/scale":          {},
	"lint/internal/sequencer": {},
	// internal/rulesdoc: "go generate ./lint/internal/lint" writes docs/rules.md with it.
	"lint/internal/rulesdoc": {"lint/internal/lint"},
	"fuzz":                   {"*"},
	// internal/conformance: the RFC 1808 conformance data, written from the
	// root package's answers and checked by the reference parser, and the
	// harness that scores other libraries' answers with compare's classes.
	"lint/internal/conformance": {"", "ast", "grammar", "internal/gen", "internal/resolution", "internal/cases", "lint/internal/compare", "lint/internal/door", "lint/internal/conformance", "lint/internal/markdown", "resolve", "validate"},
	// conformance/adapters/go-net-url: Go's net/url answering the data's cases.
	"conformance/adapters/go-net-url": {},
	// lint: Options, Linter, the catalog and its checks, findings, the
	// fixes of one file's content; it reads documents through lint/extract
	// only, and the three readings of a URL through compare (the
	// portability rules). It reads no file and no configuration.
	"lint/internal/lint": {"ast", "internal/profile", "internal/rules", "lint/internal/base", "lint/internal/compare", "lint/internal/extract", "lint/internal/fix", "lint/internal/quote", "lint/internal/suggest", "lint/internal/target", "resolve", "validate"},
	// lint/quote: how a message quotes a URL, a path, a file name.
	"lint/internal/quote": {},
	// lint/suggest: the closest names to a mistyped one ("did you mean").
	"lint/internal/suggest": {},
	// lint/spool: a queue of records, held in memory up to a budget and
	// in a temporary file past it: the findings a run holds back.
	"lint/internal/spool": {},
	// lint/door: the one way to the disk of the command's lint path and
	// the language server: a tree's os.Root and its edge, reads that never
	// block, writes that lose nothing; paths named outside any tree.
	"lint/internal/door": {},
	// lint/target: the one home of link targets: the tree of files the
	// target rules read (where a URL leads under the root, what is there:
	// directory listings and symbolic links, read through its FS), the
	// documents' anchors and the slugs of Markdown headings (goldmark's
	// own ids among them), where browsers take a URL RFC 1808 does not
	// read (compare's WHATWG reading), and the target rules themselves:
	// their rows as data, their decisions as neutral hits (the case fix's
	// changes are lint/fix's), what is deferred to the end of a run. It
	// imports nothing of lint, which turns its hits into findings; no
	// walker, no configuration.
	"lint/internal/target": {"ast", "lint/internal/base", "lint/internal/compare", "lint/internal/door", "lint/internal/extract", "lint/internal/fix", "lint/internal/quote", "resolve", "github.com/yuin/goldmark"},
	// lint/runner: the run of the linter over files: the walk, the
	// configuration file (TOML), its patterns and overrides, the baseline,
	// reading through the size limit, the ordered parallel run, the fixes
	// over files, what changed in a git working tree (git diff read by
	// bluekeyes/go-gitdiff).
	"lint/internal/runner": {"ast", "lint/internal/door", "lint/internal/extract", "lint/internal/fix", "lint/internal/input", "lint/internal/lint", "lint/internal/report", "lint/internal/sequencer", "lint/internal/spool", "lint/internal/suggest", "lint/internal/target", "resolve", "github.com/pelletier/go-toml/v2", "github.com/bluekeyes/go-gitdiff"},
	// lint/runner/internal/mkconfig: "go generate ./lint/internal/runner" writes
	// docs/config.md and docs/relurl.schema.json from the runner's table
	// of configuration keys, the rules' names from the catalog.
	"lint/internal/runner/internal/mkconfig": {"lint/internal/lint", "lint/internal/runner"},
	// lint/fix: the fix engine: repairs of a URL, the safety check on the
	// three readings, the edit in the file's encoding; hosts in IDNA form
	// by golang.org/x/net/idna. It knows no rule and no Linter.
	"lint/internal/fix": {"ast", "lint/internal/compare", "lint/internal/extract", "golang.org/x/net/idna"},
	// lint/extract: where a document's URLs are, and its base; no rule.
	// Markdown is read by goldmark, CSS tokenized by tdewolff/parse.
	"lint/internal/extract": {"ast", "lint/internal/base", "lint/internal/extract/internal/gfm", "lint/internal/htmlscan", "resolve", "golang.org/x/net/html", "github.com/yuin/goldmark", "github.com/tdewolff/parse/v2"},
	// lint/extract/internal/gfm: goldmark's GitHub extensions, copied with
	// their regular expressions compiled on first use.
	"lint/internal/extract/internal/gfm": {"github.com/yuin/goldmark"},
	// lint/report: what a run hands its output formats (the Reporter,
	// each file's result, the run's summary), below both the runner and
	// the formats.
	"lint/internal/report": {"ast", "lint/internal/extract", "lint/internal/fix", "lint/internal/lint", "lint/internal/target"},
	// lint/format: the output formats, over a run's findings as
	// lint/report has them; not the runner (TestLinkedApart).
	"lint/internal/format": {"ast", "lint/internal/fix", "lint/internal/lint", "lint/internal/quote", "lint/internal/report"},
	"lint/analyzer":        {"ast", "lint/internal/fix", "lint/internal/lint", "golang.org/x/tools"},
	// lint/golangci: the analyzer as a golangci-lint module plugin.
	"lint/golangci": {"lint/analyzer", "lint/internal/lint", "golang.org/x/tools", "github.com/golangci/plugin-module-register"},
	"cmd/relurlvet": {"lint/analyzer", "golang.org/x/tools"},
	// lint/cli: the command line, which cmd/relurl runs.
	"lint/cli": {"ast", "grammar", "internal/bnf", "internal/gen", "internal/railroad", "internal/rfcbnf", "lint/internal/base", "lint/internal/door", "lint/internal/compare", "lint/internal/extract", "lint/internal/fix", "lint/internal/format", "lint/internal/input", "lint/internal/lint", "lint/internal/lsp", "lint/internal/markdown", "lint/internal/playground/site", "lint/internal/quote", "lint/internal/report", "lint/internal/runner", "lint/internal/suggest", "resolve", "golang.org/x/term", "validate", "github.com/leanovate/gopter"},
	// cmd/relurl: the command: lint/cli's Main with the process's streams.
	"cmd/relurl": {"lint/cli"},
	// lint/internal/repo: the checks of the repository as a whole that
	// need the tools module; tests only.
	"lint/internal/repo": {},
	// lsp: the language server: the linter and its runner's configuration
	// over the JSON-RPC of sourcegraph/jsonrpc2, hovers from validate,
	// resolve and compare.
	"lint/internal/lsp": {"ast", "lint/internal/compare", "lint/internal/door", "lint/internal/extract", "lint/internal/fix", "lint/internal/input", "lint/internal/lint", "lint/internal/markdown", "lint/internal/runner", "lint/internal/target", "resolve", "validate", "github.com/sourcegraph/jsonrpc2"},
	// The playground: the report the page shows, computed by the library
	// itself; the WebAssembly module that runs it in the page; the
	// module's build.
	"lint/internal/playground":      {"ast", "grammar", "internal/resolution", "lint/internal/compare", "lint/internal/lint", "resolve", "validate"},
	"lint/internal/playground/wasm": {},
	// playground/site: the page's files, embedded, which import nothing
	// of relurl (the module is a file), and the module, found or built by
	// playground/internal/wasmbuild with the go command.
	"lint/internal/playground/site":               {"lint/internal/playground/internal/wasmbuild"},
	"lint/internal/playground/internal/wasmbuild": {},
	"lint/internal/playground/internal/genwasm":   {"lint/internal/playground/internal/wasmbuild"},
	// internal/manual: the site (make site), the manual rendered by
	// goldmark with the playground's files beside it; its command,
	// sitegen, finds the playground's module.
	// internal/dist: make dist's archives, npm packages and wheels; its
	// command builds the release.
	"lint/internal/dist":          {},
	"lint/internal/dist/cmd/dist": {"lint/internal/dist"},
	// internal/release: what a release's commit, tags and files must
	// agree on (docs/release.md); its command, which the Makefile's
	// release targets and the release workflow run, checks dist's files.
	"lint/internal/release":             {"golang.org/x/mod"},
	"lint/internal/release/cmd/release": {"lint/internal/dist", "lint/internal/release"},
	"lint/internal/manual":              {"lint/internal/lint", "github.com/yuin/goldmark"},
	"lint/internal/manual/cmd/sitegen":  {"lint/internal/dist", "lint/internal/manual", "lint/internal/playground/site"},
}

type pkg struct {
	ImportPath string
	Imports    []string
}

func TestImportDirection(t *testing.T) {
	out, err := exec.Command("go", "list", "-json=ImportPath,Imports", module+"/...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	dec := json.NewDecoder(strings.NewReader(string(out)))
	seen := 0
	for dec.More() {
		var p pkg
		if err := dec.Decode(&p); err != nil {
			t.Fatal(err)
		}
		seen++
		rel := strings.TrimPrefix(strings.TrimPrefix(p.ImportPath, module), "/")
		entry, ok := entryFor(allowed, rel)
		if !ok {
			t.Errorf("package %s has no import rules: add it to internal/layout", p.ImportPath)
			continue
		}
		rules := allowed[entry]
		for _, imp := range p.Imports {
			if !permitted(imp, rules) {
				t.Errorf("%s imports %s; allowed: %q", p.ImportPath, imp, rules)
			}
		}
	}
	if seen < 5 {
		t.Fatalf("go list found only %d packages", seen)
	}
}

// entryFor returns the entry of table whose rules the package at rel (its
// path in the module) follows: its own, else the longest entry that
// encloses it ("a/b" encloses "a/b/c", not "a/bc"). The root package's
// entry, "", encloses nothing. ok is false when there is none.
func entryFor(table map[string][]string, rel string) (entry string, ok bool) {
	if _, own := table[rel]; own {
		return rel, true
	}
	for name := range table {
		if name != "" && strings.HasPrefix(rel, name+"/") && (!ok || len(name) > len(entry)) {
			entry, ok = name, true
		}
	}
	return entry, ok
}

// permitted reports whether a package whose entry lists rules may import
// imp.
func permitted(imp string, rules []string) bool {
	first, _, _ := strings.Cut(imp, "/")
	if !strings.Contains(first, ".") {
		return true // the standard library
	}
	if strings.HasSuffix(imp, "/fuzz") && strings.HasPrefix(imp, module) {
		return false // nothing imports the fuzz targets
	}
	for _, r := range rules {
		if r == "*" {
			return true
		}
		full := module
		if r != "" && strings.Contains(strings.SplitN(r, "/", 2)[0], ".") {
			full = r
		} else if r != "" {
			full = module + "/" + r
		}
		if imp == full || strings.HasPrefix(imp, full+"/") && r != "" {
			return true
		}
	}
	return false
}

// TestEntryFor: a package follows its own entry, else the nearest entry
// that encloses it, whatever the order a map gives its keys in.
func TestEntryFor(t *testing.T) {
	table := map[string][]string{
		"": {}, "lint": {}, "lint/extract": {}, "lint/extract/deep": {}, "lint/ex": {}, "cmd/relurl": {},
	}
	for _, tc := range []struct {
		rel, want string
		ok        bool
	}{
		{"", "", true},
		{"lint", "lint", true},
		{"lint/extract", "lint/extract", true},
		{"lint/extract/x", "lint/extract", true},
		{"lint/extract/deep/x/y", "lint/extract/deep", true},
		{"lint/format", "lint", true},
		{"lint/extractor", "lint", true}, // a prefix of the name, not of the path
		{"lint/ex/y", "lint/ex", true},
		{"cmd/relurl/internal/x", "cmd/relurl", true},
		{"cmd/relurlvet", "", false},
		{"gen", "", false}, // the root's entry encloses nothing
	} {
		// Maps are iterated in a new order each time: ask often.
		for range 20 {
			got, ok := entryFor(table, tc.rel)
			if got != tc.want || ok != tc.ok {
				t.Errorf("entryFor(%q) = %q, %v; want %q, %v", tc.rel, got, ok, tc.want, tc.ok)
				break
			}
		}
	}
}

// runnerOnly are the packages only the runner of the linter needs: the
// runner itself, its TOML reader, the ordered parallel run and the reading
// of files through a size limit. Import paths, each with what is under it.
var runnerOnly = []string{
	module + "/lint/internal/runner",
	module + "/lint/internal/sequencer",
	module + "/lint/internal/input",
	"github.com/pelletier/go-toml",
}

// TestLinkedApart: what links the linter's library to check URLs
// elsewhere (the Go analyzer, its golangci-lint plugin and vet tool, the
// playground's WebAssembly module), and the output formats, which write
// what they are handed, link none of runnerOnly: no directory walker, no
// configuration reader.
func TestLinkedApart(t *testing.T) {
	for _, c := range []struct {
		pkg string
		env []string
	}{
		{"lint/analyzer", nil},
		{"lint/golangci", nil},
		{"cmd/relurlvet", nil},
		{"lint/internal/playground/wasm", []string{"GOOS=js", "GOARCH=wasm"}},
		{"lint/internal/format", nil},
	} {
		cmd := exec.Command("go", "list", "-deps", module+"/"+c.pkg)
		cmd.Env = append(os.Environ(), c.env...)
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("go list -deps %s: %v", c.pkg, err)
		}
		deps := strings.Fields(string(out))
		if !slices.Contains(deps, module+"/lint/internal/lint") {
			t.Errorf("%s: go list -deps does not list lint: %q", c.pkg, deps)
		}
		for _, dep := range deps {
			for _, banned := range runnerOnly {
				if dep == banned || strings.HasPrefix(dep, banned+"/") {
					t.Errorf("%s links %s, which only the runner of the linter needs", c.pkg, dep)
				}
			}
		}
	}
}

// shadowed are commands that a program of the module must not be named
// after: `go install ./...` (which pre-commit runs to install the hooks,
// and which a user may run) puts every main package of the module on
// PATH under its directory's name, where it would shadow the toolchain or
// an interpreter the conformance harness runs.
var shadowed = []string{"go", "gofmt", "git", "python", "python3", "node", "nodejs", "perl", "ruby", "java", "javac", "cc", "curl", "make", "sh"}

// TestCommandNames: no program of the module is named after a command it
// would shadow, and no two share a name (the second installed would
// replace the first).
func TestCommandNames(t *testing.T) {
	out, err := exec.Command("go", "list", "-f", `{{if eq .Name "main"}}{{.ImportPath}}{{end}}`, module+"/...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	seen := map[string]string{}
	for _, p := range strings.Fields(string(out)) {
		name := p[strings.LastIndexByte(p, '/')+1:]
		if slices.Contains(shadowed, name) {
			t.Errorf("%s installs as %q, which shadows that command on PATH", p, name)
		}
		if q, ok := seen[name]; ok {
			t.Errorf("%s and %s both install as %q", q, p, name)
		}
		seen[name] = p
	}
	if len(seen) < 2 {
		t.Fatalf("go list found %d programs", len(seen))
	}
}
