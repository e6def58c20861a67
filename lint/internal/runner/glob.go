package runner

import (
	"fmt"
	"path"
	"slices"
	"strings"
)

// Patterns is a list of path patterns in the syntax of gitignore(5), as
// the exclude, include and override paths of a configuration file hold
// them, matched against slash-separated paths relative to one directory
// (the configuration file's):
//
//   - "*" matches any run of characters but "/", "?" one character but
//     "/", "[a-z]" and "[!a-z]" a character of a class (path.Match), and
//     "\" escapes the character after it;
//   - a pattern with a "/" at its start or in its middle is anchored: it
//     matches the whole path from the directory ("/build", "docs/*.html");
//     a pattern without one matches a name at any depth ("*.urls",
//     "_sources");
//   - "**" as a whole segment matches any number of segments: "**/x" x at
//     any depth, "a/**/b" zero or more directories between, and "a/**"
//     everything inside a (not a itself);
//   - a trailing "/" matches directories only ("_build/");
//   - a leading "!" negates: a path that a later negated pattern matches
//     is not matched ("!keep.html"); as in git, the last pattern that
//     matches decides, and nothing inside a matched directory can be
//     re-included.
//
// A path matches when it, or a directory that holds it, matches: "vendor"
// matches "vendor/a/b.html". Comments, and the trailing blanks git drops,
// are not part of this syntax. No library gives these semantics over a
// list of strings and reports bad patterns (bmatcuk/doublestar has "**"
// but neither anchoring, directory patterns nor negation; go-git's
// gitignore package has them but accepts any pattern), so the matcher is
// this small one over path.Match.
type Patterns struct {
	list []pattern
}

type pattern struct {
	text    string // as written
	negate  bool
	dirOnly bool
	// segs are the segments to match, "**" among them; an unanchored
	// pattern begins with "**".
	segs []string
}

// The limits of a list of patterns, so that matching every path of a run
// costs a bounded time whatever a configuration holds (decision L-61): a
// path is matched against each pattern, segment by segment.
const (
	// MaxPatterns is the most patterns of a list (exclude, include, an
	// override's paths, targets.ignore).
	MaxPatterns = 1000
	// MaxPatternSize is the longest pattern, in bytes.
	MaxPatternSize = 1024
)

// ParsePatterns compiles a list of patterns; it fails on the first that
// is empty, malformed (an unclosed "[", a "\" at the end) or longer than
// MaxPatternSize, and on a list of more than MaxPatterns.
func ParsePatterns(list []string) (Patterns, error) {
	if len(list) > MaxPatterns {
		return Patterns{}, fmt.Errorf("%d patterns, more than the %d a list may hold: match directories rather than their files, or a name at any depth (\"*.tmp\") rather than each path", len(list), MaxPatterns)
	}
	var ps Patterns
	for _, s := range list {
		p, err := parsePattern(s)
		if err != nil {
			return Patterns{}, err
		}
		ps.list = append(ps.list, p)
	}
	return ps, nil
}

func parsePattern(s string) (pattern, error) {
	if len(s) > MaxPatternSize {
		return pattern{}, fmt.Errorf("pattern %q… is %d bytes long, more than the %d a pattern may be", s[:32], len(s), MaxPatternSize)
	}
	p := pattern{text: s}
	if rest, ok := strings.CutPrefix(s, "!"); ok {
		p.negate, s = true, rest
	}
	if rest, ok := strings.CutSuffix(s, "/"); ok {
		p.dirOnly, s = true, rest
	}
	anchored := strings.Contains(s, "/")
	s = strings.TrimPrefix(s, "/")
	if s == "" {
		return pattern{}, fmt.Errorf("pattern %q matches nothing: it names no file or directory", p.text)
	}
	if strings.HasPrefix(p.text, "#") {
		return pattern{}, fmt.Errorf("pattern %q: a list of patterns has no comments; write \\# for a name that begins with #", p.text)
	}
	if !anchored {
		p.segs = append(p.segs, "**")
	}
	for seg := range strings.SplitSeq(s, "/") {
		if seg == "" {
			return pattern{}, fmt.Errorf("pattern %q has an empty segment (\"//\")", p.text)
		}
		if seg != "**" {
			seg = bangClass(seg)
			if _, err := path.Match(seg, ""); err != nil {
				return pattern{}, fmt.Errorf("pattern %q: segment %q is malformed (an unclosed \"[\" or a \"\\\" at the end)", p.text, seg)
			}
		}
		if seg == "**" && len(p.segs) > 0 && p.segs[len(p.segs)-1] == "**" {
			// "**/**" matches what "**" does: one is enough.
			continue
		}
		p.segs = append(p.segs, seg)
	}
	return p, nil
}

