// Command benchratio reads the output of go test -bench (the file make bench
// writes) and prints what benchstat's tables leave to arithmetic: each
// implementation's median time as a ratio to net/url's in the same run,
// the per-byte time and allocation of each scaling series at every size,
// and the targets, met or not; then the commands measured as whole
// processes (processes.go).
//
//	go run ./internal/benchratio bench.out
//
// Sub-benchmark names are key=value pairs. A benchmark whose name has
// impl=net-url is the baseline of every benchmark named the same but for
// its impl. A benchmark whose name has size=... belongs to the series
// named the same but for its size; its bytes per op come from its MB/s.
package main

import (
	"bufio"
	"cmp"
	"flag"
	"fmt"
	"io"
	"os"
	"path"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"
)

// result is the runs of one benchmark.
type result struct {
	pkg, name string // name without the Benchmark prefix and -GOMAXPROCS
	ns        []float64
	mbps      []float64
	nsPerByte []float64 // the benchmarks' own ns/B, where they report it
	bytesOp   []float64
	allocs    []float64
	// metrics are the benchmark's own metrics (x-floor, B/B, ...), by
	// unit.
	metrics map[string][]float64
}

func (r *result) key(drop string) string {
	var kept []string
	for _, e := range strings.Split(r.name, "/") {
		if !strings.HasPrefix(e, drop+"=") {
			kept = append(kept, e)
		}
	}
	return r.pkg + " " + strings.Join(kept, "/")
}

func (r *result) get(k string) string {
	for _, e := range strings.Split(r.name, "/") {
		if v, ok := strings.CutPrefix(e, k+"="); ok {
			return v
		}
	}
	return ""
}

// bytes is the input size per op, from ns/B (or MB/s, rounded) and ns/op;
// 0 when the benchmark reports neither.
func (r *result) bytes() float64 {
	switch {
	case len(r.nsPerByte) > 0:
		return median(r.ns) / median(r.nsPerByte)
	case len(r.mbps) > 0:
		return median(r.mbps) * median(r.ns) / 1e3
	}
	return 0
}

// perByte is the time per input byte.
func (r *result) perByte() float64 {
	if len(r.nsPerByte) > 0 {
		return median(r.nsPerByte)
	}
	return median(r.ns) / r.bytes()
}

func median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	if n := len(s); n%2 == 1 {
		return s[n/2]
	} else {
		return (s[n/2-1] + s[n/2]) / 2
	}
}

var procs = regexp.MustCompile(`-\d+$`)

// header is what go test says of the machine (goos, goarch, cpu) and what
// make bench adds (loadavg, date), by key.
type header map[string]string

func read(r io.Reader) ([]*result, header, error) {
	hdr := header{}
	byName := map[string]*result{}
	var order []*result
	pkg := ""
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if p, ok := strings.CutPrefix(line, "pkg: "); ok {
			pkg = path.Base(strings.TrimSpace(p))
			continue
		}
		for _, k := range []string{"goos", "goarch", "cpu", "loadavg", "date", "go"} {
			if v, ok := strings.CutPrefix(line, k+": "); ok && hdr[k] == "" {
				hdr[k] = strings.TrimSpace(v)
			}
		}
		f := strings.Fields(line)
		if len(f) < 4 || !strings.HasPrefix(f[0], "Benchmark") {
			continue
		}
		name := procs.ReplaceAllString(strings.TrimPrefix(f[0], "Benchmark"), "")
		res := byName[pkg+" "+name]
		if res == nil {
			res = &result{pkg: pkg, name: name}
			byName[pkg+" "+name] = res
			order = append(order, res)
		}
		for i := 2; i+1 < len(f); i += 2 {
			v, err := strconv.ParseFloat(f[i], 64)
			if err != nil {
				continue
			}
			switch f[i+1] {
			case "ns/op":
				res.ns = append(res.ns, v)
			case "MB/s":
				res.mbps = append(res.mbps, v)
			case "ns/B":
				res.nsPerByte = append(res.nsPerByte, v)
			case "B/op":
				res.bytesOp = append(res.bytesOp, v)
			case "allocs/op":
				res.allocs = append(res.allocs, v)
			default:
				if res.metrics == nil {
					res.metrics = map[string][]float64{}
				}
				res.metrics[f[i+1]] = append(res.metrics[f[i+1]], v)
			}
		}
	}
	return order, hdr, sc.Err()
}

