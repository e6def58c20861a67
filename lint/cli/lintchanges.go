package cli

import (
	"fmt"

	"github.com/relurl/relurl/lint/internal/runner"
)

// lintChanges are relurl lint's flags for what changed in a git working
// tree (docs/ci.md): --changed-since lints only the files changed since a
// revision, --new-from-rev reports only the findings on lines changed
// since one.
type lintChanges struct {
	changedSince, newFromRev string
}

func (c *lintChanges) register(fs *flagSet) {
	fs.StringVar(&c.changedSince, "changed-since", "", "lint only the files changed since git revision `REV`")
	fs.StringVar(&c.newFromRev, "new-from-rev", "", "report only findings on lines changed since `REV`")
}

// on says whether the run is limited to what changed.
func (c *lintChanges) on() bool { return c.changedSince != "" || c.newFromRev != "" }

// check refuses what has no changes to read: standard input, and a
// baseline to write, which records every finding of every file.
func (c *lintChanges) check(paths []string, writeBaseline string) error {
	if !c.on() {
		return nil
	}
	name := "--new-from-rev"
	if c.changedSince != "" {
		name = "--changed-since"
	}
	for _, p := range paths {
		if p == "-" {
			return fmt.Errorf("%s reads what git says changed in files, and standard input is no file", name)
		}
	}
	if writeBaseline != "" {
		return fmt.Errorf("--write-baseline records every finding of every file, which %s leaves out: record it without", name)
	}
	return nil
}

// read reads the changes the flags name, each once, in the working
// directory's git working tree.
func (c *lintChanges) read() (changed, newFrom *runner.Changes, err error) {
	read := func(flag, rev string) (*runner.Changes, error) {
		ch, err := runner.ReadChanges("", rev)
		if err != nil {
			return nil, fmt.Errorf("%s %s: %w", flag, rev, err)
		}
		return ch, nil
	}
	if c.changedSince != "" {
		if changed, err = read("--changed-since", c.changedSince); err != nil {
			return nil, nil, err
		}
	}
	if c.newFromRev != "" {
		if c.newFromRev == c.changedSince {
			return changed, changed, nil
		}
		if newFrom, err = read("--new-from-rev", c.newFromRev); err != nil {
			return nil, nil, err
		}
	}
	return changed, newFrom, nil
}
