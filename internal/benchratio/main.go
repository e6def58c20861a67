//go:build ignore

// Benchratio reads the output of go test -bench (the file make bench
// writes) and prints what benchstat's tables leave to arithmetic: each
// implementation's median time as a ratio to net/url's in the same run,
// the per-byte time and allocation of each scaling series at every size,
// and the targets, met or not.
//
//	go run ./internal/benchratio/main.go bench.out
//
// Sub-benchmark names are key=value pairs. A benchmark whose name has
// impl=net-url is the baseline of every benchmark named the same but for
// its impl. A benchmark whose name has size=... belongs to the series
// named the same but for its size; its bytes per op come from its MB/s.
//
// It is a file of its own, built only by go run, so that it is no package
// of the module (internal/layout gives every package its imports).
package main

import (
	"bufio"
	"cmp"
	"fmt"
	"io"
	"os"
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// result is the runs of one benchmark.
type result struct {
	pkg, name string // name without the Benchmark prefix and -GOMAXPROCS
	ns        []float64
	mbps      []float64
	nsPerByte []float64 // the benchmarks' own ns/B, where they report it
	bytesOp   []float64
	allocs    []float64
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

func read(r io.Reader) ([]*result, error) {
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
			}
		}
	}
	return order, sc.Err()
}

// ratio is one implementation beside net/url.
type ratio struct {
	r, base *result
}

func (q ratio) value() float64 { return median(q.r.ns) / median(q.base.ns) }

func main() {
	in := io.Reader(os.Stdin)
	if len(os.Args) > 1 {
		f, err := os.Open(os.Args[1])
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		defer f.Close()
		in = f
	}
	results, err := read(in)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	runs := 0
	for _, r := range results {
		runs = max(runs, len(r.ns))
	}
	fmt.Printf("Medians of up to %d runs each, from one run of go test.\n", runs)

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
	fmt.Printf("\nTime as a ratio to net/url in the same run (ns/op; allocs/op):\n\n")
	fmt.Printf("%-9s %-58s %12s %12s %9s %14s\n", "package", "benchmark", "net/url", "relurl", "ratio", "allocs")
	for _, q := range ratios {
		if q.r.get("size") != "" && q.r.get("size") != "1MB" {
			continue // the scaling series: one size here, the rest below
		}
		fmt.Printf("%-9s %-58s %12s %12s %8.2f× %6.0f vs %4.0f\n", q.r.pkg, q.r.name,
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
	fmt.Printf("\nScaling: ns per input byte at each size, the largest size's over the smallest's,\n")
	fmt.Printf("and bytes allocated per input byte at the largest size:\n\n")
	for _, k := range keys {
		s := series[k]
		slices.SortFunc(s, func(a, b *result) int { return cmp.Compare(a.bytes(), b.bytes()) })
		var cells []string
		for _, r := range s {
			cells = append(cells, fmt.Sprintf("%s %7.3f", r.get("size"), r.perByte()))
		}
		first, last := s[0], s[len(s)-1]
		growth := last.perByte() / first.perByte()
		fmt.Printf("%-62s %s  ×%.2f  %5.2f B/B\n", k, strings.Join(cells, "  "), growth, median(last.bytesOp)/last.bytes())
	}

	targets(results, ratios, series, keys)
}

// targets checks the figures against the targets of issue 6.
func targets(results []*result, ratios []ratio, series map[string][]*result, keys []string) {
	fmt.Printf("\nTargets (issue 6):\n\n")
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
			fmt.Printf("  %-58s %7.2f× net/url (target ≤ %g×): %s\n", what, q.value(), limit, verdict(q.value() <= limit))
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
		fmt.Printf("  %-58s %7.0f MB/s, %g allocs (target ≥ 1000 MB/s, 0): %s\n",
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
			line += fmt.Sprintf("; memory %.2f× input (target ≤ 2×): %s", mem, verdict(mem <= 2))
		}
		fmt.Println(line)
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
