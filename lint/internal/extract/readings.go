package extract

import (
	"strings"

	"github.com/relurl/relurl/lint/internal/htmlscan"
)

// Readings returns what text, the bytes of a file that hold a URL in the
// encodings enc (innermost first, as [Ref.Encodings] lists them), reads
// as: each layer decoded, from the outermost in, by the decoders the
// readers of this package use. A layer may read two ways (a CSS escape in
// a string and in an unquoted url(); an XML value as an attribute and as
// character data; the "http://" a bare "www." link implies), so there may
// be more than one reading; an XML value that refers to an entity of the
// DTD, which no reader here expands, has none. A quoted-printable or
// base64 layer is taken as it is: its bytes are not placed one by one.
//
// It is how a fix checks that the bytes it writes read back as the fixed
// URL (package lint/fix), and how the tests check the readers' maps.
func Readings(enc []Encoding, text string) []string {
	out := []string{text}
	for i := len(enc) - 1; i >= 0; i-- {
		var next []string
		for _, s := range out {
			switch enc[i] {
			case EncodingHTMLAttribute:
				d, _ := htmlscan.DecodeValue(s, -1)
				next = append(next, d)
			case EncodingXML:
				for _, attr := range []bool{true, false} {
					if d := xmlDecode(s, 0, len(s), attr); d.entity == "" {
						next = append(next, d.s)
					}
				}
			case EncodingCSS:
				a, _ := cssUnescape(s, 0, len(s), true)
				b, _ := cssUnescape(s, 0, len(s), false)
				next = append(next, a, b)
			case EncodingMarkdown:
				d, _ := markdownUnescape(s)
				next = append(next, d)
			case EncodingMarkdownAutolink:
				next = append(next, s, "http://"+s)
			case EncodingBracketed:
				next = append(next, strings.Map(func(r rune) rune {
					if r == ' ' || r == '\t' || r == '\r' || r == '\n' {
						return -1
					}
					return r
				}, s))
			default:
				next = append(next, s)
			}
		}
		out = next
	}
	return out
}
