//go:build unix

package runner

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/relurl/relurl/internal/scale"
	"github.com/relurl/relurl/lint/internal/lint"
	"github.com/relurl/relurl/lint/internal/report"
)

// discard is a report.Reporter that keeps nothing.
type discard struct{}

func (discard) Start([]lint.Setting) error    { return nil }
func (discard) File(*report.FileResult) error { return nil }
func (discard) End(*report.Summary) error     { return nil }

// BenchmarkControls lints a tree of 120 pages of scale.Pages (6 MB, in 4
// directories, one of them an override's) through Run with one job, the
// way relurl lint does, with the controls and without, alternately in each
// iteration so that both see the same machine. "off" is the linter with
// default options; "on" adds a configuration (levels that leave every rule
// as it was, so that the work is the same; an override; the allowances;
// excludes and includes that the walk asks for each path), a
// relurl:ignore directive every 40 lines of every page, a baseline holding
// the findings of a third of the pages, and the recording of a new
// baseline. It reports the process's CPU time per iteration of each
// (cpu-ms-off, cpu-ms-on), the throughput of each in MB of HTML per
// CPU-second, and on-cpu/off-cpu, the cost of the controls (its bound:
// at most 1.10). The ratio compares the same pages, the directives' bytes
// aside, so it does not flatter the controls.
func BenchmarkControls(b *testing.B) {
	pages := scale.Pages(120)
	dir := b.TempDir()
	var plain, withDirectives int64
	write := func(root string, directives bool) {
		for i, p := range pages {
			text := string(p)
			if directives {
				lines := strings.SplitAfter(text, "\n")
				var sb strings.Builder
				for j, l := range lines {
					if j > 0 && j%40 == 0 {
						sb.WriteString("<!-- relurl:ignore fsegment/char,segment/char -- a legacy link -->\n")
					}
					sb.WriteString(l)
				}
				text = sb.String()
				withDirectives += int64(len(text))
			} else {
				plain += int64(len(text))
			}
			sub := []string{"guide", "library", "legacy", "howto"}[i%4]
			p := filepath.Join(root, sub, fmt.Sprintf("page%03d.html", i))
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				b.Fatal(err)
			}
			if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
				b.Fatal(err)
			}
		}
	}
	write(filepath.Join(dir, "off"), false)
	write(filepath.Join(dir, "on"), true)

	off, err := lint.New(lint.Options{})
	if err != nil {
		b.Fatal(err)
	}
	cfg, err := ParseConfig(filepath.Join(dir, "on", ConfigName), []byte(`
exclude = ["_sources/**", "vendor/", "*.min.html", "!keep.html", "**/_build/**"]
include = ["**/*.html", "**/*.htm"]
[rules]
"fsegment/colon" = "warning"
portability = "warning"
rfc1738 = "off"
[allow]
chars = "~"
ipv6-hosts = true
[[override]]
paths = ["legacy/**"]
rules = { syntax = "warning" }
`))
	if err != nil {
		b.Fatal(err)
	}
	on, err := lint.New(cfg.Options())
	if err != nil {
		b.Fatal(err)
	}
	// The baseline: the findings of every third page.
	base := NewBaseline(dir)
	rec := Run{Linter: on, Overrides: cfg.Overrides, Dir: cfg.Dir, Jobs: 1, Record: base, Skip: func(path string, isDir bool) bool {
		return !isDir && !strings.HasSuffix(path, "0.html") && !strings.HasSuffix(path, "3.html") && !strings.HasSuffix(path, "6.html")
	}}
	if _, err := rec.Lint([]string{filepath.Join(dir, "on")}, discard{}); err != nil {
		b.Fatal(err)
	}
	var cpuOff, cpuOn time.Duration
	for b.Loop() {
		t0 := scale.CPUTime()
		r := Run{Linter: off, Jobs: 1}
		if _, err := r.Lint([]string{filepath.Join(dir, "off")}, discard{}); err != nil {
			b.Fatal(err)
		}
		t1 := scale.CPUTime()
		r = Run{Linter: on, Overrides: cfg.Overrides, Dir: cfg.Dir, Jobs: 1, Skip: cfg.Skips, Baseline: base, Record: NewBaseline(dir)}
		sum, err := r.Lint([]string{filepath.Join(dir, "on")}, discard{})
		if err != nil || sum.Files != len(pages) || sum.Baselined == 0 || sum.Suppressed == 0 {
			b.Fatalf("%v: %+v", err, sum)
		}
		t2 := scale.CPUTime()
		cpuOff += t1 - t0
		cpuOn += t2 - t1
	}
	n := float64(b.N)
	b.ReportMetric(cpuOff.Seconds()*1e3/n, "cpu-ms-off")
	b.ReportMetric(cpuOn.Seconds()*1e3/n, "cpu-ms-on")
	b.ReportMetric(float64(plain)/1e6/(cpuOff.Seconds()/n), "MB/cpu-s-off")
	b.ReportMetric(float64(withDirectives)/1e6/(cpuOn.Seconds()/n), "MB/cpu-s-on")
	b.ReportMetric(cpuOn.Seconds()/cpuOff.Seconds(), "on/off-cpu")
}
