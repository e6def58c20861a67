package conformance

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/relurl/relurl/lint/internal/door"
)

// Opt is a component that may be absent: null in JSON when its delimiter
// is absent, a string (perhaps empty) when it is present, as in
// `relurl parse --json`.
type Opt struct {
	Value   string
	Present bool
}

// Some returns a present component.
func Some(s string) Opt { return Opt{Value: s, Present: true} }

// MarshalJSON writes the value, or null when absent.
func (o Opt) MarshalJSON() ([]byte, error) {
	if !o.Present {
		return []byte("null"), nil
	}
	return marshal(o.Value)
}

// UnmarshalJSON reads a string or null.
func (o *Opt) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		*o = Opt{}
		return nil
	}
	o.Present = true
	return json.Unmarshal(b, &o.Value)
}

// String returns the value, or "null" when absent.
func (o Opt) String() string {
	if !o.Present {
		return "null"
	}
	return fmt.Sprintf("%q", o.Value)
}

// Parts are the six components of RFC 1808 §2.1.
type Parts struct {
	Scheme   Opt    `json:"scheme"`
	NetLoc   Opt    `json:"net_loc"`
	Path     string `json:"path"`
	Params   Opt    `json:"params"`
	Query    Opt    `json:"query"`
	Fragment Opt    `json:"fragment"`
}

// Case is one case of the data file: an input, read alone (Base nil) or
// resolved against a base, and RFC 1808's answer: no URL (Failure), or the
// URL (Href) and its components.
type Case struct {
	// Input is the URL or reference.
	Input string
	// Base is the base URL, or nil when Input is read alone. The empty base
	// is the unknown base of §3.4 (§4 step 1).
	Base *string
	// Failure is true where RFC 1808 gives no URL: Input is not a URL under
	// §2.2, or Base cannot serve as a base (§2).
	Failure bool
	// Href is the URL: Input itself when read alone, the resolved URL
	// otherwise. Empty on a failure.
	Href string
	// Parts are Href's components (§2.4). Zero on a failure.
	Parts Parts
	// Valid is the strict §2.2 verdict of Input.
	Valid bool
	// Source says where the case comes from: an RFC section, a generator
	// of package gen, a divergence class of package compare, a decision.
	Source string
	// Decisions are the ids of the decisions (docs/decisions.md) that
	// answer the case where RFC 1808 is silent or ambiguous.
	Decisions []string
}

// HasBase reports whether the input is resolved against a base.
func (c *Case) HasBase() bool { return c.Base != nil }

// BaseString returns the base, or "" when there is none.
func (c *Case) BaseString() string {
	if c.Base == nil {
		return ""
	}
	return *c.Base
}

// Key identifies the case: its base (or none) and its input.
func (c *Case) Key() string {
	if c.Base == nil {
		return "\x00" + c.Input
	}
	return *c.Base + "\x00\x00" + c.Input
}

// wire is the JSON form of a case, in the file's field order.
type wire struct {
	Input     string   `json:"input"`
	Base      *string  `json:"base"`
	Failure   *bool    `json:"failure,omitempty"`
	Href      *string  `json:"href,omitempty"`
	Scheme    *Opt     `json:"scheme,omitempty"`
	NetLoc    *Opt     `json:"net_loc,omitempty"`
	Path      *string  `json:"path,omitempty"`
	Params    *Opt     `json:"params,omitempty"`
	Query     *Opt     `json:"query,omitempty"`
	Fragment  *Opt     `json:"fragment,omitempty"`
	Valid     bool     `json:"valid"`
	Source    string   `json:"source"`
	Decisions []string `json:"decisions,omitempty"`
}

// MarshalJSON writes the case on one line: {"input", "base", "href", the
// six components, "valid", "source", "decisions"}, or with "failure": true
// in place of "href" and the components.
func (c Case) MarshalJSON() ([]byte, error) {
	w := wire{Input: c.Input, Base: c.Base, Valid: c.Valid, Source: c.Source, Decisions: c.Decisions}
	if c.Failure {
		t := true
		w.Failure = &t
	} else {
		p := c.Parts
		w.Href, w.Scheme, w.NetLoc, w.Path, w.Params, w.Query, w.Fragment =
			&c.Href, &p.Scheme, &p.NetLoc, &p.Path, &p.Params, &p.Query, &p.Fragment
	}
	return marshal(w)
}

