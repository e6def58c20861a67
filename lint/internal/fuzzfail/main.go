// Command fuzzfail says what failed when a fuzz target fails: the
// target's name and package, what the target reported, each argument of
// the failing input quoted and in hex, and the go test command that
// replays it. "make fuzz", "make campaign", "make oss-fuzz" and CI end a
// failing run with its report.
//
//	go run ./lint/internal/fuzzfail gotest TARGET LOG
//	go run ./lint/internal/fuzzfail crash [-w] [-log LOG] TARGET FILE
//
// gotest reads LOG, the output of go test -fuzz (or of go test) on
// TARGET, for the input that failed: the one it wrote to the package's
// testdata/fuzz/TARGET, or the seed of that directory that failed.
//
// crash reads FILE, an input libFuzzer wrote (crash-*, leak-*, timeout-*,
// oom-*, slow-unit-*) for the binary OSS-Fuzz builds from TARGET with
// go-118-fuzz-build, decodes it into the target's arguments with that
// build's own decoder (the reverse of the seed corpus zip of
// lint/internal/seedzip), and names the Go corpus entry it makes:
// testdata/fuzz/TARGET/oss-fuzz-HASH beside the target, HASH the first 8
// hex digits of the file's SHA-1 (libFuzzer's name for it). With -w it
// writes that entry, so that the replay command runs it; without, it
// prints the command that does (decision Z-9). LOG, libFuzzer's output,
// gives the report what the target said.
//
// The targets are found in the source, from the working directory down
// (run it from the repository's root): the function TARGET(f *testing.F)
// and the arguments of the function it passes to f.Fuzz.
package main

import (
	"bytes"
	"crypto/sha1"
	"encoding/hex"
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strconv"
	"strings"

	gofuzz "github.com/AdamKorcz/go-118-fuzz-build/testing"
	"github.com/relurl/relurl/internal/fuzzseed"
)

func main() {
	os.Exit(run(os.Args[1:], ".", os.Stdout, os.Stderr))
}

const usage = `usage: fuzzfail gotest TARGET LOG
       fuzzfail crash [-w] [-log LOG] TARGET FILE`

// run is the command on args, with the repository's root at root; it
// returns the exit status: 0 when it reported a failing input, 1 when it
// could not, 2 on a usage error.
func run(args []string, root string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprintln(stderr, usage)
		return 2
	}
	fl := flag.NewFlagSet("fuzzfail "+args[0], flag.ContinueOnError)
	fl.SetOutput(stderr)
	write := fl.Bool("w", false, "write the Go corpus entry (crash)")
	logFile := fl.String("log", "", "libFuzzer's output (crash)")
	if err := fl.Parse(args[1:]); err != nil {
		return 2
	}
	rest := fl.Args()
	if len(rest) != 2 || args[0] != "gotest" && args[0] != "crash" || args[0] == "gotest" && (*write || *logFile != "") {
		fmt.Fprintln(stderr, usage)
		return 2
	}
	tg, err := findTarget(root, rest[0])
	if err != nil {
		fmt.Fprintln(stderr, "fuzzfail:", err)
		return 1
	}
	var rep *report
	if args[0] == "gotest" {
		rep, err = fromGoTest(root, tg, rest[1])
	} else {
		rep, err = fromCrash(root, tg, rest[1], *logFile, *write)
	}
	if err != nil {
		fmt.Fprintln(stderr, "fuzzfail:", err)
		return 1
	}
	rep.write(stdout)
	if rep.args == nil {
		return 1
	}
	return 0
}

// target is one native fuzz target.
type target struct {
	name string
	dir  string // its package directory, relative to the root, slash-separated
	// types are the types of its fuzz function's arguments after the
	// *testing.T, and names their names.
	types, names []string
}

// pkg is the package as go test is given it from the root: "./fuzz".
func (tg target) pkg() string {
	if tg.dir == "." {
		return "."
	}
	return "./" + tg.dir
}

// entry is the path of the Go corpus entry name of the target, from the
// root.
func (tg target) entry(name string) string {
	return tg.pkg() + "/testdata/fuzz/" + tg.name + "/" + name
}

