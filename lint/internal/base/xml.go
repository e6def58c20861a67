package base

import (
	"github.com/relurl/relurl/ast"
	"github.com/relurl/relurl/resolve"
)

// SourceXMLBase is the [URL.Source] of a base set by an xml:base
// attribute.
const SourceXMLBase = "xml:base attribute"

// XMLBase establishes the base URL that an xml:base attribute whose value
// is value sets for its element, in an element whose parent's base is
// parent: XML Base §4.2, the XML counterpart of RFC 1808 §3.1, nested
// element by element as §3's layers are. A value with a scheme (§2.4.2) is
// the base itself. A relative value is resolved against parent by the
// steps of §4 when parent can serve as a base; otherwise it stays as it is,
// and cannot serve (§2). The empty value names the parent's base (§4 step
// 2a), which is returned as it is. The base is [LayerEmbedded] with the
// given source ([SourceXMLBase] when ""); one that cannot serve (invalid
// under §2.2, not absolute, not generic-RL) is a [*LayerError], as
// [Establish] returns.
func XMLBase(value string, parent URL, source string) (URL, error) {
	if value == "" {
		return parent, nil
	}
	if source == "" {
		source = SourceXMLBase
	}
	v := value
	if ast.SchemeLen(value) == 0 && parent.URL != "" {
		b, err := resolve.ParseBase(parent.URL)
		r, rerr := resolve.ParseRef(value)
		if err == nil && rerr == nil {
			v = resolve.Reference(b, r).String()
		}
	}
	return Establish(&URL{URL: v, Source: source}, Context{})
}
