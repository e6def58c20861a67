package lsp

import (
	"fmt"
	"strings"

	"github.com/sourcegraph/jsonrpc2"

	"github.com/relurl/relurl/ast"
	"github.com/relurl/relurl/lint/internal/extract"
	"github.com/relurl/relurl/lint/internal/fix"
	"github.com/relurl/relurl/lint/internal/lint"
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
		type placement struct {
			at   int
			text string
			ok   bool
		}
		placed := map[string]placement{}
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
			// One placement per line and rule: the Markdown one parses
			// the document a few times.
			pkey := fmt.Sprint(strings.LastIndexAny(res.text[:max(0, min(f.Offset, len(res.text)))], "\r\n"), " ", f.Rule)
			pl, seen := placed[pkey]
			if !seen {
				pl.at, pl.text, pl.ok = suppression(res.text, res.kind, f)
				placed[pkey] = pl
			}
			if at, text, ok := pl.at, pl.text, pl.ok; ok {
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
// directive, <!-- relurl:ignore RULE -->, placed where the page does not
// change (decision E-12). In HTML and XML, on a line of its own above the
// line of f, indented as that line is, or, when that line begins inside a
// tag that began on an earlier line, right before the tag; but where a
// line added would show (inside pre, listing, textarea, xmp or plaintext
// in HTML), right before the tag that holds the URL, on its line. In
// Markdown, the first of these that renders as the document did and is
// read as a directive (extract.MarkdownSafeInsertion): a line of its own
// above (inside the same block quote), the end of the line before, a
// place on the finding's line before its URL. false where there is none,
// for a kind without an inline directive (a list of URLs, a message, a
// style sheet), a rule a directive on the line before cannot suppress
// (lint.LineSuppressible: the suppress family, the input family's rules
// about no link), and inside an element whose text is no HTML (style,
// script, textarea, ...), where a comment is text.
func suppression(text string, kind extract.Kind, f *lint.Finding) (at int, directive string, ok bool) {
	switch kind {
	case extract.KindHTML, extract.KindXML, extract.KindMarkdown:
	default:
		return 0, "", false
	}
	if !lint.LineSuppressible(f.Rule) {
		return 0, "", false
	}
	comment := "<!-- " + lint.DirectivePrefix + "ignore " + f.Rule + " -->"
	off := max(0, min(f.Offset, len(text)))
	at = strings.LastIndexAny(text[:off], "\r\n") + 1
	if kind == extract.KindMarkdown {
		return markdownSuppression(text, at, off, comment)
	}
	if tag := openTag(text, at); tag >= 0 {
		// Inside a tag: before it, on its own line when the tag begins
		// its line.
		lineStart := strings.LastIndexAny(text[:tag], "\r\n") + 1
		if strings.TrimLeft(text[lineStart:tag], " \t") != "" {
			return tag, comment, true
		}
		at = lineStart
	}
	if kind != extract.KindXML && (inAnyElement(text, at, textElements) || inAnyElement(text, at, preElements)) {
		// A comment there would be text, or a line added would show:
		// right before the tag of the URL.
		tag := openTag(text, off)
		if tag < 0 || inAnyElement(text, tag, textElements) {
			return 0, "", false
		}
		return tag, comment, true
	}
	prefix := 0
	for prefix < len(text)-at && (text[at+prefix] == ' ' || text[at+prefix] == '\t') {
		prefix++
	}
	return at, text[at:at+prefix] + comment + lineEnding(text, at), true
}

// textElements are the HTML elements whose content is text, not markup
// (raw text and escapable raw text elements, and xmp, iframe, noembed,
// noframes, plaintext, which the HTML parser reads so): a comment there is
// text on the page, and no directive. preElements are those in which
// white space shows as written, so that a line added is a line more.
var (
	textElements = []string{"style", "script", "textarea", "title", "xmp", "iframe", "noembed", "noframes", "plaintext"}
	preElements  = []string{"pre", "listing"}
)

// inAnyElement reports whether offset at is inside one of the HTML
// elements named (inElement).
func inAnyElement(text string, at int, names []string) bool {
	for _, name := range names {
		if inElement(text, at, name) {
			return true
		}
	}
	return false
}

// markdownSuppression places the directive comment for the finding at
// offset off of a Markdown document, whose line begins at lineStart: the
// first place that extract.MarkdownSafeInsertion finds safe among a line of
// its own above (indented and inside the block quotes as the line is),
// the end of the line before (before its trailing white space, and
// before a hard break's backslash or a table row's last "|"), right
// before the raw HTML tag that holds the URL, and the places on the line
// that follow a space or a "|", before the URL.
// Each applies to the finding's line: it lies after the URLs of the lines
// before and before those of the line.
func markdownSuppression(text string, lineStart, off int, comment string) (int, string, bool) {
	prefix := 0
	for lineStart+prefix < len(text) && strings.IndexByte(" \t>", text[lineStart+prefix]) >= 0 {
		prefix++
	}
	places := []extract.Insertion{{At: lineStart, Text: text[lineStart:lineStart+prefix] + comment + lineEnding(text, lineStart)}}
	if lineStart > 0 {
		end := lineStart - 1
		if end > 0 && text[end-1] == '\r' {
			end--
		}
		p := end
		for p > 0 && (text[p-1] == ' ' || text[p-1] == '\t') {
			p--
		}
		if p > 0 && text[p-1] != '\n' && text[p-1] != '\r' {
			places = append(places, extract.Insertion{At: p, Text: " " + comment}, extract.Insertion{At: p, Text: comment})
			if c := text[p-1]; c == '\\' || c == '|' {
				q := p - 1
				for q > 0 && (text[q-1] == ' ' || text[q-1] == '\t') {
					q--
				}
				places = append(places, extract.Insertion{At: q, Text: " " + comment + " "})
			}
		}
	}
	if tag := openTag(text, off); tag >= lineStart+prefix {
		places = append(places, extract.Insertion{At: tag, Text: comment})
	}
	for p, n := lineStart+prefix+1, 0; p <= off && p < len(text) && n < 3; p++ {
		if c := text[p-1]; (c == ' ' || c == '|') && text[p] != ' ' {
			places = append(places, extract.Insertion{At: p, Text: comment})
			n++
		}
	}
	if i := extract.MarkdownSafeInsertion(text, comment, places); i >= 0 {
		return places[i].At, places[i].Text, true
	}
	return 0, "", false
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
