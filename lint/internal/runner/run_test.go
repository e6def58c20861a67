package runner

import (
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/relurl/relurl/ast"
	"github.com/relurl/relurl/lint/internal/extract"
	"github.com/relurl/relurl/lint/internal/lint"
	"github.com/relurl/relurl/lint/internal/report"
	"github.com/relurl/relurl/lint/internal/target"
)

// faultFS is an fs.FS whose faults are planted: directories that cannot be
// read, files that cannot be opened, files whose reads fail part way.
type faultFS struct {
	fstest.MapFS
	readDir map[string]error // ReadDir fails
	open    map[string]error // Open fails
	read    map[string]error // Read fails after the first bytes
}

func (f faultFS) ReadDir(name string) ([]fs.DirEntry, error) {
	if err := f.readDir[name]; err != nil {
		return nil, &fs.PathError{Op: "open", Path: name, Err: err}
	}
	return f.MapFS.ReadDir(name)
}

func (f faultFS) Open(name string) (fs.File, error) {
	if err := f.open[name]; err != nil {
		return nil, &fs.PathError{Op: "open", Path: name, Err: err}
	}
	file, err := f.MapFS.Open(name)
	if err != nil {
		return nil, err
	}
	if err := f.read[name]; err != nil {
		return &failingFile{File: file, err: err}, nil
	}
	return file, nil
}

// failingFile reads its first 4 bytes, then fails.
type failingFile struct {
	fs.File
	n   int
	err error
}

func (f *failingFile) Read(p []byte) (int, error) {
	if f.n >= 4 {
		return 0, f.err
	}
	n, err := f.File.Read(p[:min(len(p), 4-f.n)])
	f.n += n
	return n, err
}

// recorder is a report.Reporter that keeps what it is given.
type recorder struct {
	files []report.FileResult
	sum   *report.Summary
}

func (r *recorder) Start([]lint.Setting) error { return nil }
func (r *recorder) File(f *report.FileResult) error {
	r.files = append(r.files, *f)
	return nil
}
func (r *recorder) End(s *report.Summary) error {
	r.sum = s
	return nil
}

// findingsOf returns "file:line rule" for each finding reported, in order.
func (r *recorder) findingsOf() []string {
	var out []string
	for _, f := range r.files {
		for _, fd := range f.Findings {
			out = append(out, fmt.Sprintf("%s:%d %s", fd.File, fd.Line, fd.Rule))
		}
	}
	return out
}

// TestRunFaults: a fault in one place never costs the rest. An unreadable
// directory, a file that vanished after the walk listed it, a file that
// cannot be opened and one whose read fails are each an error in their
// place, and every other file is linted and reported, in order.
func TestRunFaults(t *testing.T) {
	bad := func(s string) *fstest.MapFile { return &fstest.MapFile{Data: []byte(`<a href="` + s + `">`)} }
	fsys := faultFS{
		MapFS: fstest.MapFS{
			"wd/a/p.html":      bad("a b"),
			"wd/b/p.html":      bad("b c"),
			"wd/c/gone.html":   bad("c d"),
			"wd/c/locked.html": bad("d e"),
			"wd/c/p.html":      bad("e f"),
			"wd/c/torn.html":   bad("f g"),
			"wd/d/p.html":      bad("g h"),
		},
		readDir: map[string]error{"wd/b": fs.ErrPermission},
		open:    map[string]error{"wd/c/gone.html": fs.ErrNotExist, "wd/c/locked.html": fs.ErrPermission},
		read:    map[string]error{"wd/c/torn.html": errors.New("input/output error")},
	}
	l := mustNew(t, lint.Options{})
	for _, jobs := range []int{1, 3} {
		var warned []string
		rec := &recorder{}
		run := Run{Linter: l, FS: fsys, Jobs: jobs, Warn: func(err error) { warned = append(warned, err.Error()) }}
		sum, err := run.Lint([]string{"wd", "wd/none.html"}, rec)
		if err != nil {
			t.Fatal(err)
		}
		want := []string{"wd/a/p.html:1 fsegment/char", "wd/c/p.html:1 fsegment/char", "wd/d/p.html:1 fsegment/char"}
		if got := rec.findingsOf(); !slices.Equal(got, want) {
			t.Errorf("-j %d: findings %q, want %q", jobs, got, want)
		}
		wantWarned := []string{
			"open wd/b: permission denied",
			"open wd/c/gone.html: file does not exist",
			"open wd/c/locked.html: permission denied",
			"read wd/c/torn.html: input/output error",
			"open wd/none.html: file does not exist",
		}
		if !slices.Equal(warned, wantWarned) {
			t.Errorf("-j %d: warned\n%s\nwant\n%s", jobs, strings.Join(warned, "\n"), strings.Join(wantWarned, "\n"))
		}
		if sum.Files != 3 || sum.Errors != 5 || sum.Findings[ast.SeverityError] != 3 || rec.sum != sum {
			t.Errorf("-j %d: summary %+v", jobs, sum)
		}
		var errs []string
		for _, f := range rec.files {
			if f.Err != nil {
				errs = append(errs, f.Name)
			}
		}
		if want := []string{"wd/b", "wd/c/gone.html", "wd/c/locked.html", "wd/c/torn.html", "wd/none.html"}; !slices.Equal(errs, want) {
			t.Errorf("-j %d: the reporter got the faults of %q, want %q", jobs, errs, want)
		}
	}
}

