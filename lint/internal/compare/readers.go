package compare

import (
	"errors"
	"fmt"
	"net/url"
	"strings"
	"sync"
	"unicode/utf8"

	wurlerrors "github.com/nlnwa/whatwg-url/errors"
	wurl "github.com/nlnwa/whatwg-url/url"

	"github.com/relurl/relurl/ast"
	"github.com/relurl/relurl/resolve"
	"github.com/relurl/relurl/validate"
)

// whatwgParser is the URL Standard's parser with its default options. It
// holds no state of its own between parses (its options are read only), so
// one serves every goroutine.
var whatwgParser = wurl.NewParser()

// MaxWHATWGSegments bounds the path segments (slashes and backslashes,
// in the reference and the base together) of an input given to the WHATWG
// reader: github.com/nlnwa/whatwg-url prints a path by concatenating its
// segments one at a time, in time quadratic in their number. Past the
// bound the WHATWG reading is rejected with a message saying so, and is
// left out of the comparison (it is no divergence).
const MaxWHATWGSegments = 2048

func pathSlashes(s string) int { return strings.Count(s, "/") + strings.Count(s, `\`) }

// cause records why a reader rejected its input (or its base), for the
// classifier.
type cause struct {
	inBase bool   // the base was rejected, not the reference
	rule   string // RFC 1808: the first diagnostic's rule id
	text   string // RFC 1808: its offending text; net/url: its error
	whatwg wurlerrors.ErrorType
	// skipped: the reader was not given the input (see MaxWHATWGSegments)
	skipped bool
}

// Base is a base URL read once by each of the three readers, so that
// comparing many references against it costs one reading of the base,
// not one per reference. The zero Base, and NewBase(""), is no base: each
// reference is then read on its own (RFC 1808 §4 step 1: an unknown base).
// A Base is immutable and safe for concurrent use.
type Base struct {
	s   string
	has bool

	plain plainBase // the prefilter's analysis (plain.go)

	// exact turns off every shortcut: no prefilter, and the WHATWG
	// library run even where its answer is known. Tests compare the two
	// paths with it.
	exact bool

	// The readers' readings of the base, made the first time the full
	// path needs them: a document whose references are all plain never
	// runs a reader, not even on its base.
	once sync.Once
	rd   baseReadings
}

// baseReadings is a base as each reader reads it.
type baseReadings struct {
	// RFC 1808: the base parsed by resolve.ParseBase, and its §2.4 cut for
	// the lenient resolution of a reference it rejects.
	u1808   ast.URL
	err1808 error
	cut1808 ast.URL

	net    *url.URL
	netErr error

	w       *wurl.Url
	wErr    error
	wSlash  int    // pathSlashes of the base
	wScheme string // the scheme the URL Standard reads in the base
}

// NewBase reads base with each reader. It never fails: a reader that
// rejects the base rejects every reference resolved against it, and says
// so in its [Reading].
func NewBase(base string) *Base {
	b := &Base{s: base, has: base != ""}
	if b.has {
		b.plain = analyseBase(base)
	}
	return b
}

// readings returns the readers' readings of the base, reading it the
// first time.
func (b *Base) readings() *baseReadings {
	b.once.Do(func() {
		if !b.has {
			return
		}
		r := &b.rd
		r.u1808, r.err1808 = resolve.ParseBase(b.s)
		r.cut1808 = validate.Split(b.s)
		r.net, r.netErr = url.Parse(b.s)
		r.w, r.wErr = whatwgParse(b.s, nil)
		if r.wErr == nil {
			r.wScheme = r.w.Scheme()
			// Parsing against a base clones it, and the clone reads its
			// search parameters, which the library makes on first use:
			// made now, so that concurrent parses only read the base.
			r.w.SearchParams()
		}
		r.wSlash = pathSlashes(b.s)
	})
	return &b.rd
}

// derive reads another base with the same options, for the classifier's
// counterfactuals.
func (b *Base) derive(s string) *Base {
	nb := NewBase(s)
	nb.exact = b.exact
	return nb
}

// String returns the base as given.
func (b *Base) String() string { return b.s }

// whatwgParse parses s (against base when not nil) and turns a panic of
// the library into an error: hostile input must not crash the caller.
func whatwgParse(s string, base *wurl.Url) (u *wurl.Url, err error) {
	defer func() {
		if r := recover(); r != nil {
			u, err = nil, fmt.Errorf("whatwg-url panicked: %v", r)
		}
	}()
	if base != nil {
		return base.Parse(s)
	}
	return whatwgParser.Parse(s)
}

// read1808 is the RFC 1808 reading: validate, and with a base resolve
// (§4). An input it rejects is still cut by §2.4 and resolved leniently,
// so that its components can be compared.
func (b *Base) read1808(rd *Reading, ref string) {
	*rd = Reading{Reader: RFC1808, Verdict: Accepted}
	if !b.has {
		u, diags := validate.Validate(ref)
		if d := diags.First(); d != nil {
			rd.Verdict = Rejected
			rd.Error = bounded(diags.Error())
			rd.cause = cause{rule: d.Rule, text: d.Text}
		}
		rd.Components = components1808(u)
		rd.URL = some(ref)
		return
	}
	// resolve.Resolve(b.s, ref), with the base parsed once.
	br := b.readings()
	err := br.err1808
	var u ast.URL
	if err == nil {
		var r ast.URL
		if r, err = resolve.ParseRef(ref); err == nil {
			u = resolve.Reference(br.u1808, r)
		}
	}
	if err != nil {
		rd.Verdict = Rejected
		rd.Error = bounded(err.Error())
		var d *ast.Diagnostic
		if errors.As(err, &d) {
			rd.cause.rule, rd.cause.text = d.Rule, d.Text
		}
		var be *resolve.BaseError
		rd.cause.inBase = errors.As(err, &be)
		u = resolve.Reference(br.cut1808, validate.Split(ref)) // resolve.Lenient(b.s, ref)
	}
	rd.Components = components1808(u)
	rd.URL = some(u.String())
}

func components1808(u ast.URL) Components {
	opt := func(c ast.Component) Opt { return Opt{Value: c.Value, Present: c.Present} }
	return Components{
		Scheme:   opt(u.Scheme),
		NetLoc:   opt(u.NetLoc),
		Path:     u.Path.Value,
		Params:   opt(u.Params),
		Query:    opt(u.Query),
		Fragment: opt(u.Fragment),
	}
}

// read3986 is net/url's reading: url.Parse, and with a base
// ResolveReference; the URL is what String prints.
func (b *Base) read3986(rd *Reading, ref string) {
	*rd = Reading{Reader: RFC3986, Verdict: Accepted}
	r, err := url.Parse(ref)
	if err != nil {
		rejected3986(rd, err, false)
		return
	}
	out, printed := r, r.String()
	if b.has {
		br := b.readings()
		if br.netErr != nil {
			rejected3986(rd, br.netErr, true)
			return
		}
		out = br.net.ResolveReference(r)
		rd.URL = some(out.String())
	} else {
		rd.URL = some(printed)
	}
	if printed != ref {
		rd.Verdict = Repaired
		rd.FixUps = fixups3986(ref, printed)
	}
	rd.Components = split3986(rd.URL.Value)
	if rd.Components.NetLoc.Present {
		if out.User != nil {
			rd.Components.UserInfo = some(out.User.String())
		}
		host, port := splitHostPort(out.Host)
		rd.Components.Host = some(host)
		if port.Present {
			rd.Components.Port = port
		}
	}
}

func rejected3986(rd *Reading, err error, inBase bool) {
	rd.Verdict = Rejected
	msg := err.Error()
	var ue *url.Error
	if errors.As(err, &ue) {
		msg = ue.Err.Error()
	}
	rd.Error = bounded("net/url: " + msg)
	rd.cause = cause{inBase: inBase, text: msg}
}

// readWHATWG is the URL Standard's reading: the basic URL parser, with the
// base when there is one; the URL is its href.
func (b *Base) readWHATWG(rd *Reading, ref string) {
	*rd = Reading{Reader: WHATWG, Verdict: Accepted}
	br := b.readings()
	if n := pathSlashes(ref) + br.wSlash; n > MaxWHATWGSegments {
		rd.Verdict = Rejected
		rd.Error = fmt.Sprintf("not read: %d path segments, more than the %d the WHATWG reader is given "+
			"(github.com/nlnwa/whatwg-url prints a path in time quadratic in its segments)", n, MaxWHATWGSegments)
		rd.cause.skipped = true
		return
	}
	var u *wurl.Url
	var err error
	switch {
	case b.has && br.wErr != nil:
		rejectedWHATWG(rd, br.wErr, true)
		return
	case b.has && (b.exact || !otherScheme(ref, br.wScheme)):
		u, err = whatwgParse(ref, br.w)
	case !b.has && !b.exact && noScheme(ref):
		*rd = noSchemeReading()
		return
	default:
		u, err = whatwgParse(ref, nil)
	}
	if err != nil {
		rejectedWHATWG(rd, err, false)
		return
	}
	href := u.Href(false)
	rd.URL = some(href)
	rd.Components = split3986(href)
	if rd.Components.NetLoc.Present {
		if user, pass := u.Username(), u.Password(); user != "" || pass != "" {
			ui := user
			if pass != "" {
				ui += ":" + pass
			}
			rd.Components.UserInfo = some(ui)
		}
		rd.Components.Host = some(u.Hostname())
		if p := u.Port(); p != "" {
			rd.Components.Port = some(p)
		}
	}
	rd.FixUps = fixupsWHATWG(ref, u, &rd.Components, br.wScheme)
	if len(rd.FixUps) == 0 && !b.has && href != ref {
		rd.FixUps = []FixUp{FixOther}
	}
	if len(rd.FixUps) > 0 {
		rd.Verdict = Repaired
	}
}

// noScheme reports whether the URL Standard's basic URL parser, given s
// and no base, reaches the "no scheme state" and so fails with
// missing-scheme-non-relative-URL: after it trims leading and trailing C0
// controls and spaces and removes tabs and newlines, s does not begin with
// a scheme (an ASCII letter, then letters, digits, "+", "-" or ".", then
// ":"). The scheme start state sends anything else to the no scheme state,
// and the scheme state goes back to it from the start at the first code
// point that is neither a scheme character nor ":"; with a null base, the
// no scheme state returns failure whatever follows. (A non-ASCII byte or
// an invalid UTF-8 sequence is no scheme character to either.)
func noScheme(s string) bool {
	clean, _, _ := whatwgClean(s)
	_, _, ok := schemeOf(clean)
	return !ok
}

// otherScheme reports whether the URL Standard reads in s a scheme other
// than the base's (lower case): then its basic URL parser never looks at
// the base, which it consults only in the no scheme state, for a special
// scheme equal to the base's (the special relative or authority state),
// and in the file states when the base's scheme is file. Parsing s alone
// gives the same URL, and saves the parser's copy of the base.
func otherScheme(s, baseScheme string) bool {
	clean, _, _ := whatwgClean(s)
	sch, _, ok := schemeOf(clean)
	return ok && !strings.EqualFold(sch, baseScheme)
}

// noSchemeReading is the WHATWG reading of an input that fails in the no
// scheme state, as rejectedWHATWG writes the library's error for it (whose
// type and description do not depend on the input).
func noSchemeReading() Reading {
	const t = wurlerrors.MissingSchemeNonRelativeURL
	return Reading{
		Reader:  WHATWG,
		Verdict: Rejected,
		Error:   "whatwg-url: " + string(t),
		cause:   cause{whatwg: t, text: string(t)},
	}
}

func rejectedWHATWG(rd *Reading, err error, inBase bool) {
	rd.Verdict = Rejected
	t := wurlerrors.Type(err)
	msg := string(t)
	if msg == "" {
		msg = err.Error()
	}
	if d := wurlerrors.Description(err); d != "" {
		msg += ": " + d
	}
	if c := errors.Unwrap(err); c != nil {
		msg += ": " + c.Error()
	}
	rd.Error = bounded("whatwg-url: " + msg)
	rd.cause = cause{inBase: inBase, whatwg: t, text: msg}
}

// maxError bounds a reading's Error: the libraries quote their input whole.
const maxError = 400

// bounded cuts a message that quotes a long input.
func bounded(s string) string {
	const max = maxError
	if len(s) <= max {
		return s
	}
	i := max - 3
	for i > 0 && !utf8.RuneStart(s[i]) {
		i--
	}
	return s[:i] + "..."
}

// split3986 cuts a URL printed by net/url or by the URL Standard into the
// six components by the regular expression of RFC 3986 Appendix B; their
// printers never put a "?" in a path nor a "#" before the fragment, so the
// cut is exact. The path's params are those of the last segment (see
// [Components]).
func split3986(s string) Components {
	var c Components
	if i := strings.IndexByte(s, '#'); i >= 0 {
		c.Fragment = some(s[i+1:])
		s = s[:i]
	}
	if i := strings.IndexByte(s, '?'); i >= 0 {
		c.Query = some(s[i+1:])
		s = s[:i]
	}
	for i := 0; i < len(s) && s[i] != '/'; i++ { // strings.IndexAny(s, ":/"), faster
		if s[i] == ':' {
			if i > 0 {
				c.Scheme = some(s[:i])
				s = s[i+1:]
			}
			break
		}
	}
	if strings.HasPrefix(s, "//") {
		s = s[2:]
		i := strings.IndexByte(s, '/')
		if i < 0 {
			i = len(s)
		}
		c.NetLoc = some(s[:i])
		s = s[i:]
	}
	c.Path, c.Params = splitParams(s)
	return c
}

// splitParams takes the params of a path after the first ";" of its last
// segment.
func splitParams(path string) (string, Opt) {
	last := strings.LastIndexByte(path, '/') + 1
	if j := strings.IndexByte(path[last:], ';'); j >= 0 {
		return path[:last+j], some(path[last+j+1:])
	}
	return path, Opt{}
}

// splitHostPort splits a host and port as net/url holds them ("h",
// "h:80", "[::1]:80").
func splitHostPort(hp string) (string, Opt) {
	if strings.HasPrefix(hp, "[") {
		if i := strings.LastIndexByte(hp, ']'); i >= 0 {
			if rest := hp[i+1:]; strings.HasPrefix(rest, ":") {
				return hp[:i+1], some(rest[1:])
			}
			return hp, Opt{}
		}
	}
	if i := strings.LastIndexByte(hp, ':'); i >= 0 {
		return hp[:i], some(hp[i+1:])
	}
	return hp, Opt{}
}
