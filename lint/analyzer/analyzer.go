// Package analyzer checks the URLs in Go source with the rules of package
// lint: a [golang.org/x/tools/go/analysis] analyzer, for go vet
// (-vettool), singlechecker (cmd/relurlvet), gopls and golangci-lint.
//
// It looks at string constants that are URLs for sure, the arguments of
// url.Parse, url.ParseRequestURI, (*url.URL).Parse, http.Get, http.Head,
// http.Post, http.PostForm, http.NewRequest, http.NewRequestWithContext,
// http.Redirect, httptest.NewRequest and the methods of *http.Client of
// the same names, and at string literals that look like absolute URLs:
// a known scheme followed by ":" (http:, https:, ftp:, file:, mailto:,
// news:, nntp:, telnet:, gopher:, wais:, prospero:, ws:, wss:) and no white
// space. Of those literals it skips the format strings of printf-like
// calls, the operands of a string concatenation that is not constant (a
// part of a URL is not a URL; a constant concatenation is checked whole),
// struct tags, import paths, and literals that are printf formats or URI
// templates ("%s", "{id}"). There is no base URL: references are checked
// as they are (RFC 1808 §3.4).
package analyzer

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"regexp"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	relast "github.com/relurl/relurl/ast"
	"github.com/relurl/relurl/lint"
)

// Doc is the analyzer's documentation, as go vet prints it.
const Doc = `check URLs in string constants against RFC 1808 and the relurl lint rules

The relurl analyzer reports URLs that are not valid under RFC 1808 §2.2
(a bad escape, a character that must be escaped), and the warnings of
relurl lint: the §5.2 loophole ("http:g"), a relative path whose first
segment holds ":" (§5.3), and URLs that RFC 3986 parsers such as net/url
read differently. It looks at arguments of url.Parse, http.Get,
http.NewRequest and their kin, and at string literals that look like
absolute URLs. Rules are those of "relurl rules"; -enable, -disable and
-rfc1738 select them; -allow-chars and -allow-ipv6-hosts accept what a
.relurl.toml's [allow] table accepts.`

// New returns an analyzer that applies the linter configured by opts.
// opts.Retrieval must be empty: Go source has no base URL.
func New(opts lint.Options) (*analysis.Analyzer, error) {
	if opts.Retrieval != "" {
		return nil, fmt.Errorf("the relurl analyzer takes no base URL")
	}
	l, err := lint.New(opts)
	if err != nil {
		return nil, fmt.Errorf("relurl analyzer: %w", err)
	}
	return &analysis.Analyzer{
		Name: "relurl",
		Doc:  Doc,
		URL:  "https://github.com/relurl/relurl#relurl-in-go-code",
		Run:  func(pass *analysis.Pass) (any, error) { return nil, run(pass, l) },
	}, nil
}

// Analyzer is the analyzer with the default rules, configured by its
// flags: -enable and -disable (comma-separated rule ids or families),
// -rfc1738, and the allowances of a configuration file's [allow] table,
// -allow-chars (its chars, [lint.Options.AllowChars]) and
// -allow-ipv6-hosts (its ipv6-hosts, [lint.Options.AllowIPv6Hosts]). Each
// pass reads the flags afresh, so drivers may set them before running it.
var Analyzer = newFlagged()

