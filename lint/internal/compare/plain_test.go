package compare

import (
	"bufio"
	"encoding/json"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"

	wurlerrors "github.com/nlnwa/whatwg-url/errors"
	"github.com/relurl/relurl/internal/benchdata"
)

// pyDocsBase is where the Python 3.11 documentation is served; a page's
// base is pyDocsBase followed by its path.
const pyDocsBase = "https://docs.python.org/3.11/"

// pyDocLink is one link of testdata/pydocs/links.jsonl: a page's base and
// an href or src value on it.
type pyDocLink struct{ base, ref string }

// pyDocLinks reads testdata/pydocs/links.jsonl (written by
// testdata/pydocs/extract.go from the python3.11-doc package).
func pyDocLinks(tb testing.TB) []pyDocLink {
	tb.Helper()
	f, err := os.Open("testdata/pydocs/links.jsonl")
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var out []pyDocLink
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var pair [2]string
		if err := json.Unmarshal(sc.Bytes(), &pair); err != nil {
			tb.Fatalf("links.jsonl:%d: %v", len(out)+1, err)
		}
		out = append(out, pyDocLink{pyDocsBase + pair[0], pair[1]})
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	if len(out) < 1000 {
		tb.Fatalf("links.jsonl has only %d links", len(out))
	}
	return out
}

// prefilterSeeds are the (base, reference) pairs the differential test
// runs: RFC 1808 §5 against its base and alone,
// the bench mix against none, the §5 base and a docs page, every WPT case
// with its base and alone, and the Python documentation's links against
// their pages and alone.
func prefilterSeeds(tb testing.TB) [][2]string {
	tb.Helper()
	var seeds [][2]string
	add := func(base, ref string) { seeds = append(seeds, [2]string{base, ref}) }
	for _, r := range section5 {
		add(section5Base, r)
		add("", r)
	}
	for _, r := range benchdata.Lines(tb, "mix.txt") {
		add("", r)
		add(section5Base, r)
		add(pyDocsBase+"library/os.html", r)
	}
	for _, c := range wptCases(tb) {
		if c.Base != nil {
			add(*c.Base, c.Input)
		}
		add("", c.Input)
	}
	for _, l := range pyDocLinks(tb) {
		add(l.base, l.ref)
		add("", l.ref)
	}
	return seeds
}

// TestPrefilterDifferential runs checkShortcuts on every seed, and logs
// the share the prefilter takes.
func TestPrefilterDifferential(t *testing.T) {
	bases := map[string][2]*Base{}
	taken := 0
	seeds := prefilterSeeds(t)
	for _, s := range seeds {
		bb, ok := bases[s[0]]
		if !ok {
			bb = [2]*Base{NewBase(s[0]), exactBase(s[0])}
			bases[s[0]] = bb
		}
		if checkShortcuts(t, bb[0], bb[1], s[1]) {
			taken++
		}
	}
	t.Logf("the prefilter takes %d of %d seeds", taken, len(seeds))
}

