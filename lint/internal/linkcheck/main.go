// Linkcheck sets relurl lint's target rules beside linkinator on the
// trees Debian's documentation packages install, and writes what each
// finds and the CPU time each takes to a file docs/targets.md quotes
// (testdata/targets/linkcheck.txt): the figures are measured, never
// typed.
//
//	go run ./internal/linkcheck -node node20 -linkinator node_modules/linkinator/build/src/cli.js
//
// relurl lint runs as relurl lint --no-config -j 1 --format json DIR.
// linkinator runs offline on the tree on disk: its own server over the
// directory, --recurse --check-fragments, every other site skipped, JSON
// out. A tree not installed is left out.
// Findings are compared as broken (page, target) pairs for missing files,
// and as (target, fragment) pairs for fragments.
package main

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"time"
)

type tree struct {
	name, dir string
	markdown  bool
}

// pair is a broken link: a page and a missing target, or a target and a
// fragment it lacks; paths relative to the tree's root.
type pair struct{ a, b string }

type result struct {
	rules     map[string]int
	missing   map[pair]bool // page, target
	fragments map[pair]bool // target, fragment
	other     int           // linkinator: broken for another reason
	otherWhy  map[string]int
	cpu       time.Duration
}

func main() {
	node := flag.String("node", "node", "the `node` binary linkinator runs on (7.x needs Node.js 20)")
	cli := flag.String("linkinator", "", "linkinator's `cli.js` (npm install linkinator@7.6.1)")
	out := flag.String("out", "testdata/targets/linkcheck.txt", "the `file` to write")
	flag.Parse()
	work, err := os.MkdirTemp("", "linkcheck")
	check(err)
	defer os.RemoveAll(work)
	relurl := filepath.Join(work, "relurl")
	cmd := exec.Command("go", "build", "-o", relurl, "./cmd/relurl")
	cmd.Stderr = os.Stderr
	check(cmd.Run())

	trees := []tree{
		{"python3.11-docs", "/usr/share/doc/python3.11/html", false},
		{"apache-manual", "/usr/share/doc/apache2-doc/manual", false},
		{"git-docs", "/usr/share/doc/git-doc", false},
	}
	if md := nodeMarkdown(work); md != "" {
		trees = append(trees, tree{"nodejs-api-markdown", md, true})
	}
	version := "?"
	if *cli != "" {
		v, err := exec.Command(*node, *cli, "--version").Output()
		check(err)
		version = strings.TrimSpace(string(v))
	}
	nv, _ := exec.Command(*node, "--version").Output()

	var w bytes.Buffer
	fmt.Fprintf(&w, "measured %s on %s/%s, %d CPUs; relurl lint -j 1 at this commit; linkinator %s on Node.js %s\n",
		time.Now().UTC().Format("2006-01-02"), runtime.GOOS, runtime.GOARCH, runtime.NumCPU(), version, strings.TrimSpace(string(nv)))
	for _, t := range trees {
		if _, err := os.Stat(t.dir); err != nil {
			continue
		}
		r := runRelurl(relurl, t)
		fmt.Fprintf(&w, "%-20s relurl:     %s; %.2f CPU-s\n", t.name, rules(r.rules), r.cpu.Seconds())
		fmt.Fprintf(&w, "%-20s relurl:     %d broken (page, target) pairs, %d (target, fragment) pairs\n", t.name, len(r.missing), len(r.fragments))
		if *cli == "" {
			continue
		}
		l := runLinkinator(*node, *cli, t)
		fmt.Fprintf(&w, "%-20s linkinator: %d broken (page, target) pairs, %d of relurl's; %d (target, fragment) pairs, %d of relurl's; %d other failures%s; %.1f CPU-s\n",
			t.name, len(l.missing), common(l.missing, r.missing), len(l.fragments), common(l.fragments, r.fragments), l.other, whys(l.otherWhy), l.cpu.Seconds())
		fmt.Fprintf(&w, "%-20s CPU time, linkinator over relurl: %.0f×\n", t.name, l.cpu.Seconds()/r.cpu.Seconds())
	}
	os.Stdout.Write(w.Bytes())
	check(os.MkdirAll(filepath.Dir(*out), 0o755))
	check(os.WriteFile(*out, w.Bytes(), 0o644))
}

// nodeMarkdown gunzips the Markdown of nodejs-doc (with its HTML, which
// the Markdown links to) into a directory, or returns "".
func nodeMarkdown(work string) string {
	src := "/usr/share/doc/nodejs/api"
	entries, err := os.ReadDir(src)
	if err != nil {
		return ""
	}
	dir := filepath.Join(work, "nodejs-api")
	_ = entries
	check(filepath.WalkDir(src, func(p string, e os.DirEntry, err error) error {
		check(err)
		rel, _ := filepath.Rel(src, p)
		to := filepath.Join(dir, rel)
		if e.IsDir() {
			return os.MkdirAll(to, 0o755)
		}
		if !e.Type().IsRegular() {
			return nil
		}
		data, err := os.ReadFile(p)
		check(err)
		if n, ok := strings.CutSuffix(to, ".gz"); ok {
			zr, err := gzip.NewReader(bytes.NewReader(data))
			check(err)
			data, err = io.ReadAll(zr)
			check(err)
			to = n
		}
		return os.WriteFile(to, data, 0o644)
	}))
	return dir
}