// findTarget finds the fuzz target name under root.
func findTarget(root, name string) (target, error) {
	var found []target
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if path != root && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".") || d.Name() == "node_modules") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, "_test.go") {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil || !bytes.Contains(src, []byte("func "+name+"(")) {
			return err
		}
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, path, src, 0)
		if err != nil {
			return err
		}
		for _, decl := range f.Decls {
			if fn, ok := decl.(*ast.FuncDecl); ok && fn.Name.Name == name && fn.Recv == nil {
				rel, _ := filepath.Rel(root, filepath.Dir(path))
				tg := target{name: name, dir: filepath.ToSlash(rel)}
				if tg.types, tg.names = fuzzArgs(fset, fn); tg.types != nil {
					found = append(found, tg)
				}
			}
		}
		return nil
	})
	if err != nil {
		return target{}, err
	}
	if len(found) != 1 {
		return target{}, fmt.Errorf("%d fuzz targets named %s under %s, want 1", len(found), name, root)
	}
	return found[0], nil
}

// fuzzArgs reads the types and names of the arguments of the function
// fn passes to f.Fuzz, after the *testing.T.
func fuzzArgs(fset *token.FileSet, fn *ast.FuncDecl) (types, names []string) {
	ast.Inspect(fn.Body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || types != nil {
			return types == nil
		}
		sel, ok := call.Fun.(*ast.SelectorExpr)
		if !ok || sel.Sel.Name != "Fuzz" || len(call.Args) != 1 {
			return true
		}
		lit, ok := call.Args[0].(*ast.FuncLit)
		if !ok {
			return true
		}
		types = []string{}
		for i, field := range lit.Type.Params.List {
			var b bytes.Buffer
			printType(&b, fset, field.Type)
			for _, id := range field.Names {
				if i > 0 {
					types = append(types, b.String())
					names = append(names, id.Name)
				}
			}
		}
		return false
	})
	return types, names
}

// printType writes a type expression as it is written in the source.
func printType(w *bytes.Buffer, fset *token.FileSet, e ast.Expr) {
	switch e := e.(type) {
	case *ast.Ident:
		w.WriteString(e.Name)
	case *ast.ArrayType:
		w.WriteString("[]")
		printType(w, fset, e.Elt)
	default:
		w.WriteString("a type at " + fset.Position(e.Pos()).String())
	}
}

// report is what fuzzfail prints of one failing input.
type report struct {
	tg     target
	said   []string // what the target reported, from the log
	source string   // where the input is, and what it is
	raw    []byte   // a libFuzzer input, for its hex when the engine reads no arguments from it
	args   []any    // the arguments, nil when none could be read
	seed   string   // the Go corpus entry's name
	// seedCmd writes the corpus entry; empty when it is written.
	seedCmd string
	wrote   bool
	// ended is the end of go test's output when it names no input.
	ended []string
}

// maxHex is how many bytes of an argument are printed in hex; the file
// holds the rest.
const maxHex = 1024

func (r *report) write(w io.Writer) {
	fmt.Fprintf(w, "--- %s failed (%s)\n", r.tg.name, r.tg.pkg())
	if len(r.said) > 0 {
		fmt.Fprintln(w, "what it reported:")
		for _, l := range r.said {
			fmt.Fprintln(w, "  "+l)
		}
	}
	if r.ended != nil {
		fmt.Fprintln(w, "no failing input: go test failed before fuzzing, or without naming one; it ended with:")
		for _, l := range r.ended {
			fmt.Fprintln(w, "  "+l)
		}
		fmt.Fprintf(w, "run it again:\n  go test %s -run '^$' -fuzz '^%s$'\n", r.tg.pkg(), r.tg.name)
		return
	}
	fmt.Fprintf(w, "input: %s\n", r.source)
	if r.args == nil {
		fmt.Fprintf(w, "  the engine reads no arguments (%s) from its %s:\n", strings.Join(r.tg.types, ", "), bytesCount(len(r.raw)))
		dumpHex(w, r.raw)
		return
	}
	for i, a := range r.args {
		var b []byte
		var quoted string
		switch v := a.(type) {
		case string:
			b, quoted = []byte(v), strconv.Quote(v)
		case []byte:
			b, quoted = v, strconv.Quote(string(v))
		case uint8:
			b, quoted = []byte{v}, strconv.QuoteRune(rune(v))
		}
		fmt.Fprintf(w, "  %s %s, %s: %s\n", r.tg.names[i], r.tg.types[i], bytesCount(len(b)), quoted)
		dumpHex(w, b)
	}
	file := r.tg.entry(r.seed)
	switch {
	case r.wrote:
		fmt.Fprintf(w, "wrote the seed %s\n", file)
	case r.seedCmd != "":
		fmt.Fprintf(w, "as a seed (writes %s):\n  %s\n", file, r.seedCmd)
	}
	fmt.Fprintf(w, "replay:\n  go test %s -run '%s/%s'\n", r.tg.pkg(), r.tg.name, r.seed)
}

