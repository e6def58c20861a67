package scale

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// treeRows are rows of the tree axis as a run over Debian's Python
// documentation might give them.
var treeRows = []TreeRow{
	{Copies: 1, Files: 600, Bytes: 64_000_000, CPU: 500 * time.Millisecond, RSS: 52 << 20},
	{Copies: 4, Files: 2400, Bytes: 256_000_000, CPU: 2200 * time.Millisecond, RSS: 80 << 20},
	{Copies: 16, Files: 9600, Bytes: 1_024_000_000, CPU: 9 * time.Second, RSS: 120 << 20},
}

// TestTreeTable holds the tree axis's table to its shape: a title naming
// the command, the tree, the runs and, when given, the run, a header,
// and a row a count of copies with each figure in its column.
func TestTreeTable(t *testing.T) {
	for _, c := range []struct{ run, title string }{
		{"", "the least CPU of 3 runs, the largest peak RSS, in MB of 2^20 bytes):"},
		{"run of 2026-01-02T03:04Z, load 1.00 2.00 3.00", "the least CPU of 3 runs, the largest peak RSS, in MB of 2^20 bytes; run of 2026-01-02T03:04Z, load 1.00 2.00 3.00):"},
	} {
		var b strings.Builder
		if err := WriteTreeTable(&b, "/usr/share/doc/python3.11/html", c.run, treeRows); err != nil {
			t.Fatal(err)
		}
		want := `The tree axis (relurl lint -j 1 --no-config over copies of /usr/share/doc/python3.11/html,
` + c.title + `

  copies    files         MB        CPU   CPU per copy     peak RSS
       1      600       64.0      0.50s          1.00×      52.0 MB
       4     2400      256.0      2.20s          1.10×      80.0 MB
      16     9600     1024.0      9.00s          1.12×     120.0 MB
`
		if got := b.String(); got != want {
			t.Errorf("the table of run %q:\n%s\nwant:\n%s", c.run, got, want)
		}
	}
}

// TestTreeBounds: the last row is judged against the first, its CPU time
// per copy against TreeTimeLimit and its peak RSS against
// TreeMemoryLimit; a peak RSS not known is not judged, a first row
// without CPU time cannot pass.
func TestTreeBounds(t *testing.T) {
	row := func(copies int, cpu time.Duration, rss int64) TreeRow {
		return TreeRow{Copies: copies, CPU: cpu, RSS: rss}
	}
	s := time.Second
	for _, c := range []struct {
		name string
		rows []TreeRow
		want []string
	}{
		{"linear", treeRows, nil},
		{"one row", treeRows[:1], nil},
		{"at the bounds", []TreeRow{row(1, s, 50), row(16, 48*s, 200)}, nil},
		{"quadratic", []TreeRow{row(1, s, 50), row(4, 16*s, 60), row(16, 256*s, 70)},
			[]string{"CPU time per copy grew 16.00× from 1 to 16 copies (limit 3×): super-linear"}},
		{"memory", []TreeRow{row(1, s, 50), row(16, 16*s, 201)},
			[]string{"peak RSS grew 4.02× from 1 to 16 copies (limit 4×)"}},
		{"both", []TreeRow{row(1, s, 50), row(16, 49*s, 400)},
			[]string{"CPU time per copy grew 3.06× from 1 to 16 copies (limit 3×): super-linear", "peak RSS grew 8.00× from 1 to 16 copies (limit 4×)"}},
		{"rss unknown", []TreeRow{row(1, s, 0), row(16, 16*s, 0)}, nil},
		{"no cpu", []TreeRow{row(1, 0, 50), row(16, 16*s, 50)},
			[]string{"the first row has no CPU time: the growth cannot be judged"}},
	} {
		if got := TreeBounds(c.rows); !slices.Equal(got, c.want) {
			t.Errorf("%s: TreeBounds = %q, want %q", c.name, got, c.want)
		}
	}
}

// TestCopyTree: a copy has every directory, every regular file with its
// bytes and every symbolic link as a link to the same name, and counts
// the regular files and their bytes.
func TestCopyTree(t *testing.T) {
	src := t.TempDir()
	for name, text := range map[string]string{"index.html": "<a href=a/b.html>", "a/b.html": "b", "a/c/d.css": "body{}"} {
		p := filepath.Join(src, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink("b.html", filepath.Join(src, "a", "link.html")); err != nil {
		t.Skipf("symbolic links cannot be made here: %v", err)
	}
	dst := filepath.Join(t.TempDir(), "copy00")
	files, n, err := CopyTree(src, dst)
	if err != nil {
		t.Fatal(err)
	}
	if files != 3 || n != int64(len("<a href=a/b.html>")+len("b")+len("body{}")) {
		t.Errorf("CopyTree counted %d files, %d bytes", files, n)
	}
	for name, text := range map[string]string{"index.html": "<a href=a/b.html>", "a/b.html": "b", "a/c/d.css": "body{}"} {
		if got, err := os.ReadFile(filepath.Join(dst, filepath.FromSlash(name))); err != nil || string(got) != text {
			t.Errorf("%s: %q, %v; want %q", name, got, err, text)
		}
	}
	if link, err := os.Readlink(filepath.Join(dst, "a", "link.html")); err != nil || link != "b.html" {
		t.Errorf("the link: %q, %v; want b.html", link, err)
	}
}

// TestTreeSource: the bundled pages are always a source, the first
// source that is a directory is the one taken, and none is an error.
func TestTreeSource(t *testing.T) {
	sources := TreeSources("../..")
	debian := false
	if fi, err := os.Stat(sources[0]); err == nil && fi.IsDir() {
		debian = true
	}
	got, err := TreeSource("../..")
	if want := sources[len(sources)-1]; err != nil || !debian && got != want || debian && got != sources[0] {
		t.Errorf("TreeSource = %q, %v (Debian's tree installed: %v)", got, err, debian)
	}
	if got, err := TreeSource(t.TempDir()); debian && got != sources[0] || !debian && err == nil {
		t.Errorf("TreeSource of an empty root = %q, %v (Debian's tree installed: %v)", got, err, debian)
	}
}
