package cli

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/relurl/relurl/lint/internal/door"
	"github.com/relurl/relurl/lint/internal/runner"
)

// lintControls are relurl lint's flags for the configuration file and the
// baseline. They are kept apart from the other flags of the command: the
// configuration sets defaults that the other flags override.
type lintControls struct {
	config        string
	noConfig      bool
	baseline      string
	writeBaseline string
}

// registerBaselines defines --baseline and --write-baseline on fs.
func (c *lintControls) registerBaselines(fs *flagSet) {
	fs.StringVar(&c.baseline, "baseline", "", "drop the findings recorded in `FILE`, and count them")
	fs.StringVar(&c.writeBaseline, "write-baseline", "", "record the findings in `FILE`; exit 0")
}

// registerConfig defines --config and --no-config on fs, which relurl
// rules shares.
func (c *lintControls) registerConfig(fs *flagSet) {
	fs.StringVar(&c.config, "config", "", "read the configuration from `FILE`, not "+runner.ConfigName)
	fs.BoolVar(&c.noConfig, "no-config", false, "read no configuration file")
}

// load returns the configuration of the project of path: the file
// --config names, or the one runner.FindProject finds from path (decision
// L-46), or nil for none or with --no-config.
func (c *lintControls) load(path string) (*runner.Config, error) {
	file, err := c.configFile(path)
	if err != nil || file == "" {
		return nil, err
	}
	return loadConfig(file)
}

// configFile returns the name of the configuration file of the project
// of path (see load), or "".
func (c *lintControls) configFile(path string) (string, error) {
	switch {
	case c.noConfig && c.config != "":
		return "", errors.New("--config and --no-config exclude each other")
	case c.noConfig:
		return "", nil
	case c.config != "":
		return c.config, nil
	}
	p, err := runner.FindProject(path)
	if err != nil || p.Config == "" {
		return "", err
	}
	return relToWD(p.Config), nil // named in errors as the user sees it
}

// loadConfig reads the configuration file called path.
func loadConfig(path string) (*runner.Config, error) {
	cfg, err := runner.LoadConfig(path)
	if err != nil {
		var ce *runner.ConfigError
		if !errors.As(err, &ce) {
			return nil, fmt.Errorf("configuration: %w", err)
		}
		return nil, err
	}
	return cfg, nil
}

// relToWD returns path relative to the working directory when it is
// under it, else path.
func relToWD(path string) string {
	wd, err := os.Getwd()
	if err != nil {
		return path
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return path
	}
	if rel, err := filepath.Rel(wd, abs); err == nil && filepath.IsLocal(rel) {
		return rel
	}
	return path
}

// lintGroup is the inputs of one project, linted as a run of their own:
// its configuration (nil for none) and the root of its tree ("" for
// none: standard input alone).
type lintGroup struct {
	cfg   *runner.Config
	root  string
	paths []string
	// bound is the project's directory (runner.Run.Bound): its
	// repository's top, else its configuration's bound.
	bound string
}

