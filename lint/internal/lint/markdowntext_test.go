package lint

import (
	"strings"
	"testing"

	"github.com/yuin/goldmark"
)

// TestMarkdownText: text of the catalog rendered from Markdown is the text
// as written: "<URL:absoluteURL>" is no autolink, "<a" no HTML, and a code
// span keeps its "<" unescaped.
func TestMarkdownText(t *testing.T) {
	for _, tc := range []struct{ in, html string }{
		{"a Base header not of the form <URL:absoluteURL>", "<p>a Base header not of the form &lt;URL:absoluteURL&gt;</p>\n"},
		{"an <a href> element", "<p>an &lt;a href&gt; element</p>\n"},
		{"write `<URL:x>` there", "<p>write <code>&lt;URL:x&gt;</code> there</p>\n"},
		{"no angle", "<p>no angle</p>\n"},
	} {
		var b strings.Builder
		if err := goldmark.Convert([]byte(MarkdownText(tc.in)), &b); err != nil {
			t.Fatal(err)
		}
		if b.String() != tc.html {
			t.Errorf("MarkdownText(%q) = %q renders %q; want %q", tc.in, MarkdownText(tc.in), b.String(), tc.html)
		}
	}
}
