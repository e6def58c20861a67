// Command mkreader writes validate/reader.go: the reader of package
// validate, generated from the BNF of grammar/rfc1808.bnf. The reader is
// one function, read, whose code follows the productions: each production
// it reaches from URL is a group of statements under a comment quoting the
// production, a literal is a comparison, an option a test of what it can
// begin with, a run of characters a call of scan over the set of
// characters the BNF gives it, and a choice between alternatives is
// ordered: each alternative is tried with the rest of the URL after it, and
// the next one from the same offset when it fails (the alternatives of
// "URL" and "absoluteURL" are ordered as §2.4.2 and the reference parser
// order them: a scheme first, generic-RL before the opaque form).
//
// Run it with "go generate ./validate". Nothing of the grammar is written
// here but the table below, which says what the BNF does not: which
// production is which component of §2.1 (the cut the reader fills), which
// choice is read by the §2.4 split instead, and which rule names a fault
// the grammar's structure finds. A run is lowered by one of three rules
// (see [runOf]); anything else fails with the position of the item in the
// BNF, so that an edit the rules do not cover stops go generate rather
// than change what validate accepts unnoticed.
package main

import (
	"bytes"
	"fmt"
	"go/format"
	"path/filepath"
	"slices"
	"strings"

	"github.com/relurl/relurl/internal/bnf"
	"github.com/relurl/relurl/internal/bnfmain"
)

// table is what the BNF does not say and the reader needs.
type table struct {
	// start is the production the reader begins with.
	start string
	// components maps a production to the component of ast.URL it is
	// (the field of §2.1), which the reader fills when it ends.
	components map[string]string
	// path names the productions that begin the path component (the
	// path with its leading slash, §2.4.6) where the walk first enters
	// them, and the production that ends it.
	pathFrom  []string
	pathTo    string
	pathAfter string
	// split names the alternatives, as bnf.Format writes them, whose
	// components the reader takes from the §2.4 split rather than from
	// the grammar: the opaque form of absoluteURL has none of its own.
	split map[string]bool
	// faults names the structural faults validate has a rule of its own
	// for: a fault right after an optional item of the production, when
	// the item was there. The production must refer to the item's
	// production; when the item is not optional, the rule has no place
	// to apply and a fault there is URL/syntax, as any other.
	faults []fault
	// exact names the productions whose characters the §2.4 split cuts
	// by their own characters (a scheme is a run of scheme characters
	// ended by ":", §2.4.2): checking a component, the reader reads them
	// as the BNF writes them; every other run, read to check the
	// structure alone, takes any character but the delimiters.
	exact map[string]bool
	// final names the production that runs to the end of the input: after
	// it, no character is a delimiter (§2.4.1: the fragment is everything
	// after the first "#").
	final string
}

// fault is a structural fault with a rule of its own.
type fault struct {
	production, item, rule string
}

var rfc1808 = table{
	start: "URL",
	components: map[string]string{
		"scheme":   "Scheme",
		"net_loc":  "NetLoc",
		"params":   "Params",
		"query":    "Query",
		"fragment": "Fragment",
	},
	pathFrom:  []string{"abs_path", "rel_path"},
	pathTo:    "path",
	pathAfter: "net_loc",
	split:     map[string]bool{`( scheme ":" *( uchar | reserved ) )`: true},
	faults: []fault{
		// abs_path = "/" rel_path cannot begin with "/": a relative
		// net_loc followed by "//".
		{"net_path", "abs_path", "NetPathEmptySegment"},
	},
	exact: map[string]bool{"scheme": true},
	final: "fragment",
}

func main() {
	bnfmain.Main("mkreader", "../grammar/rfc1808.bnf", "reader.go", func(name string, src []byte) ([]byte, error) {
		return Generate("grammar/"+name, src, &rfc1808)
	})
}

// Generate returns the source of reader.go from the BNF file source
// (named as the header cites it) with contents src, by the table t.
func Generate(source string, src []byte, t *table) ([]byte, error) {
	f, err := bnf.Parse(filepath.Base(source), src)
	if err != nil {
		return nil, err
	}
	if f.Rule(t.start) == nil {
		return nil, fmt.Errorf("%s: no production %s to start from", f.Name, t.start)
	}
	for _, fl := range t.faults {
		r := f.Rule(fl.production)
		if r == nil || !refers(r.Expr, fl.item) {
			return nil, fmt.Errorf("%s: the fault of %s after %s: %s refers to no %s", f.Name, fl.production, fl.item, fl.production, fl.item)
		}
	}
	e := &emitter{f: f, t: t, delims: delimiters(f, t), usedLabels: map[string]bool{}}
	e.line("i, far, mark := 0, 0, -1")
	if err := e.seq([]*bnf.Item{{Name: t.start}}, nil, failure{}); err != nil {
		return nil, err
	}
	return e.file(source)
}

