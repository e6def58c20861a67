package relurl_test

import (
	"bytes"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"
)

// The README is the front door of the manual: short, its first command
// block the two commands a newcomer runs, the linter's quick start near the
// top, and an index of docs/.
const (
	readmeFile     = "README.md"
	readmeMaxLines = 250
	// lintQuickStart is the command the README shows for a user's own
	// docs folder, within its first lintQuickStartLine lines.
	lintQuickStart     = "relurl lint --base https://docs.example.org/ docs/"
	lintQuickStartLine = 60
	decisionsFile      = "docs/decisions.md"
)

// TestREADMEShape holds the README to its shape: at most readmeMaxLines
// lines; its first code block exactly two commands, the tool's main job on
// the bundled example (a path that exists) and the tests (a target of the
// Makefile, which make example runs the first); the linter's quick start
// within the first lintQuickStartLine lines; and a link to every page of
// docs/.
func TestREADMEShape(t *testing.T) {
	data, err := os.ReadFile(readmeFile)
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	if len(lines) > readmeMaxLines {
		t.Errorf("%s has %d lines; at most %d (the manual is docs/)", readmeFile, len(lines), readmeMaxLines)
	}

	block := firstCodeBlock(lines)
	if len(block) != 2 {
		t.Fatalf("the first code block of %s holds %d commands %q; want two: the main job on the bundled example, and the tests", readmeFile, len(block), block)
	}
	run, tests := block[0], block[1]
	example, ok := strings.CutPrefix(run, "go run ./cmd/relurl ")
	if !ok {
		t.Errorf("the first command %q does not run ./cmd/relurl", run)
	}
	args := strings.Fields(example)
	if len(args) < 2 || args[0] != "lint" {
		t.Fatalf("the first command %q is not relurl lint on the bundled example", run)
	}
	if fi, err := os.Stat(filepath.FromSlash(args[len(args)-1])); err != nil || !fi.IsDir() {
		t.Errorf("the first command lints %q, which is not a directory of the repository: %v", args[len(args)-1], err)
	}
	target, ok := strings.CutPrefix(tests, "make ")
	if !ok || strings.ContainsAny(target, " \t") {
		t.Fatalf("the second command %q is not one make target", tests)
	}
	makefile, err := os.ReadFile("Makefile")
	if err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(target) + `:`).Match(makefile) {
		t.Errorf("the second command runs make %s, which the Makefile has no target for", target)
	}
	if m := regexp.MustCompile(`(?m)^example:\n(?:\t.*\n)*?\t\$\(GO\) (run ./cmd/relurl .*)$`).FindSubmatch(makefile); m == nil || "go "+string(m[1]) != run {
		t.Errorf("make example does not run the README's first command %q", run)
	}

	found := slices.IndexFunc(lines, func(l string) bool { return strings.Contains(l, lintQuickStart) })
	switch {
	case found < 0:
		t.Errorf("%s does not show %q", readmeFile, lintQuickStart)
	case found >= lintQuickStartLine:
		t.Errorf("%s shows %q on line %d; it must be within the first %d", readmeFile, lintQuickStart, found+1, lintQuickStartLine)
	}

	pages, err := filepath.Glob("docs/*.md")
	if err != nil {
		t.Fatal(err)
	}
	if len(pages) == 0 {
		t.Fatal("docs/ has no page")
	}
	linked := map[string]bool{}
	for _, l := range markdownLinks(text) {
		if strings.HasPrefix(l.target, "docs/") && strings.HasSuffix(l.target, ".md") {
			linked[l.target] = true
		}
	}
	for _, p := range pages {
		if !linked[filepath.ToSlash(p)] {
			t.Errorf("%s does not link %s: its index of docs/ must name every page", readmeFile, p)
		}
	}
}