// ratio is one implementation beside net/url.
type ratio struct {
	r, base *result
}

func (q ratio) value() float64 { return median(q.r.ns) / median(q.base.ns) }

func main() {
	reportFile := flag.String("report", "", "also write the report to this `file` (make bench: testdata/bench/report.txt)")
	processes := flag.Bool("processes", true, "also build relurl, a hello-world and the floor, and measure them as processes")
	procRuns := flag.Int("runs", 100, "runs of each short process (the least CPU of them counts)")
	htmlDefault := os.Getenv("RELURL_BENCH_HTML")
	if htmlDefault == "" {
		htmlDefault = treeBounds[0].dir
	}
	html := flag.String("html", htmlDefault, "the `tree` of HTML that relurl lint -j 1 and the floor read as processes")
	htmlRuns := flag.Int("html-runs", 10, "runs of relurl lint and of the floor over -html")
	spliceReport := flag.Bool("splice", false, "write into -report only the sections this run gives rows for, in place of the report's own, and keep the rest (make bench-targets)")
	targetTrees := flag.String("target-trees", treeDirs(), "other `trees`, comma-separated, that the floor, relurl lint -j 1 with and without the target rules and htmltest read as processes (Debian's apache2-doc and rust-doc)")
	flag.Parse()
	in := io.Reader(os.Stdin)
	if flag.NArg() > 0 {
		f, err := os.Open(flag.Arg(0))
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		defer f.Close()
		in = f
	}
	results, hdr, err := read(in)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	var out strings.Builder
	w := &out
	writeHeader(w, hdr)
	runs := 0
	for _, r := range results {
		runs = max(runs, len(r.ns))
	}
	fmt.Fprintf(w, "Medians of up to %d runs each, from one run of go test.\n", runs)

	// Ratios to net/url.
	bases := map[string]*result{}
	for _, r := range results {
		if r.get("impl") == "net-url" {
			bases[r.key("impl")] = r
		}
	}
	var ratios []ratio
	for _, r := range results {
		if b := bases[r.key("impl")]; b != nil && r != b && len(r.ns) > 0 && len(b.ns) > 0 {
			ratios = append(ratios, ratio{r, b})
		}
	}
	fmt.Fprintf(w, "\nTime as a ratio to net/url in the same run (ns/op; allocs/op):\n\n")
	fmt.Fprintf(w, "%-9s %-58s %12s %12s %9s %14s\n", "package", "benchmark", "net/url", "relurl", "ratio", "allocs")
	for _, q := range ratios {
		if q.r.get("size") != "" && q.r.get("size") != "1MB" {
			continue // the scaling series: one size here, the rest below
		}
		fmt.Fprintf(w, "%-9s %-58s %12s %12s %8.2f× %6.0f vs %4.0f\n", q.r.pkg, q.r.name,
			dur(median(q.base.ns)), dur(median(q.r.ns)), q.value(), median(q.r.allocs), median(q.base.allocs))
	}

	// Scaling series.
	series := map[string][]*result{}
	var keys []string
	for _, r := range results {
		if r.get("size") == "" || r.bytes() == 0 {
			continue
		}
		k := r.key("size")
		if series[k] == nil {
			keys = append(keys, k)
		}
		series[k] = append(series[k], r)
	}
	fmt.Fprintf(w, "\nScaling: ns per input byte at each size, the largest size's over the smallest's,\n")
	fmt.Fprintf(w, "and bytes allocated per input byte at the largest size:\n\n")
	for _, k := range keys {
		s := series[k]
		slices.SortFunc(s, func(a, b *result) int { return cmp.Compare(a.bytes(), b.bytes()) })
		var cells []string
		for _, r := range s {
			cells = append(cells, fmt.Sprintf("%s %7.3f", r.get("size"), r.perByte()))
		}
		first, last := s[0], s[len(s)-1]
		growth := last.perByte() / first.perByte()
		fmt.Fprintf(w, "%-62s %s  ×%.2f  %5.2f B/B\n", k, strings.Join(cells, "  "), growth, median(last.bytesOp)/last.bytes())
	}

	readers(w, results)
	floors(w, results)
	scanner(w, results)
	targetRules(w, results, hdr)
	relative(w, results)
	kinds(w, results)
	others(w, results)
	targets(w, results, ratios, series, keys)
	if *processes {
		rep, err := measureProcesses(*procRuns, *htmlRuns, *html, strings.Split(*targetTrees, ","))
		if err != nil {
			fmt.Fprintln(os.Stderr, "benchratio:", err)
			os.Exit(2)
		}
		rep.write(w)
	}
	text := out.String()
	if *spliceReport {
		if *reportFile == "" {
			fmt.Fprintln(os.Stderr, "benchratio: -splice needs -report")
			os.Exit(2)
		}
		old, err := os.ReadFile(*reportFile)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		text = splice(string(old), text)
	}
	os.Stdout.WriteString(text)
	if *reportFile != "" {
		if err := os.WriteFile(*reportFile, []byte(text), 0o644); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
	}
}

