package runner

import (
	"errors"
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

// TestFindProjectLinkOut: a configuration file found that a symbolic link
// leads out of its project is not read, but an error; one that stays in
// the repository is read.
func TestFindProjectLinkOut(t *testing.T) {
	base := t.TempDir()
	writeTree(t, base, map[string]string{
		"repo/.git/HEAD":      "",
		"repo/.git/config":    "",
		"repo/git/d.md":       "",
		"repo/shared.toml":    "",
		"repo/docs/a.md":      "",
		"repo/site/b.md":      "",
		"plain/docs/c.md":     "",
		"plain/relurl.toml":   "",
		"outside/secret.toml": "",
	})
	for link, target := range map[string]string{
		"repo/docs/.relurl.toml":  "../../outside/secret.toml",
		"repo/site/.relurl.toml":  "../shared.toml",
		"repo/git/.relurl.toml":   "../.git/config",
		"plain/docs/.relurl.toml": "../relurl.toml",
	} {
		if err := os.Symlink(target, filepath.Join(base, link)); err != nil {
			t.Skip("no symbolic links here:", err)
		}
	}
	for _, c := range []struct {
		dir, real string // real: where the link out leads, "" when it is read
	}{
		{"repo/docs", "outside/secret.toml"},
		{"repo/site", ""},
		{"repo/git", "repo/.git/config"},    // in the repository, but in its metadata
		{"plain/docs", "plain/relurl.toml"}, // no repository: its own directory is the project
	} {
		p, err := FindProject(filepath.Join(base, c.dir))
		var coe *ConfigOutsideError
		switch {
		case c.real == "" && err != nil:
			t.Errorf("%s: %v", c.dir, err)
		case c.real != "" && (!errors.As(err, &coe) || coe.Real != filepath.Join(base, c.real) || coe.Path != p.Config):
			t.Errorf("%s: %v, want the link out to %s", c.dir, err, c.real)
		}
	}
}
