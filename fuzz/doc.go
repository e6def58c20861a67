// Package fuzz holds relurl's native Go fuzz targets and the agreement
// oracle they share: for every input string, the reference parser
// (package grammar) and the fast validator (package validate) accept and
// reject alike, produce equal ASTs when they accept, fail at the same
// offset when they reject, and printing an accepted URL gives back its
// input byte for byte.
//
// Run one target with, for example,
//
//	go test ./fuzz -run '^$' -fuzz '^FuzzParse$' -fuzztime 10m
//
// or every target in turn with "make fuzz FUZZTIME=10m". Nothing imports
// this package; it has tests only.
package fuzz
