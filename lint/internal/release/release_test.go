package release

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/relurl/relurl/internal/testtool"
)

// root is the repository's root, from this package's directory.
const root = "../../.."

func TestTags(t *testing.T) {
	if got, want := Tags("v0.1.0"), []string{"v0.1.0", "lint/v0.1.0", "cmd/v0.1.0"}; !slices.Equal(got, want) {
		t.Errorf("Tags(v0.1.0) = %q; want %q", got, want)
	}
	for _, v := range []string{"v0.1.0", "v1.0.0-rc.1", "v10.20.30"} {
		if err := CheckVersion(v); err != nil {
			t.Errorf("CheckVersion(%q): %v", v, err)
		}
	}
	for _, v := range []string{"0.1.0", "v0.1", "v0.1.0+build", "v01.1.0", "main", ""} {
		if err := CheckVersion(v); err == nil {
			t.Errorf("CheckVersion(%q): no error", v)
		}
	}
}

// TestModules: Modules are the modules of go.work, and each requires the
// modules Modules says it does.
func TestModules(t *testing.T) {
	work, err := os.ReadFile(filepath.Join(root, "go.work"))
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range Modules {
		use := "./" + m.Dir
		if m.Dir == "." {
			use = "."
		}
		if !strings.Contains(string(work), "\t"+use+"\n") {
			t.Errorf("go.work does not use %s", use)
		}
		f, _, err := readModFile(root, m)
		if err != nil {
			t.Fatal(err)
		}
		if f.Module.Mod.Path != m.Path {
			t.Errorf("%s/go.mod is module %s; want %s", m.Dir, f.Module.Mod.Path, m.Path)
		}
		var siblings []string
		for _, r := range f.Require {
			if isModule(r.Mod.Path) {
				siblings = append(siblings, r.Mod.Path)
			}
		}
		slices.Sort(siblings)
		if !slices.Equal(siblings, m.Requires) {
			t.Errorf("%s/go.mod requires %q of the repository's modules; Modules says %q", m.Dir, siblings, m.Requires)
		}
	}
}

// TestNotPinned: a tree as it is between releases, whose go.mod files
// replace the siblings with the checkout's and require a placeholder, is
// not pinned, and CheckPinned says why: each replace, each requirement,
// each checksum missing from go.sum.
func TestNotPinned(t *testing.T) {
	testtool.LookPath(t, testtool.Git, "git")
	dir := t.TempDir()
	const placeholder = "v0.0.0-00010101000000-000000000000"
	files := map[string]string{
		"go.mod":       "module github.com/relurl/relurl\n\ngo 1.24\n",
		"relurl.go":    "package relurl\n",
		"lint/go.mod":  "module github.com/relurl/relurl/lint\n\ngo 1.24\n\nrequire github.com/relurl/relurl " + placeholder + "\n\nreplace github.com/relurl/relurl => ../\n",
		"lint/go.sum":  "",
		"lint/lint.go": "package lint\n",
		"cmd/go.mod":   "module github.com/relurl/relurl/cmd\n\ngo 1.24\n\nrequire (\n\tgithub.com/relurl/relurl " + placeholder + "\n\tgithub.com/relurl/relurl/lint " + placeholder + "\n)\n\nreplace (\n\tgithub.com/relurl/relurl => ../\n\tgithub.com/relurl/relurl/lint => ../lint\n)\n",
		"cmd/go.sum":   "",
	}
	for name, content := range files {
		if err := os.MkdirAll(filepath.Join(dir, filepath.Dir(name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if out, err := exec.Command("git", "-C", dir, "init", "-q").CombinedOutput(); err != nil {
		t.Fatalf("git init: %v\n%s", err, out)
	}
	if out, err := exec.Command("git", "-C", dir, "add", "-A").CombinedOutput(); err != nil {
		t.Fatalf("git add: %v\n%s", err, out)
	}
	err := CheckPinned(dir, "v0.1.0")
	for _, want := range []string{
		"lint/go.mod replaces github.com/relurl/relurl",
		"cmd/go.mod replaces github.com/relurl/relurl/lint",
		"lint/go.mod requires github.com/relurl/relurl at \"" + placeholder + "\", not v0.1.0",
		"cmd/go.mod requires github.com/relurl/relurl/lint at \"" + placeholder + "\", not v0.1.0",
		"cmd/go.sum lacks \"github.com/relurl/relurl/lint v0.1.0 h1:",
		"lint/go.sum lacks \"github.com/relurl/relurl v0.1.0/go.mod h1:",
	} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("CheckPinned of a tree between releases does not say %q: %v", want, err)
		}
	}
	if err := Pin(dir, "v0.1.0"); err == nil || !strings.Contains(err.Error(), "changes not committed") {
		t.Errorf("Pin of a tree with changes not committed: %v; want it refused", err)
	}
}

func TestNotes(t *testing.T) {
	changelog := "# Changelog\n\nIntro.\n\n## [Unreleased]\n\n## [0.2.0] - 2027-01-02\n\n### Fixed\n\n- b\n\n## [0.1.0] - 2026-12-01\n\n### Added\n\n- a\n\n[0.1.0]: https://example.org/v0.1.0\n"
	for _, tc := range []struct{ version, want, err string }{
		{"v0.1.0", "### Added\n\n- a\n", ""},
		{"v0.2.0", "### Fixed\n\n- b\n", ""},
		{"v0.3.0", "", "no section \"## [0.3.0] - YYYY-MM-DD\""},
	} {
		got, err := Notes(changelog, tc.version)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("Notes(%s) = %q, %v; want an error with %q", tc.version, got, err, tc.err)
			}
			continue
		}
		if err != nil || got != tc.want {
			t.Errorf("Notes(%s) = %q, %v; want %q", tc.version, got, err, tc.want)
		}
	}
	if _, err := Notes("## [0.1.0] - 2026-12-01\n\n## [0.0.9] - 2026-11-01\n- x\n", "v0.1.0"); err == nil {
		t.Error("Notes of an empty section: no error")
	}
}

