// Command relurlvet runs the relurl analyzer (package
// github.com/relurl/relurl/lint/analyzer) on Go packages: the strings that
// reach the URL argument of url.Parse, http.Get, http.NewRequest and their
// kin, and the literals that are unmistakably URLs, checked against RFC
// 1808 and the rules of "relurl lint".
//
//	relurlvet [-enable IDS] [-disable IDS] [-rfc1738] [-allow-chars CHARS] [-allow-ipv6-hosts] [-fix] [-json] PACKAGE...
//
// -json prints each finding's rule id as its "category". A
// "//relurl:ignore [RULE[,RULE...]] [-- reason]" comment suppresses
// findings on its line and the next. It is also a vet tool:
//
//	go vet -vettool=$(command -v relurlvet) ./...
package main

import (
	"golang.org/x/tools/go/analysis/singlechecker"

	"github.com/relurl/relurl/lint/analyzer"
)

func main() { singlechecker.Main(analyzer.Analyzer) }
