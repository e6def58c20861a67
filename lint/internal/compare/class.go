package compare

import "fmt"

// Class is a kind of divergence between readings. [Classes] is the one
// table of classes, with their ids, names, descriptions, sources and the
// part of RFC 1808 that decides the RFC 1808 reading; everything else
// (JSON, the command's table, the tests) derives from it.
type Class uint8

// The classes, in the order of the table. The first five are those of the
// 2022 study by Claroty Team82 and Snyk ("Exploiting URL Parsing
// Confusion"); the next eight are the points where RFC 1808 itself reads
// differently from its successors; the last four are what a comparison
// with a browser adds. [Unclassified] marks a divergence no class
// explains: the fuzz target fails on it.
const (
	Unclassified Class = iota
	SchemeConfusion
	SlashConfusion
	BackslashConfusion
	EncodedData
	SchemeMixup
	Params
	Loophole
	DotDotAboveRoot
	EmptySegment
	NetLocDelimiters
	PercentEncoding
	Case
	EmptyComponent
	DotSegments
	WhiteSpace
	Host
	OpaquePath
	numClasses
)

// ClassInfo is one row of the class table.
type ClassInfo struct {
	// Class is the row's class.
	Class Class `json:"-"`
	// ID is the stable identifier used in JSON and on the command line.
	ID string `json:"id"`
	// Name is the class's name in a few words.
	Name string `json:"name"`
	// Description says when a divergence is of this class.
	Description string `json:"description"`
	// Source is where the class comes from.
	Source string `json:"source"`
	// Decides is the RFC 1808 production or §4 step that decides the RFC
	// 1808 reading of a divergence of this class.
	Decides string `json:"rfc1808"`
}

