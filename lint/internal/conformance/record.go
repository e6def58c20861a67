package conformance

import (
	"bytes"
	"context"
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"text/template"

	"github.com/relurl/relurl/lint/internal/compare"
	"github.com/relurl/relurl/lint/internal/markdown"
)

// The recording of the table and the page written from it, relative to
// the repository's root.
const (
	// RecordingPath is the conformance table as `make conformance`
	// recorded it.
	RecordingPath = "testdata/rfc1808/conformance.json"
	// DocPath is the page written from it.
	DocPath = "docs/conformance.md"
)

// Recording is the conformance table as recorded: the data it was run
// on (by its SHA-256) and a row per implementation that ran.
type Recording struct {
	// Data is the SHA-256 of the data file, in hex.
	Data string `json:"data_sha256"`
	// Cases is the number of cases; Section5 of them §5's examples.
	Cases    int `json:"cases"`
	Section5 int `json:"section5"`
	// Rows are the implementations, in the order of [Adapters].
	Rows []Row `json:"rows"`
	// Missing lists the adapters that could not run, with what they need.
	Missing []string `json:"missing"`
}

// DataSum is the SHA-256 of the data file at root, in hex.
func DataSum(root string) (string, error) {
	b, err := os.ReadFile(filepath.Join(root, DataPath))
	if err != nil {
		return "", err
	}
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:]), nil
}

// Record runs every adapter of [Adapters] on the data at root and scores
// it. An adapter that cannot run here is listed in Missing, and
// progress, when not nil, is told so; any other failure is an error.
func Record(ctx context.Context, root string, progress io.Writer) (*Recording, error) {
	if progress == nil {
		progress = io.Discard
	}
	cases, err := Load(filepath.Join(root, DataPath))
	if err != nil {
		return nil, err
	}
	sum, err := DataSum(root)
	if err != nil {
		return nil, err
	}
	rec := &Recording{Data: sum, Cases: len(cases), Rows: []Row{}, Missing: []string{}}
	for _, c := range cases {
		if c.IsSection5() && c.HasBase() {
			rec.Section5++
		}
	}
	for _, a := range Adapters {
		row, err := RunAdapter(ctx, a, root, cases)
		if errors.Is(err, ErrMissing) {
			fmt.Fprintf(progress, "%-12s skipped: %v\n", a.Name, err)
			rec.Missing = append(rec.Missing, a.Name+": "+a.Needs)
			continue
		}
		if err != nil {
			return nil, err
		}
		fmt.Fprintf(progress, "%-12s %s %s: §5 %s, all %s\n", a.Name, row.Implementation, row.Version,
			row.Section5.Percent(), row.All.Percent())
		rec.Rows = append(rec.Rows, row)
	}
	return rec, nil
}

// RunAdapter prepares and runs one adapter on the cases and scores its
// answers.
func RunAdapter(ctx context.Context, a Adapter, root string, cases []*Case) (Row, error) {
	p, err := a.Prepare(ctx, root)
	if err != nil {
		return Row{}, err
	}
	defer p.Close()
	meta, answers, err := p.Run(ctx, root, cases)
	if err != nil {
		return Row{}, err
	}
	return Score(a.Name, meta, cases, answers), nil
}

// Encode writes the recording as indented JSON.
func (r *Recording) Encode() ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(r); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// LoadRecording reads the recording at root.
func LoadRecording(root string) (*Recording, error) {
	b, err := os.ReadFile(filepath.Join(root, RecordingPath))
	if err != nil {
		return nil, err
	}
	r := new(Recording)
	if err := json.Unmarshal(b, r); err != nil {
		return nil, fmt.Errorf("%s: %w", RecordingPath, err)
	}
	return r, nil
}

// Row returns the row of the named adapter, or nil.
func (r *Recording) Row(adapter string) *Row {
	for i := range r.Rows {
		if r.Rows[i].Adapter == adapter {
			return &r.Rows[i]
		}
	}
	return nil
}

//go:embed conformance.md.tmpl
var docTemplate string

// Render writes docs/conformance.md from the recording: every figure on
// the page is the recording's.
func (r *Recording) Render() ([]byte, error) {
	classes := map[string]string{Writing: "—"}
	for _, k := range compare.Classes() {
		classes[k.ID] = k.Decides
	}
	funcs := template.FuncMap{
		"code": markdown.CellCode,
		"decides": func(id string) string {
			return classes[id]
		},
		// answer is an adapter's recorded answer to a §5 example.
		"answer": func(adapter, input string) (string, error) {
			row := r.Row(adapter)
			if row == nil {
				return "", fmt.Errorf("no row for adapter %s", adapter)
			}
			for _, e := range row.Section5Answers {
				if e.Input == input {
					return markdown.CellCode(e.Got), nil
				}
			}
			return "", fmt.Errorf("adapter %s: no answer to the §5 example %q", adapter, input)
		},
		// example is an adapter's recorded example of a class.
		"example": func(adapter, class string) (Example, error) {
			row := r.Row(adapter)
			if row == nil {
				return Example{}, fmt.Errorf("no row for adapter %s", adapter)
			}
			for _, c := range row.Classes {
				if c.Class == class {
					return c.Example, nil
				}
			}
			return Example{}, fmt.Errorf("adapter %s: no difference of class %s", adapter, class)
		},
		"row": func(adapter string) (*Row, error) {
			if row := r.Row(adapter); row != nil {
				return row, nil
			}
			return nil, fmt.Errorf("no row for adapter %s", adapter)
		},
		"base": func(b *string) string {
			if b == nil {
				return "(none)"
			}
			return markdown.CellCode(*b)
		},
	}
	t, err := template.New("conformance.md").Funcs(funcs).Parse(docTemplate)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if err := t.Execute(&buf, r); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