// firstCodeBlock returns the lines of the first code block of a Markdown
// document, indented or fenced, without comments after a " #".
func firstCodeBlock(lines []string) []string {
	var block []string
	fenced := false
	for i, l := range lines {
		switch {
		case fenced && strings.HasPrefix(l, "```"):
			return block
		case fenced:
			block = appendCommand(block, l)
		case strings.HasPrefix(l, "```"):
			fenced = true
		case strings.HasPrefix(l, "    ") && (i == 0 || strings.TrimSpace(lines[i-1]) == "" || len(block) > 0):
			block = appendCommand(block, l)
		case len(block) > 0 && strings.TrimSpace(l) == "":
			return block
		}
	}
	return block
}

func appendCommand(block []string, l string) []string {
	if i := strings.Index(l, " #"); i >= 0 {
		l = l[:i]
	}
	if l = strings.TrimSpace(l); l != "" {
		block = append(block, l)
	}
	return block
}

// A link of a Markdown document: its target (path and fragment) and line.
type link struct {
	target, fragment string
	line             int
}

var (
	inlineLink = regexp.MustCompile(`\]\(([^()\s]*)\)`)
	codeSpan   = regexp.MustCompile("`[^`\n]*`")
)

// markdownLinks returns the relative links of a Markdown document outside
// code blocks and code spans, their targets relative to the document.
func markdownLinks(text string) []link {
	var links []link
	fenced := false
	for i, l := range strings.Split(text, "\n") {
		if strings.HasPrefix(l, "```") {
			fenced = !fenced
			continue
		}
		if fenced || strings.HasPrefix(l, "    ") {
			continue
		}
		for _, m := range inlineLink.FindAllStringSubmatch(codeSpan.ReplaceAllString(l, ""), -1) {
			target := m[1]
			if target == "" || strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
				continue
			}
			target, fragment, _ := strings.Cut(target, "#")
			links = append(links, link{target, fragment, i + 1})
		}
	}
	return links
}

// TestDocsLinks: every relative link of the README and of the pages of
// docs/ names a file of the repository, and a fragment of a Markdown page
// names one of its headings (as GitHub spells their anchors) or one of its
// <a id> anchors.
func TestDocsLinks(t *testing.T) {
	pages, err := filepath.Glob("docs/*.md")
	if err != nil {
		t.Fatal(err)
	}
	anchors := map[string]map[string]bool{}
	anchorsOf := func(file string) map[string]bool {
		if a, ok := anchors[file]; ok {
			return a
		}
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		anchors[file] = markdownAnchors(string(data))
		return anchors[file]
	}
	for _, page := range append([]string{readmeFile}, pages...) {
		data, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		dir := path.Dir(filepath.ToSlash(page))
		for _, l := range markdownLinks(string(data)) {
			file := filepath.ToSlash(page)
			if l.target != "" {
				file = path.Join(dir, l.target)
			}
			if _, err := os.Stat(filepath.FromSlash(file)); err != nil {
				t.Errorf("%s:%d: the link to %q names no file of the repository", page, l.line, l.target)
				continue
			}
			if l.fragment != "" && strings.HasSuffix(file, ".md") && !anchorsOf(filepath.FromSlash(file))[l.fragment] {
				t.Errorf("%s:%d: %s has no heading or anchor %q", page, l.line, file, l.fragment)
			}
		}
	}
}

var explicitAnchor = regexp.MustCompile(`<a id="([^"]+)"></a>`)

// markdownAnchors returns the anchors of a Markdown document: GitHub's
// for its headings (lower case, spaces as "-", what is neither a letter, a
// digit, "-" nor "_" dropped, a repeated one numbered) and its <a id> elements.
func markdownAnchors(text string) map[string]bool {
	anchors := map[string]bool{}
	seen := map[string]int{}
	fenced := false
	for _, l := range strings.Split(text, "\n") {
		if strings.HasPrefix(l, "```") {
			fenced = !fenced
		}
		if fenced {
			continue
		}
		for _, m := range explicitAnchor.FindAllStringSubmatch(l, -1) {
			anchors[m[1]] = true
		}
		heading, ok := strings.CutPrefix(l, "#")
		if !ok {
			continue
		}
		slug := strings.Map(func(r rune) rune {
			switch {
			case r == ' ':
				return '-'
			case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsNumber(r) || unicode.IsMark(r):
				return r
			}
			return -1
		}, strings.ToLower(strings.TrimSpace(strings.TrimLeft(heading, "#"))))
		if n := seen[slug]; n > 0 {
			anchors[slug+"-"+string(rune('0'+n))] = true
		} else {
			anchors[slug] = true
		}
		seen[slug]++
	}
	return anchors
}

