package bnf

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// The tree of a BNF file, one type per construct of the notation, filled
// by participle. Every node records where it begins (Pos), so that the
// tools built on the tree can point at the text they read.

// File is a BNF file: its rules in the order the file gives them.
type File struct {
	// Name is the file name given to [Parse], which positions carry.
	Name string
	// Rules are the productions, in order.
	Rules []*Rule `parser:"@@*"`

	byName map[string]*Rule
}

// Rule is one production: name = alternatives.
type Rule struct {
	Pos, EndPos lexer.Position

	// Name is the production's name, as the file spells it ("net_path",
	// "generic-RL").
	Name string `parser:"@Name Equals"`
	// Expr is the right-hand side.
	Expr *Alternatives `parser:"@@"`

	// Text is the rule as the file writes it, from its name to the end of
	// its last line (a comment that ends that line included), with the
	// indentation its continuation lines share with the first removed.
	Text string
}

// Alternatives are one or more sequences separated by "|": the language
// is the union of theirs.
type Alternatives struct {
	Pos lexer.Position

	Sequences []*Sequence `parser:"@@ ( Bar @@ )*"`
}

// Sequence is one or more items written one after the other: the
// language is their concatenation.
type Sequence struct {
	Pos lexer.Position

	Items []*Item `parser:"@@+"`
}

// Item is one element of a sequence, with the repetition written before
// it ("*", "1*", "<n>*"), if any. Exactly one of Name, Literal, Group and
// Option is set.
type Item struct {
	Pos lexer.Position

	// Repeat is the repetition as written ("*", "1*"), or "" for none:
	// n or more of the element, n defaulting to 0 ([Item.Min]).
	Repeat string `parser:"@Repeat?"`
	// Name is a reference to the production of that name. A name
	// followed by "=" begins the next rule instead, so that rules need no
	// terminator (RFC 822 style).
	Name string `parser:"(  @Name (?! Equals)"`
	// Literal is a literal as written: quoted ("//", with its quotes) or
	// <"> for the double quote character ([Item.Value]).
	Literal string `parser:" | @( String | Quote )"`
	// Group is a parenthesised group: ( alternatives ).
	Group *Alternatives `parser:" | LParen @@ RParen"`
	// Option is an optional element: [ alternatives ], matched once or
	// not at all.
	Option *Alternatives `parser:" | LBracket @@ RBracket )"`
}

// Min returns the fewest repetitions of a repeated item (the n of
// "<n>*"), or 1 for an item that is not repeated. [Parse] rejects a count
// that is not an int.
func (it *Item) Min() int {
	if it.Repeat == "" {
		return 1
	}
	n, err := strconv.Atoi(strings.TrimSuffix(it.Repeat, "*"))
	if err != nil {
		return 0 // "*" alone; a count out of range is rejected by Parse
	}
	return n
}

// Repeated reports whether the item is written with a repetition ("*",
// "1*", ...): it matches Min or more times, without bound.
func (it *Item) Repeated() bool { return it.Repeat != "" }

// Value returns the characters a literal item stands for: the text
// between its quotes, or `"` for <">. RFC 822 writes no escapes inside
// quotes: "\" is the backslash.
func (it *Item) Value() string {
	if it.Literal == `<">` {
		return `"`
	}
	return strings.TrimSuffix(strings.TrimPrefix(it.Literal, `"`), `"`)
}

// lex returns the lexer of the notation: RFC 822's, with "|" for
// alternatives. Comments run from ";" to the end of the line; a quoted
// literal ends at the next quote on its line. It is built on first use,
// as the parser is, not when the program starts (decision S-9).
var lex = sync.OnceValue(func() *lexer.StatefulDefinition {
	return lexer.MustSimple([]lexer.SimpleRule{
		{Name: "Comment", Pattern: `;[^\n]*`},
		{Name: "String", Pattern: `"[^"\n]*"`},
		{Name: "Quote", Pattern: `<">`},
		{Name: "Repeat", Pattern: `[0-9]*\*`},
		{Name: "Name", Pattern: `[A-Za-z][A-Za-z0-9_-]*`},
		{Name: "Equals", Pattern: `=`},
		{Name: "Bar", Pattern: `\|`},
		{Name: "LParen", Pattern: `\(`},
		{Name: "RParen", Pattern: `\)`},
		{Name: "LBracket", Pattern: `\[`},
		{Name: "RBracket", Pattern: `\]`},
		{Name: "Whitespace", Pattern: `[ \t\r\n]+`},
	})
})

// parser returns the parser, built once; participle parsers are safe for
// concurrent use.
var parser = sync.OnceValue(func() *participle.Parser[File] {
	return participle.MustBuild[File](
		participle.Lexer(lex()),
		participle.Elide("Comment", "Whitespace"),
		participle.UseLookahead(2),
	)
})

