package target

import (
	"fmt"
	"strings"

	"github.com/relurl/relurl/ast"
	"github.com/relurl/relurl/lint/internal/fix"
)

// Hit is a finding of a target rule on one URL, as neutral data: package
// lint turns it into its finding, with the rule's id and severity and
// where the URL is in the file.
type Hit struct {
	// Offset and End are the span of the finding in the URL, Production
	// the name of the part they cover.
	Offset, End         int
	Production, Message string
	// Changes, on a target/case finding, are the changes that write the
	// path in the letter case of the files; NoFix says why there are none.
	Changes []fix.Change
	NoFix   string
}

// PathHit is a finding on the path (and params) of the URL that leads to
// lk.
func PathHit(lk *Dest, msg string) Hit {
	if lk.Browser {
		msg += BrowserNote
	}
	return Hit{Offset: lk.PathFrom, End: lk.PathTo, Production: "path", Message: msg}
}

// WHATWGHit is the portability/whatwg-target finding on the URL s that
// leads to lk, RFC 1808's reading, beside lk.Browsers, the browsers'
// (when they differ): false when the two lead to the same place, or when
// both or neither hold a file.
func WHATWGHit(s string, lk *Dest) (Hit, bool) {
	w := lk.Browsers
	if w == nil || lk.Place.Where == External || w.Place.Where == External {
		return Hit{}, false
	}
	if lk.Place.Where == w.Place.Where && lk.Place.Path == w.Place.Path && lk.Place.Dir == w.Place.Dir {
		return Hit{}, false
	}
	re, we := Exists(lk.Place, lk.Target), Exists(w.Place, w.Target)
	if re == we {
		return Hit{}, false
	}
	works := "browsers reach a file and RFC 1808 does not"
	if re {
		works = "RFC 1808 reaches a file and browsers do not"
	}
	return Hit{Offset: 0, End: len(s), Production: "URL", Message: fmt.Sprintf(
		"%s leads under RFC 1808 to %s, and in browsers (the WHATWG URL Standard) to %s: %s",
		q(s), PlaceText(lk.URL(), lk.Place, lk.Target), PlaceText(w.URL, w.Place, w.Target), works)}, true
}

// MissingHit is the target/missing finding on the URL s that leads to
// lk: false when a file can be and is there, or it leads elsewhere than
// under the root.
func MissingHit(s string, lk *Dest) (Hit, bool) {
	if !lk.OK || lk.Place.Where != Inside {
		return Hit{}, false
	}
	p := lk.Place
	switch {
	case p.Bad != "":
		return PathHit(lk, fmt.Sprintf("%s leads to %s under the root, where no file can be: %s", q(s), ShownPath(p.Path, p.Dir), p.Bad)), true
	case lk.Target.Status == Missing:
		return PathHit(lk, fmt.Sprintf("%s leads to %s under the root: %s", q(s), ShownPath(p.Path, p.Dir), lk.Target.Why)), true
	}
	return Hit{}, false
}

// CaseHit is the target/case finding on the URL s, read as u, that leads
// to lk: false when the target is not found in other letter case alone.
// With fixes, it says how to write the path in the files' letter case, or
// why that cannot be done: a file served under other names too (aliases)
// takes no fix, which must suit each name.
func CaseHit(s string, u *ast.URL, lk *Dest, fixes, aliases bool) (Hit, bool) {
	if !lk.OK || lk.Target.Status != Case {
		return Hit{}, false
	}
	p, tg := lk.Place, lk.Target
	var msg string
	if len(tg.Names) > 1 {
		msg = fmt.Sprintf("%s leads to %s under the root, which exists only in other letter case (%d names differ from it in case alone)",
			q(s), ShownPath(p.Path, p.Dir), len(tg.Names))
	} else {
		msg = fmt.Sprintf("%s leads to %s under the root, which exists only as %s", q(s), ShownPath(p.Path, p.Dir), ShownPath(tg.Path, false))
	}
	h := PathHit(lk, msg+": a file system blind to case finds it, most servers do not")
	switch {
	case !fixes:
	case lk.Browser:
		h.NoFix = "the URL is not valid under RFC 1808: mend its syntax first"
	case len(tg.Names) > 1:
		h.NoFix = "more than one file matches in other letter case"
	case !tg.Fixable:
		h.NoFix = "a name that differs in case comes from a symbolic link's text, not from the reference"
	case aliases:
		h.NoFix = "the file is served under several names, and a fix must suit each"
	default:
		h.Changes, h.NoFix = CaseChanges(s, u, lk)
	}
	return h, true
}

// CaseChanges returns the changes that write the path of the URL ref, read
// as u, in the letter case of the files lk leads to, or why there are
// none: each name that differs is written in the reference itself,
// without escapes, and the file's name needs none.
func CaseChanges(ref string, u *ast.URL, lk *Dest) ([]fix.Change, string) {
	if u.Params.Present {
		return nil, "the path has params, which the fix does not rewrite"
	}
	want := strings.Split(lk.Target.Path, "/")
	have := strings.Split(lk.Place.Path, "/")
	if lk.Target.Index {
		want = want[:len(want)-1]
	}
	if len(want) != len(have) {
		return nil, "the path found does not line up with the path written"
	}
	// The segments written in the reference that survive §4 step 6, with
	// their spans: they are the last ones of the path resolved.
	type seg struct{ from, to int }
	var written []seg
	at := u.Path.Span.Start
	for s := range strings.SplitSeq(u.Path.Value, "/") {
		from := at
		at += len(s) + 1
		switch {
		case s == "" || s == ".":
		case s == "..":
			if len(written) > 0 {
				written = written[:len(written)-1]
			}
		default:
			written = append(written, seg{from, from + len(s)})
		}
	}
	var cs []fix.Change
	for j := range have {
		if have[j] == want[j] {
			continue
		}
		k := len(written) - (len(have) - j)
		if k < 0 {
			return nil, "a name that differs in case comes from the base, not from the reference"
		}
		s := written[k]
		text := ref[s.from:s.to]
		if text != have[j] || PathReference(want[j]) != want[j] || strings.HasPrefix(want[j], "./") {
			return nil, "the name is written with escapes, or the file's name needs them"
		}
		cs = append(cs, fix.Change{Offset: s.from, End: s.to, New: want[j]})
	}
	if len(cs) == 0 {
		return nil, "no name of the reference differs in case"
	}
	return cs, ""
}

// OutsideHit is the target/outside finding on the URL s that leads to
// lk, in tree: false when it stays under the root, or leads to another
// site.
func OutsideHit(s string, lk *Dest, tree *Tree) (Hit, bool) {
	if !lk.OK {
		return Hit{}, false
	}
	p := lk.Place
	switch {
	case p.Where == Outside && p.Above:
		return PathHit(lk, fmt.Sprintf("%s resolves to %s, above the root of the site (RFC 1808 keeps the \"..\" it cannot remove): it leaves the tree",
			q(s), ShownURL(lk.URL()))), true
	case p.Where == Outside:
		return PathHit(lk, fmt.Sprintf("%s resolves to %s, on the tree's site but outside its root %s", q(s), q(lk.URL()), q(tree.RootDir()))), true
	case p.Where == Inside && lk.Target.Status == LinkOut:
		tg := lk.Target
		msg := fmt.Sprintf("%s leads to %s under the root only through the symbolic link %s, which leads out of the tree (to %s)",
			q(s), ShownPath(p.Path, p.Dir), q(tg.Via), q(tg.LinkTarget))
		return PathHit(lk, msg), true
	}
	return Hit{}, false
}
