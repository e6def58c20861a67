package golangci

import (
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// root is the root of relurl's repository, from this package's directory.
var root = filepath.Join("..", "..")

// section returns the README's section on Go code, which holds the
// golangci-lint subsection.
func section(t *testing.T) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, text, ok := strings.Cut(string(data), "\n### In Go code")
	if !ok {
		t.Fatal(`README.md has no section "### In Go code"`)
	}
	text, _, _ = strings.Cut(text, "\n#")
	return text
}

// readmeConfigs returns the two YAML files that the README's golangci-lint
// subsection gives: .custom-gcl.yml (the block with "plugins:") and
// .golangci.yml (the block with "linters:").
func readmeConfigs(t *testing.T) (customGCL, golangciYML string) {
	t.Helper()
	for rest := section(t); ; {
		_, block, ok := strings.Cut(rest, "\n```yaml\n")
		if !ok {
			break
		}
		block, rest, ok = strings.Cut(block, "\n```\n")
		if !ok {
			t.Fatal("README.md: a ```yaml block is not closed")
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
		t.Fatal("README.md: the golangci-lint subsection lacks the .custom-gcl.yml or the .golangci.yml block")
	}
	return customGCL, golangciYML
}

// TestREADMEConfig keeps the README's golangci-lint configuration and the
// code in step: its .custom-gcl.yml is the file at the root of the
// repository, and the settings its .golangci.yml shows are those of
// [Settings].
func TestREADMEConfig(t *testing.T) {
	customGCL, golangciYML := readmeConfigs(t)
	file, err := os.ReadFile(filepath.Join(root, ".custom-gcl.yml"))
	if err != nil {
		t.Fatal(err)
	}
	if string(file) != customGCL {
		t.Errorf("README.md's .custom-gcl.yml is not the file at the root:\nREADME:\n%s\nfile:\n%s", customGCL, file)
	}

	// The version is pinned in one place; the prose names it too.
	version := yamlField(t, customGCL, "version")
	for _, v := range regexp.MustCompile(`\bv2\.\d+\.\d+\b`).FindAllString(section(t), -1) {
		if v != version {
			t.Errorf("README.md names golangci-lint %s; .custom-gcl.yml pins %s", v, version)
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
		t.Errorf("README.md's .golangci.yml shows the settings %q; the plugin's are %q", got, want)
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
