// Package fuzz holds relurl's native Go fuzz targets over the readers, the
// resolver and the linter, and the properties they share (props.go): for
// every input string, the reference parser (package grammar) and the fast
// validator (package validate) accept and reject alike, produce equal ASTs
// when they accept, fail at the same offset when they reject, and printing
// an accepted URL gives back its input byte for byte; resolution and its
// inverse keep the properties of RFC 1808 §4.
//
// Each target is in a file of its own, and its name appears in no other
// .go file of the directory: that is what OSS-Fuzz's
// compile_native_go_fuzzer needs to build it (TestTargetsBuildForOSSFuzz
// holds every target of the module to it). The targets, how to run them
// and the seed corpora are listed in docs/fuzzing.md. Nothing
// imports this package.
package fuzz
