// Package golangci is the relurl analyzer as a golangci-lint module plugin
// (https://golangci-lint.run/docs/plugins/module-plugins/), named "relurl".
//
// "golangci-lint custom" builds a golangci-lint with it from the
// .custom-gcl.yml at the root of relurl's repository, and .golangci.yml
// turns it on with the [Settings] under linters.settings.custom.relurl;
// docs/analyzer.md gives both files, and TestCustom builds and
// runs them. The plugin is a package of relurl's module, not a module of
// its own: golangci-lint builds plugins with a replace of the module that
// .custom-gcl.yml names, and a replace in a plugin's own go.mod does not
// apply there.
//
// golangci-lint shows neither a diagnostic's Category nor a severity of
// the analyzer's (v2 drops Category: "We don't display a.Name/f.Category
// as most users don't care", pkg/goanalysis/runner.go), so the plugin puts
// the rule id in front of each message, "fsegment/char: ...", as
// golangci-lint shows gocritic's and revive's rules; golangci-lint's
// severity configuration then maps rules to severities by that text (the
// docs/analyzer.md gives the block for relurl's defaults).
package golangci

import (
	"fmt"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"

	"github.com/relurl/relurl/lint/analyzer"
)

func init() { register.Plugin("relurl", New) }

// Settings are the plugin's settings in .golangci.yml: the analyzer's.
type Settings = analyzer.Settings

// New makes the plugin from its settings.
func New(settings any) (register.LinterPlugin, error) {
	s, err := register.DecodeSettings[Settings](settings)
	if err != nil {
		return nil, fmt.Errorf("relurl plugin settings: %w", err)
	}
	a, err := analyzer.New(s)
	if err != nil {
		return nil, err
	}
	return plugin{a: ruleInMessage(a)}, nil
}

// ruleInMessage returns a copy of a whose diagnostics' messages begin with
// their Category, the rule id, and ": ".
func ruleInMessage(a *analysis.Analyzer) *analysis.Analyzer {
	b := *a
	b.Run = func(pass *analysis.Pass) (any, error) {
		p := *pass
		p.Report = func(d analysis.Diagnostic) {
			if d.Category != "" {
				d.Message = d.Category + ": " + d.Message
			}
			pass.Report(d)
		}
		return a.Run(&p)
	}
	return &b
}

type plugin struct{ a *analysis.Analyzer }

// BuildAnalyzers returns the relurl analyzer.
func (p plugin) BuildAnalyzers() ([]*analysis.Analyzer, error) {
	return []*analysis.Analyzer{p.a}, nil
}

// GetLoadMode says the analyzer needs type information (to know which
// function a call calls).
func (p plugin) GetLoadMode() string { return register.LoadModeTypesInfo }
