package parsetree

import (
	"github.com/alecthomas/participle/v2/lexer"
	"github.com/relurl/relurl/ast"
)

// This file is the one place that knows both trees: it lowers the concrete
// parse tree of this package into the §2.1 component model of package ast.
// Every value is a substring of the input, located by the Pos and EndPos
// participle records on each node.

func lower(t *URL, s string) ast.URL {
	var u ast.URL
	pathAt := 0 // where the path starts when the tree holds none
	switch a := t.AbsoluteURL; {
	case a != nil && a.GenericRL != nil:
		g := a.GenericRL
		u.Form = ast.FormGenericRL
		u.Scheme = component(s, g.Scheme.Pos, g.Scheme.EndPos)
		pathAt = g.Scheme.EndPos.Offset + 1 // after the ":"
		if g.RelativeURL != nil {
			lowerRelative(&u, g.RelativeURL, s)
		}
	case a != nil:
		u.Form = ast.FormOpaque
		u.Scheme = component(s, a.Scheme.Pos, a.Scheme.EndPos)
		lowerOpaque(&u, a.Opaque, s, a.Scheme.EndPos.Offset+1)
	case t.RelativeURL != nil:
		u.Form = ast.FormRelative
		lowerRelative(&u, t.RelativeURL, s)
	}
	if u.Path.Span == (ast.Span{}) && u.Path.Value == "" {
		u.Path.Span = ast.Span{Start: pathAt, End: pathAt}
		if u.NetLoc.Present {
			u.Path.Span = ast.Span{Start: u.NetLoc.Span.End, End: u.NetLoc.Span.End}
		}
	}
	if t.Fragment != nil {
		u.Fragment = component(s, t.Fragment.Pos, t.Fragment.EndPos)
	}
	return u
}

func lowerRelative(u *ast.URL, r *RelativeURL, s string) {
	switch {
	case r.NetPath != nil:
		n := r.NetPath
		u.NetLoc = component(s, n.NetLoc.Pos, n.NetLoc.EndPos)
		if n.AbsPath != nil {
			lowerAbsPath(u, n.AbsPath, s)
		}
	case r.AbsPath != nil:
		lowerAbsPath(u, r.AbsPath, s)
	case r.RelPath != nil:
		lowerRelPath(u, r.RelPath, s, r.RelPath.Pos.Offset)
	}
}

// lowerAbsPath keeps the "/" of abs_path with the path, as §2.4.6 does.
func lowerAbsPath(u *ast.URL, a *AbsPath, s string) {
	start := a.Pos.Offset
	if a.RelPath == nil {
		u.Path = path(s, start, start+1)
		return
	}
	lowerRelPath(u, a.RelPath, s, start)
}

// lowerRelPath lowers rel_path; the path runs from start (its leading "/"
// or first segment) to the end of path, or is empty.
func lowerRelPath(u *ast.URL, r *RelPath, s string, start int) {
	end := r.Pos.Offset
	if r.Path != nil {
		end = r.Path.EndPos.Offset
	}
	u.Path = path(s, start, end)
	if r.Params != nil {
		u.Params = component(s, r.Params.Pos, r.Params.EndPos)
	}
	if r.Query != nil {
		u.Query = component(s, r.Query.Pos, r.Query.EndPos)
	}
}

// lowerOpaque cuts the opaque alternative's tokens, which begin "//"
// net_loc "/", into components: the net_loc runs to the next "/", the path
// to the first ";" or "?", params to the first "?", and the query is the
// rest.
func lowerOpaque(u *ast.URL, tokens []string, s string, start int) {
	const (
		inNetLoc = iota
		inPath
		inParams
		inQuery
	)
	state, off, from := inNetLoc, start+2, start+2
	for _, tok := range tokens[2:] { // the opaque alternative begins "//"
		switch {
		case state == inNetLoc && tok == "/":
			u.NetLoc = ast.Component{Value: s[from:off], Span: ast.Span{Start: from, End: off}, Present: true}
			state, from = inPath, off
		case state == inPath && (tok == ";" || tok == "?"):
			u.Path = path(s, from, off)
			state, from = inParams, off+1
			if tok == "?" {
				state = inQuery
			}
		case state == inParams && tok == "?":
			u.Params = ast.Component{Value: s[from:off], Span: ast.Span{Start: from, End: off}, Present: true}
			state, from = inQuery, off+1
		}
		off += len(tok)
	}
	switch state {
	case inPath:
		u.Path = path(s, from, off)
	case inParams:
		u.Params = ast.Component{Value: s[from:off], Span: ast.Span{Start: from, End: off}, Present: true}
	case inQuery:
		u.Query = ast.Component{Value: s[from:off], Span: ast.Span{Start: from, End: off}, Present: true}
	}
}

func component(s string, pos, end lexer.Position) ast.Component {
	return ast.Component{
		Value:   s[pos.Offset:end.Offset],
		Span:    ast.Span{Start: pos.Offset, End: end.Offset},
		Present: true,
	}
}

func path(s string, start, end int) ast.Path {
	return ast.Path{Value: s[start:end], Span: ast.Span{Start: start, End: end}}
}
