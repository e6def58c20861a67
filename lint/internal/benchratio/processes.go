package main

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/relurl/relurl/internal/scale"
)

// The whole processes (decision S-11): what a user waits for is a
// process, start-up and exit included, which no benchmark inside one
// process sees. measureProcesses builds the commands (relurl, a
// hello-world Go program, the tokenizer floor of internal/htmlfloor) into
// a temporary directory, runs them in turn, and keeps each one's least
// CPU time (user + system, from the kernel's rusage of the child) over
// the runs: the least is the run the rest of the machine disturbed
// least. It measures the tree axis of make scale with the same relurl
// (decision S-20), and builds the playground's WebAssembly module, and
// weighs it.

// helloWorld is the program relurl's start-up is set beside: the
// smallest Go program that writes a line.
const helloWorld = `package main

import "fmt"

func main() { fmt.Println("hello, world") }
`

// proc is one command measured: its name in the report, its argv, its
// extra environment and the directory it runs in ("": this one).
type proc struct {
	name string
	argv []string
	env  []string
	dir  string
}

// run runs p and returns the CPU time (user + system) its process used
// and its peak RSS. The command's exit status is not checked past being
// an exit: relurl lint exits 1 when it finds something.
func (p proc) run() (usage, error) {
	cmd := exec.Command(p.argv[0], p.argv[1:]...)
	cmd.Env = append(os.Environ(), p.env...)
	cmd.Dir = p.dir
	cmd.Stdout, cmd.Stderr = io.Discard, io.Discard
	err := cmd.Run()
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		return usage{}, fmt.Errorf("%s: %w", p.name, err)
	}
	return usage{cpu: cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime(), rss: scale.PeakRSS(cmd.ProcessState)}, nil
}

// best runs the commands in turn, runs times over, and returns each one's
// least CPU time and largest peak RSS.
func best(runs int, procs ...proc) ([]usage, error) {
	least := make([]usage, len(procs))
	for i := 0; i < runs; i++ {
		for j, p := range procs {
			u, err := p.run()
			if err != nil {
				return nil, err
			}
			if i == 0 || u.cpu < least[j].cpu {
				least[j].cpu = u.cpu
			}
			least[j].rss = max(least[j].rss, u.rss)
		}
	}
	return least, nil
}

// build builds the package pkg (a directory or an import path) of the
// module at dir into out, with the extra environment env.
func build(dir, out, pkg string, env ...string) error {
	cmd := exec.Command("go", "build", "-o", out, pkg)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("go build %s: %w: %s", pkg, err, strings.TrimSpace(stderr.String()))
	}
	return nil
}

// processReport is what processes measured.
type processReport struct {
	// date and load say when the processes ran and the machine's load
	// average then: the section stands in a report made of several runs.
	date, load string
	runs       int
	// hello, relurl and relurlCgo are the least CPU of hello-world and of
	// "relurl version", built with CGO_ENABLED=0 and as go build builds it
	// by default (with cgo where a C compiler is found).
	hello, relurl, relurlCgo time.Duration
	cgo                      bool // whether relurlCgo's binary links C
	// html is the tree whose lint without the target rules is judged
	// against the floor (the floor reads each file's tags, not the tree
	// its links lead into); noHTML says why it was not measured.
	html, noHTML string
	htmlRuns     int
	// trees are the trees measured, html first; self is this process's
	// peak RSS as they began, which the kernel counts in a child's: a
	// child started with vfork (as Go starts one) shares the parent's
	// memory until it execs, and its peak is the larger of the two.
	trees []treeCost
	self  int64
	// htmltest is the version of htmltest run over the trees that name
	// it; noHTMLTest says why it was not.
	htmltest, noHTMLTest string
	// axis is the tree axis, measured after the trees.
	axis treeAxis
	// wasm and wasmGzip are the size of the playground's WebAssembly
	// module as built and gzip-compressed at the best compression.
	wasm, wasmGzip int
}

