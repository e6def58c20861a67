package main

import (
	"archive/zip"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"testing"

	gofuzz "github.com/AdamKorcz/go-118-fuzz-build/testing"
)

// decode runs go-118-fuzz-build's own testing.F on data with a fuzz
// function of the given argument types, as the libFuzzer binary OSS-Fuzz
// builds does, and returns the arguments it was called with (nil if it was
// not called: the input was refused).
func decode(data []byte, sample []any) []any {
	var got []any
	f := &gofuzz.F{Data: data, T: gofuzz.NewT()}
	switch sample[0].(type) {
	case string:
		if len(sample) == 1 {
			f.Fuzz(func(_ *gofuzz.T, s string) { got = []any{s} })
		} else {
			f.Fuzz(func(_ *gofuzz.T, a, b string) { got = []any{a, b} })
		}
	case []byte:
		if len(sample) == 1 {
			f.Fuzz(func(_ *gofuzz.T, b []byte) { got = []any{b} })
		} else {
			f.Fuzz(func(_ *gofuzz.T, b []byte, k uint8) { got = []any{b, k} })
		}
	}
	return got
}

// TestEncodeDecodesAsTheEngine: every encoding reads back, through
// go-118-fuzz-build, as the arguments it encodes, for each signature of
// relurl's targets, with empty and long arguments.
func TestEncodeDecodesAsTheEngine(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 1808))
	str := func() string {
		b := make([]byte, []int{0, 0, 1, 3, 30, 31, 300}[r.IntN(7)])
		for i := range b {
			b[i] = byte(r.IntN(256))
		}
		return string(b)
	}
	for range 2000 {
		for _, args := range [][]any{
			{str()},
			{str(), str()},
			{[]byte(str())},
			{[]byte(str()), byte(r.IntN(256))},
		} {
			got := decode(encode(args), args)
			if !reflect.DeepEqual(normal(got), normal(args)) {
				t.Fatalf("%q encodes as %q, which go-118-fuzz-build reads as %q", args, encode(args), got)
			}
		}
	}
}

// normal makes nil and empty byte slices equal.
func normal(args []any) []any {
	out := make([]any, len(args))
	for i, a := range args {
		if b, ok := a.([]byte); ok {
			a = string(b) + "\x00bytes"
		}
		out[i] = a
	}
	return out
}

// TestZipCorpus converts a corpus directory of each argument layout and
// reads the zip back through the engine's decoder.
func TestZipCorpus(t *testing.T) {
	dir := t.TempDir()
	files := map[string][]any{
		"one":   {"http://a/b/c/d;p?q#f"},
		"empty": {""},
		"pair":  {"http://a/b", "../g"},
		"doc":   {[]byte("<a href=x>"), byte(1)},
		"bytes": {[]byte{0, 1, 2, 255}},
	}
	for name, args := range files {
		body := "go test fuzz v1\n"
		for _, a := range args {
			switch v := a.(type) {
			case string:
				body += "string(" + strconv.Quote(v) + ")\n"
			case []byte:
				body += "[]byte(" + strconv.Quote(string(v)) + ")\n"
			case byte:
				body += "byte(" + strconv.QuoteRune(rune(v)) + ")\n"
			}
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	out := filepath.Join(t.TempDir(), "seeds.zip")
	if n, err := zipCorpus(dir, out); err != nil || n != len(files) {
		t.Fatalf("zipCorpus: %d, %v", n, err)
	}
	zr, err := zip.OpenReader(out)
	if err != nil {
		t.Fatal(err)
	}
	defer zr.Close()
	for _, zf := range zr.File {
		rc, err := zf.Open()
		if err != nil {
			t.Fatal(err)
		}
		data, _ := io.ReadAll(rc)
		rc.Close()
		want := files[zf.Name]
		if got := decode(data, want); !reflect.DeepEqual(normal(got), normal(want)) {
			t.Errorf("%s: the engine reads %q, want %q", zf.Name, got, want)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "bad"), []byte("go test fuzz v1\nint(3)\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := zipCorpus(dir, out); err == nil {
		t.Error("a corpus file of an unsupported type was accepted")
	}
}
