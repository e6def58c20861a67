package runner

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"

	"github.com/bluekeyes/go-gitdiff/gitdiff"

	"github.com/relurl/relurl/lint/internal/door"
	"github.com/relurl/relurl/lint/internal/lint"
)

// Changes are what changed in a git working tree since a revision, as
// relurl lint --changed-since and --new-from-rev read them
// ([ReadChanges]): the files added, changed or renamed since it, with the
// lines of each that were added or changed, and the untracked files (not
// ignored), every line of which is new (decision H-6).
//
// A Changes is safe for concurrent use.
type Changes struct {
	// Rev is the revision as it was given.
	Rev string
	// files are the changed files by their absolute paths, the directory
	// that holds each with its symbolic links resolved (key).
	files map[string]*changedFile
	// dirs holds the directories, keyed alike, that hold a changed file,
	// at any depth.
	dirs map[string]bool
}

// changedFile is one file of [Changes].
type changedFile struct {
	// path is the file's path in the repository, "/"-separated.
	path string
	// all marks a file every line of which counts as added: a new file,
	// an untracked one, one git calls binary (decision H-7).
	all bool
	// lines are the ranges of the lines added or changed, in order, not
	// overlapping, when all is false.
	lines []lineRange
}

// lineRange is the lines from first to last, counted from 1.
type lineRange struct{ first, last int }

// ErrNotGit is wrapped by the error of [ReadChanges] outside a git working
// tree.
var ErrNotGit = errors.New("not in a git working tree")

// ReadChanges reads the changes of the git working tree that holds dir
// ("" is the working directory) since rev, a revision that names a
// commit: what
//
//	git diff -U0 --find-renames --ignore-submodules REV --
//
// says of the working tree (the changes staged and those not), and the
// untracked files git does not ignore (git ls-files --others
// --exclude-standard). git runs with options that no configuration
// changes: no color, no external diff or text conversion, the prefixes
// "a/" and "b/", paths from the top of the repository, quoted as
// core.quotePath quotes them, which the parser reads back
// (github.com/bluekeyes/go-gitdiff).
//
// The error names the reason: git not found, [ErrNotGit], a revision that
// names no commit, a failure of git with what it said.
func ReadChanges(dir, rev string) (*Changes, error) {
	if rev == "" {
		return nil, errors.New("an empty revision")
	}
	top, err := git(dir, "rev-parse", "--show-toplevel")
	if err != nil {
		var ge *gitError
		if errors.As(err, &ge) {
			return nil, fmt.Errorf("%w (git: %s)", ErrNotGit, ge.stderr)
		}
		return nil, err
	}
	topDir := strings.TrimSuffix(string(top), "\n")
	if real, err := door.RealNamed(topDir); err == nil {
		topDir = real
	}
	commit, err := git(dir, "rev-parse", "--verify", "--quiet", "--end-of-options", rev+"^{commit}")
	if err != nil {
		return nil, fmt.Errorf("revision %q names no commit of the repository at %s", rev, topDir)
	}
	diff, err := git(topDir, "-c", "core.quotePath=true", "diff", "--no-color", "--no-ext-diff", "--no-textconv",
		"--src-prefix=a/", "--dst-prefix=b/", "--no-relative", "-U0", "--find-renames", "--ignore-submodules",
		strings.TrimSpace(string(commit)), "--")
	if err != nil {
		return nil, err
	}
	untracked, err := git(topDir, "ls-files", "-z", "--others", "--exclude-standard")
	if err != nil {
		return nil, err
	}
	files, err := parseChanges(bytes.NewReader(diff), untracked)
	if err != nil {
		return nil, fmt.Errorf("reading git diff: %w", err)
	}
	c := &Changes{Rev: rev, files: map[string]*changedFile{}, dirs: map[string]bool{}}
	for _, f := range files {
		abs := filepath.Join(topDir, filepath.FromSlash(f.path))
		c.files[abs] = f
		for d := filepath.Dir(abs); !c.dirs[d]; d = filepath.Dir(d) {
			c.dirs[d] = true
			if d == filepath.Dir(d) {
				break
			}
		}
	}
	return c, nil
}

// gitError is git's failure: its arguments, and what it said.
type gitError struct {
	args   []string
	stderr string
	err    error
}

func (e *gitError) Error() string {
	return fmt.Sprintf("git %s: %v: %s", strings.Join(e.args, " "), e.err, e.stderr)
}

