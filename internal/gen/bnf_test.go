package gen

import (
	"testing"

	"github.com/relurl/relurl/ast"
)

// TestCharactersAreTheClassTable: the characters the generators draw,
// read from the BNF here, are those of the class table of package ast,
// generated from the same file.
func TestCharactersAreTheClassTable(t *testing.T) {
	for name, class := range map[string]ast.Class{
		"pchar": ast.PcharChar, "uchar": ast.Unreserved, "unreserved": ast.Unreserved, "hex": ast.Hex,
		"alpha": ast.Alpha, "digit": ast.Digit, "safe": ast.Safe, "extra": ast.Extra, "reserved": ast.Reserved,
	} {
		if got, want := bnfInfo().single[name], chars(class); got != want {
			t.Errorf("%s: the BNF gives %q, the class table %q", name, got, want)
		}
	}
	for name, class := range map[string]ast.Class{
		"scheme": ast.SchemeChar, "net_loc": ast.NetLocChar, "param": ast.ParamChar, "query": ast.QueryChar,
		"fragment": ast.QueryChar, "fsegment": ast.PcharChar, "segment": ast.PcharChar,
	} {
		run := bnfInfo().rule(name)
		if !run.isRun() {
			t.Errorf("%s is not a run of characters", name)
			continue
		}
		if got, _ := bnfInfo().runChars(run.body()); got != chars(class) {
			t.Errorf("%s: the BNF gives %q, the class table %q", name, got, chars(class))
		}
	}
}

// TestTuningsFitTheBNF: every weight of tuning.go weighs a choice point
// the BNF has, so that an edit of the BNF cannot leave a weight behind.
func TestTuningsFitTheBNF(t *testing.T) {
	for name, tu := range tunings {
		e := bnfInfo().rule(name)
		if e == nil {
			t.Errorf("tuning of %s: the BNF has no such production", name)
			continue
		}
		var alts []int
		var opts, reps int
		var walk func(*expr)
		walk = func(e *expr) {
			switch e.op {
			case opAlt:
				alts = append(alts, len(e.items))
			case opOpt:
				opts++
			case opRep:
				if !e.isRun() {
					reps++
				}
			}
			for _, it := range e.items {
				walk(it)
			}
		}
		walk(e)
		for i, w := range tu.alts {
			if i >= len(alts) || len(w) != alts[i] {
				t.Errorf("tuning of %s: weights %v for alternation %d, which the rule does not have (its alternations: %v)", name, w, i, alts)
			}
		}
		if len(tu.options) > opts {
			t.Errorf("tuning of %s: %d option weights, the rule has %d options", name, len(tu.options), opts)
		}
		if len(tu.repeats) > reps {
			t.Errorf("tuning of %s: %d repetition bounds, the rule has %d repeated groups", name, len(tu.repeats), reps)
		}
		if tu.max > 0 && !e.isRun() {
			t.Errorf("tuning of %s: a run length for a production that is no run of characters", name)
		}
		for i := range tu.shapes {
			if len(alts) == 0 || i >= alts[0] {
				t.Errorf("tuning of %s: a shape for alternative %d, which the rule does not have", name, i)
			}
		}
	}
}
