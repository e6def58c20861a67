package golangci

import (
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/relurl/relurl/lint/internal/lint"
)

// root is the root of relurl's repository, from this package's directory.
var root = filepath.Join("..", "..")

// page is the manual's page on Go code, which holds the golangci-lint
// section, from the root of the repository.
const page = "docs/analyzer.md"

// section returns the page on Go code.
func section(t *testing.T) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(root, page))
	if err != nil {
		t.Fatal(err)
	}
	text, ok := strings.CutPrefix(string(data), "# In Go code")
	if !ok {
		t.Fatalf(`%s does not begin "# In Go code"`, page)
	}
	return text
}

// docsConfigs returns the two YAML files that the golangci-lint section of
// docs/analyzer.md gives: .custom-gcl.yml (the block with "plugins:") and
// .golangci.yml (the block with "linters:").
func docsConfigs(t *testing.T) (customGCL, golangciYML string) {
	t.Helper()
	for rest := section(t); ; {
		_, block, ok := strings.Cut(rest, "\n```yaml\n")
		if !ok {
			break
		}
		block, rest, ok = strings.Cut(block, "\n```\n")
		if !ok {
			t.Fatal(page + ": a ```yaml block is not closed")
		}
		block += "\n"
		switch {
		case strings.Contains(block, "\nplugins:\n"):
			customGCL = block
		case strings.Contains(block, "\nlinters:\n"):
			golangciYML = block
		}
	}
	if customGCL == "" || golangciYML == "" {
		t.Fatal(page + ": the golangci-lint section lacks the .custom-gcl.yml or the .golangci.yml block")
	}
	return customGCL, golangciYML
}

// TestDocsConfig keeps the golangci-lint configuration of docs/analyzer.md and the
// code in step: its .custom-gcl.yml is the file at the root of the
// repository, and the settings its .golangci.yml shows are those of
// [Settings].
func TestDocsConfig(t *testing.T) {
	customGCL, golangciYML := docsConfigs(t)
	file, err := os.ReadFile(filepath.Join(root, ".custom-gcl.yml"))
	if err != nil {
		t.Fatal(err)
	}
	if string(file) != customGCL {
		t.Errorf("the .custom-gcl.yml of %s is not the file at the root:\n%s:\n%s\nfile:\n%s", page, page, customGCL, file)
	}

	// The version is pinned in one place; the prose names it too.
	version := yamlField(t, customGCL, "version")
	for _, v := range regexp.MustCompile(`\bv2\.\d+\.\d+\b`).FindAllString(section(t), -1) {
		if v != version {
			t.Errorf("%s names golangci-lint %s; .custom-gcl.yml pins %s", page, v, version)
		}
	}

	var want []string
	st := reflect.TypeFor[Settings]()
	for i := range st.NumField() {
		name, _, _ := strings.Cut(st.Field(i).Tag.Get("json"), ",")
		want = append(want, name)
	}
	got := settingsKeys(golangciYML)
	slices.Sort(want)
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Errorf("the .golangci.yml of %s shows the settings %q; the plugin's are %q", page, got, want)
	}
}

// settingsKeys returns the keys of the map under
// linters.settings.custom.relurl.settings in yml, read by indentation.
func settingsKeys(yml string) []string {
	path := []string{"linters", "settings", "custom", "relurl", "settings"}
	var keys []string
	depth := 0 // elements of path matched so far
	var indents []int
	keyIndent := -1 // the indentation of the keys under the path
	for line := range strings.Lines(yml) {
		text := strings.TrimLeft(line, " ")
		if strings.TrimSpace(text) == "" || strings.HasPrefix(text, "#") {
			continue
		}
		indent := len(line) - len(text)
		for depth > 0 && indent <= indents[depth-1] {
			depth--
			indents = indents[:depth]
		}
		key, _, _ := strings.Cut(strings.TrimSpace(text), ":")
		switch {
		case depth == len(path):
			if keyIndent < 0 {
				keyIndent = indent
			}
			if indent == keyIndent {
				keys = append(keys, key)
			}
		case key == path[depth]:
			depth++
			indents = append(indents, indent)
		}
	}
	return keys
}