// delimiters returns the characters of the literals of the productions
// that are not runs: the characters that end a component in the §2.4
// split.
func delimiters(f *bnf.File, t *table) bnf.CharSet {
	var d bnf.CharSet
	for _, r := range f.Rules {
		if !f.Reaches(&bnf.Alternatives{Sequences: []*bnf.Sequence{{Items: []*bnf.Item{{Name: t.start}}}}}, r.Name) && r.Name != t.start {
			continue
		}
		if _, ok := runOf(f, r.Name); ok || f.Lexical(r.Name) {
			continue
		}
		bnf.Walk(r.Expr, func(it *bnf.Item) {
			if it.Literal != "" && it.Group == nil {
				for _, c := range []byte(it.Value()) {
					d.Add(c)
				}
			}
		})
	}
	return d
}

// set is a set of characters the reader scans a run of, one bit of the
// sets table.
type set struct {
	name       string // the Go name: "set" and the production
	production string
	doc        string
	chars      bnf.CharSet
	escapes    bool
	exact      bool
	final      bool
}

// unit is a set of characters the reader tests one character of (the
// first of a run that must not be empty), one bit of the units table.
type unit struct {
	name, production, doc string
	chars                 bnf.CharSet
	escapes, exact, final bool
}

type emitter struct {
	f      *bnf.File
	t      *table
	delims bnf.CharSet
	body   bytes.Buffer
	depth  int
	labels int
	vars   int

	sets       []*set
	units      []*unit
	usedLabels map[string]bool
	checks     []check

	// prods is the stack of the productions being emitted, innermost
	// last; dirty, one list per choice being emitted, the components the
	// alternative may have written since it began.
	prods []string
	dirty [][]string
	// known says that the option being emitted has tested its first
	// item's first character already.
	known bool
	// pathLater says that the path being emitted is optional, and the
	// option's end writes the path component.
	pathLater bool
	// plan is where a fault of each of the next items of the alternative
	// being emitted goes (see alts).
	plan []failure
	// deferWrite says that the component being read is written after
	// the literal that follows it: pendingWrite, the statement (its end
	// offset to be given), and pendingComponent.
	deferWrite                     bool
	pendingWrite, pendingComponent string
}

// splice returns items with every group of one sequence that is not
// repeated replaced by its items: the same sequence.
func splice(items []*bnf.Item) []*bnf.Item {
	for _, it := range items {
		if it.Group != nil && !it.Repeated() && len(it.Group.Sequences) == 1 {
			var out []*bnf.Item
			for _, x := range items {
				if x.Group != nil && !x.Repeated() && len(x.Group.Sequences) == 1 {
					out = append(out, splice(x.Group.Sequences[0].Items)...)
				} else {
					out = append(out, x)
				}
			}
			return out
		}
	}
	return items
}

// prefix returns the items an alternative begins with, as the emitter
// reaches them one by one: the items of the productions with
// alternatives inside whose one sequence it enters, up to the first item
// that is a choice itself.
func (e *emitter) prefix(items []*bnf.Item) []string {
	var out []string
	for _, it := range splice(items) {
		if it.Name != "" && e.choice(it) {
			r := e.f.Rule(it.Name)
			if len(r.Expr.Sequences) != 1 {
				return out
			}
			return append(out, e.prefix(r.Expr.Sequences[0].Items)...)
		}
		out = append(out, itemText(it))
	}
	return out
}

// failure is where a fault goes: the label of the next alternative, or,
// with none, the return of read.
type failure struct {
	label string
	level int // the choice's index in dirty
}

// check is a component the checker reads, in the order the walk meets
// them: the component, the set of its characters and the productions and
// rules its diagnostics name (two for a run whose first part is a
// production of its own, as fsegment in a path).
type check struct {
	component, set, doc string
	first, rest         string
	sep                 byte
}

func (e *emitter) line(format string, args ...any) {
	e.body.WriteString(strings.Repeat("\t", e.depth+1))
	fmt.Fprintf(&e.body, format, args...)
	e.body.WriteByte('\n')
}

func (e *emitter) comment(r *bnf.Rule) {
	for _, l := range strings.Split(r.Text, "\n") {
		e.line("// %s", l)
	}
}

// frame is what follows the items being emitted: the end of a production
// (its component, if any), then the rest of the sequence that referred to
// it.
type frame struct {
	end   string // the production that ends, or ""
	start string // the variable holding its start
	items []*bnf.Item
}

