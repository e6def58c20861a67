package main

// The playground's WebAssembly module, which relurl serve builds from the
// module cache with the go command (decision W-9), imports participle
// (package grammar draws the parse tree), which relurl itself does not
// need. go install fetches the modules of the packages it builds, no
// more: this import makes it fetch participle too, so that the module
// builds offline. Its initialisation costs relurl nothing measurable
// (GODEBUG=inittrace=1). TestInstallFetchesThePlaygroundsModules fails
// when the module needs a module relurl does not.
import _ "github.com/alecthomas/participle/v2"