// run runs cmd and returns its standard output and CPU time.
func run(cmd *exec.Cmd) ([]byte, time.Duration) {
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, io.Discard
	err := cmd.Run()
	if _, ok := err.(*exec.ExitError); err != nil && !ok {
		check(err)
	}
	return out.Bytes(), cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
}

var (
	leadsTo  = regexp.MustCompile(`leads to ("(?:[^"\\]|\\.)*") under the root`)
	fragment = regexp.MustCompile(`^the fragment ("(?:[^"\\]|\\.)*")…? names no anchor of ("(?:[^"\\]|\\.)*")`)
)

func runRelurl(relurl string, t tree) result {
	fmt.Fprintf(os.Stderr, "relurl on %s\n", t.dir)
	out, cpu := run(exec.Command(relurl, "lint", "--no-config", "-j", "1", "--format", "json", t.dir))
	r := result{rules: map[string]int{}, missing: map[pair]bool{}, fragments: map[pair]bool{}, cpu: cpu}
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		var f struct{ File, Rule, Message, URL string }
		check(json.Unmarshal(sc.Bytes(), &f))
		r.rules[f.Rule]++
		page, _ := filepath.Rel(t.dir, f.File)
		switch f.Rule {
		case "target/missing":
			if m := leadsTo.FindStringSubmatch(f.Message); m != nil {
				target, err := strconv.Unquote(m[1])
				check(err)
				r.missing[pair{page, strings.TrimSuffix(target, "/")}] = true
			}
		case "target/fragment":
			// The target from the message, the fragment from the URL
			// (a message quotes a long one cut).
			if m := fragment.FindStringSubmatch(f.Message); m != nil {
				target, err := strconv.Unquote(m[2])
				check(err)
				_, frag, _ := strings.Cut(f.URL, "#")
				r.fragments[pair{target, decode(frag)}] = true
			}
		}
	}
	return r
}

func runLinkinator(node, cli string, t tree) result {
	args := []string{cli, t.dir, "--recurse", "--check-fragments", "--skip", "^(?!http://localhost)", "--format", "json", "--concurrency", "8"}
	if t.markdown {
		args = append(args, "--markdown")
	}
	fmt.Fprintf(os.Stderr, "linkinator on %s\n", t.dir)
	out, cpu := run(exec.Command(node, args...))
	r := result{missing: map[pair]bool{}, fragments: map[pair]bool{}, otherWhy: map[string]int{}, cpu: cpu}
	var report struct {
		Links []struct {
			URL, State, Parent string
			Status             int
		}
	}
	if err := json.Unmarshal(out, &report); err != nil {
		check(fmt.Errorf("linkinator on %s: %w: %.200q", t.dir, err, out))
	}
	// Paths relative to the root, percent-decoded as relurl reports them;
	// the root itself, as linkinator names its index page, is its index.
	rel := func(p string) string {
		r, err := filepath.Rel(t.dir, decode(p))
		if err != nil {
			return p
		}
		if r == "." {
			r = "index.html"
		}
		return r
	}
	for _, l := range report.Links {
		if l.State != "BROKEN" {
			continue
		}
		path, frag, hasFrag := strings.Cut(l.URL, "#")
		switch {
		case l.Status == 404:
			r.missing[pair{rel(l.Parent), rel(path)}] = true
		case l.Status == 200 && hasFrag:
			r.fragments[pair{rel(path), decode(frag)}] = true
		default:
			r.other++
			why := fmt.Sprintf("status %d", l.Status)
			if _, err := os.Stat(path); l.Status == 0 && err == nil {
				why = "status 0 on a file that exists"
			}
			r.otherWhy[why]++
		}
	}
	return r
}

// decode percent-decodes a fragment, so that both tools' pairs compare.
func decode(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && i+2 < len(s) {
			if v, err := strconv.ParseUint(s[i+1:i+3], 16, 8); err == nil {
				b.WriteByte(byte(v))
				i += 2
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

func common(a, b map[pair]bool) int {
	n := 0
	for p := range a {
		if b[p] {
			n++
		}
	}
	return n
}

func rules(m map[string]int) string {
	var ids []string
	for id := range m {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	var parts []string
	for _, id := range ids {
		parts = append(parts, fmt.Sprintf("%d %s", m[id], id))
	}
	if len(parts) == 0 {
		return "no finding"
	}
	return strings.Join(parts, ", ")
}

func whys(m map[string]int) string {
	if len(m) == 0 {
		return ""
	}
	var parts []string
	for why, n := range m {
		parts = append(parts, fmt.Sprintf("%d %s", n, why))
	}
	sort.Strings(parts)
	return " (" + strings.Join(parts, ", ") + ")"
}

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
}
