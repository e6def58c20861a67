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
