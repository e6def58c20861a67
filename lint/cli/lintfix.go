package cli

import (
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/relurl/relurl/lint/internal/door"
	"github.com/relurl/relurl/lint/internal/fix"
	"github.com/relurl/relurl/lint/internal/lint"
	"github.com/relurl/relurl/lint/internal/report"
	"github.com/relurl/relurl/lint/internal/runner"
)

// lintFixes are relurl lint's flags --fix and --diff (docs/fixes.md).
type lintFixes struct {
	fix, diff, readOnly bool
}

func (c *lintFixes) register(fs *flagSet) {
	fs.BoolVar(&c.fix, "fix", false, "make the safe fixes, in place; report what is left")
	fs.BoolVar(&c.diff, "diff", false, "print the safe fixes as a diff; change nothing")
	fs.BoolVar(&c.readOnly, "fix-read-only", false, "with --fix, rewrite read-only files too")
}

// on says whether fixes are to be made or shown.
func (c *lintFixes) on() bool { return c.fix || c.diff }

// check refuses what cannot be fixed in place: standard input.
func (c *lintFixes) check(paths []string) error {
	if !c.fix {
		return nil
	}
	for _, p := range paths {
		if p == "-" {
			return errors.New("--fix rewrites files in place, and standard input is no file: use --diff")
		}
	}
	return nil
}

// run returns the Run.Fix of the flags: --diff writes each file's diff to
// stdout, --fix replaces the file's content (runner.FixedFile.Write), only
// under the run's root (the file's directory when it has none), through
// no symbolic link that leads out of it (decision L-49), and only while
// it is as it was read, its mode and owner kept; a read-only file only
// with --fix-read-only (decision F-11).
func (c *lintFixes) run(stdout io.Writer) func(f *runner.FixedFile) (bool, error) {
	return func(f *runner.FixedFile) (bool, error) {
		if c.diff {
			// As git names an absolute path: "a/tmp/x" for "/tmp/x".
			name := strings.TrimLeft(filepath.ToSlash(f.Name), "/")
			if err := fix.WriteUnifiedDiff(stdout, name, f.Src, f.Edits); err != nil {
				return false, err
			}
		}
		if !c.fix {
			return false, nil
		}
		if err := f.Write(c.readOnly); err != nil {
			if errors.Is(err, door.ErrOutside) || errors.Is(err, door.ErrInGit) || errors.Is(err, runner.ErrNotUnderRoot) {
				return false, fmt.Errorf("--fix writes only under the root: %w", err)
			}
			return false, err
		}
		return true, nil
	}
}

// quiet is a report.Reporter that writes nothing: with --diff, standard
// output is the diff.
type quiet struct{}

func (quiet) Start([]lint.Setting) error    { return nil }
func (quiet) File(*report.FileResult) error { return nil }
func (quiet) End(*report.Summary) error     { return nil }
