package lowering

import (
	"os"
	"strings"
	"testing"

	"github.com/relurl/relurl/internal/bnf"
)

func rfc1808(t *testing.T, edit func(string) string) *bnf.File {
	t.Helper()
	src, err := os.ReadFile("../../rfc1808.bnf")
	if err != nil {
		t.Fatal(err)
	}
	f, err := bnf.Parse("rfc1808.bnf", []byte(edit(string(src))))
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func same(s string) string { return s }

// field returns the tag of a field of a lowered struct.
func field(structs []Struct, typ, name string) (Field, bool) {
	for _, s := range structs {
		if s.Name == typ {
			for _, f := range s.Fields {
				if f.Name == name {
					return f, true
				}
			}
		}
	}
	return Field{}, false
}

// TestLower checks the rules on the productions of §2.2 that show each.
func TestLower(t *testing.T) {
	structs, err := Lower(rfc1808(t, same), &RFC1808)
	if err != nil {
		t.Fatal(err)
	}
	if len(structs) != 16 {
		t.Errorf("%d structs, want one per production from URL to fragment (16)", len(structs))
	}
	for _, tc := range []struct{ typ, field, ftype, tag string }{
		{"URL", "RelativeURL", "*RelativeURL", "| @@ )?"},                        // a guard makes the group optional
		{"NetPath", "NetLoc", "*NetLoc", "Slash Slash @@"},                       // a literal of two characters
		{"NetPath", "AbsPath", "*AbsPath", "@@?"},                                // [ x ]
		{"GenericRL", "Scheme", "*Scheme", "@@ Colon"},                           // the ":" after scheme
		{"GenericRL", "RelativeURL", "*RelativeURL", "@@? (?! Slash)"},           // a guard and a lookahead
		{"RelPath", "Query", "*Query", "( Question @@ )? )!"},                    // NonEmpty
		{"Params", "Params", "[]*Param", "@@ ( Semi @@ )*"},                      // two references, one slice
		{"Fsegment", "Pchars", "[]string", "@Pchars"},                            // 1*run
		{"Segment", "Pchars", "[]string", "@Pchars?"},                            // *run
		{"Query", "Chars", "[]string", "@( Pchars | Slash | Semi | Question )*"}, // the exact cover of uchar | reserved
		{"AbsoluteURL", "Opaque", "[]string", "@( Pchars | Slash | Semi | Question )*"},
		{"Scheme", "Name", "string", "@SchemeChars"}, // a production read as one token
	} {
		f, ok := field(structs, tc.typ, tc.field)
		if !ok || f.Type != tc.ftype || f.Tag != tc.tag {
			t.Errorf("%s.%s = %+v, want %s %q", tc.typ, tc.field, f, tc.ftype, tc.tag)
		}
	}
}

// TestLowerFollowsTheBNF: an edit of the BNF changes the grammar, or is
// refused with the position of the item and the production.
func TestLowerFollowsTheBNF(t *testing.T) {
	structs, err := Lower(rfc1808(t, func(s string) string {
		return strings.Replace(s, `"//" net_loc [ abs_path ]`, `"//" net_loc abs_path`, 1)
	}), &RFC1808)
	if err != nil {
		t.Fatal(err)
	}
	if f, _ := field(structs, "NetPath", "AbsPath"); f.Tag != "@@" {
		t.Errorf("net_path with abs_path required: AbsPath %q, want @@", f.Tag)
	}
	// A character no token has: "=" out of pchar is still reserved, so
	// the repetitions of uchar | reserved need a token for it, which the
	// lowering derives.
	g, err := LowerGrammar(rfc1808(t, func(s string) string {
		return strings.Replace(s, `pchar       = uchar | ":" | "@" | "&" | "="`, `pchar       = uchar | ":" | "@" | "&"`, 1)
	}), &RFC1808)
	if err != nil {
		t.Fatal(err)
	}
	if last := g.Tokens[len(g.Tokens)-1]; last.Name != "Chars1" || last.Chars.String() != "=" {
		t.Errorf("the derived token: %+v, want Chars1 of \"=\"", last)
	}
	if f, _ := field(g.Structs, "AbsoluteURL", "Opaque"); !strings.Contains(f.Tag, "Chars1") {
		t.Errorf("absoluteURL's run without the derived token: %q", f.Tag)
	}
	for _, tc := range []struct{ name, from, to, want string }{
		{"a literal no token is", `generic-RL  = scheme ":" relativeURL`, `generic-RL  = scheme "!" relativeURL`,
			`rfc1808.bnf:20:25: in generic-RL: the literal "!": no token of the lowering table is "!"`},
		{"a character production alone", `fsegment    = 1*pchar`, `fsegment    = pchar`,
			`rfc1808.bnf:28:18: in path: fsegment: the lexer reads characters in runs; no token is one of them`},
		{"an empty alternative", `relativeURL = net_path | abs_path | rel_path`, `relativeURL = net_path | abs_path | rel_path | segment`,
			`in URL: alternative 2 can match the empty string`},
		{"a guard that names no item", `generic-RL  = scheme ":" relativeURL`, `generic-RL  = scheme ":" net_path`,
			`the guard of generic-RL names the item relativeURL, which it does not have`},
		{"a repetition participle lacks", `fsegment    = 1*pchar`, `fsegment    = 2*( pchar | "/" )`,
			`in fsegment: 2*: participle has no repetition of at least 2`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Lower(rfc1808(t, func(s string) string { return strings.Replace(s, tc.from, tc.to, 1) }), &RFC1808)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("Lower = %v\nwant %s", err, tc.want)
			}
		})
	}
}

// TestGuardsAreNeeded: without a guard, the lowering is refused, since
// the grammar would either break participle or lose the empty match.
func TestGuardsAreNeeded(t *testing.T) {
	for i, g := range RFC1808.Guards {
		tb := RFC1808
		tb.Guards = append(append([]Guard(nil), RFC1808.Guards[:i]...), RFC1808.Guards[i+1:]...)
		if _, err := Lower(rfc1808(t, same), &tb); err == nil {
			t.Errorf("without the guard %+v the lowering passes", g)
		}
	}
}
