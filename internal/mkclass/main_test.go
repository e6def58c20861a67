package main

import (
	"os"
	"strings"
	"testing"

	"github.com/relurl/relurl/internal/bnf"
)

func read(t *testing.T, edit func(string) string) *bnf.File {
	t.Helper()
	src, err := os.ReadFile("../../grammar/rfc1808.bnf")
	if err != nil {
		t.Fatal(err)
	}
	f, err := bnf.Parse("rfc1808.bnf", []byte(edit(string(src))))
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// TestCommitted: ast/class_table.go is what the BNF gives.
func TestCommitted(t *testing.T) {
	got, err := generate(read(t, func(s string) string { return s }), "grammar/rfc1808.bnf")
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("../../ast/class_table.go")
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != string(want) {
		t.Error("ast/class_table.go is not what grammar/rfc1808.bnf gives: run go generate ./ast")
	}
}

// TestFollowsTheBNF: a character dropped from a production of the BNF
// leaves the classes built on it, and only those.
func TestFollowsTheBNF(t *testing.T) {
	f := read(t, func(s string) string {
		return strings.Replace(s, `pchar       = uchar | ":" | "@" | "&" | "="`, `pchar       = uchar | ":" | "@" | "&"`, 1)
	})
	got, err := generate(f, "grammar/rfc1808.bnf")
	if err != nil {
		t.Fatal(err)
	}
	row := func(src string) string {
		for _, line := range strings.Split(src, "\n") {
			if strings.HasPrefix(line, "\t'=': ") {
				return strings.TrimSpace(strings.TrimPrefix(line, "\t'=': "))
			}
		}
		return ""
	}
	if r := row(string(got)); r != "Reserved | QueryChar," {
		t.Errorf(`"=" without pchar: %q, want "Reserved | QueryChar,"`, r)
	}
}

// TestSharedClassMustAgree: query and fragment share QueryChar, so a BNF
// in which they differ is refused, not silently merged.
func TestSharedClassMustAgree(t *testing.T) {
	f := read(t, func(s string) string {
		return strings.Replace(s, `fragment    =  *( uchar | reserved )`, `fragment    =  *( uchar )`, 1)
	})
	if _, err := generate(f, "grammar/rfc1808.bnf"); err == nil || !strings.Contains(err.Error(), "share the class QueryChar") {
		t.Errorf("generate = %v, want an error saying query and fragment differ", err)
	}
}
