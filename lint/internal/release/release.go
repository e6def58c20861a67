// Package release holds what a release of relurl's three modules must
// agree on, and makes the commit that pins them (docs/release.md): the
// library (the repository's root), the linter (lint/) and the commands
// (cmd/) are released together, each by its own tag at one commit (v0.1.0,
// lint/v0.1.0, cmd/v0.1.0), and at that commit lint/go.mod and cmd/go.mod
// require their siblings at that version, with no replace directive, so
// that go install github.com/relurl/relurl/cmd/relurl@v0.1.0 builds the
// commands from the module proxy as released (decision I-8).
package release

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"golang.org/x/mod/modfile"
	"golang.org/x/mod/semver"
)

// A Module is one of the repository's modules.
type Module struct {
	// Dir is its directory, slash-separated, relative to the repository's
	// root ("." for the root).
	Dir string
	// Path is its module path.
	Path string
	// Requires are the modules of Modules it requires, by path.
	Requires []string
}

// Modules are the repository's modules, each after those it requires.
var Modules = []Module{
	{".", "github.com/relurl/relurl", nil},
	{"lint", "github.com/relurl/relurl/lint", []string{"github.com/relurl/relurl"}},
	{"cmd", "github.com/relurl/relurl/cmd", []string{"github.com/relurl/relurl", "github.com/relurl/relurl/lint"}},
}

// Tag is the tag of the module m for version: the version itself for the
// root, else the module's directory, a slash and the version, as the go
// command finds a module in a subdirectory.
func (m Module) Tag(version string) string {
	if m.Dir == "." {
		return version
	}
	return m.Dir + "/" + version
}

// Tags are the tags of a release, one per module, the root's first.
func Tags(version string) []string {
	var tags []string
	for _, m := range Modules {
		tags = append(tags, m.Tag(version))
	}
	return tags
}

var release = regexp.MustCompile(`^v\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$`)

// CheckVersion returns an error unless version is a release version, a
// canonical semantic version with no build metadata: v0.1.0, v1.0.0-rc.1.
func CheckVersion(version string) error {
	if !release.MatchString(version) || semver.Canonical(version) != version {
		return fmt.Errorf("%q is not a release version such as v0.1.0 or v1.0.0-rc.1", version)
	}
	return nil
}

// git runs git in dir and returns its standard output, trimmed.
func git(dir string, args ...string) (string, error) {
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("git %s: %w: %s", strings.Join(args, " "), err, strings.TrimSpace(stderr.String()))
	}
	return strings.TrimSpace(string(out)), nil
}

// CheckTags returns an error unless the repository at dir has each tag of
// the release version, each naming HEAD's commit.
func CheckTags(dir, version string) error {
	if err := CheckVersion(version); err != nil {
		return err
	}
	head, err := git(dir, "rev-parse", "HEAD")
	if err != nil {
		return err
	}
	var problems []string
	for _, tag := range Tags(version) {
		commit, err := git(dir, "rev-parse", "--verify", "--end-of-options", "refs/tags/"+tag+"^{commit}")
		switch {
		case err != nil:
			problems = append(problems, fmt.Sprintf("there is no tag %s", tag))
		case commit != head:
			problems = append(problems, fmt.Sprintf("the tag %s names %.12s, not HEAD (%.12s)", tag, commit, head))
		}
	}
	if len(problems) > 0 {
		return fmt.Errorf("release %s: %s", version, strings.Join(problems, "; "))
	}
	return nil
}

// readModFile parses the go.mod of m under dir.
func readModFile(dir string, m Module) (*modfile.File, string, error) {
	name := filepath.Join(dir, filepath.FromSlash(m.Dir), "go.mod")
	data, err := os.ReadFile(name)
	if err != nil {
		return nil, name, err
	}
	f, err := modfile.Parse(name, data, nil)
	return f, name, err
}