// failAt is the statement that gives up at offset i: the furthest offset
// any alternative reached is the fault. An alternative that wrote no
// component yet goes to the next without clearing them.
func (e *emitter) failAt(fail failure) string {
	stmt := "return false, far, mark"
	if fail.label != "" {
		stmt = "goto " + fail.label
		e.usedLabels[fail.label] = true
		var clear []string
		for _, c := range e.dirty[fail.level] {
			if c == "Path" {
				clear = append(clear, "u.Path = ast.Path{}")
			} else {
				clear = append(clear, "u."+c+" = ast.Component{}")
			}
		}
		if len(clear) > 0 {
			stmt = strings.Join(clear, "; ") + "; " + stmt
		}
	}
	return "if i > far { far = i }; " + stmt
}

// wrote records that the component c was written: an alternative that
// fails after it clears it before the next one is tried.
func (e *emitter) wrote(c string) {
	for i := range e.dirty {
		if !slices.Contains(e.dirty[i], c) {
			e.dirty[i] = append(e.dirty[i], c)
		}
	}
}

// seq emits items, then the frames k. fail is the statement that gives up
// (a return, or a jump to the next alternative); dirty says whether the
// items so far may have written a component, which an alternative tried
// next must clear.
func (e *emitter) seq(items []*bnf.Item, k []frame, fail failure) error {
	items = splice(items)
	for idx, it := range items {
		if it.Name != "" && e.choice(it) {
			r := e.f.Rule(it.Name)
			e.comment(r)
			start := e.enter(r.Name)
			e.prods = append(e.prods, r.Name)
			return e.alts(r.Expr, append([]frame{{end: r.Name, start: start, items: items[idx+1:]}}, k...), fail)
		}
		if it.Group != nil && !it.Repeated() && e.choiceIn(it.Group) {
			return e.alts(it.Group, append([]frame{{items: items[idx+1:]}}, k...), fail)
		}
		f := fail
		if len(e.plan) > 0 {
			f, e.plan = e.plan[0], e.plan[1:]
		}
		// A component followed by a literal is written once the literal
		// is read: an alternative that fails there has nothing to clear.
		_, comp := e.t.components[it.Name]
		next := idx+1 < len(items) && items[idx+1].Literal != "" && !items[idx+1].Repeated()
		e.deferWrite = comp && next
		if err := e.direct(it, f); err != nil {
			return err
		}
		e.deferWrite = false
		if e.pendingWrite != "" && it.Literal != "" {
			e.line(e.pendingWrite, len(it.Value()))
			e.wrote(e.pendingComponent)
			e.pendingWrite = ""
		}
	}
	if len(k) == 0 {
		e.line("if i != len(s) { %s }", e.failAt(fail))
		e.line("u.Form = ast.FormOf(u)")
		e.line("return true, far, mark")
		return nil
	}
	e.leave(k[0].end, k[0].start)
	if k[0].end != "" {
		e.prods = e.prods[:len(e.prods)-1]
	}
	return e.seq(k[0].items, k[1:], fail)
}

// enter emits what begins a production: the variable that keeps its
// start, when it is a component or begins the path; it returns the
// variable, or "".
func (e *emitter) enter(name string) string {
	path, inPath := false, false
	for _, p := range e.t.pathFrom {
		path = path || p == name
		for _, q := range e.prods {
			inPath = inPath || p == q
		}
	}
	if path && !inPath {
		e.line("pathStart := i // the path begins with %s (§2.4.6: its leading slash is part of it)", name)
	}
	if _, comp := e.t.components[name]; !comp {
		return ""
	}
	e.vars++
	v := fmt.Sprintf("start%d", e.vars)
	e.line("%s := i", v)
	return v
}

// leave emits what ends a production: the component it is.
func (e *emitter) leave(name, start string) {
	if name == "" {
		return
	}
	if c, ok := e.t.components[name]; ok && e.deferWrite {
		e.pendingWrite = "u." + c + " = component(s, " + start + ", i-%d)"
		e.pendingComponent = c
	} else if ok {
		e.line("u.%s = component(s, %s, i)", c, start)
		e.wrote(c)
	}
	if name == e.t.pathAfter {
		e.line("u.Path = ast.Path{Span: ast.Span{Start: i, End: i}} // the path begins after %s", name)
		e.wrote("Path")
	}
}

// choice reports whether emitting a reference needs the rest of the URL:
// the production, or one it refers to outside an option, has
// alternatives.
func (e *emitter) choice(it *bnf.Item) bool {
	if _, ok := runOf(e.f, it.Name); ok || e.f.Lexical(it.Name) {
		return false
	}
	return e.choiceIn(e.f.Rule(it.Name).Expr)
}

