package fuzz

import (
	"errors"
	"fmt"
	"net/url"
	"slices"
	"strings"

	"github.com/relurl/relurl"
	"github.com/relurl/relurl/ast"
	"github.com/relurl/relurl/grammar"
	"github.com/relurl/relurl/internal/gen"
	"github.com/relurl/relurl/internal/handpass"
	"github.com/relurl/relurl/internal/rules"
	"github.com/relurl/relurl/resolve"
	"github.com/relurl/relurl/validate"
)

// The properties the fuzz targets and the property tests share. They live
// in a file that is not a test, because OSS-Fuzz's build of a native Go
// fuzz target (go-118-fuzz-build) compiles the target's own file with the
// package's non-test files and no other: each target's file holds the
// target alone, and what it needs is here. Each property returns what
// fails, or "".

// section5 holds the base and every reference of RFC 1808 §5.1 and §5.2.
var section5 = []string{
	"http://a/b/c/d;p?q#f",
	"g:h", "g", "./g", "g/", "/g", "//g", "?y", "g?y", "g?y/./x", "#s", "g#s", "g#s/./x", "g?y#s",
	";x", "g;x", "g;x?y#s", ".", "./", "..", "../", "../g", "../..", "../../", "../../g",
	"", "../../../g", "../../../../g", "/./g", "/../g", "g.", ".g", "g..", "..g",
	"./../g", "./g/.", "g/./h", "g/../h", "http:g", "http:",
}

// disagreement checks the invariant that binds the readers on s and
// describes the first way it fails, or returns "": validate's reader,
// generated from the BNF, and the hand-written single pass it was
// (internal/handpass) give the same cut and the same diagnostics, every
// field of every one; validate and the reference parser give the same
// verdict, equal ASTs, the same first error offset; a byte-for-byte round
// trip, and diagnostics whose text is input[offset:end], in order, of
// rules in ast's table of syntax rules.
func disagreement(s string) string {
	v, diags := validate.Validate(s)
	if hv, hdiags := handpass.Validate(s); hv != v || !slices.Equal(hdiags, diags) {
		return fmt.Sprintf("the generated reader and the hand-written pass differ:\ngenerated   %#v\n%#v\nhand-written %#v\n%#v", v, diags, hv, hdiags)
	}
	if got := v.String(); got != s {
		return fmt.Sprintf("the §2.4 cut prints as %q", got)
	}
	prev := -1
	for _, d := range diags {
		if d.Offset < 0 || d.End <= d.Offset || d.End > len(s) || d.Text != s[d.Offset:d.End] {
			return fmt.Sprintf("diagnostic %+v: text is not input[offset:end]", d)
		}
		if d.Offset < prev {
			return fmt.Sprintf("diagnostics out of order: %v", diags)
		}
		if r, ok := rules.Lookup(d.Rule); !ok || r.Reader == rules.ReaderGrammar {
			return fmt.Sprintf("diagnostic %+v: validate emits a rule that is not its own in ast's table of syntax rules", d)
		}
		prev = d.Offset
	}
	if len(s) > grammar.MaxInput {
		return ""
	}
	g, gerr := grammar.Parse(s)
	switch {
	case gerr == nil && diags.HasErrors():
		return fmt.Sprintf("grammar accepts, validate reports %v", diags)
	case gerr != nil && !diags.HasErrors():
		return fmt.Sprintf("validate accepts, grammar reports %v", gerr)
	case gerr == nil:
		if g != v {
			return fmt.Sprintf("ASTs differ:\ngrammar  %#v\nvalidate %#v", g, v)
		}
		if got := g.String(); got != s {
			return fmt.Sprintf("prints back as %q", got)
		}
	default:
		var d *ast.Diagnostic
		if !errors.As(gerr, &d) {
			return fmt.Sprintf("grammar error %v is not an *ast.Diagnostic", gerr)
		}
		if r, ok := rules.Lookup(d.Rule); !ok || r.Reader == rules.ReaderValidate {
			return fmt.Sprintf("grammar error %+v: a rule that is not its own in ast's table of syntax rules", d)
		}
		if first := diags.First(); d.Offset != first.Offset {
			return fmt.Sprintf("first error at %d (grammar: %v) vs %d (validate: %v)", d.Offset, gerr, first.Offset, first)
		}
	}
	return ""
}

// validRoundTrip: a generated valid URL is accepted by both readers, which
// read it back into exactly the generated components, and it prints back
// byte for byte.
func validRoundTrip(u ast.URL) string {
	s := u.String()
	if msg := disagreement(s); msg != "" {
		return msg
	}
	got, err := grammar.Parse(s)
	if err != nil {
		return fmt.Sprintf("%q: generated valid, grammar says %v", s, err)
	}
	if got.WithoutSpans() != u {
		return fmt.Sprintf("%q reads back as %#v, generated %#v", s, got.WithoutSpans(), u)
	}
	if split := validate.Split(s); split != got {
		return fmt.Sprintf("%q: Split %#v differs from the grammar's %#v", s, split, got)
	}
	return ""
}

