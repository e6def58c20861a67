package target

import (
	"fmt"
	"strings"
)

// Fragments a page's script reads. A single-page application or an API
// explorer reads its fragment itself ("#/pet/addPet", "#!/users"): no
// element has it for an id, and the page is right. The configuration
// declares, per target path, the fragments such a page resolves
// ([targets] scripted, decision T-23): a fragment that names no anchor
// and matches is taken as the page's scripts' to read, as parameters are
// (decision T-16), and not reported.

// ParseScripted checks a pattern of [targets] scripted: a path under the
// root, "#", and a fragment, where "*" in either stands for any run of
// bytes ("/" too).
func ParseScripted(p string) error {
	path, frag, ok := strings.Cut(p, "#")
	if !ok || path == "" || frag == "" {
		return fmt.Errorf("%s is not a pattern of fragments a page reads: want a path under the root, \"#\" and a fragment, \"*\" standing for any text (\"api/index.html#/*\")", q(p))
	}
	return nil
}

// scripted reports whether a pattern of Options.Scripted matches the
// fragment frag of the page at path under the root.
func (t *Tree) scripted(path, frag string) bool {
	for _, p := range t.opts.Scripted {
		pp, fp, _ := strings.Cut(p, "#")
		if Glob(strings.TrimPrefix(pp, "/"), path) && Glob(fp, frag) {
			return true
		}
	}
	return false
}

// Glob reports whether s matches the pattern p, in which "*" stands for
// any run of bytes and every other byte for itself. It takes time in
// proportion to len(p) times len(s) at most: a "*" is retried only from
// the last one seen.
func Glob(p, s string) bool {
	pi, si := 0, 0
	star, mark := -1, 0
	for si < len(s) {
		switch {
		case pi < len(p) && p[pi] == '*':
			star, mark = pi, si
			pi++
		case pi < len(p) && p[pi] == s[si]:
			pi++
			si++
		case star >= 0:
			mark++
			pi, si = star+1, mark
		default:
			return false
		}
	}
	for pi < len(p) && p[pi] == '*' {
		pi++
	}
	return pi == len(p)
}