// treeAxis is the tree axis of make scale (decision S-20) as the report
// has it: relurl lint over copies of the tree source, the rows
// scale.MeasureTrees gives; noSource says why there are none.
type treeAxis struct {
	// date and load say when the axis was measured and the machine's load
	// average then: its section stands in a report made of several runs.
	date, load       string
	source, noSource string
	rows             []scale.TreeRow
}

// usage is what a command took over its runs: the least CPU time (user +
// system) and the largest peak resident set (bytes; 0 where the system
// does not say).
type usage struct {
	cpu time.Duration
	rss int64
}

// treeCost is what the floor, relurl lint -j 1 --no-targets, relurl lint
// -j 1 (the default: the target rules on) and htmltest took over a tree
// as processes, over runs runs of each in turn. htmltest is zero where it
// was not run.
type treeCost struct {
	dir                            string
	runs                           int
	floor, lint, targets, htmltest usage
}

// treeBound is what the default run may take over a tree of Debian's
// documentation, as a process (decision S-18): its CPU time over the
// floor's and its peak RSS (0: no bound). htmltest says whether htmltest
// is run over it too, runs the most runs over it (0: -html-runs): a tree
// whose run takes seconds gets fewer.
type treeBound struct {
	dir      string // where Debian's package installs the tree
	pkg      string // the package
	floor    float64
	rss      int64
	htmltest bool
	runs     int
}

// treeBounds are the trees the default run is judged on.
var treeBounds = []treeBound{
	{dir: "/usr/share/doc/python3.11/html", pkg: "python3.11-doc", floor: 0.6, rss: 60 << 20, htmltest: true},
	{dir: "/usr/share/doc/apache2-doc/manual", pkg: "apache2-doc", floor: 0.5, htmltest: true},
	{dir: "/usr/share/doc/rust-doc/html", pkg: "rust-doc", floor: 0.8, rss: 250 << 20, runs: 3},
}

// treeDirs are the directories of treeBounds but the first, the other
// trees the processes are measured on by default.
func treeDirs() string {
	var dirs []string
	for _, b := range treeBounds[1:] {
		dirs = append(dirs, b.dir)
	}
	return strings.Join(dirs, ",")
}

// shortName is the last two path elements of dir, as the report names a
// tree.
func shortName(dir string) string {
	return filepath.Base(filepath.Dir(dir)) + "/" + filepath.Base(dir)
}

// boundOf returns the bound of the tree at dir, if it has one: the
// tree's last two path elements name it, wherever it is.
func boundOf(dir string) (treeBound, bool) {
	i := slices.IndexFunc(treeBounds, func(b treeBound) bool { return shortName(b.dir) == shortName(dir) })
	if i < 0 {
		return treeBound{}, false
	}
	return treeBounds[i], true
}

// htmltestModule is the htmltest the default run is set beside: a link
// checker that keeps the whole tree in memory, with its checks of
// fragments within the tree (CheckInternalHash, on by default), built
// from the module proxy when the report is made and never kept.
const htmltestModule = "github.com/wjdp/htmltest@v0.17.0"

// buildHTMLTest builds htmltestModule into out, in a throwaway module in
// dir, as go get -tool fetches it.
func buildHTMLTest(dir, out string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	path, _, _ := strings.Cut(htmltestModule, "@")
	for _, argv := range [][]string{
		{"go", "mod", "init", "htmltestbench"},
		{"go", "get", "-tool", htmltestModule},
		{"go", "build", "-o", out, path},
	} {
		cmd := exec.Command(argv[0], argv[1:]...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "CGO_ENABLED=0", "GOWORK=off", "GOFLAGS=-mod=mod")
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		if err := cmd.Run(); err != nil {
			return fmt.Errorf("%s: %w: %s", strings.Join(argv, " "), err, strings.TrimSpace(stderr.String()))
		}
	}
	return nil
}