// classes is the table; its order is that of the Class constants (a test
// holds them together).
var classes = [numClasses]ClassInfo{
	{Unclassified, "unclassified", "unclassified",
		"a divergence that no documented class explains; a bug in this package's classifier or a new kind of divergence",
		"this package", ""},
	{SchemeConfusion, "scheme-confusion", "scheme confusion",
		"the readers disagree on whether there is a scheme, or which: a missing scheme (a relative reference read " +
			"without a base, which a browser rejects), a malformed one (beginning with a digit, as RFC 1808's " +
			"scheme = 1*( alpha | digit | ...) allows), or a first segment holding \":\"",
		"Claroty & Snyk 2022 (scheme confusion: google.com/abc)", "§2.4.2 scheme"},
	{SlashConfusion, "slash-confusion", "slash confusion",
		"an irregular number of slashes after a special scheme (http:/a, http:///a, http:a, ///a): a browser " +
			"reads a host whatever the number of slashes; RFC 1808 reads a net_loc only after exactly \"//\", " +
			"and rejects a relative \"//net_loc\" followed by \"//\"",
		"Claroty & Snyk 2022 (slash confusion: http:///google.com, http:/google.com)", "§2.4.3 net_loc (\"//\")"},
	{BackslashConfusion, "backslash-confusion", "backslash confusion",
		"a browser reads \"\\\" as \"/\" in a URL of a special scheme (http, https, ws, wss, ftp, file); for RFC 1808 " +
			"\"\\\" is a national character, invalid unescaped, and RFC 3986 parsers keep it as data or reject it",
		"Claroty & Snyk 2022 (backslash confusion: http:\\\\google.com)", "§2.2 national"},
	{EncodedData, "url-encoded-data", "URL-encoded data confusion",
		"percent-encoded data in the host, decoded by one reader (browsers, net/url) and kept by another " +
			"(RFC 1808 never decodes)",
		"Claroty & Snyk 2022 (URL-encoded data confusion: http://%67oogle.com)", "§2.2 escape, §2.4.3 net_loc"},
	{SchemeMixup, "scheme-mixup", "scheme mixup",
		"a browser reads a URL of a special scheme by rules of that scheme (the empty path written \"/\", " +
			"file: hosts and drive letters) where RFC 1808 reads every scheme by one syntax",
		"Claroty & Snyk 2022 (scheme mixup); RFC 1808 §2.2: \"all schemes are required to use a single set of reserved characters\"",
		"§2.2 generic-RL"},
	{Params, "params", "params",
		"\";\" in the path: RFC 1808 takes params after the first \";\" anywhere in the path (§2.4.5) and " +
			"resolves paths without them (§4: params \"do not form a part of the URL path\"); RFC 3986 and " +
			"browsers keep \";\" as a character of its segment (this package shows their params as what follows " +
			"the first \";\" of the last segment)",
		"RFC 1808 §2.4.5, §4, §5.1 (;x)", "§2.4.5 params; §4 step 6"},
	{Loophole, "http-g-loophole", "the http:g loophole",
		"a reference with the base's scheme and no \"//\" (http:g): RFC 1808 reads an absolute URL; " +
			"browsers resolve it as a relative reference, the loophole §5.2 tells parsers to avoid",
		"RFC 1808 §5.2", "§4 step 2b; §5.2"},
	{DotDotAboveRoot, "dotdot-above-root", "\"..\" above the root",
		"more \"..\" segments than the base path has levels: RFC 1808 keeps the surplus (http://a/../g); " +
			"RFC 3986 and browsers drop it (http://a/g)",
		"RFC 1808 §5.2 (../../../g)", "§4 step 6c, 6d"},
	{EmptySegment, "empty-segment", "empty segments in step 6",
		"a path with empty segments merged in step 6: RFC 1808 counts an empty segment as a segment and keeps a " +
			"\".\" before a leading one (http://a/.//g); browsers write the empty segment as it comes",
		"RFC 1808 §4 step 6", "§4 step 6a-6d"},
	{NetLocDelimiters, "net_loc-delimiters", "\"?\" and \";\" in the net_loc",
		"RFC 1808's net_loc = *( pchar | \";\" | \"?\" ) runs to the next \"/\" (§2.4.3), so http://a?q has " +
			"the net_loc a?q; RFC 3986 and browsers end the host at \"?\"",
		"RFC 1808 §2.2 net_loc, §2.4.3", "§2.4.3 net_loc"},
	{PercentEncoding, "percent-encoding", "percent-encoding repaired or decoded",
		"a character RFC 1808 requires escaped (national, punctuation, space, control, non-ASCII), or an escape: " +
			"one reader rejects it, another keeps it, percent-encodes it (a repair) or decodes it (%2e read as \".\"; " +
			"%2F as \"/\" and %3B as \";\" by net/url, which then resolves another path or shows params the others do not)",
		"RFC 1808 §2.2 escape, national, punctuation", "§2.2 escape, uchar"},
	{Case, "case", "case",
		"the readings differ only in letter case: browsers lower-case the scheme and the host of a special URL, " +
			"net/url the scheme; RFC 1808 keeps the case as written. Compared as text, so a check on the " +
			"written host and a fetch by the browser disagree",
		"RFC 1808 §2.2 scheme, net_loc (case kept); RFC 1738 §2.1", "§2.2 scheme, net_loc"},
	{EmptyComponent, "empty-component", "empty references and components",
		"the empty reference, which inherits the entire base with its fragment under RFC 1808 (step 2a) but " +
			"not its fragment in a browser; or a reference whose net_loc, params or query is present but empty " +
			"(//, ;, ?): RFC 1808's steps 3 and 5 test \"non-empty\" and inherit the base's component, RFC 3986 " +
			"and browsers use the empty one; net/url, which cannot hold an empty fragment, also takes \"#\" for " +
			"no fragment and inherits the base's, and prints an empty net_loc resolving against a base that has " +
			"none (a:/ and b give a:///b)",
		"RFC 1808 §4 steps 2a, 3, 5a, 5b; §5.2 (<>)", "§4 steps 2a, 3, 5"},
	{DotSegments, "dot-segments", "dot segments outside step 6",
		"\".\" and \"..\" in an absolute URL or an absolute path: RFC 1808 is done at step 2b or 4 and keeps them " +
			"(/./g resolves to http://a/./g); browsers remove them everywhere, RFC 3986 when resolving; and in the " +
			"base of a relative reference, which browsers remove when they read the base and RFC 1808 merges as written",
		"RFC 1808 §4 steps 2b, 4; §5.2 (/./g)", "§4 step 2b, step 4"},
	{WhiteSpace, "white-space", "white space",
		"tabs and newlines anywhere, and C0 controls or spaces at either end: browsers remove them before " +
			"reading; RFC 1808 has no white space in a URL (§2.2) and reads them as data",
		"WHATWG URL Standard, basic URL parser; RFC 1808 §2.2", "§2.2 (no white space)"},
	{Host, "host", "host and port syntax",
		"RFC 1808 leaves the net_loc's inner syntax to each scheme; RFC 3986 and browsers split it into " +
			"userinfo, host and port, and browsers map the host of a special URL through IDNA, read IPv4 " +
			"numbers in hex and octal, and reject a bad port, IP address or host character",
		"RFC 1808 §2.1 net_loc; RFC 3986 §3.2; WHATWG URL Standard, host parsing", "§2.2 net_loc"},
	{OpaquePath, "opaque-path", "opaque paths",
		"a base whose scheme is not followed by \"/\" (mailto:x, a:b): RFC 1808 reads its rel_path like any " +
			"generic-RL and resolves against it (though §2.3 says such schemes are never used with relative URLs); " +
			"net/url and browsers call the path opaque, and browsers resolve nothing but a fragment against it",
		"RFC 1808 §2.2 generic-RL, §2.3; RFC 3986 §3.3; WHATWG URL Standard, opaque paths", "§2.2 generic-RL; §2.3"},
}

// Classes returns the class table, in the order of the constants.
func Classes() []ClassInfo {
	out := make([]ClassInfo, len(classes))
	copy(out, classes[:])
	return out
}

// Info returns the class's row of the table.
func (c Class) Info() ClassInfo {
	if c < numClasses {
		return classes[c]
	}
	return ClassInfo{Class: c, ID: fmt.Sprintf("Class(%d)", uint8(c))}
}

// String returns the class's id.
func (c Class) String() string { return c.Info().ID }

// MarshalText writes the class's id.
func (c Class) MarshalText() ([]byte, error) { return []byte(c.String()), nil }

// UnmarshalText reads a class id.
func (c *Class) UnmarshalText(b []byte) error {
	k, ok := ParseClass(string(b))
	if !ok {
		return fmt.Errorf("unknown divergence class %q", b)
	}
	*c = k
	return nil
}

// ParseClass returns the class with the given id.
func ParseClass(id string) (Class, bool) {
	for _, r := range classes {
		if r.ID == id {
			return r.Class, true
		}
	}
	return 0, false
}
