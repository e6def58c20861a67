package golangci

import (
	"flag"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/relurl/relurl/lint/analyzer"
)

func TestPlugin(t *testing.T) {
	newPlugin, err := register.GetPlugin("relurl")
	if err != nil {
		t.Fatal(err)
	}
	p, err := newPlugin(map[string]any{"disable": []any{"portability"}, "rfc1738": true,
		"allow-chars": "~", "allow-ipv6-hosts": true})
	if err != nil {
		t.Fatal(err)
	}
	as, err := p.BuildAnalyzers()
	if err != nil || len(as) != 1 || as[0].Name != "relurl" {
		t.Fatalf("BuildAnalyzers: %v, %v", as, err)
	}
	if p.GetLoadMode() != register.LoadModeTypesInfo {
		t.Errorf("load mode %q", p.GetLoadMode())
	}
	for _, bad := range []map[string]any{
		{"enable": []any{"nope"}},
		{"allow-chars": "%"},
		{"allow-ipv6-hosts": "yes"},
		{"allow_chars": "~"},
	} {
		if _, err := newPlugin(bad); err == nil {
			t.Errorf("settings %v were accepted", bad)
		}
	}
}

// TestPluginAnalyzer runs the plugin's analyzer, made from settings as
// golangci-lint passes them, on package plugin: the allowances apply, the
// directives too, and each message begins with its rule id.
func TestPluginAnalyzer(t *testing.T) {
	p, err := New(map[string]any{"allow-chars": "~", "allow-ipv6-hosts": true})
	if err != nil {
		t.Fatal(err)
	}
	as, err := p.BuildAnalyzers()
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, analysistest.TestData(), as[0], "plugin")
}

// TestSettingsAreFlags keeps the plugin's settings and relurlvet's flags
// (the analyzer's) the same: one name for each, in both places.
func TestSettingsAreFlags(t *testing.T) {
	var settings, flags []string
	st := reflect.TypeFor[Settings]()
	for i := range st.NumField() {
		name, _, _ := strings.Cut(st.Field(i).Tag.Get("json"), ",")
		settings = append(settings, name)
	}
	analyzer.Analyzer.Flags.VisitAll(func(f *flag.Flag) { flags = append(flags, f.Name) })
	slices.Sort(settings)
	slices.Sort(flags)
	if !slices.Equal(settings, flags) {
		t.Errorf("the plugin's settings are %q, the analyzer's flags %q", settings, flags)
	}
}
