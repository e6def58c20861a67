// Package golangci is the relurl analyzer as a golangci-lint module plugin
// (https://golangci-lint.run/plugins/module-plugins/). It is a module of
// its own, so that the golangci-lint plugin API is not a dependency of
// relurl itself.
//
// Build a golangci-lint with it from .custom-gcl.yml:
//
//	version: v2.5.0
//	plugins:
//	  - module: github.com/relurl/relurl/lint/golangci
//	    import: github.com/relurl/relurl/lint/golangci
//	    path: ./lint/golangci   # or, for a release: version: vX.Y.Z
//
// and turn it on in .golangci.yml:
//
//	linters:
//	  enable: [relurl]
//	  settings:
//	    custom:
//	      relurl:
//	        type: module
//	        settings:
//	          rfc1738: false
//	          enable: []
//	          disable: [portability]
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
