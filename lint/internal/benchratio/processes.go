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
)

// The whole processes (decision S-11): what a user waits for is a
// process, start-up and exit included, which no benchmark inside one
// process sees. measureProcesses builds the commands (relurl, a
// hello-world Go program, the tokenizer floor of internal/htmlfloor) into
// a temporary directory, runs them in turn, and keeps each one's least
// CPU time (user + system, from the kernel's rusage of the child) over
// the runs: the least is the run the rest of the machine disturbed
// least. It builds the playground's WebAssembly module too, and weighs
// it.

// helloWorld is the program relurl's start-up is set beside: the
// smallest Go program that writes a line.
const helloWorld = `package main

import "fmt"

func main() { fmt.Println("hello, world") }
`

// proc is one command measured: its name in the report and its argv.
type proc struct {
	name string
	argv []string
	env  []string
}

// cpu runs p and returns the CPU time (user + system) its process used.
// The command's exit status is not checked past being an exit: relurl
// lint exits 1 when it finds something.
func (p proc) cpu() (time.Duration, error) {
	cmd := exec.Command(p.argv[0], p.argv[1:]...)
	cmd.Env = append(os.Environ(), p.env...)
	cmd.Stdout, cmd.Stderr = io.Discard, io.Discard
	err := cmd.Run()
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		return 0, fmt.Errorf("%s: %w", p.name, err)
	}
	return cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime(), nil
}

