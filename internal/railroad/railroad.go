// Package railroad draws the productions of a BNF ([bnf.File]) as
// railroad diagrams in SVG, one per production: a sequence left to right,
// alternatives stacked with the first on the main line, an option as a
// branch that skips above, a repetition as a loop below, literals in
// rounded boxes and references to other productions in square ones.
//
// The layout follows Tab Atkins' railroad-diagrams, the library
// participle's cmd/railroad emits calls to; that generator writes an HTML
// page whose JavaScript draws the diagrams in a browser, from participle's
// EBNF of a grammar, so it can draw neither SVG files (go generate runs no
// browser) nor the RFC's own BNF. This package draws the same shapes from
// the BNF in Go: [Diagram] returns a [Node] tree, which [Node.SVG] writes
// as an SVG document (docs/grammar/*.svg, `relurl grammar --format svg`)
// and [Node.MarshalJSON] as data the playground builds SVG elements from.
//
// Every box carries its text in a data attribute (data-name for a
// reference, data-literal for a literal), so a page can mark the path an
// input took through the diagram.
package railroad

import (
	"encoding/json"
	"fmt"
	"html"
	"sort"
	"strconv"
	"strings"

	"github.com/relurl/relurl/internal/bnf"
)

// Node is an SVG element: its tag, its attributes in order, its children
// and its text.
type Node struct {
	Tag      string
	Attrs    [][2]string
	Children []*Node
	Text     string
}

func el(tag string, attrs ...string) *Node {
	n := &Node{Tag: tag}
	for i := 0; i+1 < len(attrs); i += 2 {
		n.Attrs = append(n.Attrs, [2]string{attrs[i], attrs[i+1]})
	}
	return n
}

func (n *Node) add(c ...*Node) *Node { n.Children = append(n.Children, c...); return n }

// SVG writes the node as XML; for the root of a diagram, a standalone SVG
// document.
func (n *Node) SVG() string {
	var b strings.Builder
	n.write(&b, "")
	return b.String()
}

func (n *Node) write(b *strings.Builder, indent string) {
	b.WriteString(indent + "<" + n.Tag)
	for _, a := range n.Attrs {
		b.WriteString(" " + a[0] + `="` + html.EscapeString(a[1]) + `"`)
	}
	if len(n.Children) == 0 && n.Text == "" {
		b.WriteString("/>\n")
		return
	}
	b.WriteString(">")
	if n.Text != "" {
		b.WriteString(html.EscapeString(n.Text))
	}
	if len(n.Children) > 0 {
		b.WriteString("\n")
		for _, c := range n.Children {
			c.write(b, indent+"  ")
		}
		b.WriteString(indent)
	}
	b.WriteString("</" + n.Tag + ">\n")
}

// MarshalJSON writes the node as {"tag", "attrs", "children", "text"},
// the attributes an object, for a page to build the element from with
// DOM calls.
func (n *Node) MarshalJSON() ([]byte, error) {
	attrs := make(map[string]string, len(n.Attrs))
	for _, a := range n.Attrs {
		attrs[a[0]] = a[1]
	}
	return json.Marshal(struct {
		Tag      string            `json:"tag"`
		Attrs    map[string]string `json:"attrs,omitempty"`
		Children []*Node           `json:"children,omitempty"`
		Text     string            `json:"text,omitempty"`
	}{n.Tag, attrs, n.Children, n.Text})
}

// The dimensions of the drawing, in pixels.
const (
	arc      = 10.0 // the radius of the arcs
	vgap     = 8.0  // the space between stacked tracks
	boxH     = 22.0 // the height of a box
	charW    = 8.0  // the width of a character of a box's text
	boxPad   = 10.0 // the space either side of a box's text
	hgap     = 10.0 // the track between the items of a sequence
	margin   = 20.0 // the space around the diagram
	titleH   = 24.0 // the height of the title line
	minTrack = 2 * arc
)

