package lint

import (
	"strings"
	"testing"

	rbase "github.com/relurl/relurl/lint/internal/base"
	"github.com/relurl/relurl/lint/internal/extract"
)

// TestMessageBasesAgreeWithResolve: the linter's own MIME walk (which keeps
// byte offsets) gives each entity the base base.Message gives it.
// Each part holds one bad reference, so that its finding says its base.
func TestMessageBasesAgreeWithResolve(t *testing.T) {
	msg := strings.Join([]string{
		"Base: <URL:http://a/top/>",
		"Content-Type: multipart/mixed; boundary=outer",
		"",
		"--outer",
		"Content-Type: text/plain",
		"",
		"<URL:p1|>",
		"--outer",
		"Content-Type: text/plain",
		"Base: <URL:http://b/own/>",
		"",
		"<URL:p2|>",
		"--outer",
		"Content-Type: multipart/alternative; boundary=inner",
		"Base: <URL:http://c/inner/>",
		"",
		"--inner",
		"Content-Type: text/plain",
		"",
		"<URL:p31|>",
		"--inner",
		"Content-Type: text/html",
		"",
		`<html><head><base href="http://d/html/"></head><a href="p32|">`,
		"--inner--",
		"--outer",
		"Content-Type: message/rfc822",
		"",
		"Subject: enclosed",
		"",
		"<URL:p41|>",
		"--outer--",
		"",
	}, "\n")
	entity, err := rbase.Message(msg, rbase.Context{Retrieval: "http://r/"})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{} // part path → base
	var walk func(e *rbase.Entity)
	walk = func(e *rbase.Entity) {
		want[e.Path] = e.Base.URL
		for _, p := range e.Parts {
			walk(p)
		}
	}
	walk(entity)

	l := mustNew(t, Options{Retrieval: "http://r/"})
	got := map[string]string{}
	for _, f := range l.File("m.eml", []byte(msg), extract.KindMessage) {
		// The reference "pN x" names its part: p31 is part 3.1.
		digits := strings.TrimSuffix(strings.TrimPrefix(f.URL, "p"), "|")
		got[strings.Join(strings.Split(digits, ""), ".")] = f.Base
	}
	for part, base := range got {
		if want[part] != base {
			t.Errorf("part %s: linted against %q, base.Message says %q", part, base, want[part])
		}
	}
	if len(got) != 5 {
		t.Errorf("found %d parts' findings, want 5: %v", len(got), got)
	}
}
