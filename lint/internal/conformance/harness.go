package conformance

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/relurl/relurl/lint/internal/compare"
)

// AdaptersDir holds the adapters, one folder each, relative to the
// repository's root.
const AdaptersDir = "conformance/adapters"

// Adapter is how the harness runs one adapter: a small program that
// answers the cases with one URL library (docs/conformance-data.md gives
// the protocol).
type Adapter struct {
	// Name is the adapter's folder under [AdaptersDir].
	Name string
	// Needs says what must be installed for the adapter to run, for the
	// message when it cannot.
	Needs string
	// Probe is a command that succeeds when what the adapter needs is
	// there; nil when Build is the probe.
	Probe []string
	// Build, when not nil, builds the adapter first; "{out}" stands for
	// the file it writes, in a temporary folder.
	Build []string
	// Run is the command that answers the cases; "{dir}" stands for the
	// adapter's folder and "{out}" for what Build wrote.
	Run []string
}

// Adapters is the table of adapters, in the order of the conformance
// table.
var Adapters = []Adapter{
	{Name: "go", Needs: "go", Probe: []string{"go", "version"},
		Build: []string{"go", "build", "-o", "{out}", "./" + AdaptersDir + "/go-net-url"}, Run: []string{"{out}"}},
	{Name: "python", Needs: "python3", Probe: []string{"python3", "-c", "import urllib.parse"},
		Run: []string{"python3", "{dir}/adapter.py"}},
	{Name: "node-legacy", Needs: "node (Debian's nodejs)", Probe: []string{"node", "--version"},
		Run: []string{"node", "{dir}/adapter.js"}},
	{Name: "node-whatwg", Needs: "node (Debian's nodejs)", Probe: []string{"node", "--version"},
		Run: []string{"node", "{dir}/adapter.js"}},
	{Name: "perl", Needs: "perl with the URI module (Debian's liburi-perl)", Probe: []string{"perl", "-MURI", "-MJSON::PP", "-e", "1"},
		Run: []string{"perl", "{dir}/adapter.pl"}},
	{Name: "ruby", Needs: "ruby (Debian's ruby)", Probe: []string{"ruby", "-ruri", "-rjson", "-e", "1"},
		Run: []string{"ruby", "{dir}/adapter.rb"}},
	{Name: "curl", Needs: "cc and libcurl's headers (Debian's libcurl4-openssl-dev)",
		Build: []string{"cc", "-O2", "-o", "{out}", AdaptersDir + "/curl/adapter.c", "-lcurl"}, Run: []string{"{out}"}},
	{Name: "java", Needs: "a JDK (java and javac; Debian's openjdk-17-jdk-headless)", Probe: []string{"javac", "-version"},
		Run: []string{"java", "{dir}/Adapter.java"}},
}

// ErrMissing is wrapped by the error of [Adapter.Prepare] when what the
// adapter needs is not installed.
var ErrMissing = errors.New("not installed")

// Prepared is an adapter ready to run: its command, with its build done.
type Prepared struct {
	Adapter
	cmd []string
	tmp string
}

// Prepare checks that what the adapter needs is there and builds it. The
// error wraps [ErrMissing] when the adapter cannot run here. Close the
// result when done.
func (a Adapter) Prepare(ctx context.Context, root string) (*Prepared, error) {
	p := &Prepared{Adapter: a}
	if a.Probe != nil {
		c := exec.CommandContext(ctx, a.Probe[0], a.Probe[1:]...)
		c.Dir = root
		if out, err := c.CombinedOutput(); err != nil {
			return nil, fmt.Errorf("adapter %s needs %s: %w (%s: %v %s)", a.Name, a.Needs, ErrMissing,
				strings.Join(a.Probe, " "), err, bytes.TrimSpace(out))
		}
	}
	dir := filepath.Join(AdaptersDir, a.Name) // commands run in root
	out := ""
	if a.Build != nil {
		tmp, err := os.MkdirTemp("", "relurl-adapter-")
		if err != nil {
			return nil, err
		}
		p.tmp = tmp
		out = filepath.Join(tmp, a.Name)
		args := replace(a.Build, dir, out)
		c := exec.CommandContext(ctx, args[0], args[1:]...)
		c.Dir = root
		if b, err := c.CombinedOutput(); err != nil {
			p.Close()
			err = fmt.Errorf("adapter %s: %s: %v %s", a.Name, strings.Join(args, " "), err, bytes.TrimSpace(b))
			if a.Probe == nil {
				err = fmt.Errorf("%w; it needs %s: %w", err, a.Needs, ErrMissing)
			}
			return nil, err
		}
	}
	p.cmd = replace(a.Run, dir, out)
	return p, nil
}

