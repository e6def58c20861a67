package grammar

import (
	"bufio"
	"os"
	"strings"
	"testing"
	"time"
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

// BenchmarkGeneratedVsHandWrittenInterleaved parses each corpus with both
// grammars in turn on every iteration, the order alternating, and reports
// the time of each and their ratio: the load of a shared machine then
// weighs on both alike.
func BenchmarkGeneratedVsHandWrittenInterleaved(b *testing.B) {
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
		b.Run("corpus="+corpus, func(b *testing.B) {
			var hw, gen time.Duration
			parse := func(p func(string) error) time.Duration {
				start := time.Now()
				for _, s := range inputs {
					if err := p(s); err != nil {
						b.Fatal(err)
					}
				}
				return time.Since(start)
			}
			hwParse := func(s string) error { _, err := hwParser.ParseString("", s); return err }
			genParse := func(s string) error { _, err := parser.ParseString("", s); return err }
			i := 0
			for b.Loop() {
				if i%2 == 0 {
					hw += parse(hwParse)
					gen += parse(genParse)
				} else {
					gen += parse(genParse)
					hw += parse(hwParse)
				}
				i++
			}
			b.ReportMetric(float64(hw.Nanoseconds())/float64(i), "hw-ns/corpus")
			b.ReportMetric(float64(gen.Nanoseconds())/float64(i), "gen-ns/corpus")
			b.ReportMetric(float64(gen)/float64(hw), "gen/hw")
		})
	}
}