// targets checks the figures against the library's targets: parsing and
// resolving beside net/url, the validator's speed, linear time.
func targets(w io.Writer, results []*result, ratios []ratio, series map[string][]*result, keys []string) {
	fmt.Fprintf(w, "\nTargets of the library:\n\n")
	verdict := func(ok bool) string {
		if ok {
			return "met"
		}
		return "NOT MET"
	}
	find := func(pkg, name string) *ratio {
		for i, q := range ratios {
			if q.r.pkg == pkg && q.r.name == name {
				return &ratios[i]
			}
		}
		return nil
	}
	check := func(what, pkg, name string, limit float64) {
		if q := find(pkg, name); q != nil {
			fmt.Fprintf(w, "  %-58s %7.2f× net/url (target ≤ %g×): %s\n", what, q.value(), limit, verdict(q.value() <= limit))
		}
	}
	check("relurl.Parse on the mix", "relurl", "Parse/corpus=mix/impl=relurl", 0.5)
	check("relurl.Resolve on the §5 examples", "relurl", "Resolve/corpus=section5/impl=relurl", 1)
	check("relurl.Resolve on the mix of links", "relurl", "Resolve/corpus=resolve/impl=relurl", 1)
	check("grammar.Parse on the mix", "grammar", "Mix/corpus=mix/impl=grammar", 100)

	// Validate: the slowest shape at 1 MB and up, valid input, no allocation.
	slowest, allocs := -1.0, 0.0
	var which string
	for _, r := range results {
		if r.pkg == "relurl" && r.get("op") == "Validate" && r.get("impl") == "relurl" && r.bytes() >= 1e6 {
			if mb := 1e3 / r.perByte(); slowest < 0 || mb < slowest {
				slowest, which = mb, r.name
			}
			allocs = max(allocs, median(r.allocs))
		}
	}
	if slowest >= 0 {
		fmt.Fprintf(w, "  %-58s %7.0f MB/s, %g allocs (target ≥ 1000 MB/s, 0): %s\n",
			"relurl.Validate, slowest shape ≥ 1 MB ("+which+")", slowest, allocs, verdict(slowest >= 1000 && allocs == 0))
	}

	// Linearity and memory of every series.
	for _, k := range keys {
		s := series[k]
		first, last := s[0], s[len(s)-1]
		growth := last.perByte() / first.perByte()
		mem := median(last.bytesOp) / last.bytes()
		impl := last.get("impl")
		if impl == "net-url" {
			continue
		}
		line := fmt.Sprintf("  %-58s per byte ×%.2f from %s to %s (target ≤ 2×): %s", strings.TrimPrefix(k, last.pkg+" "),
			growth, first.get("size"), last.get("size"), verdict(growth <= 2))
		if last.pkg == "relurl" {
			// A few bytes of bookkeeping past twice the input are not
			// memory growing with it: the verdict is on the figure printed.
			line += fmt.Sprintf("; memory %.2f× input (target ≤ 2×): %s", mem, verdict(mem < 2.005))
		}
		fmt.Fprintln(w, line)
	}
	// The linter at its floor, Relative beside Resolve, Markdown at half
	// of HTML.
	fmt.Fprintf(w, "\nTargets of the linter and of Relative:\n\n")
	for _, r := range results {
		if x, ok := r.metric("x-floor"); ok && r.pkg == "lint" && strings.HasSuffix(r.name, "/features=default") {
			fmt.Fprintf(w, "  %-58s %7.2f× its floor (target ≤ 1.25×): %s\n", "relurl lint, "+r.get("corpus"), x, verdict(x <= 1.25))
		}
	}
	worstX, worstB, relSeen := 0.0, 0.0, false
	for _, r := range results {
		if r.pkg == "resolve" && strings.HasPrefix(r.name, "RelativeVsResolve/") && r.get("target") == "64KiB" {
			x, _ := r.metric("x-resolve")
			bb, _ := r.metric("B/B")
			worstX, worstB, relSeen = max(worstX, x), max(worstB, bb), true
		}
	}
	if relSeen {
		fmt.Fprintf(w, "  %-58s %7.2f× Resolve (target ≤ 1.5×): %s\n", "Relative, slowest shape at 64 KiB", worstX, verdict(worstX <= 1.5))
		fmt.Fprintf(w, "  %-58s %7.2f B/B (target ≤ 2): %s\n", "Relative, most allocating shape at 64 KiB", worstB, verdict(worstB <= 2))
	}
	if md, html := findResult(results, "lint", "FileKind/kind=markdown"), findResult(results, "lint", "FileKind/kind=html"); md != nil && html != nil && len(md.mbps) > 0 && len(html.mbps) > 0 {
		q := median(md.mbps) / median(html.mbps)
		fmt.Fprintf(w, "  %-58s %7.2f× HTML (target ≥ 0.5×): %s\n", "relurl lint on Markdown", q, verdict(q >= 0.5))
	}
}

