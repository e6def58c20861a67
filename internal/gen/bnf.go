package gen

import (
	"sort"
	"strings"
	"sync"

	"github.com/relurl/relurl/ast"
)

// The generators walk the productions of the BNF (rfc1808.go, generated
// from grammar/rfc1808.bnf): at each choice point of a production, an
// alternative, an option, a repetition or a set of characters, they draw a
// choice from a [Source]. How the choices are weighed is the data of
// tuning.go; what the choices are comes from the BNF alone.

// rule is one production of the BNF.
type rule struct {
	name string
	expr *expr
}

// expr is an expression of the BNF.
type expr struct {
	op    op
	min   int     // rep: the fewest repetitions
	lit   string  // lit: the characters
	ref   string  // ref: the production
	items []*expr // seq, alt: the items; opt, rep: the one repeated or optional
	// idx numbers the alternations, the options and the repetitions of a
	// production apart, each kind in the order the rule writes them, from
	// 0: the tuning's weights are indexed by it.
	idx int
}

type op uint8

const (
	opSeq op = iota
	opAlt
	opOpt
	opRep
	opRef
	opLit
)

// The constructors of the generated table.
func seq(items ...*expr) *expr             { return &expr{op: opSeq, items: items} }
func alt(items ...*expr) *expr             { return &expr{op: opAlt, items: items} }
func opt(e *expr) *expr                    { return &expr{op: opOpt, items: []*expr{e}} }
func rep(min int, e *expr) *expr           { return &expr{op: opRep, min: min, items: []*expr{e}} }
func ref(name string) *expr                { return &expr{op: opRef, ref: name} }
func lit(s string) *expr                   { return &expr{op: opLit, lit: s} }
func (e *expr) body() *expr                { return e.items[0] }
func (e *expr) isRun() bool                { return e.op == opRep && bnfInfo().charLevel(e.body()) }
func (g *grammarInfo) rule(n string) *expr { return g.rules[n] }

// escapeRule is the production of the escapes, which the sets of
// characters leave out and the tuning weighs apart.
const escapeRule = "escape"

// grammarInfo is the generated table read once for the walk: the rules by
// name, and for the character productions their characters.
type grammarInfo struct {
	rules map[string]*expr
	order []string
	// single holds the productions whose strings are one character or an
	// escape (pchar, uchar, hex, ...), with their characters, escapes
	// left out, in byte order.
	single map[string]string
}

// bnfInfo returns the table read, on first use rather than when the
// program starts (decision S-9); it is never changed.
var bnfInfo = sync.OnceValue(func() *grammarInfo { return readGrammar(rfc1808) })

func readGrammar(rules []rule) *grammarInfo {
	g := &grammarInfo{rules: map[string]*expr{}, single: map[string]string{}}
	for _, r := range rules {
		g.rules[r.name] = r.expr
		g.order = append(g.order, r.name)
		var counts [3]int
		number(r.expr, &counts)
	}
	for _, name := range g.order {
		if chars, ok := g.singleChars(g.rules[name], map[string]bool{}); ok && name != escapeRule {
			g.single[name] = chars
		}
	}
	return g
}

// number sets idx on the alternations, options and repetitions of e.
func number(e *expr, counts *[3]int) {
	switch e.op {
	case opAlt:
		e.idx = counts[0]
		counts[0]++
	case opOpt:
		e.idx = counts[1]
		counts[1]++
	case opRep:
		e.idx = counts[2]
		counts[2]++
	}
	for _, it := range e.items {
		number(it, counts)
	}
}

// singleChars returns the characters of e, escapes left out, when every
// string of e is one character or an escape.
func (g *grammarInfo) singleChars(e *expr, seen map[string]bool) (string, bool) {
	switch e.op {
	case opLit:
		return e.lit, len(e.lit) == 1
	case opRef:
		if e.ref == escapeRule {
			return "", true
		}
		if seen[e.ref] || g.rules[e.ref] == nil {
			return "", false
		}
		seen[e.ref] = true
		return g.singleChars(g.rules[e.ref], seen)
	case opAlt:
		var all strings.Builder
		for _, it := range e.items {
			chars, ok := g.singleChars(it, seen)
			if !ok {
				return "", false
			}
			all.WriteString(chars)
		}
		return sortChars(all.String()), true
	}
	return "", false
}

func sortChars(s string) string {
	b := []byte(s)
	sort.Slice(b, func(i, j int) bool { return b[i] < b[j] })
	out := b[:0]
	for i, c := range b {
		if i == 0 || c != b[i-1] {
			out = append(out, c)
		}
	}
	return string(out)
}

// charLevel reports whether e is made of characters only: literals of one
// character and character productions.
func (g *grammarInfo) charLevel(e *expr) bool {
	_, ok := g.singleChars(e, map[string]bool{})
	return ok
}

// runChars returns the characters a run of e draws from, escapes left
// out, and whether its units may be escapes.
func (g *grammarInfo) runChars(e *expr) (string, bool) {
	chars, _ := g.singleChars(e, map[string]bool{})
	return chars, g.reaches(e, escapeRule, map[string]bool{})
}

