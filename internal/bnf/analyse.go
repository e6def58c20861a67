package bnf

import (
	"math/bits"
	"strings"
)

// The questions the generators ask of a grammar: which characters a
// production's strings are made of, which productions are made of
// characters only, which can match the empty string, which are reached.

// CharSet is a set of bytes.
type CharSet [4]uint64

// Add adds the byte c.
func (s *CharSet) Add(c byte) { s[c>>6] |= 1 << (c & 63) }

// Has reports whether c is in the set.
func (s CharSet) Has(c byte) bool { return s[c>>6]&(1<<(c&63)) != 0 }

// Union returns the bytes in s or t.
func (s CharSet) Union(t CharSet) CharSet {
	for i := range s {
		s[i] |= t[i]
	}
	return s
}

// Minus returns the bytes in s and not in t.
func (s CharSet) Minus(t CharSet) CharSet {
	for i := range s {
		s[i] &^= t[i]
	}
	return s
}

// SubsetOf reports whether every byte of s is in t.
func (s CharSet) SubsetOf(t CharSet) bool { return s.Minus(t) == CharSet{} }

// Len returns the number of bytes in the set.
func (s CharSet) Len() int {
	n := 0
	for _, w := range s {
		n += bits.OnesCount64(w)
	}
	return n
}

// String returns the bytes of the set in increasing order.
func (s CharSet) String() string {
	var b []byte
	for c := 0; c < 256; c++ {
		if s.Has(byte(c)) {
			b = append(b, byte(c))
		}
	}
	return string(b)
}

// Chars returns the characters the strings of e's language can contain:
// those of every literal e reaches, through references, except those of
// the productions named in skip (such as "escape", to leave escapes out).
func (f *File) Chars(e *Alternatives, skip ...string) CharSet {
	var s CharSet
	seen := map[string]bool{}
	for _, n := range skip {
		seen[n] = true
	}
	var walk func(*Alternatives)
	walk = func(e *Alternatives) {
		Walk(e, func(it *Item) {
			switch {
			case it.Literal != "":
				for _, c := range []byte(it.Value()) {
					s.Add(c)
				}
			case it.Name != "" && !seen[it.Name]:
				seen[it.Name] = true
				if r := f.Rule(it.Name); r != nil {
					walk(r.Expr)
				}
			}
		})
	}
	walk(e)
	return s
}

// Reaches reports whether e refers to the production name, directly or
// through other productions.
func (f *File) Reaches(e *Alternatives, name string) bool {
	seen := map[string]bool{}
	var walk func(*Alternatives) bool
	walk = func(e *Alternatives) bool {
		found := false
		Walk(e, func(it *Item) {
			if found || it.Name == "" || seen[it.Name] {
				return
			}
			seen[it.Name] = true
			if it.Name == name {
				found = true
			} else if r := f.Rule(it.Name); r != nil {
				found = walk(r.Expr)
			}
		})
		return found
	}
	return walk(e)
}

// Lexical reports whether the production called name is a character
// production: written with literals and other character productions
// only, without repetition or option, so that its language is a finite
// set of short strings (pchar, escape, hex, alpha, reserved, ...).
// Productions that refer to themselves are not.
func (f *File) Lexical(name string) bool {
	return f.lexical(name, map[string]bool{})
}

func (f *File) lexical(name string, visiting map[string]bool) bool {
	r := f.Rule(name)
	if r == nil || visiting[name] {
		return false
	}
	visiting[name] = true
	defer delete(visiting, name)
	ok := true
	Walk(r.Expr, func(it *Item) {
		switch {
		case it.Repeated() || it.Option != nil:
			ok = false
		case it.Name != "" && !f.lexical(it.Name, visiting):
			ok = false
		}
	})
	return ok
}

// Nullable reports whether e can match the empty string.
func (f *File) Nullable(e *Alternatives) bool {
	return f.nullable(e, map[string]bool{})
}

func (f *File) nullable(e *Alternatives, visiting map[string]bool) bool {
	for _, s := range e.Sequences {
		all := true
		for _, it := range s.Items {
			if !f.itemNullable(it, visiting) {
				all = false
				break
			}
		}
		if all {
			return true
		}
	}
	return false
}

func (f *File) itemNullable(it *Item, visiting map[string]bool) bool {
	switch {
	case it.Repeated() && it.Min() == 0, it.Option != nil:
		return true
	case it.Literal != "":
		return false
	case it.Group != nil:
		return f.nullable(it.Group, visiting)
	}
	r := f.Rule(it.Name)
	if r == nil || visiting[it.Name] {
		return false // a production that needs itself to be empty never is
	}
	visiting[it.Name] = true
	defer delete(visiting, it.Name)
	return f.nullable(r.Expr, visiting)
}

// Format writes e in the notation with single spaces, as a reader of the
// RFC would type it on one line: ( absoluteURL | relativeURL ) [ "#"
// fragment ]. Four or more single-character literals in a row whose
// characters follow each other in code order are written "a" | ... | "z".
func Format(e *Alternatives) string {
	var b strings.Builder
	formatAlts(&b, e)
	return b.String()
}

func formatAlts(b *strings.Builder, e *Alternatives) {
	seqs := e.Sequences
	for i := 0; i < len(seqs); i++ {
		if i > 0 {
			b.WriteString(" | ")
		}
		// A run of one-character literals in code order.
		j := i
		for j+1 < len(seqs) && isChar(seqs[j]) && isChar(seqs[j+1]) &&
			seqs[j+1].Items[0].Value()[0] == seqs[j].Items[0].Value()[0]+1 {
			j++
		}
		if j-i >= 3 {
			b.WriteString(seqs[i].Items[0].Literal + " | ... | " + seqs[j].Items[0].Literal)
			i = j
			continue
		}
		formatSeq(b, seqs[i])
	}
}

func isChar(s *Sequence) bool {
	return len(s.Items) == 1 && s.Items[0].Literal != "" && !s.Items[0].Repeated() && len(s.Items[0].Value()) == 1
}

func formatSeq(b *strings.Builder, s *Sequence) {
	for i, it := range s.Items {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(it.Repeat)
		switch {
		case it.Name != "":
			b.WriteString(it.Name)
		case it.Literal != "":
			b.WriteString(it.Literal)
		case it.Group != nil:
			b.WriteString("( ")
			formatAlts(b, it.Group)
			b.WriteString(" )")
		case it.Option != nil:
			b.WriteString("[ ")
			formatAlts(b, it.Option)
			b.WriteString(" ]")
		}
	}
}

// Quote returns s as a literal of the notation: in quotes, or <"> for the
// double quote character.
func Quote(s string) string {
	if s == `"` {
		return `<">`
	}
	return `"` + s + `"`
}

// GoName returns the Go spelling of a production name: "net_path" is
// NetPath, "generic-RL" GenericRL, "absoluteURL" AbsoluteURL.
func GoName(name string) string {
	var b strings.Builder
	up := true
	for _, r := range name {
		switch {
		case r == '_' || r == '-':
			up = true
		case up:
			b.WriteString(strings.ToUpper(string(r)))
			up = false
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}