func (e *emitter) choiceIn(a *bnf.Alternatives) bool {
	if len(a.Sequences) > 1 {
		return !e.charLevel(a)
	}
	for _, it := range a.Sequences[0].Items {
		switch {
		case it.Name != "" && e.choice(it):
			return true
		case it.Group != nil && !it.Repeated() && e.choiceIn(it.Group):
			return true
		}
	}
	return false
}

// charLevel reports whether a is made of character productions and
// literals only.
func (e *emitter) charLevel(a *bnf.Alternatives) bool {
	ok := true
	bnf.Walk(a, func(x *bnf.Item) {
		if x.Repeated() || x.Option != nil || x.Name != "" && !e.f.Lexical(x.Name) {
			ok = false
		}
	})
	return ok
}

// alts emits a choice: each alternative with the rest, tried in order
// from the same offset.
func (e *emitter) alts(a *bnf.Alternatives, k []frame, fail failure) error {
	if len(a.Sequences) == 1 {
		return e.seq(a.Sequences[0].Items, k, fail)
	}
	e.labels++
	base := e.labels
	e.vars++
	save := fmt.Sprintf("at%d", e.vars)
	e.line("%s := i", save)
	prods := append([]string(nil), e.prods...)
	level := len(e.dirty)
	e.dirty = append(e.dirty, nil)
	prefixes := make([][]string, len(a.Sequences))
	for n, sq := range a.Sequences {
		prefixes[n] = e.prefix(sq.Items)
	}
	for n, sq := range a.Sequences {
		// Where alternatives after this one begin with the same items
		// (runs and literals, each read one way), a fault in one of these
		// items is a fault of those alternatives too: it goes past them,
		// to the first that begins otherwise.
		e.plan = nil
		for k := range prefixes[n] {
			target := fail
			for m := n + 1; m < len(a.Sequences); m++ {
				if common(prefixes[n], prefixes[m]) <= k {
					target = failure{label: fmt.Sprintf("alt%d_%d", base, m+1), level: level}
					break
				}
			}
			e.plan = append(e.plan, target)
		}
		e.prods = append(e.prods[:0:0], prods...)
		next := fail
		if n < len(a.Sequences)-1 {
			next = failure{label: fmt.Sprintf("alt%d_%d", base, n+2), level: level}
		}
		text := bnf.Format(&bnf.Alternatives{Sequences: []*bnf.Sequence{sq}})
		if n > 0 {
			label := fmt.Sprintf("alt%d_%d", base, n+1)
			if e.usedLabels[label] {
				e.depth--
				e.line("%s:", label)
				e.depth++
			}
			e.line("i = %s", save)
		}
		e.dirty[level] = nil
		e.line("{ // %s", text)
		e.depth++
		if err := e.seq(sq.Items, k, next); err != nil {
			return err
		}
		if e.t.split[text] {
			// The alternative's components are the §2.4 split's: the
			// tail seq wrote accepts with them instead.
			b := e.body.Bytes()
			tail := []byte("u.Form = ast.FormOf(u)\n")
			at := bytes.LastIndex(b, tail)
			e.body.Truncate(at - e.depth - 1)
			e.line("*u = ast.URL{}")
			e.line("split(u, s) // the components of this form are §2.4's")
			e.line("return true, far, mark")
		}
		e.depth--
		e.line("}")
	}
	e.dirty = e.dirty[:level]
	return nil
}

// direct emits an item that needs nothing after it.
func (e *emitter) direct(it *bnf.Item, fail failure) error {
	switch {
	case it.Literal != "":
		if it.Repeated() {
			return e.errorf(it, "a repeated literal %s: no rule lowers it", it.Literal)
		}
		v := it.Value()
		switch {
		case e.known && len(v) == 1:
			e.known = false
		case len(v) == 1:
			e.line("if i >= len(s) || s[i] != %s { %s }", quoteByte(v[0]), e.failAt(fail))
		default:
			e.line("if !strings.HasPrefix(s[i:], %q) { %s }", v, e.failAt(fail))
		}
		e.known = false
		e.line("i += %d", len(v))
		return nil
	case it.Option != nil:
		if len(it.Option.Sequences) != 1 {
			return e.errorf(it, "an option of alternatives: no rule lowers it")
		}
		test, err := e.first(it.Option.Sequences[0].Items[0])
		if err != nil {
			return err
		}
		items := it.Option.Sequences[0].Items
		// An optional path ends the path component where it would end:
		// present or not (§2.4.6: what is left is the path).
		endsPath := len(items) == 1 && items[0].Name == e.t.pathTo
		e.line("if %s {", test)
		e.depth++
		e.known = true
		e.pathLater = endsPath
		for _, x := range items {
			if err := e.direct(x, fail); err != nil {
				return err
			}
		}
		e.pathLater = false
		e.depth--
		e.line("}")
		if endsPath {
			e.line("u.Path = ast.Path{Value: s[pathStart:i], Span: ast.Span{Start: pathStart, End: i}}")
			e.wrote("Path")
		}
		e.markFault(it)
		return nil
	case it.Group != nil && it.Repeated() && e.charLevel(it.Group):
		return e.run(it, "", fail)
	case it.Group != nil && !it.Repeated() && len(it.Group.Sequences) == 1:
		for _, x := range it.Group.Sequences[0].Items {
			if err := e.direct(x, fail); err != nil {
				return err
			}
		}
		return nil
	case it.Name != "":
		if _, ok := runOf(e.f, it.Name); ok {
			return e.run(it, it.Name, fail)
		}
		if e.f.Lexical(it.Name) || it.Repeated() {
			return e.errorf(it, "%s alone: no rule lowers it", it.Name)
		}
		r := e.f.Rule(it.Name)
		e.comment(r)
		start := e.enter(r.Name)
		if len(r.Expr.Sequences) != 1 {
			return e.errorf(it, "%s: alternatives inside an option: no rule lowers them", it.Name)
		}
		e.prods = append(e.prods, r.Name)
		for _, x := range r.Expr.Sequences[0].Items {
			if err := e.direct(x, fail); err != nil {
				return err
			}
		}
		e.prods = e.prods[:len(e.prods)-1]
		e.leave(r.Name, start)
		e.markFault(it)
		return nil
	}
	return e.errorf(it, "%s: no rule lowers it", itemText(it))
}

