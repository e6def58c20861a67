package compare

import (
	"bytes"
	"strings"

	"github.com/relurl/relurl/ast"
)

// plainKind is the shape of a plain input, or notPlain: the prefilter.
//
// Most links in real documents are plain
// ("../library/os.html#os.path", "https://docs.python.org/3/", "#section",
// "genindex.html"), and on plain input the three readers provably agree,
// so their readings can be written down without running them. The
// prefilter recognises such input in one linear pass over the reference,
// with the base analysed once by [NewBase], and allocates nothing to
// decide; [Base.Reference] then fills the report (a Report, and the
// resolved URL when it is not the reference itself), and [Base.Agrees]
// answers without a report. Anything it does not recognise takes the full
// path, which runs every reader. TestPrefilterDifferential,
// TestPrefilterTokens and the prefilter's fuzz target hold the two paths
// to the identical Report (reflect.DeepEqual) on every input they try.
//
// # The plain subset
//
// A plain base is an absolute URL
//
//	scheme "://" host [ ":" port ] path [ "?" query ] [ "#" fragment ]
//
// and a plain reference is one of
//
//	scheme "://" host [ ":" port ] path [ "?" query ] [ "#" fragment ]
//	"file:///" path-rest [ "?" query ] [ "#" fragment ]
//	scheme ":" opaque [ "?" query ] [ "#" fragment ]
//	"//" host [ ":" port ] path [ "?" query ] [ "#" fragment ]
//	path [ "?" query ] [ "#" fragment ]
//	"?" query [ "#" fragment ]
//	"#" fragment
//
// where, in the terms of RFC 1808 §2.2:
//
//   - scheme, for a base or a URL with "//", is one of the special schemes
//     of the URL Standard but file (http, https, ws, wss, ftp), in lower
//     case; for an opaque URL any other scheme in lower case that begins
//     with a letter. Lower case: browsers and net/url lower-case a scheme
//     (class case). Special: a browser reads the host and path of a
//     non-special scheme by other rules (opaque hosts), and file has rules
//     of its own (scheme mixup). A scheme RFC 1808 cuts by §2.4.2 but the
//     others do not (a first letter that is not alpha) is not plain;
//   - file is plain in an absolute reference with an empty host alone,
//     "file:///" and a path of the rules below (the first "/" is the
//     path's): a browser keeps such a URL as it is (no host to parse, and
//     a drive letter, "C:", is written as it is read), net/url reads an
//     empty authority, RFC 1808 an empty net_loc; a file URL is never a
//     plain base, nor a file URL with a host or without "//" a plain
//     reference. Local documentation links to itself so (a page's
//     canonical link);
//   - host is one or more labels of lower-case letters, digits and "-",
//     joined by ".", each of 1 to 63 characters that begins and ends with a
//     letter or digit and has no "--" at its third and fourth characters
//     (so no "xn--" label), 253 characters at most, the last label
//     beginning with a letter. The URL Standard's host parser then changes
//     nothing: percent-decoding finds no "%", UTS #46 ToASCII maps such
//     ASCII labels to themselves (they are lower case, valid under STD3
//     rules and hold no punycode), no forbidden domain code point is there,
//     and "ends in a number" is false, so the IPv4 parser is not run.
//     net/url keeps such a host as it is; RFC 1808 leaves the net_loc to the
//     scheme. No userinfo: browsers and net/url split and re-encode it;
//   - port is a decimal number from 1 to 65535 without leading zeros, other
//     than the default port of the scheme (the base's, for a "//"
//     reference): browsers drop a default port, and rewrite leading zeros
//     (class host);
//   - path, after a host, begins with "/"; an empty one would be written
//     "/" by a browser (scheme mixup). Its segments are made of RFC 1808's
//     pchar but "'" (a browser encodes it in a special URL's query; it is
//     kept out of every component, for one alphabet), with every "%" a
//     valid escape and no escape of "." (%2e: the URL Standard reads
//     ".%2e" as ".."). No segment is empty but the last ("a//b" is class
//     empty-segment). ";" appears in the last segment only, after at least
//     one character other than a lone "." or "..": RFC 1808 §2.4.5 cuts the
//     params at the first ";" of the path, and this package shows the
//     others' params as what follows the first ";" of the last segment, so
//     the two cuts coincide exactly there; and §4 step 6 resolves the path
//     without its params, so a "..;x" (a dot segment to RFC 1808, a name to
//     the others) and a ";x" with nothing before it (step 5 replaces the
//     base's params) are not plain;
//   - dot segments: none in a base, an absolute URL, an opaque path, a
//     "//" reference or a path beginning with "/", where RFC 1808 stops at
//     step 2b or step 4 and keeps them while a browser removes them (class
//     dot-segments). In a relative path "." and ".." are plain as long as
//     no ".." climbs above the root of the base's path (class
//     dotdot-above-root): then step 6's removal of "./", a final ".", and
//     "<segment>/../" leftmost first, on a path with no empty segment, is
//     the segment stack of RFC 3986 §5.2.4 and of the URL Standard's path
//     state (shorten the path for "..", nothing for ".", an empty last
//     segment for either at the end), and all three produce one path. The
//     first segment of a relative path holds no ":" (a scheme, or net/url's
//     "first path segment in URL cannot contain colon");
//   - opaque is a non-empty path of the same alphabet and the same rules
//     that does not begin with "/": RFC 1808 reads it as a rel_path,
//     net/url as its Opaque, and the URL Standard as an opaque path (its
//     scheme is not special and no "/" follows the ":"), all as written;
//   - query and fragment are non-empty (an empty one is class
//     empty-component: net/url cannot tell "#" from none, and §4 step 5
//     tests "non-empty") and made of RFC 1808's query characters (uchar and
//     reserved) but "'", with valid escapes: net/url keeps the raw query and
//     a fragment whose escapes are valid; a browser encodes nothing of that
//     alphabet in a query or fragment.
//
// None of these holds a character the URL Standard strips or removes
// first (C0 controls, space, tab, newline) or a "\", which it reads as "/"
// in a special URL. The empty reference is never plain: RFC 1808 §4 step
// 2a gives it the base's fragment, a browser does not.
//
// On such input, against a plain base, every reader reads the same URL:
// the reference as it is when it has a scheme (§4 step 2b; the URL
// Standard's scheme state, then the special authority states or the
// opaque path state; net/url's ResolveReference keeps a reference with a
// scheme), the base's scheme before a "//" reference (step 2c and 3; the
// URL Standard's relative slash state), the base's scheme and net_loc
// before a path that begins with "/" (step 4), the base's URL up to its
// query before a "?" (step 5, which keeps the base's path and params), up
// to its fragment before a "#" (step 5 also keeps the query), and the
// merged path of step 6 otherwise. The base's last segment may hold ";":
// step 6 drops that segment with its params, as a browser drops the last
// segment. The components then follow from the one URL, cut as
// [split3986] cuts it, and the verdicts are "accepted" with no fix-up.
//
// Without a base, a plain URL with a scheme is read as it is by all
// three; a plain reference without one is a URL to RFC 1808 and net/url,
// which read it as it is, and a failure to the URL Standard (see
// [noScheme]): the report holds that one divergence, of class
// scheme-confusion, in the verdict.
type plainKind uint8

