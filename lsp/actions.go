package lsp

import (
	"fmt"
	"strings"

	"github.com/sourcegraph/jsonrpc2"

	"github.com/relurl/relurl/ast"
	"github.com/relurl/relurl/lint"
	"github.com/relurl/relurl/lint/extract"
	"github.com/relurl/relurl/lint/fix"
)

func (s *server) codeAction(req *jsonrpc2.Request) (func() (any, error), bool) {
	var p CodeActionParams
	err := s.decode(req, &p)
	var snap snapshot
	if err == nil {
		snap, err = s.snapshotOf(p.TextDocument.URI)
	}
	enc := s.encoding()
	return func() (any, error) {
		if err != nil {
			return nil, err
		}
		res := snap.linted
		if res == nil || res.seq != snap.seq {
			// Not linted yet at this text: now, for the answer.
			res = s.lintSnapshot(snap)
		}
		return actions(snap.d.uri, res, enc, p.Range, p.Context.Only), nil
	}, true
}

// actions returns the code actions of the findings of res that overlap
// rng: each safe fix as a quickfix, preferred since it is the one fix of
// its findings (the findings of a URL share it); each suggestion of the
// §5.2 loophole as a quickfix, not preferred; "suppress here" for each
// rule, where the document has an inline directive; and all the safe fixes
// of the document as one source.fixAll action. only, when not empty,
// keeps the actions of those kinds.
func actions(uri string, res *result, enc encoding, rng Range, only []string) []CodeAction {
	want := func(kind string) bool {
		if len(only) == 0 {
			return true
		}
		for _, o := range only {
			if kind == o || strings.HasPrefix(kind, o+".") {
				return true
			}
		}
		return false
	}
	out := []CodeAction{}
	ix := newLineIndex(res.text, enc)
	edit := func(e fix.Edit) *WorkspaceEdit {
		return &WorkspaceEdit{Changes: map[string][]TextEdit{uri: {{Range: ix.rangeOf(e.Offset, e.End), NewText: e.New}}}}
	}
	if want(KindQuickFix) {
		from, to := ix.offset(rng.Start), ix.offset(rng.End)
		fixes := map[*fix.Edit]int{}
		suggested := map[[3]string]int{}
		suppressed := map[string]int{}
		for i := range res.findings {
			f := &res.findings[i]
			if f.EndOffset < from || f.Offset > to {
				continue
			}
			diag := diagnosticOf(f, ix)
			if e := f.Edit; e != nil {
				if j, ok := fixes[e]; ok {
					out[j].Diagnostics = append(out[j].Diagnostics, diag)
				} else {
					fixes[e] = len(out)
					out = append(out, CodeAction{Title: fmt.Sprintf("Replace %s with %s (relurl's safe fix)", ast.Quote(e.Old, 0), ast.Quote(e.New, 0)),
						Kind: KindQuickFix, Diagnostics: []Diagnostic{diag}, IsPreferred: true, Edit: edit(*e)})
				}
			}
			for _, sg := range f.Suggestions() {
				key := [3]string{fmt.Sprint(sg.Edit.Offset, sg.Edit.End), sg.Edit.New, f.Rule}
				if j, ok := suggested[key]; ok {
					out[j].Diagnostics = append(out[j].Diagnostics, diag)
					continue
				}
				suggested[key] = len(out)
				out = append(out, CodeAction{Title: "Suggestion: " + sg.Message, Kind: KindQuickFix,
					Diagnostics: []Diagnostic{diag}, Edit: edit(sg.Edit)})
			}
			if at, text, ok := suppression(res.text, res.kind, f); ok {
				key := fmt.Sprint(at, f.Rule)
				if j, ok := suppressed[key]; ok {
					out[j].Diagnostics = append(out[j].Diagnostics, diag)
					continue
				}
				suppressed[key] = len(out)
				out = append(out, CodeAction{Title: fmt.Sprintf("Suppress %s here (relurl:ignore)", f.Rule), Kind: KindQuickFix,
					Diagnostics: []Diagnostic{diag}, Edit: edit(fix.Edit{Offset: at, End: at, New: text})})
			}
		}
	}
	if want(KindFixAll) {
		_, edits, mended, err := lint.ApplyFixes([]byte(res.text), res.findings, res.kind, res.retrieval)
		if err == nil && len(edits) > 0 {
			var tes []TextEdit
			for _, e := range edits {
				tes = append(tes, TextEdit{Range: ix.rangeOf(e.Offset, e.End), NewText: e.New})
			}
			out = append(out, CodeAction{Title: fmt.Sprintf("Make relurl's safe fixes in the file (%d finding%s)", mended, plural(mended)),
				Kind: KindFixAll, Edit: &WorkspaceEdit{Changes: map[string][]TextEdit{uri: tes}}})
		}
	}
	return out
}

