// Command seedzip turns a Go fuzz seed corpus (the files of
// testdata/fuzz/FuzzX, "go test fuzz v1" and one line per argument) into
// the seed corpus zip of the libFuzzer binary OSS-Fuzz builds from the same
// target with go-118-fuzz-build:
//
//	go run ./internal/seedzip DIR OUT.zip
//
// That build hands the target's f.Fuzz function arguments decoded from the
// libFuzzer input by go-fuzz-headers, one after the other: a string or a
// []byte is a 4-byte big-endian length and then its bytes, a byte (uint8)
// one byte. A raw seed is misread (its first four bytes taken for a
// length), so each seed is encoded here as that decoder reads it; the test
// decodes every encoding with go-118-fuzz-build's own testing.F. Files
// that are not Go corpus files of the supported types fail the command.
// It is what .clusterfuzzlite/build.sh and "make oss-fuzz" run.
package main

import (
	"archive/zip"
	"bytes"
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"sort"

	"github.com/relurl/relurl/internal/fuzzseed"
)

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: seedzip DIR OUT.zip")
		os.Exit(2)
	}
	n, err := zipCorpus(os.Args[1], os.Args[2])
	if err != nil {
		fmt.Fprintln(os.Stderr, "seedzip:", err)
		os.Exit(1)
	}
	fmt.Fprintf(os.Stderr, "seedzip: %d seeds from %s\n", n, os.Args[1])
}

// zipCorpus encodes every corpus file of dir into a zip at out and
// returns how many it wrote.
func zipCorpus(dir, out string) (int, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return 0, err
	}
	var names []string
	for _, e := range entries {
		if e.Type().IsRegular() {
			names = append(names, e.Name())
		}
	}
	sort.Strings(names)
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, name := range names {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			return 0, err
		}
		args, err := fuzzseed.Parse(data)
		if err != nil {
			return 0, fmt.Errorf("%s: %w", name, err)
		}
		w, err := zw.Create(name)
		if err != nil {
			return 0, err
		}
		if _, err := w.Write(encode(args)); err != nil {
			return 0, err
		}
	}
	if err := zw.Close(); err != nil {
		return 0, err
	}
	return len(names), os.WriteFile(out, buf.Bytes(), 0o644)
}

// encode lays the arguments out as go-fuzz-headers' consumer reads them
// for go-118-fuzz-build's F.Fuzz. A string is its length (4 bytes, big
// endian) and its bytes. A []byte is the same, except that the consumer
// reads a length L as L modulo the bytes left after it (unless L is that
// many), and a length 0 as 30: an empty []byte is written with a length
// twice the bytes left, which leaves 0. The consumer refuses a string or a
// []byte whose length field ends the input, so an empty last argument
// gets one byte of padding after it.
func encode(args []any) []byte {
	var tail []byte // the encoding of the arguments after the current one
	for i := len(args) - 1; i >= 0; i-- {
		var head []byte
		switch v := args[i].(type) {
		case string:
			head = binary.BigEndian.AppendUint32(nil, uint32(len(v)))
			head = append(head, v...)
			if v == "" && len(tail) == 0 {
				tail = []byte{0}
			}
		case []byte:
			if len(v) == 0 && len(tail) == 0 {
				tail = []byte{0}
			}
			n := uint32(len(v))
			if n == 0 {
				n = 2 * uint32(len(tail))
			}
			head = binary.BigEndian.AppendUint32(nil, n)
			head = append(head, v...)
		case byte:
			head = []byte{v}
		default:
			panic(fmt.Sprintf("encode: argument of type %T", v))
		}
		tail = append(head, tail...)
	}
	return tail
}
