package runner

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/relurl/relurl/lint/internal/fix"
	"github.com/relurl/relurl/lint/internal/lint"
	"github.com/relurl/relurl/lint/internal/report"
)

// fixMemOut names the file TestFixMemFile writes: make fix-mem measures
// relurl lint --fix on it.
var fixMemOut = flag.String("fixmem.out", "", "write the big file of fixable URLs of size -fixmem.size here")
var fixMemSize = flag.Int64("fixmem.size", 60_000_000, "the size of the file -fixmem.out writes, in bytes")

// writeFixLines writes a list of URLs of about size bytes, one a line,
// each with one finding --fix mends (a space in the path): the input on
// which the memory of a fix is measured.
func writeFixLines(w io.Writer, size int64) (int64, error) {
	bw := bufio.NewWriter(w)
	var n int64
	for i := 0; n < size; i++ {
		k, err := fmt.Fprintf(bw, "http://example.com/docs/p%07d/a b.html\n", i)
		if err != nil {
			return n, err
		}
		n += int64(k)
	}
	return n, bw.Flush()
}

// TestFixMemFile writes the file make fix-mem measures, when it is asked
// to by -fixmem.out; a file of 60 MB is not to be kept in the repository.
func TestFixMemFile(t *testing.T) {
	if *fixMemOut == "" {
		t.Skip("writes the file of make fix-mem only when -fixmem.out names it")
	}
	f, err := os.Create(*fixMemOut)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := writeFixLines(f, *fixMemSize); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
}

// nothing is a report.Reporter that keeps nothing.
type nothing struct{}

func (nothing) Start([]lint.Setting) error    { return nil }
func (nothing) File(*report.FileResult) error { return nil }
func (nothing) End(*report.Summary) error     { return nil }

// fixOnce lints and fixes the file called name once, as relurl lint --fix
// does.
func fixOnce(tb testing.TB, l *lint.Linter, dir, name string) *report.Summary {
	run := &Run{Linter: l, Root: dir, Jobs: 1,
		Warn: func(err error) { tb.Error(err) },
		Fix:  func(f *FixedFile) (bool, error) { return true, f.Write(false) }}
	sum, err := run.Lint([]string{name}, nothing{})
	if err != nil {
		tb.Fatal(err)
	}
	return sum
}

// BenchmarkFixMemory fixes a list of 2 MB of URLs, each with one finding
// a fix mends, as relurl lint --fix does ("fix"), beside reading the file
// ("read", the baseline): it reports the bytes allocated per byte of the
// file (alloc-B/B). TestFixLiveHeap bounds what of them is live; make
// fix-mem measures the peak of the command on 60 MB.
func BenchmarkFixMemory(b *testing.B) {
	dir := b.TempDir()
	name := filepath.Join(dir, "big.urls")
	var want []byte
	{
		f, err := os.Create(name)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := writeFixLines(f, 2<<20); err != nil {
			b.Fatal(err)
		}
		f.Close()
		if want, err = os.ReadFile(name); err != nil {
			b.Fatal(err)
		}
	}
	l, err := lint.New(lint.Options{Fixes: true})
	if err != nil {
		b.Fatal(err)
	}
	b.Run("read", func(b *testing.B) {
		allocPerByte(b, len(want), func() {
			if _, err := os.ReadFile(name); err != nil {
				b.Fatal(err)
			}
		})
	})
	b.Run("fix", func(b *testing.B) {
		allocPerByte(b, len(want), func() {
			b.StopTimer()
			if err := os.WriteFile(name, want, 0o644); err != nil {
				b.Fatal(err)
			}
			b.StartTimer()
			fixOnce(b, l, dir, name)
		})
	})
}

// allocPerByte runs op b.N times and reports the bytes allocated per byte
// of an input of size bytes (alloc-B/B), beside the benchmark's own
// figures.
func allocPerByte(b *testing.B, size int, op func()) {
	b.ReportAllocs()
	b.SetBytes(int64(size))
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for range b.N {
		op()
	}
	runtime.ReadMemStats(&after)
	b.ReportMetric(float64(after.TotalAlloc-before.TotalAlloc)/float64(b.N)/float64(size), "alloc-B/B")
}

