package runner

import (
	"errors"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/relurl/relurl/lint/internal/gittest"
	"github.com/relurl/relurl/lint/internal/lint"
)

// TestParseChanges reads diffs as ReadChanges has git write them (-U0,
// prefixes a/ and b/, renames found): each case is git's output, and the
// files it changes with the lines added or changed.
func TestParseChanges(t *testing.T) {
	type file struct {
		path  string
		all   bool
		lines []lineRange
	}
	tests := []struct {
		name      string
		diff      string
		untracked string
		want      []file
	}{
		{name: "nothing", diff: "", want: nil},
		{
			name: "lines changed and added, and a pure deletion",
			diff: "diff --git a/docs/a.md b/docs/a.md\n" +
				"index 1111111..2222222 100644\n" +
				"--- a/docs/a.md\n" +
				"+++ b/docs/a.md\n" +
				"@@ -2 +2 @@ one\n" +
				"-b\n" +
				"+B\n" +
				"@@ -3,0 +4,2 @@ c\n" +
				"+d\n" +
				"+e\n" +
				"@@ -9,2 +10,0 @@ x\n" +
				"-y\n" +
				"-z\n" +
				"@@ -12 +11,3 @@\n" +
				"-p\n" +
				"+q\n" +
				"+r\n" +
				"+s\n",
			want: []file{{path: "docs/a.md", lines: []lineRange{{2, 2}, {4, 5}, {11, 13}}}},
		},
		{
			name: "adjacent hunks merge into one range",
			diff: "diff --git a/a.md b/a.md\n--- a/a.md\n+++ b/a.md\n" +
				"@@ -1 +1 @@\n-a\n+A\n" +
				"@@ -2 +2 @@\n-b\n+B\n",
			want: []file{{path: "a.md", lines: []lineRange{{1, 2}}}},
		},
		{
			name: "a deleted file is not among them",
			diff: "diff --git a/gone.md b/gone.md\ndeleted file mode 100644\nindex abaddc0..0000000\n--- a/gone.md\n+++ /dev/null\n@@ -1 +0,0 @@\n-del\n",
			want: nil,
		},
		{
			name: "a new file: every line",
			diff: "diff --git a/new.md b/new.md\nnew file mode 100644\nindex 0000000..e69de29\n--- /dev/null\n+++ b/new.md\n@@ -0,0 +1,2 @@\n+a\n+b\n",
			want: []file{{path: "new.md", all: true, lines: []lineRange{{1, 2}}}},
		},
		{
			name: "a new empty file, which has no hunk",
			diff: "diff --git a/empty.md b/empty.md\nnew file mode 100644\nindex 0000000..e69de29\n",
			want: []file{{path: "empty.md", all: true}},
		},
		{
			name: "a file renamed and not changed: no line",
			diff: "diff --git a/old.md b/new.md\nsimilarity index 100%\nrename from old.md\nrename to new.md\n",
			want: []file{{path: "new.md"}},
		},
		{
			name: "a file renamed and changed, its name with a space (git writes a tab after it)",
			diff: "diff --git a/old.md b/new dir/n.md\nsimilarity index 82%\nrename from old.md\nrename to new dir/n.md\n" +
				"index 4246afe..f2be22f 100644\n--- a/old.md\n+++ b/new dir/n.md\t\n@@ -5,0 +6 @@ r5\n+r6\n",
			want: []file{{path: "new dir/n.md", lines: []lineRange{{6, 6}}}},
		},
		{
			name: "names git quotes: a tab, a quote and a backslash, UTF-8 in octal",
			diff: "diff --git \"a/tab\\tname.md\" \"b/tab\\tname.md\"\n--- \"a/tab\\tname.md\"\n+++ \"b/tab\\tname.md\"\n@@ -1 +1 @@\n-x\n+y\n" +
				"diff --git \"a/q\\\"uo\\\\te.md\" \"b/q\\\"uo\\\\te.md\"\n--- \"a/q\\\"uo\\\\te.md\"\n+++ \"b/q\\\"uo\\\\te.md\"\n@@ -1 +1 @@\n-q\n+q2\n" +
				"diff --git \"a/\\303\\274n\\303\\257.md\" \"b/\\303\\274n\\303\\257.md\"\n--- \"a/\\303\\274n\\303\\257.md\"\n+++ \"b/\\303\\274n\\303\\257.md\"\n@@ -1,0 +2 @@ u\n+v\n",
			want: []file{
				{path: "tab\tname.md", lines: []lineRange{{1, 1}}},
				{path: "q\"uo\\te.md", lines: []lineRange{{1, 1}}},
				{path: "ünï.md", lines: []lineRange{{2, 2}}},
			},
		},
		{
			name: "a binary file: every line",
			diff: "diff --git a/page.html b/page.html\nindex 88768ef..3e3315e 100644\nBinary files a/page.html and b/page.html differ\n",
			want: []file{{path: "page.html", all: true}},
		},
		{
			name: "a change of mode only: no line",
			diff: "diff --git a/sp ace.md b/sp ace.md\nold mode 100644\nnew mode 100755\n",
			want: []file{{path: "sp ace.md"}},
		},
		{
			name: "a line of the file that reads like a header is a line",
			diff: "diff --git a/a.md b/a.md\n--- a/a.md\n+++ b/a.md\n@@ -1,0 +2,2 @@\n+++ b/evil.md\n+diff --git a/x b/x\n" +
				"diff --git a/b.md b/b.md\n--- a/b.md\n+++ b/b.md\n@@ -7 +7 @@\n-old\n\\ No newline at end of file\n+new\n\\ No newline at end of file\n",
			want: []file{{path: "a.md", lines: []lineRange{{2, 3}}}, {path: "b.md", lines: []lineRange{{7, 7}}}},
		},
		{
			name:      "untracked files, NUL-terminated, any byte in their names",
			untracked: "new.md\x00dir/with\nnewline.html\x00sp ace.css\x00",
			want: []file{
				{path: "new.md", all: true}, {path: "dir/with\nnewline.html", all: true}, {path: "sp ace.css", all: true},
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			files, err := parseChanges(strings.NewReader(tt.diff), []byte(tt.untracked))
			if err != nil {
				t.Fatal(err)
			}
			var got []file
			for _, f := range files {
				got = append(got, file{f.path, f.all, f.lines})
			}
			if !slices.EqualFunc(got, tt.want, func(a, b file) bool {
				return a.path == b.path && a.all == b.all && slices.Equal(a.lines, b.lines)
			}) {
				t.Errorf("got  %+v\nwant %+v", got, tt.want)
			}
		})
	}
}