// best runs the commands in turn, runs times over, and returns each one's
// least CPU time.
func best(runs int, procs ...proc) ([]time.Duration, error) {
	least := make([]time.Duration, len(procs))
	for i := 0; i < runs; i++ {
		for j, p := range procs {
			d, err := p.cpu()
			if err != nil {
				return nil, err
			}
			if i == 0 || d < least[j] {
				least[j] = d
			}
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
	runs int
	// hello, relurl and relurlCgo are the least CPU of hello-world and of
	// "relurl version", built with CGO_ENABLED=0 and as go build builds it
	// by default (with cgo where a C compiler is found).
	hello, relurl, relurlCgo time.Duration
	cgo                      bool // whether relurlCgo's binary links C
	// html is the tree linted; floor and lint the least CPU of the floor
	// and of "relurl lint -j 1 --no-targets" over it (the floor reads
	// each file's tags, not the tree its links lead into), targets that
	// of "relurl lint -j 1", the target rules on as by default; htmlRuns
	// their runs; noHTML says why they were not measured.
	html, noHTML         string
	htmlRuns             int
	floor, lint, targets time.Duration
	// more are the other trees the target rules' cost is measured on as
	// processes (-targets-trees), with and without them.
	more []treeCost
	// wasm and wasmGzip are the size of the playground's WebAssembly
	// module as built and gzip-compressed at the best compression.
	wasm, wasmGzip int
}

// treeCost is what relurl lint -j 1 costs over a tree, as a process,
// without the target rules and with them (the least CPU of its runs).
type treeCost struct {
	dir           string
	lint, targets time.Duration
}

// measureProcesses builds and runs the commands: runs runs of the
// start-up, htmlRuns of the tree html ("" or missing: not measured) and of
// each of the trees more (those missing are left out).
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
	rep := &processReport{runs: runs, html: html, htmlRuns: htmlRuns, cgo: linksC(bin("relurl-cgo"))}
	if rep.wasm, rep.wasmGzip, err = wasmSize(root, filepath.Join(tmp, "wasm")); err != nil {
		return nil, err
	}
	least, err := best(runs,
		proc{name: "hello-world", argv: []string{bin("hello-world")}},
		proc{name: "relurl version", argv: []string{bin("relurl"), "version"}},
		proc{name: "relurl version (cgo)", argv: []string{bin("relurl-cgo"), "version"}})
	if err != nil {
		return nil, err
	}
	rep.hello, rep.relurl, rep.relurlCgo = least[0], least[1], least[2]
	if html == "" {
		rep.noHTML = "no tree of HTML named (-html)"
		return rep, nil
	}
	if _, err := os.Stat(html); err != nil {
		rep.noHTML = fmt.Sprintf("%v (on Debian: apt-get install python3.11-doc)", err)
		return rep, nil
	}
	// relurl sets GOGC=400 for itself when GOGC is not set; the floor
	// gets the same.
	least, err = best(htmlRuns,
		proc{name: "floor", argv: []string{bin("floor"), html}, env: []string{"GOGC=400"}},
		proc{name: "relurl lint -j 1 --no-targets", argv: []string{bin("relurl"), "lint", "-j", "1", "--no-config", "--no-targets", html}},
		proc{name: "relurl lint -j 1", argv: []string{bin("relurl"), "lint", "-j", "1", "--no-config", html}})
	if err != nil {
		return nil, err
	}
	rep.floor, rep.lint, rep.targets = least[0], least[1], least[2]
	for _, dir := range more {
		if _, err := os.Stat(dir); err != nil || dir == html {
			continue
		}
		least, err = best(htmlRuns,
			proc{name: "relurl lint -j 1 --no-targets", argv: []string{bin("relurl"), "lint", "-j", "1", "--no-config", "--no-targets", dir}},
			proc{name: "relurl lint -j 1", argv: []string{bin("relurl"), "lint", "-j", "1", "--no-config", dir}})
		if err != nil {
			return nil, err
		}
		rep.more = append(rep.more, treeCost{dir: dir, lint: least[0], targets: least[1]})
	}
	return rep, nil
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

// moduleRoot is the directory of the module benchratio is run in.
func moduleRoot() (string, error) {
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}").Output()
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
// HTML with its own scanner, decision S-1).
func (r *processReport) write(w io.Writer) {
	ms := func(d time.Duration) string { return fmt.Sprintf("%.1f ms", float64(d)/1e6) }
	ratio := func(a, b time.Duration) float64 { return float64(a) / float64(b) }
	fmt.Fprintf(w, "\nWhole processes (internal/benchratio; CPU = user + system from rusage, the least of %d runs,\n", r.runs)
	fmt.Fprintf(w, "the commands built with CGO_ENABLED=0 and run in turn):\n\n")
	fmt.Fprintf(w, "  %-58s %10s\n", "hello-world (fmt.Println)", ms(r.hello))
	fmt.Fprintf(w, "  %-58s %10s %7.2f× hello-world\n", "relurl version", ms(r.relurl), ratio(r.relurl, r.hello))
	how := "relurl version, go build's default (no C linked)"
	if r.cgo {
		how = "relurl version, go build's default (cgo, dynamic)"
	}
	fmt.Fprintf(w, "  %-58s %10s %7.2f× hello-world\n", how, ms(r.relurlCgo), ratio(r.relurlCgo, r.hello))
	if r.noHTML != "" {
		fmt.Fprintf(w, "  relurl lint -j 1 against its floor: not measured: %s\n", r.noHTML)
	} else {
		fmt.Fprintf(w, "  %-58s %10s   (least of %d runs)\n", "floor over "+r.html, ms(r.floor), r.htmlRuns)
		fmt.Fprintf(w, "  %-58s %10s %7.2f× the floor\n", "relurl lint -j 1 --no-targets over "+r.html, ms(r.lint), ratio(r.lint, r.floor))
		fmt.Fprintf(w, "  %-58s %10s %7.2f× without them\n", "the same with the target rules (the default)", ms(r.targets), ratio(r.targets, r.lint))
		for _, t := range r.more {
			fmt.Fprintf(w, "  %-58s %10s   (least of %d runs)\n", "relurl lint -j 1 --no-targets over "+t.dir, ms(t.lint), r.htmlRuns)
			fmt.Fprintf(w, "  %-58s %10s %7.2f× without them\n", "the same with the target rules (the default)", ms(t.targets), ratio(t.targets, t.lint))
		}
	}
	mb := func(n int) string { return fmt.Sprintf("%.2f MB", float64(n)/1e6) }
	fmt.Fprintf(w, "  %-58s %10s, %s gzip-compressed\n", "the playground's module (relurl.wasm, js/wasm)", mb(r.wasm), mb(r.wasmGzip))
	fmt.Fprintf(w, "\nTargets of the built programs:\n\n")
	x := ratio(r.relurl, r.hello)
	fmt.Fprintf(w, "  %-58s %7.2f× hello-world (target ≤ 3×): %s\n", "relurl version, CPU", x, verdict(x <= 3))
	if r.noHTML == "" {
		x := ratio(r.lint, r.floor)
		fmt.Fprintf(w, "  %-58s %7.2f× the tokenizer alone (target ≤ %g×): %s\n", "relurl lint -j 1 --no-targets as a process, CPU", x,
			lintProcessTarget, verdict(x <= lintProcessTarget))
		for _, t := range r.trees() {
			x := ratio(t.targets, t.lint)
			fmt.Fprintf(w, "  %-58s %7.2f× without (target ≤ %g×): %s\n", "target rules as a process, "+filepath.Base(filepath.Dir(t.dir))+"/"+filepath.Base(t.dir), x,
				targetRulesTarget, verdict(x <= targetRulesTarget))
		}
	}
	fmt.Fprintf(w, "  %-58s %7s gzip-compressed (target ≤ 3 MB): %s\n", "the playground's module", mb(r.wasmGzip), verdict(r.wasmGzip <= 3<<20))
	if r.noHTML == "" && slices.ContainsFunc(r.trees(), func(t treeCost) bool { return ratio(t.targets, t.lint) > targetRulesTarget }) {
		fmt.Fprint(w, targetRulesLeft)
	}
}

// trees returns the cost of the target rules on each tree measured: the
// tree of HTML, then the others.
func (r *processReport) trees() []treeCost {
	return append([]treeCost{{dir: r.html, lint: r.lint, targets: r.targets}}, r.more...)
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
