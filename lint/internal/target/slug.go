package target

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
)

// Slugs names the algorithm that gives Markdown headings their anchors:
// the configuration's markdown-anchors.
type Slugs uint8

// The algorithms of heading anchors.
const (
	// SlugsGitHub: GitHub's, as github-slugger writes it down (see
	// [GitHubSlug]): the heading's text in lower case, without the
	// characters that are neither letters, marks, digits, connector
	// punctuation nor "-", spaces made "-"; a repeated slug gets "-1",
	// "-2", ... The default.
	SlugsGitHub Slugs = iota
	// SlugsGoldmark: goldmark's automatic heading ids
	// (parser.WithAutoHeadingID), from the raw text of the heading's last
	// line: ASCII letters and digits in lower case, white space, "-" and
	// "_" made "-", the rest dropped, "heading" when nothing is left; a
	// repeated id gets "-1", "-2", ...
	SlugsGoldmark
	// SlugsNone: headings have no anchors; only the ids and names of the
	// document's raw HTML count.
	SlugsNone
)

var slugNames = [...]string{SlugsGitHub: "github", SlugsGoldmark: "goldmark", SlugsNone: "none"}

// String returns "github", "goldmark" or "none".
func (s Slugs) String() string {
	if int(s) < len(slugNames) {
		return slugNames[s]
	}
	return "Slugs(" + strconv.Itoa(int(s)) + ")"
}

// ParseSlugs reads the name of an algorithm as [Slugs.String] spells it.
func ParseSlugs(name string) (Slugs, error) {
	for i, n := range slugNames {
		if n == name {
			return Slugs(i), nil
		}
	}
	return 0, fmt.Errorf("markdown anchors %q: want \"github\", \"goldmark\" or \"none\"", name)
}

// GitHubSlug returns the anchor GitHub gives a heading whose text (as it
// renders it: the text of its inlines, without markup) is text, before
// the suffix of a repeated heading: github-slugger's slug, which its
// authors hold to GitHub's pages. The text is lowered as JavaScript's
// toLowerCase does (U+0130 becomes "i" and a combining dot, a final
// capital sigma "ς"); then each character is kept when it is a letter or
// a mark, a decimal digit or a letter number, connector punctuation ("_"
// among it), an Other_Alphabetic symbol, or "-", made "-" when it is a
// space (U+0020), and dropped otherwise: other punctuation, symbols,
// other numbers, controls, formats, other separators and unassigned
// code points (github-slugger's regex.js, generated from those Unicode
// categories less the Alphabetic property). Bytes that are not UTF-8 are
// dropped.
func GitHubSlug(text string) string {
	var b strings.Builder
	b.Grow(len(text))
	prevLetter := false
	for i := 0; i < len(text); {
		r, n := utf8.DecodeRuneInString(text[i:])
		i += n
		if r == utf8.RuneError && n == 1 {
			prevLetter = false
			continue
		}
		switch {
		case r == 'İ':
			b.WriteString("i\u0307")
			prevLetter = true
			continue
		case r == 'Σ':
			// JavaScript's final sigma: after a letter, before none.
			next, _ := utf8.DecodeRuneInString(text[i:])
			if prevLetter && !(i < len(text) && unicode.IsLetter(next)) {
				r = 'ς'
			} else {
				r = 'σ'
			}
		default:
			r = unicode.ToLower(r)
		}
		prevLetter = unicode.IsLetter(r)
		switch {
		case r == ' ':
			b.WriteByte('-')
		case r == '-' || keptInSlug(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

// keptInSlug reports whether GitHub keeps r in a heading's slug.
func keptInSlug(r rune) bool {
	if r < utf8.RuneSelf {
		return 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9' || r == '_'
	}
	return unicode.In(r, unicode.L, unicode.M, unicode.Nd, unicode.Nl, unicode.Pc, unicode.Other_Alphabetic)
}

// slugger gives the headings of one document their anchors, in order.
type slugger struct {
	algo Slugs
	// occurrences are github-slugger's: for each slug given, how many
	// times its text came again.
	occurrences map[string]int
	// ids are goldmark's, for SlugsGoldmark.
	ids parser.IDs
}

func newSlugger(algo Slugs) *slugger {
	s := &slugger{algo: algo}
	switch algo {
	case SlugsGitHub:
		s.occurrences = map[string]int{}
	case SlugsGoldmark:
		s.ids = parser.NewContext().IDs()
	}
	return s
}

// slug returns the anchor of the next heading, whose rendered text is
// text and whose last line, as written, is raw; "" for SlugsNone.
func (s *slugger) slug(text, raw string) string {
	switch s.algo {
	case SlugsGitHub:
		// github-slugger's Slugger.slug.
		base := GitHubSlug(text)
		slug := base
		for {
			if _, taken := s.occurrences[slug]; !taken {
				break
			}
			s.occurrences[base]++
			slug = base + "-" + strconv.Itoa(s.occurrences[base])
		}
		s.occurrences[slug] = 0
		return slug
	case SlugsGoldmark:
		return string(s.ids.Generate([]byte(raw), ast.KindHeading))
	}
	return ""
}
