package target

import (
	"fmt"
	"strings"
)

// Line ranges. Pages of source code give each line an anchor, and a
// fragment names a range of them: rustdoc's "#88-90" (each line a
// <span id="88">), GitHub's "#L10-L20". The page's script reads the
// range; the target rules check it as two anchors, each end an anchor of
// the page (decision T-22): accepted when both are, reported naming the
// end that is not otherwise, so that a range never passes for lines the
// page does not have, and never fails for lines it has.

// DefaultLineRanges are the conventions of line ranges the target rules
// know when the configuration names none: rustdoc's and GitHub's.
var DefaultLineRanges = []string{"N-N", "LN-LN"}

// ParseLineRange checks a convention of line ranges: an anchor's form, a
// "-", and an anchor's form, where a form is text with one "N" standing
// for a line's number (decimal digits), and no "-" or "#" of its own.
func ParseLineRange(conv string) error {
	from, to, ok := strings.Cut(conv, "-")
	if !ok {
		return fmt.Errorf("%s is not a line range's form: want two anchors' forms, each with one \"N\" for the line, separated by \"-\" (\"N-N\", \"LN-LN\")", q(conv))
	}
	for _, f := range []string{from, to} {
		if strings.Count(f, "N") != 1 || strings.ContainsAny(f, "-#") {
			return fmt.Errorf("%s is not a line range's form: %s must hold one \"N\" for the line, and no \"-\" or \"#\"", q(conv), q(f))
		}
	}
	return nil
}

// lineRanges returns the conventions of line ranges in force.
func (t *Tree) lineRanges() []string {
	if t.opts.LineRanges == nil {
		return DefaultLineRanges
	}
	return t.opts.LineRanges
}

// lineRange reports whether frag is a range of lines by a convention in
// force (is), and then whether both its ends are anchors of a (ok), or
// which are not (missing, quoted). The ends may come in either order: a
// reversed range ("#10-2") names the same lines (decision T-28).
func (t *Tree) lineRange(a *Anchors, frag string) (ok bool, missing string, is bool) {
	for _, conv := range t.lineRanges() {
		fromForm, toForm, _ := strings.Cut(conv, "-")
		from, rest, okFrom := lineEnd(fromForm, frag)
		if !okFrom || !strings.HasPrefix(rest, "-") {
			continue
		}
		to, rest, okTo := lineEnd(toForm, rest[1:])
		if !okTo || rest != "" {
			continue
		}
		var miss []string
		for _, end := range []string{from, to} {
			if m := a.Find(end); !m.Found {
				miss = append(miss, q(end))
			}
		}
		if len(miss) == 0 {
			return true, "", true
		}
		return false, strings.Join(miss, " and "), true
	}
	return false, "", false
}

// lineEnd matches the form of one end of a line range (text with one
// "N") at the start of s: it returns the end as written and what follows
// it.
func lineEnd(form, s string) (end, rest string, ok bool) {
	pre, post, _ := strings.Cut(form, "N")
	if !strings.HasPrefix(s, pre) {
		return "", "", false
	}
	i := len(pre)
	j := i
	for j < len(s) && s[j] >= '0' && s[j] <= '9' {
		j++
	}
	if j == i || !strings.HasPrefix(s[j:], post) {
		return "", "", false
	}
	k := j + len(post)
	return s[:k], s[k:], true
}

// rangeMessage says that the line range frag names lines the target tg
// does not have (m.RangeMissing).
func rangeMessage(frag string, tg *Target, m Fragment) string {
	verb, what := "names", "line"
	if strings.Contains(m.RangeMissing, " and ") {
		verb, what = "name", "lines"
	}
	msg := fmt.Sprintf("the fragment %s is a range of lines, and %s %s no anchor of %s: the page has no such %s", q("#"+frag), m.RangeMissing, verb, ShownPath(tg.Path, false), what)
	if m.Via != nil {
		msg += viaNote(m.Via)
	}
	return msg
}
