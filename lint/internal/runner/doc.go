// Package runner runs the linter of package lint over files, the way
// relurl lint does in CI, as staticcheck's lintcmd runs its checks: a
// [Run] walks the directories it is given (lexical order, symbolic links
// followed, each real file once; walk.go), reads each file through the
// size limit (package internal/input, --max-size), tells its kind, lints
// it with the linter the file's overrides make, and hands the findings,
// in the order the files were named however many run at a time (the
// sequencer of package internal/sequencer), to a [report.Reporter]: the
// formats of package lint/format. A fault in one place never costs the
// rest.
//
// The controls of such a run live here: the configuration file
// .relurl.toml ([Config], [ParseConfig], [LoadConfig], [FindConfig];
// config.go), its gitignore-style [Patterns] (glob.go), the per-file
// [Override]s (overrides.go), and the [Baseline] of recorded findings
// (baseline.go). With [Run.Fix], each file's fixes (lint.ApplyFixes) are
// handed on as a [FixedFile] for relurl lint --fix and --diff (fix.go).
//
// Package lint holds the rules and the checker, and reads no file: the Go
// analyzer and the playground link it without this package, its TOML
// reader or its directory walker.
package runner