const (
	notPlain plainKind = iota
	plainAbsolute
	plainOpaque
	plainNetPath
	plainAbsPath
	plainRelPath
	plainQuery
	plainFragment
)

// plainBase is the analysis of a base, made once by NewBase.
type plainBase struct {
	ok       bool
	scheme   int // end of the scheme: b.s[:scheme]
	origin   int // end of the net_loc: b.s[:origin] is scheme "://" net_loc
	dir      int // just past the last "/" of the path
	pathEnd  int // end of the path and its params
	queryEnd int // end of the query: b.s[:queryEnd] is the base without its fragment
	depth    int // segments of the path before its last: "/b/c/d" has 2
}

// noDepth is the depth given to the scan of a reference read without a
// base: nothing resolves it, so no ".." can climb above a root.
const noDepth = 1 << 30

// pathChars and queryChars are the alphabets of the plain subset, derived
// from the one class table of package ast: RFC 1808's pchar (path segments
// and opaque paths) and the characters of query and fragment, without "'".
var (
	pathChars  = plainSet(ast.PcharChar)
	queryChars = plainSet(ast.QueryChar)
)

func plainSet(c ast.Class) (t [256]bool) {
	for i := range 256 {
		t[i] = ast.Is(byte(i), c) && i != '\''
	}
	return t
}

