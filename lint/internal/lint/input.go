package lint

import (
	"strings"

	"github.com/relurl/relurl/ast"
	rbase "github.com/relurl/relurl/lint/internal/base"
	"github.com/relurl/relurl/lint/internal/extract"
)

// Rule ids of the input family: one per kind of [extract.Note], "input/"
// and the note's kind, so that nothing relurl could not read is skipped in
// silence.
const (
	// RuleInputTooDeep: MIME entities nested deeper than rbase.MaxDepth,
	// not read.
	RuleInputTooDeep = "input/" + "too-deep"
	// RuleInputNoBoundary: a multipart entity without a boundary, read as
	// one part.
	RuleInputNoBoundary = "input/" + "no-boundary"
	// RuleInputContentType: a Content-Type that does not parse.
	RuleInputContentType = "input/" + "content-type"
	// RuleInputHeaderLines: header lines that are no fields, skipped.
	RuleInputHeaderLines = "input/" + "header-lines"
	// RuleInputEncoding: a base64 body with a byte outside the alphabet.
	RuleInputEncoding = "input/" + "encoding"
	// RuleInputNotDecoded: a message/* body past the walk's budget of
	// decoded bytes, not read.
	RuleInputNotDecoded = "input/" + "not-decoded"
	// RuleInputHTMLTooDeep: an HTML head the parser cannot read (nested
	// past its 512 open elements): its BASE element is not known.
	RuleInputHTMLTooDeep = "input/" + extract.NoteHTMLTooDeep
	// RuleInputMarkdownTooCostly: a Markdown document too costly to parse,
	// not read.
	RuleInputMarkdownTooCostly = "input/" + extract.NoteMarkdownTooCostly
	// RuleInputMarkdownUndefinedLabel: a Markdown reference link whose
	// label has no definition, which renders as text.
	RuleInputMarkdownUndefinedLabel = "input/" + extract.NoteMarkdownUndefinedLabel
	// RuleInputXMLEncoding: an XML document in UTF-16, not read.
	RuleInputXMLEncoding = "input/" + extract.NoteXMLEncoding
	// RuleInputXMLEntity: an XML value that uses an entity of the DTD.
	RuleInputXMLEntity = "input/" + extract.NoteXMLEntity
	// RuleInputXMLBaseBudget: nested xml:base past relurl's bound.
	RuleInputXMLBaseBudget = "input/" + extract.NoteXMLBaseBudget
)

// noteRule returns the id of the rule of a note of the given kind.
func noteRule(kind string) string { return "input/" + kind }