func (e *gitError) Unwrap() error { return e.err }

// git runs git in dir with args, and returns its standard output.
func git(dir string, args ...string) ([]byte, error) {
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	// Nothing asks for a password or opens an editor or pager.
	cmd.Env = append(os.Environ(), "GIT_TERMINAL_PROMPT=0", "GIT_PAGER=cat", "GIT_OPTIONAL_LOCKS=0")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		if errors.Is(err, exec.ErrNotFound) {
			return nil, fmt.Errorf("git is needed to read the changes: %w", err)
		}
		return nil, &gitError{args: args, stderr: strings.TrimSpace(stderr.String()), err: err}
	}
	return out, nil
}

// parseChanges reads the changed files of a diff as ReadChanges has git
// write it, and the untracked files, NUL-terminated paths; deleted files
// are not among them. A file that git calls binary, a new file and an
// untracked one count as changed on every line.
func parseChanges(diff io.Reader, untracked []byte) ([]*changedFile, error) {
	patches, _, err := gitdiff.Parse(diff)
	if err != nil {
		return nil, err
	}
	var files []*changedFile
	for _, p := range patches {
		if p.IsDelete || p.NewName == "" {
			continue
		}
		f := &changedFile{path: p.NewName, all: p.IsNew || p.IsBinary}
		for _, frag := range p.TextFragments {
			line := int(frag.NewPosition)
			for _, l := range frag.Lines {
				switch l.Op {
				case gitdiff.OpAdd:
					f.add(line)
					line++
				case gitdiff.OpContext:
					line++
				}
			}
		}
		files = append(files, f)
	}
	for _, p := range bytes.Split(untracked, []byte{0}) {
		if len(p) > 0 {
			files = append(files, &changedFile{path: string(p), all: true})
		}
	}
	return files, nil
}

// add adds a line, after the lines added so far.
func (f *changedFile) add(line int) {
	if n := len(f.lines); n > 0 && f.lines[n-1].last+1 >= line {
		f.lines[n-1].last = max(f.lines[n-1].last, line)
		return
	}
	f.lines = append(f.lines, lineRange{line, line})
}

// touches reports whether a line from first to last was added or changed.
func (f *changedFile) touches(first, last int) bool {
	if f.all {
		return true
	}
	// The first range that does not end before first.
	i, _ := slices.BinarySearchFunc(f.lines, first, func(r lineRange, line int) int { return r.last - line })
	return i < len(f.lines) && f.lines[i].first <= last
}

// key returns the key of the file at path: its absolute path, with the
// symbolic links of the directory that holds it resolved (a symbolic link
// that git tracks is a file of its own).
func key(path string) string {
	abs, err := filepath.Abs(path)
	if err != nil {
		return filepath.Clean(path)
	}
	dir, base := filepath.Split(abs)
	if real, err := door.RealNamed(dir); err == nil {
		return filepath.Join(real, base)
	}
	return abs
}

// dirKey is key for a directory: all of its path resolved.
func dirKey(path string) string {
	abs, err := filepath.Abs(path)
	if err != nil {
		return filepath.Clean(path)
	}
	if real, err := door.RealNamed(abs); err == nil {
		return real
	}
	return abs
}

// Changed reports whether the file at path (relative to the working
// directory, or absolute) was added or changed since the revision, or is
// untracked.
func (c *Changes) Changed(path string) bool {
	return c.files[key(path)] != nil
}

// holds reports whether the directory at path holds a changed file.
func (c *Changes) holds(dir string) bool {
	return c.dirs[dirKey(dir)]
}

// Len returns how many files were added, changed or are untracked.
func (c *Changes) Len() int { return len(c.files) }

// Filter returns the findings of the file at path that are on lines added
// or changed since the revision, and how many are not: a finding is on
// the lines from its Line to its EndLine. findings is not modified.
func (c *Changes) Filter(path string, findings []lint.Finding) (kept []lint.Finding, old int) {
	f := c.files[key(path)]
	if f != nil && f.all {
		return findings, 0
	}
	for i := range findings {
		first := max(findings[i].Line, 1)
		last := max(findings[i].EndLine, first)
		if f != nil && f.touches(first, last) {
			kept = append(kept, findings[i])
		} else {
			old++
		}
	}
	return kept, old
}
