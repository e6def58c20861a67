package bnf

import (
	"fmt"
	"strings"

	"github.com/alecthomas/participle/v2/lexer"
)

// Error is one problem of a BNF file: where it is, the production it is
// in, and what is wrong, in lowercase.
type Error struct {
	// Pos is where the problem is: file name, byte offset, line and
	// column (both from 1).
	Pos lexer.Position
	// Production is the name of the rule the problem is in, or "" when
	// it comes before the first rule.
	Production string
	// Msg says what is wrong.
	Msg string
}

// Error returns "file:line:col: in production: message".
func (e *Error) Error() string {
	pos := fmt.Sprintf("%s:%d:%d", e.Pos.Filename, e.Pos.Line, e.Pos.Column)
	if e.Production == "" {
		return pos + ": " + e.Msg
	}
	return pos + ": in " + e.Production + ": " + e.Msg
}

// ErrorList is a list of errors, in the file's order. Like
// go/scanner.ErrorList, its Err method returns nil when it is empty.
type ErrorList []*Error

// Error returns the errors, one a line.
func (l ErrorList) Error() string {
	msgs := make([]string, len(l))
	for i, e := range l {
		msgs[i] = e.Error()
	}
	return strings.Join(msgs, "\n")
}

// Err returns l as an error, or nil when l is empty.
func (l ErrorList) Err() error {
	if len(l) == 0 {
		return nil
	}
	return l
}

// Unwrap returns the errors, for errors.As.
func (l ErrorList) Unwrap() []error {
	errs := make([]error, len(l))
	for i, e := range l {
		errs[i] = e
	}
	return errs
}
