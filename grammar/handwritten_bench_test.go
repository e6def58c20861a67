package grammar

import (
	"bufio"
	"os"
	"strings"
	"testing"
)

// BenchmarkGeneratedVsHandWritten parses the corpora of ../testdata/bench
// with the grammar generated from rfc1808.bnf and with the hand-written
// structs it replaced, in the same run.
func BenchmarkGeneratedVsHandWritten(b *testing.B) {
	for _, corpus := range []string{"mix", "realworld"} {
		f, err := os.Open("../testdata/bench/" + corpus + ".txt")
		if err != nil {
			b.Fatal(err)
		}
		var inputs []string
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			if line := sc.Text(); line != "" && !strings.HasPrefix(line, "# ") && line != `""` {
				inputs = append(inputs, line)
			}
		}
		f.Close()
		b.Run("corpus="+corpus+"/impl=handwritten", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				for _, s := range inputs {
					if _, err := hwParser.ParseString("", s); err != nil {
						b.Fatal(err)
					}
				}
			}
		})
		b.Run("corpus="+corpus+"/impl=generated", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				for _, s := range inputs {
					if _, err := parser.ParseString("", s); err != nil {
						b.Fatal(err)
					}
				}
			}
		})
	}
	long := "http://a/" + strings.Repeat("b;c/", 8000)
	b.Run("corpus=long/impl=handwritten", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := hwParser.ParseString("", long); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("corpus=long/impl=generated", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := parser.ParseString("", long); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// TestHandWrittenSameEBNF: the two grammars differ only in their types'
// names.
func TestHandWrittenSameEBNF(t *testing.T) {
	if got, want := strings.ReplaceAll(hwParser.String(), "Hw", ""), parser.String(); got != want {
		t.Errorf("the hand-written grammar:\n%s\nthe generated one:\n%s", got, want)
	}
}
