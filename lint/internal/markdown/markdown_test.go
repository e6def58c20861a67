package markdown

import (
	"bytes"
	"strings"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
)

// TestCodeSpan: goldmark, a CommonMark renderer, shows each span's text as
// it was.
func TestCodeSpan(t *testing.T) {
	md := goldmark.New(goldmark.WithExtensions(extension.Table))
	for _, s := range []string{"a", "a`b", "``", "`a", "a`", " a ", " ", "  ", " a", "a ", "x ``` y", "<a href>", "&amp;"} {
		span := CodeSpan(s)
		var out bytes.Buffer
		if err := md.Convert([]byte(span), &out); err != nil {
			t.Fatal(err)
		}
		got := strings.TrimSuffix(strings.TrimPrefix(strings.TrimSpace(out.String()), "<p><code>"), "</code></p>")
		want := strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;").Replace(s)
		if got != want {
			t.Errorf("CodeSpan(%q) = %q renders as %q, want %q", s, span, got, want)
		}
	}
}

// TestCellCode: in a table's cell, "|", line breaks and tabs are escaped,
// and the empty string is said.
func TestCellCode(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"", "*(empty)*"},
		{"a|b", "`a\\|b`"},
		{"a\nb\r\tc", "`a\\nb\\r\\tc`"},
		{"`x`", "`` `x` ``"},
		{"a`b", "``a`b``"},
		{"`a", "`` `a ``"},
	} {
		if got := CellCode(tt.in); got != tt.want {
			t.Errorf("CellCode(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
