package runner

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/relurl/relurl/lint/internal/door"
	"github.com/relurl/relurl/lint/internal/extract"
	"github.com/relurl/relurl/lint/internal/lint"
	"github.com/relurl/relurl/lint/internal/report"
	"github.com/relurl/relurl/lint/internal/target"
)

// edgeTree writes a project whose docs hold symbolic links out of it:
// to a file of the user's home, to the repository's .git/config, by an
// absolute path to a file outside, to a directory outside; and links
// that stay (a file, a loop, a link to itself). It returns the top
// directory; the root is top/proj/docs. Every file outside the root holds
// the word SECRET in a line that is a bad URL, so that reading it would
// report it.
func edgeTree(t *testing.T) string {
	t.Helper()
	top := t.TempDir()
	writeTree(t, top, map[string]string{
		"home/.profile":         "export PATH=/usr/bin:$PATH SECRET\n",
		"home/passwd":           "root:x:0:0:SECRET /root\n",
		"home/dir/x.urls":       "http://a/ SECRET\n",
		"proj/.git/config":      "[http]\n\textraheader = AUTHORIZATION: basic SECRET\n",
		"proj/.git/config.urls": "http://a/ SECRET\n",
		"proj/docs/ok.urls":     "http://a/b c\n",
		"proj/docs/sub/b.urls":  "http://a/ d\n",
		"proj/docs/zz/keep.txt": "",
		"home/lib.js":           "var a = 1; // SECRET\n",
	})
	for link, target := range map[string]string{
		"proj/docs/notes.urls":  "../../home/.profile",
		"proj/docs/leak.urls":   "../.git/config",
		"proj/docs/pw.urls":     filepath.Join(top, "home/passwd"),
		"proj/docs/ext":         "../../home/dir",
		"proj/docs/inside.urls": "sub/b.urls",
		"proj/docs/self.urls":   "self.urls",
		"proj/docs/sub/up":      "..",
		"proj/docs/lib.js":      "../../home/lib.js",
	} {
		if err := os.Symlink(target, filepath.Join(top, link)); err != nil {
			t.Skip("no symbolic links here:", err)
		}
	}
	return top
}

// TestRunOutside: what a symbolic link leads out of the root to is not
// read, named or met in a walk; it is said and counted. Links that stay
// under the root are followed, loops end, a file named outside the root
// is read, and Run.FollowOutside reads them all.
func TestRunOutside(t *testing.T) {
	top := edgeTree(t)
	docs := filepath.Join(top, "proj/docs")
	l := mustNew(t, lint.Options{})
	lintIt := func(follow bool, args ...string) (*recorder, *report.Summary, []string) {
		t.Helper()
		var warned []string
		rec := &recorder{}
		run := Run{Linter: l, Root: docs, FollowOutside: follow, Warn: func(err error) {
			warned = append(warned, strings.TrimPrefix(err.Error(), top+string(filepath.Separator)))
		}}
		sum, err := run.Lint(args, rec)
		if err != nil {
			t.Fatal(err)
		}
		return rec, sum, warned
	}
	rel := func(files []string) []string {
		out := make([]string, len(files))
		for i, f := range files {
			out[i] = strings.TrimPrefix(filepath.ToSlash(strings.TrimPrefix(f, top)), "/")
		}
		return out
	}

	rec, sum, warned := lintIt(false, docs)
	if got, want := rel(rec.findingsOf()), []string{"proj/docs/inside.urls:1 fsegment/char", "proj/docs/ok.urls:1 fsegment/char"}; !slices.Equal(got, want) {
		t.Errorf("findings %q, want %q", got, want)
	}
	// lib.js, of no known kind by its name, is skipped as such, in
	// silence, as the walk would skip it inside the root.
	if sum.Skipped[report.SkippedOutside] != 4 || sum.Files != 2 || sum.Skipped[report.SkippedKind] != 2 {
		t.Errorf("summary %s", sum)
	}
	wantWarned := []string{
		"proj/docs/ext: skipped: leading out of the root, to " + filepath.Join(top, "home/dir") + " (through a symbolic link): not read; --follow-outside reads it",
		"proj/docs/leak.urls: skipped: leading out of the root, to " + filepath.Join(top, "proj/.git/config") + " (through a symbolic link): not read; --follow-outside reads it",
		"proj/docs/notes.urls: skipped: leading out of the root, to " + filepath.Join(top, "home/.profile") + " (through a symbolic link): not read; --follow-outside reads it",
		"proj/docs/pw.urls: skipped: leading out of the root, to " + filepath.Join(top, "home/passwd") + " (through a symbolic link): not read; --follow-outside reads it",
	}
	if !slices.Equal(rel(warned), rel(wantWarned)) {
		t.Errorf("warned\n%s\nwant\n%s", strings.Join(rel(warned), "\n"), strings.Join(rel(wantWarned), "\n"))
	}
	var outside []string
	for _, f := range rec.files {
		if f.Skipped == report.SkippedOutside {
			outside = append(outside, f.Outside)
		}
	}
	if want := []string{filepath.Join(top, "home/dir"), filepath.Join(top, "proj/.git/config"), filepath.Join(top, "home/.profile"), filepath.Join(top, "home/passwd")}; !slices.Equal(outside, want) {
		t.Errorf("reported outside: %q, want %q", outside, want)
	}
	if !strings.Contains(sum.String(), "4 leading out of the root") {
		t.Errorf("summary %q does not count them", sum)
	}

	// Named: a link out, a directory out, a file through a directory out;
	// a file not under the root at all is read, as named.
	rec, sum, _ = lintIt(false, filepath.Join(docs, "pw.urls"), filepath.Join(docs, "ext"), filepath.Join(docs, "ext/x.urls"),
		filepath.Join(top, "home/dir/x.urls"))
	if got, want := rel(rec.findingsOf()), []string{"home/dir/x.urls:1 fsegment/char"}; !slices.Equal(got, want) {
		t.Errorf("named: findings %q, want %q", got, want)
	}
	if sum.Skipped[report.SkippedOutside] != 3 {
		t.Errorf("named: summary %s", sum)
	}

	// With the repository's top as the root, .git/config is under it,
	// but a repository's metadata is no part of its tree: leak.urls is
	// not read either. Named in .git, a file is read.
	rec, sum, _ = lintIt2(t, l, filepath.Join(top, "proj"), false, docs, filepath.Join(top, "proj/.git/config.urls"))
	if got, want := rel(rec.findingsOf()), []string{"proj/docs/inside.urls:1 fsegment/char", "proj/docs/ok.urls:1 fsegment/char", "proj/.git/config.urls:1 fsegment/char"}; !slices.Equal(got, want) {
		t.Errorf("root at the top: findings %q, want %q", got, want)
	}
	if sum.Skipped[report.SkippedOutside] != 4 {
		t.Errorf("root at the top: summary %s", sum)
	}

	// --follow-outside: read.
	rec, sum, warned = lintIt(true, docs)
	if sum.Skipped[report.SkippedOutside] != 0 || sum.Files != 6 || len(warned) != 0 {
		t.Errorf("followed: summary %s, warned %q", sum, warned)
	}
	read := strings.Join(rel(rec.findingsOf()), " ")
	for _, f := range []string{"notes.urls", "leak.urls", "pw.urls", "ext/x.urls"} {
		if !strings.Contains(read, "proj/docs/"+f+":") {
			t.Errorf("followed: %s not read: %s", f, read)
		}
	}
}

