package lint

import (
	"bufio"
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
)

// WriteText writes findings one per line, as compilers do:
//
//	file:line:col: severity: message [rule]
//
// with line and column counted from 1, the column in bytes. verbose adds,
// under each, the line with a caret under the offending text and the
// suggested fix.
func WriteText(w io.Writer, findings []Finding, verbose bool) error {
	bw := bufio.NewWriter(w)
	for i := range findings {
		f := &findings[i]
		fmt.Fprintf(bw, "%s:%d:%d: %s: %s [%s]\n", f.File, f.Line, f.Column, f.Severity, f.Message, f.Rule)
		if !verbose {
			continue
		}
		if c := f.Caret(); c != "" {
			for _, line := range strings.Split(c, "\n") {
				fmt.Fprintf(bw, "    %s\n", line)
			}
		}
		if f.Fix != "" {
			fmt.Fprintf(bw, "    fix: %s\n", f.Fix)
		}
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("writing findings: %w", err)
	}
	return nil
}

// jsonFinding is a finding as --format json spells it.
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
	URL        string `json:"url"`
	Where      string `json:"where"`
	Base       string `json:"base"`
}

// WriteJSON writes one JSON object per finding, one per line, with every
// field of [Finding]: file, line, column, end_line, end_column (from 1,
// columns in bytes), offset, end_offset (bytes into the file), rule,
// severity, message, fix, production, text, url, where and base. Strings
// that are not UTF-8 are written with U+FFFD in place of bad bytes;
// positions still count the file's bytes.
func WriteJSON(w io.Writer, findings []Finding) error {
	bw := bufio.NewWriter(w)
	enc := json.NewEncoder(bw)
	enc.SetEscapeHTML(false)
	for i := range findings {
		f := &findings[i]
		if err := enc.Encode(jsonFinding{
			File: f.File, Line: f.Line, Column: f.Column, EndLine: f.EndLine, EndColumn: f.EndColumn,
			Offset: f.Offset, EndOffset: f.EndOffset, Rule: f.Rule, Severity: f.Severity.String(),
			Message: f.Message, Fix: f.Fix, Production: f.Production, Text: f.Text, URL: f.URL,
			Where: f.Where, Base: f.Base,
		}); err != nil {
			return fmt.Errorf("writing findings: %w", err)
		}
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("writing findings: %w", err)
	}
	return nil
}

// SARIFOptions says how [WriteSARIF] writes a log.
type SARIFOptions struct {
	// Root is the directory file names are made relative to, the root of
	// the repository the log is uploaded for; "" leaves them as they are.
	Root string
	// Version is the tool's version, or "".
	Version string
}

// SARIF 2.1.0, the subset relurl writes.
type (
	sarifLog struct {
		Schema  string     `json:"$schema"`
		Version string     `json:"version"`
		Runs    []sarifRun `json:"runs"`
	}
	sarifRun struct {
		Tool       sarifTool     `json:"tool"`
		ColumnKind string        `json:"columnKind"`
		Results    []sarifResult `json:"results"`
	}
	sarifTool struct {
		Driver sarifDriver `json:"driver"`
	}
	sarifDriver struct {
		Name           string      `json:"name"`
		InformationURI string      `json:"informationUri"`
		Version        string      `json:"version,omitempty"`
		Rules          []sarifRule `json:"rules"`
	}
	sarifRule struct {
		ID                   string            `json:"id"`
		Name                 string            `json:"name"`
		ShortDescription     sarifText         `json:"shortDescription"`
		FullDescription      sarifText         `json:"fullDescription"`
		Help                 sarifText         `json:"help"`
		DefaultConfiguration sarifConfig       `json:"defaultConfiguration"`
		Properties           sarifRuleProperty `json:"properties"`
	}
	sarifText struct {
		Text string `json:"text"`
	}
	sarifConfig struct {
		Enabled bool   `json:"enabled"`
		Level   string `json:"level"`
	}
	sarifRuleProperty struct {
		Tags      []string `json:"tags"`
		Precision string   `json:"precision"`
	}
	sarifResult struct {
		RuleID              string            `json:"ruleId"`
		RuleIndex           int               `json:"ruleIndex"`
		Level               string            `json:"level"`
		Message             sarifText         `json:"message"`
		Locations           []sarifLocation   `json:"locations"`
		PartialFingerprints map[string]string `json:"partialFingerprints"`
	}
	sarifLocation struct {
		PhysicalLocation sarifPhysical `json:"physicalLocation"`
	}
	sarifPhysical struct {
		ArtifactLocation sarifArtifact `json:"artifactLocation"`
		Region           sarifRegion   `json:"region"`
	}
	sarifArtifact struct {
		URI       string `json:"uri"`
		URIBaseID string `json:"uriBaseId,omitempty"`
	}
	sarifRegion struct {
		StartLine   int `json:"startLine"`
		StartColumn int `json:"startColumn"`
		EndLine     int `json:"endLine"`
		EndColumn   int `json:"endColumn"`
	}
)

