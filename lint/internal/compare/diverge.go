package compare

import (
	"slices"
	"strings"

	wurlerrors "github.com/nlnwa/whatwg-url/errors"

	"github.com/relurl/relurl/ast"
	"github.com/relurl/relurl/validate"
)

// The components compared, in the order of §2.1, and the names
// divergences give them.
const (
	cScheme = iota
	cNetLoc
	cPath
	cParams
	cQuery
	cFragment
	numComponents
	cVerdict = numComponents
)

var componentNames = [numComponents + 1]string{"scheme", "net_loc", "path", "params", "query", "fragment", "verdict"}

// keys are a reading's components as they are compared. Normalisation is
// only of writing, never of meaning:
//
//   - scheme: as written (a difference in case is a divergence of class
//     [Case]);
//   - net_loc: userinfo, host and port, RFC 1808's split by the login
//     syntax of RFC 1738 §3.1 with RFC 2732's IPv6 literals
//     (ast.SplitNetLoc: the last "@" ends the userinfo, then the first ":"
//     after a bracketed literal ends the host). An empty port, a port
//     equal to the scheme's default, leading zeros of a port, and an empty
//     userinfo (or an empty password and its ":") are dropped: RFC 3986
//     §6.2.3 makes them equivalent, and browsers drop them;
//   - userinfo, host, path, params, query and fragment: percent-encoding
//     is normalised, not decoded: a character outside RFC 3986's
//     unreserved and reserved sets is compared as its %XX escape (so a
//     space RFC 1808 keeps and "%20" a browser writes compare equal), and
//     the hex digits of every escape in upper case. An escape is never
//     decoded: a reader that decodes one differs;
//   - fragment: an empty fragment is compared as absent, because net/url
//     cannot tell them apart.
type keys struct {
	c                    [numComponents]Opt
	userinfo, host, port Opt
}

func keysOf(rd *Reading) keys {
	var k keys
	c := &rd.Components
	k.c[cScheme] = c.Scheme
	if c.NetLoc.Present {
		ui, host, port := c.UserInfo, c.Host, c.Port
		if rd.Reader == RFC1808 {
			ui, host, port = loginSplit(c.NetLoc.Value)
		}
		k.userinfo, k.host, k.port = normUserInfo(ui), some(pnorm(host.Value)), normPort(port, strings.ToLower(c.Scheme.Value))
		s := k.host.Value
		if k.userinfo.Present {
			s = k.userinfo.Value + "@" + s
		}
		if k.port.Present {
			s += ":" + k.port.Value
		}
		k.c[cNetLoc] = some(s)
	}
	k.c[cPath] = some(pnorm(c.Path))
	k.c[cParams] = pnormOpt(c.Params)
	k.c[cQuery] = pnormOpt(c.Query)
	if c.Fragment.Present && c.Fragment.Value != "" {
		k.c[cFragment] = some(pnorm(c.Fragment.Value))
	}
	return k
}

// loginSplit cuts a net_loc by RFC 1738 §3.1's <user>:<password>@<host>:<port>
// (ast.SplitNetLoc).
func loginSplit(netloc string) (ui, host, port Opt) {
	p := ast.SplitNetLoc(netloc)
	return opt(p.UserInfo), opt(p.Host), opt(p.Port)
}

// opt is the Opt of a component.
func opt(c ast.Component) Opt { return Opt{Value: c.Value, Present: c.Present} }

func normUserInfo(ui Opt) Opt {
	if !ui.Present {
		return ui
	}
	v := strings.TrimSuffix(pnorm(ui.Value), ":")
	if v == "" {
		return Opt{}
	}
	return some(v)
}

func normPort(p Opt, scheme string) Opt {
	if !p.Present || p.Value == "" {
		return Opt{}
	}
	v := p.Value
	if allDigits(v) {
		v = strings.TrimLeft(v, "0")
		if v == "" {
			v = "0"
		}
		if v == defaultPort(scheme) {
			return Opt{}
		}
	}
	return some(v)
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

func pnormOpt(o Opt) Opt {
	if !o.Present {
		return o
	}
	return some(pnorm(o.Value))
}

// keepRaw marks RFC 3986's unreserved and reserved characters, which
// readers may write as they are.
var keepRaw = func() (t [256]bool) {
	for _, c := range []byte("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~:/?#[]@!$&'()*+,;=") {
		t[c] = true
	}
	return t
}()

const upperHex = "0123456789ABCDEF"

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c|0x20 >= 'a' && c|0x20 <= 'f'
}