// TestParseChangesMalformed: a diff that is not what git writes is an
// error, never a guess.
func TestParseChangesMalformed(t *testing.T) {
	for _, diff := range []string{
		// The hunk promises three new lines and has one.
		"diff --git a/a.md b/a.md\n--- a/a.md\n+++ b/a.md\n@@ -1 +1,3 @@\n-a\n+b\n",
		// No number where the hunk's header needs one.
		"diff --git a/a.md b/a.md\n--- a/a.md\n+++ b/a.md\n@@ -x +1 @@\n-a\n+b\n",
	} {
		if files, err := parseChanges(strings.NewReader(diff), nil); err == nil {
			t.Errorf("parseChanges(%q) = %v, nil; want an error", diff, files)
		}
	}
}

// TestChangesFilter: a finding is kept when a line of its span, from Line
// to EndLine, was added or changed; a file every line of which is new
// keeps all; a file not changed keeps none.
func TestChangesFilter(t *testing.T) {
	dir := t.TempDir()
	changed := filepath.Join(dir, "changed.md")
	whole := filepath.Join(dir, "new.md")
	c := &Changes{Rev: "main", files: map[string]*changedFile{
		key(changed): {path: "changed.md", lines: []lineRange{{3, 4}, {10, 10}}},
		key(whole):   {path: "new.md", all: true},
	}}
	at := func(line, end int) lint.Finding { return lint.Finding{Line: line, EndLine: end, Rule: "r"} }
	findings := []lint.Finding{
		at(1, 1), at(2, 2), at(3, 3), at(4, 4), at(5, 5), // 3 and 4 changed
		at(8, 9), at(9, 10), at(11, 12), // a span that reaches line 10
		at(0, 0), // no position: line 1
	}
	tests := []struct {
		file      string
		wantLines []int
		wantOld   int
	}{
		{changed, []int{3, 4, 9}, 6},
		{whole, []int{1, 2, 3, 4, 5, 8, 9, 11, 0}, 0},
		{filepath.Join(dir, "other.md"), nil, 9},
	}
	for _, tt := range tests {
		kept, old := c.Filter(tt.file, findings)
		var lines []int
		for _, f := range kept {
			lines = append(lines, f.Line)
		}
		if !slices.Equal(lines, tt.wantLines) || old != tt.wantOld {
			t.Errorf("Filter(%s) kept the findings of lines %v, %d old; want %v, %d", filepath.Base(tt.file), lines, old, tt.wantLines, tt.wantOld)
		}
	}
}

