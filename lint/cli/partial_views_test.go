package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/relurl/relurl/internal/testseed"
	"github.com/relurl/relurl/internal/testtool"
	"github.com/relurl/relurl/lint/internal/extract"
	"github.com/relurl/relurl/lint/internal/gittest"
)

// debianPythonDocs is Debian's python3.11-doc tree, a real site when it is
// installed; CI does not install it.
const debianPythonDocs = "/usr/share/doc/python3.11/html"

// partialTree is a tree TestPartialViews lints: make writes it under
// site, or skips the test with why.
type partialTree struct {
	name string
	make func(t *testing.T, rng *rand.Rand, site string)
}

// TestPartialViews holds the invariant of decision L-46 on real trees: the
// findings of the files pre-commit names (their names relative to the
// repository's top, relurl run from there as the hooks' entry runs it, or
// from a directory below with names relative to it) are the whole tree's
// findings restricted to those files; and so are --changed-since's, after
// some files change and one is added, and --new-from-rev's, the added
// file's. Each tree is linted without a
// configuration (the root is the repository's top) and with one that sets
// the root, a base and a rule's level. The trees: examples/docs; a tree
// generated from the seed, deep, with "../" links up and across it, above
// the root, to fragments that are and are not there; and a random part of
// Debian's Python documentation when it is installed.
func TestPartialViews(t *testing.T) {
	seed := testseed.Seed(t, 46)
	trees := []partialTree{
		{"examples/docs", func(t *testing.T, _ *rand.Rand, site string) { copyTree(t, exampleDocs, site, nil) }},
		{"generated", func(t *testing.T, rng *rand.Rand, site string) { generateTree(t, rng, site, 40) }},
		{"debian", func(t *testing.T, rng *rand.Rand, site string) { debianPart(t, rng, site, 6) }},
	}
	for i, tree := range trees {
		for _, config := range []bool{false, true} {
			name := tree.name + "/no-config"
			if config {
				name = tree.name + "/config"
			}
			t.Run(name, func(t *testing.T) {
				rng := rand.New(rand.NewPCG(uint64(seed), uint64(2*i+len(name))))
				checkPartialViews(t, rng, tree, config)
			})
		}
	}
}

// checkPartialViews builds the repository of one tree and checks its
// partial views against the whole.
func checkPartialViews(t *testing.T, rng *rand.Rand, tree partialTree, config bool) {
	top, git := gittest.Repo(t)
	site := filepath.Join(top, "site")
	tree.make(t, rng, site)
	if config {
		writeFile(t, top, ".relurl.toml", "root = \"site\"\nbase = \"https://docs.example.org/\"\n[rules]\n\"fsegment/colon\" = \"info\"\n")
	}
	files := lintable(t, top)
	git("add", "-A")
	git("commit", "-q", "-m", "the tree")
	dirs := map[string]bool{}
	for _, f := range files {
		dirs[path.Dir(f)] = true
	}
	subdirs := slices.Sorted(func(yield func(string) bool) {
		for d := range dirs {
			if d != "." && !yield(d) {
				return
			}
		}
	})

	whole := viewFindings(t, top, "", "lint", "--format", "json")
	if len(whole) == 0 {
		t.Fatalf("the whole tree has no findings: nothing to restrict")
	}
	subsets, named := 5, 0
	for k := range subsets {
		pick := pickFiles(rng, files, 1+rng.IntN(min(8, len(files))))
		named += len(pick)
		from := ""
		if k%2 == 1 && len(subdirs) > 0 {
			from = subdirs[rng.IntN(len(subdirs))]
		}
		args := []string{"lint", "--pre-commit", "--allow-empty", "--format", "json"}
		for _, f := range pick {
			rel, err := filepath.Rel(filepath.Join(top, from), filepath.Join(top, f))
			if err != nil {
				t.Fatal(err)
			}
			args = append(args, rel)
		}
		got := viewFindings(t, filepath.Join(top, from), from, args...)
		compareViews(t, fmt.Sprintf("relurl %s, from %q", strings.Join(args, " "), from), got, whole, pick)
	}

	// --changed-since: some files changed, one added; the whole tree
	// again, then the changed files, from the top and from below.
	changed := pickFiles(rng, files, 1+rng.IntN(min(6, len(files))))
	for _, f := range changed {
		data, err := os.ReadFile(filepath.Join(top, f))
		if err != nil {
			t.Fatal(err)
		}
		writeFile(t, top, f, string(data)+"\n")
	}
	added := path.Join(path.Dir(changed[0]), "added page.md")
	link, _ := filepath.Rel(filepath.Dir(filepath.Join(top, added)), filepath.Join(top, files[rng.IntN(len(files))]))
	writeFile(t, top, added, fmt.Sprintf("# Added\n\n[a link](<%s>) [a missing fragment](<%s#nowhere>) [up](../../../../../../../../x.md)\n",
		filepath.ToSlash(link), filepath.ToSlash(link)))
	changed = append(changed, added)
	whole = viewFindings(t, top, "", "lint", "--format", "json")
	got := viewFindings(t, top, "", "lint", "--changed-since", "HEAD", "--format", "json")
	compareViews(t, "relurl lint --changed-since HEAD", got, whole, changed)
	// --new-from-rev: the changed files' new lines, the added file's
	// every line; the changed files have no new line but the last,
	// empty.
	got = viewFindings(t, top, "", "lint", "--new-from-rev", "HEAD", "--format", "json")
	compareViews(t, "relurl lint --new-from-rev HEAD", got, whole, []string{added})
	from := path.Dir(added)
	var under []string
	for _, f := range changed {
		if strings.HasPrefix(f, from+"/") || from == "." {
			under = append(under, f)
		}
	}
	got = viewFindings(t, filepath.Join(top, from), from, "lint", "--changed-since", "HEAD", "--format", "json")
	compareViews(t, fmt.Sprintf("relurl lint --changed-since HEAD, from %q", from), got, whole, under)
	t.Logf("%d files, %d findings in the whole tree; %d subsets of %d files in all; %d files changed or added",
		len(files), countFindings(whole), subsets, named, len(changed))
}

