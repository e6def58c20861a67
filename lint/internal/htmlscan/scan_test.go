package htmlscan

import (
	"strings"
	"testing"
)

// scanCases are documents whose start tags and comments the scanner must
// read as the standard does; want lists them as tok.String writes them.
var scanCases = []struct {
	name string
	doc  string
	want []string
}{
	{"plain tag", `<a href="x">y</a>`, []string{`0 <a [["href" "x"]]>`}},
	{"upper case names", `<A HREF=x>`, []string{`0 <a [["href" "x"]]>`}},
	{"no white space between attributes", `<a b="1"c='2'd=3>`, []string{`0 <a [["b" "1"] ["c" "2"] ["d" "3"]]>`}},
	{"solidus between attributes", `<a/b/c=d/>`, []string{`0 <a [["b" ""] ["c" "d/"]]>`}},
	{"equals sign first in a name", `<a =b=c>`, []string{`0 <a [["=b" "c"]]>`}},
	{"missing value", `<a b=>x`, []string{`0 <a [["b" ""]]>`}},
	{"repeated attribute keeps the first", `<a b=1 B=2>`, []string{`0 <a [["b" "1"]]>`}},
	{"quotes and less-than in names", `<a "b'<c=d>`, []string{`0 <a [["\"b'<c" "d"]]>`}},
	{"white space around equals", "<a b \n= \t'c'>", []string{`0 <a [["b" "c"]]>`}},
	{"tag cut by the end", `<a href="x`, nil},
	{"unquoted value cut by the end", `<a href=x`, nil},
	{"tag name cut by the end", `x<abc`, nil},
	{"less-than not followed by a letter is text", `< a><1><a>`, []string{`7 <a []>`}},
	{"NUL in names", "<a\x00 b\x00=c>", []string{"0 <a\uFFFD [[\"b\uFFFD\" \"c\"]]>"}},
	{"names that are the same once NUL is read", "<a b\x00=1 b\uFFFD=2>", []string{"0 <a [[\"b\uFFFD\" \"1\"]]>"}},
	{"bytes that are not UTF-8", "<a\xff b\xfe=\xfd>", []string{"0 <a\xff " + `[["b\xfe" "\xfd"]]>`}},
	{"CR LF in a value", "<a b='1\r\n2\r3'>", []string{`0 <a [["b" "1\n2\n3"]]>`}},
	{"NUL in a value", "<a b='\x00'>", []string{"0 <a [[\"b\" \"\uFFFD\"]]>"}},

	// Character references in attribute values.
	{"named with semicolon", `<a b="&amp;&lt;&NotNestedGreaterGreater;">`, []string{`0 <a [["b" "&<⪢̸"]]>`}},
	{"legacy without semicolon", `<a b="&amp &lt.">`, []string{`0 <a [["b" "& <."]]>`}},
	{"legacy followed by a letter stays", `<a b="&notit; &ampx">`, []string{`0 <a [["b" "&notit; &ampx"]]>`}},
	{"legacy followed by equals stays", `<a b="?x=1&copy=2">`, []string{`0 <a [["b" "?x=1&copy=2"]]>`}},
	{"unknown name stays", `<a b="&bogus; &;">`, []string{`0 <a [["b" "&bogus; &;"]]>`}},
	{"numeric", `<a b="&#65;&#x42&#X43;&#;&#x;">`, []string{`0 <a [["b" "ABC&#;&#x;"]]>`}},
	{"numeric replacements", `<a b="&#0;&#x80;&#x81;&#xD800;&#x110000;&#99999999999;">`, []string{"0 <a [[\"b\" \"\uFFFD\u20AC" + `\u0081` + "\uFFFD\uFFFD\uFFFD\"]]>"}},
	{"numeric CR is not a line feed", `<a b="&#13;">`, []string{`0 <a [["b" "\r"]]>`}},
	{"name longer than any", `<a b="&` + strings.Repeat("a", 40) + `;">`, []string{`0 <a [["b" "&` + strings.Repeat("a", 40) + `;"]]>`}},

	// Comments.
	{"comment", `<!-- x -->`, []string{`0 comment " x "`}},
	{"abrupt empty comment", `<!-->a<!--->b`, []string{`0 comment ""`, `6 comment ""`}},
	{"comment ended by --!>", `<!-- x --!> y -->`, []string{`0 comment " x "`}},
	{"dashes before the end", `<!-- x ---->`, []string{`0 comment " x --"`}},
	{"nested opening", `<!--<!-->`, []string{`0 comment "<!"`}},
	{"dash and bang not an end", `<!---!><a>-->`, []string{`0 comment "-!><a>"`}},
	{"comment cut by the end", `<!-- x --`, []string{`0 comment " x "`}},
	{"comment cut after --!", `<!-- x --!`, []string{`0 comment " x "`}},
	{"bogus comments", `<?x><!x></ x><!>`, []string{`0 comment "?x"`, `4 comment "x"`, `8 comment " x"`, `13 comment ""`}},
	{"end tag of nothing is no token", `</><a>`, []string{`3 <a []>`}},
	{"doctype is no comment", `<!DOCTYPE html><!doctype x><a>`, []string{`27 <a []>`}},
	{"CDATA outside foreign content is a bogus comment", `<![CDATA[<a>]]>`, []string{`0 comment "[CDATA[<a"`}},
	{"CDATA in SVG", `<svg><![CDATA[<a>]]><b></svg><![CDATA[<c>]]>`, []string{`0 <svg []>`, `20 <b []>`, `29 comment "[CDATA[<c"`}},
	{"breakout ends foreign content", `<math><p><![CDATA[<a>]]>`, []string{`0 <math []>`, `6 <p []>`, `9 comment "[CDATA[<a"`}},
	{"comment text CR and NUL", "<!--\r\n\x00-->", []string{"0 comment \"\\n\uFFFD\""}},

	// Raw text, RCDATA, script, plain text.
	{"title is RCDATA", `<title><a></title><b>`, []string{`0 <title []>`, `18 <b []>`}},
	{"textarea end tag in any case", `<textarea><a></TEXTAREA ><b>`, []string{`0 <textarea []>`, `25 <b []>`}},
	{"RCDATA end tag needs a delimiter", `<title></titlex><a></title><b>`, []string{`0 <title []>`, `27 <b []>`}},
	{"raw text elements", `<style><a></style><xmp><a></xmp><iframe><a></iframe><noembed><a></noembed><noframes><a></noframes><noscript><a></noscript><b>`,
		[]string{`0 <style []>`, `18 <xmp []>`, `32 <iframe []>`, `52 <noembed []>`, `74 <noframes []>`, `98 <noscript []>`, `122 <b []>`}},
	{"self-closing raw text element", `<style/><a></style><b>`, []string{`0 <style []>`, `19 <b []>`}},
	{"script", `<script>a<b</script><c>`, []string{`0 <script []>`, `20 <c []>`}},
	{"script escaped", `<script><!--</script><a>`, []string{`0 <script []>`, `21 <a []>`}},
	{"script double escaped", `<script><!--<script></script>--></script><a>`, []string{`0 <script []>`, `41 <a []>`}},
	{"script double escape ended", `<script><!--<script></script></script><a>`, []string{`0 <script []>`, `38 <a []>`}},
	{"script escape left by -->", `<script><!--x--><script></script><a>`, []string{`0 <script []>`, `33 <a []>`}},
	{"script escaped less-than before another", `<script><!--<<script </script><a>`, []string{`0 <script []>`}},
	{"script word needs a delimiter", `<script><!--<scripts></script><a>`, []string{`0 <script []>`, `30 <a []>`}},
	{"script end tag cut", `<script>x</script`, []string{`0 <script []>`}},
	{"plaintext", `<plaintext></plaintext><a>`, []string{`0 <plaintext []>`}},
	{"self-closing", `<br/><a b/>`, []string{`0 <br []>`, `5 <a [["b" ""]]>`}},
}

