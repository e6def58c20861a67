package lint

import (
	"math/rand/v2"
	"strings"
	"testing"

	rbase "github.com/relurl/relurl/resolve/base"
)

// TestHeadPart checks that the HTML parser finds the same BASE element in
// headPart(doc) as in doc, on documents put together at random from pieces
// that move the parser between its insertion modes.
func TestHeadPart(t *testing.T) {
	pieces := []string{
		"<html>", "<head>", "</head>", "<body>", "<BODY class=x>", "</body>", "<base href=http://a/b/>",
		"<BASE HREF='http://c/d'>", "<base target=_top>", "<template>", "</template>", "<svg>", "</svg>",
		"<math>", "<title>", "</title>", "<script>", "</script>", "<style>", "</style>", "<noscript>",
		"</noscript>", "<!-- <body> -->", "<![CDATA[ <body> ]]>", "<frameset>", "<frame>", "<p>", "text",
		"<table>", "<tr>", "<td>", "<select>", "<textarea>", "</textarea>", "<meta charset=utf-8>",
		"<link href=x>", "<html lang=en>", "<body", ">", "\"", "'", "<!--", "-->", "<plaintext>",
		"<foreignObject>", "<desc>", "<iframe>", "</iframe>", "<noframes>", "</noframes>", "<br>", "</br>",
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		var b strings.Builder
		for range rng.IntN(14) + 1 {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		doc := b.String()
		h1, f1, e1 := rbase.FindInHTML(doc)
		h2, f2, e2 := rbase.FindInHTML(headPart(doc))
		if h1 != h2 || f1 != f2 || (e1 == nil) != (e2 == nil) {
			t.Fatalf("%q: whole document gives %q %v %v, headPart %q %v %v", doc, h1, f1, e1, h2, f2, e2)
		}
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
	fs := l.File("t.html", []byte(doc), KindHTML)
	var offs []int
	for _, f := range fs {
		if f.Rule == RulePortabilityResolution {
			offs = append(offs, f.Offset)
		}
	}
	want := []int{strings.Index(doc, `"../`) + 1, strings.Index(doc, `'../`) + 1, strings.LastIndex(doc, `=../`) + 1}
	if len(offs) != len(want) || offs[0] != want[0] || offs[1] != want[1] || offs[2] != want[2] {
		t.Errorf("offsets %v, want %v", offs, want)
	}
}
