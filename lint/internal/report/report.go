package report

import (
	"github.com/relurl/relurl/lint/internal/extract"
	"github.com/relurl/relurl/lint/internal/lint"
)

// Reporter receives the results of a run in order: Start once, File for
// each file in the order the run was given them, End once with the run's
// summary. A file's findings are in order of position, those of its
// fragments among them (decision U-4). The formats of package lint/format are Reporters. A Reporter
// that buffers its output may also have a method Flush() error, which
// the run calls after each file while it draws a progress bar.
type Reporter interface {
	// Start begins the report; rules are the catalog as the run's linter
	// applies it.
	Start(rules []lint.Setting) error
	// File reports one file: its findings, in order of position, or why it
	// was not linted. A file with many findings comes in parts
	// ([FileResult.Partial]), in order.
	File(r *FileResult) error
	// End ends the report.
	End(s *Summary) error
}

// FileResult is what a run found in one file, or in one part of it.
type FileResult struct {
	// Name is the file's name as given (a walked file's path), or
	// "<stdin>".
	Name string
	// Findings are the file's findings, in order of position.
	Findings []lint.Finding
	// Partial marks a part of a file's findings that more parts follow:
	// a file with thousands of findings is reported as soon as they are
	// final, in parts whose findings, one after the other, are the file's,
	// so that they are never all held at once. Only the last part (not
	// Partial) has Notes, URLs, Err and Skipped.
	Partial bool
	// Notes say which parts of the file were not read, or not as their
	// format wants them, and why; each is also a finding of the input
	// family, when its rule is on.
	Notes []extract.Note
	// URLs is how many URLs the file holds.
	URLs int
	// Err is why the file could not be read, or nil: an *fs.PathError, an
	// *input.TooLargeError, an error wrapping runner.ErrUnknownKind.
	Err error
	// Skipped, when not "", says why the file was not linted: one of the
	// Skipped constants ([SkippedKind], [SkippedBinary], ...).
	Skipped string
	// Outside, for a file skipped as [SkippedOutside], is where it leads:
	// its real path, every symbolic link followed. Nothing of the file
	// was read.
	Outside string
	// Suppressed is how many findings the file's relurl:ignore directives
	// suppressed; Baselined how many the run's baseline dropped. Neither
	// kind is in Findings.
	Suppressed, Baselined int
	// Unchanged is how many findings were on lines unchanged since the
	// revision of the run's NewFrom; they are not in Findings.
	Unchanged int
	// FixErr, when the run makes fixes, is why the file's fixes were not
	// made ([lint.ErrReadBack], or the file changed while it was linted).
	FixErr error
	// AliasOf, when not "", says that Name is another name of the file
	// AliasOf, linted under that name: the part holds the target rules'
	// findings under this name.
	AliasOf string
}

// SkipWhy says why the file was not linted, as the run's warnings and
// the formats that report inputs say it; "" when it was linted.
func (r *FileResult) SkipWhy() string {
	if r.Skipped == SkippedOutside {
		return SkippedOutside + ", to " + r.Outside + " (through a symbolic link): not read; --follow-outside reads it"
	}
	return r.Skipped
}

// Why files and directories are skipped: the values of
// [FileResult.Skipped], the keys of [Summary.Skipped].
const (
	// SkippedKind: a file met in a walk whose kind neither its name nor
	// its content tells (extract.DetectStrict).
	SkippedKind = "of no known kind"
	// SkippedBinary: a list of URLs that holds NUL bytes in its first
	// 8 KiB.
	SkippedBinary = "binary"
	// SkippedNotRegular: a device, FIFO or socket met in a walk. (Named on
	// the command line, one is read.)
	SkippedNotRegular = "not a regular file"
	// SkippedDuplicate: a file named or met again, by another path (a
	// symbolic link, a hard link) or the same: each file is linted once.
	// Standard input named twice is read once.
	SkippedDuplicate = "linted already"
	// SkippedLoop: a directory met again by another path (a symbolic link,
	// a loop): each directory is walked once.
	SkippedLoop = "a directory walked already"
	// SkippedHidden: a directory whose name begins with "." met in a walk
	// (.git); named on the command line, one is walked.
	SkippedHidden = "hidden directory"
	// SkippedBrokenLink: a symbolic link met in a walk that leads nowhere.
	SkippedBrokenLink = "broken symbolic link"
	// SkippedExcluded: a file or directory that the run's Skip excluded.
	SkippedExcluded = "excluded"
	// SkippedOutside: a file or directory under the run's Root that a
	// symbolic link leads out of it, named or met in a walk: not read,
	// unless the run follows it out (decision L-48). Unlike the other
	// skips, one met in a walk is said too ([FileResult.SkipWhy]).
	SkippedOutside = "leading out of the root"
	// SkippedUnchanged: a file not changed since the revision of the run's
	// Changed or NewFrom, or a directory that holds no changed file.
	SkippedUnchanged = "unchanged"
)
