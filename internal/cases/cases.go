// Package cases loads relurl's table of URL test cases, testdata/urls.txt,
// which the validator's, the grammar's and the agreement tests all read.
//
// Each line of the table is one case:
//
//	"marked input"  form  scheme  net_loc  path  params  query  fragment
//	"marked input"  rule...
//
// The input is a Go string literal. A valid input's line gives its form
// and its six components, each a Go string literal or ∅ for absent. An
// invalid input marks each offending text inline, ⟦like this⟧, and lists
// the rule id of each mark in order. Blank lines and lines beginning with
// "#" are ignored; "# §" headings name the section a group of cases tests.
package cases

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/relurl/relurl/ast"
)

// Mark is one offending text marked in an input, with its expected rule.
type Mark struct {
	Offset, End int
	Rule        string
}

// Case is one line of the table.
type Case struct {
	// Line is the case's line number in the file, for messages.
	Line int
	// Section is the last "# §" heading above the case.
	Section string
	// Input is the input with its marks removed.
	Input string
	// Valid reports whether the case expects the input to be valid.
	Valid bool
	// Want holds a valid case's expected form and components (no spans).
	Want ast.URL
	// Marks are an invalid case's expected diagnostics, in order.
	Marks []Mark
}

const (
	open   = "⟦"
	close_ = "⟧"
	absent = "∅"
)

// Load reads the table at path.
func Load(path string) ([]Case, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []Case
	section := ""
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if strings.HasPrefix(line, "# §") {
			section = strings.TrimPrefix(line, "# ")
		}
		if line == "" || line[0] == '#' {
			continue
		}
		c, err := parseLine(line)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %w", path, n, err)
		}
		c.Line, c.Section = n, section
		out = append(out, c)
	}
	return out, sc.Err()
}

func parseLine(line string) (Case, error) {
	fields, err := splitFields(line)
	if err != nil {
		return Case{}, err
	}
	var c Case
	marked, err := strconv.Unquote(fields[0])
	if err != nil {
		return c, fmt.Errorf("input %s: %w", fields[0], err)
	}
	c.Input, c.Marks = unmark(marked)
	rest := fields[1:]
	if len(c.Marks) == 0 {
		return c, parseValid(&c, rest)
	}
	if len(rest) != len(c.Marks) {
		return c, fmt.Errorf("%d marks but %d rules", len(c.Marks), len(rest))
	}
	for i, r := range rest {
		c.Marks[i].Rule = r
	}
	return c, nil
}

func parseValid(c *Case, f []string) error {
	if len(f) != 7 {
		return fmt.Errorf("a valid case needs a form and six components, got %d fields", len(f))
	}
	c.Valid = true
	switch f[0] {
	case "relativeURL":
		c.Want.Form = ast.FormRelative
	case "generic-RL":
		c.Want.Form = ast.FormGenericRL
	case "opaque":
		c.Want.Form = ast.FormOpaque
	default:
		return fmt.Errorf("unknown form %q", f[0])
	}
	var path ast.Component
	for i, dst := range []*ast.Component{&c.Want.Scheme, &c.Want.NetLoc, &path, &c.Want.Params, &c.Want.Query, &c.Want.Fragment} {
		if f[i+1] == absent {
			continue
		}
		v, err := strconv.Unquote(f[i+1])
		if err != nil {
			return fmt.Errorf("component %d %s: %w", i, f[i+1], err)
		}
		*dst = ast.Component{Value: v, Present: true}
	}
	if !path.Present {
		return fmt.Errorf("the path is never absent: write \"\"")
	}
	c.Want.Path.Value = path.Value
	return nil
}

// unmark removes the ⟦⟧ marks from s and returns where they were.
func unmark(s string) (string, []Mark) {
	var b strings.Builder
	var marks []Mark
	for {
		i := strings.Index(s, open)
		if i < 0 {
			b.WriteString(s)
			return b.String(), marks
		}
		b.WriteString(s[:i])
		s = s[i+len(open):]
		j := strings.Index(s, close_)
		if j < 0 {
			j = len(s)
		}
		start := b.Len()
		b.WriteString(s[:j])
		marks = append(marks, Mark{Offset: start, End: b.Len()})
		s = strings.TrimPrefix(s[j:], close_)
	}
}

// splitFields splits a line into whitespace-separated fields, keeping Go
// string literals whole.
func splitFields(line string) ([]string, error) {
	var out []string
	for line = strings.TrimSpace(line); line != ""; line = strings.TrimSpace(line) {
		if line[0] == '"' || line[0] == '`' {
			q, err := strconv.QuotedPrefix(line)
			if err != nil {
				return nil, fmt.Errorf("bad literal in %q: %w", line, err)
			}
			out = append(out, q)
			line = line[len(q):]
			continue
		}
		i := strings.IndexAny(line, " \t")
		if i < 0 {
			i = len(line)
		}
		out = append(out, line[:i])
		line = line[i:]
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("empty line")
	}
	return out, nil
}
