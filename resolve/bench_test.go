package resolve_test

import (
	"fmt"
	"net/url"
	"strings"
	"testing"

	"github.com/relurl/relurl/resolve"
)

// benchPairs are the base and reference pairs of the resolution tables on
// which net/url also succeeds, so that both sides do the same work. Their
// answers differ on some (net/url follows RFC 3986); only the time is
// compared here.
func benchPairs(b *testing.B) []resolveCase {
	var pairs []resolveCase
	for _, cases := range allCases() {
		for _, c := range cases {
			if c.base == "" {
				continue
			}
			if _, err := url.Parse(c.base); err != nil {
				continue
			}
			if _, err := url.Parse(c.ref); err != nil {
				continue
			}
			pairs = append(pairs, c)
		}
	}
	if len(pairs) < 100 {
		b.Fatalf("only %d pairs", len(pairs))
	}
	return pairs
}

// BenchmarkTable resolves every pair of the tables once per iteration:
// relurl's strict Resolve (validating both strings) and Lenient against
// net/url's Parse of both strings, ResolveReference and String.
func BenchmarkTable(b *testing.B) {
	pairs := benchPairs(b)
	b.Run("relurl/strict", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			for _, p := range pairs {
				u, err := resolve.Resolve(p.base, p.ref)
				if err != nil {
					b.Fatal(err)
				}
				_ = u.String()
			}
		}
	})
	b.Run("relurl/lenient", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			for _, p := range pairs {
				_ = resolve.Lenient(p.base, p.ref).String()
			}
		}
	})
	b.Run("net-url", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			for _, p := range pairs {
				base, err := url.Parse(p.base)
				if err != nil {
					b.Fatal(err)
				}
				ref, err := url.Parse(p.ref)
				if err != nil {
					b.Fatal(err)
				}
				_ = base.ResolveReference(ref).String()
			}
		}
	})
}

// BenchmarkDotDot is a series in the number of "../" in the reference: the
// time per "../" should stay flat for relurl (linear), whatever net/url
// does.
func BenchmarkDotDot(b *testing.B) {
	for _, n := range []int{10, 100, 1_000, 10_000, 100_000} {
		ref := strings.Repeat("../", n) + "g"
		b.Run(fmt.Sprintf("relurl/n=%d", n), func(b *testing.B) {
			b.SetBytes(int64(len(ref)))
			for b.Loop() {
				if _, err := resolve.Resolve(rfcBase, ref); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(fmt.Sprintf("net-url/n=%d", n), func(b *testing.B) {
			b.SetBytes(int64(len(ref)))
			base, _ := url.Parse(rfcBase)
			for b.Loop() {
				r, err := url.Parse(ref)
				if err != nil {
					b.Fatal(err)
				}
				_ = base.ResolveReference(r).String()
			}
		})
	}
}

// BenchmarkLongPath is a series in the length of the reference's path, of
// segments that the last ".." pops one at a time ("a/b/../../" nested).
func BenchmarkLongPath(b *testing.B) {
	for _, size := range []int{1 << 10, 1 << 14, 1 << 18, 1 << 22} {
		half := size / 4
		ref := strings.Repeat("a/", half) + strings.Repeat("../", half) + "g"
		b.Run(fmt.Sprintf("relurl/bytes=%d", len(ref)), func(b *testing.B) {
			b.SetBytes(int64(len(ref)))
			for b.Loop() {
				if _, err := resolve.Resolve(rfcBase, ref); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(fmt.Sprintf("net-url/bytes=%d", len(ref)), func(b *testing.B) {
			b.SetBytes(int64(len(ref)))
			base, _ := url.Parse(rfcBase)
			for b.Loop() {
				r, err := url.Parse(ref)
				if err != nil {
					b.Fatal(err)
				}
				_ = base.ResolveReference(r).String()
			}
		})
	}
}

// BenchmarkRelative times the inverse on the table's results.
func BenchmarkRelative(b *testing.B) {
	pairs := benchPairs(b)
	targets := make([]string, 0, len(pairs))
	for _, p := range pairs {
		u, err := resolve.Resolve(p.base, p.ref)
		if err != nil {
			b.Fatal(err)
		}
		targets = append(targets, u.String())
	}
	b.ReportAllocs()
	for b.Loop() {
		for i, p := range pairs {
			if _, err := resolve.Relative(p.base, targets[i]); err != nil {
				b.Fatal(err)
			}
		}
	}
}
