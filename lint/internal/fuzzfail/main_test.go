package main

import (
	"bytes"
	"crypto/sha1"
	"encoding/binary"
	"encoding/hex"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/relurl/relurl/internal/fuzzseed"
)

// The targets of the tree the tests build: one of each signature relurl's
// targets have. Each "func" is indented, so that the scripts that find
// targets by the lines that begin "func Fuzz" do not take these for
// targets of this package.
const targets = `package p

import "testing"

	func FuzzPair(f *testing.F) {
	f.Fuzz(func(t *testing.T, base, ref string) {})
}

	func FuzzDoc(f *testing.F) {
	f.Fuzz(func(t *testing.T, data []byte, kind uint8) {})
}

	func FuzzDocs(f *testing.F) {
	f.Fuzz(func(t *testing.T, doc string) {})
}
`

// tree writes a repository with the targets above in p/ and returns its
// root.
func tree(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	if err := os.MkdirAll(filepath.Join(root, "p"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "p", "p_test.go"), []byte(targets), 0o644); err != nil {
		t.Fatal(err)
	}
	return root
}

// headers lays strings out as go-fuzz-headers reads them: a 4-byte
// big-endian length, then the bytes.
func headers(args ...string) []byte {
	var b []byte
	for _, a := range args {
		b = binary.BigEndian.AppendUint32(b, uint32(len(a)))
		b = append(b, a...)
	}
	return b
}

// TestFindTarget reads each target's arguments from its source.
func TestFindTarget(t *testing.T) {
	root := tree(t)
	for name, want := range map[string]target{
		"FuzzPair": {"FuzzPair", "p", []string{"string", "string"}, []string{"base", "ref"}},
		"FuzzDoc":  {"FuzzDoc", "p", []string{"[]byte", "uint8"}, []string{"data", "kind"}},
	} {
		got, err := findTarget(root, name)
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("findTarget(%s) = %+v, %v, want %+v", name, got, err, want)
		}
	}
	if _, err := findTarget(root, "FuzzNone"); err == nil {
		t.Error("a target that does not exist was found")
	}
}

// TestDecode: go-118-fuzz-build's decoder, run on the target's argument
// types, reads what the engine hands the target, and refuses what it
// refuses.
func TestDecode(t *testing.T) {
	for _, tt := range []struct {
		data  []byte
		types []string
		want  []any
	}{
		{headers("http:/.g/F", "g%3B"), []string{"string", "string"}, []any{"http:/.g/F", "g%3B"}},
		{append(headers("<a href=x>"), 3), []string{"[]byte", "uint8"}, []any{[]byte("<a href=x>"), uint8(3)}},
		{headers("a"), []string{"string", "string"}, nil}, // the second string is missing
		{[]byte{0, 0}, []string{"string"}, nil},           // no length
		{headers("\xff\x00"), []string{"string"}, []any{"\xff\x00"}},
	} {
		got, err := decode(tt.data, tt.types)
		if err != nil || !reflect.DeepEqual(got, tt.want) {
			t.Errorf("decode(%q, %v) = %q, %v, want %q", tt.data, tt.types, got, err, tt.want)
		}
	}
	if _, err := decode(nil, []string{"int"}); err == nil {
		t.Error("an int argument was decoded")
	}
}

