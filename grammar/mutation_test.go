package grammar_test

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/relurl/relurl/internal/testtool"
)

// The mutation tests prove that grammar/rfc1808.bnf drives the code: each
// copies the module to a temporary directory, edits the BNF there,
// regenerates what is generated from it (go generate), and runs the tests
// that must notice there. They build and run the generators and the tests
// of a few packages in the copy (about a minute on two cores with a warm
// build cache), so -short skips them; make test runs them.

// copyModule copies the module, less its git directory, the fuzz seed
// corpora and the WebAssembly module (which no test run here reads), to a
// temporary directory and returns it.
func copyModule(t *testing.T) string {
	t.Helper()
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	dst := t.TempDir()
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		if d.IsDir() {
			if d.Name() == ".git" || rel == filepath.Join("testdata", "fuzz") || strings.HasSuffix(rel, string(filepath.Separator)+filepath.Join("testdata", "fuzz")) {
				return filepath.SkipDir
			}
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		if !d.Type().IsRegular() || strings.HasSuffix(rel, ".wasm") {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	return dst
}

// edit replaces old by new in the file rel of the copy, once.
func edit(t *testing.T, dir, rel, old, new string) {
	t.Helper()
	path := filepath.Join(dir, rel)
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(b, []byte(old)) {
		t.Fatalf("%s has no %q", rel, old)
	}
	if err := os.WriteFile(path, bytes.Replace(b, []byte(old), []byte(new), 1), 0o644); err != nil {
		t.Fatal(err)
	}
}

// goCmd runs the go command in dir and returns its combined output and
// whether it succeeded.
func goCmd(t *testing.T, dir string, args ...string) (string, bool) {
	t.Helper()
	gobin := testtool.LookPath(t, testtool.Go, "go")
	cmd := exec.Command(gobin, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=readonly")
	out, err := cmd.CombinedOutput()
	t.Logf("go %s:\n%s", strings.Join(args, " "), out)
	return string(out), err == nil
}

func read(t *testing.T, dir, rel string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, rel))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestMutationStructural: net_path = "//" net_loc [ abs_path ] with the
// brackets dropped, so that a net_path must have an abs_path. The grammar
// and validate's reader, both generated from the BNF, then reject "//a",
// and so does relurl.Validate, the public API; the hand-written single
// pass (internal/handpass, the oracle) still accepts it, so the readers
// part; and the generators of internal/gen make only net_paths with a
// path.
func TestMutationStructural(t *testing.T) {
	if testing.Short() {
		t.Skip("copies the module, regenerates and runs tests in the copy (about a minute); not with -short")
	}
	dir := copyModule(t)
	edit(t, dir, "grammar/rfc1808.bnf", `net_path    = "//" net_loc [ abs_path ]`, `net_path    = "//" net_loc abs_path`)
	if _, ok := goCmd(t, dir, "generate", "./ast", "./grammar", "./internal/gen", "./validate"); !ok {
		t.Fatal("go generate failed in the copy")
	}
	got := probe(t, dir, "//a", "//a/b", "http://a")
	for in, want := range map[string]string{"//a": "3 URL/syntax; grammar: 3", "//a/b": "valid; grammar: valid", "http://a": "valid; grammar: valid"} {
		if got[in] != want {
			t.Errorf("relurl.Validate(%q) in the copy: %s, want %s", in, got[in], want)
		}
	}
	if got := read(t, dir, "grammar/internal/parsetree/grammar.go"); !strings.Contains(got, "\tAbsPath *AbsPath `parser:\"@@\"`\n}") {
		t.Errorf("the generated NetPath does not require its AbsPath:\n%s", got)
	}
	if got := read(t, dir, "internal/gen/rfc1808.go"); !strings.Contains(got, `{"net_path", seq(lit("//"), ref("net_loc"), ref("abs_path"))},`) {
		t.Errorf("gen's net_path keeps its option:\n%s", got)
	}
	out, ok := goCmd(t, dir, "test", "-count=1", "-run", "^(TestCases|TestCorners|TestAgreeOnCases)$",
		"./grammar", "./validate", "./internal/gen", "./fuzz")
	if ok {
		t.Fatal("the tests pass in the copy, with net_path's abs_path required")
	}
	for _, want := range []string{
		// The grammar now rejects the table's net_paths without a path.
		`(?m)^--- FAIL: TestCases .*\n(.*\n)*.*Parse\("//g"\) = .*want valid`,
		"(?m)^FAIL\tgithub.com/relurl/relurl/grammar\\s",
		// validate's reader, generated, rejects them too.
		`(?m)^--- FAIL: TestCases .*\n(.*\n)*.*Validate\("//g"\)`,
		"(?m)^FAIL\tgithub.com/relurl/relurl/validate\\s",
		// The hand-written pass, the oracle, still accepts them: the
		// readers part.
		`(?m)^--- FAIL: TestAgreeOnCases .*\n(.*\n)*.*"//g": the generated reader and the hand-written pass differ`,
		"(?m)^FAIL\tgithub.com/relurl/relurl/fuzz\\s",
		// gen makes only net_paths with a path.
		`corner "net_path without a path": 0 of \d+`,
		"(?m)^FAIL\tgithub.com/relurl/relurl/internal/gen\\s",
	} {
		if !regexp.MustCompile(want).MatchString(out) {
			t.Errorf("the output of the tests in the copy lacks %s", want)
		}
	}
}

// TestMutationTerminalSet: "=" dropped from pchar. The class table,
// generated from the BNF, follows: "=" leaves the classes built on pchar
// and keeps Reserved and QueryChar, and nothing else changes but the doc
// comment that quotes pchar; the characters gen draws follow, and so do
// the sets validate's reader scans with, so that relurl.Validate, the
// public API, rejects "a=b" at the "=". The grammar's lowering derives a
// token for "=", which no token has any more (a Pchars token is a run of
// pchar, and "=" is still reserved), and the lexer reads it from the
// generated grammar: no hand edit anywhere, and the readers still agree
// on "a=b". They part on "ftp://a/b;type=a", which the BNF accepts in the
// opaque form of absoluteURL, whose *( uchar | reserved ) still has "=":
// validate's reader, which tries each alternative with the rest of the URL,
// accepts it; the reference parser does not, since its lookahead after
// generic-RL (the lowering table's (?! Slash)) names the one token where
// generic-RL stops short under the RFC's BNF, and under this one it also
// stops at "="; and the hand-written pass kept as the oracle, which checks
// a URL with a scheme component by component, rejects it too.
func TestMutationTerminalSet(t *testing.T) {
	if testing.Short() {
		t.Skip("copies the module, regenerates and runs tests in the copy (about a minute); not with -short")
	}
	dir := copyModule(t)
	before := read(t, dir, "ast/class_table.go")
	edit(t, dir, "grammar/rfc1808.bnf", `pchar       = uchar | ":" | "@" | "&" | "="`, `pchar       = uchar | ":" | "@" | "&"`)
	if _, ok := goCmd(t, dir, "generate", "./ast", "./internal/gen", "./validate"); !ok {
		t.Fatal("go generate ./ast ./internal/gen ./validate failed in the copy")
	}
	after := read(t, dir, "ast/class_table.go")
	row := regexp.MustCompile(`(?m)^\t'=':\s+(.*),$`)
	was, now := row.FindStringSubmatch(before), row.FindStringSubmatch(after)
	if was == nil || now == nil {
		t.Fatalf("no row for '=' in the class table")
	}
	if was[1] != "Reserved | PcharChar | ParamChar | ParamsChar | NetLocChar | QueryChar" || now[1] != "Reserved | QueryChar" {
		t.Errorf("the class of '=': %s, then %s", was[1], now[1])
	}
	t.Logf("the class table's row for '=':\n  before: %s\n  after:  %s", was[1], now[1])
	// Nothing else changes but the doc comment of PcharChar, which quotes
	// the production.
	for _, line := range diffLines(before, after) {
		if !strings.HasPrefix(line, "\t'=':") && !strings.HasPrefix(line, "\t// PcharChar is pchar = ") {
			t.Errorf("the class table changed on %q", line)
		}
	}
	if _, ok := goCmd(t, dir, "generate", "./grammar"); !ok {
		t.Fatal("go generate ./grammar failed in the copy")
	}
	if got := read(t, dir, "grammar/internal/parsetree/grammar.go"); !strings.Contains(got, `// Chars1: the characters "=", which no other token has.`) {
		t.Errorf("the generated grammar has no token for \"=\":\n%s", got)
	}
	got := probe(t, dir, "a=b", "?a=b", "http://a/?x=1", "ftp://a/b;type=a")
	for in, want := range map[string]string{
		"a=b": "1 fsegment/char; grammar: 1", "?a=b": "valid; grammar: valid", "http://a/?x=1": "valid; grammar: valid",
		"ftp://a/b;type=a": "valid; grammar: 14",
	} {
		if got[in] != want {
			t.Errorf("relurl.Validate(%q) in the copy: %s, want %s", in, got[in], want)
		}
	}
	out, ok := goCmd(t, dir, "test", "-count=1", "-run", "^TestAgreeOnCases$", "./fuzz")
	if ok || !strings.Contains(out, `"ftp://ftp.is.co.za/rfc/rfc1808.txt;type=a": the generated reader and the hand-written pass differ`) {
		t.Error("the hand-written pass does not part from the generated readers in the copy")
	}
	if _, ok := goCmd(t, dir, "test", "-count=1", "-run", "^TestCharactersAreTheClassTable$", "./internal/gen"); !ok {
		t.Error("gen's characters do not follow the class table in the copy")
	}
}

// probe runs relurl.Validate, the public API, and grammar.Parse in the copy
// on each input, and returns what they report for each: "valid", or the
// offset and rule of the first diagnostic, then "; grammar: " and "valid"
// or the offset of its error.
func probe(t *testing.T, dir string, inputs ...string) map[string]string {
	t.Helper()
	var b strings.Builder
	b.WriteString("package relurl_test\n\nimport (\n\t\"errors\"\n\t\"fmt\"\n\t\"testing\"\n\n\t\"github.com/relurl/relurl\"\n\t\"github.com/relurl/relurl/ast\"\n\t\"github.com/relurl/relurl/grammar\"\n)\n\n")
	b.WriteString("func TestMutationProbe(t *testing.T) {\n\tfor _, s := range []string{")
	for _, s := range inputs {
		fmt.Fprintf(&b, "%q, ", s)
	}
	b.WriteString(`} {
		v := "valid"
		if _, d := relurl.Validate(s); d != nil {
			v = fmt.Sprintf("%d %s", d[0].Offset, d[0].Rule)
		}
		g := "valid"
		var d *ast.Diagnostic
		if _, err := grammar.Parse(s); errors.As(err, &d) {
			g = fmt.Sprint(d.Offset)
		}
		fmt.Printf("probe %q: %s; grammar: %s\n", s, v, g)
	}
}
`)
	if err := os.WriteFile(filepath.Join(dir, "mutation_probe_test.go"), []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	out, ok := goCmd(t, dir, "test", "-count=1", "-v", "-run", "^TestMutationProbe$", ".")
	if !ok {
		t.Fatalf("the probe of relurl.Validate failed in the copy")
	}
	got := map[string]string{}
	for _, m := range regexp.MustCompile(`(?m)^probe (".*"): (.*)$`).FindAllStringSubmatch(out, -1) {
		s, err := strconv.Unquote(m[1])
		if err != nil {
			t.Fatal(err)
		}
		got[s] = m[2]
	}
	return got
}

// diffLines returns the lines of a and b that the other does not have.
func diffLines(a, b string) []string {
	count := map[string]int{}
	for _, l := range strings.Split(a, "\n") {
		count[l]++
	}
	for _, l := range strings.Split(b, "\n") {
		count[l]--
	}
	var out []string
	for l, n := range count {
		for ; n != 0; n -= sign(n) {
			out = append(out, l)
		}
	}
	return out
}

func sign(n int) int {
	if n < 0 {
		return -1
	}
	return 1
}