// refers reports whether a refers to the production name directly.
func refers(a *bnf.Alternatives, name string) bool {
	found := false
	bnf.Walk(a, func(it *bnf.Item) { found = found || it.Name == name })
	return found
}

// markFault emits, after an optional item that the table names a fault
// after, the offset where it ended.
func (e *emitter) markFault(it *bnf.Item) {
	if it.Option == nil || len(it.Option.Sequences) != 1 || len(it.Option.Sequences[0].Items) != 1 {
		return
	}
	for _, fl := range e.t.faults {
		if it.Option.Sequences[0].Items[0].Name == fl.item && e.current(fl.production) {
			e.line("mark = i // a fault here is %s's", fl.production)
		}
	}
}

// current reports whether the item being emitted belongs to the
// production: the innermost one being emitted.
func (e *emitter) current(production string) bool {
	return e.enclosing() == production
}

// first returns a Go test that the input at i can begin the item.
func (e *emitter) first(it *bnf.Item) (string, error) {
	switch {
	case it.Literal != "":
		v := it.Value()
		if len(v) == 1 {
			return fmt.Sprintf("i < len(s) && s[i] == %s", quoteByte(v[0])), nil
		}
		return fmt.Sprintf("strings.HasPrefix(s[i:], %q)", v), nil
	case it.Name != "":
		if r, ok := runOf(e.f, it.Name); ok {
			u := e.unit(r.first, r.firstName)
			return e.unitTest(u), nil
		}
		r := e.f.Rule(it.Name)
		if r == nil || len(r.Expr.Sequences) != 1 {
			return "", e.errorf(it, "what %s begins with: no rule finds it", it.Name)
		}
		return e.first(r.Expr.Sequences[0].Items[0])
	}
	return "", e.errorf(it, "what %s begins with: no rule finds it", itemText(it))
}

func (e *emitter) unitTest(u *unit) string {
	test := fmt.Sprintf("t.units[s[i]]&%s != 0", u.name)
	if u.escapes {
		test = fmt.Sprintf("(%s || t.escape(s[i:]))", test)
	}
	return "i < len(s) && " + test
}

// runShape is a run lowered: the characters of its first part (which may
// have to be one unit at least), and of the whole.
type runShape struct {
	first, all          bnf.CharSet
	escapes             bool
	min                 int
	firstName, restName string // the productions the parts are
	firstText, allText  string
	sep                 byte // the literal between the parts, or 0
}

