// Package golangci is the relurl analyzer as a golangci-lint module plugin
// (https://golangci-lint.run/docs/plugins/module-plugins/), named "relurl".
//
// "golangci-lint custom" builds a golangci-lint with it from the
// .custom-gcl.yml at the root of relurl's repository, and .golangci.yml
// turns it on with the [Settings] under linters.settings.custom.relurl;
// the README ("In Go code") gives both files, and TestCustom builds and
// runs them. The plugin is a package of relurl's module, not a module of
// its own: golangci-lint builds plugins with a replace of the module that
// .custom-gcl.yml names, and a replace in a plugin's own go.mod does not
// apply there.
package golangci

import (
	"fmt"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"

	"github.com/relurl/relurl/lint"
	"github.com/relurl/relurl/lint/analyzer"
)

func init() { register.Plugin("relurl", New) }

// Settings are the plugin's settings in .golangci.yml.
type Settings struct {
	// Enable turns on rules, by id or family.
	Enable []string `json:"enable"`
	// Disable turns off rules, by id or family.
	Disable []string `json:"disable"`
	// RFC1738 turns on the RFC 1738 profile.
	RFC1738 bool `json:"rfc1738"`
}

// New makes the plugin from its settings.
func New(settings any) (register.LinterPlugin, error) {
	s, err := register.DecodeSettings[Settings](settings)
	if err != nil {
		return nil, fmt.Errorf("relurl plugin settings: %w", err)
	}
	opts := lint.Options{Enable: s.Enable, Disable: s.Disable}
	if s.RFC1738 {
		opts.Enable = append(opts.Enable, string(lint.FamilyRFC1738))
	}
	a, err := analyzer.New(opts)
	if err != nil {
		return nil, err
	}
	return plugin{a: a}, nil
}

type plugin struct{ a *analysis.Analyzer }

// BuildAnalyzers returns the relurl analyzer.
func (p plugin) BuildAnalyzers() ([]*analysis.Analyzer, error) {
	return []*analysis.Analyzer{p.a}, nil
}

// GetLoadMode says the analyzer needs type information (to know which
// function a call calls).
func (p plugin) GetLoadMode() string { return register.LoadModeTypesInfo }