// measureProcesses builds and runs the commands: runs runs of the
// start-up, htmlRuns (or a tree's own fewer) of each command over the tree
// html and each of the trees more ("" or missing: not measured).
func measureProcesses(runs, htmlRuns int, html string, more []string) (*processReport, error) {
	root, err := moduleRoot()
	if err != nil {
		return nil, err
	}
	tmp, err := os.MkdirTemp("", "relurl-bench-processes")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	helloDir := filepath.Join(tmp, "hello")
	if err := os.MkdirAll(helloDir, 0o755); err != nil {
		return nil, err
	}
	for name, text := range map[string]string{"main.go": helloWorld, "go.mod": "module hello\n\ngo 1.22\n"} {
		if err := os.WriteFile(filepath.Join(helloDir, name), []byte(text), 0o644); err != nil {
			return nil, err
		}
	}
	bin := func(name string) string { return filepath.Join(tmp, name) }
	for _, b := range []struct {
		dir, out, pkg string
		env           []string
	}{
		{helloDir, bin("hello-world"), ".", []string{"CGO_ENABLED=0"}},
		{root, bin("relurl"), "./cmd/relurl", []string{"CGO_ENABLED=0"}},
		{root, bin("relurl-cgo"), "./cmd/relurl", nil},
		{root, bin("floor"), "./lint/internal/htmlfloor/cmd/floor", []string{"CGO_ENABLED=0"}},
	} {
		if err := build(b.dir, b.out, b.pkg, b.env...); err != nil {
			return nil, err
		}
	}
	rep := &processReport{runs: runs, html: html, htmlRuns: htmlRuns, cgo: linksC(bin("relurl-cgo")),
		date: time.Now().UTC().Format("2006-01-02T15:04Z"), load: loadAverage()}
	least, err := best(runs,
		proc{name: "hello-world", argv: []string{bin("hello-world")}},
		proc{name: "relurl version", argv: []string{bin("relurl"), "version"}},
		proc{name: "relurl version (cgo)", argv: []string{bin("relurl-cgo"), "version"}})
	if err != nil {
		return nil, err
	}
	rep.hello, rep.relurl, rep.relurlCgo = least[0].cpu, least[1].cpu, least[2].cpu
	if err := rep.measureTrees(tmp, bin, html, more); err != nil {
		return nil, err
	}
	if rep.axis, err = measureAxis(root, bin("relurl"), filepath.Join(tmp, "axis")); err != nil {
		return nil, err
	}
	// The module is weighed last: reading it raises this process's peak
	// RSS, which the kernel counts in its children's (selfRSS).
	if rep.wasm, rep.wasmGzip, err = wasmSize(root, filepath.Join(tmp, "wasm")); err != nil {
		return nil, err
	}
	return rep, nil
}

// measureTrees measures the floor, relurl lint and htmltest over the tree
// html and each of the trees more, with the binaries bin names in tmp.
func (rep *processReport) measureTrees(tmp string, bin func(string) string, html string, more []string) error {
	switch _, err := os.Stat(html); {
	case html == "":
		rep.noHTML = "no tree of HTML named (-html)"
		return nil
	case err != nil:
		rep.noHTML = fmt.Sprintf("%v (on Debian: apt-get install %s)", err, treeBounds[0].pkg)
		return nil
	}
	rep.htmltest = htmltestModule
	if err := buildHTMLTest(filepath.Join(tmp, "htmltest-module"), bin("htmltest")); err != nil {
		rep.htmltest, rep.noHTMLTest = "", err.Error()
	}
	// htmltest writes its log under the directory it runs in.
	htmltestDir := filepath.Join(tmp, "htmltest-run")
	if err := os.MkdirAll(htmltestDir, 0o755); err != nil {
		return err
	}
	rep.self = selfRSS()
	for i, dir := range append([]string{html}, more...) {
		if _, err := os.Stat(dir); err != nil || (i > 0 && dir == html) {
			continue
		}
		t := treeCost{dir: dir, runs: rep.htmlRuns}
		// relurl sets GOGC=400 for itself when GOGC is not set; the
		// floor gets the same.
		procs := []proc{
			{name: "floor", argv: []string{bin("floor"), dir}, env: []string{"GOGC=400"}},
			{name: "relurl lint -j 1 --no-targets", argv: []string{bin("relurl"), "lint", "-j", "1", "--no-config", "--no-targets", dir}},
			{name: "relurl lint -j 1", argv: []string{bin("relurl"), "lint", "-j", "1", "--no-config", dir}},
		}
		b, ok := boundOf(dir)
		if ok && b.runs > 0 {
			t.runs = min(t.runs, b.runs)
		}
		if rep.htmltest != "" && ok && b.htmltest {
			procs = append(procs, proc{name: "htmltest", argv: []string{bin("htmltest"), "--skip-external", dir}, dir: htmltestDir})
		}
		least, err := best(t.runs, procs...)
		if err != nil {
			return err
		}
		t.floor, t.lint, t.targets = least[0], least[1], least[2]
		if len(least) > 3 {
			t.htmltest = least[3]
		}
		rep.trees = append(rep.trees, t)
	}
	return nil
}

