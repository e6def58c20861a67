package lint

import "github.com/relurl/relurl/ast"

// SeverityNames are a severity's names in the vocabulary of each output
// relurl writes: the one table of them ([Names]), which every format
// reads.
type SeverityNames struct {
	// Text is relurl's own name, in text and JSON output and in the
	// configuration: "error", "warning" or "info" ([ast.Severity.String]).
	Text string
	// SARIF is SARIF 2.1.0's result level: "error", "warning" or "note".
	SARIF string
	// GitHub is the GitHub Actions workflow command: "error", "warning" or
	// "notice".
	GitHub string
	// LSP is the Language Server Protocol's DiagnosticSeverity: 1 (Error),
	// 2 (Warning) or 3 (Information).
	LSP int
}

// Names returns s's names in each output's vocabulary; a value that is
// not one of the three severities has info's, but for its text name,
// "Severity(N)".
func Names(s ast.Severity) SeverityNames {
	switch s {
	case ast.SeverityError:
		return SeverityNames{"error", "error", "error", 1}
	case ast.SeverityWarning:
		return SeverityNames{"warning", "warning", "warning", 2}
	}
	return SeverityNames{s.String(), "note", "notice", 3}
}