// TestReadChanges runs git on a scratch repository: files changed, added,
// renamed, deleted, binary, untracked and ignored, with spaces, a tab and
// UTF-8 in their names, read from a subdirectory; the files it finds are
// those git diff -z --name-only and git ls-files -z --others name.
func TestReadChanges(t *testing.T) {
	dir, git := gittest.Repo(t)
	tab := "t\tab.md"
	writeTree(t, dir, map[string]string{
		".gitignore":        "ignored.md\n",
		"docs/a b.md":       "1\n2\n3\n",
		"docs/ünï.md":       "u\n",
		"docs/" + tab:       "x\n",
		"docs/old.md":       "r1\nr2\nr3\nr4\nr5\n",
		"docs/moved.md":     "m1\nm2\nm3\n",
		"docs/gone.md":      "g\n",
		"docs/page.html":    "<p>\x00</p>\n",
		"other/keep.md":     "k\n",
		"docs/unchanged.md": "same\n",
	})
	git("add", "-A")
	git("commit", "-q", "-m", "old")
	writeTree(t, dir, map[string]string{
		"docs/a b.md":    "1\nTWO\n3\nfour\n",
		"docs/ünï.md":    "u\nv\n",
		"docs/" + tab:    "y\n",
		"docs/page.html": "<p>\x00!</p>\n",
		"docs/new.md":    "n\n",
		"ignored.md":     "i\n",
		"untracked.md":   "u1\nu2\n",
	})
	git("mv", "docs/old.md", "docs/renamed.md")
	writeTree(t, dir, map[string]string{"docs/renamed.md": "r1\nr2\nr3\nr4\nr5\nr6\n"})
	git("mv", "docs/moved.md", "docs/moved too.md")
	git("rm", "-q", "docs/gone.md")
	git("add", "docs/new.md")

	t.Chdir(filepath.Join(dir, "docs"))
	c, err := ReadChanges("", "HEAD")
	if err != nil {
		t.Fatal(err)
	}
	// The working directory is docs: paths are relative to it.
	wantChanged := []string{"a b.md", "ünï.md", tab, "page.html", "new.md", "renamed.md", "moved too.md", "../untracked.md"}
	for _, p := range wantChanged {
		if !c.Changed(p) {
			t.Errorf("Changed(%q) = false", p)
		}
	}
	for _, p := range []string{"unchanged.md", "gone.md", "old.md", "moved.md", "../ignored.md", "../other/keep.md", "../.gitignore"} {
		if c.Changed(p) {
			t.Errorf("Changed(%q) = true", p)
		}
	}
	// git's own list, with -z: every name unquoted.
	var fromGit []string
	for _, out := range []string{
		git("diff", "-z", "--name-only", "--find-renames", "--diff-filter=d", "HEAD"),
		git("ls-files", "-z", "--others", "--exclude-standard"),
	} {
		for _, p := range strings.Split(out, "\x00") {
			if p != "" {
				fromGit = append(fromGit, p)
			}
		}
	}
	if len(fromGit) != c.Len() {
		t.Errorf("git names %d changed files %q; ReadChanges found %d", len(fromGit), fromGit, c.Len())
	}
	for _, p := range fromGit {
		if !c.Changed(filepath.Join(dir, filepath.FromSlash(p))) {
			t.Errorf("git names %q, which ReadChanges does not have", p)
		}
	}
	if !c.holds(".") || !c.holds("..") || c.holds("../other") {
		t.Errorf("holds: docs %v, the top %v, other %v; want true, true, false", c.holds("."), c.holds(".."), c.holds("../other"))
	}

	lines := func(name string, n int) []int {
		var got []int
		for l := 1; l <= n; l++ {
			if kept, _ := c.Filter(name, []lint.Finding{{Line: l, EndLine: l}}); len(kept) == 1 {
				got = append(got, l)
			}
		}
		return got
	}
	for _, tt := range []struct {
		name string
		n    int
		want []int
	}{
		{"a b.md", 4, []int{2, 4}},
		{"ünï.md", 2, []int{2}},
		{tab, 1, []int{1}},
		{"renamed.md", 6, []int{6}},
		{"moved too.md", 3, nil},
		{"page.html", 2, []int{1, 2}}, // binary to git: every line
		{"new.md", 1, []int{1}},
		{"../untracked.md", 2, []int{1, 2}},
		{"unchanged.md", 1, nil},
	} {
		if got := lines(tt.name, tt.n); !slices.Equal(got, tt.want) {
			t.Errorf("lines changed in %q: %v, want %v", tt.name, got, tt.want)
		}
	}
}

// TestReadChangesErrors: outside a git working tree, and with a revision
// that names no commit, the error says so.
func TestReadChangesErrors(t *testing.T) {
	dir, git := gittest.Repo(t)
	writeTree(t, dir, map[string]string{"a.md": "a\n"})
	git("add", "-A")
	git("commit", "-q", "-m", "one")
	for _, rev := range []string{"no-such-branch", "HEAD~5", "--output=/tmp/x", ""} {
		_, err := ReadChanges(dir, rev)
		if err == nil {
			t.Errorf("ReadChanges(%q) = nil error", rev)
			continue
		}
		if rev != "" && !strings.Contains(err.Error(), "names no commit") {
			t.Errorf("ReadChanges(%q): %v; want it to say the revision names no commit", rev, err)
		}
	}
	blob := strings.TrimSpace(git("rev-parse", "HEAD:a.md"))
	if _, err := ReadChanges(dir, blob); err == nil || !strings.Contains(err.Error(), "names no commit") {
		t.Errorf("ReadChanges(a blob) = %v; want an error that it names no commit", err)
	}

	outside := t.TempDir()
	t.Setenv("GIT_CEILING_DIRECTORIES", filepath.Dir(outside))
	_, err := ReadChanges(outside, "HEAD")
	if !errors.Is(err, ErrNotGit) {
		t.Errorf("ReadChanges outside a repository: %v; want ErrNotGit", err)
	}
}