// bytesCount is "1 byte", "n bytes".
func bytesCount(n int) string {
	if n == 1 {
		return "1 byte"
	}
	return strconv.Itoa(n) + " bytes"
}

// dumpHex writes b in hex, indented, at most maxHex bytes of it.
func dumpHex(w io.Writer, b []byte) {
	more := len(b) - maxHex
	if more > 0 {
		b = b[:maxHex]
	}
	for _, l := range strings.SplitAfter(strings.TrimSuffix(hex.Dump(b), "\n"), "\n") {
		if l != "" {
			fmt.Fprint(w, "    "+strings.TrimSuffix(l, "\n")+"\n")
		}
	}
	if more > 0 {
		fmt.Fprintf(w, "    … %d bytes more\n", more)
	}
}

var (
	// wrote is go test -fuzz's line naming the input it found.
	wrote = regexp.MustCompile(`Failing input written to testdata/fuzz/(Fuzz\w+)/(\S+)`)
	// failedSeed is go test's line for a seed of the corpus that fails,
	// without -fuzz and with it.
	failedSeed = regexp.MustCompile(`^\s*--- FAIL: (Fuzz\w+)/(\S+)|^failure while testing seed corpus entry: (Fuzz\w+)/(\S+)`)
)

// fromGoTest reports the input that failed in the go test output at log.
func fromGoTest(root string, tg target, log string) (*report, error) {
	out, err := os.ReadFile(log)
	if err != nil {
		return nil, err
	}
	lines := strings.Split(string(out), "\n")
	r := &report{tg: tg, said: said(lines)}
	found := false // the input is one go test -fuzz wrote, not a seed that was there
	for _, l := range lines {
		m := wrote.FindStringSubmatch(l)
		if m == nil {
			if m = failedSeed.FindStringSubmatch(l); m != nil && m[1] == "" {
				m = []string{m[0], m[3], m[4]}
			}
		}
		if m == nil || m[1] != tg.name {
			continue
		}
		name := m[2]
		if r.seed == "" || wrote.MatchString(l) {
			r.seed, found = name, wrote.MatchString(l)
		}
	}
	if r.seed == "" {
		r.said = nil
		r.ended = lastLines(lines, 15)
		return r, nil
	}
	path := filepath.Join(root, filepath.FromSlash(tg.dir), "testdata", "fuzz", tg.name, r.seed)
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("go test names the input %s/%s: %w", tg.name, r.seed, err)
	}
	if r.args, err = fuzzseed.Parse(data); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	r.source = tg.entry(r.seed) + " (a seed of the target's corpus)"
	if found {
		r.source = tg.entry(r.seed) + " (written by go test -fuzz: commit it with the fix, go test then runs it)"
	}
	return r, nil
}

// said is what a target reported in go test's or libFuzzer's output:
// the lines under a --- FAIL line, or from a panic, at most 20.
func said(lines []string) []string {
	var out []string
	in := false
	for _, l := range lines {
		t := strings.TrimSpace(l)
		switch {
		case strings.HasPrefix(t, "--- FAIL:"):
			in = true
			continue
		case strings.HasPrefix(t, "panic:"):
			in = true
		case t == "" || t == "FAIL" || strings.HasPrefix(t, "Failing input written") ||
			strings.HasPrefix(t, "To re-run") || strings.HasPrefix(t, "==") || strings.HasPrefix(t, "goroutine "):
			in = false
			continue
		}
		if in && len(out) < 20 {
			out = append(out, t)
		}
	}
	return out
}