// dur prints nanoseconds in the unit benchstat would.
func dur(ns float64) string {
	switch {
	case ns >= 1e9:
		return fmt.Sprintf("%.3fs", ns/1e9)
	case ns >= 1e6:
		return fmt.Sprintf("%.3fms", ns/1e6)
	case ns >= 1e3:
		return fmt.Sprintf("%.3fµs", ns/1e3)
	}
	return fmt.Sprintf("%.1fns", ns)
}

// writeHeader says where and when the figures were taken: the date, the
// Go version, the machine, and its load when the run began (make bench
// writes the date and the load average into bench.out first).
func writeHeader(w io.Writer, hdr header) {
	fmt.Fprintf(w, "relurl benchmark report (make bench; internal/benchratio)\n\n")
	date := hdr["date"]
	if date == "" {
		date = time.Now().UTC().Format(time.RFC3339)
	}
	fmt.Fprintf(w, "date:     %s\n", date)
	goVersion := hdr["go"]
	if goVersion == "" {
		goVersion = runtime.Version()
	}
	fmt.Fprintf(w, "go:       %s %s/%s\n", goVersion, hdr["goos"], hdr["goarch"])
	fmt.Fprintf(w, "machine:  %s, %d CPUs\n", hdr["cpu"], runtime.NumCPU())
	if l := hdr["loadavg"]; l != "" {
		fmt.Fprintf(w, "load:     %s (load average when the run began: the machine may be shared)\n", l)
	}
	fmt.Fprintln(w)
}

// findResult returns the result of the benchmark pkg name, or nil.
func findResult(results []*result, pkg, name string) *result {
	for _, r := range results {
		if r.pkg == pkg && r.name == name {
			return r
		}
	}
	return nil
}

// metric is the median of a benchmark's own metric, and false when it
// has none.
func (r *result) metric(unit string) (float64, bool) {
	if r == nil || len(r.metrics[unit]) == 0 {
		return 0, false
	}
	return median(r.metrics[unit]), true
}

