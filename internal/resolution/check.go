package resolution

import (
	"errors"
	"fmt"
	"strings"

	"github.com/relurl/relurl/ast"
)

// CheckTrace holds the trace of base and ref to the resolution it records,
// and returns what it finds amiss, or nil: the same result as Reference,
// one deciding step and the last one where the RFC stops, every component
// where its origin says it came from, and step 6's stages chained. The
// tests of the trace and its fuzz target run it.
func CheckTrace(base, ref ast.URL) error {
	var errs []error
	want := Reference(base, ref, nil)
	got, tr := ReferenceTrace(base, ref)
	if got != want || tr.Result != want {
		return errors.Join(append(errs, fmt.Errorf("ReferenceTrace(%q, %q) = %q with Result %q; Reference gives %q", base, ref, got, tr.Result, want))...)
	}
	var decides []string
	for _, s := range tr.Steps {
		if s.Note == "" {
			errs = append(errs, fmt.Errorf("%q + %q: step %s has no note", base, ref, s.ID))
		}
		if s.Decides {
			decides = append(decides, s.ID)
		}
	}
	if len(decides) != 1 || decides[0] != tr.Decided {
		return errors.Join(append(errs, fmt.Errorf("%q + %q: deciding steps %q, Decided %q", base, ref, decides, tr.Decided))...)
	}
	last := tr.Steps[len(tr.Steps)-1].ID
	switch tr.Decided {
	case "1", "2a", "2b":
		if last != tr.Decided {
			errs = append(errs, fmt.Errorf("%q + %q: decided by %s, then step %s ran", base, ref, tr.Decided, last))
		}
	default:
		if last != "7" {
			errs = append(errs, fmt.Errorf("%q + %q: decided by %s, but the last step is %s, not 7", base, ref, tr.Decided, last))
		}
	}
	if (tr.Path != nil) != (tr.Decided == "6") {
		errs = append(errs, fmt.Errorf("%q + %q: decided by %s with a step 6 trace %v", base, ref, tr.Decided, tr.Path != nil))
	}
	// Every component is where its origin says it came from.
	b, r := base.WithoutSpans(), ref.WithoutSpans()
	for _, c := range []struct {
		name           string
		origin         Origin
		got, base, ref ast.Component
	}{
		{"scheme", tr.Origin.Scheme, want.Scheme, b.Scheme, r.Scheme},
		{"net_loc", tr.Origin.NetLoc, want.NetLoc, b.NetLoc, r.NetLoc},
		{"params", tr.Origin.Params, want.Params, b.Params, r.Params},
		{"query", tr.Origin.Query, want.Query, b.Query, r.Query},
		{"fragment", tr.Origin.Fragment, want.Fragment, b.Fragment, r.Fragment},
	} {
		from := map[Origin]ast.Component{FromBase: c.base, FromReference: c.ref}
		if src, ok := from[c.origin]; !ok || src != c.got {
			errs = append(errs, fmt.Errorf("%q + %q: %s %+v, origin %v, which has %+v", base, ref, c.name, c.got, c.origin, src))
		}
	}
	// The path as its origin has it, before step 7 writes anything in front.
	var path string
	switch tr.Origin.Path {
	case FromBase:
		path = b.Path.Value
	case FromReference:
		path = r.Path.Value
	case FromMerge:
		path = tr.Path.Path
		if tr.Path.Merged != tr.Path.Directory+tr.Path.Reference || tr.Path.Reference != r.Path.Value {
			errs = append(errs, fmt.Errorf("%q + %q: step 6 merged %q + %q into %q", base, ref, tr.Path.Directory, tr.Path.Reference, tr.Path.Merged))
		}
		for i, rule := range tr.Path.Rules {
			if rule.ID != fmt.Sprintf("6%c", 'a'+i) || rule.Rule == "" {
				errs = append(errs, fmt.Errorf("%q + %q: rule %d is %q: %q", base, ref, i, rule.ID, rule.Rule))
			}
			before := tr.Path.Merged
			if i > 0 {
				before = tr.Path.Rules[i-1].Path
			}
			if (len(rule.Removed) == 0) != (before == rule.Path) {
				errs = append(errs, fmt.Errorf("%q + %q: rule %s removed %q and took %q to %q", base, ref, rule.ID, rule.Removed, before, rule.Path))
			}
		}
	default:
		return errors.Join(append(errs, fmt.Errorf("%q + %q: path origin %v", base, ref, tr.Origin.Path))...)
	}
	if !strings.HasSuffix(want.Path.Value, path) || len(want.Path.Value)-len(path) > 2 {
		errs = append(errs, fmt.Errorf("%q + %q: path %q, from %v %q", base, ref, want.Path.Value, tr.Origin.Path, path))
	}
	return errors.Join(errs...)
}
