// Package scale measures how the cost of an operation grows with its
// input: each [Case] is run on an input of n bytes and on one of 8n in the
// same process, and the growth of its time between the two is its ratio.
// Time linear in the input gives a ratio near 8, quadratic time near 64;
// [Limit] lies between them. The suite of cases (every command and library
// entry point of relurl on every shape of input) is TestScale in
// cmd/relurl, run by make scale; this package holds the harness and the
// shapes of input, so that other tests build the same inputs, and the
// tree axis ([MeasureTrees]): relurl as built over copies of a real tree,
// which make scale judges and the benchmark report records.
//
// Times are CPU time of the process (user and system, the garbage
// collector's included), the best of a few runs, so that a machine busy
// with other work slows a measurement without making it fail: other
// processes take wall time, not this process's CPU time.
package scale

import (
	"fmt"
	"io"
	"math"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"slices"
	"strings"
	"time"
)

// Limit is the largest ratio of the time at 8n to the time at n that a
// case may have: linear time gives about 8 (a little more where the larger
// input leaves the caches), quadratic time 64.
const Limit = 24.0

// Case is one operation on one shape of input.
type Case struct {
	// Entry names what runs: "Parse", "lint html", "relurl lint --format json".
	Entry string
	// Shape names the shape of the input, one of [Shapes] or a hostile
	// shape of [Hostile].
	Shape string
	// Prepare builds the input of about n bytes and returns a function
	// that runs the operation on it once, and the input's size in bytes.
	// The function may be called many times.
	Prepare func(n int) (run func(), size int)
}

// Config says how hard to measure.
type Config struct {
	// Target is the least CPU time one measurement at the smaller size
	// takes: the size is doubled from MinSize until a run takes that long
	// (or MaxSize is reached), and a run shorter than that is repeated.
	Target time.Duration
	// MinSize and MaxSize bound the smaller size, in bytes.
	MinSize, MaxSize int
	// Runs is how many measurements are taken at each size: the least
	// is kept.
	Runs int
}

// DefaultConfig measures each case in about a tenth of a second of CPU
// time: the whole suite runs in well under a minute on two cores.
var DefaultConfig = Config{Target: 2 * time.Millisecond, MinSize: 4 << 10, MaxSize: 256 << 10, Runs: 5}

// memoryLimit is the heap size at which the collector runs within a run
// of the suite, which otherwise collects between runs only.
const memoryLimit = 1 << 30

// Result is a case measured.
type Result struct {
	Case
	// Size and Size8 are the sizes of the two inputs, in bytes.
	Size, Size8 int
	// Time and Time8 are the CPU time of one run on each.
	Time, Time8 time.Duration
	// Ratio is Time8 over Time, scaled to inputs exactly 8 times apart.
	Ratio float64
	// Fixed is the time of a run on the smallest input, the cost that
	// does not grow with the input; Cost is the CPU time the measurement
	// took, inputs built and runs not timed included.
	Fixed, Cost time.Duration
}

// Over reports whether the result's ratio passes [Limit].
func (r Result) Over() bool { return r.Ratio > Limit }

// Measure runs c at a size of about n bytes, chosen as cfg says, and at
// about 8n, and returns the times and their ratio.
func Measure(c Case, cfg Config) Result {
	// The smallest input tells the cost that does not grow with it (flag
	// parsing, a linter's set-up): the size is chosen so that the cost
	// that grows outweighs it, or it would hide a quadratic term.
	began := CPUTime()
	floorRun, _ := c.Prepare(0)
	floor := timeRuns(floorRun, 1, cfg.Runs)
	want := max(cfg.Target, 16*floor)
	n := cfg.MinSize
	run, size := c.Prepare(n)
	t := timeRuns(run, 1, 1)
	for t < want && n < cfg.MaxSize {
		// Grow by the factor the time says is missing, at least 2 and at
		// most 8, so that few sizes are tried.
		f := 8
		if t > 0 {
			f = int(min(8, max(2, math.Ceil(float64(want)/float64(t)))))
		}
		n = min(n*f, cfg.MaxSize)
		run, size = c.Prepare(n)
		t = timeRuns(run, 1, 1)
	}
	reps := 1
	if t > 0 && t < want {
		reps = int(math.Ceil(float64(want) / float64(t)))
	}
	reps8 := max(1, reps/8)
	run8, size8 := c.Prepare(8 * n)
	res := Result{Case: c, Size: size, Size8: size8, Fixed: floor}
	// A run on each first, not timed: it touches the memory the runs
	// after it reuse. Then the two sizes in turn, so that both see the
	// machine as it is at the time.
	run()
	run8()
	res.Time, res.Time8 = math.MaxInt64, math.MaxInt64
	for range max(1, cfg.Runs) {
		res.Time = min(res.Time, timeRuns(run, reps, 1))
		res.Time8 = min(res.Time8, timeRuns(run8, reps8, 1))
	}
	if res.Time > 0 && size > 0 {
		res.Ratio = float64(res.Time8) / float64(res.Time) * 8 * float64(size) / float64(size8)
	}
	res.Cost = CPUTime() - began
	return res
}