// TestPlainKinds is the plain subset as a table: what the prefilter takes,
// and, for what it leaves to the full path, the divergence class that
// would be missed.
func TestPlainKinds(t *testing.T) {
	const b5 = section5Base
	tests := []struct {
		base, ref string
		want      plainKind
	}{
		// Taken.
		{b5, "g", plainRelPath},
		{b5, "../../g", plainRelPath},                   // to the root, not above it
		{b5, "./g/.", plainRelPath},                     // "." at the end: a final "/"
		{b5, "g/../h", plainRelPath},                    // stack order
		{b5, "g;x?y#s", plainRelPath},                   // ";" in the last segment
		{b5, "a/b.c%7E-_$+!*(),:@&=/d", plainRelPath},   // pchar but "'", escapes
		{b5, "/g", plainAbsPath},                        // step 4
		{b5, "//g.example/h", plainNetPath},             // step 3
		{b5, "?y", plainQuery},                          // step 5
		{b5, "?/a?b:c@d;e", plainQuery},                 // reserved in the query
		{b5, "#s", plainFragment},                       // step 5, query kept
		{b5, "https://x.example:8443/a", plainAbsolute}, // step 2b
		{b5, "ftp://ftp.is.co.za/rfc/rfc1808.txt;type=a", plainAbsolute},
		{b5, "mailto:fielding@ics.uci.edu", plainOpaque},
		{b5, "g:h", plainOpaque},
		{"", "http://a/b/c/d;p?q#f", plainAbsolute},
		{"", "../g", plainRelPath},          // a browser fails without a base
		{"", "../../../../g", plainRelPath}, // nothing resolves it
		{"http://a/", "g", plainRelPath},    // the root path as base
		{"http://a/b/c/", "../../g", plainRelPath},
		{"https://a-b.c9.example/x", "y", plainRelPath},
		{"ws://h/x", "y", plainRelPath},

		// Left to the full path, with the class they risk.
		{b5, "", notPlain},                            // empty-component (step 2a)
		{b5, ";x", notPlain},                          // params (step 5a)
		{b5, "..;x", notPlain},                        // params: a dot segment only to RFC 1808
		{b5, "g;x/h", notPlain},                       // params: ";" before the last segment
		{b5, "../../../g", notPlain},                  // dotdot-above-root
		{"http://a/b", "..", notPlain},                // dotdot-above-root
		{b5, "/./g", notPlain},                        // dot-segments (step 4)
		{b5, "http://a/./g", notPlain},                // dot-segments (step 2b)
		{b5, "g//h", notPlain},                        // empty-segment
		{b5, "http:g", notPlain},                      // http-g-loophole
		{b5, "http:/g", notPlain},                     // slash-confusion
		{b5, "//g", notPlain},                         // scheme-mixup: a browser writes "/"
		{b5, "HTTP://a/", notPlain},                   // case
		{b5, "http://A/", notPlain},                   // case
		{b5, "http://a:80/", notPlain},                // host: default port
		{b5, "//a:80/", notPlain},                     // host: the base's default port
		{b5, "//a:443/", plainNetPath},                // another scheme's
		{b5, "http://a:080/", notPlain},               // host: leading zero
		{b5, "http://a:65536/", notPlain},             // host: out of range
		{b5, "http://u@a/", notPlain},                 // userinfo
		{b5, "http://xn--nxasmq6b/", notPlain},        // IDNA
		{b5, "http://ab--c/", notPlain},               // "--" at the third and fourth
		{b5, "http://a--b/", plainAbsolute},           // "--" elsewhere
		{b5, "http://-a/", notPlain},                  // hyphen
		{b5, "http://a./", notPlain},                  // trailing dot
		{b5, "http://1.2.3.4/", notPlain},             // ends in a number: IPv4
		{b5, "http://a.0x1f/", notPlain},              // ends in a number: IPv4
		{b5, "http://a_b/", notPlain},                 // not STD3
		{b5, "file:///etc/passwd", plainAbsolute},     // a file URL with an empty host
		{b5, "file://h/etc/passwd", notPlain},         // scheme-mixup: a file host
		{b5, "file:/etc/passwd", notPlain},            // scheme-mixup: no "//"
		{b5, "file:///a/../b", notPlain},              // dot segments
		{"file:///a/b", "g", notPlain},                // a file base
		{b5, "git://h/p", notPlain},                   // a non-special authority
		{b5, "1a:b", notPlain},                        // scheme-confusion
		{b5, "a_b:c", notPlain},                       // ":" in the first segment
		{b5, "g#", notPlain},                          // empty-component
		{b5, "g?", notPlain},                          // empty-component
		{b5, "g#a#b", notPlain},                       // "#" in the fragment
		{b5, "g'", notPlain},                          // "'" (encoded in a special query)
		{b5, "?'", notPlain},                          // percent-encoding
		{b5, "~u", notPlain},                          // national: RFC 1808 rejects it
		{b5, "%2e%2e/g", notPlain},                    // percent-encoding: ".." to a browser
		{b5, "%zz", notPlain},                         // an invalid escape
		{b5, `g\h`, notPlain},                         // backslash-confusion
		{b5, " g", notPlain},                          // white-space
		{b5, "g\th", notPlain},                        // white-space
		{b5, "é", notPlain},                           // percent-encoding
		{"http://a/b/c/d;p?q#f", "mailto:", notPlain}, // an empty opaque path
		{"http://a", "g", notPlain},                   // a base without a path
		{"http://a/b/./c", "g", notPlain},             // a base with a dot segment
		{"http://a/b;p/c", "g", notPlain},             // a base with params before its last segment
		{"http://a/b?", "g", notPlain},                // a base with an empty query
		{"mailto:x", "g", notPlain},                   // opaque-path base
		{"g", "h", notPlain},                          // a relative base
	}
	for _, tt := range tests {
		b := NewBase(tt.base)
		if got, _ := b.plainKindOf(tt.ref); got != tt.want {
			t.Errorf("base %q, ref %q: plain kind %d, want %d", tt.base, tt.ref, got, tt.want)
		}
		checkShortcuts(t, b, exactBase(tt.base), tt.ref)
	}
}

// TestAgreesAllocatesNothing holds the prefilter's claim: deciding that a
// plain reference agrees allocates nothing.
func TestAgreesAllocatesNothing(t *testing.T) {
	b := NewBase(pyDocsBase + "library/os.html")
	for _, ref := range []string{"../library/os.html#os.path", "https://docs.python.org/3/", "#section", "genindex.html", "/3/"} {
		if n := testing.AllocsPerRun(100, func() {
			if !b.Agrees(ref) {
				t.Fatalf("%q: Agrees is false", ref)
			}
		}); n != 0 {
			t.Errorf("Agrees(%q) allocates %v times", ref, n)
		}
	}
}