// UnmarshalJSON reads a case as MarshalJSON writes it. "base" must be
// there (null or a string), and so must either "failure" or "href".
func (c *Case) UnmarshalJSON(b []byte) error {
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(b, &raw); err != nil {
		return err
	}
	if _, ok := raw["base"]; !ok {
		return fmt.Errorf("case %s: no \"base\"", b)
	}
	var w wire
	if err := json.Unmarshal(b, &w); err != nil {
		return err
	}
	*c = Case{Input: w.Input, Base: w.Base, Valid: w.Valid, Source: w.Source, Decisions: w.Decisions}
	switch {
	case w.Failure != nil && *w.Failure:
		c.Failure = true
	case w.Href != nil && w.Path != nil:
		c.Href, c.Parts.Path = *w.Href, *w.Path
		for _, f := range []struct {
			from *Opt
			to   *Opt
		}{{w.Scheme, &c.Parts.Scheme}, {w.NetLoc, &c.Parts.NetLoc}, {w.Params, &c.Parts.Params},
			{w.Query, &c.Parts.Query}, {w.Fragment, &c.Parts.Fragment}} {
			if f.from != nil {
				*f.to = *f.from
			}
		}
	default:
		return fmt.Errorf("case %s: neither \"failure\" nor \"href\" and \"path\"", b)
	}
	return nil
}

// marshal is json.Marshal without HTML escaping ("<", ">" and "&" as
// they are), with a space after each ":" and "," that separate members.
func marshal(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}

// Entry is one element of the file: a comment (a string) or a case.
type Entry struct {
	Comment string
	Case    *Case
}

// Encode writes the file: a JSON array, one element per line, comments
// and cases in order. The output depends on nothing but the entries.
func Encode(entries []Entry) ([]byte, error) {
	var b bytes.Buffer
	b.WriteString("[\n")
	for i, e := range entries {
		var line []byte
		var err error
		if e.Case != nil {
			line, err = marshal(*e.Case)
		} else {
			line, err = marshal(e.Comment)
		}
		if err != nil {
			return nil, err
		}
		b.WriteString("  ")
		b.Write(spaced(line))
		if i < len(entries)-1 {
			b.WriteByte(',')
		}
		b.WriteByte('\n')
	}
	b.WriteString("]\n")
	return b.Bytes(), nil
}

// spaced puts a space after each ":" and "," between the members of a
// one-line JSON object (never inside its strings).
func spaced(line []byte) []byte {
	var out []byte
	in := false
	for i := 0; i < len(line); i++ {
		c := line[i]
		out = append(out, c)
		switch {
		case in && c == '\\':
			i++
			out = append(out, line[i])
		case c == '"':
			in = !in
		case !in && (c == ':' || c == ','):
			out = append(out, ' ')
		}
	}
	return out
}

// Decode reads the file Encode writes (any JSON array of strings and
// cases, however laid out).
func Decode(data []byte) ([]Entry, error) {
	var raw []json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, err
	}
	out := make([]Entry, 0, len(raw))
	for i, r := range raw {
		r = bytes.TrimSpace(r)
		if len(r) > 0 && r[0] == '"' {
			var s string
			if err := json.Unmarshal(r, &s); err != nil {
				return nil, fmt.Errorf("element %d: %w", i, err)
			}
			out = append(out, Entry{Comment: s})
			continue
		}
		c := new(Case)
		if err := json.Unmarshal(r, c); err != nil {
			return nil, fmt.Errorf("element %d: %w", i, err)
		}
		out = append(out, Entry{Case: c})
	}
	return out, nil
}

// Load reads the data file at path and returns its cases, in order.
func Load(path string) ([]*Case, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	entries, err := Decode(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return Cases(entries), nil
}

// Cases returns the cases of the entries, in order.
func Cases(entries []Entry) []*Case {
	var out []*Case
	for _, e := range entries {
		if e.Case != nil {
			out = append(out, e.Case)
		}
	}
	return out
}

// IsSection5 reports whether the case is one of RFC 1808's own examples
// of §5.1 or §5.2.
func (c *Case) IsSection5() bool {
	return c.Source == SourceSection51 || c.Source == SourceSection52
}

// sourceGroup is the part of a source before its first ":" (the kind of
// source), for counting.
func sourceGroup(s string) string {
	g, _, _ := strings.Cut(s, ":")
	return g
}

// The files of the data, relative to the repository's root.
const (
	// DataPath is the data file.
	DataPath = "testdata/rfc1808/urltestdata.json"
	// SchemaPath is its JSON Schema.
	SchemaPath = "testdata/rfc1808/urltestdata.schema.json"
)

// WriteFile writes data to the file at path whole or not at all,
// creating it when it does not exist: through the door of its directory
// (lint/internal/door), the one atomic writer of the repository.
func WriteFile(path string, data []byte) error {
	dir, err := door.Open(filepath.Dir(path))
	if err != nil {
		return err
	}
	defer dir.Close()
	return dir.WriteFile(filepath.Base(path), data, door.Write{Create: 0o644})
}
