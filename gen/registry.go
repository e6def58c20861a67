package gen

import (
	"sort"
	"strings"

	"github.com/leanovate/gopter"
)

// productions maps each production's normalized name to its generator.
var productions = map[string]func() gopter.Gen{
	"url":         URL,
	"absoluteurl": AbsoluteURL,
	"genericrl":   GenericRL,
	"relativeurl": RelativeURL,
	"netpath":     NetPath,
	"abspath":     AbsPath,
	"relpath":     RelPath,
	"path":        Path,
	"fsegment":    Fsegment,
	"segment":     Segment,
	"params":      Params,
	"param":       Param,
	"scheme":      Scheme,
	"netloc":      NetLoc,
	"query":       Query,
	"fragment":    Fragment,
	"pchar":       Pchar,
	"uchar":       Uchar,
	"escape":      Escape,
}

// Lookup returns the generator of the production called name, spelled as
// the RFC spells it ("generic-RL", "net_loc") or as this package does
// ("GenericRL", "NetLoc"), in any case.
func Lookup(name string) (gopter.Gen, bool) {
	f, ok := productions[normalize(name)]
	if !ok {
		return nil, false
	}
	return f(), true
}

// Names lists the productions that have generators, in the RFC's spelling
// where it has one.
func Names() []string {
	names := []string{"URL", "absoluteURL", "generic-RL", "relativeURL", "net_path", "abs_path", "rel_path",
		"path", "fsegment", "segment", "params", "param", "scheme", "net_loc", "query", "fragment",
		"pchar", "uchar", "escape"}
	sort.Strings(names)
	return names
}

func normalize(name string) string {
	return strings.ToLower(strings.NewReplacer("-", "", "_", "").Replace(name))
}
