package cli

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/relurl/relurl"
	"github.com/relurl/relurl/internal/scale"
	rbase "github.com/relurl/relurl/lint/internal/base"
	"github.com/relurl/relurl/lint/internal/compare"
	"github.com/relurl/relurl/lint/internal/extract"
	"github.com/relurl/relurl/lint/internal/htmlscan"
	"github.com/relurl/relurl/lint/internal/lint"
	"github.com/relurl/relurl/lint/internal/runner"
	"github.com/relurl/relurl/lint/internal/target"
)

// The scaling suite: every command and library entry point on
// every shape of input, each at n and 8n bytes in the same run, the ratio
// of the two times held under scale.Limit (linear time gives about 8,
// quadratic 64). make scale runs it and prints the table; CI runs make
// scale. It is the home of timing: unit tests assert no times.

// section5Base is the base of RFC 1808 §5.
const section5Base = "http://a/b/c/d;p?q#f"

// urlShapes are the shapes of one URL (scale.URL).
var urlShapes = []string{scale.LongURL, scale.DeepDotDot, scale.InvalidBytes, scale.ManyFindings}

// fixed wraps an input that does not depend on a per-run state: the run
// function is f of the input, whose size is len.
func fixed(in string, f func(string)) (func(), int) { return func() { f(in) }, len(in) }

// runRelurl runs relurl with args and stdin, its output discarded.
func runRelurl(args []string, stdin string) func() {
	return func() { run(args, strings.NewReader(stdin), io.Discard, io.Discard) }
}

// kindOf returns the kind of package lint/extract named name, and false
// when there is none (mbox before the lintcli branch).
func kindOf(name string) (extract.Kind, bool) {
	k, err := extract.ParseKind(name)
	return k, err == nil
}

// scanHTML reads every start tag, attribute, decoded value and comment
// of doc with the HTML scanner.
func scanHTML(doc string) {
	sc := htmlscan.New(doc)
	for k := sc.Next(); k != htmlscan.EOF; k = sc.Next() {
		switch k {
		case htmlscan.StartTag:
			for _, a := range sc.Attrs() {
				_ = sc.Value(a)
			}
		case htmlscan.Comment:
			_ = sc.Text()
		}
	}
}

