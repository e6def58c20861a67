package target

import (
	"bytes"
	"regexp"
	"slices"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/parser"

	"github.com/relurl/relurl/lint/internal/extract"
)

// TestGitHubSlug: GitHub's anchors of headings, as github-slugger's
// fixtures (test/fixtures.json, which its authors hold to GitHub's pages)
// give them, one heading after another in one document: each case's
// anchor depends on those before it.
func TestGitHubSlug(t *testing.T) {
	s := newSlugger(SlugsGitHub)
	for _, tc := range []struct{ text, want string }{
		{"alpha", "alpha"},
		{"alpha", "alpha-1"},
		{"bravoCharlieDelta", "bravocharliedelta"},
		{"__proto__", "__proto__"},
		{"__proto__", "__proto__-1"},
		{"hasOwnProperty", "hasownproperty"},
		{"echo", "echo"},
		{"echo", "echo-1"},
		{"echo 1", "echo-1-1"},
		{"echo-1", "echo-1-2"},
		{"echo", "echo-2"},
		{"foxtrot-1", "foxtrot-1"},
		{"foxtrot", "foxtrot"},
		{"foxtrot", "foxtrot-2"},
		{"heading with a - dash", "heading-with-a---dash"},
		{"heading with an _ underscore", "heading-with-an-_-underscore"},
		{"heading with a period.txt", "heading-with-a-periodtxt"},
		{"exchange.bind_headers(exchange, routing [, bindCallback])", "exchangebind_headersexchange-routing--bindcallback"},
		{" ", "-"},
		{" a", "-a"},
		{"a ", "a-"},
		{" a ", "-a-"},
		{"-a-", "-a--1"},
		{"apostrophe’s should be trimmed", "apostrophes-should-be-trimmed"},
		{"I ♥ unicode", "i--unicode"},
		{"dash-dash", "dash-dash"},
		{"en–dash", "endash"},
		{"😄 unicode emoji", "-unicode-emoji"},
		{"😄-😄 unicode emoji", "--unicode-emoji"},
		{"😄_😄 unicode emoji", "_-unicode-emoji"},
		{":smile: - a gemoji", "smile---a-gemoji"},
		{"Привет", "привет"},
		{"Профили пользователей", "профили-пользователей"},
		{"Привет non-latin 你好", "привет-non-latin-你好"},
		{":ok_hand: :hatched_chick: Two in a row", "ok_hand-hatched_chick-two-in-a-row"},
		// Categories (fixtures Connector_Punctuation, Currency_Symbol,
		// Letter_Number, Enclosing_Mark, Line_Separator).
		{"a_ ‿ ⁀ ＿b", "a_-‿-⁀-＿b"},
		{"a$ ¢ £ €b", "a---b"},
		{"aᛮ Ⅰ ⅱb", "aᛮ-ⅰ-ⅱb"},
		{"a҈ ⃝b", "a҈-⃝b"},
		{"a\u2028b", "ab"},
		// JavaScript's lowering: U+0130 and a final sigma.
		{"İstanbul", "i̇stanbul"},
		{"ΟΔΟΣ Σ", "οδος-σ"},
	} {
		if got := s.slug(tc.text, ""); got != tc.want {
			t.Errorf("slug(%q) = %q, want %q", tc.text, got, tc.want)
		}
	}
}

// TestGoldmarkSlug: the anchors of SlugsGoldmark are the ids goldmark
// itself writes with parser.WithAutoHeadingID, on the headings package
// extract finds (their last lines as written).
func TestGoldmarkSlug(t *testing.T) {
	doc := "# Hello, World!\n\n## Hello World\n\n## hello-world\n\n### `code` and *em*\n\nSetext\nheading\n===\n\n# ✓\n\n# \n\n## Hello World\n\n#### Ünïcode _x_\n\n> ## In a quote\n\n- ## In a list\n"
	var buf bytes.Buffer
	md := goldmark.New(goldmark.WithParserOptions(parser.WithAutoHeadingID()))
	if err := md.Convert([]byte(doc), &buf); err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, m := range regexp.MustCompile(`<h\d id="([^"]*)"`).FindAllStringSubmatch(buf.String(), -1) {
		want = append(want, m[1])
	}
	var found []extract.Anchor
	extract.Extract(doc, extract.KindMarkdown, "", extract.Handler{Anchor: func(a extract.Anchor) { found = append(found, a) }})
	s := newSlugger(SlugsGoldmark)
	var got []string
	for _, a := range found {
		got = append(got, s.slug(a.Value, a.Source))
	}
	if !slices.Equal(got, want) {
		t.Errorf("ids %q, goldmark writes %q\n%s", got, want, buf.String())
	}
}

func TestParseSlugs(t *testing.T) {
	for _, s := range []Slugs{SlugsGitHub, SlugsGoldmark, SlugsNone} {
		if got, err := ParseSlugs(s.String()); err != nil || got != s {
			t.Errorf("ParseSlugs(%q) = %v, %v", s, got, err)
		}
	}
	if _, err := ParseSlugs("gitlab"); err == nil {
		t.Error("ParseSlugs(\"gitlab\") did not fail")
	}
}
