package validate

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/relurl/relurl/ast"
)

// TestValidFastPath holds the one-pass fast path to the cut and checks it
// stands in for: on every input, valid reports true exactly when check
// finds nothing, and then both give the same URL. Inputs are the corpus
// of the case table's alphabet, short enough to be exhaustive in the
// delimiters' positions, and long random ones over URL-ish bytes.
func TestValidFastPath(t *testing.T) {
	agree := func(s string) {
		t.Helper()
		var fast, slow ast.URL
		ok, _, _ := read(&fast, s, &strict)
		diags := check(&slow, s)
		if ok != (len(diags) == 0) {
			t.Fatalf("%q: fast path says valid=%v, checks say %v", s, ok, diags)
		}
		if ok && fast != slow {
			t.Fatalf("%q: fast path cuts\n%#v\nchecks cut\n%#v", s, fast, slow)
		}
	}
	// Every string of up to 4 bytes over delimiters, a scheme character,
	// another pchar, an escape's parts and a byte allowed nowhere.
	alphabet := "a:/;?#%4@ "
	var walk func(string)
	walk = func(s string) {
		agree(s)
		if len(s) == 4 {
			return
		}
		for i := range len(alphabet) {
			walk(s + alphabet[i:i+1])
		}
	}
	walk("")
	r := rand.New(rand.NewPCG(2, 6))
	parts := []string{"http:", "//", "/", ";", "?", "#", "a", "b.c", "%41", "%4", "%", ":", "@", "x=1&y", " ", "é", "..", "//a//b", "~"}
	n := 50000
	if testing.Short() {
		n = 5000
	}
	var b strings.Builder
	for range n {
		b.Reset()
		for range r.IntN(12) {
			b.WriteString(parts[r.IntN(len(parts))])
		}
		agree(b.String())
	}
}