// scaleCases returns the suite.
func scaleCases(t *testing.T) []scale.Case {
	var cases []scale.Case
	add := func(entry, shape string, prepare func(n int) (func(), int)) {
		cases = append(cases, scale.Case{Entry: entry, Shape: shape, Prepare: prepare})
	}

	// The library: one URL.
	for _, shape := range urlShapes {
		u := func(n int) string { s, _ := scale.URL(shape, n); return s }
		add("Parse", shape, func(n int) (func(), int) { return fixed(u(n), func(s string) { _, _ = relurl.Parse(s) }) })
		add("Validate", shape, func(n int) (func(), int) { return fixed(u(n), func(s string) { _, _ = relurl.Validate(s) }) })
		add("Resolve", shape, func(n int) (func(), int) {
			// The shape as a reference: a long URL's path, the rest as
			// they are; "../" climbs a base as deep as it is long.
			ref, base := u(n), section5Base
			switch shape {
			case scale.LongURL:
				ref = strings.TrimPrefix(ref, "http://a")
			case scale.DeepDotDot:
				base = "http://a/" + strings.Repeat("b/", len(ref)/3)
			}
			return func() { _, _ = relurl.Resolve(base, ref) }, len(ref) + len(base)
		})
		if shape != scale.ManyFindings {
			add("Relative", shape, func(n int) (func(), int) {
				// The target against the §5 base; for "../", a base as deep
				// as the shape is long and a target at its root, so that
				// the answer climbs it all.
				target, base := u(n), section5Base
				if shape == scale.DeepDotDot {
					base, target = "http://a/"+strings.Repeat("b/", len(target)/3)+"c", "http://a/g"
				}
				return func() { _, _ = relurl.Relative(base, target) }, len(target) + len(base)
			})
		}
	}

	// The library: the three readings of one reference against the §5
	// base (compare.Base.Reference), on a long reference of each unit.
	cmpBase := compare.NewBase(section5Base)
	for _, unit := range scale.ReferenceUnits {
		add("compare.Reference", "reference of "+strconv.Quote(unit), func(n int) (func(), int) {
			return fixed(scale.Reference(unit, n), func(s string) { cmpBase.Reference(s) })
		})
	}

	// The library: a message's bases (resolve/base.Message, the MIME walk
	// relurl base and the linter share).
	messageShapes := []string{scale.LongLine, scale.ManyLines, scale.ManyFiles, scale.LongURL, scale.DeepNesting, scale.InvalidBytes, scale.LongHead}
	for _, shape := range messageShapes {
		add("base.Message", shape, func(n int) (func(), int) {
			msg, _ := scale.Message(shape, n)
			return fixed(msg, func(s string) { _, _ = rbase.Message(s, rbase.Context{}) })
		})
	}

	// The linter, each kind of document (Linter.File).
	l, err := lint.New(lint.Options{Retrieval: "http://a/b/c/d;p?q"})
	if err != nil {
		t.Fatal(err)
	}
	for _, kindName := range scale.Kinds {
		k, ok := kindOf(kindName)
		if !ok {
			t.Logf("lint %s: no such kind of document yet", kindName)
			continue
		}
		for _, shape := range scale.Shapes {
			if _, ok := scale.Document(kindName, shape, 100); !ok {
				continue
			}
			add("lint "+kindName, shape, func(n int) (func(), int) {
				doc, _ := scale.Document(kindName, shape, n)
				data := []byte(doc)
				return func() { l.File("scale", data, k) }, len(data)
			})
		}
	}
	add("lint html", scale.LongHead, func(n int) (func(), int) {
		data := []byte(scale.HTMLLongHead(n))
		return func() { l.File("scale", data, extract.KindHTML) }, len(data)
	})
	for _, h := range scale.HostileShapes() {
		k, ok := kindOf(h.Kind)
		if !ok {
			t.Fatalf("hostile shape %q: no kind %q", h.Name, h.Kind)
		}
		add("lint "+h.Kind, h.Name, func(n int) (func(), int) {
			data := []byte(h.Make(n))
			return func() { l.File("scale", data, k) }, len(data)
		})
		if h.Kind == "html" {
			add("htmlscan", h.Name, func(n int) (func(), int) { return fixed(h.Make(n), scanHTML) })
		}
	}
	for _, shape := range scale.Shapes {
		if doc, ok := scale.Document("html", shape, 100); ok && doc != "" {
			add("htmlscan", shape, func(n int) (func(), int) {
				doc, _ := scale.Document("html", shape, n)
				return fixed(doc, scanHTML)
			})
		}
	}

	// The commands that read URLs, one a line on standard input.
	lineShapes := append([]string{scale.ManyLines}, urlShapes...)
	lines := func(shape string, n int) string {
		if shape == scale.ManyLines {
			return scale.URLLines(n)
		}
		u, _ := scale.URL(shape, n)
		return u + "\n"
	}
	for _, c := range []struct {
		args   []string
		shapes []string
	}{
		{[]string{"parse"}, lineShapes},
		{[]string{"parse", "--json"}, lineShapes},
		{[]string{"resolve", section5Base}, lineShapes},
		{[]string{"resolve", "--json", section5Base}, lineShapes},
		{[]string{"resolve", "--lenient", section5Base}, lineShapes},
		{[]string{"relative", section5Base}, lineShapes},
		{[]string{"compare"}, lineShapes},
		{[]string{"compare", "--json", "--base", section5Base}, lineShapes},
		{[]string{"compare", "--markdown"}, lineShapes},
	} {
		for _, shape := range c.shapes {
			add("relurl "+strings.Join(c.args, " "), shape, func(n int) (func(), int) {
				in := lines(shape, n)
				return runRelurl(c.args, in), len(in)
			})
		}
	}
	add("relurl gen -n", scale.ManyLines, func(n int) (func(), int) {
		// About 40 bytes a URL: n bytes of output.
		count := fmt.Sprint(max(1, n/40))
		return runRelurl([]string{"gen", "--seed", "1", "-n", count}, ""), n
	})

	// relurl base: each kind of document on standard input.
	for _, kindName := range []string{"html", "message", "markdown", "css", "xml"} {
		shapes := []string{scale.LongLine, scale.ManyLines, scale.LongURL, scale.DeepNesting, scale.InvalidBytes}
		switch kindName {
		case "message":
			shapes = messageShapes
		case "html":
			shapes = append(shapes, scale.LongHead)
		}
		for _, shape := range shapes {
			add("relurl base --type "+kindName, shape, func(n int) (func(), int) {
				var doc string
				switch {
				case kindName == "message":
					doc, _ = scale.Message(shape, n)
				case shape == scale.LongHead:
					doc = scale.HTMLLongHead(n)
				default:
					doc, _ = scale.Document(kindName, shape, n)
				}
				return runRelurl([]string{"base", "--type", kindName, "-"}, doc), len(doc)
			})
		}
	}

	// relurl lint: each kind on standard input, and the formats.
	for _, kindName := range scale.Kinds {
		if _, ok := kindOf(kindName); !ok {
			continue
		}
		for _, shape := range []string{scale.LongLine, scale.ManyLines, scale.ManyFindings} {
			add("relurl lint --type "+kindName, shape, func(n int) (func(), int) {
				doc, _ := scale.Document(kindName, shape, n)
				return runRelurl([]string{"lint", "--no-config", "--type", kindName, "-"}, doc), len(doc)
			})
		}
	}
	for _, args := range [][]string{{"-v"}, {"--format", "json"}, {"--format", "sarif"}} {
		for _, shape := range []string{scale.LongLine, scale.ManyFindings, scale.LongURL} {
			add("relurl lint "+strings.Join(args, " ")+" (html)", shape, func(n int) (func(), int) {
				doc, _ := scale.Document("html", shape, n)
				return runRelurl(append([]string{"lint", "--no-config", "--type", "html"}, append(args, "-")...), doc), len(doc)
			})
		}
	}
	// Many files: pages of 4 KiB in a directory, linted with one job.
	dir := t.TempDir()
	add("relurl lint DIR", scale.ManyFiles, func(n int) (func(), int) {
		page, _ := scale.Document("html", scale.ManyLines, 4<<10)
		files := max(1, n/len(page))
		sub := filepath.Join(dir, fmt.Sprint(files))
		if err := os.MkdirAll(sub, 0o755); err != nil {
			t.Fatal(err)
		}
		for i := range files {
			if err := os.WriteFile(filepath.Join(sub, fmt.Sprintf("p%06d.html", i)), []byte(page), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		return runRelurl([]string{"lint", "--no-config", "-j", "1", sub}, ""), files * len(page)
	})
	// The target rules on many files: pages of about 4 KiB, each with 40
	// anchors and 40 references to the next page's anchors (half of them
	// missing), linted with one job.
	tdir := t.TempDir()
	{
		args := []string{"lint", "--no-config", "-j", "1"}
		add("relurl lint DIR (targets)", scale.ManyFiles, func(n int) (func(), int) {
			const perPage = 40
			page := func(i, files int) string {
				var b strings.Builder
				b.WriteString("<!DOCTYPE html><title>page</title>\n")
				for j := range perPage {
					fmt.Fprintf(&b, "<h2 id=\"s%d\">section %d</h2>\n<p><a href=\"p%06d.html#s%d\">next</a></p>\n", j, j, (i+1)%files, j+perPage*(j%2))
				}
				return b.String()
			}
			files := max(1, n/len(page(0, 1)))
			sub := filepath.Join(tdir, fmt.Sprint(files))
			size := 0
			if _, err := os.Stat(sub); err != nil {
				if err := os.MkdirAll(sub, 0o755); err != nil {
					t.Fatal(err)
				}
				for i := range files {
					if err := os.WriteFile(filepath.Join(sub, fmt.Sprintf("p%06d.html", i)), []byte(page(i, files)), 0o644); err != nil {
						t.Fatal(err)
					}
				}
			}
			for i := range files {
				size += len(page(i, files))
			}
			return runRelurl(append(args, sub), ""), size
		})
	}
	// The target rules in one page: many anchors, and as many references
	// to them, to missing ones and to another page's (Linter.CheckWith).
	add("lint html (targets)", "many anchors and fragments", func(n int) (func(), int) {
		var b strings.Builder
		for i := 0; b.Len() < n; i++ {
			fmt.Fprintf(&b, "<p id=\"a%d\"><a href=\"#a%d\">x</a> <a href=\"other.html#b%d\">y</a></p>\n", i, i+i%2, i)
		}
		doc := b.String()
		tl, err := lint.New(lint.Options{})
		if err != nil {
			t.Fatal(err)
		}
		return func() {
			tree, err := target.NewTree(target.Files("page.html", "other.html"), "", target.Options{})
			if err != nil {
				t.Fatal(err)
			}
			tree.SetAnchors("other.html", target.NewAnchors(extract.KindHTML, nil, target.SlugsGitHub))
			tl.CheckWith("page.html", doc, extract.KindHTML, "", nil, &target.Scope{Tree: tree, Paths: []string{"page.html"}})
		}, len(doc)
	})
	// Glob matching (exclude, include, override paths): linear in the
	// pattern's segments × the path's (decision L-50). A pattern is at
	// most runner.MaxPatternSize bytes (decision L-61), so the axis that
	// grows is the path's, against the longest pattern of "**/a/" a
	// configuration may hold; no pattern matches, so that every directory
	// that holds the path is tried.
	stars := func(k int) runner.Patterns {
		ps, err := runner.ParsePatterns([]string{strings.Repeat("**/a/", k) + "b"})
		if err != nil {
			t.Fatal(err)
		}
		return ps
	}
	add("runner.Patterns.Match", `path of n bytes, the longest pattern of "**/a/"`, func(n int) (func(), int) {
		ps, p := stars((runner.MaxPatternSize-1)/5), strings.Repeat("a/", n/2)+"c"
		return func() { ps.Match(p, false) }, n
	})
	add("runner.Patterns.Match", `path of n bytes, pattern of 100 "**/a/"`, func(n int) (func(), int) {
		ps, p := stars(100), strings.Repeat("a/", n/2)+"c"
		return func() { ps.Match(p, false) }, n
	})
	return cases
}

// TestScale runs the scaling suite when RELURL_SCALE is set (make scale),
// prints its table, and fails when a case's ratio passes scale.Limit. It
// is not run under the race detector, which slows memory accesses
// unevenly, nor by default: it takes half a minute of CPU time.
func TestScale(t *testing.T) {
	if os.Getenv("RELURL_SCALE") == "" {
		t.Skip("the scaling suite runs with RELURL_SCALE=1 (make scale)")
	}
	if scale.Race {
		t.Skip("timings mean little under the race detector")
	}
	cases := scaleCases(t)
	if only := os.Getenv("RELURL_SCALE_ONLY"); only != "" {
		var kept []scale.Case
		for _, c := range cases {
			if strings.Contains(c.Entry+" "+c.Shape, only) {
				kept = append(kept, c)
			}
		}
		cases = kept
	}
	var progress io.Writer = io.Discard
	if testing.Verbose() {
		progress = os.Stderr
	}
	results := scale.Suite(cases, scale.DefaultConfig, func(r scale.Result) {
		fmt.Fprintf(progress, "scale: %-18s %-44s ×%4.1f  (%d and %d bytes; %v of CPU)\n",
			r.Shape, r.Entry, r.Ratio, r.Size, r.Size8, r.Cost.Round(time.Millisecond))
	})
	scale.Sort(results)
	var table bytes.Buffer
	fmt.Fprintf(&table, "The time of each case at n and at 8n bytes, and their ratio (linear ~8, quadratic ~64; limit %g).\n", scale.Limit)
	fmt.Fprintf(&table, "A ratio well under 8: the cost does not grow with the input past a bound (a document not read\n")
	fmt.Fprintf(&table, "past a limit, diagnostics past validate.MaxDiagnostics), or is mostly fixed.\n\n")
	if err := scale.WriteTable(&table, results); err != nil {
		t.Fatal(err)
	}
	if testing.Verbose() {
		os.Stdout.Write(table.Bytes())
	}
	over := false
	for _, r := range results {
		if r.Over() {
			over = true
			t.Errorf("%s on %s: time grew %.1f× from %d to %d bytes (limit %g×): super-linear",
				r.Entry, r.Shape, r.Ratio, r.Size, r.Size8, scale.Limit)
		}
	}
	if over && !testing.Verbose() {
		t.Log("\n" + table.String())
	}
}
