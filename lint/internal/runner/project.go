package runner

import (
	"os"
	"path/filepath"

	"github.com/relurl/relurl/lint/internal/door"
)

// Project is what a path belongs to: the configuration file that governs
// it and the repository that holds it, found by [FindProject] from the path
// alone, whatever else is named and wherever relurl was started (decision
// L-46). Its [Project.Root] is the root of the tree its files are served
// from.
type Project struct {
	// Config is the absolute path of the configuration file, or "" when
	// none governs the path.
	Config string
	// Top is the repository's top: the nearest directory at or above the
	// path that holds .git (a directory, or a file as in a worktree), or
	// "" outside any repository.
	Top string
}

// FindProject returns the project of path, a file or a directory: it
// climbs from path's directory (path itself for a directory) to the
// nearest .relurl.toml, and stops, with or without one, at the
// repository's top (decision L-46). It never reads a configuration above
// the user's home directory (that of another user, or the system's), nor
// one in a shared temporary directory (os.TempDir, /tmp, /var/tmp,
// /dev/shm) that anyone may write, and it climbs no further than either.
//
// A configuration file found that a symbolic link leads out of its
// project (the repository's top, or outside a repository the directory
// it was found in) is not read: the error is a [*ConfigOutsideError]
// (decision L-51).
func FindProject(path string) (Project, error) {
	p, err := findProject(path)
	if err != nil || p.Config == "" {
		return p, err
	}
	bound := p.Top
	if bound == "" {
		bound = filepath.Dir(p.Config)
	}
	t, err := door.Open(bound)
	if err != nil {
		return p, err
	}
	defer t.Close()
	if rel, ok := t.Rel(p.Config); ok && !t.Inside(rel) {
		return p, &ConfigOutsideError{Path: p.Config, Real: t.Where(rel)}
	}
	return p, nil
}

// ConfigOutsideError is the error of [FindProject] for a configuration
// file that a symbolic link leads out of its project: a hostile tree's
// .relurl.toml -> ../.git/config would print what it holds in errors.
type ConfigOutsideError struct {
	// Path is the configuration file found, Real where it leads.
	Path, Real string
}

func (e *ConfigOutsideError) Error() string {
	return e.Path + ": a symbolic link out of the project, to " + e.Real + ": not read (--config reads a file named)"
}

// findProject is FindProject without its check of the configuration: it
// climbs from path as named, then, when that finds nothing and path is
// under a working directory reached through a symbolic link, from its
// real path (decision L-60).
func findProject(path string) (Project, error) {
	p, err := climb(path)
	if err != nil || p.Config != "" || p.Top != "" {
		return p, err
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return p, err
	}
	wd, real := door.WorkingDir()
	if r, ok := door.InWorkingDir(abs, wd, real); ok {
		return climb(r)
	}
	return p, nil
}

// climb climbs from path, as findProject does.
func climb(path string) (Project, error) {
	dir, err := filepath.Abs(path)
	if err != nil {
		return Project{}, err
	}
	if _, isDir := door.Exists(dir); !isDir {
		dir = filepath.Dir(dir)
	}
	home, _ := os.UserHomeDir()
	if home != "" {
		home = filepath.Clean(home)
	}
	var p Project
	for {
		if aboveHome(dir, home) || sharedTemp(dir) {
			return p, nil
		}
		if p.Config == "" {
			c := filepath.Join(dir, ConfigName)
			if exists, isDir := door.Exists(c); exists && !isDir {
				p.Config = c
			}
		}
		if _, err := door.LstatNamed(filepath.Join(dir, ".git")); err == nil {
			p.Top = dir
			return p, nil
		}
		parent := filepath.Dir(dir)
		if dir == home || parent == dir {
			return p, nil
		}
		dir = parent
	}
}

// Root returns the root of the project's tree, for a configuration cfg
// loaded from p.Config (nil for none), in the order of decision L-46: the
// configuration's root; else the configuration file's directory; else the
// repository's top; else fallback.
func (p Project) Root(cfg *Config, fallback string) string {
	switch {
	case cfg != nil && cfg.Root != "":
		return cfg.Root
	case cfg != nil && cfg.Dir != "":
		return cfg.Dir
	case p.Config != "":
		return filepath.Dir(p.Config)
	case p.Top != "":
		return p.Top
	}
	return fallback
}

// aboveHome says whether dir is a strict ancestor of the home directory
// home ("/" and "/home" for "/home/me").
func aboveHome(dir, home string) bool {
	if home == "" || dir == home {
		return false
	}
	rel, err := filepath.Rel(dir, home)
	return err == nil && rel != "." && filepath.IsLocal(rel)
}

// sharedTemp says whether dir is a temporary directory shared by the
// machine's users: a configuration there is anyone's.
func sharedTemp(dir string) bool {
	for _, t := range [...]string{os.TempDir(), "/tmp", "/var/tmp", "/dev/shm"} {
		if dir == filepath.Clean(t) {
			return true
		}
	}
	return false
}