// measureAxis measures the tree axis with the relurl at bin, over copies
// of the first tree source found under the repository's root, made in
// dir and removed when measured.
func measureAxis(root, bin, dir string) (treeAxis, error) {
	axis := treeAxis{date: time.Now().UTC().Format("2006-01-02T15:04Z"), load: loadAverage()}
	source, err := scale.TreeSource(root)
	if err != nil {
		axis.noSource = err.Error()
		return axis, nil
	}
	axis.source = source
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return axis, err
	}
	defer os.RemoveAll(dir)
	if axis.rows, err = scale.MeasureTrees(bin, source, dir); err != nil {
		return axis, fmt.Errorf("the tree axis: %w", err)
	}
	return axis, nil
}

// loadAverage is the system's load average over 1, 5 and 15 minutes, or
// "" where /proc does not say.
func loadAverage() string {
	data, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return ""
	}
	f := strings.Fields(string(data))
	return strings.Join(f[:min(3, len(f))], " ")
}

// wasmSize builds the playground's WebAssembly module into dir, as relurl
// serve builds it (genwasm), and returns its size as built and
// gzip-compressed at the best compression.
func wasmSize(root, dir string) (raw, compressed int, err error) {
	cmd := exec.Command("go", "run", "./lint/internal/playground/internal/genwasm", "-o", dir)
	cmd.Dir = root
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return 0, 0, fmt.Errorf("genwasm: %w: %s", err, strings.TrimSpace(stderr.String()))
	}
	data, err := os.ReadFile(filepath.Join(dir, "relurl.wasm"))
	if err != nil {
		return 0, 0, err
	}
	var gz bytes.Buffer
	zw, err := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	if err != nil {
		return 0, 0, err
	}
	zw.Write(data)
	if err := zw.Close(); err != nil {
		return 0, 0, err
	}
	return len(data), gz.Len(), nil
}

// moduleRoot is the directory of the library's module, the repository's
// root: named, since in the workspace go list -m lists every module.
func moduleRoot() (string, error) {
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", "github.com/relurl/relurl").Output()
	if err != nil {
		return "", fmt.Errorf("go list -m: %w", err)
	}
	return strings.TrimSpace(string(out)), nil
}

// linksC reports whether the executable at path asks for a dynamic
// loader, as a binary that links C through cgo does.
func linksC(path string) bool {
	data, err := os.ReadFile(path)
	return err == nil && (bytes.Contains(data, []byte("/lib64/ld-linux")) || bytes.Contains(data, []byte("/lib/ld-linux")) ||
		bytes.Contains(data, []byte("/libexec/ld.so")) || bytes.Contains(data, []byte("/usr/lib/dyld")))
}

