// Package playground computes what the playground page shows for a URL and
// a base: [Analyse] reads the URL by RFC 1808 (verdict, form, the six
// components of §2.1, the reference parser's concrete tree with one node
// per §2.2 production, the ast node, every diagnostic with its rule and
// fix), resolves it against the base by §4 step by step with the way back
// ([resolution.ReferenceTrace], [resolve.Relative]), and reads it three ways
// (package compare). Its [Report] marshals to the JSON the page renders.
//
// The page runs this package in the browser: package
// playground/wasm compiles it to WebAssembly with one function,
// analyse(url, base), which returns the report as JSON, so the page and
// the library cannot disagree. Package playground/site embeds the page's
// files and that module, for `relurl serve` and `make site`.
package playground
