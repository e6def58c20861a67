package lowering

import (
	"fmt"
	"strings"

	"github.com/relurl/relurl/internal/bnf"
)

// Struct is the participle struct type of one production.
type Struct struct {
	// Production is the production's name as the BNF spells it.
	Production string
	// Name is the type's name ([bnf.GoName]).
	Name string
	// Text is the rule as the BNF file writes it.
	Text string
	// Notes are the table's paragraphs for the doc comment, or "".
	Notes string
	// Positions are the position fields the struct carries, in order.
	Positions []string
	// Fields are the struct's capturing fields, in order.
	Fields []Field
}

// Field is one capturing field of a struct: its name, its Go type, and
// its parser tag (the text of the production's grammar from the end of
// the previous field's captures to the end of its own).
type Field struct {
	Name, Type, Tag string
}

// Lower lowers the productions of f reached from t.Start that are not
// character productions into participle struct types, in the file's
// order, by the rules below and the table t:
//
//   - A production the table reads as one token (Token.Production) is a
//     struct with the position fields and one string field capturing that
//     token.
//   - A reference to another such production is a field capturing it
//     ("@@"), named after it; a slice ([]*T, named in the plural) when the
//     rule refers to it more than once or under a repetition.
//   - A repetition of character productions and literals, "*( pchar |
//     ";" )", is captured as tokens into a []string field: the tokens
//     whose characters the repetition's are, exactly ("@( Pchars | Semi
//     )*"); a repetition of a run token alone is that token, once or
//     optionally ("1*pchar" is "@Pchars", "*pchar" "@Pchars?").
//   - A literal is the tokens of its characters in turn ("//" is "Slash
//     Slash"); a literal that a token is only after a production is that
//     token there.
//   - "[ x ]" is "x?", "*x" is "x*", "1*x" is "x+", "( x | y )" is a group;
//     a group that is a whole alternative loses its parentheses.
//   - The table's guards and lookaheads apply where they say.
//
// It fails, with the position of the item in the BNF, where a rule needs a
// token the table does not have, where a guard names no item, and where
// the result would not be a grammar participle accepts with the BNF's
// language: an alternative that can match the empty string, or a
// production made non-empty whose empty match no referring item keeps.
func Lower(f *bnf.File, t *Table) ([]Struct, error) {
	g, err := LowerGrammar(f, t)
	if err != nil {
		return nil, err
	}
	return g.Structs, nil
}

// Grammar is a BNF lowered: the structs, and the lexer's tokens, those of
// the table and those the lowering derives.
type Grammar struct {
	Structs []Struct
	Tokens  []Token
}