// item is a part of a diagram: its width, and its height above and below
// the track it is entered and left on.
type item interface {
	size() (w, up, down float64)
	// draw adds the item's elements to g, entered at (x, y).
	draw(g *Node, x, y float64)
}

type box struct {
	text, kind, data string
	w                float64
}

func newBox(text, kind, data string) *box {
	return &box{text: text, kind: kind, data: data, w: float64(len([]rune(text)))*charW + 2*boxPad}
}

func (b *box) size() (float64, float64, float64) { return b.w, boxH / 2, boxH / 2 }

func (b *box) draw(g *Node, x, y float64) {
	grp := el("g", "class", "rr-"+b.kind)
	if b.kind == "nonterminal" {
		grp.Attrs = append(grp.Attrs, [2]string{"data-name", b.data})
	} else {
		grp.Attrs = append(grp.Attrs, [2]string{"data-literal", b.data})
	}
	rx := "0"
	if b.kind == "terminal" {
		rx = "10"
	}
	grp.add(el("rect", "x", f(x), "y", f(y-boxH/2), "width", f(b.w), "height", f(boxH), "rx", rx, "ry", rx))
	grp.add(&Node{Tag: "text", Attrs: [][2]string{{"x", f(x + b.w/2)}, {"y", f(y + 4)}}, Text: b.text})
	g.add(grp)
}

type sequence struct{ items []item }

func (s *sequence) size() (w, up, down float64) {
	for i, it := range s.items {
		iw, iu, id := it.size()
		w += iw
		if i > 0 {
			w += hgap
		}
		up, down = max(up, iu), max(down, id)
	}
	return
}

func (s *sequence) draw(g *Node, x, y float64) {
	for i, it := range s.items {
		if i > 0 {
			g.add(line(x, y, hgap))
			x += hgap
		}
		it.draw(g, x, y)
		w, _, _ := it.size()
		x += w
	}
}

// choice stacks its alternatives, the first on the track.
type choice struct{ items []item }

func (c *choice) size() (w, up, down float64) {
	for _, it := range c.items {
		iw, _, _ := it.size()
		w = max(w, iw)
	}
	w += 4 * arc
	_, up, prevDown := c.items[0].size()
	ty := 0.0
	for i := 1; i < len(c.items); i++ {
		_, iu, id := c.items[i].size()
		ty += max(minTrack, prevDown+vgap+iu)
		prevDown = id
	}
	return w, up, ty + prevDown
}

func (c *choice) draw(g *Node, x, y float64) {
	w, _, _ := c.size()
	inner := w - 4*arc
	ty, prevDown := y, 0.0
	for i, it := range c.items {
		iw, iu, id := it.size()
		if i > 0 {
			ty += max(minTrack, prevDown+vgap+iu)
			// Down from the track, along, and back up.
			g.add(path(fmt.Sprintf("M%s %s a%g %g 0 0 1 %g %g V%s a%g %g 0 0 0 %g %g",
				f(x), f(y), arc, arc, arc, arc, f(ty-arc), arc, arc, arc, arc)))
			g.add(path(fmt.Sprintf("M%s %s a%g %g 0 0 0 %g %g V%s a%g %g 0 0 1 %g %g",
				f(x+w-2*arc), f(ty), arc, arc, arc, -arc, f(y+arc), arc, arc, arc, -arc)))
		} else {
			g.add(line(x, y, 2*arc))
			g.add(line(x+w-2*arc, y, 2*arc))
		}
		it.draw(g, x+2*arc, ty)
		if iw < inner {
			g.add(line(x+2*arc+iw, ty, inner-iw))
		}
		prevDown = id
	}
}

// optional is an item with a track that skips it, above.
type optional struct{ it item }

func (o *optional) gap() float64 {
	_, up, _ := o.it.size()
	return max(minTrack, up+vgap)
}

func (o *optional) size() (float64, float64, float64) {
	w, _, down := o.it.size()
	return w + 4*arc, o.gap(), down
}