// lintIt2 lints args with root as the root, and returns what was
// reported, the summary and what was said.
func lintIt2(t *testing.T, l *lint.Linter, root string, follow bool, args ...string) (*recorder, *report.Summary, []string) {
	t.Helper()
	var warned []string
	rec := &recorder{}
	run := Run{Linter: l, Root: root, FollowOutside: follow, Warn: func(err error) { warned = append(warned, err.Error()) }}
	sum, err := run.Lint(args, rec)
	if err != nil {
		t.Fatal(err)
	}
	return rec, sum, warned
}

// TestOpenThroughRoot: a file under the root is opened through the root,
// so that a symbolic link changed after the walk to lead out of it (a
// file's link, or a directory's on the way) is not read, but skipped as
// leading out.
func TestOpenThroughRoot(t *testing.T) {
	top := edgeTree(t)
	docs := filepath.Join(top, "proj/docs")
	run := &Run{Linter: mustNew(t, lint.Options{}), Root: docs}
	tree, err := door.Open(docs)
	if err != nil {
		t.Fatal(err)
	}
	defer tree.Close()
	rn := &runner{Run: run, setup: &Setup{Linter: run.Linter, MaxSize: 1 << 20}, fsys: osFS{tree: tree}, tree: tree, edge: &edge{tree: tree}}
	lintIt := func(name string) *report.FileResult {
		t.Helper()
		var res *report.FileResult
		rn.lintOne(0, item{name: name, walked: true}, func(r *result) { res = &r.FileResult })
		return res
	}
	swap := func(link, target string) {
		t.Helper()
		if err := os.Remove(link); err != nil && !os.IsNotExist(err) {
			t.Fatal(err)
		}
		if err := os.Symlink(target, link); err != nil {
			t.Fatal(err)
		}
	}
	file, dir := filepath.Join(docs, "swap.urls"), filepath.Join(docs, "swapdir")
	swap(file, "ok.urls")
	swap(dir, "sub")
	for _, name := range []string{file, filepath.Join(dir, "b.urls")} {
		if res := lintIt(name); res.Skipped != "" || res.Err != nil || len(res.Findings) != 1 {
			t.Errorf("%s, under the root: %+v", name, res)
		}
	}
	swap(file, "../../home/.profile")
	swap(dir, "../../home/dir")
	for name, real := range map[string]string{
		file:                         filepath.Join(top, "home/.profile"),
		filepath.Join(dir, "x.urls"): filepath.Join(top, "home/dir/x.urls"),
	} {
		res := lintIt(name)
		if res.Skipped != report.SkippedOutside || res.Outside != real || len(res.Findings) != 0 || res.URLs != 0 {
			t.Errorf("%s, out of the root since the walk: %+v", name, res)
		}
	}
	// Into a repository's metadata below the root, which is no part of
	// the tree.
	writeTree(t, docs, map[string]string{".git/config.urls": "http://a/ SECRET\n"})
	swap(file, ".git/config.urls")
	if res := lintIt(file); res.Skipped != report.SkippedOutside || len(res.Findings) != 0 {
		t.Errorf("%s, into .git since the walk: %+v", file, res)
	}
}

// TestLoadAnchorsEdge: the anchors of a document the run did not lint are
// read only under the root: not through a link out of it, not in its .git.
func TestLoadAnchorsEdge(t *testing.T) {
	top := t.TempDir()
	page := `<p id="SECRET">x</p>`
	writeTree(t, top, map[string]string{"root/y.html": page, "root/.git/x.html": page, "outside.html": page})
	if err := os.Symlink("../outside.html", filepath.Join(top, "root/out.html")); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	root, err := door.Open(filepath.Join(top, "root"))
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	for real, want := range map[string]bool{"y.html": true, ".git/x.html": false, "out.html": false} {
		if got := LoadAnchors(root, real, extract.KindHTML, 1<<20, target.SlugsGitHub) != nil; got != want {
			t.Errorf("%s: anchors read %v, want %v", real, got, want)
		}
	}
}