func replace(args []string, dir, out string) []string {
	r := strings.NewReplacer("{dir}", dir, "{out}", out)
	res := make([]string, len(args))
	for i, s := range args {
		res[i] = r.Replace(s)
	}
	return res
}

// Close removes what the build wrote.
func (p *Prepared) Close() {
	if p.tmp != "" {
		os.RemoveAll(p.tmp)
	}
}

// Meta is the adapter's first line: the library it runs and what it can
// tell.
type Meta struct {
	// Implementation names the library; Version is its version.
	Implementation string `json:"implementation"`
	Version        string `json:"version"`
	// API names the functions the adapter calls.
	API string `json:"api"`
	// Validity: the library rejects some inputs as no URL, so that its
	// verdict can be compared with RFC 1808's.
	Validity bool `json:"validity"`
	// EmptyComponents: the library tells an empty query or fragment from
	// an absent one.
	EmptyComponents bool `json:"empty_components"`
	// Params: the library cuts params off the path (RFC 1808 §2.4.5).
	Params bool `json:"params"`
}

// Answer is the adapter's answer to one case: the URL and its parts as
// the library gives them (a part null when the library says it is
// absent), or an error.
type Answer struct {
	Href     *string `json:"href"`
	Scheme   *string `json:"scheme"`
	NetLoc   *string `json:"net_loc"`
	Path     *string `json:"path"`
	Params   *string `json:"params"`
	Query    *string `json:"query"`
	Fragment *string `json:"fragment"`
	Error    string  `json:"error"`
}

// OK reports whether the library gave a URL.
func (a *Answer) OK() bool { return a.Href != nil && a.Error == "" }

// String is the URL, or "error: " and the error.
func (a *Answer) String() string {
	if a.OK() {
		return *a.Href
	}
	return "error: " + a.Error
}

// runTimeout bounds one adapter's run over the whole file.
const runTimeout = 5 * time.Minute

// Run hands the cases to the adapter, one JSON object a line ({"input",
// "base"}), and reads its description and one answer per case.
func (p *Prepared) Run(ctx context.Context, root string, cases []*Case) (Meta, []Answer, error) {
	ctx, cancel := context.WithTimeout(ctx, runTimeout)
	defer cancel()
	var in bytes.Buffer
	for _, c := range cases {
		line, err := json.Marshal(struct {
			Input string  `json:"input"`
			Base  *string `json:"base"`
		}{c.Input, c.Base})
		if err != nil {
			return Meta{}, nil, err
		}
		in.Write(line)
		in.WriteByte('\n')
	}
	cmd := exec.CommandContext(ctx, p.cmd[0], p.cmd[1:]...)
	cmd.Dir = root
	cmd.Stdin = &in
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return Meta{}, nil, fmt.Errorf("adapter %s: %v: %s", p.Name, err, bytes.TrimSpace(stderr.Bytes()))
	}
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	var meta Meta
	var answers []Answer
	for n := 0; sc.Scan(); n++ {
		if n == 0 {
			if err := json.Unmarshal(sc.Bytes(), &meta); err != nil || meta.Implementation == "" {
				return Meta{}, nil, fmt.Errorf("adapter %s: its first line does not describe it: %q", p.Name, sc.Bytes())
			}
			continue
		}
		var a Answer
		if err := json.Unmarshal(sc.Bytes(), &a); err != nil {
			return Meta{}, nil, fmt.Errorf("adapter %s: answer %d: %w", p.Name, n, err)
		}
		if !a.OK() && a.Error == "" {
			return Meta{}, nil, fmt.Errorf("adapter %s: answer %d has neither href nor error: %q", p.Name, n, sc.Bytes())
		}
		answers = append(answers, a)
	}
	if err := sc.Err(); err != nil {
		return Meta{}, nil, err
	}
	if len(answers) != len(cases) {
		return Meta{}, nil, fmt.Errorf("adapter %s: %d answers to %d cases", p.Name, len(answers), len(cases))
	}
	return meta, answers, nil
}

