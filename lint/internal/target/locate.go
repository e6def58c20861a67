package target

import (
	"fmt"
	"slices"
	"strings"

	"github.com/relurl/relurl/ast"
	"github.com/relurl/relurl/resolve"
)

// SiteURL is the URL a tree is taken to be served at when no base URL
// names it: the root of a site of its own, so that the file "a/b.html"
// is "/a/b.html" there and the root-relative "/c.html" is the root's
// "c.html". Its host is under .invalid (RFC 2606): no document names it.
const SiteURL = "http://site.invalid/"

// rootURL is the URL of a tree's root directory, as [Tree.Locate] reads
// it.
type rootURL struct {
	// url is the URL as given; parsed its reading.
	url    string
	parsed ast.URL
	// scheme and netLoc are compared in any letter case; dir is the path
	// up to its last "/", which every path under the root begins with,
	// and segs its segments.
	scheme, netLoc, dir string
	segs                []string
	// dirURL is the URL of the root directory itself: url without what
	// follows dir.
	dirURL string
}

func parseRoot(u string) (rootURL, error) {
	if u == "" {
		u = SiteURL
	}
	p, err := resolve.ParseBase(u)
	if err != nil {
		return rootURL{}, fmt.Errorf("the URL of the root %s: %w", ast.Quote(u, 0), err)
	}
	dir := p.Path.Value
	if i := strings.LastIndexByte(dir, '/'); i >= 0 {
		dir = dir[:i+1]
	} else {
		dir = "/"
	}
	if dir == "" || dir[0] != '/' {
		dir = "/" + dir
	}
	var segs []string
	if dir != "/" {
		segs = strings.Split(strings.Trim(dir, "/"), "/")
	}
	dirURL := p.Scheme.Value + ":"
	if p.NetLoc.Present {
		dirURL += "//" + p.NetLoc.Value
	}
	return rootURL{url: u, parsed: p, scheme: p.Scheme.Value, netLoc: p.NetLoc.Value, dir: dir, segs: segs, dirURL: dirURL + dir}, nil
}

// Where says where a URL leads, as [Tree.Locate] reads it.
type Where uint8

// Where URLs lead.
const (
	// External: to another site (another scheme or net_loc): relurl
	// never fetches it.
	External Where = iota + 1
	// Outside: to the tree's site, but not under its root ("../" above
	// the root, another directory of the site).
	Outside
	// Inside: to a path under the root.
	Inside
)

// Place is where a URL leads. (Its strings come first and its small
// fields after them, which keeps it small: links keep one each.)
type Place struct {
	// Path, Inside, is the path under the root, each segment
	// percent-decoded once, without a trailing "/" ("" is the root); Dir
	// says it was written with one, or is the root. Empty and "."
	// segments are dropped and ".." takes the segment before it away, as
	// servers read a path.
	Path string
	// Bad, Inside, says why no file can have the path: a segment that
	// decodes to "/", NUL, "." or "..".
	Bad   string
	Where Where
	Dir   bool
	// Above, Outside, says that the path climbs above the root of the
	// site ("/../x", which RFC 1808 keeps), not into another directory.
	Above bool
}

// LocateURL returns where the URL u, an absolute URL (a reference
// resolved by RFC 1808 §4), leads: its path is its path and params, as a
// server reads them.
func (t *Tree) LocateURL(u *ast.URL) Place {
	path := u.Path.Value
	if u.Params.Present {
		path += ";" + u.Params.Value
	}
	return t.Locate(u.Scheme.Value, u.NetLoc.Value, path)
}

// Elsewhere reports whether a URL of this scheme and net_loc is on
// another site than the root's: [Locate] places it [External].
func (t *Tree) Elsewhere(scheme, netLoc string) bool {
	return !strings.EqualFold(scheme, t.root.scheme) || !strings.EqualFold(netLoc, t.root.netLoc)
}

