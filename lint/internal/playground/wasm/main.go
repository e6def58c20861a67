//go:build js && wasm

// Command wasm is the playground's WebAssembly module: built with
// GOOS=js GOARCH=wasm (relurl serve does it, with package
// playground/internal/wasmbuild), it defines one global JavaScript
// function,
//
//	analyse(url, base, enable) -> string
//
// which returns [playground.Analyse]'s report as JSON, or {"error": ...}
// if the analysis panics (it should not: a test fuzzes it). enable is a
// comma-separated list of rules and families to turn on, as relurl
// lint's --enable; it may be left out.
package main

import (
	"encoding/json"
	"fmt"
	"strings"
	"syscall/js"

	"github.com/relurl/relurl/lint/internal/playground"
)

func main() {
	js.Global().Set("analyse", js.FuncOf(func(_ js.Value, args []js.Value) any {
		var url, base string
		var enable []string
		if len(args) > 0 {
			url = args[0].String()
		}
		if len(args) > 1 && args[1].Type() == js.TypeString {
			base = args[1].String()
		}
		if len(args) > 2 && args[2].Type() == js.TypeString {
			for _, name := range strings.Split(args[2].String(), ",") {
				if name = strings.TrimSpace(name); name != "" {
					enable = append(enable, name)
				}
			}
		}
		return analyse(url, base, enable)
	}))
	select {} // serve calls until the page goes away
}

func analyse(url, base string, enable []string) (out string) {
	defer func() {
		if r := recover(); r != nil {
			b, _ := json.Marshal(map[string]string{"error": fmt.Sprint("internal error: ", r)})
			out = string(b)
		}
	}()
	b, err := json.Marshal(playground.Analyse(url, base, enable...))
	if err != nil {
		b, _ = json.Marshal(map[string]string{"error": err.Error()})
	}
	return string(b)
}
