package resolution_test

import (
	"fmt"

	"github.com/relurl/relurl/internal/resolution"
	"github.com/relurl/relurl/resolve"
)

func ExampleReferenceTrace() {
	base, _ := resolve.ParseBase("http://a/b/c/d;p?q#f")
	ref, _ := resolve.ParseRef("../../g;x?y#s")
	u, trace := resolution.ReferenceTrace(base, ref)
	fmt.Println(u, "decided by step", trace.Decided)
	for _, rule := range trace.Path.Rules {
		fmt.Printf("%s %-14s removed %q\n", rule.ID, rule.Path, rule.Removed)
	}
	fmt.Println("path from", trace.Origin.Path, "query from", trace.Origin.Query)
	// Output:
	// http://a/g;x?y#s decided by step 6
	// 6a /b/c/../../g   removed []
	// 6b /b/c/../../g   removed []
	// 6c /g             removed ["c/../" "b/../"]
	// 6d /g             removed []
	// path from step 6 query from reference
}
