package main

import (
	"bytes"
	"crypto/sha1"
	"encoding/hex"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/relurl/relurl/internal/fuzzseed"
	"github.com/relurl/relurl/internal/testtool"
)

var update = flag.Bool("update", false, "rewrite the section of docs/fuzzing.md the planted failure writes")

// planted is a fuzz target that fails as FuzzCompare did on the
// divergence libFuzzer found: on an escaped semicolon in the reference.
// Its "func" is indented, so that the scripts that find targets by the
// lines that begin "func Fuzz" do not take it for a target of this
// package.
const planted = `package planted

import (
	"strings"
	"testing"
)

	func FuzzPlanted(f *testing.F) {
	f.Fuzz(func(t *testing.T, base, ref string) {
		if strings.Contains(ref, "%3B") {
			t.Errorf("base %q, ref %q: an escaped semicolon", base, ref)
		}
	})
}
`

// The failing input, a seed of the planted target.
const (
	plantedBase = "http:/.g/F"
	plantedRef  = "EeUOGdym:/>/user:pnews://w%3B@host~80"
)

// TestPlantedFailure writes docs/fuzzing.md's "what a failure looks
// like": go test -fuzz runs a planted target that fails on a seed of its
// corpus, and fuzzfail reports it from go test's output, as make fuzz,
// make campaign and CI do; then fuzzfail reports the same input as a
// libFuzzer crash file, as make oss-fuzz does. go test -update rewrites
// the section (decision Z-13).
func TestPlantedFailure(t *testing.T) {
	goCmd := testtool.LookPath(t, testtool.Go, "go")
	tmp := t.TempDir()
	root := filepath.Join(tmp, "relurl")
	seeds := filepath.Join(root, "planted", "testdata", "fuzz", "FuzzPlanted")
	if err := os.MkdirAll(seeds, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, body := range map[string]string{
		"go.mod":                  "module example.com/planted\n\ngo 1.22\n",
		"planted/planted_test.go": planted,
		"planted/testdata/fuzz/FuzzPlanted/rfc5-00":           fuzzseed.File("http://a/b/c/d;p?q#f", "g:h"),
		"planted/testdata/fuzz/FuzzPlanted/escaped-semicolon": fuzzseed.File(plantedBase, plantedRef),
	} {
		if err := os.WriteFile(filepath.Join(root, filepath.FromSlash(name)), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command(goCmd, "test", "./planted", "-run", "^$", "-fuzz", "^FuzzPlanted$", "-fuzztime", "1s")
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=", "GOTOOLCHAIN=local")
	out, err := cmd.CombinedOutput()
	if err == nil {
		t.Fatalf("the planted target passed:\n%s", out)
	}
	log := filepath.Join(tmp, "fuzz.log")
	if err := os.WriteFile(log, out, 0o644); err != nil {
		t.Fatal(err)
	}
	var native, errs bytes.Buffer
	if code := run([]string{"gotest", "FuzzPlanted", log}, root, &native, &errs); code != 0 {
		t.Fatalf("fuzzfail gotest: exit %d: %s\ngo test said:\n%s", code, errs.String(), out)
	}

	data := headers(plantedBase, plantedRef)
	sum := sha1.Sum(data)
	artifacts := filepath.Join(tmp, "relurl-oss-fuzz", "FuzzPlanted")
	if err := os.MkdirAll(artifacts, 0o755); err != nil {
		t.Fatal(err)
	}
	crash := filepath.Join(artifacts, "crash-"+hex.EncodeToString(sum[:]))
	if err := os.WriteFile(crash, data, 0o644); err != nil {
		t.Fatal(err)
	}
	var lib bytes.Buffer
	if code := run([]string{"crash", "FuzzPlanted", crash}, root, &lib, &errs); code != 0 {
		t.Fatalf("fuzzfail crash: exit %d: %s", code, errs.String())
	}

	section := "`make fuzz`, `make campaign` and CI's fuzz step end a failing run with this report (the target\n" +
		"`FuzzPlanted` is planted by `TestPlantedFailure` in `lint/internal/fuzzfail`, which writes this section; it\n" +
		"fails on a seed of its corpus, the input libFuzzer found in `FuzzCompare`):\n\n" +
		indent(native.String()) +
		"\n`make oss-fuzz` ends with this one for each crash, the input read from libFuzzer's file as the\n" +
		"binary read it (here the same input, as go-118-fuzz-build lays it out; a run also gives it\n" +
		"libFuzzer's output, from which it says first what the target printed, its panic and where):\n\n" +
		indent(strings.ReplaceAll(lib.String(), tmp, "/tmp")) + "\n"
	testtool.Section(t, filepath.Join("..", "..", "..", "docs", "fuzzing.md"), "planted-failure", section, *update,
		"go test ./lint/internal/fuzzfail -run TestPlantedFailure -update")
}

// indent indents every line of s by four spaces, a Markdown code block.
func indent(s string) string {
	var b strings.Builder
	for _, l := range strings.SplitAfter(s, "\n") {
		if strings.TrimSpace(l) != "" {
			b.WriteString("    ")
		}
		b.WriteString(l)
	}
	return b.String()
}