// runOf lowers a production to a run, when it is one, by one of the
// rules:
//
//   - n*A, where A is a character production or a group of them and
//     literals, is a run of A's characters, at least n of them (n is 0 or
//     1);
//   - X *( "c" Y ), where X and Y are runs of the same characters A and Y
//     may be empty, is a run of A and "c", beginning with one of X's if X
//     may not be empty: ( c Y )* matches what ( c | A )* does after a
//     run of A ends;
//
// escapes (escape = "%" hex hex, three characters) are part of a run
// wherever its characters reach them.
func runOf(f *bnf.File, name string) (runShape, bool) {
	r := f.Rule(name)
	if r == nil || len(r.Expr.Sequences) != 1 {
		return runShape{}, false
	}
	items := r.Expr.Sequences[0].Items
	switch len(items) {
	case 1:
		it := items[0]
		if !it.Repeated() || it.Min() > 1 {
			return runShape{}, false
		}
		e := it.Group
		if it.Name != "" {
			if !f.Lexical(it.Name) {
				return runShape{}, false
			}
			e = &bnf.Alternatives{Sequences: []*bnf.Sequence{{Items: []*bnf.Item{{Name: it.Name}}}}}
		}
		if e == nil || !charLevel(f, e) {
			return runShape{}, false
		}
		chars := f.Chars(e, "escape")
		return runShape{first: chars, all: chars, escapes: f.Reaches(e, "escape"), min: it.Min(),
			firstName: name, restName: name, firstText: r.Name, allText: r.Name}, true
	case 2:
		x, rep := items[0], items[1]
		if x.Name == "" || x.Repeated() || !rep.Repeated() || rep.Min() != 0 || rep.Group == nil ||
			len(rep.Group.Sequences) != 1 || len(rep.Group.Sequences[0].Items) != 2 {
			return runShape{}, false
		}
		lit, y := rep.Group.Sequences[0].Items[0], rep.Group.Sequences[0].Items[1]
		if lit.Literal == "" || lit.Repeated() || len(lit.Value()) != 1 || y.Name == "" || y.Repeated() {
			return runShape{}, false
		}
		xs, ok1 := runOf(f, x.Name)
		ys, ok2 := runOf(f, y.Name)
		if !ok1 || !ok2 || xs.all != ys.all || xs.first != xs.all || ys.min != 0 || xs.escapes != ys.escapes {
			return runShape{}, false
		}
		all := xs.all
		all.Add(lit.Value()[0])
		return runShape{first: xs.all, all: all, escapes: xs.escapes, min: xs.min,
			firstName: x.Name, restName: y.Name, firstText: x.Name, allText: name, sep: lit.Value()[0]}, true
	}
	return runShape{}, false
}

func charLevel(f *bnf.File, a *bnf.Alternatives) bool {
	ok := true
	bnf.Walk(a, func(x *bnf.Item) {
		if x.Repeated() || x.Option != nil || x.Name != "" && !f.Lexical(x.Name) {
			ok = false
		}
	})
	return ok
}

// run emits a run: the production name, or an anonymous repeated group of
// the production being emitted.
func (e *emitter) run(it *bnf.Item, name string, fail failure) error {
	var shape runShape
	var doc, production string
	if name != "" {
		var ok bool
		shape, ok = runOf(e.f, name)
		if !ok {
			return e.errorf(it, "%s: no rule lowers it to a run", name)
		}
		r := e.f.Rule(name)
		e.comment(r)
		doc = bnf.Format(r.Expr)
		production = name
	} else {
		chars := e.f.Chars(it.Group, "escape")
		shape = runShape{first: chars, all: chars, escapes: e.f.Reaches(it.Group, "escape"), min: it.Min()}
		doc = itemText(it)
		production = e.enclosing()
		shape.firstName, shape.restName = production, production
	}
	if it.Repeated() && name != "" || it.Min() > 1 {
		return e.errorf(it, "%s: a repetition of a run: no rule lowers it", itemText(it))
	}
	start := e.enter(name)
	path := name == e.t.pathTo
	if shape.min > 0 && !e.known {
		u := e.unit(shape.first, shape.firstName)
		e.line("if !(%s) { %s }", e.unitTest(u), e.failAt(fail))
	}
	e.known = false
	if e.t.exact[name] && !shape.escapes {
		u := e.unit(shape.all, production)
		e.line("for i < len(s) && t.units[s[i]]&%s != 0 { i++ }", u.name)
	} else {
		st := e.set(production, doc, shape.all, shape.escapes)
		e.line("i = scan(t, s, i, %s)", st.name)
		if _, ok := e.t.components[name]; ok || path {
			component := e.t.components[name]
			if path {
				component = "Path"
			}
			e.addCheck(check{component: component, set: st.name, doc: e.f.Rule(name).Text,
				first: shape.firstName, rest: shape.restName, sep: shape.sep})
		}
	}
	if path {
		if !e.pathLater {
			e.line("u.Path = ast.Path{Value: s[pathStart:i], Span: ast.Span{Start: pathStart, End: i}}")
			e.wrote("Path")
		}
	} else {
		e.leave(name, start)
	}
	return nil
}

func (e *emitter) addCheck(c check) {
	for _, x := range e.checks {
		if x.component == c.component {
			return
		}
	}
	e.checks = append(e.checks, c)
}

// enclosing returns the innermost production being emitted.
func (e *emitter) enclosing() string {
	if len(e.prods) == 0 {
		return ""
	}
	return e.prods[len(e.prods)-1]
}