// reaches reports whether e refers to the production name, directly or
// not.
func (g *grammarInfo) reaches(e *expr, name string, seen map[string]bool) bool {
	if e.op == opRef {
		if e.ref == name {
			return true
		}
		if seen[e.ref] || g.rules[e.ref] == nil {
			return false
		}
		seen[e.ref] = true
		return g.reaches(g.rules[e.ref], name, seen)
	}
	for _, it := range e.items {
		if g.reaches(it, name, seen) {
			return true
		}
	}
	return false
}

// reachable returns the productions reached from start, start included,
// in the order of the BNF.
func (g *grammarInfo) reachable(start string) []string {
	var out []string
	for _, name := range g.order {
		if name == start || g.reaches(g.rules[start], name, map[string]bool{}) {
			out = append(out, name)
		}
	}
	return out
}

// walker draws one string of a production from a Source, and records
// where each production it drew begins and ends.
type walker struct {
	src   Source
	b     []byte
	spans map[string]span
}

type span struct{ start, end int }

// production draws the production name.
func (w *walker) production(name string) {
	start := len(w.b)
	t := tunings[name]
	switch {
	case len(t.corners) > 0 && w.src.Intn(4) == 0:
		w.b = append(w.b, t.corners[w.src.Intn(len(t.corners))]...)
	case bnfInfo().single[name] != "":
		w.unit(name, t.escapes)
	default:
		w.expr(name, bnfInfo().rule(name))
	}
	if w.spans != nil {
		w.spans[name] = span{start, len(w.b)}
	}
}

// unit draws one character of a character production or, escapes percent
// of the time when it has escapes, an escape.
func (w *walker) unit(name string, escapes int) {
	chars := bnfInfo().single[name]
	if bnfInfo().reaches(bnfInfo().rule(name), escapeRule, map[string]bool{}) && w.src.Intn(100) < escapes {
		w.production(escapeRule)
		return
	}
	w.b = append(w.b, chars[w.src.Intn(len(chars))])
}

// expr draws e, a part of the production prod.
func (w *walker) expr(prod string, e *expr) {
	t := tunings[prod]
	switch e.op {
	case opLit:
		w.b = append(w.b, e.lit...)
	case opRef:
		w.production(e.ref)
	case opSeq:
		for _, it := range e.items {
			w.expr(prod, it)
		}
	case opAlt:
		i := t.pick(w.src, e.idx, len(e.items))
		if sh, ok := t.shapes[i]; ok && e.idx == 0 {
			w.expr(prod, sh)
			return
		}
		w.expr(prod, e.items[i])
	case opOpt:
		if w.src.Intn(100) < t.option(e.idx) {
			w.expr(prod, e.body())
		}
	case opRep:
		if e.isRun() {
			w.run(t, e)
			return
		}
		for n := e.min + w.src.Intn(t.repeat(e.idx)+1); n > 0; n-- {
			w.expr(prod, e.body())
		}
	}
}

// run draws a repetition of characters: between min and the tuning's max
// units (up to the size parameter), each a character of the repetition's
// or, escapes percent of the time, an escape.
func (w *walker) run(t tuning, e *expr) {
	chars, escapes := bnfInfo().runChars(e.body())
	hi := t.max
	if hi == 0 {
		hi = defaultMax
	}
	n := e.min
	if span := min(hi, max(e.min, w.src.Size())) - e.min; span > 0 {
		n += w.src.Intn(span + 1)
	}
	for range n {
		if escapes && w.src.Intn(100) < t.escapes {
			w.production(escapeRule)
		} else {
			w.b = append(w.b, chars[w.src.Intn(len(chars))])
		}
	}
}

// drawString draws a string of the production name.
func drawString(name string, src Source) string {
	w := walker{src: src}
	w.production(name)
	return string(w.b)
}

// drawURL draws a URL of the URL-level production name and cuts it into
// the components of §2.1 by the spans of the productions it drew.
func drawURL(name string, src Source) ast.URL {
	w := walker{src: src, spans: map[string]span{}}
	w.production(name)
	s, sp := string(w.b), w.spans
	var u ast.URL
	part := func(name string) ast.Component {
		if p, ok := sp[name]; ok {
			return present(s[p.start:p.end])
		}
		return ast.Component{}
	}
	u.Scheme, u.NetLoc = part("scheme"), part("net_loc")
	u.Params, u.Query, u.Fragment = part("params"), part("query"), part("fragment")
	// The path begins after the net_loc, or with the "/" of abs_path, or
	// with path; it ends with path, or with that "/".
	abs, hasAbs := sp["abs_path"]
	p, hasPath := sp["path"]
	start, ok := 0, true
	switch nl, hasNetLoc := sp["net_loc"]; {
	case hasNetLoc:
		start = nl.end
	case hasAbs:
		start = abs.start
	case hasPath:
		start = p.start
	default:
		ok = false
	}
	switch {
	case !ok:
	case hasPath:
		u.Path.Value = s[start:p.end]
	case hasAbs:
		u.Path.Value = s[start : abs.start+1]
	}
	// A rel_path at the start of a URL whose first segment would read as
	// a scheme is written "./this:that", as §5.3 recommends.
	if !u.Scheme.Present && ast.SchemeLen(u.Path.Value) > 0 {
		u.Path.Value = "./" + u.Path.Value
	}
	return u
}