// pnorm normalises percent-encoding (see [keys]); it allocates only when
// it changes s.
func pnorm(s string) string {
	i := 0
	for ; i < len(s); i++ {
		c := s[i]
		if c == '%' {
			if i+2 < len(s) && isUpperHex(s[i+1]) && isUpperHex(s[i+2]) {
				i += 2
				continue
			}
			break
		}
		if !keepRaw[c] {
			break
		}
	}
	if i == len(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	b.WriteString(s[:i])
	for ; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '%' && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]):
			b.WriteByte('%')
			b.WriteByte(upper(s[i+1]))
			b.WriteByte(upper(s[i+2]))
			i += 2
		case keepRaw[c]:
			b.WriteByte(c)
		default:
			b.WriteByte('%')
			b.WriteByte(upperHex[c>>4])
			b.WriteByte(upperHex[c&15])
		}
	}
	return b.String()
}

func isUpperHex(c byte) bool { return c >= '0' && c <= '9' || c >= 'A' && c <= 'F' }

func upper(c byte) byte {
	if c >= 'a' && c <= 'f' {
		return c - 'a' + 'A'
	}
	return c
}

// diff lists the components (and the verdict) in which the readings part.
func diff(rs *[numReaders]Reading) (out [numComponents + 1]bool, ks [numReaders]keys, any bool) {
	var produced [numReaders]bool
	rejected, notRejected := false, false
	for i := range rs {
		produced[i] = rs[i].URL.Present
		if produced[i] {
			ks[i] = keysOf(&rs[i])
		}
		if rs[i].cause.skipped {
			continue
		}
		if rs[i].Verdict == Rejected {
			rejected = true
		} else {
			notRejected = true
		}
	}
	out[cVerdict] = rejected && notRejected
	any = out[cVerdict]
	for c := range numComponents {
		first := -1
		for i := range rs {
			if !produced[i] {
				continue
			}
			if first < 0 {
				first = i
			} else if ks[i].c[c] != ks[first].c[c] {
				out[c] = true
				any = true
				break
			}
		}
	}
	return out, ks, any
}

// situation is what the classifier knows about one comparison.
type situation struct {
	b       *Base
	ref     string
	rs      *[numReaders]Reading
	ks      [numReaders]keys
	special bool // the URL Standard reads the result by a special scheme's rules
	ws, bs  *counterfactual
	sc      *counterfactual // "%3B" written as another escape
	sl      *counterfactual // "%2F" written as another escape
	// outside: the readings but RFC 1808's are an outside
	// implementation's ([Base.Classify]), which cannot be asked again.
	outside bool
}

// classify assigns each divergent component a class and groups them.
func (b *Base) classify(ref string, rep *Report, dv [numComponents + 1]bool, ks [numReaders]keys) {
	s := situation{b: b, ref: ref, rs: &rep.Readings, ks: ks}
	b.classifyIn(&s, rep, dv)
}

// classifyIn is classify in a given situation.
func (b *Base) classifyIn(s *situation, rep *Report, dv [numComponents + 1]bool) {
	if w := &rep.Readings[WHATWG]; w.URL.Present {
		s.special = isSpecial(w.Components.Scheme.Value)
	} else {
		sch := rep.Readings[RFC1808].Components.Scheme
		s.special = isSpecial(strings.ToLower(sch.Value))
	}
	var byClass [numClasses][]Part
	for c := range dv {
		if !dv[c] {
			continue
		}
		var k Class
		if c == cVerdict {
			k = s.verdictClass()
		} else {
			k = s.componentClass(c)
		}
		byClass[k] = append(byClass[k], s.part(c))
	}
	for k := range byClass {
		if byClass[k] == nil {
			continue
		}
		d := Divergence{Class: Class(k), Decides: classes[k].Decides, Parts: byClass[k]}
		if c := &rep.Readings[RFC1808]; byClass[k][len(byClass[k])-1].Component == "verdict" &&
			c.Verdict == Rejected && c.cause.rule != "" {
			d.Decides = classes[k].Decides + " (RFC 1808 rejects it: " + c.cause.rule + ")"
		}
		rep.Divergences = append(rep.Divergences, d)
	}
}

