package lint

import (
	"fmt"
	"strings"
	"testing"

	"github.com/relurl/relurl/ast"
	rbase "github.com/relurl/relurl/lint/internal/base"
	"github.com/relurl/relurl/lint/internal/extract"
)

// TestInputRows: every kind of note the extractor gives has its rule in
// the input family, and each rule of the family stands for a kind.
func TestInputRows(t *testing.T) {
	kinds := map[string]bool{}
	for _, k := range noteKinds {
		kinds[noteRule(k)] = true
		if _, ok := Lookup(noteRule(k)); !ok {
			t.Errorf("note kind %q has no rule %q", k, noteRule(k))
		}
	}
	// rbase's kinds, numbered from 1 until String says it knows no more.
	for k := rbase.NoteKind(1); !strings.HasPrefix(k.String(), "NoteKind("); k++ {
		if !kinds[noteRule(k.String())] {
			t.Errorf("resolve/base's note kind %q is not among noteKinds", k)
		}
	}
	for _, r := range Rules() {
		if r.Family == FamilyInput && !kinds[r.ID] {
			t.Errorf("rule %s stands for no kind of note", r.ID)
		}
	}
}

// TestUnreadIsError: a rule of the input family whose document or part
// is not read, so that its URLs go unchecked, is an error, so that a run
// with the default --fail-on fails (decision L-37); one whose part
// was read as well as it could be is not. Before, a Markdown document too
// costly to parse and an XML document in UTF-16 were warnings: relurl
// lint checked none of their URLs and exited 0.
func TestUnreadIsError(t *testing.T) {
	n := 0
	for _, r := range Rules() {
		if r.Family != FamilyInput {
			continue
		}
		unread := strings.HasSuffix(r.Summary, ", not read")
		if unread {
			n++
		}
		if unread != (r.Severity == ast.SeverityError) {
			t.Errorf("%s is %s, and its summary says %q", r.ID, r.Severity, r.Summary)
		}
	}
	if n != 4 {
		t.Errorf("%d rules of the input family say their input is not read, want 4 (too-deep, not-decoded, markdown-too-costly, xml-encoding)", n)
	}
}

// TestNoSilentLimits: what the extractor could not read is a finding of
// the input family, at its place, at the limit and one past it; turning
// the rule off turns it off.
func TestNoSilentLimits(t *testing.T) {
	deep := func(n int) string {
		return strings.Repeat("Content-Type: message/rfc822\n\n", n) + "\n<URL:a|b>\n"
	}
	deepHTML := func(n int) string {
		return `<head><base href="http://a/"><template>` + strings.Repeat("<div>", n) + `</template></head><a href="a|b">`
	}
	l := mustNew(t, Options{})
	tests := []struct {
		name, src string
		kind      extract.Kind
		want      []string // rule ids, in order
	}{
		{"MIME at the limit", deep(rbase.MaxDepth), extract.KindMessage, []string{ast.RuleFsegmentChar}},
		{"MIME past the limit", deep(rbase.MaxDepth + 1), extract.KindMessage, []string{RuleInputTooDeep}},
		{"no boundary", "Content-Type: multipart/mixed\n\n\n<URL:a|b>\n", extract.KindMessage,
			[]string{RuleInputNoBoundary, ast.RuleFsegmentChar}},
		{"bad content type", "Content-Type: text/html; charset\n\n<a href=\"a|b\">\n", extract.KindMessage,
			[]string{RuleInputContentType, ast.RuleFsegmentChar}},
		{"header lines", "Subject: x\nnot a field\n\n<URL:a|b>\n", extract.KindMessage,
			[]string{RuleInputHeaderLines, ast.RuleFsegmentChar}},
		{"bad base64", "Content-Type: text/plain\nContent-Transfer-Encoding: base64\n\nPFVSTDph fGI+!!!\n", extract.KindMessage,
			// The finding in the base64 body points at its start.
			[]string{ast.RuleFsegmentChar, RuleInputEncoding}},
		{"HTML at the parser's limit", deepHTML(509), extract.KindHTML, []string{ast.RuleFsegmentChar}},
		{"HTML past the parser's limit", deepHTML(510), extract.KindHTML, []string{RuleInputHTMLTooDeep, ast.RuleFsegmentChar}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fs := l.File("f", []byte(tt.src), tt.kind)
			var got []string
			for _, f := range fs {
				got = append(got, f.Rule)
				if f.Offset < 0 || f.Offset > len(tt.src) || f.Line < 1 {
					t.Errorf("%s at %d (%d:%d)", f.Rule, f.Offset, f.Line, f.Column)
				}
				if strings.HasPrefix(f.Rule, "input/") {
					if f.Message == "" || f.Where == "" {
						t.Errorf("%s: no message or place: %+v", f.Rule, f)
					}
					if r, _ := Lookup(f.Rule); f.Severity != r.Severity || f.Fix != r.Fix {
						t.Errorf("%s: severity %v, fix %q", f.Rule, f.Severity, f.Fix)
					}
				}
			}
			if fmt.Sprint(got) != fmt.Sprint(tt.want) {
				t.Errorf("findings %v, want %v", got, tt.want)
			}
		})
	}
	off := mustNew(t, Options{Disable: []string{"input"}})
	if fs := off.File("f", []byte(deep(rbase.MaxDepth+1)), extract.KindMessage); len(fs) != 0 {
		t.Errorf("input disabled: %+v", fs)
	}
	errSev := mustNew(t, Options{Severity: map[string]ast.Severity{RuleInputTooDeep: ast.SeverityInfo}})
	if fs := errSev.File("f", []byte(deep(rbase.MaxDepth+1)), extract.KindMessage); len(fs) != 1 || fs[0].Severity != ast.SeverityInfo {
		t.Errorf("severity: %+v", fs)
	}
}