// TestNoScheme holds noScheme to the WHATWG library on inputs that test
// the stripping: an input has no scheme to a browser exactly when the
// library, given no base, fails with missing-scheme-non-relative-URL.
func TestNoScheme(t *testing.T) {
	for _, s := range []string{
		"", "g", "a:b", " a:b", "\ta:b", "a\t:b", "a\n:b", "\x00a:b", "\x1fa:b", "a\x00:b", "\x7fa:b",
		"1a:b", "+a:b", ":b", "a+-.9:b", "a_b:c", "é:b", "aé:b", "\xffa:b", "a\xff:b", "a b:c", " ", "\t",
		"A:b", "\u00a0a:b", "//a", "#f", "?q",
	} {
		_, err := whatwgParse(s, nil)
		lib := wurlerrors.Type(err) == wurlerrors.MissingSchemeNonRelativeURL
		if noScheme(s) != lib {
			t.Errorf("%q: noScheme is %v, the library (%v)", s, noScheme(s), err)
		}
	}
}

// plainTokens and edgeTokens are the pieces TestPrefilterTokens builds
// inputs from: the words of plain input, and the characters and words at
// the edges of the plain subset.
var (
	plainTokens = []string{
		"a", "b", "z", "0", "9", "-", "_", ".", "..", "/", "?", "#", ":", "@", "&", "=", "+", "$", "!", "*", "(",
		")", ",", "%41", "%7e", "%2F", "%25", "./", "../", "g", "g;x", "http://h/", "https://a.b-c.d9/",
		"//h.example/", "mailto:", "g:", "ws://h:8080/",
	}
	edgeTokens = []string{
		"A", "...", "//", ";", "'", "~", "%", "%2e", "%2E", "%zz", `\`, " ", "\t", "\n", "\x00", "é", "[",
		"]", "{", "|", "^", "`", "\"", "<", ";x", "xn--", "ab--c", "a-", "-a", "1", "0x1f", "127.0.0.1",
		"[::1]", ":80", ":443", ":21", ":8080", ":08", ":65535", ":65536", ":0", ":", "http:", "https:",
		"ftp:", "file:", "HTTP:", "1a:", "a+b:", "http://", "//h", "//H", "//u@h", "http://h", "wss://w:443/", "//h:443/",
		"//h:80/", "//h:21/",
	}
)

// plainBases are the bases TestPrefilterTokens resolves against: plain
// ones of every shape, and some that are not.
var plainBases = []string{
	"", section5Base, "http://a/", "http://a/b", "http://a/b/", "https://h.example:8443/x/y/z?q", "ws://h/a;p",
	"ftp://f.example/a/b;type=a#f", "http://a/b/c/d;p?q#f", pyDocsBase + "library/os.html", "http://a",
	"http://a/b/./c", "http://A/b", "mailto:x", "g", "file:///a/b", "http://a/b?", "http://a/b#",
}

// TestPrefilterTokens runs checkShortcuts on inputs made of plainTokens,
// so that the edges of the plain subset are crossed in every direction
// (byte-level fuzzing rarely keeps an input plain). The seed comes from
// RELURL_SEED when set and is printed on failure.
func TestPrefilterTokens(t *testing.T) {
	seed := uint64(1808)
	if s := os.Getenv("RELURL_SEED"); s != "" {
		v, err := strconv.ParseUint(s, 10, 64)
		if err != nil {
			t.Fatalf("RELURL_SEED: %v", err)
		}
		seed = v
	}
	r := rand.New(rand.NewPCG(seed, seed))
	n := 40_000
	if testing.Short() {
		n = 4_000
	}
	bases := make([][2]*Base, len(plainBases))
	for i, s := range plainBases {
		bases[i] = [2]*Base{NewBase(s), exactBase(s)}
	}
	word := func(max int) string {
		var b strings.Builder
		for range r.IntN(max + 1) {
			if r.IntN(12) == 0 {
				b.WriteString(edgeTokens[r.IntN(len(edgeTokens))])
			} else {
				b.WriteString(plainTokens[r.IntN(len(plainTokens))])
			}
		}
		return b.String()
	}
	taken := 0
	for range n {
		bb := bases[r.IntN(len(bases))]
		if r.IntN(8) == 0 { // a base of tokens, after a plain start
			s := "http://h/" + word(4)
			bb = [2]*Base{NewBase(s), exactBase(s)}
		}
		if checkShortcuts(t, bb[0], bb[1], word(8)) {
			taken++
		}
		if t.Failed() {
			t.Fatalf("seed %d (RELURL_SEED)", seed)
		}
	}
	t.Logf("seed %d: the prefilter takes %d of %d", seed, taken, n)
}

// TestBaseConcurrent reads one Base from many goroutines, for the race
// detector: the readers' readings of the base are made on first use.
func TestBaseConcurrent(t *testing.T) {
	b := NewBase(section5Base)
	done := make(chan bool)
	for range 4 {
		go func() {
			for _, r := range section5 {
				b.Reference(r)
				b.Agrees(r)
			}
			done <- true
		}()
	}
	for range 4 {
		<-done
	}
}
