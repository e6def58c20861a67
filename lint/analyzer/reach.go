package analyzer

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"regexp"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	relast "github.com/relurl/relurl/ast"
)

// urlArgs maps the functions that take a URL to the index of that
// argument, by types.Func.FullName: the one list of the functions whose
// argument is a URL for sure. Everything else the analyzer checks is
// there because it reaches one of these ([reach]), or is unmistakably a
// URL ([unmistakable]).
var urlArgs = map[string]int{
	"net/url.Parse":                           0,
	"net/url.ParseRequestURI":                 0,
	"net/url.JoinPath":                        0,
	"(*net/url.URL).Parse":                    0,
	"net/http.Get":                            0,
	"net/http.Head":                           0,
	"net/http.Post":                           0,
	"net/http.PostForm":                       0,
	"net/http.NewRequest":                     1,
	"net/http.NewRequestWithContext":          2,
	"net/http.Redirect":                       2,
	"net/http.RedirectHandler":                0,
	"(*net/http.Client).Get":                  0,
	"(*net/http.Client).Head":                 0,
	"(*net/http.Client).Post":                 0,
	"(*net/http.Client).PostForm":             0,
	"net/http/httptest.NewRequest":            1,
	"net/http/httptest.NewRequestWithContext": 2,
}

// A reached value is a string constant expression that reaches a URL
// argument.
type reached struct {
	expr ast.Expr
	// direct is set when expr is itself the argument of a function of
	// urlArgs (or of a function of the package that passes it on), not a
	// value that flows there through a variable, a field or a range.
	direct bool
}

// flows is what one pass over a package's files learns of how values move
// within the package: enough to follow a URL argument back, one step at a
// time, to the string constants it may hold.
type flows struct {
	info *types.Info
	// assigned maps a variable or a struct field to the expressions
	// assigned to it: declarations, assignments, composite literals (keyed
	// or not).
	assigned map[*types.Var][]ast.Expr
	// ranged maps the variables of a range statement to what they range
	// over; key says which of the two they are.
	ranged map[*types.Var]rangeOf
	// consts maps a constant declared in the package to its value's
	// expression, so that a finding lands on the literal that holds it.
	consts map[*types.Const]ast.Expr
	// params maps a parameter of a function of the package to the
	// function and the parameter's index. The function is a declared
	// function (a *types.Func) or a variable that a function literal is
	// assigned to ("mustParse := func(s string) *url.URL {...}").
	params map[*types.Var]param
	// calls holds the calls of each function, by callee: a *types.Func,
	// or a variable of function type.
	calls map[types.Object][]*ast.CallExpr
}

type rangeOf struct {
	x   ast.Expr
	key bool
}

type param struct {
	fn    types.Object
	index int
}

// reach returns the string constant expressions of the package that reach
// the URL argument of a function of urlArgs, in the order of the source:
//
//   - the argument itself, when it is constant;
//   - what a variable, a struct field or a named constant of the package
//     that is the argument holds: the constant expressions assigned to it
//     anywhere in the package (in a declaration, an assignment or a
//     composite literal), followed again through variables and fields;
//   - the elements of what a range statement ranges over, when its
//     variable is the argument ("for _, u := range []string{...}"), and
//     the elements of a composite literal indexed by the argument;
//   - the arguments of the calls of a function of the package whose
//     parameter reaches a URL argument (a helper such as mustParse(s),
//     declared or a function literal assigned to a variable).
//
// It does not follow values across packages, through function results,
// or through expressions that are not constant (a URL built by
// concatenation at run time is not checked).
func reach(pass *analysis.Pass) []reached {
	fl := collect(pass)
	done := map[ast.Expr]bool{}
	seenVar := map[types.Object]bool{}
	sinks := map[param]bool{}
	var out []reached
	type item struct {
		e      ast.Expr
		direct bool
	}
	var work []item
	sink := func(fn types.Object, index int) {
		for _, call := range fl.calls[fn] {
			if index < len(call.Args) {
				work = append(work, item{call.Args[index], true})
			}
		}
	}
	for obj := range fl.calls {
		if fn, ok := obj.(*types.Func); ok {
			if i, ok := urlArgs[fn.FullName()]; ok {
				sink(fn, i)
			}
		}
	}
	for len(work) > 0 {
		it := work[len(work)-1]
		work = work[:len(work)-1]
		e := ast.Unparen(it.e)
		if done[e] {
			continue
		}
		done[e] = true
		if tv, ok := fl.info.Types[e]; ok && tv.Value != nil {
			if tv.Value.Kind() != constant.String {
				continue
			}
			if c, ok := fl.constOf(e); ok {
				// A named constant of the package: its declaration holds
				// the text.
				if !seenVar[c] {
					seenVar[c] = true
					work = append(work, item{fl.consts[c], it.direct})
				}
				continue
			}
			out = append(out, reached{e, it.direct})
			continue
		}
		for _, next := range fl.sources(e) {
			if v, ok := next.(*types.Var); ok {
				if seenVar[v] {
					continue
				}
				seenVar[v] = true
				if p, ok := fl.params[v]; ok && !sinks[p] {
					sinks[p] = true
					sink(p.fn, p.index)
				}
				for _, x := range fl.assigned[v] {
					work = append(work, item{x, false})
				}
				if r, ok := fl.ranged[v]; ok {
					for _, x := range fl.elements(r.x, r.key) {
						work = append(work, item{x, false})
					}
				}
			}
		}
		if ix, ok := e.(*ast.IndexExpr); ok {
			for _, x := range fl.elements(ix.X, false) {
				work = append(work, item{x, false})
			}
		}
	}
	slices.SortFunc(out, func(a, b reached) int { return int(a.expr.Pos()) - int(b.expr.Pos()) })
	return out
}

