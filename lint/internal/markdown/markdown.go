// Package markdown writes the pieces of Markdown that relurl's outputs
// share: a code span that shows any text as it is (CommonMark 0.31, §6.1),
// alone or in a cell of a GitHub table. The hovers of the language
// server, relurl compare's table and the conformance data's pages write
// their code spans here.
package markdown

import "strings"

// CodeSpan returns s as a CommonMark code span that shows it as it is: its
// fence is a run of backticks longer than any in s, and a space pads s
// where the span's content would otherwise lose or take a character (s
// begins or ends with a backtick, or both begins and ends with a space,
// which CommonMark strips). s should hold no line break, which a code
// span shows as a space.
func CodeSpan(s string) string {
	fence := "`"
	for strings.Contains(s, fence) {
		fence += "`"
	}
	pad := ""
	if strings.HasPrefix(s, "`") || strings.HasSuffix(s, "`") ||
		strings.HasPrefix(s, " ") && strings.HasSuffix(s, " ") && strings.Trim(s, " ") != "" {
		pad = " "
	}
	return fence + pad + s + pad + fence
}

// CellCode returns s as a code span in a cell of a GitHub table: "|"
// escaped (GitHub splits cells before it reads code spans), line breaks
// and tabs written as \n, \r and \t (a line break would end the row), and
// the empty string as "*(empty)*", which no code span can show.
func CellCode(s string) string {
	if s == "" {
		return "*(empty)*"
	}
	return CodeSpan(Cell(s))
}

// Cell escapes s for a cell of a GitHub table, as [CellCode] does, outside
// a code span.
func Cell(s string) string {
	return strings.NewReplacer("|", `\|`, "\r", `\r`, "\n", `\n`, "\t", `\t`).Replace(s)
}
