package lint

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/relurl/relurl/lint/internal/extract"
	"github.com/relurl/relurl/lint/internal/quote"
)

func hostileInputs() map[string]string {
	r := rand.New(rand.NewPCG(1, 2))
	bin := make([]byte, 64<<10)
	for i := range bin {
		bin[i] = byte(r.IntN(256))
	}
	nested := strings.Repeat("Content-Type: message/rfc822\n\n", 300) + "<URL:a b>\n"
	var deepMultipart strings.Builder
	for i := range 150 {
		deepMultipart.WriteString("Content-Type: multipart/mixed; boundary=b" + strings.Repeat("x", i) + "\n\n--b" + strings.Repeat("x", i) + "\n")
	}
	return map[string]string{
		"binary":          string(bin),
		"huge line":       "http://a/" + strings.Repeat("a%", 200_000),
		"invalid UTF-8":   "http://a/\xff\xfe\xc3(\n<a href=\"\xff\">\nBase: <URL:\xff>\n",
		"nested messages": nested,
		"deep multipart":  deepMultipart.String(),
		"unterminated":    `<a href="x y`,
		"bad tags":        `<a href='a b' href=c d = "e f" / src=<x> <base href> <base href=""> <img srcset=", , ,x y,">`,
		"cr in attribute": "<a href=\"a\rb\">",
		"entities":        `<a href="&#0;&#xffffffff;&#99999999999;&amp&notit;&;&#x;&#;">`,
		"bad base header": "Base: <URL:>\nBase: nonsense\nContent-Type: multipart/x; boundary=\"\"\n\n--\n",
		"bad QP":          "Content-Type: text/html\nContent-Transfer-Encoding: quoted-printable\n\n<a href=3D\"a=\n b=ZZ=4\">",
		"bad base64":      "Content-Type: text/html\nContent-Transfer-Encoding: base64\n\n!!!!====AAAA",
		"empty":           "",
		"newlines":        "\n\n\r\n\r",
	}
}

// TestHostileInput: bad input never panics, and findings stay in the file.
func TestHostileInput(t *testing.T) {
	l := mustNew(t, Options{Enable: []string{"rfc1738"}, Retrieval: "http://a/b/c"})
	for name, in := range hostileInputs() {
		for _, k := range []extract.Kind{extract.KindText, extract.KindHTML, extract.KindMessage} {
			data := []byte(in)
			checkInvariants(t, data, l.File(name, data, k))
		}
		checkInvariants(t, []byte(in), l.URL(in))
	}
}

// TestRepeatedURL checks that a URL written twice in a document, whose
// check is memoized, is reported at each place.
func TestRepeatedURL(t *testing.T) {
	l, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	doc := "<base href=\"http://a/b/c\">\n<a href=\"../../../g\">x</a>\n<img src='../../../g'><a href=../../../g>"
	fs := l.File("t.html", []byte(doc), extract.KindHTML)
	var offs []int
	for _, f := range fs {
		if f.Rule == RuleWHATWGResolution { // rfc3986-resolution's outside browser documents

			offs = append(offs, f.Offset)
		}
	}
	want := []int{strings.Index(doc, `"../`) + 1, strings.Index(doc, `'../`) + 1, strings.LastIndex(doc, `=../`) + 1}
	if len(offs) != len(want) || offs[0] != want[0] || offs[1] != want[1] || offs[2] != want[2] {
		t.Errorf("offsets %v, want %v", offs, want)
	}
}

// TestMessagesBounded: a finding's message quotes a long URL by its start
// and end (quote.Quote), whatever rule reports it, so that output stays
// bounded by the input: a message quotes a few URLs at most, each of
// quote.Max bytes at most.
func TestMessagesBounded(t *testing.T) {
	const messageMax = 5*(quote.Max+8) + 512
	long := strings.Repeat("x", 1<<20)
	l := mustNew(t, Options{Enable: []string{"rfc1738"}, Retrieval: "http://" + long + "/b/"})
	seen := map[string]bool{}
	for _, src := range []string{
		"http:" + long,                                // scheme/relative-form, portability
		"a_" + long + ":b",                            // fsegment/colon
		"ftp://a/b;type=d" + long,                     // rfc1738/ftp
		"http://" + long + ":8x/",                     // rfc1738/port, portability/rfc3986-parse
		"http://-" + long + "/",                       // rfc1738/host
		"HTTP" + strings.Repeat("P", 1<<20) + "://a/", // rfc1738/scheme-case
		"../../../" + long,                            // portability/rfc3986-resolution against a long base
	} {
		for _, f := range l.File("f.urls", []byte(src+"\n"), extract.KindText) {
			seen[f.Rule] = true
			if len(f.Message) > messageMax {
				t.Errorf("%s on %d bytes: a message of %d bytes", f.Rule, len(src), len(f.Message))
			}
		}
	}
	for _, id := range []string{RuleSchemeRelativeForm, RuleFsegmentColon, RuleRFC1738Port, RuleRFC1738Host,
		RuleRFC1738SchemeCase, RuleRFC1738FTP, RulePortabilityResolution, RulePortabilityParse} {
		if !seen[id] {
			t.Errorf("no finding of %s: the test does not test it", id)
		}
	}
}
