package format

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/relurl/relurl/ast"
	"github.com/relurl/relurl/lint/internal/fix"
	"github.com/relurl/relurl/lint/internal/lint"
	"github.com/relurl/relurl/lint/internal/report"
)

// FingerprintKey is the key of relurl's partial fingerprint in SARIF
// results.
const FingerprintKey = "relurlFinding/v1"

// GitHubMaxResults is the most results of a run GitHub code scanning keeps
// from a SARIF log; past it, [SARIF] says so through [Options.Warn].
const GitHubMaxResults = 25000

// SARIF writes one SARIF 2.1.0 log, as GitHub code scanning accepts it.
// The driver names the tool, its version ([Options.Version]) and its
// informationUri, and lists the rules, each with its help (text and
// Markdown), its helpUri (its section of the rules page,
// [lint.Rule.DocURL]) and its configured level. Each result has its ruleId
// and ruleIndex, a level (error, warning, note), a message, a physical
// location and a partial fingerprint. The location's uri is the file's
// path relative to [Options.Root], with "/" separators and uriBaseId
// %SRCROOT%; a file outside Root gets an absolute file: URI and no
// uriBaseId. Its region's lines and columns start at 1, and columns count
// UTF-16 code units (columnKind "utf16CodeUnits", SARIF's default), unlike
// the text and JSON formats, which count bytes. The fingerprint hashes the
// rule, the file, the URL, the offending text and how many times the same
// four came before in the file, so that it survives edits that move the
// URL. A file that could not be read is a toolExecutionNotification of the
// run's invocation, which is then not executionSuccessful.
//
// A finding with a fix ([lint.Finding.Edit], when the linter computes
// fixes) has fixes (SARIF §3.55): its edit, then the suggestions offered
// for it, each one artifactChange of the result's file with one
// replacement whose deletedRegion counts bytes (byteOffset, byteLength:
// a binary region, §3.30.2, as relurl's edits count) and whose
// insertedContent is the new text, absent for a deletion (§3.57).
//
// The log is written as the results come, not held: memory stays bounded
// however many findings a run has.
type SARIF struct {
	w    *bufio.Writer
	opts Options
	// index maps a rule id to its index in the driver's rules.
	index map[string]int
	// seen counts the results of each fingerprint key so far, by its hash.
	seen    map[[sha256.Size]byte]int
	results int
	// file, uri and base are the last file's name, URI and uriBaseId.
	file, uri, base string
	// buf and enc write one result at a time, compactly.
	buf bytes.Buffer
	enc *json.Encoder
	// notes are the invocation's notifications: the inputs not read.
	notes []sarifNotification
}

// NewSARIF returns the SARIF format, writing to w.
func NewSARIF(w io.Writer, opts Options) *SARIF { return &SARIF{w: bufio.NewWriter(w), opts: opts} }

// The indentation of the log's parts, as json.MarshalIndent would write
// the whole: a result is an element of runs[0].results.
const (
	runIndent    = "    "
	memberIndent = "      "
	resultIndent = "        "
)

// Start writes the log up to its results, and the driver with the rules.
func (s *SARIF) Start(rules []lint.Setting) error {
	s.index = make(map[string]int, len(rules))
	s.seen = map[[sha256.Size]byte]int{}
	s.enc = json.NewEncoder(&s.buf)
	s.enc.SetEscapeHTML(false)
	driver := sarifDriver{Name: "relurl", InformationURI: lint.RepositoryURL, Version: s.opts.Version}
	for i, st := range rules {
		r := st.Rule
		s.index[r.ID] = i
		help := r.Section + ": " + r.Help
		md := "**" + r.Section + "**: " + r.Summary + ".\n\n" + r.Help
		if r.Fix != "" {
			help += "\n\nFix: " + r.Fix
			md += "\n\n**Fix:** " + r.Fix
		}
		md += "\n\n[" + r.ID + "](" + r.DocURL() + ")"
		driver.Rules = append(driver.Rules, sarifRule{
			ID: r.ID, Name: ruleName(r.ID),
			ShortDescription:     sarifText{Text: r.Summary},
			FullDescription:      sarifText{Text: r.Help},
			Help:                 sarifText{Text: help, Markdown: md},
			HelpURI:              r.DocURL(),
			DefaultConfiguration: sarifConfig{Enabled: st.Enabled, Level: lint.Names(st.Severity).SARIF},
			Properties:           sarifRuleProperty{Tags: []string{string(r.Family)}, Precision: "very-high"},
		})
	}
	tool, err := marshalIndent(sarifTool{Driver: driver}, memberIndent)
	if err != nil {
		return fmt.Errorf("writing SARIF: %w", err)
	}
	fmt.Fprintf(s.w, "{\n  \"$schema\": %q,\n  \"version\": \"2.1.0\",\n  \"runs\": [\n%s{\n%s\"tool\": %s,\n%s\"columnKind\": \"utf16CodeUnits\",\n%s\"results\": [",
		"https://json.schemastore.org/sarif-2.1.0.json", runIndent, memberIndent, tool, memberIndent, memberIndent)
	return nil
}