// TestAnchors: each rule has an anchor of its own, its id in lower case
// with "-" for "/", and a documentation address on it.
func TestAnchors(t *testing.T) {
	seen := map[string]string{}
	for _, r := range Rules() {
		a := r.Anchor()
		if other, ok := seen[a]; ok {
			t.Errorf("rules %s and %s share the anchor %q", r.ID, other, a)
		}
		seen[a] = r.ID
		if a != strings.ToLower(a) || strings.ContainsAny(a, "/ ") {
			t.Errorf("%s: anchor %q", r.ID, a)
		}
		if r.DocURL() != RulesDocURL+"#"+a {
			t.Errorf("%s: %s", r.ID, r.DocURL())
		}
	}
	if r, _ := Lookup("URL/too-many-errors"); r.Anchor() != "url-too-many-errors" {
		t.Errorf("anchor %q", r.Anchor())
	}
}

// TestUndefinedLabelFindings: a reference link without a definition is a
// finding over the reference, with the label; relurl:ignore on the line
// before suppresses it as it suppresses a URL's findings, and counts its
// line as one that holds a URL (decision L-52).
func TestUndefinedLabelFindings(t *testing.T) {
	const doc = "<!-- relurl:ignore input/markdown-undefined-label -- text on purpose -->\n" +
		"Read [the guide][guide].\n" +
		"See [a](<a b>) and [more][x].\n" +
		"<!-- relurl:ignore fsegment/char -->\n" +
		"[c][d] and [e](<e f>)\n" +
		"<!-- relurl:ignore input -->\n" +
		"[g][h]\n"
	l := mustNew(t, Options{})
	fc := l.Check("doc.md", doc, extract.KindMarkdown, "", nil)
	var got []string
	for _, f := range fc.Findings {
		got = append(got, fmt.Sprintf("%d:%d-%d %s %s", f.Line, f.Column, f.EndOffset-f.Offset, f.Rule, ast.Quote(doc[f.Offset:f.EndOffset], 0)))
	}
	want := []string{
		`3:11-1 fsegment/char " "`,
		`3:20-9 input/markdown-undefined-label "[more][x]"`,
		`5:1-6 input/markdown-undefined-label "[c][d]"`,
	}
	if strings.Join(got, "; ") != strings.Join(want, "; ") {
		t.Errorf("findings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if fc.Suppressed != 3 {
		t.Errorf("suppressed %d, want 3", fc.Suppressed)
	}
	for _, f := range fc.Findings {
		if f.Rule == RuleInputMarkdownUndefinedLabel && !strings.Contains(f.Message, `the label "`) {
			t.Errorf("no label in %q", f.Message)
		}
	}
	if !LineSuppressible(RuleInputMarkdownUndefinedLabel) || LineSuppressible(RuleInputMarkdownTooCostly) ||
		LineSuppressible(RuleSuppressUnused) || !LineSuppressible("fsegment/char") {
		t.Error("LineSuppressible")
	}
	// ignore-file silences them all.
	fc = l.Check("doc.md", "[a][b]\n<!-- relurl:ignore-file input/markdown-undefined-label -->\n", extract.KindMarkdown, "", nil)
	if len(fc.Findings) != 0 || fc.Suppressed != 1 {
		t.Errorf("ignore-file: %v, %d suppressed", fc.Findings, fc.Suppressed)
	}
}
