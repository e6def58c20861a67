package main

import (
	"strings"
	"testing"
	"time"
)

// TestProcessReport: the section states each ratio and judges it
// against its target, the default run against the floor and within its
// peak RSS on the trees that have bounds, the ratio to the run without
// the target rules and to htmltest as information, and says why a
// figure is missing (white space aside).
func TestProcessReport(t *testing.T) {
	ms := time.Millisecond
	const mb = 1 << 20
	py := "/usr/share/doc/python3.11/html"
	apache := "/usr/share/doc/apache2-doc/manual"
	rust := "/usr/share/doc/rust-doc/html"
	for _, c := range []struct {
		name string
		rep  processReport
		want []string
		not  []string
	}{
		{"met", processReport{date: "2026-01-02T03:04Z", load: "1.00 2.00 3.00", runs: 100, hello: 5 * ms, relurl: 14 * ms, relurlCgo: 19 * ms, cgo: true,
			html: py, htmlRuns: 5, htmltest: htmltestModule, self: 30 * mb, trees: []treeCost{
				{dir: py, runs: 5, floor: usage{600 * ms, 40 * mb}, lint: usage{210 * ms, 30 * mb}, targets: usage{300 * ms, 50 * mb}, htmltest: usage{3000 * ms, 500 * mb}},
			}, wasm: 8_700_000, wasmGzip: 2_340_000}, []string{
			"the least of 100 runs, the commands built with CGO_ENABLED=0 and run in turn; peak RSS the largest of the runs, in MB of 2^20 bytes, none under this process's own as it started them, 30.0 MB; run of 2026-01-02T03:04Z, load 1.00 2.00 3.00)",
			"the playground's module (relurl.wasm, js/wasm)                 8.70 MB, 2.34 MB gzip-compressed",
			"the playground's module                                    2.34 MB gzip-compressed (target ≤ 3 MB): met",
			"relurl version                                                 14.0 ms    2.80× hello-world",
			"relurl version, go build's default (cgo, dynamic)              19.0 ms    3.80× hello-world",
			"python3.11/html (/usr/share/doc/python3.11/html), the least of 5 runs:",
			"the floor (the tokenizer alone) 600.0 ms 40.0 MB",
			"relurl lint -j 1 --no-targets 210.0 ms 30.0 MB 0.35× the floor",
			"relurl lint -j 1 (the default) 300.0 ms 50.0 MB 0.50× the floor, 1.43× --no-targets",
			"htmltest v0.17.0 --skip-external 3000.0 ms 500.0 MB 5.00× the floor; relurl's default 0.10× its CPU, 0.10× its RSS",
			"relurl version, CPU                                           2.80× hello-world (target ≤ 3×): met",
			"relurl lint -j 1 --no-targets as a process, CPU               0.35× the tokenizer alone (target ≤ 0.4×): met",
			"relurl lint -j 1, python3.11/html, CPU 0.50× the tokenizer alone (target ≤ 0.6×): met",
			"relurl lint -j 1, python3.11/html, peak RSS 50.0 MB (target ≤ 60.0 MB): met",
		}, []string{"NOT MET", "What is left", "not measured"}},
		{"other trees", processReport{runs: 100, hello: 5 * ms, relurl: 14 * ms, relurlCgo: 19 * ms,
			html: py, htmlRuns: 5, noHTMLTest: "go get -tool " + htmltestModule + ": exit status 1: proxy refused\nmore", trees: []treeCost{
				{dir: py, runs: 5, floor: usage{600 * ms, 40 * mb}, lint: usage{210 * ms, 30 * mb}, targets: usage{420 * ms, 70 * mb}},
				{dir: apache, runs: 5, floor: usage{800 * ms, 40 * mb}, lint: usage{200 * ms, 30 * mb}, targets: usage{400 * ms, 45 * mb}},
				{dir: rust, runs: 3, floor: usage{5000 * ms, 40 * mb}, lint: usage{3000 * ms, 130 * mb}, targets: usage{4500 * ms, 240 * mb}},
				{dir: "/srv/site", runs: 5, floor: usage{100 * ms, 10 * mb}, lint: usage{50 * ms, 10 * mb}, targets: usage{90 * ms, 20 * mb}},
			}}, []string{
			"apache2-doc/manual (/usr/share/doc/apache2-doc/manual), the least of 5 runs:",
			"rust-doc/html (/usr/share/doc/rust-doc/html), the least of 3 runs:",
			"relurl lint -j 1 (the default) 400.0 ms 45.0 MB 0.50× the floor, 2.00× --no-targets",
			"relurl lint -j 1, python3.11/html, CPU 0.70× the tokenizer alone (target ≤ 0.6×): NOT MET",
			"relurl lint -j 1, python3.11/html, peak RSS 70.0 MB (target ≤ 60.0 MB): NOT MET",
			"relurl lint -j 1, apache2-doc/manual, CPU 0.50× the tokenizer alone (target ≤ 0.5×): met",
			"relurl lint -j 1, rust-doc/html, CPU 0.90× the tokenizer alone (target ≤ 0.8×): NOT MET",
			"relurl lint -j 1, rust-doc/html, peak RSS 240.0 MB (target ≤ 250.0 MB): met",
			"site (/srv/site), the least of 5 runs:",
			"htmltest: not measured: go get -tool github.com/wjdp/htmltest@v0.17.0: exit status 1: proxy refused",
			"What is left:",
		}, []string{"apache2-doc/manual, peak RSS", "srv/site, CPU", "refused more", "htmltest v0.17.0"}},
		{"not met", processReport{runs: 100, hello: 5 * ms, relurl: 16 * ms, relurlCgo: 16 * ms,
			html: "docs", htmlRuns: 5, trees: []treeCost{{dir: "docs", runs: 5, floor: usage{cpu: 600 * ms}, lint: usage{cpu: 780 * ms}, targets: usage{cpu: 900 * ms}}},
			wasm: 12_000_000, wasmGzip: 3_200_000}, []string{
			"(target ≤ 3 MB): NOT MET",
			"relurl version, go build's default (no C linked)",
			"(target ≤ 3×): NOT MET",
			"1.30× the tokenizer alone (target ≤ 0.4×): NOT MET",
			"relurl lint -j 1 --no-targets 780.0 ms ? 1.30× the floor",
		}, nil},
		{"no html", processReport{runs: 100, hello: 5 * ms, relurl: 10 * ms, relurlCgo: 10 * ms, noHTML: "no such directory"}, []string{
			"relurl lint -j 1 against its floor: not measured: no such directory",
			"(target ≤ 3×): met",
		}, []string{"as a process, CPU", "htmltest"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			var b strings.Builder
			c.rep.write(&b)
			got := strings.Join(strings.Fields(b.String()), " ")
			for _, w := range c.want {
				if !strings.Contains(got, strings.Join(strings.Fields(w), " ")) {
					t.Errorf("the report lacks %q:\n%s", w, b.String())
				}
			}
			for _, w := range c.not {
				if strings.Contains(got, w) {
					t.Errorf("the report has %q:\n%s", w, b.String())
				}
			}
		})
	}
}

// TestTreeBounds: boundOf finds every tree with bounds by its last two
// path elements, wherever it is, each has a bound on its CPU, and the
// trees measured by default besides -html are the others.
func TestTreeBounds(t *testing.T) {
	for _, b := range treeBounds {
		if got, ok := boundOf("/tmp/x/" + shortName(b.dir)); !ok || got.dir != b.dir || b.floor <= 0 {
			t.Errorf("%s: boundOf gives %+v, %v", b.dir, got, ok)
		}
	}
	if got := treeDirs(); got != "/usr/share/doc/apache2-doc/manual,/usr/share/doc/rust-doc/html" {
		t.Errorf("treeDirs() = %q", got)
	}
	if _, ok := boundOf("/srv/site"); ok {
		t.Error("a tree without bounds has some")
	}
}
