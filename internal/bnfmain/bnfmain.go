// Package bnfmain is the main of the generators that write one Go file
// from a BNF file of grammar/ under go generate (internal/mkclass,
// grammar/internal/mkgrammar, gen/internal/mkgen,
// validate/internal/mkreader): the flags -bnf and -o, reading the BNF,
// writing what the generator returns, and failing with the generator's
// name. Each generator is then its Generate function and a line of main.
package bnfmain

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
)

// Main runs a generator named tool: it reads the BNF file given by -bnf
// (by default bnf), passes its base name and contents to generate, and
// writes the result to the file given by -o (by default out). On an error
// it prints it after the tool's name and exits 1.
func Main(tool, bnf, out string, generate func(name string, src []byte) ([]byte, error)) {
	in := flag.String("bnf", bnf, "the BNF file")
	o := flag.String("o", out, "output file")
	flag.Parse()
	if err := run(*in, *o, generate); err != nil {
		fmt.Fprintf(os.Stderr, "%s: %v\n", tool, err)
		os.Exit(1)
	}
}

func run(in, out string, generate func(name string, src []byte) ([]byte, error)) error {
	src, err := os.ReadFile(in)
	if err != nil {
		return err
	}
	code, err := generate(filepath.Base(in), src)
	if err != nil {
		return err
	}
	return os.WriteFile(out, code, 0o644)
}
