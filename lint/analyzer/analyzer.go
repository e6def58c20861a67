// Package analyzer checks the URLs in Go source with the rules of package
// lint: a [golang.org/x/tools/go/analysis] analyzer, for go vet
// (-vettool), singlechecker (cmd/relurlvet), gopls and golangci-lint.
//
// It checks the string constants that are URLs, and only those
// (decision L-41 in docs/decisions.md):
//
//   - Those that reach the URL argument of url.Parse, url.ParseRequestURI,
//     url.JoinPath, (*url.URL).Parse, http.Get, http.Head, http.Post,
//     http.PostForm, http.NewRequest, http.NewRequestWithContext,
//     http.Redirect, http.RedirectHandler, httptest.NewRequest(WithContext)
//     or the methods of *http.Client of those names: as the argument
//     itself, or through a variable, a struct field, a named constant, a
//     range or an index of the package, or through a parameter of a
//     function of the package that passes it on (see reach.go). These are
//     checked as they are, relative references included, except that a
//     value that gets there through a variable or a field is skipped when
//     it is a printf format or a URI template ("%s", "{id}").
//   - The literals (and constant concatenations) that reach none but are
//     unmistakably URLs: a scheme of http, https, ftp, file, nntp, telnet,
//     gopher, wais, prospero, ws or wss, then "://" and more; or mailto: or
//     news: and more; no white space or control characters, none of
//     | " < > \ ^ { } ` (which join a URL to other text: a cache key
//     "http://foo.com|http|", markup, a regular expression), and no printf
//     verb. Struct tags, import paths, the format arguments of printf-like
//     calls and the operands of a concatenation done at run time (a part
//     of a URL is not a URL) are never taken for URLs.
//
// A finding's rule id is the diagnostic's Category; its message is the
// message relurl lint gives. A "//relurl:ignore [RULE[,RULE...]] [-- reason]"
// comment suppresses findings on its own line and the next (see
// suppress.go). There is no base URL: references are checked as they are
// (RFC 1808 §3.4).
package analyzer

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/relurl/relurl/lint/internal/lint"
)

// Doc is the analyzer's documentation, as go vet prints it.
const Doc = `check URLs in string constants against RFC 1808 and the relurl lint rules

The relurl analyzer reports URLs that are not valid under RFC 1808 §2.2
(a bad escape, a character that must be escaped), and the warnings of
relurl lint: the §5.2 loophole ("http:g"), a relative path whose first
segment holds ":" (§5.3), and URLs that RFC 3986 parsers such as net/url
read differently. It checks the strings that reach the URL argument of
url.Parse, http.Get, http.NewRequest and their kin (through variables,
fields and the package's own functions too), and the literals that are
unmistakably URLs ("http://..." with no white space, no "|" and no
printf verb). "//relurl:ignore [RULE,...] [-- reason]" on a line or the
line before suppresses its findings. Rules are those of "relurl rules"; -enable, -disable and
-rfc1738 select them; -allow-chars and -allow-ipv6-hosts accept what a
.relurl.toml's [allow] table accepts.`

// docURL is the analyzer's documentation: the manual's page on Go code.
const docURL = "https://github.com/relurl/relurl/blob/main/docs/analyzer.md"

// Settings select the analyzer's rules as relurlvet's flags do, and as a
// .golangci.yml's settings of the relurl plugin do (the JSON names).
type Settings struct {
	// Enable turns on rules, by id or family.
	Enable []string `json:"enable"`
	// Disable turns off rules, by id or family.
	Disable []string `json:"disable"`
	// RFC1738 turns on the RFC 1738 profile.
	RFC1738 bool `json:"rfc1738"`
	// AllowChars holds characters accepted as if RFC 1808 §2.2 allowed
	// them, as a .relurl.toml's [allow] chars (the allow: part of a
	// relurl.Profile).
	AllowChars string `json:"allow-chars"`
	// AllowIPv6Hosts accepts RFC 2732 IPv6 literals as hosts, as a
	// .relurl.toml's [allow] ipv6-hosts (the rfc2732 profile).
	AllowIPv6Hosts bool `json:"allow-ipv6-hosts"`
}

// options returns the linter's options for s: fixes computed, no base
// (Go source has none).
func (s Settings) options() lint.Options {
	opts := lint.Options{Enable: slices.Clone(s.Enable), Disable: s.Disable, AllowChars: s.AllowChars,
		AllowIPv6Hosts: s.AllowIPv6Hosts, Fixes: true}
	if s.RFC1738 {
		opts.Enable = append(opts.Enable, string(lint.FamilyRFC1738))
	}
	return opts
}

// New returns an analyzer that applies the rules s selects. It fails on
// an unknown rule or family, or characters that cannot be allowed.
func New(s Settings) (*analysis.Analyzer, error) {
	l, err := lint.New(s.options())
	if err != nil {
		return nil, fmt.Errorf("relurl analyzer: %w", err)
	}
	return &analysis.Analyzer{
		Name: "relurl",
		Doc:  Doc,
		URL:  docURL,
		Run:  func(pass *analysis.Pass) (any, error) { return nil, run(pass, l) },
	}, nil
}

// Analyzer is the analyzer with the default rules, configured by its
// flags: -enable and -disable (comma-separated rule ids or families),
// -rfc1738, and the allowances of a configuration file's [allow] table,
// -allow-chars (its chars) and -allow-ipv6-hosts (its ipv6-hosts): the
// fields of [Settings]. Each
// pass reads the flags afresh, so drivers may set them before running it.
var Analyzer = newFlagged()