// TestFixHeld: the findings of a file whose fixes are not made (--diff, a
// fix that fails), put away while the fixes are made and given back in
// parts, are reported as a run without fixes reports them, in order,
// each with its fix, and counted alike (decision F-13); with Hold 1 they
// go through the temporary file.
func TestFixHeld(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "many.urls")
	f, err := os.Create(name)
	if err != nil {
		t.Fatal(err)
	}
	// More findings than a part holds, some without a fix.
	var sb []byte
	for i := range lint.FlushChunk + 100 {
		if i%7 == 0 {
			sb = fmt.Appendf(sb, "http://[zz]/x%d\n", i)
		} else {
			sb = fmt.Appendf(sb, "http://a/x%d y\n", i)
		}
	}
	if _, err := f.Write(sb); err != nil {
		t.Fatal(err)
	}
	f.Close()
	l := mustNew(t, lint.Options{Fixes: true})
	plain := &recorder{}
	if _, err := (&Run{Linter: l, Root: dir, Jobs: 1}).Lint([]string{name}, plain); err != nil {
		t.Fatal(err)
	}
	for _, hold := range []int{0, 1} {
		for _, why := range []string{"diff", "fails"} {
			held := &recorder{}
			run := &Run{Linter: l, Root: dir, Jobs: 1, Hold: hold, Warn: func(error) {},
				Fix: func(f *FixedFile) (bool, error) {
					if why == "fails" {
						return false, errors.New("not written")
					}
					return false, nil
				}}
			sum, err := run.Lint([]string{name}, held)
			if err != nil {
				t.Fatal(err)
			}
			var want, got []lint.Finding
			for _, fr := range plain.files {
				want = append(want, fr.Findings...)
			}
			for _, fr := range held.files {
				got = append(got, fr.Findings...)
			}
			if len(got) != len(want) || len(want) < lint.FlushChunk {
				t.Fatalf("hold %d, %s: %d findings, want %d", hold, why, len(got), len(want))
			}
			edits, noFix := 0, map[fix.Reason]int{}
			for k := range want {
				if want[k].Edit == nil && want[k].NoFix != "" {
					noFix[want[k].NoFix]++
				}
				w, g := want[k], got[k]
				if (w.Edit == nil) != (g.Edit == nil) || w.Edit != nil && (w.Edit.New != g.Edit.New || w.Edit.Offset != g.Edit.Offset) ||
					w.Line != g.Line || w.Rule != g.Rule || w.Message != g.Message || w.NoFix != g.NoFix {
					t.Fatalf("hold %d, %s: finding %d is %+v, want %+v", hold, why, k, g, w)
				}
				if w.Edit != nil {
					edits++
				}
			}
			fixed, unfixed := edits, 0 // --diff counts what it would fix
			if why == "fails" {
				fixed, unfixed = 0, edits
			}
			if !maps.Equal(sum.Findings, plain.sum.Findings) || sum.Fixed != fixed || sum.Unfixed != unfixed || !maps.Equal(sum.NoFix, noFix) || len(noFix) == 0 {
				t.Errorf("hold %d, %s: summary %+v, want findings %v, %d fixed, %d unfixed", hold, why, sum, plain.sum.Findings, fixed, unfixed)
			}
		}
	}
}

// maxFixLive is the most bytes of heap per byte of the file that a fix
// of a list of URLs, each with a finding, may hold live while Run.Fix has
// it (TestFixLiveHeap): the file, its fixed content and the edits, not
// the findings (decision F-13).
const maxFixLive = 7

// TestFixLiveHeap: while a file's fixes are handed to Run.Fix, the heap
// live is within maxFixLive bytes per byte of the file: its findings are
// put away, not held (decision F-13).
func TestFixLiveHeap(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "big.urls")
	f, err := os.Create(name)
	if err != nil {
		t.Fatal(err)
	}
	size, err := writeFixLines(f, 1<<20)
	if err != nil {
		t.Fatal(err)
	}
	f.Close()
	l := mustNew(t, lint.Options{Fixes: true})
	var before, during runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	// Little held back in memory: the budget is a constant, not a
	// multiple of the file.
	run := &Run{Linter: l, Root: dir, Jobs: 1, Hold: 64 << 10,
		Warn: func(err error) { t.Error(err) },
		Fix: func(f *FixedFile) (bool, error) {
			runtime.GC()
			runtime.ReadMemStats(&during)
			return true, f.Write(false)
		}}
	sum, err := run.Lint([]string{name}, nothing{})
	if err != nil {
		t.Fatal(err)
	}
	if sum.FilesFixed != 1 || sum.Fixed == 0 {
		t.Fatalf("not fixed: %+v", sum)
	}
	live := float64(int64(during.HeapAlloc)-int64(before.HeapAlloc)) / float64(size)
	t.Logf("%.1f bytes live per byte of the file, %d findings", live, sum.Fixed)
	if live > maxFixLive {
		t.Errorf("%.1f bytes live per byte of the file while it is fixed, want at most %d", live, maxFixLive)
	}
}
