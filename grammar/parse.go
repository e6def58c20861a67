package grammar

import (
	"github.com/relurl/relurl/ast"
	"github.com/relurl/relurl/grammar/internal/parsetree"
)

// MaxInput is the longest input, in bytes, that [Parse] reads. The
// reference parser holds a token (about 64 bytes) per delimiter of the
// input and participle caps any repetition at 1 000 000 matches; inputs up
// to MaxInput stay under both limits. Longer inputs get an error wrapping
// [ErrTooLong]; the validator has no such limit.
const MaxInput = parsetree.MaxInput

// ErrTooLong is wrapped by the error [Parse] and [Outline] return for an
// input longer than [MaxInput]: errors.Is(err, ErrTooLong) reports it, and
// errors.As finds the error's *[ast.Diagnostic] (rule [ast.RuleTooLong]),
// which spans the bytes past the limit.
var ErrTooLong = parsetree.ErrTooLong

// Parse parses s with the reference parser and lowers its parse tree into
// an [ast.URL]. It accepts exactly the language of the §2.2 URL
// production. Its error is an *[ast.Diagnostic] whose Offset is where the
// input stops being a prefix of any valid URL (counting an escape as one
// unit), with the rule [ast.RuleGrammar]; for an input longer than
// [MaxInput] it is an error that wraps [ErrTooLong] and such a diagnostic,
// at MaxInput, whose Text is the rest of the input. errors.As finds the
// diagnostic in either.
func Parse(s string) (ast.URL, error) { return parsetree.Parse(s) }

// EBNF returns the grammar as participle reads it, in its EBNF notation,
// for holding beside RFC 1808 §2.2: one rule per type of the parse tree,
// named after its production.
func EBNF() string { return parsetree.EBNF() }
