package fuzz

import (
	"testing"

	"github.com/relurl/relurl/internal/cases"
)

// TestAgreeOnCases holds the readers to the invariant on every case of the
// table and every §5 example.
func TestAgreeOnCases(t *testing.T) {
	cs, err := cases.Load("../testdata/urls.txt")
	if err != nil {
		t.Fatal(err)
	}
	inputs := append([]string(nil), section5...)
	for _, c := range cs {
		inputs = append(inputs, c.Input)
	}
	for _, s := range inputs {
		if msg := disagreement(s); msg != "" {
			t.Errorf("%q: %s", s, msg)
		}
	}
}

// TestAgreeExhaustive holds the readers to the invariant on every string
// of up to five bytes over an alphabet with one member of each class that
// matters to the grammar: delimiters, scheme and other pchar characters, an
// escape's parts, characters allowed nowhere.
func TestAgreeExhaustive(t *testing.T) {
	alphabet := []byte("a1:/;?#%F@ \xc3")
	maxLen := 5
	if testing.Short() {
		maxLen = 4
	}
	buf := make([]byte, 0, maxLen)
	n := 0
	var walk func()
	walk = func() {
		s := string(buf)
		n++
		if msg := disagreement(s); msg != "" {
			t.Fatalf("%q: %s", s, msg)
		}
		if len(buf) == maxLen {
			return
		}
		for _, c := range alphabet {
			buf = append(buf, c)
			walk()
			buf = buf[:len(buf)-1]
		}
	}
	walk()
	t.Logf("%d strings agree", n)
}