// scanner reports the HTML scanner against x/net/html's Tokenizer on
// each tree (BenchmarkHTML in internal/htmlscan), with its target: at
// least 4× the tokenizer's speed.
func scanner(w io.Writer, results []*result) {
	var lines []string
	for _, r := range results {
		if r.pkg != "htmlscan" || r.get("impl") != "htmlscan" || len(r.ns) == 0 {
			continue
		}
		base := findResult(results, "htmlscan", strings.Replace(r.name, "impl=htmlscan", "impl=tokenizer", 1))
		if base == nil || len(base.ns) == 0 {
			continue
		}
		x := median(base.ns) / median(r.ns)
		lines = append(lines, fmt.Sprintf("  %-58s %7.2f× the tokenizer (%.0f against %.0f MB/s; %.0f against %.0f allocs/op) (target ≥ 4×): %s",
			"HTML scanner, "+r.get("tree"), x, median(r.mbps), median(base.mbps), median(r.allocs), median(base.allocs), verdict(x >= 4)))
	}
	if len(lines) == 0 {
		return
	}
	fmt.Fprintf(w, "\nThe HTML scanner (internal/htmlscan) against x/net/html's Tokenizer, every start tag's name,\n")
	fmt.Fprintf(w, "attributes and values and every comment, in the same run:\n\n")
	for _, l := range lines {
		fmt.Fprintln(w, l)
	}
}

// readers reports the reader of validate, generated from the BNF, beside
// the hand-written single pass it replaced (internal/handpass):
// BenchmarkReadersInterleaved's gen/hand, the best time of the generated
// reader over the hand-written one's, the two in turn in each iteration,
// on each corpus; the target is at least 0.9× the hand-written
// throughput, a gen/hand of at most 1/0.9.
func readers(w io.Writer, results []*result) {
	var lines []string
	for _, r := range results {
		x, ok := r.metric("gen/hand")
		if !ok || r.pkg != "validate" || !strings.HasPrefix(r.name, "ReadersInterleaved/") {
			continue
		}
		lines = append(lines, fmt.Sprintf("  %-58s %5.2f× the hand-written pass's throughput (target ≥ 0.9×): %s",
			"generated reader, "+r.get("corpus"), 1/x, verdict(1/x >= 0.9)))
	}
	if len(lines) == 0 {
		return
	}
	fmt.Fprintf(w, "\nThe reader generated from grammar/rfc1808.bnf (validate) beside the hand-written single pass\n")
	fmt.Fprintf(w, "(internal/handpass), the best of turns taken in alternation (BenchmarkReadersInterleaved):\n\n")
	for _, l := range lines {
		fmt.Fprintln(w, l)
	}
}

// floors reports the linter against its tokenizer floor:
// BenchmarkLintHTML's x-floor, the quotient of the linter's CPU time and
// the floor's taken in turn in each iteration, for each set of features
// and corpus; and the quotient of the two benchmarks' times.
func floors(w io.Writer, results []*result) {
	var rows []*result
	for _, r := range results {
		if r.pkg == "lint" && strings.HasPrefix(r.name, "LintHTML/") {
			rows = append(rows, r)
		}
	}
	if len(rows) == 0 {
		return
	}
	fmt.Fprintf(w, "\nThe linter against its floor (read + x/net/html Tokenizer + every start tag's name and attributes;\n")
	fmt.Fprintf(w, "CPU time, the two in turn in each iteration; the target: at most 1.25):\n\n")
	for _, r := range rows {
		x, ok := r.metric("x-floor")
		if !ok {
			continue
		}
		fmt.Fprintf(w, "  %-58s x-floor %5.2f  (%s, %.1f MB/s)\n", strings.TrimPrefix(r.name, "LintHTML/"), x, dur(median(r.ns)), median(r.mbps))
	}
	for _, f := range results {
		if f.pkg != "lint" || !strings.HasPrefix(f.name, "TokenizerFloor/") {
			continue
		}
		fmt.Fprintf(w, "  %-58s %s, %.1f MB/s\n", "TokenizerFloor/"+f.get("corpus"), dur(median(f.ns)), median(f.mbps))
	}
}