// violationReported: the readers agree on an injected violation, and the
// validator reports exactly it: one diagnostic, at its offset, of its
// production and rule.
func violationReported(v gen.Violation) string {
	if msg := disagreement(v.Input); msg != "" {
		return msg
	}
	_, diags := validate.Validate(v.Input)
	if len(diags) != 1 || diags[0].Offset != v.Offset || diags[0].End != v.End ||
		diags[0].Rule != v.Rule || diags[0].Production != v.Production {
		return fmt.Sprintf("%q: want %d..%d %s %s, got %v", v.Input, v.Offset, v.End, v.Production, v.Rule, diags)
	}
	return ""
}

// resolveProps checks the properties of one resolution of a valid
// reference against a generic-RL base, and returns what fails or "".
func resolveProps(base, ref ast.URL) string {
	b, r := base.String(), ref.String()
	res, err := relurl.Resolve(b, r)
	if err != nil {
		return fmt.Sprintf("Resolve(%q, %q): %v", b, r, err)
	}
	u, err := grammar.Parse(res)
	recombined, _ := resolve.Resolve(b, r)
	switch {
	case err != nil:
		return fmt.Sprintf("Resolve(%q, %q) = %q, which does not parse: %v", b, r, res, err)
	case !u.IsAbsolute():
		return fmt.Sprintf("Resolve(%q, %q) = %q, not absolute", b, r, res)
	case u.WithoutSpans() != recombined:
		// The result's §2.4 cut is exactly what step 7 recombined.
		return fmt.Sprintf("Resolve(%q, %q) = %q, which reads back as %#v, not the recombined %#v", b, r, res, u.WithoutSpans(), recombined)
	case !ref.IsAbsolute() && u.Form != ast.FormGenericRL && !(u.NetLoc.Present && strings.HasPrefix(u.Path.Value, "//")):
		// An absolute reference comes back as it is (step 2b), opaque or
		// not; any other result is generic-RL, unless step 6 left a path
		// beginning with an empty segment after a net_loc, which step 7
		// writes literally ("http://a//g").
		return fmt.Sprintf("Resolve(%q, %q) = %q, form %v, want generic-RL", b, r, res, u.Form)
	}
	// Resolving the result again gives the same result: it is absolute.
	if again, err := relurl.Resolve(b, res); err != nil || again != res {
		return fmt.Sprintf("Resolve(%q, %q) = %q, but resolving that again gives %q, %v", b, r, res, again, err)
	}
	// An absolute reference comes back as it is (step 2b).
	if ref.IsAbsolute() && res != r {
		return fmt.Sprintf("Resolve(%q, absolute %q) = %q", b, r, res)
	}
	// The fragment comes from the base only when the reference is empty.
	switch {
	case r == "" && res != b:
		return fmt.Sprintf("Resolve(%q, \"\") = %q, want the base", b, res)
	case r != "" && (u.Fragment.Value != ref.Fragment.Value || u.Fragment.Present != ref.Fragment.Present):
		return fmt.Sprintf("Resolve(%q, %q) = %q: fragment %#v, want the reference's %#v", b, r, res, u.Fragment, ref.Fragment)
	}
	if !ref.IsAbsolute() && !ref.NetLoc.Present {
		// ".." never changes the net_loc.
		if u.NetLoc.Value != base.NetLoc.Value {
			return fmt.Sprintf("Resolve(%q, %q) = %q changes the net_loc", b, r, res)
		}
		// The base's params never affect the merged path (step 6).
		other := base
		other.Params = ast.Component{Value: "x=1/../../y", Present: true}
		if !ref.Path.IsEmpty() && gen.WellFormed(other) {
			res2, err := relurl.Resolve(other.String(), r)
			u2, err2 := grammar.Parse(res2)
			if err != nil || err2 != nil || u2.Path.Value != u.Path.Value {
				return fmt.Sprintf("the base's params change the path: %q vs %q (%v, %v)", res, res2, err, err2)
			}
		}
	}
	return ""
}

// relativeProps checks that Relative is the inverse of Resolve and never
// longer than its target.
func relativeProps(base, ref ast.URL) string {
	b := base.String()
	target, err := relurl.Resolve(b, ref.String())
	if err != nil {
		return fmt.Sprintf("Resolve(%q, %q): %v", b, ref.String(), err)
	}
	r, err := relurl.Relative(b, target)
	if err != nil {
		return fmt.Sprintf("Relative(%q, %q): %v", b, target, err)
	}
	if len(r) > len(target) {
		return fmt.Sprintf("Relative(%q, %q) = %q, longer than the target", b, target, r)
	}
	if back, err := relurl.Resolve(b, r); err != nil || back != target {
		return fmt.Sprintf("Relative(%q, %q) = %q, which resolves to %q, %v", b, target, r, back, err)
	}
	return ""
}