// viewFindings runs relurl in dir and returns its findings (--format
// json) by file, the file's name made relative to the repository's top
// (from is dir, relative to it), each finding a line of JSON with that
// name; the lines of a file are sorted, for the order a file's findings
// come in is not the view's.
func viewFindings(t *testing.T, dir, from string, args ...string) map[string][]string {
	t.Helper()
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Chdir(dir); err != nil {
		t.Fatal(err)
	}
	out, stderr, code := runCmd(t, "", args...)
	if err := os.Chdir(wd); err != nil {
		t.Fatal(err)
	}
	if code == exitUsage {
		t.Fatalf("relurl %q in %s: exit %d\n%s", args, dir, code, stderr)
	}
	found := map[string][]string{}
	for line := range strings.SplitSeq(strings.TrimSuffix(out, "\n"), "\n") {
		if line == "" {
			continue
		}
		var f map[string]any
		dec := json.NewDecoder(strings.NewReader(line))
		dec.UseNumber()
		if err := dec.Decode(&f); err != nil {
			t.Fatalf("relurl %q: %v\n%s", args, err, line)
		}
		name := filepath.ToSlash(filepath.Join(from, f["file"].(string)))
		f["file"] = name
		b, err := json.Marshal(f)
		if err != nil {
			t.Fatal(err)
		}
		found[name] = append(found[name], string(b))
	}
	for _, lines := range found {
		slices.Sort(lines)
	}
	return found
}

// compareViews fails the test when the findings of a view, got, are not
// the whole tree's of the files it names.
func compareViews(t *testing.T, view string, got, whole map[string][]string, files []string) {
	t.Helper()
	for name := range got {
		if !slices.Contains(files, name) {
			t.Errorf("%s: findings in %s, which it does not name:\n%s", view, name, strings.Join(got[name], "\n"))
		}
	}
	for _, f := range files {
		if !slices.Equal(got[f], whole[f]) {
			t.Errorf("%s: the findings of %s are\n%s\nand the whole tree's\n%s", view, f, strings.Join(got[f], "\n"), strings.Join(whole[f], "\n"))
		}
	}
}

func countFindings(m map[string][]string) int {
	n := 0
	for _, l := range m {
		n += len(l)
	}
	return n
}

// pickFiles returns n files of files, at random, in random order.
func pickFiles(rng *rand.Rand, files []string, n int) []string {
	p := slices.Clone(files)
	rng.Shuffle(len(p), func(i, j int) { p[i], p[j] = p[j], p[i] })
	return p[:n]
}

