package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/pelletier/go-toml/v2"
	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/relurl/relurl/lint/internal/runner"
)

const (
	pageFile   = "../../../../../docs/config.md"
	schemaFile = "../../../../../docs/relurl.schema.json"
)

// TestGenerated: docs/config.md and docs/relurl.schema.json are what the
// table gives (go generate ./lint/internal/runner writes them).
func TestGenerated(t *testing.T) {
	schema, err := Schema()
	if err != nil {
		t.Fatal(err)
	}
	for file, want := range map[string][]byte{pageFile: Page(), schemaFile: schema} {
		got, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s is not what runner.ConfigKeys gives: run go generate ./lint/internal/runner", filepath.Base(file))
		}
	}
}

// compiled returns the committed schema, compiled.
func compiled(t *testing.T) *jsonschema.Schema {
	t.Helper()
	data, err := os.ReadFile(schemaFile)
	if err != nil {
		t.Fatal(err)
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	if err := c.AddResource(SchemaID, doc); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile(SchemaID)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// check returns the verdicts of the loader and the schema on a
// configuration file's text: nil when each accepts it.
func check(t *testing.T, s *jsonschema.Schema, text string) (loader, schema error) {
	t.Helper()
	_, loader = runner.ParseConfig(filepath.Join(t.TempDir(), ".relurl.toml"), []byte(text))
	var v map[string]any
	if err := toml.Unmarshal([]byte(text), &v); err != nil {
		return loader, err
	}
	// The schema sees the file as JSON sees it, as an editor's TOML
	// server hands it over.
	data, _ := json.Marshal(v)
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	return loader, s.Validate(doc)
}

// pageKeys returns the keys of the reference page's table.
func pageKeys(t *testing.T) []string {
	t.Helper()
	data, err := os.ReadFile(pageFile)
	if err != nil {
		t.Fatal(err)
	}
	var keys []string
	for _, m := range regexp.MustCompile("(?m)^\\| `\\[{0,2}([a-z0-9.-]+)\\]{0,2}` \\|").FindAllStringSubmatch(string(data), -1) {
		keys = append(keys, m[1])
	}
	return keys
}

// doc returns a configuration file that sets the dotted key to value,
// under its table (an [[override]] entry with its paths).
func doc(key, value string) string {
	table, name, dotted := strings.Cut(key, ".")
	switch {
	case !dotted:
		return fmt.Sprintf("%s = %s\n", key, value)
	case table == "override" && name != "paths":
		return fmt.Sprintf("[[override]]\npaths = [\"a/**\"]\n%s = %s\n", name, value)
	case table == "override":
		return fmt.Sprintf("[[override]]\n%s = %s\n", name, value)
	}
	return fmt.Sprintf("[%s]\n%s = %s\n", table, name, value)
}

// TestAgree: the schema, the page and the loader agree key by key: the
// page has a row for every key of the table and no other; the loader and
// the schema accept each key's example alone, and the example that sets
// them all; an unknown key, in each table, fails all three; so does a
// value of the wrong type.
func TestAgree(t *testing.T) {
	s := compiled(t)
	var table []string
	for _, k := range runner.ConfigKeys {
		table = append(table, k.Key)
	}
	if page := pageKeys(t); !slices.Equal(page, table) {
		t.Errorf("the page's keys are %q; the table's %q", page, table)
	}
	if l, sc := check(t, s, Example()); l != nil || sc != nil {
		t.Errorf("the example that sets every key:\n%s\nloader: %v\nschema: %v", Example(), l, sc)
	}
	for _, k := range runner.ConfigKeys {
		if k.Type == runner.TypeTable || k.Type == runner.TypeTables {
			continue
		}
		text := doc(k.Key, k.Example)
		if l, sc := check(t, s, text); l != nil || sc != nil {
			t.Errorf("%s = %s: loader: %v; schema: %v", k.Key, k.Example, l, sc)
		}
		wrong := "1.5"
		if k.Type == runner.TypeLevels {
			wrong = `{ "fsegment/colon" = "loud" }`
		}
		if l, sc := check(t, s, doc(k.Key, wrong)); l == nil || sc == nil {
			t.Errorf("%s = %s (a wrong type): loader: %v; schema: %v; want both to fail", k.Key, wrong, l, sc)
		}
	}
	for _, key := range []string{"basee", "allow.charz", "targets.chek", "override.pathz", "rules.fsegment/colons"} {
		if l, sc := check(t, s, doc(key, `"x"`)); l == nil || sc == nil {
			t.Errorf("the unknown key %s: loader: %v; schema: %v; want both to fail", key, l, sc)
		}
		if slices.Contains(pageKeys(t), key) {
			t.Errorf("the page has the unknown key %s", key)
		}
	}
	// The loader names the keys of each table when one is unknown: the
	// table's, every one.
	for _, parent := range []string{"", "allow", "targets", "override"} {
		key := "unknown"
		if parent != "" {
			key = parent + ".unknown"
		}
		l, _ := check(t, s, doc(key, `"x"`))
		m := regexp.MustCompile(`the keys are ([^)]*)\)`).FindStringSubmatch(fmt.Sprint(l))
		if m == nil {
			t.Errorf("%s: the loader's error %q names no keys", key, l)
			continue
		}
		var named, want []string
		for _, n := range strings.Split(m[1], ", ") {
			named = append(named, strings.Trim(n, "[]"))
		}
		for _, k := range runner.ConfigKeys {
			p, name, dotted := strings.Cut(k.Key, ".")
			if !dotted {
				p, name = "", k.Key
			}
			if p == parent {
				want = append(want, name)
			}
		}
		if !slices.Equal(named, want) {
			t.Errorf("the loader names the keys of %q %q; the table has %q", parent, named, want)
		}
	}
}
