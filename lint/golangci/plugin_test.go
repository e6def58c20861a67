package golangci

import (
	"testing"

	"github.com/golangci/plugin-module-register/register"
)

func TestPlugin(t *testing.T) {
	newPlugin, err := register.GetPlugin("relurl")
	if err != nil {
		t.Fatal(err)
	}
	p, err := newPlugin(map[string]any{"disable": []any{"portability"}, "rfc1738": true})
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
	if _, err := newPlugin(map[string]any{"enable": []any{"nope"}}); err == nil {
		t.Error("an unknown rule was accepted")
	}
}