// lintable returns the files under top that relurl lints by their names,
// relative to top with "/", outside hidden directories.
func lintable(t *testing.T, top string) []string {
	t.Helper()
	var files []string
	err := filepath.WalkDir(top, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && strings.HasPrefix(d.Name(), ".") && p != top {
			return filepath.SkipDir
		}
		if _, ok := extract.KindByName(d.Name()); ok && d.Type().IsRegular() && !strings.HasPrefix(d.Name(), ".") {
			rel, _ := filepath.Rel(top, p)
			files = append(files, filepath.ToSlash(rel))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatalf("no file to lint under %s", top)
	}
	return files
}

// copyTree copies the regular files of src to dst, those keep says (all
// when keep is nil), but the configuration files: the test writes its
// own.
func copyTree(t *testing.T, src, dst string, keep func(rel string) bool) {
	t.Helper()
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() || d.Name() == ".relurl.toml" {
			return err
		}
		rel, err := filepath.Rel(src, p)
		if err != nil || keep != nil && !keep(filepath.ToSlash(rel)) {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		writeFile(t, dst, rel, string(data))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// debianPart copies n HTML pages of Debian's Python documentation of at
// most 32 KiB (a third of them are: a run under -race stays short), at random, with
// the paths they have there, and skips the test when it is not
// installed.
func debianPart(t *testing.T, rng *rand.Rand, site string, n int) {
	t.Helper()
	if _, err := os.Stat(filepath.Join(debianPythonDocs, "index.html")); err != nil {
		testtool.Missing(t, testtool.DebianDocs, fmt.Errorf("Debian's python3.11-doc (apt-get install python3.11-doc): %w; the property is still held on examples/docs and the generated tree", err))
	}
	var pages []string
	err := filepath.WalkDir(debianPythonDocs, func(p string, d fs.DirEntry, err error) error {
		if err != nil || !strings.HasSuffix(p, ".html") || !d.Type().IsRegular() {
			return err
		}
		if info, err := d.Info(); err == nil && info.Size() <= 32<<10 {
			rel, _ := filepath.Rel(debianPythonDocs, p)
			pages = append(pages, filepath.ToSlash(rel))
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(pages)
	keep := map[string]bool{}
	for _, p := range pickFiles(rng, pages, min(n, len(pages))) {
		keep[p] = true
	}
	copyTree(t, debianPythonDocs, site, func(rel string) bool { return keep[rel] })
}

// generateTree writes n pages, HTML and Markdown, in directories up to
// five deep, each with links to the others by relative paths ("../" up
// and down again), by absolute paths, above the root, to directories, to
// files that are not there, to fragments that are and are not, and with
// a character RFC 1808 does not allow.
func generateTree(t *testing.T, rng *rand.Rand, site string, n int) {
	t.Helper()
	dirs := []string{"."}
	for len(dirs) < 10 {
		parent := dirs[rng.IntN(len(dirs))]
		if strings.Count(parent, "/") < 4 {
			dirs = append(dirs, path.Join(parent, fmt.Sprintf("d%d", len(dirs))))
		}
	}
	pages := make([]string, n)
	for i := range pages {
		ext := ".html"
		if rng.IntN(3) == 0 {
			ext = ".md"
		}
		pages[i] = path.Join(dirs[rng.IntN(len(dirs))], fmt.Sprintf("p%d%s", i, ext))
	}
	for i, p := range pages {
		var links []string
		for range 2 + rng.IntN(6) {
			other := pages[rng.IntN(len(pages))]
			rel, _ := filepath.Rel(path.Dir(p), other)
			ref := filepath.ToSlash(rel)
			switch rng.IntN(9) {
			case 0:
				ref = "/" + other
			case 1:
				ref += "#s1"
				if strings.HasSuffix(other, ".md") {
					ref = strings.TrimSuffix(ref, "#s1") + "#part-one"
				}
			case 2:
				ref += "#nope"
			case 3:
				ref = strings.Repeat("../", 2+strings.Count(p, "/")) + "outside.html"
			case 4:
				ref = strings.TrimSuffix(ref, path.Base(ref)) + "missing.html"
			case 5:
				ref = path.Dir(ref) + "/"
			case 6:
				ref = strings.Replace(ref, "p", "p ", 1)
			}
			links = append(links, ref)
		}
		var b strings.Builder
		if strings.HasSuffix(p, ".md") {
			fmt.Fprintf(&b, "# Page %d\n\n## Part one\n\n", i)
			for _, l := range links {
				fmt.Fprintf(&b, "See [this](<%s>).\n", l)
			}
		} else {
			fmt.Fprintf(&b, "<!doctype html>\n<title>Page %d</title>\n<h1 id=\"s1\">Page %d</h1>\n", i, i)
			for _, l := range links {
				fmt.Fprintf(&b, "<p><a href=\"%s\">this</a>\n", l)
			}
		}
		writeFile(t, site, p, b.String())
	}
	var idx bytes.Buffer
	idx.WriteString("# Index\n\n")
	for _, p := range pages[:min(5, len(pages))] {
		fmt.Fprintf(&idx, "- [%s](%s)\n", p, p)
	}
	writeFile(t, site, "index.md", idx.String())
}