// Locate returns where the URL of these components leads: another site
// (its scheme or net_loc, compared in any letter case, are not the
// root's), the root's site outside the root (its path, read as a server
// reads it, does not begin with the root's directory, or climbs above the
// site's root with ".."), or a path under the root. A query is not part
// of the place: a static file is the same whatever the query.
func (t *Tree) Locate(scheme, netLoc, path string) Place {
	var p Place
	if t.Elsewhere(scheme, netLoc) {
		p.Where = External
		return p
	}
	if rel, ok := strings.CutPrefix(path, t.root.dir); ok && plainPath(rel) {
		// Nothing to read in it but its names.
		p.Where, p.Path, p.Dir = Inside, strings.TrimSuffix(rel, "/"), rel == "" || rel[len(rel)-1] == '/'
		return p
	}
	// The path as a server reads it: "." segments dropped, ".." taking
	// the segment before it away, empty segments ("a//b") dropped; a
	// ".." with nothing before it climbs above the site's root.
	dir := path == "" || strings.HasSuffix(path, "/") || strings.HasSuffix(path, "/.") || strings.HasSuffix(path, "/..")
	var segs []string
	for seg := range strings.SplitSeq(strings.TrimPrefix(path, "/"), "/") {
		switch seg {
		case "", ".":
		case "..":
			if len(segs) == 0 {
				p.Where, p.Above = Outside, true
				return p
			}
			segs = segs[:len(segs)-1]
		default:
			segs = append(segs, seg)
		}
	}
	rootSegs := t.root.segs
	if len(segs) < len(rootSegs) || !slices.Equal(segs[:len(rootSegs)], rootSegs) {
		p.Where = Outside
		return p
	}
	segs = segs[len(rootSegs):]
	p.Where, p.Dir = Inside, dir || len(segs) == 0
	for i, seg := range segs {
		d := ast.PercentDecode(seg)
		switch {
		case strings.ContainsAny(d, "/\x00"):
			p.Bad = fmt.Sprintf("its segment %s decodes to a \"/\" or a NUL, which no file name holds", ast.Quote(seg, 0))
		case d == "." || d == "..":
			p.Bad = fmt.Sprintf("its segment %s decodes to %q, which names no file", ast.Quote(seg, 0), d)
		}
		segs[i] = d
	}
	p.Path = strings.Join(segs, "/")
	return p
}

// plainPath reports whether rel, a path after the root's directory, is
// its own reading: no escape, no empty segment, no "." or ".." segment.
func plainPath(rel string) bool {
	if strings.IndexByte(rel, '%') >= 0 || strings.Contains(rel, "//") || strings.HasPrefix(rel, "/") {
		return false
	}
	return !HasDotSegment(rel)
}

// HasDotSegment reports whether the path p holds a "." or ".." segment.
func HasDotSegment(p string) bool {
	for i := strings.IndexByte(p, '.'); i >= 0; {
		if i == 0 || p[i-1] == '/' {
			j := i + 1
			if j < len(p) && p[j] == '.' {
				j++
			}
			if j == len(p) || p[j] == '/' {
				return true
			}
		}
		k := strings.IndexByte(p[i+1:], '.')
		if k < 0 {
			return false
		}
		i += k + 1
	}
	return false
}

// URLOf returns the URL the file at path (slash-separated, under the
// root) is served at: the path, each byte a segment cannot hold as it is
// escaped (see [PathReference]), resolved against the root's URL.
func (t *Tree) URLOf(path string) string {
	u, err := resolve.Resolve(t.root.url, PathReference(path))
	if err != nil {
		return t.root.url
	}
	return u.String()
}

// RootURL returns the URL of the root: the URL the tree was made with, or
// [SiteURL].
func (t *Tree) RootURL() string { return t.root.url }

// RootDir returns the URL of the root directory: RootURL up to the last
// "/" of its path ("http://a/docs/" for "http://a/docs/index.html").
func (t *Tree) RootDir() string { return t.root.dirURL }