// write reports the measurements, as ratios, with their targets: relurl
// version within 3× a hello-world's CPU, relurl lint -j 1 --no-targets
// within 0.4× the floor's, x/net/html's tokenizer alone (the linter reads
// HTML with its own scanner, decision S-1), and relurl lint -j 1 as it
// runs by default within each tree's bounds (decision S-18). The ratio of
// the default run to the one without the target rules, and to htmltest,
// are information.
func (r *processReport) write(w io.Writer) {
	ms := func(d time.Duration) string { return fmt.Sprintf("%.1f ms", float64(d)/1e6) }
	mib := func(n int64) string {
		if n == 0 {
			return "?"
		}
		return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
	}
	ratio := func(a, b time.Duration) float64 { return float64(a) / float64(b) }
	fmt.Fprintf(w, "\nWhole processes (internal/benchratio; CPU = user + system from rusage, the least of %d runs,\n", r.runs)
	fmt.Fprintf(w, "the commands built with CGO_ENABLED=0 and run in turn; peak RSS the largest of the runs, in MB\n")
	fmt.Fprintf(w, "of 2^20 bytes, none under this process's own as it started them, %s; run of %s, load %s):\n\n", mib(r.self), r.date, r.load)
	fmt.Fprintf(w, "  %-58s %10s\n", "hello-world (fmt.Println)", ms(r.hello))
	fmt.Fprintf(w, "  %-58s %10s %7.2f× hello-world\n", "relurl version", ms(r.relurl), ratio(r.relurl, r.hello))
	how := "relurl version, go build's default (no C linked)"
	if r.cgo {
		how = "relurl version, go build's default (cgo, dynamic)"
	}
	fmt.Fprintf(w, "  %-58s %10s %7.2f× hello-world\n", how, ms(r.relurlCgo), ratio(r.relurlCgo, r.hello))
	if r.noHTML != "" {
		fmt.Fprintf(w, "  relurl lint -j 1 against its floor: not measured: %s\n", r.noHTML)
	}
	for _, t := range r.trees {
		name := shortName(t.dir)
		fmt.Fprintf(w, "\n  %s (%s), the least of %d runs:\n", name, t.dir, t.runs)
		fmt.Fprintf(w, "    %-40s %10s %9s\n", "the floor (the tokenizer alone)", ms(t.floor.cpu), mib(t.floor.rss))
		fmt.Fprintf(w, "    %-40s %10s %9s %6.2f× the floor\n", "relurl lint -j 1 --no-targets", ms(t.lint.cpu), mib(t.lint.rss), ratio(t.lint.cpu, t.floor.cpu))
		fmt.Fprintf(w, "    %-40s %10s %9s %6.2f× the floor, %.2f× --no-targets\n", "relurl lint -j 1 (the default)", ms(t.targets.cpu), mib(t.targets.rss),
			ratio(t.targets.cpu, t.floor.cpu), ratio(t.targets.cpu, t.lint.cpu))
		if t.htmltest.cpu > 0 {
			fmt.Fprintf(w, "    %-40s %10s %9s %6.2f× the floor; relurl's default %.2f× its CPU, %.2f× its RSS\n", "htmltest "+version(r.htmltest)+" --skip-external",
				ms(t.htmltest.cpu), mib(t.htmltest.rss), ratio(t.htmltest.cpu, t.floor.cpu), ratio(t.targets.cpu, t.htmltest.cpu),
				float64(t.targets.rss)/float64(max(1, t.htmltest.rss)))
		}
	}
	if r.noHTML == "" && r.noHTMLTest != "" {
		fmt.Fprintf(w, "\n  htmltest: not measured: %s\n", firstLine(r.noHTMLTest))
	}
	mb := func(n int) string { return fmt.Sprintf("%.2f MB", float64(n)/1e6) }
	fmt.Fprintf(w, "\n  %-58s %10s, %s gzip-compressed\n", "the playground's module (relurl.wasm, js/wasm)", mb(r.wasm), mb(r.wasmGzip))
	fmt.Fprintf(w, "\nTargets of the built programs:\n\n")
	x := ratio(r.relurl, r.hello)
	fmt.Fprintf(w, "  %-58s %7.2f× hello-world (target ≤ 3×): %s\n", "relurl version, CPU", x, verdict(x <= 3))
	met := true
	for i, t := range r.trees {
		if i == 0 {
			x := ratio(t.lint.cpu, t.floor.cpu)
			fmt.Fprintf(w, "  %-58s %7.2f× the tokenizer alone (target ≤ %g×): %s\n", "relurl lint -j 1 --no-targets as a process, CPU", x,
				lintProcessTarget, verdict(x <= lintProcessTarget))
		}
		b, ok := boundOf(t.dir)
		if !ok {
			continue
		}
		x := ratio(t.targets.cpu, t.floor.cpu)
		met = met && x <= b.floor
		fmt.Fprintf(w, "  %-58s %7.2f× the tokenizer alone (target ≤ %g×): %s\n", "relurl lint -j 1, "+shortName(b.dir)+", CPU", x, b.floor, verdict(x <= b.floor))
		if b.rss > 0 && t.targets.rss > 0 {
			fmt.Fprintf(w, "  %-58s %7s (target ≤ %s): %s\n", "relurl lint -j 1, "+shortName(b.dir)+", peak RSS", mib(t.targets.rss), mib(b.rss), verdict(t.targets.rss <= b.rss))
		}
	}
	fmt.Fprintf(w, "  %-58s %7s gzip-compressed (target ≤ 3 MB): %s\n", "the playground's module", mb(r.wasmGzip), verdict(r.wasmGzip <= 3<<20))
	if !met {
		fmt.Fprint(w, targetRulesLeft)
	}
	r.axis.write(w)
}