// constOf returns the constant that e names, when the package declares it
// with a value of its own.
func (fl *flows) constOf(e ast.Expr) (*types.Const, bool) {
	var id *ast.Ident
	switch e := e.(type) {
	case *ast.Ident:
		id = e
	case *ast.SelectorExpr:
		id = e.Sel
	default:
		return nil, false
	}
	c, ok := fl.info.Uses[id].(*types.Const)
	if !ok || fl.consts[c] == nil {
		return nil, false
	}
	return c, true
}

// sources returns the variables (or fields) whose values e is.
func (fl *flows) sources(e ast.Expr) []types.Object {
	switch e := e.(type) {
	case *ast.Ident:
		if v, ok := fl.info.Uses[e].(*types.Var); ok {
			return []types.Object{v}
		}
	case *ast.SelectorExpr:
		if v, ok := fl.info.Uses[e.Sel].(*types.Var); ok {
			return []types.Object{v}
		}
	}
	return nil
}

// elements returns the elements (or, for key, the keys) of the composite
// literal x is, or of those assigned to the variable x names.
func (fl *flows) elements(x ast.Expr, key bool) []ast.Expr {
	var lits []*ast.CompositeLit
	switch x := ast.Unparen(x).(type) {
	case *ast.CompositeLit:
		lits = append(lits, x)
	case *ast.Ident, *ast.SelectorExpr:
		for _, o := range fl.sources(x) {
			for _, a := range fl.assigned[o.(*types.Var)] {
				if lit, ok := ast.Unparen(a).(*ast.CompositeLit); ok {
					lits = append(lits, lit)
				}
			}
		}
	}
	var out []ast.Expr
	for _, lit := range lits {
		for _, elt := range lit.Elts {
			kv, isKV := elt.(*ast.KeyValueExpr)
			switch {
			case isKV && key:
				out = append(out, kv.Key)
			case isKV:
				out = append(out, kv.Value)
			case !key:
				out = append(out, elt)
			}
		}
	}
	return out
}

// collect reads the package's files once for [reach].
func collect(pass *analysis.Pass) *flows {
	info := pass.TypesInfo
	fl := &flows{
		info:     info,
		assigned: map[*types.Var][]ast.Expr{},
		ranged:   map[*types.Var]rangeOf{},
		consts:   map[*types.Const]ast.Expr{},
		params:   map[*types.Var]param{},
		calls:    map[types.Object][]*ast.CallExpr{},
	}
	// function records the parameters of a function of the package, fn
	// being its object and sig its signature.
	function := func(fn types.Object, sig *types.Signature) {
		for i := range sig.Params().Len() {
			if !(sig.Variadic() && i == sig.Params().Len()-1) {
				fl.params[sig.Params().At(i)] = param{fn, i}
			}
		}
	}
	assign := func(lhs ast.Expr, rhs ast.Expr) {
		lhs = ast.Unparen(lhs)
		var id *ast.Ident
		switch l := lhs.(type) {
		case *ast.Ident:
			id = l
		case *ast.SelectorExpr:
			id = l.Sel
		default:
			return
		}
		obj := info.Defs[id]
		if obj == nil {
			obj = info.Uses[id]
		}
		if v, ok := obj.(*types.Var); ok {
			fl.assigned[v] = append(fl.assigned[v], rhs)
			if lit, ok := ast.Unparen(rhs).(*ast.FuncLit); ok {
				if sig, ok := info.Types[lit].Type.(*types.Signature); ok {
					function(v, sig)
				}
			}
		}
	}
	for _, file := range pass.Files {
		ast.Inspect(file, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				if len(n.Lhs) == len(n.Rhs) && (n.Tok == token.ASSIGN || n.Tok == token.DEFINE) {
					for i := range n.Lhs {
						assign(n.Lhs[i], n.Rhs[i])
					}
				}
			case *ast.ValueSpec:
				if len(n.Names) != len(n.Values) {
					return true
				}
				for i, name := range n.Names {
					switch obj := info.Defs[name].(type) {
					case *types.Var:
						assign(name, n.Values[i])
					case *types.Const:
						fl.consts[obj] = n.Values[i]
					}
				}
			case *ast.CompositeLit:
				fl.fields(n)
			case *ast.RangeStmt:
				for _, v := range []struct {
					e   ast.Expr
					key bool
				}{{n.Key, true}, {n.Value, false}} {
					if id, ok := v.e.(*ast.Ident); ok {
						obj := info.Defs[id]
						if obj == nil {
							obj = info.Uses[id]
						}
						if v2, ok := obj.(*types.Var); ok {
							fl.ranged[v2] = rangeOf{n.X, v.key}
						}
					}
				}
			case *ast.FuncDecl:
				fn, ok := info.Defs[n.Name].(*types.Func)
				if !ok {
					return true
				}
				function(fn, fn.Type().(*types.Signature))
			case *ast.CallExpr:
				switch fn := typeutil.Callee(info, n).(type) {
				case *types.Func:
					fl.calls[fn.Origin()] = append(fl.calls[fn.Origin()], n)
				case *types.Var:
					fl.calls[fn] = append(fl.calls[fn], n)
				}
			}
			return true
		})
	}
	return fl
}

