package main

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/relurl/relurl/internal/scale"
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

// axisRows are rows of the tree axis as a run over Debian's Python
// documentation might give them.
var axisRows = []scale.TreeRow{
	{Copies: 1, Files: 1063, Bytes: 66_800_000, CPU: 420 * time.Millisecond, RSS: 52 << 20},
	{Copies: 4, Files: 4252, Bytes: 267_300_000, CPU: 1440 * time.Millisecond, RSS: 60 << 20},
	{Copies: 16, Files: 17008, Bytes: 1_069_000_000, CPU: 5880 * time.Millisecond, RSS: 93 << 20},
}

// TestAxisReport holds the tree axis's section to its text: a title that
// names the command, the tree, the runs and the run, the table of
// internal/scale, and the growth from one copy to the most judged
// against make scale's bounds; a peak RSS not known is not judged, a
// tree not found is said.
func TestAxisReport(t *testing.T) {
	const run = "run of 2026-01-02T03:04Z, load 1.00 2.00 3.00"
	const title = "\nThe tree axis (relurl lint -j 1 --no-config over copies of /usr/share/doc/python3.11/html,\n" +
		"the least CPU of 3 runs, the largest peak RSS, in MB of 2^20 bytes; " + run + "):\n\n" +
		"  copies    files         MB        CPU   CPU per copy     peak RSS\n"
	noRSS := slices.Clone(axisRows)
	for i := range noRSS {
		noRSS[i].RSS = 0
	}
	over := slices.Clone(axisRows)
	over[2].CPU, over[2].RSS = 30*time.Second, 250<<20
	for _, c := range []struct {
		name string
		axis treeAxis
		want string
	}{
		{"met", treeAxis{date: "2026-01-02T03:04Z", load: "1.00 2.00 3.00", source: treeBounds[0].dir, rows: axisRows}, title + `       1     1063       66.8      0.42s          1.00×      52.0 MB
       4     4252      267.3      1.44s          0.86×      60.0 MB
      16    17008     1069.0      5.88s          0.88×      93.0 MB

  CPU time per copy at 16 copies over 1                         0.88× (target ≤ 3×): met
  peak RSS at 16 copies over 1                                  1.79× (target ≤ 4×): met
`},
		{"not met", treeAxis{date: "2026-01-02T03:04Z", load: "1.00 2.00 3.00", source: treeBounds[0].dir, rows: over}, title + `       1     1063       66.8      0.42s          1.00×      52.0 MB
       4     4252      267.3      1.44s          0.86×      60.0 MB
      16    17008     1069.0     30.00s          4.46×     250.0 MB

  CPU time per copy at 16 copies over 1                         4.46× (target ≤ 3×): NOT MET
  peak RSS at 16 copies over 1                                  4.81× (target ≤ 4×): NOT MET
`},
		{"no rss", treeAxis{date: "2026-01-02T03:04Z", load: "1.00 2.00 3.00", source: treeBounds[0].dir, rows: noRSS}, title + `       1     1063       66.8      0.42s          1.00×       0.0 MB
       4     4252      267.3      1.44s          0.86×       0.0 MB
      16    17008     1069.0      5.88s          0.88×       0.0 MB

  CPU time per copy at 16 copies over 1                         0.88× (target ≤ 3×): met
`},
		{"no cpu", treeAxis{date: "2026-01-02T03:04Z", load: "1.00 2.00 3.00", source: treeBounds[0].dir, rows: []scale.TreeRow{{Copies: 1}, {Copies: 4}}}, title + `       1        0        0.0      0.00s           NaN×       0.0 MB
       4        0        0.0      0.00s           NaN×       0.0 MB

  the growth: not judged: the first row has no CPU time: the growth cannot be judged
`},
		{"one row", treeAxis{date: "2026-01-02T03:04Z", load: "1.00 2.00 3.00", source: treeBounds[0].dir, rows: axisRows[:1]}, title + `       1     1063       66.8      0.42s          1.00×      52.0 MB

  the growth: not judged: fewer than two rows
`},
		{"not measured", treeAxis{}, ""},
		{"no source", treeAxis{date: "2026-01-02T03:04Z", load: "1.00 2.00 3.00", noSource: "none of [a b] is a directory"}, `
The tree axis (relurl lint -j 1 --no-config over copies of a tree,
the least CPU of 3 runs, the largest peak RSS, in MB of 2^20 bytes; ` + run + `):

  not measured: none of [a b] is a directory
`},
	} {
		t.Run(c.name, func(t *testing.T) {
			var b strings.Builder
			c.axis.write(&b)
			if got := b.String(); got != c.want {
				t.Errorf("the section:\n%s\nwant:\n%s", got, c.want)
			}
		})
	}
}

// TestSpliceAxis: a run that measured the tree axis writes its section in
// place of the report's own from an earlier run, and at the report's end
// when the report has none; the other sections stay as they were.
func TestSpliceAxis(t *testing.T) {
	rep := processReport{date: "2026-02-03T04:05Z", load: "0.50 0.60 0.70", runs: 100, hello: 5 * time.Millisecond, relurl: 14 * time.Millisecond,
		relurlCgo: 19 * time.Millisecond, noHTML: "no such directory", wasm: 8_700_000, wasmGzip: 2_340_000,
		axis: treeAxis{date: "2026-02-03T04:06Z", load: "0.50 0.60 0.70", source: treeBounds[0].dir, rows: axisRows}}
	var b strings.Builder
	rep.axis.write(&b)
	section := strings.TrimPrefix(b.String(), "\n")
	b.Reset()
	b.WriteString("relurl benchmark report\n\ndate:     B\n")
	rep.write(&b)
	report := b.String()
	if !strings.HasSuffix(report, "\n\n"+section) {
		t.Fatalf("the report does not end with the tree axis's section:\n%s", report)
	}
	// The run's sections before the axis: the whole processes and their
	// targets, each with the empty line after it.
	procs := strings.TrimSuffix(strings.TrimPrefix(report, "relurl benchmark report\n\ndate:     B\n\n"), section)
	head := "relurl benchmark report\n\ndate:     A\n\nScaling: old\n\n  s 1\n\n"
	oldAxis := "The tree axis (relurl lint -j 1 --no-config over copies of /usr/share/doc/python3.11/html,\nthe least CPU of 3 runs; run of 2026-01-01T00:00Z, load 9.00 9.00 9.00):\n\n  copies files\n       1     1063\n\n  CPU time per copy at 16 copies over 1 0.50× (target ≤ 3×): met\n"
	tail := "Peak memory:\n\n  rss 1\n"
	for _, c := range []struct{ name, old, want string }{
		{"replaced", head + oldAxis + "\n" + tail, head + section + "\n" + tail + "\n" + procs},
		{"replaced at the end", head + procs + oldAxis, head + procs + section},
		{"added", head + tail, head + tail + "\n" + procs + section},
	} {
		if got := splice(c.old, report); got != c.want {
			t.Errorf("%s: splice:\n%s\nwant:\n%s", c.name, got, c.want)
		}
	}
}