// inputRows are the rules of the input family: what relurl could not
// read in a document, or not as its format wants it. Each finding is a
// note of package extract ([extract.Note]) at its place in the file.
func inputRows() []row {
	rows := []row{
		{Rule: Rule{
			ID: RuleInputTooDeep, Severity: ast.SeverityError,
			Section: "RFC 2046 §5.1, §5.2",
			Summary: "MIME entities nested deeper than relurl reads (base.MaxDepth), not read",
			Help: "multipart/* and message/* entities nest (RFC 2046 §5). relurl follows the nesting to " +
				"base.MaxDepth (100) levels below the message, so that hostile input cannot exhaust its " +
				"stack; the parts nested deeper are not read, and their URLs are not checked. relurl base " +
				"fails on the same message.",
			Fix:  "flatten the nesting of the message",
			Bad:  Example{Text: strings.Repeat("Content-Type: message/rfc822\n\n", rbase.MaxDepth+1) + "<URL:http://a/>\n"},
			Good: Example{Text: strings.Repeat("Content-Type: message/rfc822\n\n", 2) + "<URL:http://a/>\n"},
		}},
		{Rule: Rule{
			ID: RuleInputNoBoundary, Severity: ast.SeverityWarning,
			Section: "RFC 2046 §5.1.1",
			Summary: "a multipart entity without a boundary parameter, read as one part",
			Help: `RFC 2046 §5.1.1: the Content-Type field for multipart entities requires one parameter, ` +
				`"boundary". Without it the parts cannot be told apart; relurl reads the body as one part.`,
			Fix:  "give the Content-Type its boundary parameter",
			Bad:  Example{Text: "Content-Type: multipart/mixed\n\n<URL:http://a/>\n"},
			Good: Example{Text: "Content-Type: multipart/mixed; boundary=x\n\n--x\n\n<URL:http://a/>\n--x--\n"},
		}},
		{Rule: Rule{
			ID: RuleInputContentType, Severity: ast.SeverityWarning,
			Section: "RFC 2045 §5.1, §5.2",
			Summary: "a Content-Type field that does not parse; the MIME default is used",
			Help: "RFC 2045 §5.2: a Content-Type that cannot be read is taken as the default, text/plain " +
				"(message/rfc822 in a multipart/digest); relurl does the same, so the URLs of an HTML part " +
				"with a bad Content-Type are looked for as in text.",
			Fix:  "write the field as RFC 2045 §5.1 does: type/subtype; parameter=value",
			Bad:  Example{Text: "Content-Type: text/html; charset\n\n<a href=\"http://a/\">a</a>\n"},
			Good: Example{Text: "Content-Type: text/html; charset=utf-8\n\n<a href=\"http://a/\">a</a>\n"},
		}},
		{Rule: Rule{
			ID: RuleInputHeaderLines, Severity: ast.SeverityWarning,
			Section: "RFC 822 §3.1, §3.2",
			Summary: "header lines that are neither a field nor its continuation, skipped",
			Help: "RFC 822 §3.2: a header field is a name, a colon and a body; a line that begins with white " +
				"space continues the field before it. relurl skips lines of a header that are neither.",
			Fix:  "end the header with an empty line, or write the line as a field",
			Bad:  Example{Text: "Subject: links\nnot a field\n\n<URL:http://a/>\n", Kind: extract.KindMessage},
			Good: Example{Text: "Subject: links\n and their continuation\n\n<URL:http://a/>\n", Kind: extract.KindMessage},
		}},
		{Rule: Rule{
			ID: RuleInputEncoding, Severity: ast.SeverityWarning,
			Section: "RFC 2045 §6.8",
			Summary: "a base64 body with a byte outside the alphabet, decoded up to that byte",
			Help: "RFC 2045 §6.8: a base64 body holds the 65 characters of its alphabet and line breaks. relurl " +
				"decodes a body up to the first other byte (or a byte after the padding), and reads no more " +
				"of it. Findings in a base64 body point at the body's start: its bytes cannot be placed one " +
				"by one.",
			Fix:  "encode the body again",
			Bad:  Example{Text: "Content-Type: text/plain\nContent-Transfer-Encoding: base64\n\nPFVSTDpodHRwOi8vYS8+!!!\n"},
			Good: Example{Text: "Content-Type: text/plain\nContent-Transfer-Encoding: base64\n\nPFVSTDpodHRwOi8vYS8+\n"},
		}},
		{Rule: Rule{
			ID: RuleInputNotDecoded, Severity: ast.SeverityError,
			Section: "RFC 2046 §5.2.1",
			Summary: "a message/* body with a transfer encoding past relurl's budget of decoded bytes, not read",
			Help: "A message/* entity may wrap its message in a transfer encoding. relurl decodes such bodies " +
				"within a budget of as many bytes as the whole input, so that nesting cannot multiply the " +
				"memory it takes; a body past the budget is not read, and its URLs are not checked.",
			Fix:  "send the enclosed message without a transfer encoding (RFC 2046 §5.2.1 allows only 7bit, 8bit or binary)",
			Bad:  Example{Text: "Content-Type: message/rfc822\nContent-Transfer-Encoding: base64\n\nQ29udGVudC1UeXBlOiBtZXNzYWdlL3JmYzgyMgpDb250ZW50LVRyYW5zZmVyLUVuY29kaW5nOiBiYXNlNjQKClEyOXVkR1Z1ZEMxVWVYQmxPaUIwWlhoMEwzQnNZV2x1Q2dvOFZWSk1PbWgwZEhBNkx5OWhMejRnUEZWU1REcG9kSFJ3T2k4dllTOCtJRHhWVWt3NmFIUjBjRG92TDJFdlBpQThWVkpNT21oMGRIQTZMeTloTHo0Z1BGVlNURHBvZEhSd09pOHZZUzgrSUR4VlVrdzZhSFIwY0RvdkwyRXZQaUE4VlZKTU9taDBkSEE2THk5aEx6NGdQRlZTVERwb2RIUndPaTh2WVM4K0lEeFZVa3c2YUhSMGNEb3ZMMkV2UGlBOFZWSk1PbWgwZEhBNkx5OWhMejRnQ2c9PQo=\n"},
			Good: Example{Text: "Content-Type: message/rfc822\nContent-Transfer-Encoding: base64\n\nQ29udGVudC1UeXBlOiBtZXNzYWdlL3JmYzgyMgoKQ29udGVudC1UeXBlOiB0ZXh0L3BsYWluCgo8VVJMOmh0dHA6Ly9hLz4gPFVSTDpodHRwOi8vYS8+IDxVUkw6aHR0cDovL2EvPiA8VVJMOmh0dHA6Ly9hLz4gPFVSTDpodHRwOi8vYS8+IDxVUkw6aHR0cDovL2EvPiA8VVJMOmh0dHA6Ly9hLz4gPFVSTDpodHRwOi8vYS8+IDxVUkw6aHR0cDovL2EvPiA8VVJMOmh0dHA6Ly9hLz4gCg==\n"},
		}},
		{Rule: Rule{
			ID: RuleInputHTMLTooDeep, Severity: ast.SeverityWarning,
			Section: "RFC 1808 §10; RFC 1866 §5.2.4",
			Summary: "an HTML head the parser cannot read (nested past 512 open elements): its BASE element is not known",
			Help: "The BASE element counts only in the HEAD (RFC 1808 §10), and relurl asks an HTML parser " +
				"(golang.org/x/net/html) where the head is. That parser stops at 512 open elements; a " +
				"document nested that deep before its head ends cannot be read for its BASE, and its " +
				"references are checked against the base of the next layer (RFC 1808 §3). relurl base fails " +
				"on the same document.",
			Fix:  "nest fewer elements before the body",
			Bad:  Example{Text: `<head><base href="http://a/"><template>` + strings.Repeat("<div>", 600) + `</template></head><a href="g">g</a>`},
			Good: Example{Text: `<head><base href="http://a/"><template><div></div></template></head><a href="g">g</a>`},
		}},
		{Rule: Rule{
			ID: RuleInputMarkdownTooCostly, Severity: ast.SeverityError,
			Section: "relurl; CommonMark",
			Summary: "a Markdown document whose structure would cost the Markdown parser more than linear time, not read",
			Help: "relurl reads Markdown with goldmark, whose cost grows faster than the document on some shapes " +
				"(lists and block quotes nested more than 100 deep on one line, lines dense with brackets, " +
				"backticks or \"<\"). A linear pre-pass measures the work the document would take; past a bound " +
				"of 512 units of work per byte, which ordinary documents stay far below, the document is not " +
				"read, and its URLs are not checked (decision L-22 in docs/decisions.md).",
			Fix:  "split the document, or nest and bracket less",
			Bad:  Example{Text: strings.Repeat("- ", 10000) + "[a](http://a/)\n", Kind: extract.KindMarkdown},
			Good: Example{Text: "- [a](http://a/)\n", Kind: extract.KindMarkdown},
		}},
		{Rule: Rule{
			ID: RuleInputMarkdownUndefinedLabel, Severity: ast.SeverityWarning,
			Section: "CommonMark §4.7, §6.3",
			Summary: "a Markdown reference link or image whose label no link reference definition defines: it renders as text",
			Help: "A full reference link, `[text][label]`, and a collapsed one, `[label][]`, are links only when the document " +
				"defines the label (`[label]: URL`; labels match with case and runs of white space ignored). Without the " +
				"definition the page shows the brackets and the text, and there is no link; relurl reports it, with the " +
				"label. A shortcut reference, `[label]` alone, is not reported: most are text in brackets (a task list's " +
				"`[x]`, a GitHub alert's `[!NOTE]`, `[sic]`), as markdownlint's MD052 decides by default. Code spans, code " +
				"blocks, raw HTML, escaped brackets and GitHub's footnote references (`[^1]`) are not reference links " +
				"(decision L-52 in docs/decisions.md).",
			Fix:  "define the label (`[label]: URL`), or correct it to one that is defined",
			Bad:  Example{Text: "Read [the guide][guide] and [setup][].\n\n[guid]: guide.html\n[setup]: setup.html\n", Kind: extract.KindMarkdown},
			Good: Example{Text: "Read [the guide][guide] and [setup][].\n\n[guide]: guide.html\n[setup]: setup.html\n", Kind: extract.KindMarkdown},
		}},
		{Rule: Rule{
			ID: RuleInputXMLEncoding, Severity: ast.SeverityError,
			Section: "XML 1.0 §4.3.3",
			Summary: "an XML document in UTF-16, not read",
			Help:    "relurl reads XML in UTF-8 (and its ASCII subset); a document in UTF-16 is not read, and its URLs are not checked.",
			Fix:     "encode the document in UTF-8",
			Bad:     Example{Text: "\xFF\xFE<\x00a\x00/\x00>\x00", Kind: extract.KindXML},
			Good:    Example{Text: "<?xml version=\"1.0\"?><a/>", Kind: extract.KindXML},
		}},
		{Rule: Rule{
			ID: RuleInputXMLEntity, Severity: ast.SeverityInfo,
			Section: "XML 1.0 §4.1",
			Summary: "an XML value that refers to an entity of the document type, not checked",
			Help: "relurl decodes the five predefined entities and character references, and expands no other: " +
				"no DTD is fetched and no internal entity expanded, so that a billion-laughs declaration costs " +
				"one scan. A URL written with such an entity is not checked (decision L-17 in docs/decisions.md).",
			Fix:  "write the URL without the entity",
			Bad:  Example{Text: "<?xml version=\"1.0\"?>\n<!DOCTYPE a [<!ENTITY h \"http://a/\">]>\n<a xml:base=\"&h;\"/>\n"},
			Good: Example{Text: "<?xml version=\"1.0\"?>\n<a xml:base=\"http://a/\"/>\n"},
		}},
		{Rule: Rule{
			ID: RuleInputXMLBaseBudget, Severity: ast.SeverityWarning,
			Section: "XML Base §4.2",
			Summary: "nested xml:base attributes whose URLs together pass relurl's bound; the elements past it have no base",
			Help: "Each relative xml:base is resolved against its parent's base, so nested ones make longer and " +
				"longer URLs. relurl establishes base URLs up to four times the document's size (plus 64 KiB) in " +
				"all; past that, the elements have no base and their relative URLs are not resolved, so that " +
				"time and memory stay linear in the document.",
			Fix:  "write absolute xml:base values, or nest fewer",
			Bad:  Example{Text: "<?xml version=\"1.0\"?>" + strings.Repeat(`<a xml:base="bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb/">`, 60), Base: "http://a/"},
			Good: Example{Text: "<?xml version=\"1.0\"?>" + strings.Repeat(`<a xml:base="b/">`, 10), Base: "http://a/"},
		}},
	}
	for i := range rows {
		rows[i].Family, rows[i].Default, rows[i].reads = FamilyInput, true, readsNote
		rows[i].check = func(c *urlCheck) { c.report(hit{message: c.note.Message}) }
	}
	return rows
}

