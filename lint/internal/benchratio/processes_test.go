package main

import (
	"strings"
	"testing"
	"time"
)

// TestProcessReport: the section states each ratio and judges it
// against its target, and says why the lint figure is missing when the
// tree of HTML is (white space aside).
func TestProcessReport(t *testing.T) {
	ms := time.Millisecond
	for _, c := range []struct {
		name string
		rep  processReport
		want []string
	}{
		{"met", processReport{runs: 100, hello: 5 * ms, relurl: 14 * ms, relurlCgo: 19 * ms, cgo: true,
			html: "docs", htmlRuns: 5, floor: 600 * ms, lint: 210 * ms, targets: 252 * ms, wasm: 8_700_000, wasmGzip: 2_340_000}, []string{
			"the playground's module (relurl.wasm, js/wasm)                 8.70 MB, 2.34 MB gzip-compressed",
			"the playground's module                                    2.34 MB gzip-compressed (target ≤ 3 MB): met",
			"relurl version                                                 14.0 ms    2.80× hello-world",
			"relurl version, go build's default (cgo, dynamic)              19.0 ms    3.80× hello-world",
			"relurl lint -j 1 --no-targets over docs                       210.0 ms    0.35× the floor",
			"the same with the target rules (the default)                  252.0 ms    1.20× without them",
			"relurl version, CPU                                           2.80× hello-world (target ≤ 3×): met",
			"relurl lint -j 1 --no-targets as a process, CPU               0.35× the tokenizer alone (target ≤ 0.4×): met",
			"target rules as a process, ./docs 1.20× without (target ≤ 1.3×): met",
		}},
		{"another tree", processReport{runs: 100, hello: 5 * ms, relurl: 14 * ms, relurlCgo: 19 * ms,
			html: "/usr/share/doc/python3.11/html", htmlRuns: 5, floor: 600 * ms, lint: 210 * ms, targets: 252 * ms,
			more: []treeCost{{dir: "/usr/share/doc/apache2-doc/manual", lint: 200 * ms, targets: 400 * ms}}}, []string{
			"relurl lint -j 1 --no-targets over /usr/share/doc/apache2-doc/manual 200.0 ms (least of 5 runs)",
			"the same with the target rules (the default) 400.0 ms 2.00× without them",
			"target rules as a process, python3.11/html 1.20× without (target ≤ 1.3×): met",
			"target rules as a process, apache2-doc/manual 2.00× without (target ≤ 1.3×): NOT MET",
			"What is left:",
		}},
		{"not met", processReport{runs: 100, hello: 5 * ms, relurl: 16 * ms, relurlCgo: 16 * ms,
			html: "docs", htmlRuns: 5, floor: 600 * ms, lint: 780 * ms, wasm: 12_000_000, wasmGzip: 3_200_000}, []string{
			"(target ≤ 3 MB): NOT MET",
			"relurl version, go build's default (no C linked)",
			"(target ≤ 3×): NOT MET",
			"1.30× the tokenizer alone (target ≤ 0.4×): NOT MET",
		}},
		{"no html", processReport{runs: 100, hello: 5 * ms, relurl: 10 * ms, relurlCgo: 10 * ms, noHTML: "no such directory"}, []string{
			"relurl lint -j 1 against its floor: not measured: no such directory",
			"(target ≤ 3×): met",
		}},
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
			if c.rep.noHTML != "" && strings.Contains(b.String(), "as a process, CPU") {
				t.Errorf("a lint target without a measurement:\n%s", b.String())
			}
		})
	}
}
