package base

import (
	"fmt"
	"strings"

	"github.com/relurl/relurl/ast"
)

// SourceHeader is the [URL.Source] of a base found in a message's Base
// header field.
const SourceHeader = "Base header"

// ErrTooDeep is wrapped by the error [Message] returns for a message whose
// entities are nested deeper than [MaxDepth].
var ErrTooDeep = fmt.Errorf("nested deeper than %d entities (base.MaxDepth)", MaxDepth)

// ParseHeader reads the value of a Base header field of RFC 1808 §3.1,
//
//	base-header = "Base" ":" "<URL:" absoluteURL ">"
//
// where white space inside the angle brackets, line folding included, is
// ignored; "URL:" is matched without regard to case, as RFC 822 does for
// literals. It returns the URL, unchecked.
func ParseHeader(value string) (string, error) {
	v := strings.TrimSpace(value)
	if !strings.HasPrefix(v, "<") || !strings.HasSuffix(v, ">") || len(v) < 2 {
		//lint:ignore ST1005 "Base" is the name of the header field
		return "", fmt.Errorf("Base header %s is not of the form <URL:absoluteURL> (§3.1)", ast.Quote(value, 0))
	}
	inner := strings.Map(func(r rune) rune {
		if r == ' ' || r == '\t' || r == '\r' || r == '\n' {
			return -1
		}
		return r
	}, v[1:len(v)-1])
	if len(inner) < 4 || !strings.EqualFold(inner[:4], "URL:") {
		//lint:ignore ST1005 "Base" is the name of the header field
		return "", fmt.Errorf(`Base header %s does not begin "<URL:" (§3.1)`, ast.Quote(value, 0))
	}
	return inner[4:], nil
}

// Message reads msg, a message in the format of RFC 822 and MIME, with
// [ReadMessage], and establishes the base URL of it and of every entity
// nested in it (§3.1, §3.2), in [Entity.Base]. An entity's base is the
// first of:
//
//   - for a text/html entity, the BASE element in the HEAD of its HTML
//     (§10), transfer encoding undone;
//   - its own Base header (§3.1);
//   - the base of the entity enclosing it (§3.2);
//   - for the message itself, ctx: its enclosing entity, if any, then its
//     retrieval URL (§3.3);
//   - the empty default (§3.4).
//
// A Base header or BASE element that does not hold a valid base URL is an
// error ([*LayerError]), as are HTML the parser cannot read and entities
// nested deeper than [MaxDepth] (an error wrapping [ErrTooDeep]). The
// walk's other notes are left on the entities.
func Message(msg string, ctx Context) (*Entity, error) {
	root := ReadMessage(msg)
	return root, establishAll(root, ctx)
}

func establishAll(e *Entity, ctx Context) error {
	for _, n := range e.Notes {
		if n.Kind == NoteTooDeep {
			return fmt.Errorf("%s: %w", Where(join(e.Path, 1)), ErrTooDeep)
		}
	}
	// §3.1: a Base header is embedded in the entity; for its content it
	// comes before the enclosing entity's base.
	var header *URL
	if f := e.Field("Base"); f != nil {
		u, err := ParseHeader(f.Value)
		if err != nil {
			return fmt.Errorf("%s: %w", Where(e.Path), &LayerError{Layer: LayerEmbedded, Source: SourceHeader, Err: err})
		}
		header = &URL{URL: u, Source: SourceHeader}
	}
	b, err := Establish(header, ctx)
	if err != nil {
		return fmt.Errorf("%s: %w", Where(e.Path), err)
	}
	e.Base = b
	if e.MediaType == "text/html" {
		// The HTML document's own BASE element wins over the entity's.
		text, _ := e.Decoded()
		href, found, err := FindInHTML(text)
		if err != nil {
			return fmt.Errorf("%s: %w", Where(e.Path), err)
		}
		if found {
			if e.Base, err = Establish(&URL{URL: href, Source: SourceHTML}, ctx); err != nil {
				return fmt.Errorf("%s: %w", Where(e.Path), err)
			}
		}
	}
	inner := Context{Enclosing: &e.Base}
	for _, p := range e.Parts {
		if err := establishAll(p, inner); err != nil {
			return err
		}
	}
	return nil
}

// Where names the entity numbered path ([Entity.Path]) for a message:
// "message" for the message itself, "part 1.2" for a nested one.
func Where(path string) string {
	if path == "" {
		return "message"
	}
	return "part " + path
}