func newFlagged() *analysis.Analyzer {
	var enable, disable, allowChars string
	var rfc1738, allowIPv6 bool
	a := &analysis.Analyzer{
		Name: "relurl",
		Doc:  Doc,
		URL:  docURL,
		Run: func(pass *analysis.Pass) (any, error) {
			s := Settings{Enable: splitList(enable), Disable: splitList(disable), RFC1738: rfc1738,
				AllowChars: allowChars, AllowIPv6Hosts: allowIPv6}
			l, err := lint.New(s.options())
			if err != nil {
				return nil, fmt.Errorf("relurl analyzer: %w", err)
			}
			return nil, run(pass, l)
		},
	}
	a.Flags.StringVar(&enable, "enable", "", "comma-separated rule ids or families to turn on")
	a.Flags.StringVar(&disable, "disable", "", "comma-separated rule ids or families to turn off")
	a.Flags.BoolVar(&rfc1738, "rfc1738", false, "turn on the RFC 1738 profile")
	a.Flags.StringVar(&allowChars, "allow-chars", "", `characters accepted as if RFC 1808 §2.2 allowed them (e.g. "~"), as [allow] chars in .relurl.toml`)
	a.Flags.BoolVar(&allowIPv6, "allow-ipv6-hosts", false, `accept RFC 2732 IPv6 literals ("[::1]") as hosts, as [allow] ipv6-hosts in .relurl.toml`)
	return a
}

func splitList(s string) []string {
	var out []string
	for v := range strings.SplitSeq(s, ",") {
		if v = strings.TrimSpace(v); v != "" {
			out = append(out, v)
		}
	}
	return out
}

func run(pass *analysis.Pass, l *lint.Linter) error {
	pass, directives := suppressing(pass, l)
	defer directives.finish()
	// What reaches a URL argument is checked as it is (a flowed value
	// unless it is a printf format or a URI template); then the literals
	// that are unmistakably URLs.
	skip := map[*ast.BasicLit]bool{}
	checked := map[ast.Expr]bool{}
	for _, r := range reach(pass) {
		markLits(r.expr, skip)
		checked[r.expr] = true
		s, _ := constString(pass, r.expr)
		if !r.direct && isTemplate(s) {
			continue
		}
		lit, _ := r.expr.(*ast.BasicLit)
		report(pass, l, r.expr, s, lit)
	}
	for _, file := range pass.Files {
		ast.Inspect(file, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.ImportSpec:
				return false
			case *ast.Field:
				if n.Tag != nil {
					skip[n.Tag] = true
				}
			case *ast.CallExpr:
				skipFormat(pass, n, skip)
			case *ast.BinaryExpr:
				if n.Op != token.ADD {
					return true
				}
				if checked[n] {
					return false
				}
				if s, ok := constString(pass, n); ok {
					markLits(n, skip)
					if unmistakable(s) {
						report(pass, l, n, s, nil)
					}
					return false
				}
				// A part of a URL built at run time is not a URL.
				for _, op := range []ast.Expr{n.X, n.Y} {
					if lit, ok := ast.Unparen(op).(*ast.BasicLit); ok {
						skip[lit] = true
					}
				}
			case *ast.BasicLit:
				if n.Kind != token.STRING || skip[n] {
					return true
				}
				s, err := strconv.Unquote(n.Value)
				if err == nil && unmistakable(s) {
					report(pass, l, n, s, n)
				}
			}
			return true
		})
	}
	return nil
}

// skipFormat marks the format argument of a printf-like call (a variadic
// function whose parameter before the variadic one is a string) as not a
// URL.
func skipFormat(pass *analysis.Pass, call *ast.CallExpr, skip map[*ast.BasicLit]bool) {
	fn, ok := typeutil.Callee(pass.TypesInfo, call).(*types.Func)
	if !ok {
		return
	}
	sig, ok := fn.Type().(*types.Signature)
	if !ok || !sig.Variadic() || sig.Params().Len() < 2 {
		return
	}
	f := sig.Params().Len() - 2
	if b, ok := sig.Params().At(f).Type().Underlying().(*types.Basic); ok && b.Kind() == types.String && f < len(call.Args) {
		markLits(call.Args[f], skip)
	}
}

func constString(pass *analysis.Pass, e ast.Expr) (string, bool) {
	tv, ok := pass.TypesInfo.Types[e]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
		return "", false
	}
	return constant.StringVal(tv.Value), true
}

func markLits(n ast.Node, skip map[*ast.BasicLit]bool) {
	ast.Inspect(n, func(n ast.Node) bool {
		if lit, ok := n.(*ast.BasicLit); ok {
			skip[lit] = true
		}
		return true
	})
}

// report lints s, the value of expression at, and reports each finding.
// When at is a literal whose value is its text between the quotes, the
// findings point at the offending characters; otherwise they point at the
// whole expression. A finding in a literal comes with its safe fix, when
// it has one (suggestedFixes).
func report(pass *analysis.Pass, l *lint.Linter, at ast.Expr, s string, lit *ast.BasicLit) {
	exact := lit != nil && len(lit.Value) == len(s)+2 && lit.Value[1:len(lit.Value)-1] == s
	for _, f := range l.URL(s) {
		d := analysis.Diagnostic{Pos: at.Pos(), End: at.End(), Category: f.Rule, Message: f.Message}
		if exact {
			d.Pos = lit.Pos() + 1 + token.Pos(f.Offset)
			d.End = lit.Pos() + 1 + token.Pos(f.EndOffset)
		}
		d.SuggestedFixes = suggestedFixes(&f, lit, s)
		pass.Report(d)
	}
}