// part is the component as each reader wrote it.
func (s *situation) part(c int) Part {
	p := Part{Component: componentNames[c]}
	vals := [numReaders]*Opt{&p.RFC1808, &p.RFC3986, &p.WHATWG}
	for i := range s.rs {
		rd := &s.rs[i]
		if c == cVerdict {
			*vals[i] = some(rd.Verdict.String())
			continue
		}
		if !rd.URL.Present {
			continue
		}
		cs := &rd.Components
		switch c {
		case cScheme:
			*vals[i] = cs.Scheme
		case cNetLoc:
			*vals[i] = cs.NetLoc
		case cPath:
			*vals[i] = some(cs.Path)
		case cParams:
			*vals[i] = cs.Params
		case cQuery:
			*vals[i] = cs.Query
		case cFragment:
			*vals[i] = cs.Fragment
		}
	}
	return p
}

// refFeatures are facts about the reference as written.
func (s *situation) clean() string {
	c, _, _ := whatwgClean(s.ref)
	return c
}

func (s *situation) hasWhiteSpace() bool {
	_, tabs, trimmed := whatwgClean(s.ref)
	if tabs || trimmed {
		return true
	}
	if s.b.has {
		_, tabs, trimmed = whatwgClean(s.b.s)
		return tabs || trimmed
	}
	return false
}

// before returns the part of a URL before its query and fragment.
func before(u string) string {
	if i := strings.IndexAny(u, "?#"); i >= 0 {
		return u[:i]
	}
	return u
}

func (s *situation) hasBackslash() bool {
	return strings.IndexByte(before(s.ref), '\\') >= 0 || s.b.has && strings.IndexByte(before(s.b.s), '\\') >= 0
}

// affects reports whether rewriting the reference and the base by f
// changes some reader's reading of component c: the counterfactual test of
// the classes whose cause can be taken out of the input (white space,
// backslashes), which one reader removes itself. The rewritten input is
// read once per report and kept in *memo.
func (s *situation) affects(c int, f func(string) string, memo **counterfactual) bool {
	cf := s.reread(f, memo)
	if !cf.changed {
		return false
	}
	for i := range cf.rs {
		if s.outside && Reader(i) != RFC1808 {
			break // an outside reading cannot be asked again
		}
		if cf.rs[i].URL.Present != s.rs[i].URL.Present {
			return true
		}
		if cf.rs[i].URL.Present && cf.ks[i].c[c] != s.ks[i].c[c] {
			return true
		}
	}
	return false
}

// reread reads the reference and the base rewritten by f, once per
// report (kept in *memo).
func (s *situation) reread(f func(string) string, memo **counterfactual) *counterfactual {
	if *memo == nil {
		cf := &counterfactual{}
		*memo = cf
		ref := f(s.ref)
		b := s.b
		if b.has {
			if nb := f(b.s); nb != b.s {
				b = b.derive(nb)
			}
		}
		if ref != s.ref || b != s.b {
			cf.changed = true
			b.readAll(&cf.rs, ref)
			for i := range cf.rs {
				if cf.rs[i].URL.Present {
					cf.ks[i] = keysOf(&cf.rs[i])
				}
			}
		}
	}
	return *memo
}

// counterfactual is the reading of a rewritten input.
type counterfactual struct {
	changed bool
	rs      [numReaders]Reading
	ks      [numReaders]keys
}

func stripWhiteSpace(u string) string { c, _, _ := whatwgClean(u); return c }