func (e *emitter) set(production, doc string, chars bnf.CharSet, escapes bool) *set {
	for _, s := range e.sets {
		if s.production == production {
			return s
		}
	}
	s := &set{name: "set" + bnf.GoName(production), production: production, doc: doc, chars: chars, escapes: escapes,
		exact: e.t.exact[production], final: production == e.t.final}
	e.sets = append(e.sets, s)
	return s
}

func (e *emitter) unit(chars bnf.CharSet, production string) *unit {
	for _, u := range e.units {
		if u.chars == chars && u.production == production {
			return u
		}
	}
	u := &unit{name: "unit" + bnf.GoName(production), production: production, chars: chars,
		exact: e.t.exact[production], final: production == e.t.final}
	r := e.f.Rule(production)
	u.doc = production + " = " + bnf.Format(r.Expr)
	if runOf2, ok := runOf(e.f, production); ok {
		u.escapes = runOf2.escapes
	}
	e.units = append(e.units, u)
	return u
}

func (e *emitter) errorf(it *bnf.Item, format string, args ...any) error {
	return fmt.Errorf("%s:%d:%d: %s", e.f.Name, it.Pos.Line, it.Pos.Column, fmt.Sprintf(format, args...))
}

// common returns the length of the common prefix of a and b.
func common(a, b []string) int {
	n := 0
	for n < len(a) && n < len(b) && a[n] == b[n] {
		n++
	}
	return n
}

func itemText(it *bnf.Item) string {
	return bnf.Format(&bnf.Alternatives{Sequences: []*bnf.Sequence{{Items: []*bnf.Item{it}}}})
}

func quoteByte(c byte) string {
	if c == '\'' || c == '\\' {
		return fmt.Sprintf("'\\%c'", c)
	}
	return fmt.Sprintf("'%c'", c)
}