// suppression returns where the directive that suppresses the finding f
// goes in text, a document of kind, and its text: the kind's inline
// directive, <!-- relurl:ignore RULE -->, on a line of its own above the
// line of f, indented as that line is (in Markdown, inside the same block
// quote); or, when that line begins inside a tag that began on an earlier
// line, right before the tag. false for a kind without an inline directive
// (a list of URLs, a message, a style sheet), a rule a directive cannot
// suppress (the suppress family) and a finding that is about no URL (the
// input family), nor inside a style or script element, whose text no
// comment is read in.
func suppression(text string, kind extract.Kind, f *lint.Finding) (at int, directive string, ok bool) {
	switch kind {
	case extract.KindHTML, extract.KindXML, extract.KindMarkdown:
	default:
		return 0, "", false
	}
	r, known := lint.Lookup(f.Rule)
	if !known || r.Family == lint.FamilySuppress || r.Family == lint.FamilyInput {
		return 0, "", false
	}
	comment := "<!-- " + lint.DirectivePrefix + "ignore " + f.Rule + " -->"
	off := max(0, min(f.Offset, len(text)))
	at = strings.LastIndexAny(text[:off], "\r\n") + 1
	if tag := openTag(text, at); tag >= 0 {
		// Inside a tag: before it, on its own line when the tag begins
		// its line.
		lineStart := strings.LastIndexAny(text[:tag], "\r\n") + 1
		if strings.TrimLeft(text[lineStart:tag], " \t") != "" {
			return tag, comment, true
		}
		at = lineStart
	}
	if kind != extract.KindXML && (inElement(text, at, "style") || inElement(text, at, "script")) {
		return 0, "", false
	}
	prefix := 0
	for prefix < len(text)-at && (text[at+prefix] == ' ' || text[at+prefix] == '\t' || kind == extract.KindMarkdown && text[at+prefix] == '>') {
		prefix++
	}
	return at, text[at:at+prefix] + comment + lineEnding(text, at), true
}

// openTag returns the offset of the "<" of a tag that begins before
// offset at and is not closed by then, or -1: a "<" followed by a letter,
// with no ">" after it.
func openTag(text string, at int) int {
	lt := strings.LastIndexByte(text[:at], '<')
	if lt < 0 || lt < strings.LastIndexByte(text[:at], '>') || lt+1 >= len(text) {
		return -1
	}
	if c := text[lt+1]; 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' {
		return lt
	}
	return -1
}

// inElement reports whether offset at is inside an HTML element of the
// given name, written in lower case: its last start tag before at has no
// end tag before at.
func inElement(text string, at int, name string) bool {
	start, end := lastTag(text[:at], "<"+name), lastTag(text[:at], "</"+name)
	return start >= 0 && start > end
}

// lastTag returns the offset of the last occurrence in s of tag, an ASCII
// string in lower case, matched ignoring case and followed by white space,
// ">" or "/", or -1.
func lastTag(s, tag string) int {
	for i := strings.LastIndexByte(s, '<'); i >= 0; i = strings.LastIndexByte(s[:i], '<') {
		if i+len(tag) < len(s) && strings.EqualFold(s[i:i+len(tag)], tag) && strings.IndexByte(" \t\r\n>/", s[i+len(tag)]) >= 0 {
			return i
		}
	}
	return -1
}

// lineEnding is the line ending of the line at offset at: "\r\n" when it
// ends so, else "\n".
func lineEnding(text string, at int) string {
	if i := strings.IndexAny(text[at:], "\r\n"); i >= 0 && text[at+i] == '\r' {
		return "\r\n"
	}
	return "\n"
}