func isLowerAlpha(c byte) bool { return c >= 'a' && c <= 'z' }
func isDigit(c byte) bool      { return c >= '0' && c <= '9' }

// analyseBase reads a base for the prefilter.
func analyseBase(s string) plainBase {
	k, sc := scanPlain(s, "", noDepth)
	if k != plainAbsolute || strings.HasPrefix(s, "file:") {
		return plainBase{} // a file URL's rules for what resolves against it are its own
	}
	p := plainBase{ok: true, scheme: sc.scheme, origin: sc.pathStart, pathEnd: sc.pathEnd, queryEnd: sc.queryEnd}
	path := s[sc.pathStart:sc.pathEnd]
	p.dir = sc.pathStart + strings.LastIndexByte(path, '/') + 1
	p.depth = strings.Count(s[sc.pathStart:p.dir], "/") - 1
	return p
}

// plainScan is where scanPlain found the parts of a plain input.
type plainScan struct {
	scheme    int // length of the scheme; 0 without one
	pathStart int // start of the path (after the net_loc, if any)
	pathEnd   int // end of the path with its params
	queryEnd  int // end of the query (start of the fragment's "#", or len)
}

// scanPlain reads s in one pass and returns its plain shape, or notPlain.
// baseScheme and depth describe the base ("" and noDepth without one):
// its scheme, whose default port a "//" reference must not name, and the
// number of segments of its path before the last, above which no ".." of
// a relative path may climb.
func scanPlain(s, baseScheme string, depth int) (plainKind, plainScan) {
	var sc plainScan
	var k plainKind
	file := false
	i := 0
	if n := ast.SchemeLen(s); n > 0 {
		// §2.4.2 cuts a scheme; the others only one that begins with a
		// letter. Lower case only.
		if !isLowerAlpha(s[0]) {
			return notPlain, sc
		}
		for j := 1; j < n; j++ {
			if c := s[j]; c >= 'A' && c <= 'Z' {
				return notPlain, sc
			}
		}
		sc.scheme = n
		scheme := s[:n]
		i = n + 1
		switch {
		case isSpecial(scheme) && scheme != "file":
			if !strings.HasPrefix(s[i:], "//") {
				return notPlain, sc // the http:g loophole, or slash confusion
			}
			k = plainAbsolute
			i += 2
		case scheme == "file":
			// A file URL with an empty host alone ("file:///…"): every
			// reader keeps it as it is; no base is one (analyseBase).
			if !strings.HasPrefix(s[i:], "///") {
				return notPlain, sc
			}
			k, file = plainAbsolute, true
			i += 2
		case isSpecial(scheme):
			return notPlain, sc
		default:
			if i == len(s) || !pathChars[s[i]] && s[i] != '%' || s[i] == '/' {
				return notPlain, sc // an empty opaque path, or one after "/"
			}
			k = plainOpaque
		}
	} else {
		switch {
		case s == "":
			return notPlain, sc // step 2a: the base's fragment
		case strings.HasPrefix(s, "//"):
			k, i = plainNetPath, 2
		case s[0] == '/':
			k = plainAbsPath
		case s[0] == '?':
			k = plainQuery
		case s[0] == '#':
			k = plainFragment
		default:
			k = plainRelPath
		}
	}
	if (k == plainAbsolute || k == plainNetPath) && !file {
		var ok bool
		scheme := baseScheme
		if k == plainAbsolute {
			scheme = s[:sc.scheme]
		}
		if i, ok = scanHostPort(s, i, scheme); !ok || i == len(s) || s[i] != '/' {
			return notPlain, sc // a host not plain, or an empty path
		}
	}
	sc.pathStart = i
	if k != plainQuery && k != plainFragment {
		var ok bool
		if i, ok = scanPath(s, i, k, depth); !ok {
			return notPlain, sc
		}
	}
	sc.pathEnd = i
	if i < len(s) && s[i] == '?' {
		j, ok := scanQuery(s, i+1)
		if !ok {
			return notPlain, sc
		}
		i = j
	}
	sc.queryEnd = i
	if i < len(s) {
		if s[i] != '#' {
			return notPlain, sc
		}
		j, ok := scanQuery(s, i+1)
		if !ok || j != len(s) {
			return notPlain, sc
		}
	}
	return k, sc
}

