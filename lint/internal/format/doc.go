// Package format writes the results of a lint run (package lint/runner),
// as package lint/report has them, in the formats linters are read in: text as compilers write it ([Text]), one
// JSON object per finding ([JSON]), one SARIF 2.1.0 log for GitHub code
// scanning ([SARIF], its schema types in sarifschema.go), and GitHub
// Actions workflow commands, which annotate a pull request's lines
// ([GitHub]). Output is bounded by the input: long URLs are written as
// windows, and the SARIF log is written as the results come.
//
// Every format is a [report.Reporter], the one interface: Start with the
// rules as the run applies them, File for each file in order, End with
// the run's summary, the way staticcheck's lintcmd formatters and
// golangci-lint's printers are driven. [New] makes one by name, as the
// --format flag names it; [Write] writes a list of findings in one go.
package format
