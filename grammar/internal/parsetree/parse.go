package parsetree

import (
	"errors"
	"fmt"
	"sync"

	"github.com/alecthomas/participle/v2"
	"github.com/relurl/relurl/ast"
)

// MaxInput is the longest input, in bytes, that [Parse] reads. The
// reference parser holds a token (about 64 bytes) per delimiter of the
// input and participle caps any repetition at 1 000 000 matches; inputs up
// to MaxInput stay under both limits. Longer inputs get an error wrapping
// [ErrTooLong]; the validator has no such limit.
const MaxInput = 1_000_000

// ErrTooLong is wrapped by the error [Parse] and [ParseTree] return for an
// input longer than [MaxInput]: errors.Is(err, ErrTooLong) reports it, and
// errors.As finds the error's *[ast.Diagnostic] (rule [ast.RuleTooLong]),
// which spans the bytes past the limit.
var ErrTooLong = errors.New("input longer than the reference parser's limit")

// tooLongError is the error for an input past MaxInput: its diagnostic,
// which also wraps ErrTooLong.
type tooLongError struct{ *ast.Diagnostic }

// Unwrap returns ErrTooLong and the diagnostic.
func (e tooLongError) Unwrap() []error { return []error{ErrTooLong, e.Diagnostic} }

// parser returns the parser, built once, on first use rather than when
// the program starts (decision S-9); participle parsers are safe for
// concurrent use.
var parser = sync.OnceValue(func() *participle.Parser[URL] {
	return participle.MustBuild[URL](
		participle.Lexer(definition{}),
		participle.UseLookahead(-1), // generic-RL falls back to the opaque alternative after any number of tokens
	)
})

// EBNF returns the grammar as participle reads it, in its EBNF notation,
// for holding beside RFC 1808 §2.2.
func EBNF() string { return parser().String() }

// ParseTree parses s under the §2.2 BNF and returns its concrete parse
// tree. An error is an *[ast.Diagnostic] whose Offset is where the input
// stops being a prefix of any valid URL (counting an escape as one unit);
// for an input longer than [MaxInput] it is an error that wraps
// [ErrTooLong] and such a diagnostic, at MaxInput, whose Text is the rest
// of the input. errors.As finds the diagnostic in either.
func ParseTree(s string) (tree *URL, err error) {
	if len(s) > MaxInput {
		return nil, tooLongError{&ast.Diagnostic{
			Offset: MaxInput, End: len(s), Production: "URL", Rule: ast.RuleTooLong,
			Text:     s[MaxInput:],
			Message:  fmt.Sprintf("%s (%d bytes); this input has %d", ErrTooLong, MaxInput, len(s)),
			Severity: ast.SeverityError,
		}}
	}
	defer func() {
		// Participle panics on grammar bugs, never on input; if it ever
		// does, report the input as unparsed rather than crash the caller.
		if r := recover(); r != nil {
			tree, err = nil, &ast.Diagnostic{Production: "URL", Rule: ast.RuleGrammar, Severity: ast.SeverityError,
				Message: fmt.Sprintf("internal error in the reference parser: %v", r)}
		}
	}()
	tree, err = parser().ParseString("", s)
	if err != nil {
		return nil, diagnostic(s, err)
	}
	return tree, nil
}

// Parse parses s with the reference parser and lowers its parse tree into
// an [ast.URL]. It accepts exactly the language of the §2.2 URL production;
// errors.As finds an *[ast.Diagnostic] in every error (see [ParseTree]).
func Parse(s string) (ast.URL, error) {
	tree, err := ParseTree(s)
	if err != nil {
		return ast.URL{}, err
	}
	return lower(tree, s), nil
}

// diagnostic turns participle's error into relurl's one error type. The
// offending text is the token at the error: an invalid byte, a malformed
// escape's "%", or the delimiter no production allows there.
func diagnostic(s string, err error) *ast.Diagnostic {
	d := &ast.Diagnostic{Production: "URL", Rule: ast.RuleGrammar, Message: err.Error(), Severity: ast.SeverityError}
	var perr participle.Error
	if errors.As(err, &perr) {
		d.Offset = perr.Position().Offset
		d.Message = perr.Message()
	}
	d.Offset = min(max(d.Offset, 0), len(s))
	d.End = d.Offset
	var ut *participle.UnexpectedTokenError
	if errors.As(err, &ut) && !ut.Unexpected.EOF() {
		d.End = d.Offset + len(ut.Unexpected.Value)
	}
	d.Text = s[d.Offset:d.End]
	return d
}