// LowerGrammar is [Lower], with the tokens the lexer must have. Where a
// repetition of characters has characters no token of the table covers,
// and no token has them at all, the lowering derives a token, a maximal
// run of them, named Chars1, Chars2, ... in the order they are needed,
// rather than fail: a change of a production's characters needs no edit
// of the table or the lexer, which reads the tokens from the generated
// grammar.
func LowerGrammar(f *bnf.File, t *Table) (*Grammar, error) {
	l := &lowerer{f: f, t: t, trees: map[string]*node{}, toks: append([]Token(nil), t.Tokens...)}
	if f.Rule(t.Start) == nil {
		return nil, fmt.Errorf("%s: no production %s to start from", f.Name, t.Start)
	}
	reached := l.structural()
	var out []Struct
	for _, r := range f.Rules {
		if !reached[r.Name] {
			continue
		}
		s, err := l.rule(r)
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	for _, s := range out {
		if err := l.checkAlternatives(f.Rule(s.Production), l.trees[s.Production]); err != nil {
			return nil, err
		}
	}
	if err := l.checkGuards(); err != nil {
		return nil, err
	}
	for _, g := range t.Guards {
		if g.Optional != "" && !l.used[g] {
			return nil, fmt.Errorf("%s: the guard of %s names the item %s, which it does not have", f.Name, g.Production, g.Optional)
		}
	}
	return &Grammar{Structs: out, Tokens: l.toks}, nil
}

type lowerer struct {
	f     *bnf.File
	t     *Table
	toks  []Token          // the table's, then those derived
	trees map[string]*node // the lowered body of each production
	used  map[Guard]bool
}

// structural returns the productions reached from the start through
// references that are not character-level.
func (l *lowerer) structural() map[string]bool {
	reached := map[string]bool{}
	var visit func(name string)
	visit = func(name string) {
		if reached[name] {
			return
		}
		reached[name] = true
		if l.token(name) != nil {
			return
		}
		bnf.Walk(l.f.Rule(name).Expr, func(it *bnf.Item) {
			if it.Name != "" && !l.f.Lexical(it.Name) {
				visit(it.Name)
			}
		})
	}
	visit(l.t.Start)
	return reached
}

// token returns the token that reads the production whole, or nil.
func (l *lowerer) token(production string) *Token {
	for i, tk := range l.toks {
		if tk.Production == production {
			return &l.toks[i]
		}
	}
	return nil
}

// A node of a lowered production.
type node struct {
	kind   kind
	text   string  // tok: the token; capture: "@@" or "@Tok" or "@( A | B )"; look: the assertion
	field  string  // capture: the field
	suffix string  // capture, group: "", "?", "*", "+" or "!"
	kids   []*node // seq, alt, group
	ref    string  // capture of a production: its name
}

type kind uint8

const (
	tok kind = iota
	capture
	seq
	alt
	group
	look
)

// errorf returns an error at the item's position, in rule r.
func (l *lowerer) errorf(r *bnf.Rule, it *bnf.Item, format string, args ...any) error {
	pos := r.Pos
	if it != nil {
		pos = it.Pos
	}
	return fmt.Errorf("%s:%d:%d: in %s: %s", l.f.Name, pos.Line, pos.Column, r.Name, fmt.Sprintf(format, args...))
}

// rule lowers one production.
func (l *lowerer) rule(r *bnf.Rule) (Struct, error) {
	s := Struct{Production: r.Name, Name: bnf.GoName(r.Name), Text: r.Text, Notes: l.t.Notes[r.Name], Positions: l.t.Positions[r.Name]}
	if tk := l.token(r.Name); tk != nil {
		s.Fields = []Field{{Name: tk.Field, Type: "string", Tag: "@" + tk.Name}}
		l.trees[r.Name] = &node{kind: capture, text: "@" + tk.Name, field: tk.Field}
		return s, nil
	}
	rc := &ruleCtx{rule: r, refs: map[string]int{}, repeated: map[string]bool{}}
	rc.count(r.Expr, false)
	body, err := l.alts(rc, r.Expr)
	if err != nil {
		return s, err
	}
	for _, g := range l.t.Guards {
		if g.Production == r.Name && g.NonEmpty {
			body = &node{kind: group, kids: []*node{body}, suffix: "!"}
		}
	}
	l.trees[r.Name] = body
	fields, err := rc.fields(l, body)
	if err != nil {
		return s, err
	}
	s.Fields = fields
	return s, nil
}

// ruleCtx is what lowering one rule needs to know of the whole rule: how
// often it refers to each production, and whether under a repetition.
type ruleCtx struct {
	rule     *bnf.Rule
	refs     map[string]int
	repeated map[string]bool
}

func (rc *ruleCtx) count(e *bnf.Alternatives, inRep bool) {
	for _, s := range e.Sequences {
		for _, it := range s.Items {
			rep := inRep || it.Repeated()
			switch {
			case it.Name != "":
				rc.refs[it.Name]++
				rc.repeated[it.Name] = rc.repeated[it.Name] || rep
			case it.Group != nil:
				rc.count(it.Group, rep)
			case it.Option != nil:
				rc.count(it.Option, rep)
			}
		}
	}
}

func (l *lowerer) alts(rc *ruleCtx, e *bnf.Alternatives) (*node, error) {
	var kids []*node
	for _, s := range e.Sequences {
		n, err := l.seq(rc, s)
		if err != nil {
			return nil, err
		}
		kids = append(kids, n)
	}
	if len(kids) == 1 {
		return kids[0], nil
	}
	return &node{kind: alt, kids: kids}, nil
}

func (l *lowerer) seq(rc *ruleCtx, s *bnf.Sequence) (*node, error) {
	n := &node{kind: seq}
	for i, it := range s.Items {
		if it.Literal != "" {
			prev := ""
			if i > 0 {
				prev = s.Items[i-1].Name
			}
			toks, err := l.literal(rc, it, prev)
			if err != nil {
				return nil, err
			}
			n.kids = append(n.kids, toks...)
			continue
		}
		k, err := l.item(rc, it)
		if err != nil {
			return nil, err
		}
		item := bnf.Format(&bnf.Alternatives{Sequences: []*bnf.Sequence{{Items: []*bnf.Item{it}}}})
		for _, g := range l.t.Guards {
			if g.Production == rc.rule.Name && g.Optional == item {
				k = optional(k)
				l.markUsed(g)
			}
		}
		if k.kind == seq {
			n.kids = append(n.kids, k.kids...)
		} else {
			n.kids = append(n.kids, k)
		}
		for _, la := range l.t.Lookaheads {
			if la.Production == rc.rule.Name && la.After == item {
				n.kids = append(n.kids, &node{kind: look, text: "(?! " + la.NotFollowedBy + ")"})
			}
		}
	}
	if len(n.kids) == 1 {
		return n.kids[0], nil
	}
	return n, nil
}

func (l *lowerer) markUsed(g Guard) {
	if l.used == nil {
		l.used = map[Guard]bool{}
	}
	l.used[g] = true
}

// literal returns the tokens of a literal's characters.
func (l *lowerer) literal(rc *ruleCtx, it *bnf.Item, prev string) ([]*node, error) {
	if it.Repeated() {
		return nil, l.errorf(rc.rule, it, "a repeated literal %s: no rule lowers it", it.Literal)
	}
	var out []*node
	for i, c := range []byte(it.Value()) {
		name := ""
		for _, tk := range l.toks {
			switch {
			case tk.Literal != string(c):
			case tk.After != "" && (i > 0 || tk.After != prev):
			case name == "" || tk.After != "":
				name = tk.Name
			}
		}
		if name == "" {
			return nil, l.errorf(rc.rule, it, "the literal %s: no token of the lowering table is %q", it.Literal, string(c))
		}
		out = append(out, &node{kind: tok, text: name})
	}
	return out, nil
}

// item lowers an item that is not a literal.
func (l *lowerer) item(rc *ruleCtx, it *bnf.Item) (*node, error) {
	if l.charLevel(it) {
		return l.tokens(rc, it)
	}
	var n *node
	switch {
	case it.Name != "":
		field := bnf.GoName(it.Name)
		if rc.refs[it.Name] > 1 || rc.repeated[it.Name] {
			field += "s"
		}
		n = &node{kind: capture, text: "@@", field: field, ref: it.Name}
	case it.Group != nil:
		inner, err := l.alts(rc, it.Group)
		if err != nil {
			return nil, err
		}
		n = inner
		if inner.kind == alt {
			n = &node{kind: group, kids: []*node{inner}}
		}
	case it.Option != nil:
		inner, err := l.alts(rc, it.Option)
		if err != nil {
			return nil, err
		}
		return optional(inner), nil
	}
	if !it.Repeated() {
		return n, nil
	}
	switch it.Min() {
	case 0:
		return withSuffix(n, "*"), nil
	case 1:
		return withSuffix(n, "+"), nil
	}
	return nil, l.errorf(rc.rule, it, "%s: participle has no repetition of at least %d", it.Repeat, it.Min())
}

// charLevel reports whether the item is made of character productions
// and literals only.
func (l *lowerer) charLevel(it *bnf.Item) bool {
	if it.Name != "" {
		return l.f.Lexical(it.Name)
	}
	e := it.Group
	if e == nil {
		e = it.Option
	}
	if e == nil {
		return false
	}
	ok := true
	bnf.Walk(e, func(x *bnf.Item) {
		if x.Repeated() || x.Option != nil || x.Name != "" && !l.f.Lexical(x.Name) {
			ok = false
		}
	})
	return ok
}

// tokens lowers a repetition of character productions and literals to
// the tokens that cover exactly its characters.
func (l *lowerer) tokens(rc *ruleCtx, it *bnf.Item) (*node, error) {
	if !it.Repeated() || it.Option != nil {
		return nil, l.errorf(rc.rule, it, "%s: the lexer reads characters in runs; no token is one of them", bnfText(it))
	}
	if it.Min() > 1 {
		return nil, l.errorf(rc.rule, it, "%s: participle has no repetition of at least %d", it.Repeat, it.Min())
	}
	e := it.Group
	if it.Name != "" {
		e = &bnf.Alternatives{Sequences: []*bnf.Sequence{{Items: []*bnf.Item{{Name: it.Name}}}}}
	}
	want := l.f.Chars(e, "escape")
	escapes := l.f.Reaches(e, "escape")
	var names []string
	var got bnf.CharSet
	run := false
	for _, tk := range l.toks {
		var chars bnf.CharSet
		switch {
		case tk.Chars != (bnf.CharSet{}):
			chars = tk.Chars
		case tk.Run != "":
			chars = l.f.Chars(l.f.Rule(tk.Run).Expr, "escape")
			if !escapes && l.f.Reaches(l.f.Rule(tk.Run).Expr, "escape") {
				continue // the run would bring escapes the item has not
			}
		case tk.Literal != "" && tk.After == "":
			chars.Add(tk.Literal[0])
		default:
			continue
		}
		if chars.SubsetOf(want) && chars != (bnf.CharSet{}) {
			names = append(names, tk.Name)
			got = got.Union(chars)
			run = run || tk.Run != ""
		}
	}
	if missing := want.Minus(got); missing != (bnf.CharSet{}) {
		if !l.free(missing) {
			return nil, l.errorf(rc.rule, it, "the characters %q of %s are in no token of the lowering table, and a token has some of them", missing.String(), bnfText(it))
		}
		tk := Token{Name: fmt.Sprintf("Chars%d", len(l.toks)-len(l.t.Tokens)+1), Chars: missing}
		l.toks = append(l.toks, tk)
		names = append(names, tk.Name)
	}
	if escapes && !run {
		return nil, l.errorf(rc.rule, it, "the escapes of %s are in no token of the lowering table", bnfText(it))
	}
	field := l.t.Fields[rc.rule.Name]
	if len(names) == 1 && run {
		if field == "" {
			field = names[0]
		}
		suffix := "?"
		if it.Min() > 0 {
			suffix = "" // a maximal run: one token is one or more characters
		}
		return &node{kind: capture, text: "@" + names[0], field: field, suffix: suffix}, nil
	}
	if field == "" {
		field = "Chars"
	}
	suffix := "*"
	if it.Min() > 0 {
		suffix = "+"
	}
	return &node{kind: capture, text: "@( " + strings.Join(names, " | ") + " )", field: field, suffix: suffix}, nil
}

// free reports whether no token has any of the characters: a token
// derived for them leaves the lexer's reading of every other character as
// it was.
func (l *lowerer) free(chars bnf.CharSet) bool {
	for _, tk := range l.toks {
		var has bnf.CharSet
		switch {
		case tk.Chars != (bnf.CharSet{}):
			has = tk.Chars
		case tk.Run != "":
			has = l.f.Chars(l.f.Rule(tk.Run).Expr, "escape")
		case tk.Literal != "":
			has.Add(tk.Literal[0])
		}
		if has.Minus(has.Minus(chars)) != (bnf.CharSet{}) {
			return false
		}
	}
	return true
}

func bnfText(it *bnf.Item) string {
	return bnf.Format(&bnf.Alternatives{Sequences: []*bnf.Sequence{{Items: []*bnf.Item{it}}}})
}

// optional makes n match once or not at all.
func optional(n *node) *node {
	switch {
	case n.suffix == "?" || n.suffix == "*":
		return n
	case (n.kind == capture || n.kind == group) && n.suffix == "":
		c := *n
		c.suffix = "?"
		return &c
	}
	return &node{kind: group, kids: []*node{n}, suffix: "?"}
}

// withSuffix repeats n.
func withSuffix(n *node, suffix string) *node {
	if (n.kind == capture || n.kind == group) && n.suffix == "" {
		c := *n
		c.suffix = suffix
		return &c
	}
	return &node{kind: group, kids: []*node{n}, suffix: suffix}
}

// nullable reports whether the lowered n can match no token; empty is
// what it takes a production made non-empty to match (see checkGuards).
func (l *lowerer) nullable(n *node, empty func(string) bool) bool {
	switch n.kind {
	case tok:
		return false
	case look:
		return true
	case capture:
		if n.suffix == "?" || n.suffix == "*" {
			return true
		}
		if n.ref == "" {
			return false
		}
		return empty(n.ref)
	case seq:
		for _, k := range n.kids {
			if !l.nullable(k, empty) {
				return false
			}
		}
		return true
	case alt:
		for _, k := range n.kids {
			if l.nullable(k, empty) {
				return true
			}
		}
		return false
	}
	switch n.suffix { // group
	case "?", "*":
		return true
	case "!":
		return false
	}
	return l.nullable(n.kids[0], empty)
}

// loweredNullable reports whether the lowered production can match no
// token.
func (l *lowerer) loweredNullable(name string) bool {
	var empty func(string) bool
	seen := map[string]bool{}
	empty = func(p string) bool {
		if seen[p] || l.trees[p] == nil {
			return false
		}
		seen[p] = true
		defer delete(seen, p)
		return l.nullable(l.trees[p], empty)
	}
	return empty(name)
}

// checkAlternatives fails where a branch of an alternative can match the
// empty string, which participle rejects.
func (l *lowerer) checkAlternatives(r *bnf.Rule, n *node) error {
	if n.kind == alt {
		for i, k := range n.kids {
			if l.nullable(k, l.loweredNullable) {
				return l.errorf(r, nil, "alternative %d can match the empty string: participle rejects that; guard it in the lowering table", i+1)
			}
		}
	}
	for _, k := range n.kids {
		if err := l.checkAlternatives(r, k); err != nil {
			return err
		}
	}
	return nil
}

// checkGuards fails unless the guards keep the BNF's language: a
// production that can match the empty string in the BNF and no longer
// does after lowering ("removed") must lose it by a NonEmpty guard or
// only through other removed productions, and every item that refers to a
// removed production from one that is not removed must be optional.
func (l *lowerer) checkGuards() error {
	removed := map[string]bool{}
	for name := range l.trees {
		if l.f.Nullable(l.f.Rule(name).Expr) && !l.loweredNullable(name) {
			removed[name] = true
		}
	}
	if removed[l.t.Start] {
		return fmt.Errorf("%s: %s can match the empty string, and its lowering cannot; nothing refers to it to keep the empty match", l.f.Name, l.t.Start)
	}
	for name := range removed {
		guarded := false
		for _, g := range l.t.Guards {
			guarded = guarded || g.Production == name && g.NonEmpty
		}
		if guarded {
			continue
		}
		viaRemoved := func(p string) bool { return removed[p] || l.loweredNullable(p) }
		if !l.nullable(l.trees[name], viaRemoved) {
			return fmt.Errorf("%s: %s can match the empty string, and its lowering cannot", l.f.Name, name)
		}
	}
	for name, tree := range l.trees {
		if removed[name] {
			continue
		}
		if ref := bareRef(tree, removed, false); ref != "" {
			return fmt.Errorf("%s: in %s: %s can match the empty string and its lowering cannot: the item that refers to it must be optional (a guard)",
				l.f.Name, name, ref)
		}
	}
	return nil
}

// bareRef returns a production of removed that n captures outside every
// optional part, or "".
func bareRef(n *node, removed map[string]bool, opt bool) string {
	opt = opt || n.suffix == "?" || n.suffix == "*"
	if n.kind == capture && removed[n.ref] && !opt {
		return n.ref
	}
	for _, k := range n.kids {
		if r := bareRef(k, removed, opt); r != "" {
			return r
		}
	}
	return ""
}

// fields cuts the lowered body into the struct's fields: a field's tag
// holds its captures, the text before its first capture back to the
// previous field's, and the tokens and group ends that follow its last
// capture up to a "|" or a "(" (which begin the next field's part). What
// follows the last capture goes to the last field.
func (rc *ruleCtx) fields(l *lowerer, body *node) ([]Field, error) {
	var parts []part
	flatten(body, &parts)
	var out []Field
	var text strings.Builder
	index := map[string]int{}
	attached := false // the last part was a capture or attached to one
	for _, p := range parts {
		switch {
		case p.field == "" && attached && (p.kind == partToken || p.kind == partClose):
			out[len(out)-1].Tag += p.text
			continue
		case p.field == "":
			attached = false
			text.WriteString(p.text)
			continue
		}
		i, ok := index[p.field]
		switch {
		case !ok:
			out = append(out, Field{Name: p.field, Type: rc.typeOf(p)})
			i = len(out) - 1
			index[p.field] = i
		case i != len(out)-1:
			return nil, l.errorf(rc.rule, nil, "the captures of %s are not together: participle's tags cannot say it", p.field)
		}
		text.WriteString(p.text)
		out[i].Tag += text.String()
		text.Reset()
		attached = true
	}
	if len(out) == 0 {
		return nil, l.errorf(rc.rule, nil, "nothing to capture")
	}
	out[len(out)-1].Tag += text.String()
	for i := range out {
		out[i].Tag = strings.Join(strings.Fields(out[i].Tag), " ")
	}
	return out, nil
}

func (rc *ruleCtx) typeOf(p part) string {
	if p.ref == "" {
		return "[]string"
	}
	t := "*" + bnf.GoName(p.ref)
	if rc.refs[p.ref] > 1 || rc.repeated[p.ref] {
		t = "[]" + t
	}
	return t
}

// part is a piece of a production's tag text: a capture into a field, a
// token or lookahead, the opening or the end of a group, or a "|".
type part struct {
	kind             partKind
	text, field, ref string
}

type partKind uint8

const (
	partCapture partKind = iota
	partToken
	partOpen
	partClose
	partBar
)

func flatten(n *node, out *[]part) {
	add := func(k partKind, s string) { *out = append(*out, part{kind: k, text: s}) }
	switch n.kind {
	case tok, look:
		add(partToken, " "+n.text+" ")
	case capture:
		*out = append(*out, part{kind: partCapture, text: " " + n.text + n.suffix + " ", field: n.field, ref: n.ref})
	case seq:
		for _, k := range n.kids {
			flatten(k, out)
		}
	case alt:
		for i, k := range n.kids {
			if i > 0 {
				add(partBar, " | ")
			}
			flatten(k, out)
		}
	case group:
		add(partOpen, " ( ")
		flatten(n.kids[0], out)
		add(partClose, " )"+n.suffix+" ")
	}
}