// file writes reader.go around the body of read.
func (e *emitter) file(source string) ([]byte, error) {
	if len(e.sets) > 6 {
		return nil, fmt.Errorf("%s: %d sets of characters to scan; the sets table has room for 6", e.f.Name, len(e.sets))
	}
	if len(e.units) > 8 {
		return nil, fmt.Errorf("%s: %d sets of characters to test; the units table has room for 8", e.f.Name, len(e.units))
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "// Code generated by validate/internal/mkreader from %s; DO NOT EDIT.\n\n", source)
	b.WriteString("package validate\n\n")
	b.WriteString("import (\n\t\"strings\"\n\n\t\"github.com/relurl/relurl/ast\"\n)\n\n")
	b.WriteString("// The sets of characters read scans runs of, one bit each of a byte's\n")
	b.WriteString("// entry in tables.sets, named after the production whose run it is; then\n")
	b.WriteString("// the hex digits and \"%\", for the escapes of a run (escape = \"%\" hex hex).\n")
	b.WriteString("const (\n")
	for i, s := range e.sets {
		fmt.Fprintf(&b, "\t// %s is the characters of %s = %s", s.name, s.production, s.doc)
		if s.escapes {
			b.WriteString(", escapes aside")
		}
		b.WriteString(".\n")
		if i == 0 {
			fmt.Fprintf(&b, "\t%s uint8 = 1 << iota\n", s.name)
		} else {
			fmt.Fprintf(&b, "\t%s\n", s.name)
		}
	}
	b.WriteString("\t// setHex is hex = " + bnf.Format(e.f.Rule("hex").Expr) + ".\n\tsetHex\n")
	b.WriteString("\t// setPct is the \"%\" that begins an escape.\n\tsetPct\n")
	b.WriteString(")\n\n")
	b.WriteString("// The sets of characters read tests one character of, one bit each of a\n")
	b.WriteString("// byte's entry in tables.units.\n")
	b.WriteString("const (\n")
	for i, u := range e.units {
		fmt.Fprintf(&b, "\t// %s is the characters of %s", u.name, u.doc)
		if u.escapes {
			b.WriteString(", escapes aside")
		}
		b.WriteString(".\n")
		if i == 0 {
			fmt.Fprintf(&b, "\t%s uint8 = 1 << iota\n", u.name)
		} else {
			fmt.Fprintf(&b, "\t%s\n", u.name)
		}
	}
	b.WriteString(")\n\n")

	hex := e.f.Chars(e.f.Rule("hex").Expr)
	var pct bnf.CharSet
	pct.Add('%')
	all := bnf.CharSet{^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0)}
	// The lax sets: to check the structure alone, every run takes any
	// character but the delimiters (a run that goes to the end of the
	// input, every character), and no escape is checked.
	lax := func(chars bnf.CharSet, exact, final bool) bnf.CharSet {
		switch {
		case exact:
			return chars
		case final:
			return all
		}
		return chars.Union(all.Minus(e.delims))
	}
	writeTable := func(name, doc string, bit func(c byte, strict bool) []string) {
		for _, strict := range []bool{true, false} {
			kind := "strict"
			if !strict {
				kind = "lax"
			}
			fmt.Fprintf(&b, "// %s%s %s\n", kind, name, doc)
			fmt.Fprintf(&b, "var %s%s = [256]uint8{\n", kind, name)
			for c := 0; c < 256; c++ {
				names := bit(byte(c), strict)
				if len(names) == 0 {
					continue
				}
				fmt.Fprintf(&b, "\t%s: %s,\n", goByte(byte(c)), strings.Join(names, " | "))
			}
			b.WriteString("}\n\n")
		}
	}
	writeTable("Sets", "is the sets of each byte, for the reader's runs.", func(c byte, strict bool) []string {
		var names []string
		for _, s := range e.sets {
			chars := s.chars
			if !strict {
				chars = lax(chars, s.exact, s.final)
			} else if s.escapes && c == '%' {
				names = append(names, s.name)
				continue
			}
			if chars.Has(c) {
				names = append(names, s.name)
			}
		}
		if strict && hex.Has(c) {
			names = append(names, "setHex")
		}
		if strict && pct.Has(c) {
			names = append(names, "setPct")
		}
		return names
	})
	writeTable("Units", "is the units of each byte, for the reader's tests of one character.", func(c byte, strict bool) []string {
		var names []string
		for _, u := range e.units {
			chars := u.chars
			if !strict {
				chars = lax(chars, u.exact, u.final)
			}
			if chars.Has(c) {
				names = append(names, u.name)
			}
		}
		return names
	})

	b.WriteString("// read reads s by the BNF into *u, the zero URL, with the sets of t:\n")
	b.WriteString("// strict, the BNF's own, reports whether s is a URL and, if so, cuts it;\n")
	b.WriteString("// lax, where every run takes any character but the delimiters, checks the\n")
	b.WriteString("// structure alone. When s is not read whole, far is the furthest offset an\n")
	b.WriteString("// alternative reached, the first fault; mark is the offset where the last\n")
	b.WriteString("// item that a fault of its own follows ended, or -1.\n")
	b.WriteString("func read(u *ast.URL, s string, t *tables) (ok bool, far, mark int) {\n")
	b.Write(e.body.Bytes())
	b.WriteString("}\n\n")

	b.WriteString("// components checks each component of the §2.4 cut u against the\n")
	b.WriteString("// production it is, in the order of the BNF.\n")
	b.WriteString("func (c *checker) components(u *ast.URL) {\n")
	for _, ch := range e.checks {
		for _, l := range strings.Split(ch.doc, "\n") {
			fmt.Fprintf(&b, "\t// %s\n", l)
		}
		switch ch.component {
		case "Path":
			fmt.Fprintf(&b, "\tc.path(u.Path.Span, %s, %q, ast.Rule%sChar, %s, %q, ast.Rule%sChar)\n",
				ch.set, ch.first, bnf.GoName(ch.first), quoteByte(ch.sep), ch.rest, bnf.GoName(ch.rest))
		default:
			fmt.Fprintf(&b, "\tif u.%s.Present {\n", ch.component)
			fmt.Fprintf(&b, "\t\tc.run(u.%s.Span, %s, %q, ast.Rule%sChar)\n", ch.component, ch.set, ch.first, bnf.GoName(ch.first))
			b.WriteString("\t}\n")
		}
	}
	b.WriteString("}\n\n")

	b.WriteString("// structural is the diagnostic of a fault of the structure at offset at,\n")
	b.WriteString("// right after the item a fault of its own follows when mark is at.\n")
	b.WriteString("func structural(s string, at, mark int) ast.Diagnostic {\n")
	b.WriteString("\tif at == mark {\n")
	for _, fl := range e.t.faults {
		fmt.Fprintf(&b, "\t\treturn faultDiagnostic(s, at, %q, ast.Rule%s)\n", fl.production, fl.rule)
	}
	if len(e.t.faults) == 0 {
		b.WriteString("\t\t_ = mark\n")
	}
	b.WriteString("\t}\n")
	fmt.Fprintf(&b, "\treturn faultDiagnostic(s, at, %q, ast.RuleGrammar)\n", e.t.start)
	b.WriteString("}\n")
	out, err := format.Source(b.Bytes())
	if err != nil {
		return b.Bytes(), fmt.Errorf("the reader does not format: %w", err)
	}
	return out, nil
}

func goByte(c byte) string {
	if c >= 0x20 && c < 0x7f {
		return quoteByte(c)
	}
	return fmt.Sprintf("0x%02x", c)
}
