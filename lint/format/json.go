package format

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"

	"github.com/relurl/relurl/lint"
)

// JSON writes one JSON object per finding, one per line, with every field
// of [lint.Finding]: file, line, column, end_line, end_column (from 1,
// columns in bytes), offset, end_offset (bytes into the file), rule,
// severity, message, fix, production, text, url, where and base, and
// text_cut, url_cut and base_cut. A text longer than [TextWindow] bytes is
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
func (j *JSON) File(r *lint.FileResult) error {
	for i := range r.Findings {
		f := &r.Findings[i]
		text, textCut := window(f.Text, 0, TextWindow)
		u, urlCut := window(f.URL, f.TextOffset(), URLWindow)
		b, baseCut := window(f.Base, 0, URLWindow)
		if err := j.enc.Encode(jsonFinding{
			File: f.File, Line: f.Line, Column: f.Column, EndLine: f.EndLine, EndColumn: f.EndColumn,
			Offset: f.Offset, EndOffset: f.EndOffset, Rule: f.Rule, Severity: f.Severity.String(),
			Message: f.Message, Fix: f.Fix, Production: f.Production, Text: text, TextCut: textCut, URL: u, URLCut: urlCut,
			Where: f.Where, Base: b, BaseCut: baseCut,
		}); err != nil {
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
func (j *JSON) End(*lint.Summary) error { return j.Flush() }
