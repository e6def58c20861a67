package compare_test

import (
	"net/url"
	"testing"

	wurl "github.com/nlnwa/whatwg-url/url"

	"github.com/relurl/relurl"
	"github.com/relurl/relurl/internal/benchdata"
	"github.com/relurl/relurl/internal/interleave"
	"github.com/relurl/relurl/lint/internal/compare"
)

// BenchmarkCompare compares each URL of a corpus three ways beside what
// the linter runs without the comparison, relurl.Parse and url.Parse
// (impl=parse), in the same run; the target is a ratio of at most 10 on
// the mix. ns/op is per corpus; plain-% is the share of the corpus
// the prefilter takes.
//
//   - corpus=mix: the root package's 20 URLs; base=none reads each alone
//     (compare.URL), base=§5 resolves each against RFC 1808 §5's base, read
//     once.
//   - corpus=pydocs: 3 905 links of the Python 3.11 documentation, each
//     against its page's base; the base of each of the 530 pages is read
//     once per page (NewBase), as the linter reads a document's base once.
//
// impl=compare is Reference with the prefilter; impl=exact is the full
// path (every reader run, no shortcut), impl=agrees is Base.Agrees, the
// question a linter asks first; impl=whatwg-url is the WHATWG library
// alone, the floor of the full path.
func BenchmarkCompare(b *testing.B) {
	urls := benchdata.Lines(b, "mix.txt")
	parse := func(b *testing.B, urls []string) {
		for b.Loop() {
			for _, s := range urls {
				_, _ = relurl.Parse(s)
				_, _ = url.Parse(s)
			}
		}
	}
	share := func(b *testing.B, base *compare.Base, urls []string) {
		n := 0
		for _, s := range urls {
			if compare.Plain(base, s) {
				n++
			}
		}
		b.ReportMetric(100*float64(n)/float64(len(urls)), "plain-%")
	}
	b.Run("corpus=mix/impl=parse", func(b *testing.B) { parse(b, urls) })
	b.Run("corpus=mix/impl=whatwg-url", func(b *testing.B) {
		for b.Loop() {
			for _, s := range urls {
				_, _ = wurl.Parse(s)
			}
		}
	})
	for _, base := range []struct{ name, s string }{{"none", ""}, {"§5", "http://a/b/c/d;p?q#f"}} {
		for _, impl := range []struct {
			name string
			new  func(string) *compare.Base
		}{{"compare", compare.NewBase}, {"exact", compare.NewBaseExact}} {
			b.Run("corpus=mix/impl="+impl.name+"/base="+base.name, func(b *testing.B) {
				bb := impl.new(base.s)
				for b.Loop() {
					for _, s := range urls {
						bb.Reference(s)
					}
				}
				share(b, compare.NewBase(base.s), urls)
			})
		}
	}

	pages := compare.PyDocPages(b)
	var refs []string
	for _, p := range pages {
		refs = append(refs, p.Refs...)
	}
	b.Run("corpus=pydocs/impl=parse", func(b *testing.B) { parse(b, refs) })
	for _, impl := range []struct {
		name string
		new  func(string) *compare.Base
		run  func(*compare.Base, string)
	}{
		{"compare", compare.NewBase, func(b *compare.Base, s string) { b.Reference(s) }},
		{"agrees", compare.NewBase, func(b *compare.Base, s string) { b.Agrees(s) }},
		{"exact", compare.NewBaseExact, func(b *compare.Base, s string) { b.Reference(s) }},
	} {
		b.Run("corpus=pydocs/impl="+impl.name, func(b *testing.B) {
			for b.Loop() {
				for _, p := range pages {
					base := impl.new(p.Base)
					for _, s := range p.Refs {
						impl.run(base, s)
					}
				}
			}
			n := 0
			for _, p := range pages {
				base := compare.NewBase(p.Base)
				for _, s := range p.Refs {
					if compare.Plain(base, s) {
						n++
					}
				}
			}
			b.ReportMetric(100*float64(n)/float64(len(refs)), "plain-%")
		})
	}
}

// BenchmarkCompareRatio measures the ratios of BenchmarkCompare on a
// shared machine: each iteration times the comparison of the whole corpus
// and relurl.Parse plus url.Parse of it, one right after the other (in
// alternating order), so that both see the same load, and the quotient of
// the two medians over the iterations is reported as "x-parse" (a median
// leaves out the iterations another process stalled). The target is
// x-parse ≤ 10 for corpus=mix/impl=compare/base=none.
func BenchmarkCompareRatio(b *testing.B) {
	urls := benchdata.Lines(b, "mix.txt")
	pages := compare.PyDocPages(b)
	var refs []string
	for _, p := range pages {
		refs = append(refs, p.Refs...)
	}
	parse := func(urls []string) func() {
		return func() {
			for _, s := range urls {
				_, _ = relurl.Parse(s)
				_, _ = url.Parse(s)
			}
		}
	}
	onMix := func(base string, exact bool) func() {
		bb := compare.NewBase(base)
		if exact {
			bb = compare.NewBaseExact(base)
		}
		return func() {
			for _, s := range urls {
				bb.Reference(s)
			}
		}
	}
	onDocs := func(newBase func(string) *compare.Base, agrees bool) func() {
		return func() {
			for _, p := range pages {
				base := newBase(p.Base)
				for _, s := range p.Refs {
					if agrees {
						base.Agrees(s)
					} else {
						base.Reference(s)
					}
				}
			}
		}
	}
	cases := []struct {
		name         string
		floor, timed func()
	}{
		{"corpus=mix/impl=compare/base=none", parse(urls), onMix("", false)},
		{"corpus=mix/impl=exact/base=none", parse(urls), onMix("", true)},
		{"corpus=mix/impl=compare/base=§5", parse(urls), onMix("http://a/b/c/d;p?q#f", false)},
		{"corpus=mix/impl=exact/base=§5", parse(urls), onMix("http://a/b/c/d;p?q#f", true)},
		{"corpus=mix/impl=whatwg-url", parse(urls), func() {
			for _, s := range urls {
				_, _ = wurl.Parse(s)
			}
		}},
		{"corpus=pydocs/impl=compare", parse(refs), onDocs(compare.NewBase, false)},
		{"corpus=pydocs/impl=agrees", parse(refs), onDocs(compare.NewBase, true)},
		{"corpus=pydocs/impl=exact", parse(refs), onDocs(compare.NewBaseExact, false)},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			b.ReportMetric(interleave.Ratio(b, c.timed, c.floor), "x-parse")
		})
	}
}
