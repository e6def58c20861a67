package base

import (
	"strconv"

	"github.com/relurl/relurl/ast"
	"github.com/relurl/relurl/resolve"
)

// Layer is one of the four layers of RFC 1808 §3 that can supply a
// document's base URL. They are listed here from the outermost to the
// innermost; the innermost layer that defines a base takes precedence.
type Layer uint8

const (
	// LayerDefault is §3.4: no layer defines a base, and the base is the
	// empty string; every reference is taken as absolute (§4 step 1).
	LayerDefault Layer = iota
	// LayerRetrieval is §3.3: the URL the document was retrieved by (the
	// last one, after redirects), for a document not enclosed in another
	// entity.
	LayerRetrieval
	// LayerEncapsulating is §3.2: the base of the entity the document is
	// enclosed in, such as the message or multipart/* body it is a part of.
	LayerEncapsulating
	// LayerEmbedded is §3.1: a base embedded in the document's content, such
	// as the HREF of an HTML BASE element (§10) or a message's Base header.
	LayerEmbedded
)

// String names the layer: "embedded", "encapsulating entity",
// "retrieval URL" or "default".
func (l Layer) String() string {
	switch l {
	case LayerDefault:
		return "default"
	case LayerRetrieval:
		return "retrieval URL"
	case LayerEncapsulating:
		return "encapsulating entity"
	case LayerEmbedded:
		return "embedded"
	}
	return "Layer(" + strconv.Itoa(int(l)) + ")"
}

// Section returns the section of RFC 1808 that defines the layer, such as
// "3.1".
func (l Layer) Section() string {
	switch l {
	case LayerDefault:
		return "3.4"
	case LayerRetrieval:
		return "3.3"
	case LayerEncapsulating:
		return "3.2"
	case LayerEmbedded:
		return "3.1"
	}
	return ""
}

// MarshalText spells the layer as [Layer.String] does.
func (l Layer) MarshalText() ([]byte, error) { return []byte(l.String()), nil }

// URL is an established base URL and the layer that supplied it.
type URL struct {
	// URL is the base URL; it is "" for [LayerDefault].
	URL string
	// Layer is the §3 layer that supplied it.
	Layer Layer
	// Source says where in its layer it was found, such as "HTML BASE
	// element" or "Base header".
	Source string
}

// Context is what lies around a document: the layers of §3 outside its
// content.
type Context struct {
	// Enclosing is the base of the entity the document is enclosed in
	// (§3.2), or nil for a document at the top level. When it is not nil
	// the document is encapsulated, and Retrieval is not consulted (§3.3).
	Enclosing *URL
	// Retrieval is the URL the document was retrieved by (§3.3), or "".
	Retrieval string
}

// LayerError reports a layer that defines a base URL relative URLs cannot
// be resolved against. It is an error, not a fall-through to the next
// layer: the layer does define the base, wrongly.
type LayerError struct {
	// Layer is the layer that supplied the bad base.
	Layer Layer
	// Source says where in the layer, as in [URL].
	Source string
	// Err says what is wrong, usually a *[resolve.BaseError].
	Err error
}

// Error names the layer and what is wrong with its base.
func (e *LayerError) Error() string {
	return e.Source + " (" + e.Layer.String() + ", §" + e.Layer.Section() + "): " + e.Err.Error()
}

// Unwrap returns what is wrong.
func (e *LayerError) Unwrap() error { return e.Err }

// Establish settles a document's base URL by the precedence of §3. embedded
// is the base found in the document's content (§3.1), or nil; its Layer is
// taken to be [LayerEmbedded]. Then come ctx.Enclosing (§3.2), ctx.Retrieval
// (§3.3) and the empty default (§3.4). The first layer that defines a base
// supplies it, and must supply a valid one (see resolve.ParseBase):
// otherwise the error is a [*LayerError].
func Establish(embedded *URL, ctx Context) (URL, error) {
	var b URL
	switch {
	case embedded != nil:
		b = URL{URL: embedded.URL, Layer: LayerEmbedded, Source: embedded.Source}
	case ctx.Enclosing != nil && ctx.Enclosing.URL != "":
		b = URL{URL: ctx.Enclosing.URL, Layer: LayerEncapsulating, Source: enclosingSource(ctx.Enclosing)}
	case ctx.Enclosing == nil && ctx.Retrieval != "":
		b = URL{URL: ctx.Retrieval, Layer: LayerRetrieval, Source: "retrieval URL"}
	default:
		return URL{Layer: LayerDefault, Source: "no base defined"}, nil
	}
	if b.Source == "" {
		b.Source = b.Layer.String()
	}
	if _, err := resolve.ParseBase(b.URL); err != nil || b.URL == "" {
		if err == nil {
			err = &resolve.BaseError{Reason: resolve.ReasonNotAbsolute, Err: &ast.Diagnostic{
				Production: "generic-RL",
				Message:    "the base URL is empty, and a base must be absolute (§2)",
				Rule:       resolve.RuleBaseNotAbsolute,
				Severity:   ast.SeverityError,
			}}
		}
		return URL{}, &LayerError{Layer: b.Layer, Source: b.Source, Err: err}
	}
	return b, nil
}

func enclosingSource(e *URL) string {
	switch e.Layer {
	case LayerEncapsulating:
		return e.Source
	case LayerRetrieval:
		return "enclosing entity's retrieval URL"
	}
	return "enclosing entity's " + e.Source
}