// fields records the values a struct composite literal gives its fields.
func (fl *flows) fields(lit *ast.CompositeLit) {
	tv, ok := fl.info.Types[lit]
	if !ok {
		return
	}
	st, ok := tv.Type.Underlying().(*types.Struct)
	if !ok {
		if p, isPtr := tv.Type.Underlying().(*types.Pointer); isPtr {
			st, ok = p.Elem().Underlying().(*types.Struct)
		}
		if !ok {
			return
		}
	}
	for i, elt := range lit.Elts {
		if kv, ok := elt.(*ast.KeyValueExpr); ok {
			if id, ok := kv.Key.(*ast.Ident); ok {
				if v, ok := fl.info.Uses[id].(*types.Var); ok {
					fl.assigned[v] = append(fl.assigned[v], kv.Value)
				}
			}
			continue
		}
		if i < st.NumFields() {
			v := st.Field(i)
			fl.assigned[v] = append(fl.assigned[v], elt)
		}
	}
}

// schemes are the schemes of [unmistakable] URLs; true for those whose
// URLs are written with a net_loc ("//"), which the URL must then have.
var schemes = map[string]bool{
	"http": true, "https": true, "ftp": true, "file": true, "nntp": true, "telnet": true,
	"gopher": true, "wais": true, "prospero": true, "ws": true, "wss": true,
	"mailto": false, "news": false,
}

// notInURL holds the characters that mark a string that reaches no URL
// argument as something else than a URL: §2.2 forbids them everywhere,
// and in Go source they join a URL to other text far more often than
// they stand in one by mistake (a cache key "http://foo.com|http|", a
// regular expression, markup, a URI template "{id}").
const notInURL = "|\"<>\\^{}`"

// printfVerbRE matches a printf verb: flags, width, precision, and one of
// the verbs of package fmt.
var printfVerbRE = regexp.MustCompile(`^%[-+# 0]*(\d+|\*)?(\.(\d+|\*)?)?[vTtbcdoOqxXUeEfFgGspw%]`)

// unmistakable reports whether s, a string constant that reaches no URL
// argument, is a URL beyond doubt, and so checked: it begins with a
// scheme of [schemes], in any case, then ":" and, for the schemes with a
// net_loc, "//"; something follows; it holds no white space, no control
// character and none of [notInURL]; and it is no printf format or URI
// template ([isTemplate]). Non-ASCII characters and "[", "]", "~", "#"
// do not disqualify it: those are what people write in URLs, and what
// the rules (and the allowances) are for.
func unmistakable(s string) bool {
	scheme, rest, ok := strings.Cut(s, ":")
	if !ok {
		return false
	}
	netLoc, known := schemes[strings.ToLower(scheme)]
	if !known {
		return false
	}
	if netLoc {
		if rest, ok = strings.CutPrefix(rest, "//"); !ok {
			return false
		}
	}
	if rest == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; c <= ' ' || c == 0x7f || strings.IndexByte(notInURL, c) >= 0 {
			return false
		}
	}
	return !isTemplate(s)
}

// isTemplate reports whether s is a printf format or a URI template
// rather than a URL: it has a printf verb where an escape would be, or a
// "{...}" expression.
func isTemplate(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && !relast.IsEscape(s[i:]) && printfVerbRE.MatchString(s[i:]) {
			return true
		}
	}
	if o := strings.IndexByte(s, '{'); o >= 0 && strings.IndexByte(s[o:], '}') > 0 {
		return true
	}
	return false
}
