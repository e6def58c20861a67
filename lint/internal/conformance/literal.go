package conformance

import "strings"

// literalResolve is RFC 1808 §4 read as its text reads, on strings: the
// second computation that every resolved case of the data file is checked
// against. It shares no code with package resolve (whose step 6 is a pair
// of segment stacks, §4's other suggestion) nor with the playground's
// trace of it (which records that code): step 6 is string rewriting,
// pattern by pattern, as rules a) to d) word it. It is quadratic, and fine
// for the data file's short paths.
//
// base and ref are the components of the base URL and the embedded URL as
// §2.4 cuts them (step 2), taken from the reference parser (package
// grammar); baseText and refText are the two URLs as written, for steps 1
// and 2a, which hand back one of them whole. Where the text leaves a point
// open it follows the decision cited (docs/decisions.md).
func literalResolve(baseText string, base Parts, refText string, ref Parts) string {
	// Step 1: "If the base URL is the empty string (unknown), the embedded
	// URL is interpreted as an absolute URL and we are done."
	if baseText == "" {
		return refText
	}
	// Step 2a: "If the embedded URL is entirely empty, it inherits the
	// entire base URL (i.e., is set equal to the base URL) and we are
	// done." Only "" is entirely empty (decision R-4).
	if refText == "" {
		return baseText
	}
	// Step 2b: "If the embedded URL starts with a scheme name, it is
	// interpreted as an absolute URL and we are done."
	if ref.Scheme.Present {
		return refText
	}
	// Step 2c: "Otherwise, the embedded URL inherits the scheme of the base
	// URL." "Fragment identifiers are only inherited from the base URL when
	// the entire embedded URL is empty": the fragment is the embedded URL's.
	u := ref
	u.Scheme = base.Scheme
	// Step 3: "If the embedded URL's <net_loc> is non-empty, we skip to
	// Step 7. Otherwise, the embedded URL inherits the <net_loc> (if any)
	// of the base URL." A net_loc written empty ("///g") is not non-empty
	// (decision R-5).
	if ref.NetLoc.Value != "" {
		return step7(u)
	}
	u.NetLoc = base.NetLoc
	// Step 4: "If the embedded URL path is preceded by a slash "/", the
	// path is not relative and we skip to Step 7." (§2.4.6: the slash is
	// kept with the path.)
	if strings.HasPrefix(ref.Path, "/") {
		return step7(u)
	}
	// Step 5: "If the embedded URL path is empty (and not preceded by a
	// slash), then the embedded URL inherits the base URL path, and"
	if ref.Path == "" {
		u.Path = base.Path
		// "a) if the embedded URL's <params> is non-empty, we skip to step
		// 7; otherwise, it inherits the <params> of the base URL (if any)"
		// (";" is not non-empty: decision R-5)
		if ref.Params.Value != "" {
			return step7(u)
		}
		u.Params = base.Params
		// "b) if the embedded URL's <query> is non-empty, we skip to step
		// 7; otherwise, it inherits the <query> of the base URL (if any)
		// and we skip to step 7."
		if ref.Query.Value == "" {
			u.Query = base.Query
		}
		return step7(u)
	}
	// Step 6.
	u.Path = step6(base, ref.Path)
	return step7(u)
}

// step6 is step 6: "The last segment of the base URL's path (anything
// following the rightmost slash "/", or the entire path if no slash is
// present) is removed and the embedded URL's path is appended in its
// place. The following operations are then applied, in order, to the new
// path:" a) to d), each a string rewriting.
func step6(base Parts, refPath string) string {
	bp := base.Path
	if bp == "" && base.NetLoc.Present {
		// A net_loc with an empty path: the path is the root (decision R-8).
		bp = "/"
	}
	p := bp[:strings.LastIndex(bp, "/")+1] + refPath
	// §2.4.6: "the initial slash is not part of the URL path"; it is set
	// aside, so that "/../g" has no segment before its "..".
	lead := ""
	if strings.HasPrefix(p, "/") {
		lead, p = "/", p[1:]
	}
	p = ruleA(p)
	p = ruleB(p)
	p = ruleC(p)
	p = ruleD(p)
	if lead == "" && strings.HasPrefix(p, "/") {
		// A relative path that the rules leave beginning with an empty
		// segment (base "http:.//x", "g" gives ".//g" merged, "/g" after
		// a): it keeps its "." so that it stays relative (decision R-13).
		p = "./" + p
	}
	return lead + p
}