func TestScanCases(t *testing.T) {
	for _, c := range scanCases {
		t.Run(c.name, func(t *testing.T) {
			var got []string
			for _, tk := range scanned(c.doc) {
				got = append(got, tk.String())
			}
			if strings.Join(got, "\n") != strings.Join(c.want, "\n") {
				t.Errorf("%q:\ngot  %q\nwant %q", c.doc, got, c.want)
			}
		})
	}
}

// TestScanCasesTokenizer holds the table's documents to the tokenizer
// (with the departures of group X, see tokenized).
func TestScanCasesTokenizer(t *testing.T) {
	for _, c := range scanCases {
		if d := firstDifference(c.doc); d != "" {
			t.Errorf("%s: %q: %s", c.name, c.doc, d)
		}
	}
}

// stateCases start in a state the tree builder would choose (raw text,
// RCDATA or script data after a start tag named last, plain text, a CDATA
// section): cases of the kind the html5lib tokenizer suite runs in each
// initial state it names.
var stateCases = []struct {
	name string
	mode textMode
	last string
	doc  string
	want []string
}{
	{"RCDATA ends at its own end tag only", modeRCDATA, "xmp", `</foo><a></xmp ><b>`, []string{`16 <b []>`}},
	{"RAWTEXT end tag with attributes", modeRawText, "xmp", `x</xmp a=b><c>`, []string{`11 <c []>`}},
	{"RAWTEXT end tag cut before its delimiter", modeRawText, "xmp", `x</xmp`, nil},
	{"script data: an escape needs both dashes", modeScript, "script", `<!-<a></script><b>`, []string{`15 <b []>`}},
	{"script data: dashes inside the escape", modeScript, "script", `<!-- - -- <script> --> </script><b>`, []string{`32 <b []>`}},
	{"script data: double escape end in any case", modeScript, "script", `<!--<SCRIPT></SCRIPT></script><b>`, []string{`30 <b []>`}},
	{"plain text has no tags", modePlaintext, "", `<a></plaintext><!--x-->`, nil},
	{"CDATA section up to ]]>", modeCDATA, "", `<a>]]<b>]]><c>`, []string{`11 <c []>`}},
	{"CDATA section cut by the end", modeCDATA, "", `<a>]]`, nil},
}

func TestStateCases(t *testing.T) {
	for _, c := range stateCases {
		t.Run(c.name, func(t *testing.T) {
			s := New(c.doc)
			s.startIn(c.mode, c.last)
			var got []string
			for k := s.Next(); k != EOF; k = s.Next() {
				if k == StartTag {
					start, _ := s.Raw()
					var attrs [][2]string
					for _, a := range s.Attrs() {
						attrs = append(attrs, [2]string{a.Name, s.Value(a)})
					}
					got = append(got, tok{Offset: start, Name: s.Name(), Attrs: attrs}.String())
				}
			}
			if strings.Join(got, "\n") != strings.Join(c.want, "\n") {
				t.Errorf("%q:\ngot  %q\nwant %q", c.doc, got, c.want)
			}
		})
	}
}
