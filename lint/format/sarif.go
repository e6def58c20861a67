package format

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/relurl/relurl/ast"
	"github.com/relurl/relurl/lint"
)

// FingerprintKey is the key of relurl's partial fingerprint in SARIF
// results.
const FingerprintKey = "relurlFinding/v1"

// SARIF writes one SARIF 2.1.0 log, as GitHub code scanning accepts it,
// at the end of the run: the driver lists the rules (each with its help
// and its configured level), and each result has its ruleId and
// ruleIndex, a level (error, warning, note), a message, a physical
// location whose uri is the file's path relative to Options.Root with "/"
// separators, and a region whose lines and columns start at 1. SARIF counts
// columns in UTF-16 code units by default (columnKind "utf16CodeUnits"),
// and so does this log, unlike the text and JSON formats, which count
// bytes. Each result's partial fingerprint hashes the rule, the file, the
// URL, the offending text and how many times the same four came before in
// the file, so that it survives edits that move the URL.
type SARIF struct {
	w    io.Writer
	opts Options
	run  sarifRun
	// index maps a rule id to its index in the driver's rules.
	index map[string]int
	// seen counts the results of each fingerprint key so far.
	seen map[string]int
}

// NewSARIF returns the SARIF format, writing to w.
func NewSARIF(w io.Writer, opts Options) *SARIF { return &SARIF{w: w, opts: opts} }

// Start lists the rules in the log's driver.
func (s *SARIF) Start(rules []lint.Setting) error {
	s.index = make(map[string]int, len(rules))
	s.seen = map[string]int{}
	driver := sarifDriver{Name: "relurl", InformationURI: "https://github.com/relurl/relurl", Version: s.opts.Version}
	for i, st := range rules {
		r := st.Rule
		s.index[r.ID] = i
		help := r.Help
		if r.Fix != "" {
			help += "\n\nFix: " + r.Fix
		}
		driver.Rules = append(driver.Rules, sarifRule{
			ID: r.ID, Name: ruleName(r.ID),
			ShortDescription:     sarifText{r.Summary},
			FullDescription:      sarifText{r.Help},
			Help:                 sarifText{r.Section + ": " + help},
			DefaultConfiguration: sarifConfig{Enabled: st.Enabled, Level: sarifLevel(st.Severity)},
			Properties:           sarifRuleProperty{Tags: []string{string(r.Family)}, Precision: "very-high"},
		})
	}
	s.run = sarifRun{Tool: sarifTool{Driver: driver}, ColumnKind: "utf16CodeUnits", Results: []sarifResult{}}
	return nil
}

// File adds the file's findings to the log's results.
func (s *SARIF) File(r *lint.FileResult) error {
	for i := range r.Findings {
		f := &r.Findings[i]
		ri, ok := s.index[f.Rule]
		if !ok {
			return fmt.Errorf("finding of rule %q, which is not among the log's rules", f.Rule)
		}
		uri := artifactURI(f.File, s.opts.Root)
		key := strings.Join([]string{f.Rule, uri, f.URL, f.Text}, "\x00")
		n := s.seen[key]
		s.seen[key]++
		sum := sha256.Sum256([]byte(key + "\x00" + strconv.Itoa(n)))
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
		s.run.Results = append(s.run.Results, sarifResult{
			RuleID: f.Rule, RuleIndex: ri, Level: sarifLevel(f.Severity),
			Message: sarifText{msg},
			Locations: []sarifLocation{{PhysicalLocation: sarifPhysical{
				ArtifactLocation: sarifArtifact{URI: uri, URIBaseID: "%SRCROOT%"},
				Region:           sarifRegion{StartLine: max(1, f.Line), StartColumn: max(1, col), EndLine: max(1, endLine), EndColumn: max(1, endCol)},
			}}},
			PartialFingerprints: map[string]string{FingerprintKey: hex.EncodeToString(sum[:16])},
		})
	}
	return nil
}

// End writes the log.
func (s *SARIF) End(*lint.Summary) error {
	log := sarifLog{Schema: "https://json.schemastore.org/sarif-2.1.0.json", Version: "2.1.0", Runs: []sarifRun{s.run}}
	enc := json.NewEncoder(s.w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(log); err != nil {
		return fmt.Errorf("writing SARIF: %w", err)
	}
	return nil
}

func sarifLevel(s ast.Severity) string {
	switch s {
	case ast.SeverityError:
		return "error"
	case ast.SeverityWarning:
		return "warning"
	}
	return "note"
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

// artifactURI is the file's path relative to root, with "/" separators,
// as a URI reference.
func artifactURI(file, root string) string {
	p := file
	if root != "" {
		if abs, err := filepath.Abs(file); err == nil {
			if rootAbs, err := filepath.Abs(root); err == nil {
				if rel, err := filepath.Rel(rootAbs, abs); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
					p = rel
				}
			}
		}
	}
	p = filepath.ToSlash(p)
	return (&url.URL{Path: p}).String()
}