// timeRuns returns the CPU time of one call of run: the least, over runs
// measurements, of reps calls' time divided by reps.
func timeRuns(run func(), reps, runs int) time.Duration {
	best := time.Duration(math.MaxInt64)
	for range max(1, runs) {
		collect()
		start := CPUTime()
		for range reps {
			run()
		}
		best = min(best, (CPUTime()-start)/time.Duration(reps))
	}
	return best
}

// heapSlack is how much garbage may pile up between the runs of the
// suite before it is collected.
const heapSlack = 128 << 20

// collect runs the garbage collector when the heap holds more than
// heapSlack: the memory it frees is reused by the runs after it, so that
// they seldom ask the system for fresh pages (which costs more, and more
// unevenly, than reusing them). Collecting before every run would cost
// more than the runs (runtime.GC waits for the sweep to end).
func collect() {
	s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	metrics.Read(s)
	if s[0].Value.Kind() == metrics.KindUint64 && s[0].Value.Uint64() > heapSlack {
		runtime.GC()
	}
}

// Suite measures every case, in order, and returns the results; a case
// over [Limit] is measured once more, from twice its smaller size, and
// its second result kept when lower, so that one unlucky measurement, or
// a cost that steps up once between the two sizes, does not fail the
// suite (a super-linear case is over again). progress, when not nil, is called
// with each result.
func Suite(cases []Case, cfg Config, progress func(Result)) []Result {
	// The garbage collector runs between runs, not in them (unless the
	// heap nears the memory limit): a run on a small input that allocates
	// less than the least heap the collector waits for would pay for no
	// collection, and one on a large input for many, so that the ratio
	// would measure the collector's pacing. A run still pays for
	// allocating what it allocates, so allocation that grows faster than
	// the input shows.
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(memoryLimit))
	results := make([]Result, 0, len(cases))
	for _, c := range cases {
		r := Measure(c, cfg)
		if r.Over() {
			// Again from twice the size: a cost that steps up once, at
			// a size between n and 8n (findings past what is held in
			// memory, written in parts), is then on both sides of the
			// ratio, and a super-linear one is over again, larger.
			again := cfg
			again.MinSize = 2 * r.Size
			again.MaxSize = max(cfg.MaxSize, again.MinSize)
			if r2 := Measure(c, again); r2.Ratio < r.Ratio {
				r = r2
			}
		}
		if progress != nil {
			progress(r)
		}
		results = append(results, r)
	}
	return results
}

// Sort orders results by shape, in the order of [Shapes] (the hostile
// shapes after them, by name), then by entry, keeping the order of the
// cases within one shape.
func Sort(results []Result) {
	rank := func(shape string) int {
		if i := slices.Index(Shapes, shape); i >= 0 {
			return i
		}
		return len(Shapes)
	}
	slices.SortStableFunc(results, func(a, b Result) int {
		if ra, rb := rank(a.Shape), rank(b.Shape); ra != rb {
			return ra - rb
		}
		if rank(a.Shape) == len(Shapes) {
			return strings.Compare(a.Shape, b.Shape)
		}
		return 0
	})
}

// WriteTable writes the results as a table, a row per result: shape,
// entry, the two sizes, the two times and the ratio, marked "OVER" past
// [Limit].
func WriteTable(w io.Writer, results []Result) error {
	shape, entry := len("shape"), len("entry")
	for _, r := range results {
		shape, entry = max(shape, len(r.Shape)), max(entry, len(r.Entry))
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%-*s  %-*s  %9s  %9s  %10s  %10s  %6s\n", shape, "shape", entry, "entry", "n", "8n", "time(n)", "time(8n)", "ratio")
	for _, r := range results {
		mark := ""
		if r.Over() {
			mark = fmt.Sprintf("  OVER %g", Limit)
		}
		fmt.Fprintf(&b, "%-*s  %-*s  %9s  %9s  %10s  %10s  %6.1f%s\n", shape, r.Shape, entry, r.Entry,
			bytesize(r.Size), bytesize(r.Size8), ms(r.Time), ms(r.Time8), r.Ratio, mark)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func bytesize(n int) string {
	switch {
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d B", n)
}

func ms(d time.Duration) string { return fmt.Sprintf("%.2f ms", float64(d)/1e6) }