// scanHostPort reads a plain host and port from s[i:] up to the next "/",
// "?", "#" or the end, and returns where it stops.
func scanHostPort(s string, i int, scheme string) (int, bool) {
	start, label := i, i
	lastAlpha := false // the current label begins with a letter
	for ; ; i++ {
		var c byte
		if i < len(s) {
			c = s[i]
		}
		switch {
		case isLowerAlpha(c) || isDigit(c):
			if i == label {
				lastAlpha = isLowerAlpha(c)
			}
			continue
		case c == '-':
			if i == label || i-label == 3 && s[i-1] == '-' {
				return i, false // a leading "-", or "--" at the third and fourth
			}
			continue
		}
		// the end of a label
		if n := i - label; n == 0 || n > 63 || s[i-1] == '-' {
			return i, false
		}
		if c == '.' {
			label = i + 1
			continue
		}
		break
	}
	if !lastAlpha || i-start > 253 {
		return i, false
	}
	if i < len(s) && s[i] == ':' {
		i++
		p, digits := 0, 0
		for ; i < len(s) && isDigit(s[i]); i++ {
			if digits == 0 && s[i] == '0' || digits == 5 {
				return i, false
			}
			p = p*10 + int(s[i]-'0')
			digits++
		}
		if digits == 0 || p > 65535 || itoaEq(p, defaultPort(scheme)) {
			return i, false
		}
	}
	return i, true
}

// itoaEq reports whether the decimal p is written s.
func itoaEq(p int, s string) bool {
	if s == "" {
		return false
	}
	q := 0
	for i := 0; i < len(s); i++ {
		q = q*10 + int(s[i]-'0')
	}
	return p == q
}

// scanPath reads a plain path (or opaque path) from s[i:] up to "?", "#"
// or the end.
func scanPath(s string, i int, k plainKind, depth int) (int, bool) {
	if k == plainAbsolute || k == plainNetPath || k == plainAbsPath {
		i++ // the leading "/"
	}
	level := depth // segments on the stack before the current one
	seg, semi := i, -1
	first := true // in the first segment
	for ; ; i++ {
		var c byte
		end := i == len(s)
		if !end {
			c = s[i]
		}
		if end || c == '/' || c == '?' || c == '#' {
			last := c != '/'
			if semi >= 0 {
				name := s[seg:semi]
				if !last || name == "" || name == "." || name == ".." {
					return i, false
				}
			}
			switch s[seg:i] {
			case "":
				if !last || k == plainOpaque && first {
					return i, false // an empty segment
				}
			case ".", "..":
				if k != plainRelPath {
					return i, false // dot segments that RFC 1808 keeps
				}
				if s[seg:i] == ".." {
					if level == 0 {
						return i, false // above the root
					}
					level--
				}
			default:
				if !last {
					level++
				}
			}
			if last {
				return i, true
			}
			seg, semi, first = i+1, -1, false
			continue
		}
		switch {
		case c == '%':
			if !ast.IsEscape(s[i:]) || s[i+1] == '2' && s[i+2]|0x20 == 'e' {
				return i, false
			}
			i += 2
		case c == ';':
			if semi < 0 {
				semi = i
			}
		case c == ':' && first && k == plainRelPath:
			return i, false
		case !pathChars[c]:
			return i, false
		}
	}
}

// scanQuery reads a plain, non-empty query or fragment from s[i:] up to
// "#" or the end.
func scanQuery(s string, i int) (int, bool) {
	start := i
	for ; i < len(s); i++ {
		switch c := s[i]; {
		case c == '#':
			return i, i > start
		case c == '%':
			if !ast.IsEscape(s[i:]) {
				return i, false
			}
			i += 2
		case !queryChars[c]:
			return i, false
		}
	}
	return i, i > start
}

// plainKindOf returns the plain shape of ref against the base, or
// notPlain. It allocates nothing.
func (b *Base) plainKindOf(ref string) (plainKind, plainScan) {
	if !b.has {
		return scanPlain(ref, "", noDepth)
	}
	if !b.plain.ok {
		return notPlain, plainScan{}
	}
	return scanPlain(ref, b.s[:b.plain.scheme], b.plain.depth)
}