// noteKinds are the kinds of notes the rows above stand for, for the test
// that every kind has its row.
var noteKinds = []string{
	rbase.NoteTooDeep.String(), rbase.NoteNoBoundary.String(), rbase.NoteContentType.String(),
	rbase.NoteHeaderLines.String(), rbase.NoteEncoding.String(), rbase.NoteNotDecoded.String(),
	extract.NoteHTMLTooDeep, extract.NoteMarkdownTooCostly, extract.NoteMarkdownUndefinedLabel, extract.NoteXMLEncoding, extract.NoteXMLEntity,
	extract.NoteXMLBaseBudget,
}

// linkNote are the kinds of notes about a link the document writes, such
// as a reference link without a definition: a relurl:ignore directive
// applies to the line that holds one as to a line that holds a URL.
var linkNote = map[string]bool{extract.NoteMarkdownUndefinedLabel: true}

// LineSuppressible reports whether a relurl:ignore directive on the line
// before a finding of the rule id can suppress it: every rule but those
// of the suppress family, which no directive silences, and those of the
// input family that are about no URL or link (a document too costly to
// read, a MIME header that does not parse): all of them but
// input/markdown-undefined-label. relurl:ignore-file suppresses every
// rule outside the suppress family.
func LineSuppressible(id string) bool {
	r := ruleRow(id)
	switch {
	case r == nil || r.Family == FamilySuppress:
		return false
	case r.Family == FamilyInput:
		return linkNote[strings.TrimPrefix(id, "input/")]
	}
	return true
}

