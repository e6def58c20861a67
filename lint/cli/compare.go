package cli

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/relurl/relurl/lint/internal/compare"
	"github.com/relurl/relurl/lint/internal/markdown"
)

// compareHelp is relurl compare's help, after its usage line.
const compareHelp = `Reads each URL three ways, by RFC 1808 (relurl), RFC 3986 (Go's net/url, lenient) and the WHATWG URL
Standard (browsers), or with --base resolves it against URL three ways, and prints the readings side by side:
a row per component, a column per reader, each divergent row marked with its class; then each divergence with
the RFC 1808 production or §4 step that decides it. --json prints the report of package compare, one object per
URL; --markdown a Markdown table row per URL. URLs come from the arguments or, when there are none, from
standard input one per line.
Exit status: 0 when the readers agree on every URL, 1 when they part on any, 2 on a usage or I/O error.`

func runCompare(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("compare", stderr)
	base := fs.String("base", "", "resolve each URL against this base `URL` (§4; each reader its way)")
	asJSON := fs.Bool("json", false, "print the report as JSON, one object per URL")
	asMarkdown := fs.Bool("markdown", false, "print a Markdown table: a header, then a row per URL")
	inputs, code, ok := parseArgs(fs, args, stdout)
	if !ok {
		return code
	}
	if *asJSON && *asMarkdown {
		return fs.fail(errors.New("--json and --markdown exclude each other"))
	}
	b := compare.NewBase(*base)
	code = exitOK
	first := true
	if !streamInputs("compare", inputs, stdin, stdout, stderr, func(out io.Writer, s string) error {
		rep := b.Reference(s)
		if !rep.Agree {
			code = exitInvalid
		}
		switch {
		case *asJSON:
			return writeJSON(out, rep)
		case *asMarkdown:
			if first {
				writeCompareMarkdownHeader(out, *base)
			}
			writeCompareMarkdownRow(out, rep)
		default:
			if !first {
				fmt.Fprintln(out)
			}
			writeCompareText(out, rep)
		}
		first = false
		return nil
	}) {
		return exitUsage
	}
	return code
}

// compareRow is a row of the text table: a label and a value per reader,
// and the classes of the divergences that part the readers there.
type compareRow struct {
	label  string
	values [3]string
	mark   string
}

// notSplit stands in the table for a part of the net_loc that a reader
// does not split (RFC 1808 leaves the net_loc whole).
const notSplit = "—"

