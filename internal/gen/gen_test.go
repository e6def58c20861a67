package gen_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/leanovate/gopter"
	"github.com/relurl/relurl/ast"
	"github.com/relurl/relurl/grammar"
	"github.com/relurl/relurl/internal/gen"
	"github.com/relurl/relurl/internal/testseed"
	"github.com/relurl/relurl/validate"
)

// params returns reproducible generator parameters: the seed comes from
// RELURL_SEED when set.
func params(t *testing.T) *gopter.GenParameters {
	t.Helper()
	return gopter.DefaultGenParameters().WithSize(20).CloneWithSeed(testseed.Seed(t, 1))
}

func samples(t *testing.T) int {
	if testing.Short() {
		return 200
	}
	return 2000
}

// TestEveryProductionHasAGenerator reads the grammar's EBNF and fails if a
// production has no generator.
func TestEveryProductionHasAGenerator(t *testing.T) {
	names := regexp.MustCompile(`(?m)^(\w+) =`).FindAllStringSubmatch(grammar.EBNF(), -1)
	if len(names) < 10 {
		t.Fatalf("found only %d productions in the EBNF", len(names))
	}
	for _, m := range names {
		if _, ok := gen.Lookup(m[1]); !ok {
			t.Errorf("production %s has no generator", m[1])
		}
	}
	for _, n := range gen.Names() {
		if _, ok := gen.Lookup(n); !ok {
			t.Errorf("Names lists %q but Lookup does not find it", n)
		}
	}
}

// TestStringProductions checks each string generator against its
// production by parsing its values in a context that isolates it.
func TestStringProductions(t *testing.T) {
	p := params(t)
	for name, wrap := range map[string]func(string) (string, func(ast.URL) string){
		"scheme": func(s string) (string, func(ast.URL) string) {
			return s + ":", func(u ast.URL) string { return u.Scheme.Value }
		},
		"net_loc": func(s string) (string, func(ast.URL) string) {
			return "//" + s, func(u ast.URL) string { return u.NetLoc.Value }
		},
		"fsegment": func(s string) (string, func(ast.URL) string) {
			return "/" + s, func(u ast.URL) string { return u.Path.Value[1:] }
		},
		"segment": func(s string) (string, func(ast.URL) string) {
			return "/a/" + s, func(u ast.URL) string { return u.Path.Value[3:] }
		},
		"path": func(s string) (string, func(ast.URL) string) {
			return "/" + s, func(u ast.URL) string { return u.Path.Value[1:] }
		},
		"param": func(s string) (string, func(ast.URL) string) {
			return ";" + s, func(u ast.URL) string { return u.Params.Value }
		},
		"params": func(s string) (string, func(ast.URL) string) {
			return ";" + s, func(u ast.URL) string { return u.Params.Value }
		},
		"query": func(s string) (string, func(ast.URL) string) {
			return "?" + s, func(u ast.URL) string { return u.Query.Value }
		},
		"fragment": func(s string) (string, func(ast.URL) string) {
			return "#" + s, func(u ast.URL) string { return u.Fragment.Value }
		},
		"pchar": func(s string) (string, func(ast.URL) string) {
			return "/" + s, func(u ast.URL) string { return u.Path.Value[1:] }
		},
		"uchar": func(s string) (string, func(ast.URL) string) {
			return "?" + s, func(u ast.URL) string { return u.Query.Value }
		},
		"escape": func(s string) (string, func(ast.URL) string) {
			return "?" + s, func(u ast.URL) string { return u.Query.Value }
		},
	} {
		g, _ := gen.Lookup(name)
		for range samples(t) {
			v := g(p).Result.(string)
			in, get := wrap(v)
			u, err := grammar.Parse(in)
			if err != nil || get(u) != v {
				t.Fatalf("%s generated %q: in %q the grammar reads %q, %v", name, v, in, get(u), err)
			}
			if name == "param" && strings.Contains(v, ";") || name == "segment" && strings.Contains(v, "/") {
				t.Fatalf("%s generated %q, which spans more than one %s", name, v, name)
			}
		}
	}
}

// TestURLGenerators checks that every URL-level generator yields values
// that are well formed and that both readers read back exactly.
func TestURLGenerators(t *testing.T) {
	p := params(t)
	forms := map[ast.Form]int{}
	for _, name := range gen.URLNames() {
		g, _ := gen.Lookup(name)
		for range samples(t) {
			r := g(p)
			u, ok := r.Retrieve()
			if !ok {
				t.Fatalf("%s: a generated value fails its own sieve: %#v", name, r.Result)
			}
			want := u.(ast.URL)
			forms[want.Form]++
			got, err := grammar.Parse(want.String())
			if err != nil {
				t.Fatalf("%s generated %q: %v", name, want.String(), err)
			}
			if got.WithoutSpans() != want {
				t.Fatalf("%s generated %#v\nbut %q reads back as %#v", name, want, want.String(), got.WithoutSpans())
			}
		}
	}
	for _, f := range []ast.Form{ast.FormRelative, ast.FormGenericRL, ast.FormOpaque} {
		if forms[f] < samples(t)/20 {
			t.Errorf("form %v generated only %d times", f, forms[f])
		}
	}
}