// TestCrash: a libFuzzer input is reported decoded, quoted and in hex;
// -w writes it as the Go corpus entry the replay command names, which
// reads back as the same arguments; a second -w of the same input is
// harmless, and another input under that name is refused.
func TestCrash(t *testing.T) {
	root := tree(t)
	data := headers("http:/.g/F", "g%3B")
	sum := sha1.Sum(data)
	crash := filepath.Join(t.TempDir(), "crash-"+hex.EncodeToString(sum[:]))
	if err := os.WriteFile(crash, data, 0o644); err != nil {
		t.Fatal(err)
	}
	seed := "oss-fuzz-" + hex.EncodeToString(sum[:4])
	entry := filepath.Join(root, "p", "testdata", "fuzz", "FuzzPair", seed)

	var out, errs bytes.Buffer
	if code := run([]string{"crash", "FuzzPair", crash}, root, &out, &errs); code != 0 {
		t.Fatalf("exit %d: %s", code, errs.String())
	}
	want := `--- FuzzPair failed (./p)
input: libFuzzer's ` + crash + `
  base string, 10 bytes: "http:/.g/F"
    00000000  68 74 74 70 3a 2f 2e 67  2f 46                    |http:/.g/F|
  ref string, 4 bytes: "g%3B"
    00000000  67 25 33 42                                       |g%3B|
as a seed (writes ./p/testdata/fuzz/FuzzPair/` + seed + `):
  go run ./lint/internal/fuzzfail crash -w FuzzPair ` + crash + `
replay:
  go test ./p -run 'FuzzPair/` + seed + `'
`
	if out.String() != want {
		t.Errorf("the report is\n%s\nwant\n%s", out.String(), want)
	}
	if _, err := os.Stat(entry); err == nil {
		t.Error("the report without -w wrote the seed")
	}

	for range 2 {
		out.Reset()
		if code := run([]string{"crash", "-w", "FuzzPair", crash}, root, &out, &errs); code != 0 {
			t.Fatalf("-w: exit %d: %s", code, errs.String())
		}
		if !strings.Contains(out.String(), "wrote the seed ./p/testdata/fuzz/FuzzPair/"+seed+"\n") ||
			!strings.HasSuffix(out.String(), "replay:\n  go test ./p -run 'FuzzPair/"+seed+"'\n") {
			t.Errorf("-w reports\n%s", out.String())
		}
		b, err := os.ReadFile(entry)
		if err != nil {
			t.Fatal(err)
		}
		if args, err := fuzzseed.Parse(b); err != nil || !reflect.DeepEqual(args, []any{"http:/.g/F", "g%3B"}) {
			t.Errorf("the seed reads as %q, %v", args, err)
		}
	}
	if err := os.WriteFile(entry, []byte(fuzzseed.File("a", "b")), 0o644); err != nil {
		t.Fatal(err)
	}
	if code := run([]string{"crash", "-w", "FuzzPair", crash}, root, &out, &errs); code != 1 {
		t.Errorf("-w over another input: exit %d", code)
	}

	// An input the engine reads no arguments from is shown in hex.
	short := filepath.Join(t.TempDir(), "crash-short")
	if err := os.WriteFile(short, []byte{0, 0, 0, 9, 'a'}, 0o644); err != nil {
		t.Fatal(err)
	}
	out.Reset()
	if code := run([]string{"crash", "FuzzPair", short}, root, &out, &errs); code != 1 ||
		!strings.Contains(out.String(), "the engine reads no arguments (string, string) from its 5 bytes:\n    00000000  00 00 00 09 61") {
		t.Errorf("exit %d, report\n%s", code, out.String())
	}
}

