package lint

import (
	"testing"

	"github.com/relurl/relurl/ast"
)

// TestWithLevels: the layers of WithLevels apply in order after Levels,
// families before ids within each, and the flags (Enable, Disable,
// Severity) over them all.
func TestWithLevels(t *testing.T) {
	levels := map[string]Level{"rfc1808": LevelInfo, RuleFsegmentColon: LevelOff}
	opts := Options{
		Levels:   levels,
		Severity: map[string]ast.Severity{RuleRFC1738Host: ast.SeverityError},
		Enable:   []string{"rfc1738"},
		Disable:  []string{RuleParamsFTPTypeD},
	}
	l := mustNew(t, opts)
	levels["rfc1808"] = LevelOff // the linter keeps its own copy
	check := func(l *Linter, id string, on bool, sev ast.Severity) {
		t.Helper()
		if l.Enabled(id) != on || on && l.Severity(id) != sev {
			t.Errorf("%s: on %v %v, want %v %v", id, l.Enabled(id), l.Severity(id), on, sev)
		}
	}
	check(l, RuleSchemeRelativeForm, true, ast.SeverityInfo)
	check(l, RuleFsegmentColon, false, 0)
	a, err := l.WithLevels(
		map[string]Level{RuleFsegmentColon: LevelError, "syntax": LevelOff, "rfc1808": LevelWarning},
		map[string]Level{RuleFsegmentColon: LevelWarning, RuleRFC1738Host: LevelInfo, RuleParamsFTPTypeD: LevelError},
	)
	if err != nil {
		t.Fatal(err)
	}
	check(a, RuleFsegmentColon, true, ast.SeverityWarning)      // the later layer wins
	check(a, RuleSchemeRelativeForm, true, ast.SeverityWarning) // the family, over Levels
	check(a, ast.RuleQueryChar, false, 0)
	check(a, RuleRFC1738Host, true, ast.SeverityError) // Severity wins over a layer
	check(a, RuleParamsFTPTypeD, false, 0)             // so does Disable
	check(l, RuleFsegmentColon, false, 0)              // l is as it was
	for _, bad := range []map[string]Level{{"nope": LevelOff}, {"syntax": 0}} {
		if _, err := l.WithLevels(bad); err == nil {
			t.Errorf("WithLevels(%v): no error", bad)
		}
	}
}