func slashForBackslash(u string) string {
	p := before(u)
	return strings.ReplaceAll(p, `\`, "/") + u[len(p):]
}

// escapedSemicolons rewrites "%3B" as "%2C": an escape that a reader
// decoding it writes as "," (data in every path), not as ";" (where the
// params of §2.1's split begin).
var escapedSemicolons = strings.NewReplacer("%3B", "%2C", "%3b", "%2C")

func hasEscapedSemicolon(u string) bool {
	return strings.Contains(u, "%3B") || strings.Contains(u, "%3b")
}

// decodedSemicolon reports whether the params part for a "%3B" one reader
// decoded (net/url, printing anew a path whose raw form it cannot keep,
// writes it ";"): written as another escape, it changes some reader's
// params. The path may part for another reason, which the counterfactual
// leaves aside.
func (s *situation) decodedSemicolon() bool {
	if !hasEscapedSemicolon(s.ref) && !(s.b.has && hasEscapedSemicolon(s.b.s)) {
		return false
	}
	return s.affects(cParams, escapedSemicolons.Replace, &s.sc)
}

// loophole reports whether the reference is the §5.2 loophole: the base's
// scheme, then no "//".
func (s *situation) loophole() bool {
	if !s.b.has {
		return false
	}
	ref := s.clean()
	rs, rest, ok := schemeOf(ref)
	if !ok {
		return false
	}
	bs, _, ok := schemeOf(s.b.s)
	return ok && strings.EqualFold(rs, bs) && !strings.HasPrefix(rest, "//") && isSpecial(strings.ToLower(rs))
}

// slashCount is the number of slashes (and backslashes, for a special
// scheme) after the reference's scheme, or at its start without one; -1
// when the reference has a scheme the URL Standard does not read as
// special.
func (s *situation) slashCount() int {
	ref := s.clean()
	rest := ref
	if sch, r, ok := schemeOf(ref); ok {
		if !isSpecial(strings.ToLower(sch)) {
			return -1
		}
		rest = r
	} else if !s.special {
		return -1
	}
	n := 0
	for n < len(rest) && (rest[n] == '/' || rest[n] == '\\') {
		n++
	}
	return n
}

// irregularSlashes reports whether n slashes are not what RFC 1808 reads
// a net_loc after: a special scheme followed by other than two, or a
// reference without a scheme that begins with more than two. "file:///"
// is regular: it is the empty host of RFC 1738 §3.10 (file://<host>/<path>),
// which every reader takes as such, so that a file URL whose path the
// readers part on for another reason (file:///a/../b) is not slash
// confusion.
func (s *situation) irregularSlashes(n int) bool {
	if n < 0 {
		return false
	}
	if sch, _, ok := schemeOf(s.clean()); ok {
		if n == 3 && strings.EqualFold(sch, "file") {
			return false
		}
		return n != 2 // n == 0 with the base's scheme is the loophole, tried first
	}
	return n > 2
}

// baseSlashes reports whether the base has a special scheme followed by
// other than "//".
func (s *situation) baseSlashes() bool {
	if !s.b.has {
		return false
	}
	sch, rest, ok := schemeOf(stripWhiteSpace(s.b.s))
	if !ok || !isSpecial(strings.ToLower(sch)) {
		return false
	}
	n := 0
	for n < len(rest) && (rest[n] == '/' || rest[n] == '\\') {
		n++
	}
	return n != 2
}

func (s *situation) rfc1808NetLocHasDelims() bool {
	nl := s.rs[RFC1808].Components.NetLoc
	return nl.Present && strings.ContainsAny(nl.Value, "?;")
}

// refComponents is the reference's own §2.4 cut.
func (s *situation) refHasEmpty() bool {
	if !s.b.has {
		return false
	}
	if s.ref == "" {
		return true // step 2a: the entire base, fragment and all
	}
	r := splitRef(s.ref)
	if r.NetLoc.Present && r.NetLoc.Value == "" || r.Fragment.Present && r.Fragment.Value == "" ||
		!r.NetLoc.Present && r.Path == "" && (r.Params.Present && r.Params.Value == "" || r.Query.Present && r.Query.Value == "") {
		return true
	}
	// A base's empty component, inherited (net/url loses an empty query
	// when it resolves).
	bs := splitRef(s.b.s)
	return !r.Scheme.Present && (bs.NetLoc.Present && bs.NetLoc.Value == "" ||
		r.Path == "" && (bs.Params.Present && bs.Params.Value == "" || bs.Query.Present && bs.Query.Value == ""))
}

// emptyAlone reports whether, read without a base, the reference writes
// component c (params, query or fragment) empty, with its delimiter alone:
// an outside reader may not hold an empty component ([Base.Classify]).
func (s *situation) emptyAlone(c int) bool {
	if s.b.has {
		return false
	}
	r := splitRef(s.ref)
	var o Opt
	switch c {
	case cParams:
		o = r.Params
	case cQuery:
		o = r.Query
	case cFragment:
		o = r.Fragment
	}
	return o.Present && o.Value == ""
}

func splitRef(ref string) Components {
	return components1808(validate.Split(ref))
}

// componentClass classifies a divergence in component c. The rules are
// tried in order; the first that holds names the class.
func (s *situation) componentClass(c int) Class {
	switch {
	case s.hasWhiteSpace() && s.affects(c, stripWhiteSpace, &s.ws):
		return WhiteSpace
	case s.special && s.hasBackslash() && s.affects(c, slashForBackslash, &s.bs):
		return BackslashConfusion
	case s.loophole():
		return Loophole
	}
	base := s.baseTakesPart()
	if c == cScheme || s.schemeDiverges() || base && s.relativeBase() {
		if c == cScheme && s.equalFold(c) {
			return Case
		}
		return SchemeConfusion
	}
	if base && s.opaqueBase() {
		return OpaquePath
	}
	n := s.slashCount()
	switch {
	case s.rfc1808NetLocHasDelims() && c != cFragment:
		return NetLocDelimiters
	case (c == cNetLoc || c == cPath) && (s.special && s.irregularSlashes(n) || base && s.baseSlashes()):
		return SlashConfusion
	case s.refHasEmpty() || s.outside && s.emptyAlone(c):
		return EmptyComponent
	}
	if c == cNetLoc {
		switch {
		case s.scheme() == "file":
			return SchemeMixup
		case s.emptyVersusAbsentNetLoc():
			return EmptyComponent
		case s.partEqual(func(k *keys) string { return strings.ToLower(k.host.Value) }) &&
			s.partEqual(func(k *keys) string { return k.port.Value }) &&
			s.partEqual(func(k *keys) string { return k.userinfo.Value }):
			return Case
		case s.partEqual(func(k *keys) string { return strings.ToLower(ast.PercentDecode(k.host.Value)) }) &&
			!s.partEqual(func(k *keys) string { return k.host.Value }):
			return EncodedData
		case s.partEqual(func(k *keys) string { return ast.PercentDecode(k.userinfo.Value) }) &&
			s.partEqual(func(k *keys) string { return k.host.Value + ":" + k.port.Value }):
			return PercentEncoding
		}
		return Host
	}
	if (c == cPath || c == cParams) && s.hasParams(base) {
		return Params
	}
	if s.decodedEqual(c) || c == cPath && (s.pathDecodedEqual() || s.decodedSlash()) ||
		c == cParams && s.decodedSemicolon() || c == cPath && strings.Contains(strings.ToLower(s.ref), "%2e") {
		return PercentEncoding
	}
	if c == cPath {
		if k := s.dotClass(); k != Unclassified {
			return k
		}
		if s.emptyVersusRoot() {
			if r := &s.rs[RFC1808].Components; r.Path == "/" && r.NetLoc.Present && (r.Query.Present || r.Params.Present) {
				return NetLocDelimiters // step 7 writes "/" before a "?" that would join the net_loc
			}
			if s.special {
				return SchemeMixup
			}
		}
	}
	if s.scheme() == "file" {
		return SchemeMixup
	}
	return Unclassified
}

// scheme is the scheme of the result, as the URL Standard reads it when it
// read one, else as RFC 1808 does (lower-cased).
func (s *situation) scheme() string {
	if w := &s.rs[WHATWG]; w.URL.Present {
		return w.Components.Scheme.Value
	}
	return strings.ToLower(s.rs[RFC1808].Components.Scheme.Value)
}

// schemeDiverges reports whether the readers disagree on the scheme, case
// aside: then every other difference follows from it.
func (s *situation) schemeDiverges() bool {
	return !s.partEqual(func(k *keys) string { return strings.ToLower(k.c[cScheme].String()) })
}

// baseTakesPart reports whether some reader reads the reference's
// components against the base. A reference with a scheme is an absolute
// URL to each reader (RFC 1808 §4 step 2b: "If the embedded URL starts with
// a scheme name, it is interpreted as an absolute URL and we are done";
// net/url's ResolveReference takes it as it is; the URL Standard consults
// the base only in its no scheme state and for a special scheme equal to
// the base's), so that what the base is cannot explain a difference in its
// components, only a verdict (a reader that rejects the base rejects every
// reference). Two references with a scheme are read against the base: the
// §5.2 loophole (http:g against an http base), and one whose scheme the URL
// Standard does not read as such (1a:b, which begins with a digit).
func (s *situation) baseTakesPart() bool {
	if !s.b.has {
		return false
	}
	_, _, ok := schemeOf(s.clean())
	return !ok || s.loophole()
}

// relativeBase reports whether the base has no scheme: §2 wants an
// absolute base, and each reader makes of a relative one what it can.
func (s *situation) relativeBase() bool {
	return s.b.has && !splitRef(s.b.s).Scheme.Present
}

// opaqueBase reports whether the reference is resolved against a base
// whose scheme is not followed by "/": an opaque path to net/url and to
// browsers, a rel_path to RFC 1808. A "\" is a "/" to the URL Standard
// only after a special scheme; after another (a:\), it begins an opaque
// path, as it does to net/url, which takes only "/" for a slash.
func (s *situation) opaqueBase() bool {
	if !s.b.has {
		return false
	}
	sch, rest, ok := schemeOf(strings.TrimSpace(s.b.s))
	return ok && !strings.HasPrefix(rest, "/") && !(strings.HasPrefix(rest, `\`) && isSpecial(strings.ToLower(sch)))
}

// equalFold reports whether the produced values of c agree but for case.
func (s *situation) equalFold(c int) bool {
	return s.partEqual(func(k *keys) string { return strings.ToLower(k.c[c].String()) })
}

func (s *situation) decodedEqual(c int) bool {
	return s.partEqual(func(k *keys) string { return ast.PercentDecode(k.c[c].String()) })
}

// pathDecodedEqual reports whether the readers agree on the path with
// its params, ";" and all, once escapes are decoded: they part in the path
// only in an escape one of them decoded, and in what follows from it:
// where a decoded "%3B" puts the params, and the "./" net/url writes
// before a first segment whose "%3A" it decoded (RFC 3986 §4.2: a ":"
// there would begin a scheme). RFC 1808's ";" is a delimiter and its "%3B"
// data (§2.2: pchar has no ";"; §2.4.5 cuts params at the first ";");
// net/url, printing a path whose raw form it cannot keep (a character it
// must escape, such as ">", "{" or a space), escapes the decoded path anew
// and writes "%3B" as ";", where the others' params begin (see
// [Components]), and "%3A" as ":".
func (s *situation) pathDecodedEqual() bool {
	return decodedPathsEqual(s.rs, &s.ks)
}

// decodedPathsEqual reports whether the readings that produced a URL
// agree on their decoded paths (decodedPath).
func decodedPathsEqual(rs *[numReaders]Reading, ks *[numReaders]keys) bool {
	first, v := true, ""
	for i := range rs {
		if !rs[i].URL.Present {
			continue
		}
		if p := decodedPath(&rs[i], &ks[i]); first {
			first, v = false, p
		} else if p != v {
			return false
		}
	}
	return true
}

// decodedPath is a reading's path with its params, decoded, without the
// "./" net/url adds (see pathDecodedEqual).
func decodedPath(rd *Reading, k *keys) string {
	p := k.c[cPath].Value
	if k.c[cParams].Present {
		p += ";" + k.c[cParams].Value
	}
	if slices.Contains(rd.FixUps, FixDotSlash) {
		p = strings.TrimPrefix(p, "./")
	}
	return ast.PercentDecode(p)
}

// decodedSlash reports whether the readers part in the path for a "%2F"
// net/url decoded: the reference or the base holds "%2F", and RFC 1808
// and the URL Standard agree on the path, escapes decoded, or, when one of
// them produced no URL, the readers agree on it once "%2F" is written as
// another escape. net/url resolves a reference whose raw path it cannot
// keep (a character it must escape) by the path it escapes anew from the
// decoded one, in which "%2F" is a "/": a relative "%2F>" becomes the
// absolute path "/%3E", which replaces the base's path instead of merging
// with it (§4 step 6), and a "%2F" moves a segment boundary that ".."
// counts.
func (s *situation) decodedSlash() bool {
	if !hasEscapedSlash(s.ref) && !(s.b.has && hasEscapedSlash(s.b.s)) {
		return false
	}
	r, w := &s.rs[RFC1808], &s.rs[WHATWG]
	if r.URL.Present && w.URL.Present {
		return decodedPath(r, &s.ks[RFC1808]) == decodedPath(w, &s.ks[WHATWG])
	}
	if s.outside {
		return false // an outside reading cannot be asked again
	}
	cf := s.reread(escapedSlashes.Replace, &s.sl)
	if !cf.changed {
		return false
	}
	for i := range cf.rs {
		if cf.rs[i].URL.Present != s.rs[i].URL.Present {
			return false
		}
	}
	return decodedPathsEqual(&cf.rs, &cf.ks)
}

// escapedSlashes rewrites "%2F" as "%2C", an escape that a reader
// decoding it writes as ",", a character of a segment.
var escapedSlashes = strings.NewReplacer("%2F", "%2C", "%2f", "%2C")

func hasEscapedSlash(u string) bool {
	p := before(u)
	return strings.Contains(p, "%2F") || strings.Contains(p, "%2f")
}

// partEqual reports whether f gives the same for every reader that
// produced a URL.
func (s *situation) partEqual(f func(*keys) string) bool {
	first, v := true, ""
	for i := range s.rs {
		if !s.rs[i].URL.Present {
			continue
		}
		w := f(&s.ks[i])
		if first {
			first, v = false, w
		} else if w != v {
			return false
		}
	}
	return true
}

// hasParams reports whether params take part: the reference has ";" in
// its path, or, when the base takes part, it inherits the base's path and
// params (§4 step 5), or the base's params hold a "/" (or a "\", which the
// URL Standard reads as "/" in a special URL), so that RFC 1808's base path
// is shorter than the others' in step 6.
func (s *situation) hasParams(base bool) bool {
	if strings.IndexByte(before(s.ref), ';') >= 0 {
		return true
	}
	if !base {
		return false
	}
	r := splitRef(s.ref)
	bp := splitRef(s.b.s).Params
	slashes := "/"
	if s.special {
		slashes = `/\`
	}
	return bp.Present && (strings.ContainsAny(bp.Value, slashes) ||
		!r.Scheme.Present && !r.NetLoc.Present && r.Path == "")
}

// dotClass tells the dot-segment classes apart by the §4 step that reads
// the reference's path.
func (s *situation) dotClass() Class {
	r := splitRef(s.ref)
	relative := s.b.has && !r.Scheme.Present && !r.NetLoc.Present && r.Path != "" && r.Path[0] != '/'
	p := s.rs[RFC1808].Components.Path
	switch {
	case relative && hasSegment(p, ".."):
		return DotDotAboveRoot
	case relative && (strings.Contains(p, "//") || strings.Contains(r.Path, "//")):
		return EmptySegment
	case !relative && (hasDotSegment(r.Path) || s.b.has && hasDotSegment(splitRef(s.b.s).Path)):
		return DotSegments
	case relative && hasDotSegment(r.Path):
		return DotDotAboveRoot
	case relative && hasDotSegment(splitRef(stripWhiteSpace(s.b.s)).Path):
		// The base's own "." and "..": browsers remove them when they
		// read the base; RFC 1808 merges with the base path as written
		// (step 6 drops its last segment, "..", and reads the rest). The
		// base as browsers read it, white space removed: "/0/.. " ends
		// in ".." to them (and, its last segment dropped, reads the same
		// to RFC 1808 with the space or without).
		return DotSegments
	}
	return Unclassified
}

func hasSegment(p, seg string) bool {
	for _, x := range strings.Split(p, "/") {
		if x == seg {
			return true
		}
	}
	return false
}

// emptyVersusAbsentNetLoc reports whether the readers part in the net_loc
// only in whether it is there, empty: net/url, resolving against a base
// without one (a:/), builds a URL that prints an empty net_loc (a:///b)
// where the others have none.
func (s *situation) emptyVersusAbsentNetLoc() bool {
	var absent, empty bool
	for i := range s.rs {
		if !s.rs[i].URL.Present {
			continue
		}
		switch nl := s.ks[i].c[cNetLoc]; {
		case !nl.Present:
			absent = true
		case nl.Value == "":
			empty = true
		default:
			return false
		}
	}
	return absent && empty
}

// emptyVersusRoot reports whether one reader has the empty path and
// another "/".
func (s *situation) emptyVersusRoot() bool {
	var empty, root bool
	for i := range s.rs {
		if !s.rs[i].URL.Present {
			continue
		}
		switch s.rs[i].Components.Path {
		case "":
			empty = true
		case "/":
			root = true
		}
	}
	return empty && root
}

// verdictClass classifies a disagreement on whether the input is a URL, by
// the cause of the rejection: RFC 1808's first, then the URL Standard's,
// then net/url's.
func (s *situation) verdictClass() Class {
	for _, r := range [...]Reader{RFC1808, WHATWG, RFC3986} {
		rd := &s.rs[r]
		if rd.Verdict != Rejected {
			continue
		}
		var k Class
		switch r {
		case RFC1808:
			k = s.class1808(rd.cause)
		case WHATWG:
			k = s.classWHATWG(rd.cause)
		case RFC3986:
			k = s.class3986(rd.cause)
		}
		if k != Unclassified {
			return k
		}
	}
	if s.outside {
		return s.outsideRejection()
	}
	return Unclassified
}

// outsideRejection classifies an outside reader's rejection of what RFC
// 1808, net/url and the URL Standard all accept ([Base.Classify]), by the
// shape of the reference: a scheme not followed by "//" (g:h, http:g),
// which a reader that wants "//" after every scheme rejects; a relative
// reference without a base, which a reader of absolute URLs alone
// rejects.
func (s *situation) outsideRejection() Class {
	_, rest, ok := schemeOf(s.clean())
	switch {
	case ok && !strings.HasPrefix(rest, "//"):
		if s.b.has && s.loophole() {
			return Loophole
		}
		return SlashConfusion
	case !ok && !s.b.has:
		return SchemeConfusion
	case s.opaqueBase():
		return OpaquePath
	}
	return Unclassified
}

func (s *situation) class1808(c cause) Class {
	switch c.rule {
	case "base/not-absolute":
		return SchemeConfusion
	case "base/not-generic-RL", "net_path/empty-segment":
		return SlashConfusion
	case "":
		return Unclassified
	}
	switch {
	case strings.IndexByte(c.text, '\\') >= 0 && s.special:
		return BackslashConfusion
	case strings.ContainsAny(c.text, "\t\n\r") || c.text != "" && isC0OrSpace(c.text[0]) && s.hasWhiteSpace():
		return WhiteSpace
	}
	return PercentEncoding
}

func (s *situation) classWHATWG(c cause) Class {
	switch c.whatwg {
	case wurlerrors.MissingSchemeNonRelativeURL:
		if s.opaqueBase() {
			return OpaquePath
		}
		return SchemeConfusion
	case wurlerrors.HostMissing:
		if s.irregularSlashes(s.slashCount()) || s.baseSlashes() {
			return SlashConfusion
		}
		if s.refHasEmpty() {
			return EmptyComponent
		}
		return Host
	case wurlerrors.FileInvalidWindowsDriveLetterHost:
		return SchemeMixup
	case "":
		return Unclassified
	}
	if s.hasBackslash() {
		return BackslashConfusion
	}
	return Host
}

func (s *situation) class3986(c cause) Class {
	t := c.text
	switch {
	case strings.Contains(t, "invalid URL escape"):
		return PercentEncoding
	case strings.Contains(t, "missing protocol scheme"), strings.Contains(t, "first path segment in URL cannot contain colon"):
		return SchemeConfusion
	case strings.Contains(t, "invalid control character"):
		if s.hasWhiteSpace() || strings.ContainsAny(s.ref, "\t\n\r") {
			return WhiteSpace
		}
		return PercentEncoding
	case strings.Contains(t, "invalid character") && strings.Contains(t, `\\`):
		return BackslashConfusion
	case strings.Contains(t, "invalid userinfo"):
		return PercentEncoding
	case t == "":
		return Unclassified
	}
	return Host
}
