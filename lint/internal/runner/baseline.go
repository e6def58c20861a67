package runner

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"

	"github.com/relurl/relurl/lint/internal/door"
	"github.com/relurl/relurl/lint/internal/input"
	"github.com/relurl/relurl/lint/internal/lint"
)

// Fingerprint identifies a finding in a way that survives edits that move
// it: its rule, its file, the URL it is in, and its index among the
// findings of the same rule and URL in that file (0 for the first), not
// its line or column. Moving lines keeps a finding's fingerprint; adding a
// second copy of a bad URL adds one with the next index.
type Fingerprint struct {
	// File is the file's path relative to the baseline's directory, with
	// "/" separators ("<stdin>" for standard input).
	File  string `json:"file"`
	Rule  string `json:"rule"`
	URL   string `json:"url"`
	Index int    `json:"index"`
}

func (a Fingerprint) compare(b Fingerprint) int {
	if c := strings.Compare(a.File, b.File); c != 0 {
		return c
	}
	if c := strings.Compare(a.Rule, b.Rule); c != 0 {
		return c
	}
	if c := strings.Compare(a.URL, b.URL); c != 0 {
		return c
	}
	return a.Index - b.Index
}

// Baseline is a set of recorded findings: "relurl lint --write-baseline
// FILE" records a run's findings in one, "--baseline FILE" drops the
// findings it holds from a run. Its file is JSON, written sorted (by file,
// rule, URL, index) with one fingerprint per line, so that it is the same
// whatever order or number of jobs the run had, and diffs well:
//
//	{"version":1,"findings":[
//	{"file":"docs/a.html","rule":"segment/char","url":"/a b.html","index":0}
//	]}
//
// Paths are relative to the directory of the baseline file, so that a
// baseline read from another working directory still matches. A Baseline
// is safe for concurrent use by Match once made; Add is not.
type Baseline struct {
	dir string
	set map[Fingerprint]bool
}

// baselineVersion is the format's version, written and checked.
const baselineVersion = 1

type baselineFile struct {
	Version  int           `json:"version"`
	Findings []Fingerprint `json:"findings"`
}

// NewBaseline returns an empty baseline whose paths are relative to dir
// (the directory of the file it will be written to).
func NewBaseline(dir string) *Baseline {
	if abs, err := filepath.Abs(dir); err == nil {
		dir = abs
	}
	return &Baseline{dir: dir, set: map[Fingerprint]bool{}}
}

// ReadBaseline reads the baseline file at path, named by the user
// (--baseline), up to input.DefaultMax bytes.
func ReadBaseline(path string) (*Baseline, error) {
	data, err := door.ReadNamedFile(path, input.DefaultMax)
	if err != nil {
		return nil, err
	}
	return parseBaseline(path, data)
}

// ReadBaselineIn reads the baseline file at path through the tree whose
// root is the directory bound (lint/door): a file a configuration names,
// which no symbolic link may lead out of its project (decision L-58).
func ReadBaselineIn(bound, path string) (*Baseline, error) {
	t, err := door.Open(bound)
	if err != nil {
		return nil, err
	}
	defer t.Close()
	rel, ok := t.Rel(path)
	if !ok {
		return nil, fmt.Errorf("%s: %w %s", path, ErrNotUnderRoot, bound)
	}
	data, err := t.ReadFile(rel, input.DefaultMax)
	if err != nil {
		return nil, err
	}
	return parseBaseline(path, data)
}

// parseBaseline reads the baseline file called path, whose content is data.
func parseBaseline(path string, data []byte) (*Baseline, error) {
	var f baselineFile
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&f); err != nil {
		return nil, fmt.Errorf("baseline %s: %w", path, err)
	}
	if f.Version != baselineVersion {
		return nil, fmt.Errorf("baseline %s: version %d, want %d", path, f.Version, baselineVersion)
	}
	b := NewBaseline(filepath.Dir(path))
	for _, fp := range f.Findings {
		b.set[fp] = true
	}
	return b, nil
}

// Len returns how many findings the baseline holds.
func (b *Baseline) Len() int { return len(b.set) }

// Fingerprints returns the fingerprints of the findings of one file, in
// their order, its path made relative to the baseline's directory.
func (b *Baseline) Fingerprints(file string, findings []lint.Finding) []Fingerprint {
	rel := file
	if file != "<stdin>" {
		if r := relTo(b.dir, file); r != "" {
			rel = r
		}
	}
	type key struct{ rule, url string }
	seen := map[key]int{}
	fps := make([]Fingerprint, len(findings))
	for i := range findings {
		k := key{findings[i].Rule, findings[i].URL}
		fps[i] = Fingerprint{File: rel, Rule: k.rule, URL: k.url, Index: seen[k]}
		seen[k]++
	}
	return fps
}

// Add records the findings of one file.
func (b *Baseline) Add(file string, findings []lint.Finding) {
	for _, fp := range b.Fingerprints(file, findings) {
		b.set[fp] = true
	}
}

// Filter returns the findings of one file that the baseline does not
// hold, and how many it held. findings is not modified.
func (b *Baseline) Filter(file string, findings []lint.Finding) (kept []lint.Finding, dropped int) {
	if len(b.set) == 0 || len(findings) == 0 {
		return findings, 0
	}
	fps := b.Fingerprints(file, findings)
	for i := range findings {
		if b.set[fps[i]] {
			dropped++
			continue
		}
		kept = append(kept, findings[i])
	}
	return kept, dropped
}

// Write writes the baseline as JSON, sorted, one fingerprint per line.
func (b *Baseline) Write(w io.Writer) error {
	fps := make([]Fingerprint, 0, len(b.set))
	for fp := range b.set {
		fps = append(fps, fp)
	}
	slices.SortFunc(fps, Fingerprint.compare)
	var buf, line bytes.Buffer
	enc := json.NewEncoder(&line)
	enc.SetEscapeHTML(false)
	fmt.Fprintf(&buf, "{\"version\":%d,\"findings\":[", baselineVersion)
	for i, fp := range fps {
		line.Reset()
		if err := enc.Encode(fp); err != nil {
			return err
		}
		if i > 0 {
			buf.WriteByte(',')
		}
		buf.WriteByte('\n')
		buf.Write(bytes.TrimSuffix(line.Bytes(), []byte("\n")))
	}
	buf.WriteString("\n]}\n")
	_, err := w.Write(buf.Bytes())
	return err
}

// WriteFile writes the baseline to the file at path, replacing it
// atomically or making it, through the tree of its directory (lint/door):
// a symbolic link in its place that leads out of that directory, or into
// a .git directory in it, is not followed, and nothing is written
// (decision L-58).
func (b *Baseline) WriteFile(path string) error {
	var buf bytes.Buffer
	if err := b.Write(&buf); err != nil {
		return err
	}
	t, err := door.Open(filepath.Dir(path))
	if err != nil {
		return err
	}
	defer t.Close()
	return t.WriteFile(filepath.Base(path), buf.Bytes(), door.Write{Create: 0o644})
}
