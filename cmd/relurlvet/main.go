// Command relurlvet runs the relurl analyzer (package
// github.com/relurl/relurl/lint/analyzer) on Go packages: the URLs in
// string constants, and the arguments of url.Parse, http.Get,
// http.NewRequest and their kin, checked against RFC 1808 and the rules of
// "relurl lint".
//
//	relurlvet [-enable IDS] [-disable IDS] [-rfc1738] [-fix] PACKAGE...
//
// It is also a vet tool:
//
//	go vet -vettool=$(command -v relurlvet) ./...
package main

import (
	"golang.org/x/tools/go/analysis/singlechecker"

	"github.com/relurl/relurl/lint/analyzer"
)

func main() { singlechecker.Main(analyzer.Analyzer) }