// File writes the file's findings as results; an input that could not be
// read becomes an error notification of the invocation, and one not read
// for leading out of the root ([report.SkippedOutside]) a warning one.
func (s *SARIF) File(r *report.FileResult) error {
	level, msg := "error", ""
	switch {
	case r.Err != nil:
		msg = r.Err.Error()
	case r.Skipped == report.SkippedOutside:
		// Not read, and not a fault of the run: said, as a warning.
		level, msg = "warning", r.Name+": skipped: "+r.SkipWhy()
	}
	if msg != "" {
		uri, base := artifactURI(r.Name, s.opts.Root)
		s.notes = append(s.notes, sarifNotification{Level: level, Message: sarifText{Text: msg},
			Locations: []sarifLocation{{PhysicalLocation: sarifPhysical{ArtifactLocation: sarifArtifact{URI: uri, URIBaseID: base}}}}})
	}
	for i := range r.Findings {
		f := &r.Findings[i]
		ri, ok := s.index[f.Rule]
		if !ok {
			return fmt.Errorf("finding of rule %q, which is not among the log's rules", f.Rule)
		}
		if f.File != s.file || s.uri == "" {
			s.file = f.File
			s.uri, s.base = artifactURI(f.File, s.opts.Root)
		}
		uri, base := s.uri, s.base
		h := sha256.New()
		for _, part := range []string{f.Rule, uri, f.URL, f.Text} {
			h.Write([]byte(part))
			h.Write([]byte{0})
		}
		var key [sha256.Size]byte
		h.Sum(key[:0])
		n := s.seen[key]
		s.seen[key]++
		h.Write([]byte(strconv.Itoa(n)))
		sum := h.Sum(nil)
		msg := f.Message
		if f.Fix != "" {
			msg += " Fix: " + f.Fix + "."
		}
		col, endCol := f.ColumnsUTF16()
		endLine := f.EndLine
		if endLine < f.Line || endLine == f.Line && endCol <= col {
			// An empty span: SARIF regions are not empty, so mark one column.
			endLine, endCol = f.Line, col+1
		}
		loc := sarifLocation{PhysicalLocation: sarifPhysical{
			ArtifactLocation: sarifArtifact{URI: uri, URIBaseID: base},
			Region:           &sarifRegion{StartLine: max(1, f.Line), StartColumn: max(1, col), EndLine: max(1, endLine), EndColumn: max(1, endCol)},
		}}
		// One result per line, compact: a log of a million results is
		// written in a tenth of the time indentation takes.
		s.buf.Reset()
		if err := s.enc.Encode(sarifResult{
			RuleID: f.Rule, RuleIndex: ri, Level: lint.Names(f.Severity).SARIF,
			Message:             sarifText{Text: msg},
			Locations:           []sarifLocation{loc},
			PartialFingerprints: sarifFingerprints{V1: hex.EncodeToString(sum[:16])},
			Fixes:               sarifFixes(f, loc.PhysicalLocation.ArtifactLocation),
		}); err != nil {
			return fmt.Errorf("writing SARIF: %w", err)
		}
		if s.results > 0 {
			s.w.WriteByte(',')
		}
		s.w.WriteString("\n" + resultIndent)
		s.w.Write(bytes.TrimSuffix(s.buf.Bytes(), []byte("\n")))
		s.results++
	}
	return nil
}