// yamlField returns the value of a top-level scalar field of yml.
func yamlField(t *testing.T, yml, field string) string {
	t.Helper()
	m := regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(field) + `:\s*(\S+)\s*$`).FindStringSubmatch(yml)
	if m == nil {
		t.Fatalf("no %s: in\n%s", field, yml)
	}
	return m[1]
}

// severityRule is a rule of golangci-lint's severity configuration, as
// the .golangci.yml of docs/analyzer.md gives it.
type severityRule struct {
	linters  []string
	text     *regexp.Regexp
	severity string
}

// TestDocsSeverity checks the severity section of the .golangci.yml of
// docs/analyzer.md against the catalog: golangci-lint, applying its rules as
// it does (the first that matches the linter and the text, else
// the default), gives each rule's finding, whose text the plugin begins
// with the rule id, the rule's default severity.
func TestDocsSeverity(t *testing.T) {
	_, yml := docsConfigs(t)
	def, rules := severitySection(t, yml)
	for _, r := range lint.Rules() {
		if r.Family == lint.FamilyInput || r.Family == lint.FamilyTarget {
			continue // no Go source has them: documents, and a tree of files
		}
		text := r.ID + ": " + r.Summary
		got := def
		for _, sr := range rules {
			if slices.Contains(sr.linters, "relurl") && sr.text.MatchString(text) {
				got = sr.severity
				break
			}
		}
		if want := r.Severity.String(); got != want {
			t.Errorf("the severity section of %s gives %s findings the severity %q; the catalog says %q", page, r.ID, got, want)
		}
	}
}

// severitySection reads the severity section of yml: its default and its
// rules, each a "- linters: [...]" item with text and severity.
func severitySection(t *testing.T, yml string) (def string, rules []severityRule) {
	t.Helper()
	_, section, ok := strings.Cut(yml, "\nseverity:\n")
	if !ok {
		t.Fatal("the .golangci.yml of " + page + " has no severity section")
	}
	var cur *severityRule
	for line := range strings.Lines(section) {
		if !strings.HasPrefix(line, " ") {
			break // the next top-level key
		}
		item := strings.TrimSpace(line)
		if rest, ok := strings.CutPrefix(item, "- "); ok {
			rules = append(rules, severityRule{})
			cur = &rules[len(rules)-1]
			item = rest
		}
		key, value, _ := strings.Cut(item, ":")
		value = strings.TrimSpace(value)
		switch {
		case key == "default" && cur == nil:
			def = value
		case key == "rules" && cur == nil:
		case cur != nil && key == "linters":
			list, ok := between(value, "[", "]")
			if !ok {
				t.Fatalf("linters: %q is not a [list]", value)
			}
			for _, l := range strings.Split(list, ",") {
				cur.linters = append(cur.linters, strings.TrimSpace(l))
			}
		case cur != nil && key == "text":
			quoted, ok := between(value, "'", "'")
			if !ok {
				t.Fatalf("text: %s is not in single quotes", value)
			}
			re, err := regexp.Compile(strings.ReplaceAll(quoted, "''", "'"))
			if err != nil {
				t.Fatal(err)
			}
			cur.text = re
		case cur != nil && key == "severity":
			cur.severity = value
		default:
			t.Fatalf("the severity section of %s: unexpected line %q", page, line)
		}
	}
	if def == "" || len(rules) == 0 {
		t.Fatal("the severity section of " + page + " has no default or no rules")
	}
	for _, r := range rules {
		if r.text == nil || r.severity == "" || len(r.linters) == 0 {
			t.Fatalf("the severity section of %s: a rule without linters, text or severity: %+v", page, r)
		}
	}
	return def, rules
}

// between returns s without the prefix open and the suffix closing, and
// whether it had both.
func between(s, open, closing string) (string, bool) {
	inner, ok := strings.CutPrefix(s, open)
	if !ok || len(inner) < len(closing) {
		return "", false
	}
	return strings.CutSuffix(inner, closing)
}
