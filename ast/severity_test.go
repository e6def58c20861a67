package ast_test

import (
	"testing"

	"github.com/relurl/relurl/ast"
)

func TestSeverityText(t *testing.T) {
	var zero ast.Severity
	if zero.Valid() {
		t.Error("the zero Severity is valid")
	}
	if _, err := zero.MarshalText(); err == nil {
		t.Error("the zero Severity marshals")
	}
	for _, s := range []ast.Severity{ast.SeverityError, ast.SeverityWarning, ast.SeverityInfo} {
		b, err := s.MarshalText()
		if err != nil {
			t.Fatal(err)
		}
		var back ast.Severity
		if err := back.UnmarshalText(b); err != nil || back != s {
			t.Errorf("%v: round trip gives %v, %v", s, back, err)
		}
	}
	for in, want := range map[string]ast.Severity{"error": ast.SeverityError, "Warning": ast.SeverityWarning,
		"INFO": ast.SeverityInfo, "note": ast.SeverityInfo} {
		if got, err := ast.ParseSeverity(in); err != nil || got != want {
			t.Errorf("ParseSeverity(%q) = %v, %v", in, got, err)
		}
	}
	var s ast.Severity
	if err := s.UnmarshalText([]byte("fatal")); err == nil || s != 0 {
		t.Errorf("UnmarshalText(fatal) = %v, %v", s, err)
	}
}

// TestParseSeverity: ParseSeverity reads relurl's names in any case and
// SARIF's "note", and not GitHub's "notice".
func TestParseSeverity(t *testing.T) {
	for _, tt := range []struct {
		name string
		want ast.Severity
	}{{"error", ast.SeverityError}, {"WARNING", ast.SeverityWarning}, {"Info", ast.SeverityInfo}, {"note", ast.SeverityInfo}} {
		if got, err := ast.ParseSeverity(tt.name); err != nil || got != tt.want {
			t.Errorf("ast.ParseSeverity(%q) = %v, %v; want %v", tt.name, got, err, tt.want)
		}
	}
	if _, err := ast.ParseSeverity("notice"); err == nil {
		t.Error(`ast.ParseSeverity("notice"): GitHub's command is no severity of the configuration`)
	}
	for s, want := range map[ast.Severity]string{0: "Severity(0)", 9: "Severity(9)", ast.SeverityInfo: "info"} {
		if got := s.String(); got != want {
			t.Errorf("%d.String() = %q, want %q", s, got, want)
		}
	}
}
