package compare_test

import (
	"encoding/json"
	"fmt"

	"github.com/relurl/relurl/lint/internal/compare"
)

// The §5.2 loophole: RFC 1808 reads "http:g" as an absolute URL, browsers
// as a reference relative to a base of the same scheme.
func ExampleReference() {
	rep := compare.Reference("http://a/b/c/d;p?q#f", "http:g")
	for _, rd := range rep.Readings {
		fmt.Printf("%-7s %-8s %s\n", rd.Reader, rd.Verdict, rd.URL.Value)
	}
	for _, d := range rep.Divergences {
		fmt.Println(d.Class, d.Decides)
		for _, p := range d.Parts {
			fmt.Printf("  %-7s %s | %s | %s\n", p.Component, p.RFC1808, p.RFC3986, p.WHATWG)
		}
	}
	// Output:
	// rfc1808 accepted http:g
	// rfc3986 accepted http:g
	// whatwg  accepted http://a/b/c/g
	// http-g-loophole §4 step 2b; §5.2
	//   net_loc (absent) | (absent) | a
	//   path    g | g | /b/c/g
}

// A backslash: a browser reads it as a slash, and the host changes.
func ExampleURL() {
	rep := compare.URL(`http://evil.com\@google.com/`)
	w := rep.Reading(compare.WHATWG)
	fmt.Println(w.Verdict, w.FixUps, w.Components.Host.Value)
	fmt.Println(rep.Readings[compare.RFC1808].Verdict, rep.Readings[compare.RFC1808].Components.NetLoc.Value)
	for _, d := range rep.Divergences {
		fmt.Println(d)
	}
	// Output:
	// repaired [backslash-as-slash] evil.com
	// rejected evil.com\@google.com
	// backslash-confusion in net_loc, path, verdict
}

// One base, read once, for the references of a document.
func ExampleNewBase() {
	base := compare.NewBase("http://a/b/c/d;p?q#f")
	for _, ref := range []string{"g", ";x", "../../../g"} {
		rep := base.Reference(ref)
		fmt.Println(ref, rep.Agree, rep.Divergences)
	}
	// Output:
	// g true []
	// ;x false [params in path]
	// ../../../g false [dotdot-above-root in path]
}

// The JSON form has stable field names, for relurl compare --json.
func ExampleReport_json() {
	rep := compare.Reference("http://a/b/c/d;p?q#f", "../../../g")
	b, _ := json.Marshal(rep.Divergences)
	fmt.Println(string(b))
	b, _ = json.Marshal(rep.Readings[compare.WHATWG])
	fmt.Println(string(b))
	// Output:
	// [{"class":"dotdot-above-root","rfc1808":"§4 step 6c, 6d","components":[{"component":"path","rfc1808":"/../g","rfc3986":"/g","whatwg":"/g"}]}]
	// {"reader":"whatwg","verdict":"accepted","fixups":[],"components":{"scheme":"http","net_loc":"a","userinfo":null,"host":"a","port":null,"path":"/g","params":null,"query":null,"fragment":null},"url":"http://a/g"}
}

// The class table, from which everything else derives.
func ExampleClasses() {
	for _, c := range compare.Classes()[1:6] {
		fmt.Println(c.ID)
	}
	// Output:
	// scheme-confusion
	// slash-confusion
	// backslash-confusion
	// url-encoded-data
	// scheme-mixup
}

// Agrees answers without a report, and without running a reader on a
// plain reference; a linter builds the report only where it says no.
func ExampleBase_Agrees() {
	base := compare.NewBase("https://docs.python.org/3.11/library/os.html")
	for _, ref := range []string{"../genindex.html", "#os.path", "../../../g", `..\g`} {
		fmt.Println(ref, base.Agrees(ref))
	}
	// Output:
	// ../genindex.html true
	// #os.path true
	// ../../../g false
	// ..\g false
}