// bangClass writes gitignore's negated class "[!...]" as path.Match's
// "[^...]".
func bangClass(seg string) string {
	if !strings.Contains(seg, "[!") {
		return seg
	}
	var b strings.Builder
	for i := 0; i < len(seg); i++ {
		switch {
		case seg[i] == '\\' && i+1 < len(seg):
			b.WriteString(seg[i : i+2])
			i++
		case seg[i] == '[' && i+1 < len(seg) && seg[i+1] == '!':
			b.WriteString("[^")
			i++
		default:
			b.WriteByte(seg[i])
		}
	}
	return b.String()
}

// Empty reports whether there are no patterns.
func (ps *Patterns) Empty() bool { return len(ps.list) == 0 }

// String returns the patterns as written, separated by ", ".
func (ps *Patterns) String() string {
	texts := make([]string, len(ps.list))
	for i, p := range ps.list {
		texts[i] = p.text
	}
	return strings.Join(texts, ", ")
}

// Match reports whether rel, a slash-separated path relative to the
// patterns' directory, is matched: it, or a directory that holds it. isDir
// says rel names a directory. A path outside the directory ("../x") or
// absolute is never matched.
//
// It costs time linear in the patterns' segments × the path's, whatever
// the number of "**" (decision L-50): each pattern is matched once
// against the whole path, one row of a table per pattern segment
// (matchPrefixes), which says at once whether it matches each directory
// that holds the path, and the path.
func (ps *Patterns) Match(rel string, isDir bool) bool {
	if len(ps.list) == 0 || rel == "" || rel == "." || strings.HasPrefix(rel, "../") || rel == ".." || strings.HasPrefix(rel, "/") {
		return false
	}
	segs := strings.Split(rel, "/")
	n := len(segs)
	// verdict[k], for the path's first k segments (a directory that holds
	// it, or the path itself when k is n): 0 while no pattern has matched
	// it, else +1 matched or -1 re-included by the last pattern that
	// matches it. As in git, the last pattern that matches decides.
	verdict := make([]int8, n+1)
	left := n
	a, b := make([]bool, n+1), make([]bool, n+1)
	for i := len(ps.list) - 1; i >= 0 && left > 0; i-- {
		p := &ps.list[i]
		ok := matchPrefixes(p.segs, segs, a, b)
		for k := 1; k <= n; k++ {
			if verdict[k] != 0 || !ok[k] || p.dirOnly && k == n && !isDir {
				continue
			}
			verdict[k] = 1
			if p.negate {
				verdict[k] = -1
			}
			left--
		}
	}
	// A matched directory cannot be re-included from inside.
	for k := 1; k < n; k++ {
		if verdict[k] > 0 {
			return true
		}
	}
	return verdict[n] > 0
}

// matchPrefixes matches pattern segments against path segments, "**"
// matching any number of them (at least one when it ends the pattern),
// and returns ok: ok[k] says whether the pattern matches name[:k], in
// one of the buffers ok and next, of len(name)+1, which it fills one row
// of a table per pattern segment: time O(len(pat) × len(name)), whatever
// the number of "**".
func matchPrefixes(pat, name []string, ok, next []bool) []bool {
	clear(ok)
	ok[0] = true
	for i, p := range pat {
		if !slices.Contains(ok, true) {
			return ok // no prefix matches the segments so far: none will
		}
		clear(next)
		if p == "**" {
			last := i == len(pat)-1
			reach := false
			for j := range ok {
				if reach && (!last || j > 0) {
					next[j] = true
				}
				if ok[j] {
					reach = true
					if !last {
						next[j] = true
					}
				}
			}
		} else {
			for j := 1; j <= len(name); j++ {
				if ok[j-1] {
					if m, _ := path.Match(p, name[j-1]); m {
						next[j] = true
					}
				}
			}
		}
		ok, next = next, ok
	}
	return ok
}