// note turns a note of package extract into a finding of the input family,
// when its rule is on. A note of a kind with no rule (there is none: a
// test holds every kind to a row) is reported as it is, never dropped.
func (fc *fileCheck) note(n extract.Note) {
	fc.notes = append(fc.notes, n)
	id := noteRule(n.Kind)
	f := Finding{File: fc.file, Offset: n.Offset, EndOffset: max(n.Offset, n.End), Rule: id, Severity: ast.SeverityWarning,
		Message: n.Message, Where: n.Where}
	if r := ruleRow(id); r != nil {
		if !fc.l.state[id].on {
			return
		}
		if linkNote[n.Kind] {
			// A reference link counts, for relurl:ignore, as a URL on its
			// line (decision L-52).
			if len(fc.pending) > 0 || len(fc.cover) > 0 {
				fc.place(n.Offset)
			}
			if len(fc.cover) > 0 && fc.suppressedLine(id) {
				return
			}
		}
		c := &fc.scratch
		*c = urlCheck{urlState: urlState{l: fc.l, row: r, note: &n}}
		r.check(c)
		if len(c.hits) == 0 {
			return
		}
		h := c.hits[0]
		f.Severity, f.Message, f.Fix = h.severity, h.message, h.fix
	}
	fc.findings = append(fc.findings, f)
}