func newFlagged() *analysis.Analyzer {
	var enable, disable, allowChars string
	var rfc1738, allowIPv6 bool
	a := &analysis.Analyzer{
		Name: "relurl",
		Doc:  Doc,
		URL:  "https://github.com/relurl/relurl#relurl-in-go-code",
		Run: func(pass *analysis.Pass) (any, error) {
			opts := lint.Options{Enable: splitList(enable), Disable: splitList(disable),
				AllowChars: allowChars, AllowIPv6Hosts: allowIPv6}
			if rfc1738 {
				opts.Enable = append(opts.Enable, string(lint.FamilyRFC1738))
			}
			l, err := lint.New(opts)
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

// urlArgs maps the functions that take a URL to the index of that
// argument, by types.Func.FullName.
var urlArgs = map[string]int{
	"net/url.Parse":                           0,
	"net/url.ParseRequestURI":                 0,
	"(*net/url.URL).Parse":                    0,
	"net/http.Get":                            0,
	"net/http.Head":                           0,
	"net/http.Post":                           0,
	"net/http.PostForm":                       0,
	"net/http.NewRequest":                     1,
	"net/http.NewRequestWithContext":          2,
	"net/http.Redirect":                       2,
	"(*net/http.Client).Get":                  0,
	"(*net/http.Client).Head":                 0,
	"(*net/http.Client).Post":                 0,
	"(*net/http.Client).PostForm":             0,
	"net/http/httptest.NewRequest":            1,
	"net/http/httptest.NewRequestWithContext": 2,
}

// schemeRE matches the start of a literal that looks like an absolute URL.
var schemeRE = regexp.MustCompile(`^(?i:https?|ftp|file|mailto|news|nntp|telnet|gopher|wais|prospero|wss?):`)

// printfVerbRE matches a printf verb.
var printfVerbRE = regexp.MustCompile(`^%[-+# 0]*(\d+|\*)?(\.(\d+|\*)?)?[a-zA-Z%]`)

func looksLikeURL(s string) bool {
	if !schemeRE.MatchString(s) {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; c <= ' ' || c == 0x7f {
			return false
		}
	}
	return true
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

func run(pass *analysis.Pass, l *lint.Linter) error {
	for _, file := range pass.Files {
		skip := map[*ast.BasicLit]bool{}
		done := map[ast.Expr]bool{}
		ast.Inspect(file, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.ImportSpec:
				return false
			case *ast.Field:
				if n.Tag != nil {
					skip[n.Tag] = true
				}
			case *ast.CallExpr:
				callCheck(pass, l, n, skip, done)
			case *ast.BinaryExpr:
				if n.Op != token.ADD || done[n] {
					return true
				}
				if s, ok := constString(pass, n); ok {
					markLits(n, skip)
					if looksLikeURL(s) && !isTemplate(s) {
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
				if err == nil && looksLikeURL(s) && !isTemplate(s) {
					report(pass, l, n, s, n)
				}
			}
			return true
		})
	}
	return nil
}

// callCheck checks the URL argument of a URL-taking function, and marks
// the format argument of a printf-like call as not a URL.
func callCheck(pass *analysis.Pass, l *lint.Linter, call *ast.CallExpr, skip map[*ast.BasicLit]bool, done map[ast.Expr]bool) {
	fn, ok := typeutil.Callee(pass.TypesInfo, call).(*types.Func)
	if !ok {
		return
	}
	if i, ok := urlArgs[fn.FullName()]; ok && i < len(call.Args) {
		arg := call.Args[i]
		if s, ok := constString(pass, arg); ok {
			markLits(arg, skip)
			done[ast.Unparen(arg)] = true
			lit, _ := ast.Unparen(arg).(*ast.BasicLit)
			report(pass, l, arg, s, lit)
		}
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
// findings point at the offending characters, and the syntax ones come
// with a fix; otherwise they point at the whole expression.
func report(pass *analysis.Pass, l *lint.Linter, at ast.Expr, s string, lit *ast.BasicLit) {
	exact := lit != nil && len(lit.Value) == len(s)+2 && lit.Value[1:len(lit.Value)-1] == s
	for _, f := range l.URL(s) {
		d := analysis.Diagnostic{Pos: at.Pos(), End: at.End(), Category: f.Rule, Message: f.Message}
		if exact {
			d.Pos = lit.Pos() + 1 + token.Pos(f.Offset)
			d.End = lit.Pos() + 1 + token.Pos(f.EndOffset)
			if edit, ok := fixText(f); ok {
				d.SuggestedFixes = []analysis.SuggestedFix{{
					Message:   f.Fix,
					TextEdits: []analysis.TextEdit{{Pos: d.Pos, End: d.End, NewText: []byte(edit)}},
				}}
			}
		}
		pass.Report(d)
	}
}

// fixText is the replacement of a syntax finding's text, where its rule
// has a mechanical repair in package ast's table: the %XX escapes of a
// character, "%25" for a lone "%".
func fixText(f lint.Finding) (string, bool) {
	r, ok := relast.LookupSyntaxRule(f.Rule)
	if !ok {
		return "", false
	}
	return r.Replacement(f.Text)
}