// TestRunLinks: in an fs.FS too, symbolic links are followed and a loop
// ends; each file is linted once.
func TestRunLinks(t *testing.T) {
	fsys := fstest.MapFS{
		"t/a.urls":     {Data: []byte("a b\n")},
		"t/sub/loop":   {Data: []byte(".."), Mode: fs.ModeSymlink},
		"t/sub/a2":     {Data: []byte("../a.urls"), Mode: fs.ModeSymlink},
		"t/sub/c.urls": {Data: []byte("c d\n")},
		"u":            {Data: []byte("t/sub"), Mode: fs.ModeSymlink},
	}
	rec := &recorder{}
	run := Run{Linter: mustNew(t, lint.Options{}), FS: fsys}
	sum, err := run.Lint([]string{"t", "u"}, rec)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := rec.findingsOf(), []string{"t/a.urls:1 fsegment/char", "t/sub/c.urls:1 fsegment/char"}; !slices.Equal(got, want) {
		t.Errorf("findings %q, want %q", got, want)
	}
	if sum.Skipped[report.SkippedDuplicate] != 1 || sum.Skipped[report.SkippedLoop] != 2 {
		t.Errorf("skipped %v", sum.Skipped)
	}
}

// TestRunParts: a file with more findings than lint.FlushChunk is reported in
// parts, in order, and the parts are the findings lint.Linter.File gives it
// whole, positions included.
func TestRunParts(t *testing.T) {
	var b strings.Builder
	for i := range 3 * lint.FlushChunk {
		fmt.Fprintf(&b, "http://a/%d b\n", i)
		if i%1000 == 0 {
			b.WriteString(`<a href="x y">` + "\n") // not HTML in a list: one more finding
		}
	}
	src := b.String()
	l := mustNew(t, lint.Options{})
	whole := l.File("big.urls", []byte(src), extract.KindText)
	for _, kind := range []extract.Kind{extract.KindText, extract.KindHTML} {
		if kind == extract.KindHTML {
			src = strings.ReplaceAll(src, "\n", "<a href=\"q r\">\n")
			whole = l.File("big.urls", []byte(src), kind)
		}
		rec := &recorder{}
		run := Run{Linter: l, Kind: kind, FS: fstest.MapFS{"big.urls": {Data: []byte(src)}}}
		if _, err := run.Lint([]string{"big.urls"}, rec); err != nil {
			t.Fatal(err)
		}
		var got []lint.Finding
		partial := 0
		for i, f := range rec.files {
			got = append(got, f.Findings...)
			if f.Partial {
				partial++
				if i == len(rec.files)-1 || f.URLs != 0 {
					t.Errorf("%v: part %d: %+v", kind, i, f)
				}
			}
		}
		if partial < 2 {
			t.Errorf("%v: %d findings in %d parts", kind, len(got), len(rec.files))
		}
		if !slices.Equal(got, whole) {
			t.Errorf("%v: the parts (%d findings) are not the findings of the file (%d)", kind, len(got), len(whole))
		}
	}
}

// TestRunPartsDirective: a file with more findings than lint.FlushChunk and a
// relurl:ignore-file directive at its end is not reported in parts, so
// that the directive suppresses its findings before the first one too.
func TestRunPartsDirective(t *testing.T) {
	var b strings.Builder
	for range 3 * lint.FlushChunk {
		b.WriteString(`<a href="x y">` + "\n")
	}
	b.WriteString("<!-- relurl:ignore-file fsegment/char -- generated -->\n")
	rec := &recorder{}
	run := Run{Linter: mustNew(t, lint.Options{}), FS: fstest.MapFS{"big.html": {Data: []byte(b.String())}}}
	sum, err := run.Lint([]string{"big.html"}, rec)
	if err != nil {
		t.Fatal(err)
	}
	if len(rec.files) != 1 || len(rec.files[0].Findings) != 0 || sum.Suppressed != 3*lint.FlushChunk {
		t.Errorf("%d parts, %d suppressed; want one part, no finding, %d suppressed", len(rec.files), sum.Suppressed, 3*lint.FlushChunk)
	}
}

// TestPathReference: a file's path under the root is a relative URL that
// resolves to itself.
func TestPathReference(t *testing.T) {
	for _, tt := range []struct{ path, want string }{
		{"library/intro.html", "library/intro.html"},
		{"a b;c?d#e%f~g.html", "a%20b%3Bc%3Fd%23e%25f%7Eg.html"},
		{"x:y/z.html", "./x:y/z.html"},
		{"y/x:z.html", "y/x:z.html"},
		{"é.html", "%C3%A9.html"},
	} {
		if got := target.PathReference(tt.path); got != tt.want {
			t.Errorf("PathReference(%q) = %q, want %q", tt.path, got, tt.want)
		}
	}
}

func mustNew(t *testing.T, opts lint.Options) *lint.Linter {
	t.Helper()
	l, err := lint.New(opts)
	if err != nil {
		t.Fatal(err)
	}
	return l
}
