package runner

import (
	"os"
	"path/filepath"
	"testing"
)

// TestFindProject: the configuration and the repository of a path come
// from the path alone, the climb stops at the repository's top, and a
// configuration above home or in a shared temporary directory is never
// read (decision L-46).
func TestFindProject(t *testing.T) {
	base := t.TempDir()
	tmp := filepath.Join(base, "tmp") // the machine's shared temporary directory, here
	home := filepath.Join(base, "home", "me")
	t.Setenv("TMPDIR", tmp)
	t.Setenv("HOME", home)
	for _, f := range []string{
		// A repository with a configuration at its top and one in a
		// subdirectory; a configuration above it that is not its.
		"home/me/.relurl.toml",
		"home/me/repo/.git/HEAD",
		"home/me/repo/.relurl.toml",
		"home/me/repo/docs/guide/a.md",
		"home/me/repo/site/.relurl.toml",
		"home/me/repo/site/x/b.html",
		// A worktree: .git is a file.
		"home/me/wt/.git",
		"home/me/wt/docs/c.md",
		// No repository: the configuration of home is the nearest.
		"home/me/plain/d.md",
		// Above home, and in the shared temporary directory.
		"home/.relurl.toml",
		"home/other/e.md",
		"tmp/.relurl.toml",
		"tmp/proj/f.md",
		// A repository without a configuration, below a configuration.
		"home/me/repo2/.git/HEAD",
		"home/me/repo2/docs/g.md",
	} {
		p := filepath.Join(base, filepath.FromSlash(f))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	at := func(rel string) string {
		if rel == "" {
			return ""
		}
		return filepath.Join(base, filepath.FromSlash(rel))
	}
	for _, c := range []struct {
		path, config, top, root string
	}{
		{"home/me/repo/docs/guide/a.md", "home/me/repo/.relurl.toml", "home/me/repo", "home/me/repo"},
		{"home/me/repo/docs/guide", "home/me/repo/.relurl.toml", "home/me/repo", "home/me/repo"},
		{"home/me/repo", "home/me/repo/.relurl.toml", "home/me/repo", "home/me/repo"},
		{"home/me/repo/site/x/b.html", "home/me/repo/site/.relurl.toml", "home/me/repo", "home/me/repo/site"},
		{"home/me/wt/docs/c.md", "", "home/me/wt", "home/me/wt"},
		{"home/me/plain/d.md", "home/me/.relurl.toml", "", "home/me"},
		{"home/other/e.md", "", "", "fallback"},
		{"tmp/proj/f.md", "", "", "fallback"},
		{"home/me/repo2/docs/g.md", "", "home/me/repo2", "home/me/repo2"},
		{"home/me/repo2/docs/missing.md", "", "home/me/repo2", "home/me/repo2"},
	} {
		p, err := FindProject(at(c.path))
		if err != nil {
			t.Fatalf("FindProject(%s): %v", c.path, err)
		}
		if p.Config != at(c.config) || p.Top != at(c.top) {
			t.Errorf("FindProject(%s) = {Config: %q, Top: %q}, want {%q, %q}", c.path, p.Config, p.Top, at(c.config), at(c.top))
		}
		root := at("fallback")
		if got := p.Root(nil, root); got != at(c.root) {
			t.Errorf("FindProject(%s).Root(nil) = %q, want %q", c.path, got, at(c.root))
		}
	}
	// A configuration's root comes first, then its directory.
	p := Project{Config: at("home/me/repo/site/.relurl.toml"), Top: at("home/me/repo")}
	if got := p.Root(&Config{Dir: at("home/me/repo/site"), Root: at("home/me/repo/site/public")}, ""); got != at("home/me/repo/site/public") {
		t.Errorf("Root with the configuration's root = %q", got)
	}
	if got := p.Root(&Config{Dir: at("home/me/repo/site")}, ""); got != at("home/me/repo/site") {
		t.Errorf("Root without the configuration's root = %q", got)
	}
}
