package conformance

import (
	"slices"
	"strings"

	"github.com/relurl/relurl/ast"
	"github.com/relurl/relurl/internal/resolution"
	"github.com/relurl/relurl/resolve"
	"github.com/relurl/relurl/validate"
)

// decisionIDs are the decisions of docs/decisions.md that the data file
// cites: those that answer a case where RFC 1808 is silent or ambiguous,
// in the order of that page. [decisionsFor] finds them in a case; a test
// holds each to its entry on the page.
var decisionIDs = []string{
	"P-1", "P-2", "P-3", "P-4", "P-5", "P-6", "P-7", "P-8", "P-9",
	"R-2", "R-3", "R-4", "R-5", "R-6", "R-8", "R-9", "R-10", "R-11", "R-12", "R-13", "R-16",
}

// decisionsFor lists the decisions that answer the case of input, read
// alone (base nil) or resolved against *base, where RFC 1808 is silent or
// ambiguous, in the order of [decisionIDs]. It labels; it decides
// nothing: the answers are relurl's, checked by the second computation.
func decisionsFor(base *string, input string) []string {
	var ids []string
	add := func(id string) {
		if !slices.Contains(ids, id) {
			ids = append(ids, id)
		}
	}
	u, diags := validate.Validate(input)
	parseDecisions(input, u, diags, add)
	if base != nil {
		resolveDecisions(*base, u, diags.Err() == nil, add)
	}
	slices.SortFunc(ids, func(a, b string) int {
		return slices.Index(decisionIDs, a) - slices.Index(decisionIDs, b)
	})
	return ids
}

// parseDecisions: how §2.2 and §2.4 read the input itself.
func parseDecisions(input string, u ast.URL, diags ast.Diagnostics, add func(string)) {
	if u.Scheme.Present {
		// P-1: "g:h" has a scheme (ordered choice; its rest is no abs_path,
		// so it could as well be a relative path holding ":").
		if rest := input[len(u.Scheme.Value)+1:]; !strings.HasPrefix(rest, "/") {
			add("P-1")
		}
		// P-2: a scheme beginning with a digit, "+", "-" or ".".
		if c := u.Scheme.Value[0]; !(c|0x20 >= 'a' && c|0x20 <= 'z') {
			add("P-2")
		}
	}
	if strings.HasPrefix(input, ":") {
		add("P-3") // ":" at position 0 is no scheme
	}
	if diags.Err() == nil && u.Scheme.Present && u.Form == ast.FormOpaque {
		add("P-4") // http://a//b: valid, opaque, no base
	}
	if u.NetLoc.Present && strings.ContainsAny(u.NetLoc.Value, "?;") {
		add("P-6")
	}
	if input == "" || input == "#" {
		add("P-7")
	}
	for _, d := range diags {
		switch d.Rule {
		case "net_path/empty-segment":
			add("P-5")
		case "fragment/hash":
			add("P-8")
		}
	}
	for i := 0; i < len(input); i++ {
		if input[i] >= 0x80 {
			add("P-9") // non-ASCII is invalid wherever it appears
			break
		}
	}
}

// resolveDecisions: how §4 resolves it against base.
func resolveDecisions(base string, ref ast.URL, refValid bool, add func(string)) {
	if base == "" {
		add("R-3") // step 1: the reference as it is, still checked
		return
	}
	b, err := resolve.ParseBase(base)
	if err != nil {
		add("R-16") // a base must be valid, absolute and generic-RL
		return
	}
	if rest := base[len(b.Scheme.Value)+1:]; !strings.HasPrefix(rest, "/") {
		add("R-16") // mailto:x serves, its syntax fits
	}
	if !refValid || ref.Len() == 0 || ref.Scheme.Present {
		return // steps 2a and 2b: settled by the text
	}
	if ref.Params.Present && strings.Contains(ref.Params.Value, "/") {
		add("R-2") // params are not path
	}
	emptyPresent := func(c ast.Component) bool { return c.Present && c.Value == "" }
	relative := ref.NetLoc.Value == "" && !ref.Path.IsAbsolute()
	if !ref.NetLoc.Present && ref.Path.IsEmpty() && !(ref.Params.Value != "" || ref.Query.Value != "") &&
		(emptyPresent(ref.Params) || emptyPresent(ref.Query) || emptyPresent(ref.Fragment)) {
		add("R-4") // "#", "?", ";": not entirely empty
	}
	if emptyPresent(ref.NetLoc) ||
		relative && ref.Path.IsEmpty() && (emptyPresent(ref.Params) ||
			ref.Params.Value == "" && (emptyPresent(ref.Query) || emptyPresent(b.Params) ||
				ref.Query.Value == "" && emptyPresent(b.Query))) {
		add("R-5") // steps 3 and 5 test "non-empty"
	}
	if emptyPresent(ref.Fragment) ||
		(ref.NetLoc.Value != "" || !ref.Path.IsEmpty()) && (emptyPresent(ref.Params) || emptyPresent(ref.Query)) {
		add("R-6") // a delimiter the reference writes is kept
	}
	if ref.NetLoc.Value == "" && emptyPresent(b.NetLoc) {
		add("R-9") // an empty net_loc, inherited
	}
	res, tr := resolution.ReferenceTrace(b, ref)
	if relative && b.NetLoc.Present && b.Path.IsEmpty() {
		add("R-8") // a net_loc with an empty path
	}
	if tr.Path == nil {
		return
	}
	merged := strings.TrimPrefix(tr.Path.Merged, "/")
	if strings.Contains(merged, "//") || strings.HasPrefix(merged, "/") {
		add("R-10") // an empty segment is a segment
	}
	for seg := range (ast.Path{Value: tr.Path.Path}).Segments() {
		if seg == ".." {
			add("R-11") // ".." above the root is kept
		}
		break
	}
	if b.NetLoc.Present && strings.HasPrefix(tr.Path.Path, "//") {
		add("R-12") // "http://a//g", written literally
	}
	if tr.Path.KeptDot || res.Path.Value != tr.Path.Path && strings.HasPrefix(res.Path.Value, "/.") {
		add("R-13") // no net_loc: a "." segment kept in front
	}
}