// write writes the tree axis as a section of its own, which names its
// run: the table of scale.WriteTreeTable, then the growth from the first
// row to the last judged against the bounds make scale holds it to.
// A treeAxis with neither source nor reason was not measured at all and
// writes nothing.
func (a treeAxis) write(w io.Writer) {
	if a.source == "" && a.noSource == "" {
		return
	}
	fmt.Fprintln(w)
	run := fmt.Sprintf("run of %s, load %s", a.date, a.load)
	if a.noSource != "" {
		fmt.Fprintf(w, "%s\n  not measured: %s\n", scale.TreeTitle("a tree", run), a.noSource)
		return
	}
	scale.WriteTreeTable(w, a.source, run, a.rows)
	perCopy, rss, ok := scale.TreeGrowth(a.rows)
	if !ok {
		why := "fewer than two rows"
		if len(a.rows) >= 2 {
			why = strings.Join(scale.TreeBounds(a.rows), "; ")
		}
		fmt.Fprintf(w, "\n  the growth: not judged: %s\n", why)
		return
	}
	first, last := a.rows[0], a.rows[len(a.rows)-1]
	fmt.Fprintln(w)
	what := fmt.Sprintf("at %d copies over %d", last.Copies, first.Copies)
	fmt.Fprintf(w, "  %-58s %7.2f× (target ≤ %g×): %s\n", "CPU time per copy "+what, perCopy, scale.TreeTimeLimit, verdict(perCopy <= scale.TreeTimeLimit))
	if rss > 0 {
		fmt.Fprintf(w, "  %-58s %7.2f× (target ≤ %g×): %s\n", "peak RSS "+what, rss, scale.TreeMemoryLimit, verdict(rss <= scale.TreeMemoryLimit))
	}
}

// version is the version of the module path@version m.
func version(m string) string {
	_, v, _ := strings.Cut(m, "@")
	return v
}

// firstLine is s up to its first line break.
func firstLine(s string) string {
	l, _, _ := strings.Cut(s, "\n")
	return l
}

// lintProcessTarget is the most CPU relurl lint -j 1 --no-targets may
// take, as a process, over that of the floor, x/net/html's tokenizer
// alone over the same tree.
const lintProcessTarget = 0.4

func verdict(ok bool) string {
	if ok {
		return "met"
	}
	return "NOT MET"
}