var (
	// decisionEntry is an entry of docs/decisions.md: a list item that
	// begins with its anchor and its id in bold, "- <a id="l-22"></a>**L-22.".
	decisionEntry = regexp.MustCompile(`(?m)^- (?:<a id="([a-z]-\d+)"></a>)?\*\*([A-Z]-\d+)\.`)
	// decisionCite is a citation of decisions by id: "decision L-22",
	// "decisions L-3 to L-7", "decisions P-1, P-3 and L-2".
	decisionCite = regexp.MustCompile(`(?i)\bdecisions?\s+([A-Z]-\d+(?:(?:,\s*|\s+(?:and|to|or)\s+)[A-Z]-\d+)*)`)
	decisionID   = regexp.MustCompile(`[A-Z]-\d+`)
	// decisionLink is a link to an entry of docs/decisions.md.
	decisionLink = regexp.MustCompile(`decisions\.md#([a-z]-\d+)\b`)
)

// TestDecisionIDs: each id of docs/decisions.md is unique and its anchor
// is its id, and every decision cited by id anywhere in the repository
// ("decision L-22", a link to decisions.md#l-22) is an entry of it.
func TestDecisionIDs(t *testing.T) {
	data, err := os.ReadFile(decisionsFile)
	if err != nil {
		t.Fatal(err)
	}
	ids := map[string]bool{}
	for _, m := range decisionEntry.FindAllStringSubmatch(string(data), -1) {
		anchor, id := m[1], m[2]
		if ids[id] {
			t.Errorf("%s: decision %s is there twice", decisionsFile, id)
		}
		ids[id] = true
		if anchor != "" && anchor != strings.ToLower(id) {
			t.Errorf("%s: decision %s has the anchor %q", decisionsFile, id, anchor)
		}
	}
	if len(ids) == 0 {
		t.Fatalf("%s has no decision", decisionsFile)
	}
	cited := 0
	for file, text := range repositoryFiles(t) {
		for _, m := range decisionCite.FindAllStringSubmatch(text, -1) {
			for _, id := range decisionID.FindAllString(m[1], -1) {
				cited++
				if !ids[id] {
					t.Errorf("%s cites decision %s, which %s does not have", file, id, decisionsFile)
				}
			}
		}
		for _, m := range decisionLink.FindAllStringSubmatch(text, -1) {
			if id := strings.ToUpper(m[1]); !ids[id] {
				t.Errorf("%s links decision %s, which %s does not have", file, id, decisionsFile)
			}
		}
	}
	if cited == 0 {
		t.Error("no file cites a decision by id: the citation pattern matches nothing")
	}
}

// repositoryFiles returns the text files of the repository by their
// slash-separated paths: everything under this directory but .git, what
// .gitignore names (builds, reports, the site, the release), and binary files.
func repositoryFiles(t *testing.T) map[string]string {
	t.Helper()
	ignored := func(p string, dir bool) bool {
		switch {
		case p == ".git", p == "site" && dir, p == "dist" && dir, p == "bin" && dir, p == "relurl" && !dir, p == "cover.html", p == "golangci-lint-relurl":
			return true
		}
		ext := path.Ext(p)
		return !dir && (ext == ".test" || ext == ".out" || ext == ".prof")
	}
	files := map[string]string{}
	err := filepath.WalkDir(".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		p = filepath.ToSlash(p)
		if ignored(p, d.IsDir()) {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if d.IsDir() || !d.Type().IsRegular() {
			return nil
		}
		data, err := os.ReadFile(filepath.FromSlash(p))
		if err != nil {
			return err
		}
		if bytes.IndexByte(data[:min(len(data), 8000)], 0) >= 0 {
			return nil // binary
		}
		files[p] = string(data)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}
