package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/relurl/relurl/lint/runner"
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

func (c *lintControls) register(fs *flag.FlagSet) {
	fs.StringVar(&c.config, "config", "", "read the configuration from `FILE` (default: "+runner.ConfigName+" in the working directory or its parents, up to the repository's root)")
	fs.BoolVar(&c.noConfig, "no-config", false, "read no configuration file")
	fs.StringVar(&c.baseline, "baseline", "", "drop the findings recorded in the baseline `FILE` (and count them in the summary)")
	fs.StringVar(&c.writeBaseline, "write-baseline", "", "record the run's findings in the baseline `FILE`, and exit 0 unless it cannot be written")
}

// load returns the configuration file the flags name or FindConfig finds,
// or nil for none.
func (c *lintControls) load() (*runner.Config, error) {
	if c.noConfig {
		if c.config != "" {
			return nil, errors.New("--config and --no-config exclude each other")
		}
		return nil, nil
	}
	path := c.config
	if path == "" {
		found, err := runner.FindConfig(".")
		if err != nil || found == "" {
			return nil, err
		}
		path = found
		if wd, err := os.Getwd(); err == nil {
			if rel, err := filepath.Rel(wd, found); err == nil {
				path = rel // named in errors as the user sees it
			}
		}
	}
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

// setFlags returns the names of the flags given on the command line.
func setFlags(fs *flag.FlagSet) map[string]bool {
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