// TestDateChangelog: the Unreleased section becomes the release's, under
// a new empty one, with the links of both; the result has the release's
// notes, and keeps the shape TestChangelog (lint/internal/repo) holds
// CHANGELOG.md to.
func TestDateChangelog(t *testing.T) {
	in := "# Changelog\n\nIntro.\n\n## [Unreleased]\n\n### Added\n\n- a\n\n" + unreleasedLink
	got, err := DateChangelog(in, "v0.1.0", "2026-12-10")
	want := "# Changelog\n\nIntro.\n\n## [Unreleased]\n\n## [0.1.0] - 2026-12-10\n\n### Added\n\n- a\n\n" +
		"[Unreleased]: https://github.com/relurl/relurl/compare/v0.1.0...HEAD\n[0.1.0]: https://github.com/relurl/relurl/releases/tag/v0.1.0\n"
	if err != nil || got != want {
		t.Errorf("DateChangelog = %q, %v; want %q", got, err, want)
	}
	if notes, err := Notes(got, "v0.1.0"); err != nil || notes != "### Added\n\n- a\n" {
		t.Errorf("Notes of the dated changelog: %q, %v", notes, err)
	}
	for _, bad := range [][3]string{{in, "v0.1", "2026-12-10"}, {in, "v0.1.0", "10 Dec 2026"}, {"# Changelog\n", "v0.1.0", "2026-12-10"}, {strings.Replace(in, "### Added\n\n- a\n\n", "", 1), "v0.1.0", "2026-12-10"}} {
		if _, err := DateChangelog(bad[0], bad[1], bad[2]); err == nil {
			t.Errorf("DateChangelog(%q, %s, %s): no error", bad[0], bad[1], bad[2])
		}
	}
	// The repository's own: v0.1.0's notes, dated by its release's commit,
	// or ready for that commit to date them.
	data, err := os.ReadFile(filepath.Join(root, "CHANGELOG.md"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Notes(string(data), "v0.1.0"); err != nil {
		if _, err := DateChangelog(string(data), "v0.1.0", "2026-12-10"); err != nil {
			t.Errorf("CHANGELOG.md has no notes of v0.1.0, and is not ready for them: %v", err)
		}
	}
}

func TestAddSums(t *testing.T) {
	got := string(addSums([]byte("b.org/m v1.0.0 h1:b=\nb.org/m v1.0.0/go.mod h1:bm=\nz.org/m v0.1.0/go.mod h1:z=\n"),
		[]string{"github.com/relurl/relurl v0.1.0 h1:r=", "github.com/relurl/relurl v0.1.0/go.mod h1:rm=", "b.org/m v1.0.0 h1:b="}))
	want := "b.org/m v1.0.0 h1:b=\nb.org/m v1.0.0/go.mod h1:bm=\ngithub.com/relurl/relurl v0.1.0 h1:r=\ngithub.com/relurl/relurl v0.1.0/go.mod h1:rm=\nz.org/m v0.1.0/go.mod h1:z=\n"
	if got != want {
		t.Errorf("addSums:\n%s\nwant:\n%s", got, want)
	}
}

// TestRehearsal makes a release as docs/release.md says, in a clone of
// HEAD, and installs it as a user would, with the module proxy played by
// the go command fetching the clone with git, as the proxy fetches the
// repository: release changelog and a commit, release pin and a commit,
// the three tags; then make release-tags (release check) holds; the commands module alone (GOWORK=off, -mod=readonly) builds
// with the go.sum that pin wrote, so its checksums are those of the
// modules as the go command zips them from the tags; and go install
// github.com/relurl/relurl/cmd/relurl@v0.1.0 installs a relurl that says
// v0.1.0. The modules of the clone go into a module cache of the test's,
// never the machine's; the other modules come from the machine's cache,
// then the proxy.
func TestRehearsal(t *testing.T) {
	if testing.Short() {
		t.Skip("clones the repository and builds relurl from it twice: not in -short")
	}
	testtool.LookPath(t, testtool.Git, "git")
	goTool := testtool.LookPath(t, testtool.Go, "go")
	const version = "v0.1.0"
	tmp := t.TempDir()
	abs, err := filepath.Abs(root)
	if err != nil {
		t.Fatal(err)
	}
	clone := filepath.Join(tmp, "relurl")
	env := []string{}
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "GIT_") && !strings.HasPrefix(kv, "GO") {
			env = append(env, kv)
		}
	}
	cache, err := exec.Command(goTool, "env", "GOMODCACHE", "GOPROXY", "GOCACHE").Output()
	if err != nil {
		t.Fatalf("go env: %v", err)
	}
	goEnv := strings.Split(strings.TrimSpace(string(cache)), "\n")
	env = append(env, "GIT_CONFIG_GLOBAL="+os.DevNull, "GIT_CONFIG_NOSYSTEM=1",
		"GIT_AUTHOR_NAME=relurl test", "GIT_AUTHOR_EMAIL=test@example.org",
		"GIT_COMMITTER_NAME=relurl test", "GIT_COMMITTER_EMAIL=test@example.org",
		// The repository as the go command fetches it: the clone.
		"GIT_CONFIG_COUNT=1", "GIT_CONFIG_KEY_0=url."+clone+".insteadOf", "GIT_CONFIG_VALUE_0=https://github.com/relurl/relurl",
		"GOPRIVATE=github.com/relurl", "GOSUMDB=off", "GOTOOLCHAIN=local", "GOFLAGS=-mod=readonly -trimpath", "CGO_ENABLED=0",
		"GOMODCACHE="+filepath.Join(tmp, "modcache"), "GOCACHE="+goEnv[2],
		"GOPROXY=file://"+filepath.ToSlash(filepath.Join(goEnv[0], "cache", "download"))+","+goEnv[1],
		"GOBIN="+filepath.Join(tmp, "bin"))
	run := func(dir string, name string, args ...string) string {
		t.Helper()
		cmd := exec.Command(name, args...)
		cmd.Dir, cmd.Env = dir, env
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
		}
		return string(out)
	}
	run(tmp, "git", "clone", "-q", abs, clone)
	changelog, err := os.ReadFile(filepath.Join(clone, "CHANGELOG.md"))
	if err != nil {
		t.Fatal(err)
	}
	dated, err := DateChangelog(string(changelog), version, "2026-12-10")
	if err != nil {
		t.Fatalf("release changelog: %v", err)
	}
	if err := os.WriteFile(filepath.Join(clone, "CHANGELOG.md"), []byte(dated), 0o644); err != nil {
		t.Fatal(err)
	}
	run(clone, "git", "commit", "-q", "-am", "CHANGELOG.md: the date of "+version)
	if err := Pin(clone, version); err != nil {
		t.Fatalf("release pin: %v", err)
	}
	diff := run(clone, "git", "diff", "--stat")
	t.Logf("$ release pin %s\n$ git diff --stat\n%s", version, diff)
	for _, name := range []string{"lint/go.mod", "lint/go.sum", "cmd/go.mod", "cmd/go.sum"} {
		if !strings.Contains(diff, name) {
			t.Errorf("release pin did not change %s", name)
		}
	}
	if err := CheckTags(clone, version); err == nil {
		t.Error("CheckTags before the tags: no error")
	}
	run(clone, "git", "commit", "-q", "-am", "Release "+version)
	for _, tag := range Tags(version) {
		run(clone, "git", "tag", tag)
	}
	if err := CheckTags(clone, version); err != nil {
		t.Errorf("CheckTags after the tags: %v", err)
	}
	if err := CheckPinned(clone, version); err != nil {
		t.Errorf("CheckPinned after release pin: %v", err)
	}
	// make release-tags, as the release workflow runs it first.
	cmd := exec.Command("make", "release-tags", "VERSION="+version)
	cmd.Dir, cmd.Env = clone, env
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("make release-tags VERSION=%s in the release's commit: %v\n%s", version, err, out)
	}

	// The commands module alone, with its go.sum.
	cmdDir := filepath.Join(clone, "cmd")
	cmd = exec.Command(goTool, "build", "-o", filepath.Join(tmp, "relurl-built"), "./relurl")
	cmd.Dir, cmd.Env = cmdDir, append(env, "GOWORK=off")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("GOWORK=off go build ./relurl in the release's cmd/: %v\n%s", err, out)
	}
	// As a user installs it.
	out := run(tmp, goTool, "install", "github.com/relurl/relurl/cmd/relurl@"+version)
	t.Logf("$ go install github.com/relurl/relurl/cmd/relurl@%s\n%s", version, out)
	got := run(tmp, filepath.Join(tmp, "bin", "relurl"), "version")
	if want := "relurl " + version + "\n"; got != want {
		t.Errorf("relurl version of go install …@%s: %q; want %q", version, got, want)
	}
}
