package main

import (
	"os"
	"strings"
	"testing"
)

func bnfSource(t *testing.T) string {
	t.Helper()
	src, err := os.ReadFile("../../../grammar/rfc1808.bnf")
	if err != nil {
		t.Fatal(err)
	}
	return string(src)
}

// TestCommitted: validate/reader.go is what rfc1808.bnf gives.
func TestCommitted(t *testing.T) {
	got, err := Generate("grammar/rfc1808.bnf", []byte(bnfSource(t)), &rfc1808)
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("../../reader.go")
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != string(want) {
		t.Error("validate/reader.go is not what grammar/rfc1808.bnf gives: run go generate ./validate")
	}
}

// TestFollowsTheBNF: edits of the BNF change the reader where they
// should, and an edit no rule lowers stops the generator at its place.
func TestFollowsTheBNF(t *testing.T) {
	src := bnfSource(t)
	for _, c := range []struct {
		name, old, new string
		want, notWant  string // in the reader, or, with err, in the error
		err            bool
	}{
		{
			name: "abs_path required", old: `net_path    = "//" net_loc [ abs_path ]`, new: `net_path    = "//" net_loc abs_path`,
			notWant: "mark = i // a fault here is net_path's",
		},
		{
			name: "no params", old: `rel_path    = [ path ] [ ";" params ] [ "?" query ]`, new: `rel_path    = [ path ] [ "?" query ]`,
			notWant: "u.Params = component",
		},
		{
			name: "a scheme of letters", old: `scheme      = 1*( alpha | digit | "+" | "-" | "." )`, new: `scheme      = 1*alpha`,
			want: "// unitScheme is the characters of scheme = 1*alpha.",
		},
		{
			name: "a repeated literal", old: `abs_path    = "/"  rel_path`, new: `abs_path    = *"/"  rel_path`,
			want: `rfc1808.bnf:25:18: a repeated literal "/"`, err: true,
		},
		{
			name: "the fault's production", old: `net_path    = "//" net_loc [ abs_path ]`, new: `net_path    = "//" net_loc [ rel_path ]`,
			want: "net_path refers to no abs_path", err: true,
		},
	} {
		t.Run(c.name, func(t *testing.T) {
			if !strings.Contains(src, c.old) {
				t.Fatalf("the BNF has no %q", c.old)
			}
			got, err := Generate("grammar/rfc1808.bnf", []byte(strings.Replace(src, c.old, c.new, 1)), &rfc1808)
			switch {
			case c.err && err == nil:
				t.Fatalf("no error, want %q", c.want)
			case c.err:
				if !strings.Contains(err.Error(), c.want) {
					t.Errorf("error %v, want %q", err, c.want)
				}
				return
			case err != nil:
				t.Fatal(err)
			}
			if c.want != "" && !strings.Contains(string(got), c.want) {
				t.Errorf("the reader lacks %q", c.want)
			}
			if c.notWant != "" && strings.Contains(string(got), c.notWant) {
				t.Errorf("the reader still has %q", c.notWant)
			}
		})
	}
}
