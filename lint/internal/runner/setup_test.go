package runner

import (
	"path/filepath"
	"testing"

	"github.com/relurl/relurl/lint/internal/extract"
	"github.com/relurl/relurl/lint/internal/lint"
)

// TestSetup: the per-file setup that relurl lint's run and the language
// server share: a file's linter has the levels of the overrides that match
// it (relative to the configuration's directory, whatever the root), its
// retrieval URL is its place under the root resolved against the base,
// and include and exclude leave files out.
func TestSetup(t *testing.T) {
	dir := t.TempDir()
	cfgPath := filepath.Join(dir, ConfigName)
	writeTree(t, dir, map[string]string{ConfigName: `base = "https://docs.example.org/3/"
root = "site"
exclude = ["site/_sources/"]
[[override]]
paths = ["site/legacy/**"]
rules = { "fsegment/char" = "off" }
`})
	cfg, err := LoadConfig(cfgPath)
	if err != nil {
		t.Fatal(err)
	}
	opts := cfg.Options()
	base, err := lint.New(opts)
	if err != nil {
		t.Fatal(err)
	}
	proj := Project{Config: cfgPath}
	s, err := NewSetup(cfg, proj.Root(cfg, "unused"), base)
	if err != nil {
		t.Fatal(err)
	}
	if want := filepath.Join(dir, "site"); s.Root != want {
		t.Errorf("root %s, want %s", s.Root, want)
	}
	site := filepath.Join(dir, "site")
	for _, tc := range []struct {
		path      string
		retrieval string
		skip      bool
		charOff   bool
	}{
		{filepath.Join(site, "index.html"), "https://docs.example.org/3/index.html", false, false},
		{filepath.Join(site, "library", "a b.html"), "https://docs.example.org/3/library/a%20b.html", false, false},
		{filepath.Join(site, "legacy", "old.html"), "https://docs.example.org/3/legacy/old.html", false, true},
		{filepath.Join(site, "_sources", "x.txt"), "https://docs.example.org/3/_sources/x.txt", true, false},
		// Outside the root: the base itself.
		{filepath.Join(dir, "README.md"), "https://docs.example.org/3/", false, false},
	} {
		f := s.File(tc.path)
		if f.Retrieval != tc.retrieval || f.Skip != tc.skip {
			t.Errorf("%s: retrieval %q, skip %v; want %q, %v", tc.path, f.Retrieval, f.Skip, tc.retrieval, tc.skip)
		}
		res := f.Linter.Check("x.urls", "a b\n", extract.KindText, "", nil)
		charOff := len(res.Findings) == 0
		if charOff != tc.charOff {
			t.Errorf("%s: fsegment/char off %v, want %v (%v)", tc.path, charOff, tc.charOff, res)
		}
	}
	// No configuration: the linter as given, no skip.
	plain, err := NewSetup(nil, site, base)
	if err != nil {
		t.Fatal(err)
	}
	if f := plain.File(filepath.Join(site, "legacy", "old.html")); f.Linter != base || f.Skip {
		t.Errorf("without configuration: %+v", f)
	}
	// An override whose rule the linter does not know.
	bad := *cfg
	bad.Overrides = []Override{{Levels: map[string]lint.Level{"no/such-rule": lint.LevelOff}}}
	if _, err := NewSetup(&bad, site, base); err == nil {
		t.Error("NewSetup took an override of an unknown rule")
	}
}

// TestRetrieval: a file's retrieval URL is its path under the root,
// escaped, resolved against the base; the base itself for a file outside
// the root, and without a root; "" without a base.
func TestRetrieval(t *testing.T) {
	root := filepath.FromSlash("/srv/site")
	for _, tc := range []struct {
		base, root, path, want string
	}{
		{"https://a.example/docs/", root, filepath.FromSlash("/srv/site/x/y.html"), "https://a.example/docs/x/y.html"},
		{"https://a.example/docs/", root, filepath.FromSlash("/srv/site/50% off;v=1.html"), "https://a.example/docs/50%25%20off%3Bv=1.html"},
		{"https://a.example/docs/", root, filepath.FromSlash("/srv/site/a:b.html"), "https://a.example/docs/a:b.html"},
		{"https://a.example/docs/", root, filepath.FromSlash("/srv/other.html"), "https://a.example/docs/"},
		{"https://a.example/docs/", root, root, "https://a.example/docs/"},
		{"https://a.example/docs/", "", filepath.FromSlash("/srv/site/x.html"), "https://a.example/docs/"},
		{"", root, filepath.FromSlash("/srv/site/x.html"), ""},
	} {
		if got := Retrieval(tc.base, tc.root, tc.path); got != tc.want {
			t.Errorf("Retrieval(%q, %q, %q) = %q, want %q", tc.base, tc.root, tc.path, got, tc.want)
		}
	}
}
