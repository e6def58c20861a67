package extract

import (
	"encoding/xml"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestXMLAgainstEncodingXML holds the XML scanner's reading of start tags
// to encoding/xml's on well-formed documents: the same names, in order,
// and the same attribute names and values (white space aside, which
// encoding/xml does not normalize in attribute values as XML 1.0 §3.3.3
// says).
func TestXMLAgainstEncodingXML(t *testing.T) {
	files, _ := filepath.Glob("testdata/golden/*")
	docs := []string{
		`<a b="1 &amp; 2" c='&#x41;&#66;&lt;'><d e="&quot;&apos;&gt;"/><![CDATA[<x y="z">]]><!-- <f g="h"> --></a>`,
		`<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x "y"> <!-- ]> -->]><a><b:c xmlns:b="u" b:d="e"/></a>`,
	}
	for _, name := range files {
		if k, ok := KindByName(name); ok && k == KindXML && !strings.HasSuffix(name, ".golden") {
			data, _ := os.ReadFile(name)
			docs = append(docs, string(data))
		}
	}
	compared := 0
	for _, doc := range docs {
		want, ok := encodingXMLStarts(doc)
		if !ok {
			continue
		}
		compared++
		var got []string
		x := newXMLReader(doc, &Base{}, &Handler{})
		x.onStart = func(name string, attrs []xmlAttr) {
			s := name
			for _, a := range attrs {
				s += " " + a.name + "=" + xmlDecode(doc, a.valStart, a.valEnd, false).s
			}
			got = append(got, s)
		}
		x.run()
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("%.40q…:\ngot  %q\nwant %q", doc, got, want)
		}
	}
	if compared < 4 {
		t.Errorf("only %d documents were well-formed enough to compare", compared)
	}
}

// encodingXMLStarts returns the start tags of doc as encoding/xml reads
// them, and false when it finds doc not well-formed (or holding white
// space in an attribute value, or an entity it would not expand).
func encodingXMLStarts(doc string) ([]string, bool) {
	d := xml.NewDecoder(strings.NewReader(doc))
	var starts []string
	for {
		tok, err := d.RawToken()
		if errors.Is(err, io.EOF) {
			return starts, true
		}
		if err != nil {
			return nil, false
		}
		if se, ok := tok.(xml.StartElement); ok {
			s := qname(se.Name)
			for _, a := range se.Attr {
				if strings.ContainsAny(a.Value, "\t\n\r") {
					return nil, false
				}
				s += " " + qname(a.Name) + "=" + a.Value
			}
			starts = append(starts, s)
		}
	}
}

func qname(n xml.Name) string {
	if n.Space != "" {
		return n.Space + ":" + n.Local
	}
	return n.Local
}

// TestXMLOpenValue: a URL in an attribute value without its closing
// quote, or without quotes, is read but not rewritten (the tag's end
// depends on the quotes a fix would encode; the fixes' fuzz target found it), and one in
// a closed value is rewritable.
func TestXMLOpenValue(t *testing.T) {
	for _, c := range []struct {
		doc, url string
		open     bool
	}{
		{`<a xmlns="http://www.w3.org/1999/xhtml"><b href="x y"/></a>`, "x y", false},
		{`<a><b href='x"y>z'/></a>`, `x"y>z`, false},
		{`<a><b href=x"y/></a>`, `x"y/></a`, true},
		{`<a><b src='x">y</a>`, `x">y</a`, true},
		{`<svg xmlns="http://www.w3.org/2000/svg"><g style="fill: url(x y)"/></svg>`, "x y", false},
		{`<svg xmlns="http://www.w3.org/2000/svg"><g style='fill: url(x"y)></svg>`, `x"y`, true},
	} {
		var got []Ref
		Extract(c.doc, KindXML, "http://h/", Handler{Ref: func(r Ref) { got = append(got, r) }})
		if len(got) != 1 || got[0].URL != c.url || (got[0].Unwritable != "") != c.open {
			t.Errorf("%s: got %+v, want %q with open=%v", c.doc, got, c.url, c.open)
		}
	}
}