// targetRules reports what the target rules cost: BenchmarkLintTargets's
// x-notargets, the least CPU time of relurl lint -j 1 DIR with them over
// the least without, of runs-each runs of each in turn in each iteration,
// on each tree. The ratio is information: what the default run may cost is
// bounded against the floor, as a process (decision S-18). The section
// names the run it comes from, so that it can stand in a report made of
// several.
func targetRules(w io.Writer, results []*result, hdr header) {
	var rows []*result
	for _, r := range results {
		if _, ok := r.metric("x-notargets"); ok && r.pkg == "runner" && strings.HasPrefix(r.name, "LintTargets/") {
			rows = append(rows, r)
		}
	}
	if len(rows) == 0 {
		return
	}
	runs, _ := rows[0].metric("runs-each")
	fmt.Fprintf(w, "\nThe target rules: relurl lint -j 1 DIR with them over without, the least CPU time of %g runs\nof each, in turn, in each iteration (BenchmarkLintTargets;\nrun of %s, load %s; information: the bounds are the default run's against the floor, as a process):\n\n", runs, hdr["date"], strings.Join(strings.Fields(hdr["loadavg"])[:min(3, len(strings.Fields(hdr["loadavg"])))], " "))
	for _, r := range rows {
		x, _ := r.metric("x-notargets")
		fmt.Fprintf(w, "  %-58s x-notargets %5.2f  (%s with them)\n", strings.TrimPrefix(r.name, "LintTargets/"), x, dur(median(r.ns)))
	}
}

// targetRulesLeft says, under a bound of the default run not met, what
// is left of its cost and why, as the profiles of the Python docs, the
// Apache manual and rust-doc show it.
const targetRulesLeft = `
  What is left: perf profiles of whole runs (-j 1, the collector's settings of decision S-14), the
  parts' shares of the samples. Python docs: reading the HTML 32%, reading the files 15%, the URLs'
  own rules 14%; the target rules about 30%: the fragments of a page kept for the pages not read yet
  (Name.Take, Name.Defer, the hash of the text for reading it again) 13%, where each reference leads
  (Ref.Dest, checkWHATWGTarget) 8%, fragments checked as their pages are read 4%; the collector 4%.
  Most of the docs' fragments name pages later in the walk (the indexes come first), and each is kept
  until its page is read. Apache manual: the walk 10% (1 857 links followed), fragments checked at
  the end 11% (357 files read again to place 849 findings), each page under its language-variant
  names 6%, reading the files 13%. rust-doc: the collector 10% (the live heap up to about 90 MB, a
  third of it the references kept for pages not read yet), where 2.5 M references lead 7%, the pages'
  fragments kept 6%. None of these parts is a cheap cut: each is the rules' own work, done once.
`

// relative reports Relative beside Resolve on the same URL
// (BenchmarkRelativeVsResolve): time and allocation per byte of the
// target, at 64 KiB, for each shape.
func relative(w io.Writer, results []*result) {
	var rows []*result
	for _, r := range results {
		if r.pkg == "resolve" && strings.HasPrefix(r.name, "RelativeVsResolve/") && r.get("target") == "64KiB" {
			rows = append(rows, r)
		}
	}
	if len(rows) == 0 {
		return
	}
	fmt.Fprintf(w, "\nRelative(base, t) beside Resolve(base, r) of its answer, per byte of a 64 KiB target\n")
	fmt.Fprintf(w, "(the targets: x-resolve at most 1.5, B/B at most 2):\n\n")
	fmt.Fprintf(w, "  %-24s %9s %13s %10s %7s %12s\n", "shape", "ns/B", "resolve-ns/B", "x-resolve", "B/B", "resolve-B/B")
	worstX, worstB := 0.0, 0.0
	for _, r := range rows {
		ns := median(r.nsPerByte)
		rns, _ := r.metric("resolve-ns/B")
		x, _ := r.metric("x-resolve")
		bb, _ := r.metric("B/B")
		rbb, _ := r.metric("resolve-B/B")
		worstX, worstB = max(worstX, x), max(worstB, bb)
		fmt.Fprintf(w, "  %-24s %9.3f %13.3f %10.2f %7.2f %12.2f\n", r.get("shape"), ns, rns, x, bb, rbb)
	}
	fmt.Fprintf(w, "  %-24s %9s %13s %10.2f %7.2f\n", "(the largest)", "", "", worstX, worstB)
}

// kinds reports the linter and the extractors by kind of document, each
// beside HTML in the same run (BenchmarkFileKind, BenchmarkExtract).
func kinds(w io.Writer, results []*result) {
	for _, b := range []struct{ pkg, name, what string }{
		{"lint", "FileKind", "relurl lint by kind of document (BenchmarkFileKind: a 1 MB document, a link every 150 bytes or so)"},
		{"extract", "Extract", "the extractors alone by kind (BenchmarkExtract: the same documents' kinds, 1 MB)"},
	} {
		html := findResult(results, b.pkg, b.name+"/kind=html")
		if html == nil || len(html.mbps) == 0 {
			continue
		}
		fmt.Fprintf(w, "\n%s:\n\n", b.what)
		for _, r := range results {
			if r.pkg != b.pkg || !strings.HasPrefix(r.name, b.name+"/kind=") || len(r.mbps) == 0 {
				continue
			}
			fmt.Fprintf(w, "  %-10s %8.1f MB/s  %5.2f × HTML  (%s:%s)\n", r.get("kind"), median(r.mbps), median(r.mbps)/median(html.mbps), b.pkg, b.name)
		}
	}
}