// sarifFixes are the fixes of a finding: its edit, then its suggestions,
// each a replacement of bytes of the file the finding is in.
func sarifFixes(f *lint.Finding, at sarifArtifact) []sarifFix {
	var out []sarifFix
	add := func(desc string, e *fix.Edit) {
		r := sarifReplacement{DeletedRegion: sarifByteRegion{ByteOffset: e.Offset, ByteLength: e.End - e.Offset}}
		if e.New != "" {
			r.InsertedContent = &sarifContent{Text: e.New}
		}
		out = append(out, sarifFix{Description: sarifText{Text: desc},
			ArtifactChanges: []sarifArtifactChange{{ArtifactLocation: at, Replacements: []sarifReplacement{r}}}})
	}
	if f.Edit != nil {
		add(fmt.Sprintf("write the URL as %s", ast.Quote(f.Edit.URL, 0)), f.Edit)
	}
	for _, sg := range f.Suggestions() {
		add("suggestion, not safe to make unseen: "+sg.Message, &sg.Edit)
	}
	return out
}

// Flush writes out what is buffered.
func (s *SARIF) Flush() error {
	if err := s.w.Flush(); err != nil {
		return fmt.Errorf("writing SARIF: %w", err)
	}
	return nil
}

// End writes the invocation and closes the log.
func (s *SARIF) End(*report.Summary) error {
	if s.results > 0 {
		s.w.WriteString("\n" + memberIndent)
	}
	inv, err := marshalIndent([]sarifInvocation{{ExecutionSuccessful: !slices.ContainsFunc(s.notes, func(n sarifNotification) bool { return n.Level == "error" }), Notifications: s.notes}}, memberIndent)
	if err != nil {
		return fmt.Errorf("writing SARIF: %w", err)
	}
	fmt.Fprintf(s.w, "],\n%s\"invocations\": %s\n%s}\n  ]\n}\n", memberIndent, inv, runIndent)
	if s.results > GitHubMaxResults && s.opts.Warn != nil {
		s.opts.Warn(fmt.Sprintf("the SARIF log has %d results: GitHub code scanning keeps only the first %d of a run", s.results, GitHubMaxResults))
	}
	return s.Flush()
}

// marshalIndent is json.MarshalIndent with two spaces of indentation,
// without escaping "<", ">" and "&", which URLs are full of.
func marshalIndent(v any, prefix string) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent(prefix, "  ")
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}

// ruleName spells a rule id in the PascalCase SARIF suggests for names:
// "escape/malformed" is "EscapeMalformed".
func ruleName(id string) string {
	var b strings.Builder
	up := true
	for _, r := range id {
		if r == '/' || r == '-' || r == '_' {
			up = true
			continue
		}
		if up && r >= 'a' && r <= 'z' {
			r -= 'a' - 'A'
		}
		up = false
		b.WriteRune(r)
	}
	return b.String()
}

// relToRoot returns the file's path relative to root, with "/" separators,
// and whether it is under root; "" root takes every path as it is.
func relToRoot(file, root string) (string, bool) {
	if root == "" {
		return filepath.ToSlash(file), true
	}
	abs, err := filepath.Abs(file)
	if err != nil {
		return filepath.ToSlash(file), false
	}
	rootAbs, err := filepath.Abs(root)
	if err != nil {
		return filepath.ToSlash(abs), false
	}
	rel, err := filepath.Rel(rootAbs, abs)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return filepath.ToSlash(abs), false
	}
	return filepath.ToSlash(rel), true
}

// artifactURI is the file's URI in a SARIF log, and its uriBaseId: its
// path relative to root, as a URI reference against %SRCROOT%, or for a
// file outside root an absolute file: URI with no base.
func artifactURI(file, root string) (uri, baseID string) {
	p, under := relToRoot(file, root)
	if !under {
		return (&url.URL{Scheme: "file", Path: p}).String(), ""
	}
	return (&url.URL{Path: p}).String(), "%SRCROOT%"
}