// groups sorts the inputs into their projects (decision L-46), in the
// order each project is first named: a path belongs to the
// configuration --config names, or to none with --no-config, or to the
// one runner.FindProject finds from the path; its root is --root, else
// the configuration's root, else the configuration file's directory,
// else (without a configuration) a directory named by the user (named
// true) is its own root, a built site, and anything else takes the
// repository's top, else the working directory, else (a file outside
// both) its own directory. Standard input ("-") has no place in a
// tree: it is linted with the working directory's configuration and no
// root.
//
// A path is taken as the user wrote it (decision L-60): a working
// directory reached through a symbolic link, a named link to a directory
// of the project, are the project's. A directory named in a repository
// whose real path leaves the repository is refused, never made the root
// of a tree (unless follow, --follow-outside, the person's own choice);
// with no enclosing repository or configuration, a named directory is its
// own tree, followed once if it is a link. A configuration file found
// that leads out of its project is an error only when it would be read:
// not under --config or --no-config.
func (c *lintControls) groups(paths []string, named bool, root string, follow bool) ([]*lintGroup, error) {
	if c.noConfig && c.config != "" {
		return nil, errors.New("--config and --no-config exclude each other")
	}
	configs := map[string]*runner.Config{}
	projects := map[string]runner.Project{} // by directory: pre-commit names many files of few
	var groups []*lintGroup
	index := map[[2]string]*lintGroup{}
	for _, p := range paths {
		from := p
		if p == "-" {
			from = "."
		}
		abs, err := filepath.Abs(from)
		if err != nil {
			return nil, err
		}
		_, isDir := door.Exists(abs)
		dir := abs
		if !isDir {
			dir = filepath.Dir(abs)
		}
		proj, seen := projects[dir]
		if !seen {
			var out *runner.ConfigOutsideError
			if proj, err = runner.FindProject(dir); err != nil && !(errors.As(err, &out) && (c.noConfig || c.config != "")) {
				return nil, err
			}
			projects[dir] = proj
		}
		file := c.config
		switch {
		case c.noConfig:
		case file == "" && proj.Config != "":
			file = relToWD(proj.Config) // named in errors as the user sees it
		}
		cfg, seen := configs[file]
		if !seen && file != "" {
			if cfg, err = loadConfig(file); err != nil {
				return nil, err
			}
			configs[file] = cfg
		}
		r := root
		switch {
		case r != "" || p == "-":
		case cfg != nil:
			r = relToWD(runner.Project{}.Root(cfg, ""))
		case named && isDir && proj.Top != "" && !follow:
			if err := inProject(p, proj.Top); err != nil {
				return nil, err
			}
			r = relToWD(p) // a built site
		case named && isDir:
			r = relToWD(p) // a built site
		case proj.Top != "":
			r = relToWD(proj.Top)
		case filepath.IsLocal(relToWD(dir)):
			r = "."
		default:
			r = dir // outside the working directory and any repository
		}
		key := [2]string{file, r}
		g := index[key]
		if g == nil {
			g = &lintGroup{cfg: cfg, root: r, bound: proj.Top}
			if g.bound == "" && cfg != nil {
				g.bound = cfg.Bound
			}
			index[key] = g
			groups = append(groups, g)
		}
		g.paths = append(g.paths, p)
	}
	return groups, nil
}

// inProject says why the directory p, named in the repository whose top
// is top, is not linted as a tree of its own: its real path leaves the
// repository's (a symbolic link out), so that a pull request's "docs ->
// ../outside" would make the outside the root.
func inProject(p, top string) error {
	real, err := door.RealNamed(p)
	if err != nil {
		return err
	}
	realTop, err := door.RealNamed(top)
	if err != nil {
		return err
	}
	if rel, err := filepath.Rel(realTop, real); err == nil && (rel == "." || filepath.IsLocal(rel)) {
		return nil
	}
	return fmt.Errorf("%s: %w %s, to %s: not linted (--follow-outside lints it)", p, errLinkOutOfRepo, top, real)
}

// errLinkOutOfRepo is wrapped by the error of a directory named in a
// repository that a symbolic link leads out of it.
var errLinkOutOfRepo = errors.New("a symbolic link out of the repository")

// setFlags returns the names of the flags given on the command line.
func setFlags(fs *flagSet) map[string]bool {
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	return set
}

// baselines reads the baseline of --baseline and makes the one that
// --write-baseline records into.
func (c *lintControls) baselines() (read, record *runner.Baseline, err error) {
	if c.baseline != "" {
		if read, err = runner.ReadBaseline(c.baseline); err != nil {
			return nil, nil, err
		}
	}
	if c.writeBaseline != "" {
		record = runner.NewBaseline(filepath.Dir(c.writeBaseline))
	}
	return read, record, nil
}

// skipExcept returns skip, except for the paths named as arguments, which
// are linted (a file) or walked (a directory) whatever the configuration's
// patterns say: naming a file says it is meant.
func skipExcept(skip func(path string, isDir bool) bool, args []string) func(string, bool) bool {
	named := make(map[string]bool, len(args))
	for _, a := range args {
		named[filepath.Clean(a)] = true
	}
	return func(path string, isDir bool) bool {
		return !named[filepath.Clean(path)] && skip(path, isDir)
	}
}
