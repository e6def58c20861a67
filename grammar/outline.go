package grammar

import "github.com/relurl/relurl/grammar/internal/parsetree"

// Node is a node of the parse tree in one generic shape, for showing the
// tree (the playground of `relurl serve` does): the §2.2 production the
// node matched, spelled as the RFC spells it ("generic-RL", "net_loc",
// "fsegment"), the bytes [Start, End) of the input it matched, and the
// nodes of the productions inside it, in order.
type Node struct {
	// Production is the production's name as §2.2 spells it. The opaque
	// alternative of absoluteURL, which has no name of its own, is
	// "*( uchar | reserved )".
	Production string
	// Start and End delimit the text the production matched, in bytes
	// from the start of the input, half-open.
	Start, End int
	// Children are the productions inside this one, in order.
	Children []Node
}

// Outline parses s as [Parse] does and returns its parse tree, one [Node]
// per production it matched; the error is Parse's. Delimiters ("//", "/", ";", "?", "#", ":") belong
// to the production that contains them, between its children; the
// character-level productions (pchar, uchar, escape) are not nodes, since
// the lexer reads them (a run of pchar is one token).
//
// The offsets are counted from the tokens the tree holds: every token of
// the input is either captured by the tree or a delimiter its production
// names, so the tree accounts for every byte. The tests hold each
// component's node to the span [Parse] gives it.
func Outline(s string) (Node, error) {
	tree, err := parsetree.ParseTree(s)
	if err != nil {
		return Node{}, err
	}
	return outline(tree), nil
}

// outline is the outline of a parse tree.
func outline(tree *parsetree.URL) Node {
	var o outliner
	return o.url(tree)
}

// outliner walks the tree in input order, at the offset it has reached.
type outliner struct{ at int }

func (o *outliner) open(production string) Node { return Node{Production: production, Start: o.at} }

func (o *outliner) close(n Node) Node { n.End = o.at; return n }

func (o *outliner) tokens(ts []string) {
	for _, t := range ts {
		o.at += len(t)
	}
}

func (o *outliner) url(t *parsetree.URL) Node {
	n := o.open("URL")
	switch {
	case t.AbsoluteURL != nil:
		n.Children = append(n.Children, o.absoluteURL(t.AbsoluteURL))
	case t.RelativeURL != nil:
		n.Children = append(n.Children, o.relativeURL(t.RelativeURL))
	}
	if t.Fragment != nil {
		o.at++ // "#"
		f := o.open("fragment")
		o.tokens(t.Fragment.Chars)
		n.Children = append(n.Children, o.close(f))
	}
	return o.close(n)
}

func (o *outliner) absoluteURL(a *parsetree.AbsoluteURL) Node {
	n := o.open("absoluteURL")
	if a.GenericRL != nil {
		g := o.open("generic-RL")
		g.Children = append(g.Children, o.scheme(a.GenericRL.Scheme))
		o.at++ // ":"
		if a.GenericRL.RelativeURL != nil {
			g.Children = append(g.Children, o.relativeURL(a.GenericRL.RelativeURL))
		}
		n.Children = append(n.Children, o.close(g))
		return o.close(n)
	}
	n.Children = append(n.Children, o.scheme(a.Scheme))
	o.at++ // ":"
	rest := o.open("*( uchar | reserved )")
	o.tokens(a.Opaque)
	n.Children = append(n.Children, o.close(rest))
	return o.close(n)
}

func (o *outliner) scheme(s *parsetree.Scheme) Node {
	n := o.open("scheme")
	o.at += len(s.Name)
	return o.close(n)
}

func (o *outliner) relativeURL(r *parsetree.RelativeURL) Node {
	n := o.open("relativeURL")
	switch {
	case r.NetPath != nil:
		p := o.open("net_path")
		o.at += 2 // "//"
		l := o.open("net_loc")
		o.tokens(r.NetPath.NetLoc.Chars)
		p.Children = append(p.Children, o.close(l))
		if r.NetPath.AbsPath != nil {
			p.Children = append(p.Children, o.absPath(r.NetPath.AbsPath))
		}
		n.Children = append(n.Children, o.close(p))
	case r.AbsPath != nil:
		n.Children = append(n.Children, o.absPath(r.AbsPath))
	case r.RelPath != nil:
		n.Children = append(n.Children, o.relPath(r.RelPath))
	}
	return o.close(n)
}

func (o *outliner) absPath(a *parsetree.AbsPath) Node {
	n := o.open("abs_path")
	o.at++ // "/"
	if a.RelPath != nil {
		n.Children = append(n.Children, o.relPath(a.RelPath))
	}
	return o.close(n)
}

func (o *outliner) relPath(r *parsetree.RelPath) Node {
	n := o.open("rel_path")
	if r.Path != nil {
		p := o.open("path")
		f := o.open("fsegment")
		o.tokens(r.Path.Fsegment.Pchars)
		p.Children = append(p.Children, o.close(f))
		for _, s := range r.Path.Segments {
			o.at++ // "/"
			seg := o.open("segment")
			o.tokens(s.Pchars)
			p.Children = append(p.Children, o.close(seg))
		}
		n.Children = append(n.Children, o.close(p))
	}
	if r.Params != nil {
		o.at++ // ";"
		ps := o.open("params")
		for i, p := range r.Params.Params {
			if i > 0 {
				o.at++ // ";"
			}
			one := o.open("param")
			o.tokens(p.Chars)
			ps.Children = append(ps.Children, o.close(one))
		}
		n.Children = append(n.Children, o.close(ps))
	}
	if r.Query != nil {
		o.at++ // "?"
		q := o.open("query")
		o.tokens(r.Query.Chars)
		n.Children = append(n.Children, o.close(q))
	}
	return o.close(n)
}
