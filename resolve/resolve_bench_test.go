package resolve_test

import (
	"strings"
	"testing"

	"github.com/relurl/relurl/ast"
	"github.com/relurl/relurl/resolve"
)

// BenchmarkResolve times §4 itself, resolve.Reference, on nodes parsed
// beforehand, so that a change to the algorithm (the trace recorder, say)
// shows undiluted by validation:
//
//   - examples: the 39 references of §5.1 and §5.2 against the §5 base;
//   - table: every pair of the resolution tables;
//   - dotdot: "../" 10 000 times, then "g", step 6 popping each segment of
//     a long base path;
//   - long: a 1 MB reference path whose ".." pop what it pushed.
//
// Compare two versions in one interleaved run (test binaries built from
// each, run in turn; benchstat old new), never across runs.
func BenchmarkResolve(b *testing.B) {
	split := func(pairs []resolveCase) (bases, refs []ast.URL) {
		for _, p := range pairs {
			bu, err := resolve.ParseBase(p.base)
			if err != nil {
				b.Fatal(err)
			}
			ru, err := resolve.ParseRef(p.ref)
			if err != nil {
				b.Fatal(err)
			}
			bases, refs = append(bases, bu), append(refs, ru)
		}
		return bases, refs
	}
	var table []resolveCase
	for _, cases := range allCases() {
		table = append(table, cases...)
	}
	deep := "http://a/" + strings.Repeat("s/", 10_000) + "d"
	half := 1 << 18
	for _, bc := range []struct {
		name  string
		pairs []resolveCase
	}{
		{"examples", append(append([]resolveCase(nil), normalExamples...), abnormalExamples...)},
		{"table", table},
		{"dotdot", []resolveCase{{deep, strings.Repeat("../", 10_000) + "g", ""}}},
		{"long", []resolveCase{{rfcBase, strings.Repeat("a/", half) + strings.Repeat("../", half) + "g", ""}}},
	} {
		bases, refs := split(bc.pairs)
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				for i := range refs {
					_ = resolve.Reference(bases[i], refs[i])
				}
			}
		})
	}
}
