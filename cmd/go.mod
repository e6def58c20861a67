module github.com/relurl/relurl/cmd

go 1.26.8

require (
	github.com/relurl/relurl/lint v0.0.0-00010101000000-000000000000
	golang.org/x/tools v0.51.0
)

require (
	github.com/alecthomas/participle/v2 v2.1.4 // indirect
	github.com/bits-and-blooms/bitset v1.20.0 // indirect
	github.com/bluekeyes/go-gitdiff v0.9.0 // indirect
	github.com/leanovate/gopter v0.2.11 // indirect
	github.com/nlnwa/whatwg-url v0.6.2 // indirect
	github.com/pelletier/go-toml/v2 v2.4.3 // indirect
	github.com/relurl/relurl v0.0.0-00010101000000-000000000000 // indirect
	github.com/sourcegraph/jsonrpc2 v0.2.3 // indirect
	github.com/tdewolff/parse/v2 v2.8.20 // indirect
	github.com/yuin/goldmark v1.8.7 // indirect
	golang.org/x/mod v0.41.0 // indirect
	golang.org/x/net v0.62.0 // indirect
	golang.org/x/sync v0.24.0 // indirect
	golang.org/x/sys v0.49.0 // indirect
	golang.org/x/term v0.47.0 // indirect
	golang.org/x/text v0.43.0 // indirect
)

// The commands are developed beside the library and the linter: go.work
// uses the checkout's, and so does a build of this module alone. A release
// drops the replaces and requires their tags (docs/release.md).
replace (
	github.com/relurl/relurl => ../
	github.com/relurl/relurl/lint => ../lint
)