// Ratio is a count out of a total.
type Ratio struct {
	N  int `json:"n"`
	Of int `json:"of"`
}

// Percent is N of Of in percent, one decimal ("97.4%"), or "n/a".
func (r Ratio) Percent() string {
	if r.Of == 0 {
		return "n/a"
	}
	return fmt.Sprintf("%.1f%%", 100*float64(r.N)/float64(r.Of))
}

// ClassCount is how many of an implementation's differences fall in one
// divergence class of package compare, with the first of them.
type ClassCount struct {
	Class   string  `json:"class"`
	N       int     `json:"n"`
	Example Example `json:"example"`
}

// Example is one case with RFC 1808's answer and the implementation's.
type Example struct {
	Input string  `json:"input"`
	Base  *string `json:"base"`
	Want  string  `json:"rfc1808"`
	Got   string  `json:"got"`
}

// Writing is the class the table gives a difference that package compare
// does not count as one: the two URLs differ only in how they are
// written (an empty fragment or query dropped, an escape's case, a
// default port, a percent-encoded character), which compare normalises
// away.
const Writing = "writing"

// Row is one implementation's line of the conformance table.
type Row struct {
	Adapter string `json:"adapter"`
	Meta
	// Section5 counts the §5.1 and §5.2 examples answered as the RFC does;
	// All every case (the same URL, byte for byte, or no URL where RFC
	// 1808 gives none).
	Section5 Ratio `json:"section5"`
	All      Ratio `json:"all"`
	// Split counts, of the cases where the implementation gives RFC 1808's
	// URL, those it cuts into the same six components.
	Split Ratio `json:"split"`
	// Verdict counts, where the implementation has a notion of validity,
	// the cases whose base is absent or can serve where it accepts exactly
	// the inputs RFC 1808 finds valid.
	Verdict *Ratio `json:"verdict,omitempty"`
	// Classes are the divergence classes of the differences, most first.
	Classes []ClassCount `json:"classes"`
	// Section5Answers are the answers to §5's examples, in the file's
	// order.
	Section5Answers []Example `json:"section5_answers"`
}

// Score holds the answers to the cases and fills in a row of the table.
func Score(adapter string, meta Meta, cases []*Case, answers []Answer) Row {
	r := Row{Adapter: adapter, Meta: meta}
	if meta.Validity {
		r.Verdict = &Ratio{}
	}
	byClass := map[string]*ClassCount{}
	bases := map[string]*compare.Base{}
	for i, c := range cases {
		a := &answers[i]
		pass := c.Failure == !a.OK() && (c.Failure || *a.Href == c.Href)
		r.All.Of++
		if pass {
			r.All.N++
		}
		if c.IsSection5() && c.HasBase() {
			r.Section5.Of++
			if pass {
				r.Section5.N++
			}
			r.Section5Answers = append(r.Section5Answers, exampleOf(c, a))
		}
		if !c.Failure && a.OK() && *a.Href == c.Href {
			r.Split.Of++
			if partsAgree(c.Parts, a, meta) {
				r.Split.N++
			}
		}
		if r.Verdict != nil && c.Failure == !c.Valid {
			r.Verdict.Of++
			if a.OK() == c.Valid {
				r.Verdict.N++
			}
		}
		if pass {
			continue
		}
		b := bases[c.BaseString()]
		if b == nil {
			b = compare.NewBase(c.BaseString())
			bases[c.BaseString()] = b
		}
		classes := []string{Writing}
		if ds := verdictFirst(b.Classify(c.Input, reading(a, meta)), c.Failure != !a.OK()); len(ds) > 0 {
			classes = classes[:0]
			for _, d := range ds {
				classes = append(classes, d.Class.String())
			}
		}
		for _, k := range classes {
			cc := byClass[k]
			if cc == nil {
				cc = &ClassCount{Class: k, Example: exampleOf(c, a)}
				byClass[k] = cc
			}
			cc.N++
		}
	}
	r.Classes = []ClassCount{}
	for _, cc := range byClass {
		r.Classes = append(r.Classes, *cc)
	}
	sort.Slice(r.Classes, func(i, j int) bool {
		x, y := r.Classes[i], r.Classes[j]
		return x.N > y.N || x.N == y.N && x.Class < y.Class
	})
	return r
}

