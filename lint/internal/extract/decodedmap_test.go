package extract

import "testing"

// TestDecodedMapShared: the URLs of an attribute whose value was decoded
// place each byte where the value's text has it, their offsets shared
// with the value's and capped at their own end, so that no URL's Map
// reaches into the next one's.
func TestDecodedMapShared(t *testing.T) {
	src := `<img srcset="a&amp;b.png 1x, c&#x64;.png 2x">`
	var f found
	Extract(src, KindHTML, "", f.handler())
	want := []struct {
		url   string
		texts []string // the file's text each byte comes from
	}{
		{"a&b.png", []string{"a", "&amp;", "b", ".", "p", "n", "g"}},
		{"cd.png", []string{"c", "&#x64;", ".", "p", "n", "g"}},
	}
	if len(f.refs) != len(want) {
		t.Fatalf("found %d URLs, want %d", len(f.refs), len(want))
	}
	for i, w := range want {
		r := f.refs[i]
		if r.URL != w.url {
			t.Errorf("URL %d: %q, want %q", i, r.URL, w.url)
			continue
		}
		// Each reference here decodes to one byte.
		for k, text := range w.texts {
			at := r.Map.At(k)
			if got := src[at:min(at+len(text), len(src))]; got != text {
				t.Errorf("%q: byte %d placed on %q, want %q", r.URL, k, got, text)
			}
		}
		if end, last := r.Map.At(len(r.URL)), r.Map.At(len(r.URL)-1); end <= last || src[end-1] != 'g' {
			t.Errorf("%q: ends at %d, after %d", r.URL, end, last)
		}
		if len(r.Map.idx) != len(r.URL)+1 || cap(r.Map.idx) != len(r.Map.idx) {
			t.Errorf("%q: offsets of length %d, room for %d; want %d, no more", r.URL, len(r.Map.idx), cap(r.Map.idx), len(r.URL)+1)
		}
	}
}