// PathReference returns the relative URL of a slash-separated relative
// file path: each byte that a path segment cannot hold as it is (RFC 1808
// §2.2 pchar: white space, "%", ";", "?", "#", "~", non-ASCII, ...) escaped
// as %XX, and "./" in front when the first segment holds ":", which would
// read as a scheme (§5.3).
func PathReference(p string) string {
	var b strings.Builder
	for i := 0; i < len(p); i++ {
		if c := p[i]; c == '/' || ast.Is(c, ast.PcharChar) {
			b.WriteByte(c)
		} else {
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	ref := b.String()
	if first, _, _ := strings.Cut(ref, "/"); strings.Contains(first, ":") {
		ref = "./" + ref
	}
	return ref
}

// Dir is a directory of a [Tree] as the place references are written
// in, for [Dir.Near]. Get it with [Tree.Dir]; it is safe for concurrent
// use.
type Dir struct {
	t   *Tree
	dir string
}

// Dir returns the directory dir under the root ("" the root), the same
// each time for the same dir.
func (t *Tree) Dir(dir string) *Dir {
	t.mu.RLock()
	d := t.nearDirs[dir]
	t.mu.RUnlock()
	if d != nil {
		return d
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if d = t.nearDirs[dir]; d == nil {
		// Kept: it must not hold on to the caller's string (a piece of a
		// document).
		dir = strings.Clone(dir)
		d = &Dir{t: t, dir: dir}
		t.nearDirs[dir] = d
	}
	return d
}

// Near returns where the relative path ref (a reference with no scheme,
// net_loc, params, query or fragment: its path alone, not empty, not
// beginning with "/") leads from a file in the directory dir under the
// root ("" the root), and what is there, when that is plain to see: ref
// is names after leading "./" and then "../" segments that stay under
// the root, with no escape, empty segment or other dot segment. Its
// answer is Locate's of the reference resolved by RFC 1808 §4 against
// the URL of a file in dir, and Resolve's; false for any other
// reference.
func (t *Tree) Near(dir, ref string) (Place, *Target, bool) {
	return t.Dir(dir).Near(ref)
}

// Near is [Tree.Near] from the directory d. The path is made in a buffer
// of its own and looked up in the targets resolved without a copy: a
// reference costs no memory of its own (decision S-22).
func (d *Dir) Near(ref string) (Place, *Target, bool) {
	var buf [256]byte
	key, isDir, ok := appendNear(buf[:0], d.dir, ref)
	if !ok {
		return Place{}, nil, false
	}
	tg := d.t.resolveKey(key, isDir)
	return Place{Where: Inside, Path: tg.asked, Dir: isDir}, tg, true
}

// appendNear appends to dst the key of the targets resolved (targetKey)
// of the path the reference ref leads to from the directory dir, as
// [Tree.Near] reads it, and says whether it names a directory; false
// when the reference is not one Near reads.
func appendNear(dst []byte, dir, ref string) ([]byte, bool, bool) {
	if ref == "" || ref[0] == '/' || strings.IndexByte(ref, '%') >= 0 || strings.Contains(ref, "//") {
		return dst, false, false
	}
	// Leading "./" segments go first (RFC 1808 §4 step 6a), then the
	// "../" climb.
	for strings.HasPrefix(ref, "./") {
		ref = ref[2:]
	}
	up := 0
	for strings.HasPrefix(ref[up*3:], "../") {
		up++
	}
	rest := ref[up*3:]
	if rest == ".." || HasDotSegment(rest) {
		return dst, false, false
	}
	for ; up > 0; up-- {
		if dir == "" {
			return dst, false, false
		}
		i := strings.LastIndexByte(dir, '/')
		dir = dir[:max(0, i)]
	}
	isDir := rest == "" || strings.HasSuffix(rest, "/")
	rest = strings.TrimSuffix(rest, "/")
	switch {
	case dir == "":
		dst = append(dst, rest...)
	case rest == "":
		dst = append(dst, dir...)
	default:
		dst = append(append(append(dst, dir...), '/'), rest...)
	}
	if isDir {
		dst = append(dst, '/')
	}
	return dst, isDir, true
}
