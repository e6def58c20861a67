package railroad_test

import (
	"encoding/json"
	"encoding/xml"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/relurl/relurl/internal/bnf"
	"github.com/relurl/relurl/internal/railroad"
	"github.com/relurl/relurl/internal/rfcbnf"
)

// attr returns the attribute name of an element in the XML.
func attr(se xml.StartElement, name string) string {
	for _, a := range se.Attr {
		if a.Name.Local == name {
			return a.Value
		}
	}
	return ""
}

func num(t *testing.T, s string) float64 {
	t.Helper()
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		t.Fatalf("%q: %v", s, err)
	}
	return v
}

// TestEveryProduction draws every production of both BNF files: the SVG
// is well-formed XML, every box lies inside the picture, and the boxes are
// the rule's references and literals, each carrying its text.
func TestEveryProduction(t *testing.T) {
	for _, f := range []*bnf.File{rfcbnf.RFC1808(), rfcbnf.RFC1738()} {
		for _, r := range f.Rules {
			var refs, lits []string
			bnf.Walk(r.Expr, func(it *bnf.Item) {
				switch {
				case it.Name != "":
					refs = append(refs, it.Name)
				case it.Literal != "":
					lits = append(lits, it.Value())
				}
			})
			doc := railroad.Document(r)
			dec := xml.NewDecoder(strings.NewReader(doc))
			var width, height float64
			var names, literals []string
			for {
				tok, err := dec.Token()
				if err != nil {
					if err.Error() != "EOF" {
						t.Fatalf("%s: %v", r.Name, err)
					}
					break
				}
				se, ok := tok.(xml.StartElement)
				if !ok {
					continue
				}
				switch se.Name.Local {
				case "svg":
					width, height = num(t, attr(se, "width")), num(t, attr(se, "height"))
					if attr(se, "data-production") != r.Name {
						t.Errorf("%s: data-production %q", r.Name, attr(se, "data-production"))
					}
				case "g":
					if n := attr(se, "data-name"); n != "" {
						names = append(names, n)
					}
					if attr(se, "class") == "rr-terminal" {
						literals = append(literals, attr(se, "data-literal"))
					}
				case "rect":
					x, y := num(t, attr(se, "x")), num(t, attr(se, "y"))
					w, h := num(t, attr(se, "width")), num(t, attr(se, "height"))
					if x < 0 || y < 0 || x+w > width || y+h > height {
						t.Errorf("%s: a box at %g,%g %gx%g outside %gx%g", r.Name, x, y, w, h, width, height)
					}
				}
			}
			sort.Strings(refs)
			sort.Strings(names)
			sort.Strings(lits)
			sort.Strings(literals)
			if strings.Join(refs, " ") != strings.Join(names, " ") || strings.Join(lits, "\x00") != strings.Join(literals, "\x00") {
				t.Errorf("%s: boxes %v %q, want %v %q", r.Name, names, literals, refs, lits)
			}
		}
	}
}

// TestJSON: the data a page builds the diagram from is the same tree.
func TestJSON(t *testing.T) {
	d := railroad.Diagram(rfcbnf.RFC1808().Rule("net_path"))
	b, err := json.Marshal(d)
	if err != nil {
		t.Fatal(err)
	}
	var back struct {
		Tag      string            `json:"tag"`
		Attrs    map[string]string `json:"attrs"`
		Children []json.RawMessage `json:"children"`
	}
	if err := json.Unmarshal(b, &back); err != nil || back.Tag != "svg" || back.Attrs["data-production"] != "net_path" || len(back.Children) != len(d.Children) {
		t.Errorf("%s: %v", b, err)
	}
	if got := strings.Join(railroad.Names(d), " "); got != "abs_path net_loc" {
		t.Errorf("Names = %s", got)
	}
}

// TestAll stacks every diagram in one picture.
func TestAll(t *testing.T) {
	all := railroad.All(rfcbnf.RFC1808())
	if n := strings.Count(all, `data-production="`); n != len(rfcbnf.RFC1808().Rules) {
		t.Errorf("%d diagrams", n)
	}
	if err := xml.Unmarshal([]byte(all), new(struct{})); err != nil {
		t.Error(err)
	}
}