// completeAt reports whether a segment of p begins at i: at the start, or
// after a "/".
func completeAt(p string, i int) bool { return i == 0 || p[i-1] == '/' }

// ruleA: "All occurrences of "./", where "." is a complete path segment,
// are removed." The occurrences are those of the path before the rule:
// removing one leaves the character before the next as it was ("/" or
// the start), so it makes or unmakes no other.
func ruleA(p string) string {
	var b strings.Builder
	for i := 0; i < len(p); {
		if strings.HasPrefix(p[i:], "./") && completeAt(p, i) {
			i += len("./")
			continue
		}
		b.WriteByte(p[i])
		i++
	}
	return b.String()
}

// ruleB: "If the path ends with "." as a complete path segment, that "."
// is removed."
func ruleB(p string) string {
	if p == "." || strings.HasSuffix(p, "/.") {
		return p[:len(p)-1]
	}
	return p
}

// ruleC: "All occurrences of "<segment>/../", where <segment> is a
// complete path segment not equal to "..", are removed. Removal of these
// path segments is performed iteratively, removing the leftmost matching
// pattern on each iteration, until no matching pattern remains." An empty
// segment is a complete segment (segment = *pchar; decision R-10).
func ruleC(p string) string {
	for {
		i := leftmostC(p)
		if i < 0 {
			return p
		}
		j := i + strings.Index(p[i:], "/../")
		p = p[:i] + p[j+len("/../"):]
	}
}

// leftmostC returns where the leftmost "<segment>/../" of p begins, or -1.
func leftmostC(p string) int {
	for i := 0; i <= len(p); i++ {
		if !completeAt(p, i) {
			continue
		}
		end := strings.Index(p[i:], "/")
		if end < 0 {
			return -1
		}
		if seg := p[i : i+end]; seg != ".." && strings.HasPrefix(p[i+end:], "/../") {
			return i
		}
	}
	return -1
}

// ruleD: "If the path ends with "<segment>/..", where <segment> is a
// complete path segment not equal to "..", that "<segment>/.." is
// removed."
func ruleD(p string) string {
	if !strings.HasSuffix(p, "/..") {
		return p
	}
	rest := p[:len(p)-len("/..")]
	start := strings.LastIndex(rest, "/") + 1
	if rest[start:] == ".." {
		return p
	}
	return p[:start]
}

// step7: "The resulting URL components, including any inherited from the
// base URL, are recombined to give the absolute form of the embedded
// URL", in the order of §2.1 with their delimiters: a component is
// written, delimiter and all, when it is present, though empty (decision
// Where the components so written would read back otherwise (§2.4),
// the path is written so that they do not.
func step7(u Parts) string {
	var b strings.Builder
	if u.Scheme.Present {
		b.WriteString(u.Scheme.Value + ":")
	}
	p := u.Path
	if u.NetLoc.Present {
		b.WriteString("//" + u.NetLoc.Value)
		switch {
		case p != "" && !strings.HasPrefix(p, "/"):
			// net_path = "//" net_loc [ abs_path ] (§2.2).
			p = "/" + p
		case p == "" && (u.Params.Present || u.Query.Present):
			// "//a?y" would read "a?y" as the net_loc (§2.4.3): an empty
			// path after a net_loc is written "/" before ";" or "?"
			// (decision R-8).
			p = "/"
		}
	} else if strings.HasPrefix(p, "//") {
		// "//g" would read as a net_loc: a "." segment in front (decision
		//
		p = "/." + p
	}
	b.WriteString(p)
	if u.Params.Present {
		b.WriteString(";" + u.Params.Value)
	}
	if u.Query.Present {
		b.WriteString("?" + u.Query.Value)
	}
	if u.Fragment.Present {
		b.WriteString("#" + u.Fragment.Value)
	}
	return b.String()
}
