module github.com/relurl/relurl

go 1.24

require (
	github.com/alecthomas/participle/v2 v2.1.4
	github.com/leanovate/gopter v0.2.11
)