// validPair reads base and ref as a generic-RL base and a valid reference,
// the pairs the resolution properties are about.
func validPair(base, ref string) (b, r ast.URL, ok bool) {
	b, errB := validate.Validate(base)
	r, errR := validate.Validate(ref)
	if errB != nil || errR != nil || !b.IsBase() {
		return b, r, false
	}
	return b.WithoutSpans(), r.WithoutSpans(), true
}

// netURLDifference compares relurl's and net/url's reading of one URL,
// tolerating the documented differences D1–D9 (see the target that uses
// it), and returns the difference it does not tolerate, or "".
func netURLDifference(u ast.URL, n *url.URL) string {
	if u.Scheme.Present && !strings.EqualFold(u.Scheme.Value, n.Scheme) {
		if !ast.Is(u.Scheme.Value[0], ast.Alpha) {
			return "" // D2
		}
		return "schemes differ"
	}
	if u.NetLoc.Present && strings.ContainsAny(u.NetLoc.Value, "?;") {
		return "" // D3
	}
	if u.NetLoc.Present && u.NetLoc.Value == "" {
		return "" // D8
	}
	if n.Opaque != "" {
		// D5: the opaque part is everything after "scheme:" up to "#".
		rest := strings.TrimPrefix(u.String(), u.Scheme.Value+":")
		if i := strings.IndexByte(rest, '#'); i >= 0 {
			rest = rest[:i]
		}
		if n.Opaque+queryPart(n) != rest {
			return "opaque parts differ"
		}
		return fragmentDifference(u, n)
	}
	if u.NetLoc.Present != (n.Host != "" || n.User != nil || strings.HasPrefix(strings.TrimPrefix(n.String(), n.Scheme+":"), "//")) {
		return "net_loc presence differs"
	}
	path := u.Path.Value
	if u.Params.Present {
		path += ";" + u.Params.Value // D4
	}
	if decoded, err := url.PathUnescape(path); err != nil || n.Path != decoded {
		return "paths differ" // compared decoded: D9
	}
	if u.Query.Present != (n.RawQuery != "" || n.ForceQuery) || u.Query.Value != n.RawQuery {
		return "queries differ"
	}
	return fragmentDifference(u, n)
}

func queryPart(n *url.URL) string {
	if n.RawQuery != "" || n.ForceQuery {
		return "?" + n.RawQuery
	}
	return ""
}

func fragmentDifference(u ast.URL, n *url.URL) string {
	if !u.Fragment.Present {
		return ""
	}
	if decoded, err := url.PathUnescape(u.Fragment.Value); err != nil || n.Fragment != decoded {
		return "fragments differ" // compared decoded: D9
	}
	return ""
}

// Production rows of package gen the structured targets draw from.
var (
	urlRow, _       = gen.Find("URL")
	genericRLRow, _ = gen.Find("generic-RL")
)

// drawCase builds, from a fuzz input, a URL production by production: its
// first byte chooses, one time in four, a URL with a known violation
// (inv), and otherwise a valid one (u). The bytes the productions leave
// unread, if any, then edit the printed URL (edited): each of up to eight
// edits inserts, replaces or deletes one byte at a chosen offset, so that
// a fuzzer reaches the readers' error paths from deep, structured input.
func drawCase(data []byte) (u ast.URL, inv gen.Violation, invalid bool, edited string) {
	src := gen.NewBytes(data)
	if src.Intn(4) == 3 {
		inv, _ = urlRow.DrawInvalid(src)
		return u, inv, true, edit(inv.Input, src, data)
	}
	u = urlRow.Draw(src).(ast.URL)
	return u, inv, false, edit(u.String(), src, data)
}

// edit applies to s the edits the unread bytes of data choose (see
// [drawCase]); with none left it returns s.
func edit(s string, src *gen.Bytes, data []byte) string {
	if src.Used() >= len(data) {
		return s
	}
	b := []byte(s)
	for n := 1 + src.Intn(8); n > 0 && src.Used() < len(data); n-- {
		at := src.Intn(len(b) + 1)
		switch op := src.Intn(3); {
		case op == 0 || at == len(b):
			b = append(b[:at], append([]byte{byte(src.Intn(256))}, b[at:]...)...)
		case op == 1:
			b[at] = byte(src.Intn(256))
		default:
			b = append(b[:at], b[at+1:]...)
		}
	}
	return string(b)
}

// drawPair builds, from a fuzz input, a generic-RL base and a valid
// reference, production by production.
func drawPair(data []byte) (base, ref ast.URL) {
	src := gen.NewBytes(data)
	return genericRLRow.Draw(src).(ast.URL), urlRow.Draw(src).(ast.URL)
}
