package lint_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/relurl/relurl/lint"
	"github.com/relurl/relurl/lint/extract"
)

// FuzzFix holds fixes to the properties of TestFixProperties on any
// document of any kind: no panic, edits inside the spans of the URLs they
// fix, the fixed document read back as the fixed URLs, and nothing left
// to fix when it is linted again. Seeds: generated documents of every kind.
func FuzzFix(f *testing.F) {
	r := rand.New(rand.NewPCG(12, 1808))
	kinds := extract.Kinds()
	for i, dk := range docKinds {
		k := slices.Index(kinds, dk.kind)
		for _, urls := range [][]string{trickyURLs[:6], trickyURLs[6:14], trickyURLs[14:]} {
			f.Add([]byte(dk.write(r, urls)), uint8(k), uint8(i))
		}
	}
	var linters []*lint.Linter
	for _, opts := range []lint.Options{
		{Fixes: true, Retrieval: "http://a/b/c/d;p?q"},
		{Fixes: true},
		{Fixes: true, AllowChars: "~", AllowIPv6Hosts: true, Enable: []string{"rfc1738"}},
	} {
		l, err := lint.New(opts)
		if err != nil {
			f.Fatal(err)
		}
		linters = append(linters, l)
	}
	f.Fuzz(func(t *testing.T, data []byte, kind, config uint8) {
		l := linters[int(config)%len(linters)]
		checkFixProperties(t, l, kinds[int(kind)%len(kinds)], l.Retrieval(), string(data))
	})
}
