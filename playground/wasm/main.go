//go:build js && wasm

// Command wasm is the playground's WebAssembly module: built with
// GOOS=js GOARCH=wasm (go generate ./playground/site does it), it defines
// one global JavaScript function,
//
//	analyse(url, base) -> string
//
// which returns [playground.Analyse]'s report as JSON, or {"error": ...}
// if the analysis panics (it should not: a test fuzzes it).
package main

import (
	"encoding/json"
	"fmt"
	"syscall/js"

	"github.com/relurl/relurl/playground"
)

func main() {
	js.Global().Set("analyse", js.FuncOf(func(_ js.Value, args []js.Value) any {
		var url, base string
		if len(args) > 0 {
			url = args[0].String()
		}
		if len(args) > 1 && args[1].Type() == js.TypeString {
			base = args[1].String()
		}
		return analyse(url, base)
	}))
	select {} // serve calls until the page goes away
}

func analyse(url, base string) (out string) {
	defer func() {
		if r := recover(); r != nil {
			b, _ := json.Marshal(map[string]string{"error": fmt.Sprint("internal error: ", r)})
			out = string(b)
		}
	}()
	b, err := json.Marshal(playground.Analyse(url, base))
	if err != nil {
		b, _ = json.Marshal(map[string]string{"error": err.Error()})
	}
	return string(b)
}