// writeCompareText prints one report as a block: the input (and base), a
// row per component with a column per reader, the divergent rows marked
// with their classes, then each divergence and each reader's error.
func writeCompareText(w io.Writer, rep *compare.Report) {
	if rep.Base.Present {
		fmt.Fprintf(w, "%s against %s\n", strconv.Quote(rep.Input), strconv.Quote(rep.Base.Value))
	} else {
		fmt.Fprintf(w, "%s\n", strconv.Quote(rep.Input))
	}
	marks := map[string][]string{}
	for _, d := range rep.Divergences {
		for _, p := range d.Parts {
			marks[p.Component] = append(marks[p.Component], d.Class.String())
		}
	}
	rows := []compareRow{{label: ""}}
	for i, rd := range rep.Readings {
		rows[0].values[i] = rd.Reader.String()
	}
	add := func(label, mark string, value func(rd *compare.Reading) string) {
		r := compareRow{label: label, mark: strings.Join(marks[mark], ", ")}
		for i := range rep.Readings {
			r.values[i] = value(&rep.Readings[i])
		}
		rows = append(rows, r)
	}
	add("verdict", "verdict", func(rd *compare.Reading) string {
		v := rd.Verdict.String()
		if len(rd.FixUps) > 0 {
			fix := make([]string, len(rd.FixUps))
			for i, f := range rd.FixUps {
				fix[i] = f.String()
			}
			v += ": " + strings.Join(fix, ", ")
		}
		return v
	})
	opt := func(o compare.Opt) string {
		if !o.Present {
			return "(absent)"
		}
		return strconv.Quote(o.Value)
	}
	// A component of a reader that produced no URL is blank.
	comp := func(f func(c *compare.Components) compare.Opt) func(rd *compare.Reading) string {
		return func(rd *compare.Reading) string {
			if !rd.URL.Present {
				return ""
			}
			return opt(f(&rd.Components))
		}
	}
	add("scheme", "scheme", comp(func(c *compare.Components) compare.Opt { return c.Scheme }))
	add("net_loc", "net_loc", comp(func(c *compare.Components) compare.Opt { return c.NetLoc }))
	// The parts of the net_loc, where a reader splits them: rows only for
	// those some reader has.
	for _, part := range []struct {
		label string
		get   func(c *compare.Components) compare.Opt
	}{
		{"  userinfo", func(c *compare.Components) compare.Opt { return c.UserInfo }},
		{"  host", func(c *compare.Components) compare.Opt { return c.Host }},
		{"  port", func(c *compare.Components) compare.Opt { return c.Port }},
	} {
		some := false
		for i := range rep.Readings {
			some = some || rep.Readings[i].URL.Present && part.get(&rep.Readings[i].Components).Present
		}
		if !some {
			continue
		}
		add(part.label, "", func(rd *compare.Reading) string {
			switch {
			case !rd.URL.Present:
				return ""
			case rd.Reader == compare.RFC1808:
				return notSplit
			}
			return opt(part.get(&rd.Components))
		})
	}
	add("path", "path", comp(func(c *compare.Components) compare.Opt { return compare.Opt{Value: c.Path, Present: true} }))
	add("params", "params", comp(func(c *compare.Components) compare.Opt { return c.Params }))
	add("query", "query", comp(func(c *compare.Components) compare.Opt { return c.Query }))
	add("fragment", "fragment", comp(func(c *compare.Components) compare.Opt { return c.Fragment }))
	label := "url"
	if rep.Base.Present {
		label = "resolved"
	}
	add(label, "", func(rd *compare.Reading) string {
		if !rd.URL.Present {
			return "(none)"
		}
		return strconv.Quote(rd.URL.Value)
	})
	writeRows(w, rows)
	if rep.Agree {
		fmt.Fprintln(w, "  the readers agree")
	}
	for _, d := range rep.Divergences {
		comps := make([]string, len(d.Parts))
		for i, p := range d.Parts {
			comps[i] = p.Component
		}
		name := d.Class.String()
		if n := d.Class.Info().Name; n != name {
			name += " (" + n + ")"
		}
		fmt.Fprintf(w, "  %s in %s; RFC 1808: %s\n", name, strings.Join(comps, ", "), d.Decides)
	}
	for _, rd := range rep.Readings {
		if rd.Verdict == compare.Rejected && rd.Error != "" {
			fmt.Fprintf(w, "  %s rejects it: %s\n", rd.Reader, rd.Error)
		}
	}
}

// writeRows prints the rows as columns, padded to the widest cell of each
// (counted in characters), with no trailing space.
func writeRows(w io.Writer, rows []compareRow) {
	var width [4]int
	for _, r := range rows {
		width[0] = max(width[0], utf8.RuneCountInString(r.label))
		for i, v := range r.values {
			width[i+1] = max(width[i+1], utf8.RuneCountInString(v))
		}
	}
	var b strings.Builder
	for _, r := range rows {
		b.Reset()
		b.WriteString("  ")
		cells := append([]string{r.label}, r.values[:]...)
		for i, c := range cells {
			b.WriteString(c)
			if i < len(cells)-1 || r.mark != "" {
				b.WriteString(strings.Repeat(" ", width[i]-utf8.RuneCountInString(c)+2))
			}
		}
		if r.mark != "" {
			b.WriteString("← " + r.mark)
		}
		fmt.Fprintln(w, strings.TrimRight(b.String(), " "))
	}
}

// writeCompareMarkdownHeader prints the head of the Markdown table.
func writeCompareMarkdownHeader(w io.Writer, base string) {
	first := "URL"
	if base != "" {
		first = "reference"
	}
	fmt.Fprintf(w, "| %s | RFC 1808 | RFC 3986 (net/url) | WHATWG (browsers) | divergence: class (what decides RFC 1808's reading) |\n", first)
	fmt.Fprintln(w, "|---|---|---|---|---|")
}

// writeCompareMarkdownRow prints one report as a row: the input, each
// reader's URL (or its verdict when it has none), the divergences.
func writeCompareMarkdownRow(w io.Writer, rep *compare.Report) {
	cells := []string{markdown.CellCode(rep.Input)}
	for _, rd := range rep.Readings {
		c := "*" + rd.Verdict.String() + "*"
		if rd.URL.Present {
			c = markdown.CellCode(rd.URL.Value)
		}
		cells = append(cells, c)
	}
	var divs []string
	for _, d := range rep.Divergences {
		divs = append(divs, markdown.CellCode(d.Class.String())+" ("+markdown.Cell(d.Decides)+")")
	}
	cells = append(cells, strings.Join(divs, "; "))
	fmt.Fprintf(w, "| %s |\n", strings.Join(cells, " | "))
}
