package main

import (
	"os"
	"strings"
	"testing"
)

// TestCommitted: internal/profile/rfc1738_table.go is what the BNF files give.
func TestCommitted(t *testing.T) {
	got, err := Generate("../../grammar/rfc1738.bnf", "../../grammar/rfc1808.bnf")
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("../profile/rfc1738_table.go")
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != string(want) {
		t.Error("internal/profile/rfc1738_table.go is not what the BNF files give: run go generate ./internal/profile")
	}
}

// TestFollowsTheBNF: an edit of rfc1738.bnf changes the table.
func TestFollowsTheBNF(t *testing.T) {
	src, err := os.ReadFile("../../grammar/rfc1738.bnf")
	if err != nil {
		t.Fatal(err)
	}
	edited := strings.Replace(string(src), `ftptype        = "A" | "I" | "D" | "a" | "i" | "d"`, `ftptype        = "A" | "I" | "a" | "i"`, 1)
	path := t.TempDir() + "/rfc1738.bnf"
	if err := os.WriteFile(path, []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := Generate(path, "../../grammar/rfc1808.bnf")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(got), `ftptypeChars = "AIai"`) {
		t.Errorf("ftptype without D:\n%s", got)
	}
}
