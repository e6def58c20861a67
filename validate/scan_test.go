package validate

import (
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/relurl/relurl/ast"
)

// scanRef is the scan loop as the BNF reads, one unit at a time: the
// reference the eight-byte blocks of scan are held to.
func scanRef(s string, i int, class ast.Class) int {
	for i < len(s) {
		switch {
		case ast.Is(s[i], class):
			i++
		case ast.IsEscape(s[i:]):
			i += 3
		default:
			return i
		}
	}
	return len(s)
}

var setClasses = []struct {
	set   uint8
	class ast.Class
}{
	{setPath, ast.ParamChar}, {setNetLoc, ast.NetLocChar}, {setParams, ast.ParamsChar}, {setQuery, ast.QueryChar},
	{setFragment, ast.QueryChar}, {setAbsoluteURL, ast.QueryChar},
}

// TestSets checks the validator's sets against the class table they are
// derived from.
func TestSets(t *testing.T) {
	for c := range 256 {
		b := byte(c)
		for _, sc := range setClasses {
			if got, want := strict.sets[b]&sc.set != 0, ast.Is(b, sc.class) || b == '%'; got != want {
				t.Errorf("byte %#x in set %#x: %v, want %v", b, sc.set, got, want)
			}
		}
		if got, want := strict.sets[b]&setHex != 0, ast.IsHex(b); got != want {
			t.Errorf("byte %#x hex: %v, want %v", b, got, want)
		}
	}
}

// TestScan holds scan to scanRef on random strings over an alphabet heavy
// in escapes, their parts and bytes no set allows, from every start, for
// every set: the blocks of eight and the "%"s across their ends are where
// scan differs from the plain loop. RELURL_SEED reproduces a run.
func TestScan(t *testing.T) {
	seed := uint64(1)
	if v := os.Getenv("RELURL_SEED"); v != "" {
		var err error
		if seed, err = strconv.ParseUint(v, 10, 64); err != nil {
			t.Fatal(err)
		}
	}
	t.Logf("RELURL_SEED=%d", seed)
	r := rand.New(rand.NewPCG(seed, 0))
	alphabets := []string{
		"a%4F/;?",
		"aZ09%%%FfGg/;?#:@ \x00\x7f\xc3\xa9{",
		"%41",
		"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa%/",
	}
	n := 20000
	if testing.Short() {
		n = 2000
	}
	var b strings.Builder
	for range n {
		alphabet := alphabets[r.IntN(len(alphabets))]
		b.Reset()
		for range r.IntN(48) {
			b.WriteByte(alphabet[r.IntN(len(alphabet))])
		}
		s := b.String()
		for _, sc := range setClasses {
			for i := 0; i <= len(s); i++ {
				if got, want := scan(&strict, s, i, sc.set), scanRef(s, i, sc.class); got != want {
					t.Fatalf("scan(%q, %d, %v) = %d, want %d", s, i, sc.class, got, want)
				}
			}
		}
	}
	// Fixed edge cases: an escape cut by the end, or by a block's end.
	for _, s := range []string{"%", "%4", "%41", "aaaaaaa%", "aaaaaaa%4", "aaaaaaa%41", "aaaaaa%41a", "aaaaaaaaaaaaaaa%4", "aaaaaaaa%%41aaaaaaa", "%41%42%43%44%4"} {
		for _, sc := range setClasses {
			for i := 0; i <= len(s); i++ {
				if got, want := scan(&strict, s, i, sc.set), scanRef(s, i, sc.class); got != want {
					t.Fatalf("scan(%q, %d, %v) = %d, want %d", s, i, sc.class, got, want)
				}
			}
		}
	}
}

// BenchmarkScan compares scan with the plain loop scanRef on long runs of
// each set, in the same run: escapes, slashes, or neither.
func BenchmarkScan(b *testing.B) {
	for _, in := range []struct {
		name string
		s    string
		sc   int
	}{
		{"path", strings.Repeat("abcdefghijklmnopqrstuvwxyz0123456789", 1<<15), 0},
		{"segments", strings.Repeat("seg/", 1<<18), 0},
		{"escapes", strings.Repeat("seg%41/", 1<<17), 0},
		{"query", strings.Repeat("key=value&x=%20y&", 1<<16), 3},
		{"semicolons", strings.Repeat(";", 1<<20), 2},
	} {
		sc := setClasses[in.sc]
		b.Run("input="+in.name+"/impl=scan", func(b *testing.B) {
			b.SetBytes(int64(len(in.s)))
			for b.Loop() {
				if scan(&strict, in.s, 0, sc.set) != len(in.s) {
					b.Fatal("invalid")
				}
			}
		})
		b.Run("input="+in.name+"/impl=ref", func(b *testing.B) {
			b.SetBytes(int64(len(in.s)))
			for b.Loop() {
				if scanRef(in.s, 0, sc.class) != len(in.s) {
					b.Fatal("invalid")
				}
			}
		})
	}
}
