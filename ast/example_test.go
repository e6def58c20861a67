package ast_test

import (
	"fmt"
	"slices"

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