// TestGoTest finds the failing input in go test's output: the one
// go test -fuzz wrote, a seed that failed under -fuzz and without it;
// and says so when there is none.
func TestGoTest(t *testing.T) {
	root := tree(t)
	dir := filepath.Join(root, "p", "testdata", "fuzz", "FuzzDocs")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"41b96b8a7c4f0cf5", "seed-1"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(fuzzseed.File("<a href='%3B'>")), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, tt := range []struct {
		log, seed, what string
	}{
		{`fuzz: elapsed: 0s, gathering baseline coverage: 2/2 completed, now fuzzing with 1 workers
--- FAIL: FuzzDocs (2.85s)
    --- FAIL: FuzzDocs (0.00s)
        p_test.go:11: an escaped semicolon

    Failing input written to testdata/fuzz/FuzzDocs/41b96b8a7c4f0cf5
    To re-run:
    go test -run=FuzzDocs/41b96b8a7c4f0cf5
FAIL
`, "41b96b8a7c4f0cf5", "written by go test -fuzz: commit it with the fix, go test then runs it"},
		{`failure while testing seed corpus entry: FuzzDocs/seed-1
--- FAIL: FuzzDocs (0.02s)
    --- FAIL: FuzzDocs (0.00s)
        p_test.go:11: an escaped semicolon

FAIL
`, "seed-1", "a seed of the target's corpus"},
		{`--- FAIL: FuzzDocs (0.00s)
    --- FAIL: FuzzDocs/seed-1 (0.00s)
        p_test.go:11: an escaped semicolon
FAIL
`, "seed-1", "a seed of the target's corpus"},
	} {
		log := filepath.Join(t.TempDir(), "log")
		if err := os.WriteFile(log, []byte(tt.log), 0o644); err != nil {
			t.Fatal(err)
		}
		var out, errs bytes.Buffer
		if code := run([]string{"gotest", "FuzzDocs", log}, root, &out, &errs); code != 0 {
			t.Fatalf("exit %d: %s", code, errs.String())
		}
		want := `--- FuzzDocs failed (./p)
what it reported:
  p_test.go:11: an escaped semicolon
input: ./p/testdata/fuzz/FuzzDocs/` + tt.seed + ` (` + tt.what + `)
  doc string, 14 bytes: "<a href='%3B'>"
    00000000  3c 61 20 68 72 65 66 3d  27 25 33 42 27 3e        |<a href='%3B'>|
replay:
  go test ./p -run 'FuzzDocs/` + tt.seed + `'
`
		if out.String() != want {
			t.Errorf("log\n%s\nreported as\n%s\nwant\n%s", tt.log, out.String(), want)
		}
	}

	log := filepath.Join(t.TempDir(), "log")
	if err := os.WriteFile(log, []byte("# p\n./p_test.go:3:1: syntax error\nFAIL\tp [build failed]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errs bytes.Buffer
	if code := run([]string{"gotest", "FuzzDocs", log}, root, &out, &errs); code != 1 ||
		!strings.Contains(out.String(), "no failing input") || !strings.Contains(out.String(), "syntax error") {
		t.Errorf("a build failure: exit %d, report\n%s", code, out.String())
	}
}

// TestUsage: what the command refuses.
func TestUsage(t *testing.T) {
	for _, args := range [][]string{nil, {"crash"}, {"crash", "FuzzPair"}, {"other", "a", "b"}, {"gotest", "-w", "a", "b"}, {"crash", "-x", "a", "b"}} {
		var out, errs bytes.Buffer
		if code := run(args, ".", &out, &errs); code != 2 {
			t.Errorf("%q: exit %d", args, code)
		}
	}
}

// TestCrashSaid reads what the target reported from libFuzzer's output
// (testdata/libfuzzer-crash.log: make oss-fuzz's, FuzzCompare made to
// fail on a seed): the message printed before the panic, the panic, and
// the first frame in relurl's code; and, for a failure without a panic,
// libFuzzer's line that names it.
func TestCrashSaid(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "libfuzzer-crash.log"))
	if err != nil {
		t.Fatal(err)
	}
	got := crashSaid(strings.Split(string(data), "\n"))
	want := []string{
		`planted: base "http:/.g/F", ref "EeUOGdym:/>/user:pnews://w%3B@host~80"`,
		"panic: errorf [recovered]",
		"at github.com/relurl/relurl/lint/internal/compare/fuzz_test.go_fuzz.go:53",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("crashSaid = %q, want %q", got, want)
	}
	timeout := "#1\tINITED cov: 3 ft: 3 corp: 1/1b exec/s: 0 rss: 30Mb\n==77== ERROR: libFuzzer: timeout after 25 seconds\n"
	if got := crashSaid(strings.Split(timeout, "\n")); !reflect.DeepEqual(got, []string{"ERROR: libFuzzer: timeout after 25 seconds"}) {
		t.Errorf("a timeout: %q", got)
	}
	if got := crashSaid([]string{"#1\tDONE"}); got != nil {
		t.Errorf("no failure: %q", got)
	}
}
