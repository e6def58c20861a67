package ast_test

import (
	"fmt"
	"slices"
	"strings"

	"github.com/relurl/relurl/ast"
)

func ExampleURL_String() {
	u := ast.URL{
		Scheme: ast.Component{Value: "http", Present: true},
		NetLoc: ast.Component{Value: "a", Present: true},
		Path:   ast.Path{Value: "/b/c"},
		Query:  ast.Component{Present: true}, // present but empty
	}
	fmt.Println(u)
	// Output:
	// http://a/b/c?
}

func ExamplePath_Segments() {
	fmt.Printf("%q\n", slices.Collect(ast.Path{Value: "/a//b/"}.Segments()))
	// Output:
	// ["a" "" "b" ""]
}

func ExampleClassOf() {
	for _, c := range []byte{'a', ';', '~'} {
		fmt.Printf("%q %v\n", c, ast.ClassOf(c)&(ast.SchemeChar|ast.Reserved|ast.National))
	}
	// Output:
	// 'a' SchemeChar
	// ';' Reserved
	// '~' National
}

func ExampleDiagnostic_Caret() {
	d := ast.Diagnostic{Offset: 9, End: 12}
	fmt.Println(d.Caret("http://a/%zz"))
	// Output:
	// http://a/%zz
	//          ^^^
}

func ExampleDiagnostics_Err() {
	var none ast.Diagnostics
	fmt.Println(none.Err() == nil)
	// Output:
	// true
}

func ExampleQuote() {
	fmt.Println(ast.Quote("g%zz", 1))
	long := strings.Repeat("a", 100) + "%zz" + strings.Repeat("b", 100)
	fmt.Println(ast.Quote(long, 100))
	// Output:
	// "g%zz"
	// …"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa%zzbbbbbbbbbbbbbbbbbbbbbbbbbbbbb"…
}

func ExampleSchemeLen() {
	for _, s := range []string{"http://a/b", "this:that", "./this:that", ":x", "a%3Ab:c"} {
		fmt.Println(s, ast.SchemeLen(s))
	}
	// Output:
	// http://a/b 4
	// this:that 4
	// ./this:that 0
	// :x 0
	// a%3Ab:c 0
}

func ExampleSplitNetLoc() {
	for _, nl := range []string{"www.example.com", "anna:secret@ftp.example.com:21", "[2001:db8::7]:8080", "[::1"} {
		p := ast.SplitNetLoc(nl)
		fmt.Printf("%q: userinfo %q, host %q at %v", nl, p.UserInfo.Value, p.Host.Value, p.Host.Span)
		if p.Port.Present {
			fmt.Printf(", port %q", p.Port.Value)
		}
		fmt.Println()
	}
	// Output:
	// "www.example.com": userinfo "", host "www.example.com" at {0 15}
	// "anna:secret@ftp.example.com:21": userinfo "anna:secret", host "ftp.example.com" at {12 27}, port "21"
	// "[2001:db8::7]:8080": userinfo "", host "[2001:db8::7]" at {0 13}, port "8080"
	// "[::1": userinfo "", host "[::1" at {0 4}
}
