package lint

import (
	"strings"
	"testing"

	"github.com/relurl/relurl/ast"
)

// TestSeverityNamesTable: each severity's name in every output's
// vocabulary, from the one table, and ParseSeverity reads relurl's and
// SARIF's names back.
func TestSeverityNamesTable(t *testing.T) {
	for _, tt := range []struct {
		s    ast.Severity
		want SeverityNames
	}{
		{ast.SeverityError, SeverityNames{"error", "error", "error", 1}},
		{ast.SeverityWarning, SeverityNames{"warning", "warning", "warning", 2}},
		{ast.SeverityInfo, SeverityNames{"info", "note", "notice", 3}},
		{0, SeverityNames{"Severity(0)", "note", "notice", 3}},
		{9, SeverityNames{"Severity(9)", "note", "notice", 3}},
	} {
		if got := Names(tt.s); got != tt.want {
			t.Errorf("Names(%d) = %+v, want %+v", tt.s, got, tt.want)
		}
		if !tt.s.Valid() {
			continue
		}
		for _, name := range []string{tt.want.Text, tt.want.SARIF, strings.ToUpper(tt.want.Text)} {
			if got, err := ast.ParseSeverity(name); err != nil || got != tt.s {
				t.Errorf("ast.ParseSeverity(%q) = %v, %v; want %v", name, got, err, tt.s)
			}
		}
	}
	if _, err := ast.ParseSeverity("notice"); err == nil {
		t.Error(`ast.ParseSeverity("notice"): GitHub's command is no severity of the configuration`)
	}
}
