package format_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"

	"github.com/relurl/relurl/lint/internal/extract"
	"github.com/relurl/relurl/lint/internal/format"
	"github.com/relurl/relurl/lint/internal/lint"
)

func ExampleText() {
	l, _ := lint.New(lint.Options{})
	findings := l.File("links.urls", []byte("http://a/ok\nhttp://a/%zz\n"), extract.KindText)
	_ = format.Write(format.NewText(os.Stdout, format.Options{Verbose: true}), l.Rules(), findings)
	// Output:
	// links.urls:2:10: error: "%zz" is not an escape: escape = "%" hex hex; write a literal "%" as %25 [escape/malformed]
	//     http://a/%zz
	//              ^^^
	//     fix: write a literal "%" as %25
}

func ExampleJSON() {
	l, _ := lint.New(lint.Options{Fixes: true})
	_ = format.Write(format.NewJSON(os.Stdout), l.Rules(), l.File("links.urls", []byte("a|b\n"), extract.KindText))
	// Output:
	// {"file":"links.urls","line":1,"column":2,"end_line":1,"end_column":3,"offset":1,"end_offset":2,"rule":"fsegment/char","severity":"error","message":"national character '|' is not allowed in fsegment; write it as %7C","fix":"write \"|\" as %7C","production":"fsegment","text":"|","text_cut":false,"url":"a|b","url_cut":false,"where":"line","base":"","base_cut":false,"edit":{"offset":1,"end_offset":2,"text":"%7C","url":"a%7Cb"},"no_fix":"","no_fix_detail":"","suggestions":[]}
}

func ExampleSARIF() {
	l, _ := lint.New(lint.Options{Fixes: true})
	var buf bytes.Buffer
	sarif := format.NewSARIF(&buf, format.Options{Root: "."})
	_ = format.Write(sarif, l.Rules(), l.File("docs/links.urls", []byte("é\n"), extract.KindText))
	var log struct {
		Version string
		Runs    []struct {
			Results []struct {
				RuleID    string
				Level     string
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct{ URI string }
						Region           struct{ StartLine, StartColumn, EndColumn int }
					}
				}
				Fixes []struct {
					ArtifactChanges []struct {
						Replacements []struct {
							DeletedRegion   struct{ ByteOffset, ByteLength int }
							InsertedContent struct{ Text string }
						}
					}
				}
			}
		}
	}
	_ = json.Unmarshal(buf.Bytes(), &log)
	r := log.Runs[0].Results[0]
	loc := r.Locations[0].PhysicalLocation
	fmt.Println(log.Version, r.RuleID, r.Level, loc.ArtifactLocation.URI, loc.Region.StartLine, loc.Region.StartColumn, loc.Region.EndColumn)
	rp := r.Fixes[0].ArtifactChanges[0].Replacements[0]
	fmt.Println("fix: bytes", rp.DeletedRegion.ByteOffset, "to", rp.DeletedRegion.ByteOffset+rp.DeletedRegion.ByteLength, "become", rp.InsertedContent.Text)
	// Output:
	// 2.1.0 fsegment/char error docs/links.urls 1 1 2
	// fix: bytes 0 to 2 become %C3%A9
}

func ExampleGitHub() {
	l, _ := lint.New(lint.Options{})
	findings := l.File("docs/links.urls", []byte("http://a/ok\nhttp:g\nhttp://a/b c\n"), extract.KindText)
	_ = format.Write(format.NewGitHub(os.Stdout, format.Options{}), l.Rules(), findings)
	// Output:
	// ::warning file=docs/links.urls,line=2,col=1,endColumn=6,title=scheme/relative-form::"http:g" has the scheme "http" but no "//" net_loc: older parsers read it as the relative URL "g" against a base of the same scheme (the loophole of §5.2), RFC 1808 as the absolute URL "http:g"
	// ::error file=docs/links.urls,line=3,col=11,endColumn=12,title=fsegment/char::space is not allowed in fsegment; write it as %2520
}

func ExampleNew() {
	fmt.Println(format.Names())
	_, err := format.New("xml", os.Stdout, format.Options{})
	fmt.Println(err)
	// Output:
	// [text json sarif github]
	// "xml": want text, json, sarif or github
}
