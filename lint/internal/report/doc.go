// Package report is what a run of the linter over files hands its
// output formats: a [Reporter] gets, in order, the rules, each file's
// [FileResult] (its findings, or why it was not linted), and the run's
// [Summary]. The runner of package lint/runner makes them; the formats of
// package lint/format write them; neither imports the other.
//
// It is a package of its own, below both, rather than part of package
// lint: the summary counts what the target rules found and the fixes
// left undone, and package lint, which the Go analyzer and the
// playground link, keeps to checking what it is handed.
package report