// crashSaid is what a target reported in libFuzzer's output: what it
// printed before it panicked (go-118-fuzz-build's t.Errorf prints, then
// panics), the panic, and the first frame of the stack in the code under
// test, the harness's and the runtime's left out; or, for a failure that
// is no panic (a timeout, a leak, memory), libFuzzer's line that names it.
func crashSaid(lines []string) []string {
	p := -1
	for i, l := range lines {
		if strings.HasPrefix(l, "panic: ") {
			p = i
			break
		}
	}
	if p < 0 {
		for _, l := range lines {
			if strings.Contains(l, "ERROR: libFuzzer:") || strings.Contains(l, "ERROR: LeakSanitizer:") ||
				strings.Contains(l, "ERROR: AddressSanitizer:") {
				return []string{strings.TrimSpace(l[strings.Index(l, "ERROR: "):])}
			}
		}
		return nil
	}
	var out []string
	for i := p - 1; i >= 0 && len(out) < 20; i-- {
		l := strings.TrimSpace(lines[i])
		if l == "" || libFuzzerLine(l) {
			break
		}
		out = append([]string{l}, out...)
	}
	out = append(out, lines[p])
	for _, l := range lines[p+1:] {
		if !strings.HasPrefix(l, "\t") {
			continue
		}
		loc := strings.TrimSpace(l)
		if strings.Contains(loc, "go-118-fuzz-build") || strings.HasPrefix(loc, "runtime/") ||
			strings.HasPrefix(loc, "reflect/") || strings.HasPrefix(loc, "./main.") || strings.HasPrefix(loc, "panic:") {
			continue
		}
		loc, _, _ = strings.Cut(loc, " +0x")
		out = append(out, "at "+loc) // a _test.go_fuzz.go file is the target's as go-118-fuzz-build rewrote it

		break
	}
	return out
}

// libFuzzerLine is whether l is a line libFuzzer writes of its own.
func libFuzzerLine(l string) bool {
	for _, p := range []string{"#", "INFO:", "Dictionary:", "MS:", "Loaded ", "==", "stat::", "DONE", "Done "} {
		if strings.HasPrefix(l, p) {
			return true
		}
	}
	return false
}

// lastLines is the last n lines of lines that are not empty.
func lastLines(lines []string, n int) []string {
	var out []string
	for i := len(lines) - 1; i >= 0 && len(out) < n; i-- {
		if strings.TrimSpace(lines[i]) != "" {
			out = append([]string{lines[i]}, out...)
		}
	}
	return out
}

// fromCrash reports the libFuzzer input at file, decoded as the binary
// go-118-fuzz-build makes of tg decodes it, and writes its Go corpus
// entry when write is set.
func fromCrash(root string, tg target, file, log string, write bool) (*report, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	sum := sha1.Sum(data)
	r := &report{tg: tg, raw: data, seed: "oss-fuzz-" + hex.EncodeToString(sum[:4])}
	r.source = "libFuzzer's " + file
	if log != "" {
		out, err := os.ReadFile(log)
		if err != nil {
			return nil, err
		}
		r.said = crashSaid(strings.Split(string(out), "\n"))
	}
	if r.args, err = decode(data, tg.types); err != nil {
		return nil, err
	}
	if r.args == nil {
		return r, nil
	}
	entry := fuzzseed.File(r.args...)
	path := filepath.Join(root, filepath.FromSlash(tg.dir), "testdata", "fuzz", tg.name, r.seed)
	if !write {
		r.seedCmd = "go run ./lint/internal/fuzzfail crash -w " + tg.name + " " + shellQuote(file)
		return r, nil
	}
	if old, err := os.ReadFile(path); err == nil && string(old) != entry {
		return nil, fmt.Errorf("%s holds another input", path)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, err
	}
	if err := os.WriteFile(path, []byte(entry), 0o644); err != nil {
		return nil, err
	}
	r.wrote = true
	return r, nil
}

// argTypes are the types of arguments relurl's targets take (those of
// Go's corpus files that fuzzseed writes), by their names in the source.
var argTypes = map[string]reflect.Type{
	"string": reflect.TypeFor[string](),
	"[]byte": reflect.TypeFor[[]byte](),
	"byte":   reflect.TypeFor[uint8](),
	"uint8":  reflect.TypeFor[uint8](),
}

// decode reads data into arguments of types with go-118-fuzz-build's
// testing.F, as the libFuzzer binary it builds does before it calls the
// target; nil when that decoder refuses the input.
func decode(data []byte, types []string) ([]any, error) {
	in := []reflect.Type{reflect.TypeFor[*gofuzz.T]()}
	for _, t := range types {
		rt, ok := argTypes[t]
		if !ok {
			return nil, fmt.Errorf("an argument of type %s: not one a Go corpus file here holds", t)
		}
		in = append(in, rt)
	}
	var got []any
	fn := reflect.MakeFunc(reflect.FuncOf(in, nil, false), func(args []reflect.Value) []reflect.Value {
		got = []any{}
		for _, a := range args[1:] {
			got = append(got, a.Interface())
		}
		return nil
	})
	f := &gofuzz.F{Data: data, T: gofuzz.NewT()}
	f.Fuzz(fn.Interface())
	return got, nil
}

// shellQuote quotes s for a POSIX shell where it needs it.
func shellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/._-+=:,@") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