// resolvePlain is the URL every reader reads for a plain reference against
// the plain base (see the doc comment above on why they agree).
func (b *Base) resolvePlain(ref string, k plainKind) string {
	p := &b.plain
	switch k {
	case plainAbsolute, plainOpaque:
		return ref
	case plainNetPath:
		return b.s[:p.scheme+1] + ref
	case plainAbsPath:
		return b.s[:p.origin] + ref
	case plainQuery:
		return b.s[:p.pathEnd] + ref
	case plainFragment:
		return b.s[:p.queryEnd] + ref
	}
	// Step 6 on the segment stack: the base's path up to its last "/",
	// then each segment of the reference's path.
	buf := make([]byte, 0, p.dir+len(ref))
	buf = append(buf, b.s[:p.dir]...)
	root := p.origin + 1 // buf[:root] ends with the path's first "/"
	end := strings.IndexAny(ref, "?#")
	if end < 0 {
		end = len(ref)
	}
	path := ref[:end]
	for path != "" {
		seg, rest, more := strings.Cut(path, "/")
		switch seg {
		case ".":
		case "..":
			// plainKindOf saw that no ".." climbs above the root, so
			// buf holds a segment to remove.
			if len(buf) > root {
				buf = buf[:root+bytes.LastIndexByte(buf[root:len(buf)-1], '/')+1]
			}
		default:
			buf = append(buf, seg...)
			if more {
				buf = append(buf, '/')
			}
		}
		path = rest
	}
	buf = append(buf, ref[end:]...)
	return string(buf)
}

// plainReport fills the report of a plain reference without running a
// reader.
func (b *Base) plainReport(ref string, k plainKind) *Report {
	rep := &Report{Input: ref}
	if b.has {
		rep.Base = some(b.s)
	}
	if !b.has && k != plainAbsolute && k != plainOpaque {
		// A relative reference read alone: RFC 1808 and net/url read it as
		// it is; a browser fails (scheme confusion, in the verdict).
		c := split3986(ref)
		rep.Readings[RFC1808] = Reading{Reader: RFC1808, Verdict: Accepted, FixUps: []FixUp{}, Components: c, URL: some(ref)}
		rep.Readings[RFC3986] = Reading{Reader: RFC3986, Verdict: Accepted, FixUps: []FixUp{}, Components: withHostPort(c), URL: some(ref)}
		rep.Readings[WHATWG] = noSchemeReading()
		rep.Readings[WHATWG].FixUps = []FixUp{}
		rep.Divergences = []Divergence{{
			Class:   SchemeConfusion,
			Decides: classes[SchemeConfusion].Decides,
			Parts: []Part{{
				Component: componentNames[cVerdict],
				RFC1808:   some(Accepted.String()),
				RFC3986:   some(Accepted.String()),
				WHATWG:    some(Rejected.String()),
			}},
		}}
		return rep
	}
	u := ref
	if b.has {
		u = b.resolvePlain(ref, k)
	}
	c := split3986(u)
	rep.Agree = true
	rep.Divergences = []Divergence{}
	rep.Readings[RFC1808] = Reading{Reader: RFC1808, Verdict: Accepted, FixUps: []FixUp{}, Components: c, URL: some(u)}
	c = withHostPort(c)
	rep.Readings[RFC3986] = Reading{Reader: RFC3986, Verdict: Accepted, FixUps: []FixUp{}, Components: c, URL: some(u)}
	rep.Readings[WHATWG] = Reading{Reader: WHATWG, Verdict: Accepted, FixUps: []FixUp{}, Components: c, URL: some(u)}
	return rep
}

// withHostPort adds the host and port that net/url and the URL Standard
// split from a plain net_loc (which has no userinfo, and no port but a
// non-default one).
func withHostPort(c Components) Components {
	if c.NetLoc.Present {
		host, port := splitHostPort(c.NetLoc.Value)
		c.Host = some(host)
		c.Port = port
	}
	return c
}

// Agrees reports whether the three readers agree on ref resolved against
// the base: [Base.Reference](ref).Agree, but without a report, and without
// allocating or running a reader when ref is plain (see the prefilter's
// doc comment in plain.go). A linter asks this first, and builds the
// report only for a reference on which the readers part.
func (b *Base) Agrees(ref string) bool {
	if !b.exact {
		switch k, _ := b.plainKindOf(ref); {
		case k == notPlain:
		case b.has || k == plainAbsolute || k == plainOpaque:
			return true
		default:
			return false // a relative reference read alone
		}
	}
	return b.Reference(ref).Agree
}
