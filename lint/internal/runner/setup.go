package runner

import (
	"path/filepath"
	"strings"

	"github.com/relurl/relurl/lint/internal/input"
	"github.com/relurl/relurl/lint/internal/lint"
	"github.com/relurl/relurl/lint/internal/target"
	"github.com/relurl/relurl/resolve"
)

// Setup is how the files of one project are linted: by its
// configuration (nil for none), from the root of its tree. relurl lint
// and the language server ask it the same questions of each file
// ([Setup.File]), so that a file is linted alike by both: its linter
// (the configuration's, with the levels of the [[override]] entries that
// match the file), its retrieval URL, and whether the configuration's
// include and exclude leave it out. It is safe for concurrent use.
type Setup struct {
	// Config is the configuration, or nil.
	Config *Config
	// Root is the directory the files are served from, absolute (decision
	// L-46: [Project.Root]), or "" for none.
	Root string
	// Linter lints the files no override matches.
	Linter *lint.Linter
	// MaxSize is the largest file linted, in bytes: the configuration's
	// max-size, else input.DefaultMax.
	MaxSize int64
	ov      *overrides
}

// NewSetup returns the setup of the files of a project whose
// configuration is cfg (nil for none) and whose root is root: each is
// linted by l, with the levels of cfg's overrides that match it on top
// (l is made from cfg's options and whatever goes on top of them). It
// fails on an override whose levels l cannot take.
func NewSetup(cfg *Config, root string, l *lint.Linter) (*Setup, error) {
	s := &Setup{Config: cfg, Linter: l, MaxSize: input.DefaultMax}
	if root != "" {
		abs, err := filepath.Abs(root)
		if err != nil {
			return nil, err
		}
		s.Root = abs
	}
	if cfg == nil {
		return s, nil
	}
	if cfg.MaxSize > 0 {
		s.MaxSize = cfg.MaxSize
	}
	ov, err := newOverrides(l, cfg.Overrides, cfg.Dir)
	if err != nil {
		return nil, err
	}
	s.ov = ov
	return s, nil
}

// FileSetup is how one file is linted.
type FileSetup struct {
	// Linter lints the file.
	Linter *lint.Linter
	// Retrieval is the file's retrieval URL (§3.3): see [Retrieval].
	Retrieval string
	// Skip says that the configuration's include or exclude leaves the
	// file out.
	Skip bool
}

// File returns how the file at path (absolute, or relative to the
// working directory) is linted.
func (s *Setup) File(path string) FileSetup {
	f := FileSetup{Linter: s.Linter}
	if s.ov != nil {
		f.Linter = s.ov.forFile(path)
	}
	f.Retrieval = s.Linter.Retrieval()
	if f.Retrieval != "" && s.Root != "" {
		// Abs asks for the working directory: only when it tells.
		if abs, err := filepath.Abs(path); err == nil {
			f.Retrieval = Retrieval(f.Retrieval, s.Root, abs)
		}
	}
	if s.Config != nil {
		f.Skip = s.Config.Skips(path, false)
	}
	return f
}

// Retrieval returns the retrieval URL (§3.3) of the file at path, both
// path and root absolute, as relurl lint gives it with --base base and
// --root root: the file's path under root, escaped
// ([target.PathReference]), resolved against base ("library/intro.html"
// against "https://docs.python.org/3.11/" is
// "https://docs.python.org/3.11/library/intro.html"); base itself for a
// file not under root, or without a root; "" without a base.
func Retrieval(base, root, path string) string {
	if base == "" || root == "" {
		return base
	}
	rel, err := filepath.Rel(root, path)
	if err != nil || rel == "." || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return base
	}
	u, err := resolve.Resolve(base, target.PathReference(filepath.ToSlash(rel)))
	if err != nil {
		return base
	}
	return u.String()
}
