package format

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"

	"github.com/relurl/relurl/lint/internal/fix"
	"github.com/relurl/relurl/lint/internal/lint"
	"github.com/relurl/relurl/lint/internal/report"
)

// JSON writes one JSON object per finding, one per line, with every field
// of [lint.Finding]: file, line, column, end_line, end_column (from 1,
// columns in bytes), offset, end_offset (bytes into the file), rule,
// severity, message, fix, production, text, url, where and base, and
// text_cut, url_cut and base_cut; and, when the linter computes fixes
// ([lint.Options.Fixes]), edit (null, or the fix: offset, end_offset,
// text and url, the file's bytes offset to end_offset becoming text and
// the URL url), no_fix and no_fix_detail (why there is no fix, "" when
// there is one or fixes are not computed) and suggestions (a list of
// edits with a message, offered but not safe to make unseen). A text longer than [TextWindow] bytes is
// cut to its first TextWindow bytes, a URL longer than [URLWindow] bytes
// to a window around the text, a base longer than URLWindow to its start,
// each on character boundaries and marked cut (offsets still span the
// whole text). Strings that are not UTF-8 are
// written with U+FFFD in place of bad bytes; positions still count the
// file's bytes.
type JSON struct {
	w   *bufio.Writer
	enc *json.Encoder
}

// jsonFinding is a finding as the JSON format spells it.
type jsonFinding struct {
	File       string `json:"file"`
	Line       int    `json:"line"`
	Column     int    `json:"column"`
	EndLine    int    `json:"end_line"`
	EndColumn  int    `json:"end_column"`
	Offset     int    `json:"offset"`
	EndOffset  int    `json:"end_offset"`
	Rule       string `json:"rule"`
	Severity   string `json:"severity"`
	Message    string `json:"message"`
	Fix        string `json:"fix"`
	Production string `json:"production"`
	Text       string `json:"text"`
	TextCut    bool   `json:"text_cut"`
	URL        string `json:"url"`
	URLCut     bool   `json:"url_cut"`
	Where      string `json:"where"`
	Base       string `json:"base"`
	BaseCut    bool   `json:"base_cut"`
	// Edit is the finding's fix, or null; NoFix and NoFixDetail why it
	// has none ("" when it has one, or fixes are not computed).
	Edit        *jsonEdit  `json:"edit"`
	NoFix       fix.Reason `json:"no_fix"`
	NoFixDetail string     `json:"no_fix_detail"`
	Suggestions []jsonEdit `json:"suggestions"`
}

// jsonEdit is a fix or a suggestion: the file's bytes offset to
// end_offset become text, and the URL becomes url.
type jsonEdit struct {
	Message   string `json:"message,omitempty"`
	Offset    int    `json:"offset"`
	EndOffset int    `json:"end_offset"`
	Text      string `json:"text"`
	URL       string `json:"url"`
}

// NewJSON returns the JSON format, writing to w.
func NewJSON(w io.Writer) *JSON {
	bw := bufio.NewWriter(w)
	enc := json.NewEncoder(bw)
	enc.SetEscapeHTML(false) // URLs are full of "&", "<" and ">"
	return &JSON{w: bw, enc: enc}
}

// Start does nothing: the JSON format has no header.
func (j *JSON) Start([]lint.Setting) error { return nil }

// File writes the file's findings; they may wait in a buffer until Flush
// or End.
func (j *JSON) File(r *report.FileResult) error {
	for i := range r.Findings {
		f := &r.Findings[i]
		text, textCut := window(f.Text, 0, TextWindow)
		u, urlCut := window(f.URL, f.TextOffset(), URLWindow)
		b, baseCut := window(f.Base, 0, URLWindow)
		jf := jsonFinding{
			File: f.File, Line: f.Line, Column: f.Column, EndLine: f.EndLine, EndColumn: f.EndColumn,
			Offset: f.Offset, EndOffset: f.EndOffset, Rule: f.Rule, Severity: f.Severity.String(),
			Message: f.Message, Fix: f.Fix, Production: f.Production, Text: text, TextCut: textCut, URL: u, URLCut: urlCut,
			Where: f.Where, Base: b, BaseCut: baseCut,
			NoFix: f.NoFix, NoFixDetail: f.NoFixDetail, Suggestions: []jsonEdit{},
		}
		if e := f.Edit; e != nil {
			jf.Edit = &jsonEdit{Offset: e.Offset, EndOffset: e.End, Text: e.New, URL: e.URL}
		}
		for _, sg := range f.Suggestions() {
			e := &sg.Edit
			jf.Suggestions = append(jf.Suggestions, jsonEdit{Message: sg.Message, Offset: e.Offset, EndOffset: e.End, Text: e.New, URL: e.URL})
		}
		if err := j.enc.Encode(jf); err != nil {
			return fmt.Errorf("writing findings: %w", err)
		}
	}
	return nil
}

// Flush writes out what is buffered.
func (j *JSON) Flush() error {
	if err := j.w.Flush(); err != nil {
		return fmt.Errorf("writing findings: %w", err)
	}
	return nil
}

// End writes out what is buffered.
func (j *JSON) End(*report.Summary) error { return j.Flush() }
