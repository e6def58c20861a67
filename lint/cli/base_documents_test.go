package cli

import "testing"

// TestBaseDocuments: relurl base on the kinds beyond HTML and messages: Markdown (its
// raw HTML's BASE), CSS (its own URL), XML (xml:base, of the root element
// or, with --at, of an element).
func TestBaseDocuments(t *testing.T) {
	dir := t.TempDir()
	write := func(name, content string) string { return writeFile(t, dir, name, content) }
	md := write("README.md", "<base href=\"http://md/docs/\">\n\n[a](b)\n")
	mdLate := write("late.md", "Text first.\n\n<base href=\"http://md/docs/\">\n")
	css := write("site.css", "a { background: url(x.png) }\n")
	feed := write("feed.atom", "<?xml version=\"1.0\"?>\n<feed xmlns=\"http://www.w3.org/2005/Atom\" xml:base=\"http://x/blog/\">\n"+
		"  <entry xml:base=\"2024/\">\n    <link href=\"a.html\"/>\n  </entry>\n  <entry xml:base=\"bad dir/\"/>\n</feed>\n")
	noExt := write("feed", "<?xml version=\"1.0\"?>\n<feed xml:base=\"http://y/\"/>\n")

	tests := []struct {
		args []string
		want string
		code int
	}{
		{[]string{"base", md}, "http://md/docs/\n  layer   embedded (§3.1): HTML BASE element\n", 0},
		{[]string{"base", "--url", "http://r/late.md", mdLate}, "http://r/late.md\n  layer   retrieval URL (§3.3): retrieval URL\n", 0},
		{[]string{"base", "--url", "http://r/css/site.css", css}, "http://r/css/site.css\n  layer   retrieval URL (§3.3): retrieval URL\n", 0},
		{[]string{"base", feed}, "http://x/blog/\n  layer   embedded (§3.1): xml:base attribute of <feed>\n  element <feed>\n", 0},
		{[]string{"base", "--at", "4:5", feed}, "http://x/blog/2024/\n  layer   embedded (§3.1): xml:base attribute of <entry>\n  element <link>\n", 0},
		{[]string{"base", "--at", "4:5", "--json", feed}, `{"file":"` + feed + `","type":"xml","base":"http://x/blog/2024/","layer":"embedded","section":"3.1","source":"xml:base attribute of <entry>","element":"link"}` + "\n", 0},
		{[]string{"base", "--at", "6:5", feed}, "", 1},
		{[]string{"base", "--at", "99:1", feed}, "", 2},
		{[]string{"base", "--at", "1:1", md}, "", 2},
		{[]string{"base", noExt}, "http://y/\n  layer   embedded (§3.1): xml:base attribute of <feed>\n  element <feed>\n", 0},
		{[]string{"base", "--type", "css", md}, "\n  layer   default (§3.4): no base defined\n", 0},
	}
	for _, tt := range tests {
		got, stderr, code := runCmd(t, "", tt.args...)
		if got != tt.want || code != tt.code {
			t.Errorf("relurl %q: exit %d, stdout\n%s\nstderr %s\nwant exit %d, stdout\n%s", tt.args, code, got, stderr, tt.code, tt.want)
		}
	}
}
