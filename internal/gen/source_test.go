package gen_test

import (
	"math/rand/v2"
	"testing"

	"github.com/relurl/relurl/ast"
	"github.com/relurl/relurl/grammar"
	"github.com/relurl/relurl/internal/gen"
)

// byteInputs returns byte strings of every length up to 64 (random, and
// the corners: empty, all zeros, all 0xff), as a fuzzer would feed them.
func byteInputs(t *testing.T) [][]byte {
	r := rand.New(rand.NewPCG(1808, 1808))
	ins := [][]byte{nil, make([]byte, 64), {0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff}}
	for range samples(t) {
		b := make([]byte, r.IntN(65))
		for i := range b {
			b[i] = byte(r.IntN(256))
		}
		ins = append(ins, b)
	}
	return ins
}

// TestBytesBuildValidValues: every production turns any byte string into a
// valid value, the same one each time; a URL-level one into a well-formed
// URL that reads back into its components.
func TestBytesBuildValidValues(t *testing.T) {
	for _, p := range gen.Productions() {
		for _, in := range byteInputs(t) {
			v := p.Draw(gen.NewBytes(in))
			if again := p.Draw(gen.NewBytes(in)); again != v {
				t.Fatalf("%s from %x: %v, then %v", p.Name, in, v, again)
			}
			u, isURL := v.(ast.URL)
			if isURL != p.IsURL() {
				t.Fatalf("%s: IsURL %v, drew a %T", p.Name, p.IsURL(), v)
			}
			if !isURL {
				continue
			}
			if !gen.WellFormed(u) {
				t.Fatalf("%s from %x: %#v is not well formed", p.Name, in, u)
			}
			got, err := grammar.Parse(u.String())
			if err != nil || got.WithoutSpans() != u {
				t.Fatalf("%s from %x: %q reads back as %#v, %v", p.Name, in, u.String(), got.WithoutSpans(), err)
			}
		}
	}
}

// TestBytesBuildViolations: any byte string gives a violation whose
// diagnostic the validator reports exactly, for every URL-level
// production; the string productions give none.
func TestBytesBuildViolations(t *testing.T) {
	rules := map[string]int{}
	for _, p := range gen.Productions() {
		for _, in := range byteInputs(t) {
			v, ok := p.DrawInvalid(gen.NewBytes(in))
			if ok != p.IsURL() {
				t.Fatalf("%s: DrawInvalid says %v", p.Name, ok)
			}
			if ok {
				checkViolation(t, v)
				rules[v.Rule]++
			}
		}
	}
	if len(rules) < 9 {
		t.Errorf("byte strings drew only the rules %v", rules)
	}
}

// TestBytesChoices: a choice reads one byte, or two past 256
// alternatives, modulo the alternatives; past the end every choice is 0
// and reads nothing.
func TestBytesChoices(t *testing.T) {
	b := gen.NewBytes([]byte{7, 1, 2, 9})
	if got := b.Intn(5); got != 2 {
		t.Errorf("Intn(5) of 7 = %d", got)
	}
	if got := b.Intn(1000); got != (1<<8|2)%1000 {
		t.Errorf("Intn(1000) of 1, 2 = %d", got)
	}
	if got := b.Intn(1); got != 0 || b.Used() != 3 {
		t.Errorf("Intn(1) = %d and read a byte", got)
	}
	if b.Intn(10) != 9 || b.Intn(10) != 0 || b.Used() != 4 {
		t.Errorf("past the end: used %d", b.Used())
	}
	if b.Size() != gen.DefaultSize {
		t.Errorf("Size %d", b.Size())
	}
}
