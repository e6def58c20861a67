package cli

import (
	"fmt"
	"strings"

	"github.com/relurl/relurl/lint/internal/quote"
	"github.com/relurl/relurl/resolve"
)

// baseWarning says, when base is the URL of a root whose path does not
// end in "/", what RFC 1808 §4 makes of it (decision U-10): a file's path
// under the root is resolved against it, and step 6 drops the base's last
// segment, so the root is served one directory up; "" for a base that
// keeps its segments, or that is not a valid base (its own finding says
// why). from names where the base is given: "--base", or the
// configuration file's "base".
func baseWarning(from, base string) string {
	u, err := resolve.ParseBase(base)
	if err != nil || u.Params.Present || u.Query.Present || u.Fragment.Present {
		return ""
	}
	path := u.Path.Value
	last := path[strings.LastIndexByte(path, '/')+1:]
	if last == "" {
		return ""
	}
	root, err := resolve.Resolve(base, "./")
	if err != nil {
		return ""
	}
	index, _ := resolve.Resolve(base, "index.html")
	return fmt.Sprintf("%s %s does not end in \"/\": RFC 1808 §4 drops its last segment, %s, when it resolves a file's path against it, "+
		"so the root is served at %s (index.html is %s); for the directory %s, write %s",
		from, quote.Quote(base), quote.Quote(last), quote.Quote(root.String()), quote.Quote(index.String()), quote.Quote(last), quote.Quote(base+"/"))
}