// TestCorners checks that the corners the generators promise are common.
func TestCorners(t *testing.T) {
	p := params(t)
	g := gen.URL()
	counts := map[string]int{}
	corners := map[string]func(ast.URL) bool{
		"escape": func(u ast.URL) bool { return strings.Contains(u.String(), "%") },
		"empty segment": func(u ast.URL) bool {
			return strings.Contains(u.Path.Value[min(1, len(u.Path.Value)):], "//") || strings.HasSuffix(u.Path.Value, "/")
		},
		"dot segment": func(u ast.URL) bool {
			return u.Path.Value == "." || strings.Contains(u.Path.Value, "./") || strings.HasSuffix(u.Path.Value, "/.")
		},
		"dotdot":        func(u ast.URL) bool { return strings.Contains(u.Path.Value, "..") },
		"param with /":  func(u ast.URL) bool { return strings.Contains(u.Params.Value, "/") },
		"query with ?;": func(u ast.URL) bool { return strings.ContainsAny(u.Query.Value, "?;") },
		"digit scheme":  func(u ast.URL) bool { return u.Scheme.Present && u.Scheme.Value[0] >= '0' && u.Scheme.Value[0] <= '9' },
		"net_path":      func(u ast.URL) bool { return !u.Scheme.Present && u.NetLoc.Present },
		// net_path = "//" net_loc [ abs_path ]: the option not taken.
		"net_path without a path": func(u ast.URL) bool { return !u.Scheme.Present && u.NetLoc.Present && u.Path.Value == "" },
		"abs_path":                func(u ast.URL) bool { return !u.Scheme.Present && !u.NetLoc.Present && u.Path.IsAbsolute() },
		"rel_path":                func(u ast.URL) bool { return !u.Scheme.Present && !u.NetLoc.Present && !u.Path.IsAbsolute() },
		"empty":                   func(u ast.URL) bool { return u.WithoutSpans() == ast.URL{} },
		"opaque":                  func(u ast.URL) bool { return u.Form == ast.FormOpaque },
	}
	n := 4 * samples(t)
	for range n {
		u := g(p).Result.(ast.URL)
		for name, is := range corners {
			if is(u) {
				counts[name]++
			}
		}
	}
	for name := range corners {
		if counts[name] < n/200 {
			t.Errorf("corner %q: %d of %d", name, counts[name], n)
		}
	}
	t.Logf("corners in %d URLs: %v", n, counts)
}

// TestShrinking follows the URL shrinker from large generated URLs down:
// every step is well formed and valid, and the walk ends at a small URL.
func TestShrinking(t *testing.T) {
	p := params(t).WithSize(40)
	g := gen.URL()
	for range 50 {
		r := g(p)
		u := r.Result.(ast.URL)
		for steps := 0; ; steps++ {
			next, ok := r.Shrinker(u).Filter(r.Sieve)()
			if !ok {
				break
			}
			u = next.(ast.URL)
			if !validate.Valid(u.String()) {
				t.Fatalf("shrunk to invalid %q", u.String())
			}
			if steps > 10000 {
				t.Fatal("shrinking does not end")
			}
		}
		if len(u.String()) > 8 {
			t.Errorf("shrinking ended at %q, want a URL of a few bytes", u.String())
		}
	}
}

// TestInvalid checks that every injected violation draws exactly the
// expected diagnostic from the validator, and the grammar fails there.
func TestInvalid(t *testing.T) {
	p := params(t)
	g := gen.Invalid()
	rules := map[string]int{}
	for range samples(t) {
		r := g(p)
		v := r.Result.(gen.Violation)
		rules[v.Rule]++
		checkViolation(t, v)
		// Shrinks keep the violation.
		if s, ok := r.Shrinker(v)(); ok {
			checkViolation(t, s.(gen.Violation))
		}
	}
	for _, rule := range []string{ast.RuleEscapeMalformed, ast.RuleFragmentHash, ast.RuleNetPathEmptySegment,
		ast.RuleNetLocChar, ast.RuleFsegmentChar, ast.RuleSegmentChar, ast.RuleParamChar, ast.RuleQueryChar, ast.RuleFragmentChar} {
		if rules[rule] == 0 {
			t.Errorf("no violation of %s generated", rule)
		}
	}
	t.Logf("violations: %v", rules)
}

func checkViolation(t *testing.T, v gen.Violation) {
	t.Helper()
	_, diags := validate.Validate(v.Input)
	if len(diags) != 1 {
		t.Fatalf("%q (from %q): want one diagnostic %d..%d %s, got %v", v.Input, v.Base.String(), v.Offset, v.End, v.Rule, diags)
	}
	d := diags[0]
	if d.Offset != v.Offset || d.End != v.End || d.Rule != v.Rule || d.Production != v.Production {
		t.Fatalf("%q: want %d..%d %s %s, got %d..%d %s %s", v.Input, v.Offset, v.End, v.Production, v.Rule, d.Offset, d.End, d.Production, d.Rule)
	}
}

// TestInvalidFromEveryURLProduction checks that an invalid URL can be
// made from every URL-level production, even those some kinds of
// violation do not fit.
func TestInvalidFromEveryURLProduction(t *testing.T) {
	p := params(t)
	for _, name := range gen.URLNames() {
		g, _ := gen.Lookup(name)
		inv := gen.InvalidFrom(g)
		for range 200 {
			checkViolation(t, inv(p).Result.(gen.Violation))
		}
	}
}
