package extract

import (
	"strings"

	rbase "github.com/relurl/relurl/lint/internal/base"
)

// text reads a list of URLs, one per line. A "\r" before the "\n" is
// dropped and empty lines are skipped; a line is a URL as it is, white
// space included. The list's base is the retrieval URL, or none (§3.3,
// §3.4); a list allows relative URLs when it has a base, and is otherwise
// taken as a list of absolute URLs.
func text(src string, ctx rbase.Context, h *Handler) {
	b := establish(nil, ctx, ctx.Retrieval != "")
	for i := 0; i < len(src); {
		end, next := len(src), len(src)
		if eol := strings.IndexByte(src[i:], '\n'); eol >= 0 {
			end, next = i+eol, i+eol+1
		}
		if line := strings.TrimSuffix(src[i:end], "\r"); line != "" {
			h.ref(Ref{URL: line, Map: plainMap(rbase.Map{}, i), Where: "line", Base: b})
		}
		i = next
	}
}