// CheckPinned returns an error unless each module's go.mod requires its
// siblings at version and replaces none of them, and its go.sum holds
// the checksums of each sibling at version, as the module proxy will
// serve it from the commit at dir's HEAD (Sums): what a release commit
// has, and Pin makes.
func CheckPinned(dir, version string) error {
	if err := CheckVersion(version); err != nil {
		return err
	}
	var problems []string
	sums := map[string][]string{}
	for _, m := range Modules {
		f, name, err := readModFile(dir, m)
		if err != nil {
			return err
		}
		for _, r := range f.Replace {
			if isModule(r.Old.Path) {
				problems = append(problems, fmt.Sprintf("%s replaces %s", name, r.Old.Path))
			}
		}
		for _, path := range m.Requires {
			found := ""
			for _, r := range f.Require {
				if r.Mod.Path == path {
					found = r.Mod.Version
				}
			}
			if found != version {
				problems = append(problems, fmt.Sprintf("%s requires %s at %q, not %s", name, path, found, version))
			}
		}
		if len(m.Requires) > 0 {
			goSum, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(m.Dir), "go.sum"))
			if err != nil {
				return err
			}
			for _, path := range m.Requires {
				if sums[path] == nil {
					if sums[path], err = Sums(dir, moduleByPath(path), version); err != nil {
						return err
					}
				}
				for _, line := range sums[path] {
					if !bytes.Contains(goSum, []byte(line+"\n")) {
						problems = append(problems, fmt.Sprintf("%s/go.sum lacks %q", m.Dir, line))
					}
				}
			}
		}
	}
	if len(problems) > 0 {
		return fmt.Errorf("release %s: %s", version, strings.Join(problems, "; "))
	}
	return nil
}

func isModule(path string) bool {
	for _, m := range Modules {
		if m.Path == path {
			return true
		}
	}
	return false
}

func moduleByPath(path string) Module {
	for _, m := range Modules {
		if m.Path == path {
			return m
		}
	}
	panic("release: no module " + path)
}

// Pin rewrites the go.mod and go.sum of each module under dir, a git
// working tree with no changes, so that it requires its siblings at
// version with no replace directive, with their checksums in go.sum:
// the release commit's change (docs/release.md). The modules are pinned
// in order, so that the checksum of the linter is taken over its go.mod
// and go.sum as pinned.
func Pin(dir, version string) error {
	if err := CheckVersion(version); err != nil {
		return err
	}
	if status, err := git(dir, "status", "--porcelain"); err != nil {
		return err
	} else if status != "" {
		return fmt.Errorf("the working tree has changes not committed: commit them first\n%s", status)
	}
	sums := map[string][]string{}
	for _, m := range Modules {
		if len(m.Requires) == 0 {
			continue
		}
		f, name, err := readModFile(dir, m)
		if err != nil {
			return err
		}
		var lines []string
		for _, path := range m.Requires {
			if err := f.DropReplace(path, ""); err != nil {
				return err
			}
			if err := f.AddRequire(path, version); err != nil {
				return err
			}
			if sums[path] == nil {
				if sums[path], err = Sums(dir, moduleByPath(path), version); err != nil {
					return err
				}
			}
			lines = append(lines, sums[path]...)
		}
		f.Cleanup()
		data, err := f.Format()
		if err != nil {
			return err
		}
		if err := os.WriteFile(name, data, 0o644); err != nil {
			return err
		}
		sumName := filepath.Join(filepath.Dir(name), "go.sum")
		goSum, err := os.ReadFile(sumName)
		if err != nil {
			return err
		}
		if err := os.WriteFile(sumName, addSums(goSum, lines), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// addSums returns the go.sum goSum with lines added, sorted as the go
// command writes it (by module path, then version, the go.mod line after
// the module's), a line already there kept once.
func addSums(goSum []byte, lines []string) []byte {
	all := strings.Split(strings.TrimSuffix(string(goSum), "\n"), "\n")
	if len(goSum) == 0 {
		all = nil
	}
	seen := map[string]bool{}
	var out []string
	for _, l := range append(all, lines...) {
		if !seen[l] {
			seen[l] = true
			out = append(out, l)
		}
	}
	sortSums(out)
	return []byte(strings.Join(out, "\n") + "\n")
}

// sortSums sorts go.sum's lines as the go command does: by module path,
// then by version, the "/go.mod" entry after the module's own.
func sortSums(lines []string) {
	key := func(l string) (string, string) {
		f := strings.Fields(l)
		if len(f) < 2 {
			return l, ""
		}
		return f[0], f[1]
	}
	less := func(a, b string) int {
		pa, va := key(a)
		pb, vb := key(b)
		if pa != pb {
			return strings.Compare(pa, pb)
		}
		ba, ma := strings.CutSuffix(va, "/go.mod")
		bb, mb := strings.CutSuffix(vb, "/go.mod")
		if c := semver.Compare(ba, bb); c != 0 {
			return c
		}
		if ma != mb {
			if ma {
				return 1
			}
			return -1
		}
		return 0
	}
	slices.SortFunc(lines, less)
}
