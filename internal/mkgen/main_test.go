package main

import (
	"os"
	"testing"
)

// TestCommitted: internal/gen/rfc1808.go is what grammar/rfc1808.bnf gives.
func TestCommitted(t *testing.T) {
	src, err := os.ReadFile("../../grammar/rfc1808.bnf")
	if err != nil {
		t.Fatal(err)
	}
	got, err := Generate("rfc1808.bnf", src)
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("../gen/rfc1808.go")
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != string(want) {
		t.Error("internal/gen/rfc1808.go is not what grammar/rfc1808.bnf gives: run go generate ./internal/gen")
	}
}