func (o *optional) draw(g *Node, x, y float64) {
	w, _, _ := o.size()
	sy := y - o.gap()
	g.add(path(fmt.Sprintf("M%s %s a%g %g 0 0 0 %g %g V%s a%g %g 0 0 1 %g %g H%s a%g %g 0 0 1 %g %g V%s a%g %g 0 0 0 %g %g",
		f(x), f(y), arc, arc, arc, -arc, f(sy+arc), arc, arc, arc, -arc,
		f(x+w-2*arc), arc, arc, arc, arc, f(y-arc), arc, arc, arc, arc)))
	g.add(line(x, y, 2*arc))
	o.it.draw(g, x+2*arc, y)
	g.add(line(x+w-2*arc, y, 2*arc))
}

// loop is an item repeated: a track back below it; label, when not "",
// says how many times at least.
type loop struct {
	it    item
	label string
}

func (l *loop) gap() float64 {
	_, _, down := l.it.size()
	return max(minTrack, down+vgap)
}

func (l *loop) size() (float64, float64, float64) {
	w, up, _ := l.it.size()
	down := l.gap()
	if l.label != "" {
		down += 14
		w = max(w, float64(len(l.label))*7)
	}
	return w + 2*arc, up, down
}

func (l *loop) draw(g *Node, x, y float64) {
	iw, _, _ := l.it.size()
	w, _, _ := l.size()
	ly := y + l.gap()
	g.add(line(x, y, arc))
	l.it.draw(g, x+arc, y)
	g.add(line(x+arc+iw, y, w-arc-iw))
	g.add(path(fmt.Sprintf("M%s %s a%g %g 0 0 1 %g %g V%s a%g %g 0 0 1 %g %g H%s a%g %g 0 0 1 %g %g V%s a%g %g 0 0 1 %g %g",
		f(x+w-arc), f(y), arc, arc, arc, arc, f(ly-arc), arc, arc, -arc, arc,
		f(x+arc), arc, arc, -arc, -arc, f(y+arc), arc, arc, arc, -arc)))
	if l.label != "" {
		g.add(&Node{Tag: "text", Attrs: [][2]string{{"class", "rr-label"}, {"x", f(x + w/2)}, {"y", f(ly + 14)}}, Text: l.label})
	}
}

func line(x, y, w float64) *Node { return path(fmt.Sprintf("M%s %s h%s", f(x), f(y), f(w))) }

func path(d string) *Node { return el("path", "d", d) }

func f(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }

// build turns an expression of the BNF into the items of its diagram.
func build(e *bnf.Alternatives) item {
	var alts []item
	for _, s := range e.Sequences {
		var items []item
		for _, it := range s.Items {
			items = append(items, buildItem(it))
		}
		if len(items) == 1 {
			alts = append(alts, items[0])
		} else {
			alts = append(alts, &sequence{items})
		}
	}
	if len(alts) == 1 {
		return alts[0]
	}
	return &choice{alts}
}

func buildItem(it *bnf.Item) item {
	var x item
	switch {
	case it.Name != "":
		x = newBox(it.Name, "nonterminal", it.Name)
	case it.Literal != "":
		x = newBox(it.Literal, "terminal", it.Value())
	case it.Group != nil:
		x = build(it.Group)
	case it.Option != nil:
		x = &optional{build(it.Option)}
	}
	if !it.Repeated() {
		return x
	}
	switch n := it.Min(); n {
	case 0:
		return &optional{&loop{it: x}}
	case 1:
		return &loop{it: x}
	default:
		return &loop{it: x, label: fmt.Sprintf("%d or more", n)}
	}
}

// Style is the diagrams' CSS, which a standalone SVG carries; a page that
// builds the elements itself styles the same classes.
const Style = `svg.railroad { font: 14px monospace; }
.railroad path { stroke: #333; stroke-width: 2; fill: none; }
.railroad rect { stroke: #333; stroke-width: 2; fill: #fdf6e3; }
.railroad .rr-nonterminal rect { fill: #e8f0fe; }
.railroad text { fill: #111; text-anchor: middle; }
.railroad text.rr-title { text-anchor: start; font-weight: bold; }
.railroad text.rr-label { font-size: 11px; }
@media (prefers-color-scheme: dark) {
  .railroad path, .railroad rect { stroke: #ccc; }
  .railroad rect { fill: #3a3520; }
  .railroad .rr-nonterminal rect { fill: #1f2a44; }
  .railroad text { fill: #eee; }
}`

