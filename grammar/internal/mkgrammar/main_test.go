package main

import (
	"os"
	"testing"
)

// TestCommitted: grammar/internal/parsetree/grammar.go is what rfc1808.bnf lowers to.
func TestCommitted(t *testing.T) {
	src, err := os.ReadFile("../../rfc1808.bnf")
	if err != nil {
		t.Fatal(err)
	}
	got, err := Generate("rfc1808.bnf", src)
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("../parsetree/grammar.go")
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != string(want) {
		t.Error("grammar/internal/parsetree/grammar.go is not what grammar/rfc1808.bnf lowers to: run go generate ./grammar")
	}
}
