module github.com/relurl/relurl/lint/golangci

go 1.26.8

require (
	github.com/relurl/relurl v0.0.0
	golang.org/x/tools v0.51.0
)

require (
	github.com/golangci/plugin-module-register v0.1.2
	golang.org/x/net v0.62.0 // indirect
)

replace github.com/relurl/relurl => ../..