func exampleOf(c *Case, a *Answer) Example {
	want := c.Href
	if c.Failure {
		want = "failure"
	}
	return Example{Input: c.Input, Base: c.Base, Want: want, Got: a.String()}
}

// reading is an answer as package compare reads another implementation.
// Of a library that cannot tell an empty component from an absent one,
// an empty component is taken as absent.
func reading(a *Answer, meta Meta) compare.Reading {
	if !a.OK() {
		return compare.Reading{Verdict: compare.Rejected, Error: a.Error}
	}
	p := parts(a)
	if !meta.EmptyComponents {
		p = emptyAsAbsent(p)
	}
	opt := func(o Opt) compare.Opt { return compare.Opt{Value: o.Value, Present: o.Present} }
	return compare.Reading{
		Verdict: compare.Accepted,
		URL:     compare.Opt{Value: *a.Href, Present: true},
		Components: compare.Components{
			Scheme: opt(p.Scheme), NetLoc: opt(p.NetLoc), Path: p.Path,
			Params: opt(p.Params), Query: opt(p.Query), Fragment: opt(p.Fragment),
		},
	}
}

// parts maps an answer onto the six components: a library without params
// has them cut off its path's last segment (see [compare.Components]).
func parts(a *Answer) Parts {
	o := func(s *string) Opt {
		if s == nil {
			return Opt{}
		}
		return Some(*s)
	}
	p := Parts{Scheme: o(a.Scheme), NetLoc: o(a.NetLoc), Params: o(a.Params), Query: o(a.Query), Fragment: o(a.Fragment)}
	if a.Path != nil {
		p.Path = *a.Path
	}
	if !p.Params.Present {
		path, params := compare.SplitParams(p.Path)
		p.Path, p.Params = path, Opt{Value: params.Value, Present: params.Present}
	}
	return p
}

// partsAgree reports whether the answer's components are those of the
// case; for a library that cannot tell an empty component from an absent
// one, the two are taken as the same.
func partsAgree(want Parts, a *Answer, meta Meta) bool {
	got := parts(a)
	if !meta.EmptyComponents {
		want, got = emptyAsAbsent(want), emptyAsAbsent(got)
	}
	return got == want
}

// emptyAsAbsent takes each empty component as absent.
func emptyAsAbsent(p Parts) Parts {
	for _, o := range []*Opt{&p.Scheme, &p.NetLoc, &p.Params, &p.Query, &p.Fragment} {
		if o.Present && o.Value == "" {
			*o = Opt{}
		}
	}
	return p
}

// verdictFirst keeps, when one side gives a URL and the other none, the
// divergences in the verdict: the components of a URL one side does not
// give (RFC 1808's lenient cut of an input it rejects, or nothing) are no
// difference of their own.
func verdictFirst(ds []compare.Divergence, verdictDiffers bool) []compare.Divergence {
	if !verdictDiffers {
		return ds
	}
	var out []compare.Divergence
	for _, d := range ds {
		for _, p := range d.Parts {
			if p.Component == "verdict" {
				out = append(out, d)
				break
			}
		}
	}
	if out == nil {
		return ds
	}
	return out
}