// FingerprintKey is the key of relurl's partial fingerprint in SARIF
// results.
const FingerprintKey = "relurlFinding/v1"

// WriteSARIF writes the findings as one SARIF 2.1.0 log, as GitHub code
// scanning accepts it: the driver lists rules (each with its help and its
// configured level), and each result has its ruleId and ruleIndex, a level
// (error, warning, note), a message, a physical location whose uri is the
// file's path relative to opts.Root with "/" separators, and a region
// whose lines and columns start at 1. SARIF counts columns in UTF-16 code
// units by default (columnKind "utf16CodeUnits"), and so does this log,
// unlike the text and JSON formats, which count bytes. Each result's
// partial fingerprint hashes the rule, the file, the URL, the offending
// text and how many times the same four came before in the file, so that
// it survives edits that move the URL.
func WriteSARIF(w io.Writer, findings []Finding, rules []Rule, opts SARIFOptions) error {
	index := make(map[string]int, len(rules))
	driver := sarifDriver{Name: "relurl", InformationURI: "https://github.com/relurl/relurl", Version: opts.Version}
	for i, r := range rules {
		index[r.ID] = i
		help := r.Help
		if r.Fix != "" {
			help += "\n\nFix: " + r.Fix
		}
		driver.Rules = append(driver.Rules, sarifRule{
			ID: r.ID, Name: ruleName(r.ID),
			ShortDescription:     sarifText{r.Summary},
			FullDescription:      sarifText{r.Help},
			Help:                 sarifText{r.Section + ": " + help},
			DefaultConfiguration: sarifConfig{Enabled: r.Default, Level: sarifLevel(r.Severity)},
			Properties:           sarifRuleProperty{Tags: []string{string(r.Family)}, Precision: "very-high"},
		})
	}
	run := sarifRun{Tool: sarifTool{Driver: driver}, ColumnKind: "utf16CodeUnits", Results: []sarifResult{}}
	seen := map[string]int{}
	for i := range findings {
		f := &findings[i]
		ri, ok := index[f.Rule]
		if !ok {
			return fmt.Errorf("finding of rule %q, which is not among the log's rules", f.Rule)
		}
		uri := artifactURI(f.File, opts.Root)
		key := strings.Join([]string{f.Rule, uri, f.URL, f.Text}, "\x00")
		n := seen[key]
		seen[key]++
		sum := sha256.Sum256([]byte(key + "\x00" + strconv.Itoa(n)))
		msg := f.Message
		if f.Fix != "" {
			msg += " Fix: " + f.Fix + "."
		}
		col, endCol := f.col16, f.endCol16
		if col == 0 {
			col, endCol = f.Column, f.EndColumn
		}
		endLine := f.EndLine
		if endLine < f.Line || endLine == f.Line && endCol <= col {
			// An empty span: SARIF regions are not empty, so mark one column.
			endLine, endCol = f.Line, col+1
		}
		run.Results = append(run.Results, sarifResult{
			RuleID: f.Rule, RuleIndex: ri, Level: sarifLevel(f.Severity),
			Message: sarifText{msg},
			Locations: []sarifLocation{{PhysicalLocation: sarifPhysical{
				ArtifactLocation: sarifArtifact{URI: uri, URIBaseID: "%SRCROOT%"},
				Region:           sarifRegion{StartLine: max(1, f.Line), StartColumn: max(1, col), EndLine: max(1, endLine), EndColumn: max(1, endCol)},
			}}},
			PartialFingerprints: map[string]string{FingerprintKey: hex.EncodeToString(sum[:16])},
		})
	}
	log := sarifLog{Schema: "https://json.schemastore.org/sarif-2.1.0.json", Version: "2.1.0", Runs: []sarifRun{run}}
	enc := json.NewEncoder(w)
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