// others reports every other metric a benchmark reports of its own
// (x-parse, on/off-cpu, plain-%, ...), by benchmark.
func others(w io.Writer, results []*result) {
	covered := map[string]bool{"ns/B": true}
	var lines []string
	for _, r := range results {
		if r.pkg == "lint" && strings.HasPrefix(r.name, "LintHTML/") || r.pkg == "resolve" && strings.HasPrefix(r.name, "RelativeVsResolve/") ||
			r.pkg == "runner" && strings.HasPrefix(r.name, "LintTargets/") {
			continue
		}
		var units []string
		for u := range r.metrics {
			if !covered[u] {
				units = append(units, u)
			}
		}
		slices.Sort(units)
		for _, u := range units {
			lines = append(lines, fmt.Sprintf("  %-9s %-58s %10.4g %s", r.pkg, r.name, median(r.metrics[u]), u))
		}
	}
	if len(lines) == 0 {
		return
	}
	fmt.Fprintf(w, "\nThe benchmarks' own metrics (medians):\n\n")
	for _, l := range lines {
		fmt.Fprintln(w, l)
	}
}

// sections splits a report into its sections: each begins with a line at
// the margin after an empty line (or the first line), and runs to the
// next.
func sections(text string) []string {
	lines := strings.SplitAfter(text, "\n")
	var out []string
	start := 0
	for i, l := range lines {
		if i > start && strings.TrimSpace(lines[i-1]) == "" && l != "" && l[0] != ' ' && strings.TrimSpace(l) != "" {
			out = append(out, strings.Join(lines[start:i], ""))
			start = i
		}
	}
	return append(out, strings.Join(lines[start:], ""))
}

// sectionKey names a section: its first line up to its first colon or
// parenthesis, what stays the same from one run to the next.
func sectionKey(s string) string {
	first, _, _ := strings.Cut(s, "\n")
	if i := strings.IndexAny(first, ":("); i >= 0 {
		first = first[:i]
	}
	return strings.TrimSpace(first)
}

// hasRows reports whether a section has rows, indented lines below its
// title: a section of a run that measured nothing of it has none.
func hasRows(s string) bool {
	_, body, _ := strings.Cut(s, "\n")
	for _, l := range strings.Split(body, "\n") {
		if strings.HasPrefix(l, "  ") && strings.TrimSpace(l) != "" {
			return true
		}
	}
	return false
}

// splice returns the report old with each section that the report new
// gives rows for in place of old's of the same name, and new's sections
// that old lacks at its end: a run of some of the benchmarks rewrites
// their sections and keeps the others, each of which names its run
// (decision S-19). A section written in place ends as the one it
// replaces did, so that the last of new's, which has no empty line
// after it, does not run into old's next.
func splice(old, new string) string {
	repl := map[string]string{}
	var order []string
	for _, s := range sections(new)[1:] {
		if k := sectionKey(s); hasRows(s) {
			repl[k] = s
			order = append(order, k)
		}
	}
	var b strings.Builder
	used := map[string]bool{}
	for _, s := range sections(old) {
		k := sectionKey(s)
		if n, ok := repl[k]; ok && !used[k] {
			// The section takes the line breaks that ended the one it
			// replaces: the empty line before the next section, or none
			// at the report's end.
			b.WriteString(strings.TrimRight(n, "\n") + s[len(strings.TrimRight(s, "\n")):])
			used[k] = true
			continue
		}
		b.WriteString(s)
	}
	for _, k := range order {
		if !used[k] {
			if !strings.HasSuffix(b.String(), "\n\n") {
				b.WriteString("\n")
			}
			b.WriteString(repl[k])
		}
	}
	return b.String()
}