// Parse reads a BNF file: its syntax, then its references. name is the
// file name its positions and errors carry. The error, when there is one,
// is an [ErrorList] of [*Error]s, each with its position and the
// production it is in: the first syntax error, or every undefined or
// duplicate production, empty literal and repetition count out of range.
func Parse(name string, src []byte) (*File, error) {
	if e := tooDeep(name, src); e != nil {
		return nil, ErrorList{e}
	}
	f, err := parser().ParseBytes(name, src)
	if err != nil {
		return nil, ErrorList{syntaxError(name, src, err)}
	}
	f.Name = name
	f.byName = make(map[string]*Rule, len(f.Rules))
	var errs ErrorList
	add := func(pos lexer.Position, rule, format string, args ...any) {
		errs = append(errs, &Error{Pos: pos, Production: rule, Msg: fmt.Sprintf(format, args...)})
	}
	if len(f.Rules) == 0 {
		add(lexer.Position{Filename: name, Line: 1, Column: 1}, "", "no productions")
	}
	for _, r := range f.Rules {
		if first, ok := f.byName[r.Name]; ok {
			add(r.Pos, r.Name, "production %s defined again (first at line %d)", r.Name, first.Pos.Line)
			continue
		}
		f.byName[r.Name] = r
		r.Text = ruleText(src, r)
	}
	for _, r := range f.Rules {
		Walk(r.Expr, func(it *Item) {
			switch {
			case it.Repeat != "" && strings.TrimSuffix(it.Repeat, "*") != "":
				if _, err := strconv.Atoi(strings.TrimSuffix(it.Repeat, "*")); err != nil {
					add(it.Pos, r.Name, "repetition count %s out of range", strings.TrimSuffix(it.Repeat, "*"))
				}
			}
			switch {
			case it.Name != "" && f.byName[it.Name] == nil:
				add(it.Pos, r.Name, "undefined production %s", it.Name)
			case it.Literal == `""`:
				add(it.Pos, r.Name, `empty literal ""`)
			}
		})
	}
	if err := errs.Err(); err != nil {
		return nil, err
	}
	return f, nil
}

// MaxDepth is the deepest nesting of groups and options [Parse] reads.
// The parser recurses once per level, so a limit keeps a hostile file from
// exhausting the stack; the RFCs nest three deep at most.
const MaxDepth = 64

// tooDeep reports the first group or option nested deeper than MaxDepth.
func tooDeep(name string, src []byte) *Error {
	l, err := lex().LexString(name, string(src))
	if err != nil {
		return nil
	}
	syms := lex().Symbols()
	depth := 0
	for {
		t, err := l.Next()
		if err != nil || t.EOF() {
			return nil
		}
		switch t.Type {
		case syms["LParen"], syms["LBracket"]:
			if depth++; depth > MaxDepth {
				return &Error{Pos: t.Pos, Production: ruleAt(name, src, t.Pos.Offset),
					Msg: fmt.Sprintf("groups and options nested deeper than %d", MaxDepth)}
			}
		case syms["RParen"], syms["RBracket"]:
			depth--
		}
	}
}

// syntaxError turns participle's error into an *Error naming the rule it
// is in.
func syntaxError(name string, src []byte, err error) *Error {
	e := &Error{Pos: lexer.Position{Filename: name, Line: 1, Column: 1}, Msg: err.Error()}
	var perr participle.Error
	if errors.As(err, &perr) {
		e.Pos, e.Msg = perr.Position(), perr.Message()
	}
	e.Production = ruleAt(name, src, e.Pos.Offset)
	return e
}

// ruleAt returns the name of the rule that text at offset belongs to: the
// last "name =" that begins before it, or "" before the first. It reads
// the tokens up to the offset, so a lexical error there does not stop it.
func ruleAt(name string, src []byte, offset int) string {
	l, err := lex().LexString(name, string(src))
	if err != nil {
		return ""
	}
	syms := lex().Symbols()
	var rule, last string
	for {
		t, err := l.Next()
		if err != nil || t.EOF() || t.Pos.Offset >= offset {
			return rule
		}
		switch t.Type {
		case syms["Comment"], syms["Whitespace"]:
		case syms["Equals"]:
			if last != "" {
				rule = last
			}
			last = ""
		case syms["Name"]:
			last = t.Value
		default:
			last = ""
		}
	}
}

// ruleText returns the rule's text: from its name to the end of its last
// token's line when only a comment follows there, the continuation lines'
// shared indentation removed.
func ruleText(src []byte, r *Rule) string {
	end := r.EndPos.Offset
	if nl := strings.IndexByte(string(src[end:]), '\n'); nl >= 0 {
		if rest := strings.TrimSpace(string(src[end : end+nl])); rest == "" || rest[0] == ';' {
			end += nl
		}
	} else if rest := strings.TrimSpace(string(src[end:])); rest == "" || rest[0] == ';' {
		end = len(src)
	}
	lines := strings.Split(strings.TrimRight(string(src[r.Pos.Offset:end]), " \t\r\n"), "\n")
	indent := r.Pos.Column - 1
	for i := 1; i < len(lines); i++ {
		line := lines[i]
		n := 0
		for n < indent && n < len(line) && line[n] == ' ' {
			n++
		}
		lines[i] = strings.TrimRight(line[n:], " \t\r")
	}
	return strings.Join(lines, "\n")
}

// Rule returns the production called name, or nil.
func (f *File) Rule(name string) *Rule { return f.byName[name] }

// Names returns the productions' names in the file's order.
func (f *File) Names() []string {
	names := make([]string, len(f.Rules))
	for i, r := range f.Rules {
		names[i] = r.Name
	}
	return names
}

// Walk calls fn for every item of e, depth first, in the order written.
func Walk(e *Alternatives, fn func(*Item)) {
	for _, s := range e.Sequences {
		for _, it := range s.Items {
			fn(it)
			switch {
			case it.Group != nil:
				Walk(it.Group, fn)
			case it.Option != nil:
				Walk(it.Option, fn)
			}
		}
	}
}