// Diagram draws the rule: its name above, the start and end marks, and
// the diagram of its right-hand side between. The root is an svg element
// of class "railroad" with data-production set to the rule's name, its
// rule text as its title.
func Diagram(r *bnf.Rule) *Node {
	body := build(r.Expr)
	w, up, down := body.size()
	width := w + 2*margin + 2*hgap + 2*arc
	height := titleH + up + down + 2*margin
	y := margin + titleH + up
	svg := el("svg", "xmlns", "http://www.w3.org/2000/svg", "class", "railroad", "data-production", r.Name,
		"width", f(width), "height", f(height), "viewBox", fmt.Sprintf("0 0 %s %s", f(width), f(height)))
	svg.add(&Node{Tag: "title", Text: r.Text})
	svg.add(&Node{Tag: "text", Attrs: [][2]string{{"class", "rr-title"}, {"x", f(margin)}, {"y", f(margin + 10)}}, Text: r.Name})
	g := el("g")
	x := margin
	// The start: a double bar, then the track.
	g.add(path(fmt.Sprintf("M%s %s v20 M%s %s v20", f(x), f(y-10), f(x+5), f(y-10))))
	g.add(line(x, y, hgap+arc))
	x += hgap + arc
	body.draw(g, x, y)
	x += w
	g.add(line(x, y, hgap+arc))
	x += hgap + arc
	g.add(path(fmt.Sprintf("M%s %s v20 M%s %s v20", f(x-5), f(y-10), f(x), f(y-10))))
	svg.add(g)
	return svg
}

// Document returns the diagram as a standalone SVG document, with its
// style.
func Document(r *bnf.Rule) string {
	svg := Diagram(r)
	svg.Children = append([]*Node{{Tag: "style", Text: Style}}, svg.Children...)
	return `<?xml version="1.0" encoding="UTF-8"?>` + "\n" + svg.SVG()
}

// All returns the diagrams of every rule of f as one SVG document, stacked
// in the file's order.
func All(file *bnf.File) string {
	var parts []*Node
	width, height := 0.0, 0.0
	for _, r := range file.Rules {
		d := Diagram(r)
		w, _ := strconv.ParseFloat(attr(d, "width"), 64)
		h, _ := strconv.ParseFloat(attr(d, "height"), 64)
		d.Attrs = append([][2]string{{"x", "0"}, {"y", f(height)}}, d.Attrs...)
		parts = append(parts, d)
		width, height = max(width, w), height+h
	}
	root := el("svg", "xmlns", "http://www.w3.org/2000/svg", "class", "railroad",
		"width", f(width), "height", f(height), "viewBox", fmt.Sprintf("0 0 %s %s", f(width), f(height)))
	root.add(&Node{Tag: "style", Text: Style})
	root.add(parts...)
	return `<?xml version="1.0" encoding="UTF-8"?>` + "\n" + root.SVG()
}

func attr(n *Node, name string) string {
	for _, a := range n.Attrs {
		if a[0] == name {
			return a[1]
		}
	}
	return ""
}

// Names lists the productions a diagram refers to, sorted, for tests and
// pages that link them.
func Names(n *Node) []string {
	seen := map[string]bool{}
	var walk func(*Node)
	walk = func(n *Node) {
		for _, a := range n.Attrs {
			if a[0] == "data-name" {
				seen[a[1]] = true
			}
		}
		for _, c := range n.Children {
			walk(c)
		}
	}
	walk(n)
	var out []string
	for s := range seen {
		out = append(out, s)
	}
	sort.Strings(out)
	return out
}
