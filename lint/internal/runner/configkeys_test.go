package runner

import (
	"reflect"
	"slices"
	"strings"
	"testing"
)

// TestConfigKeysLoader: the table of keys the reference page and the schema
// are written from names every key the loader decodes, and only those; the
// loader's messages (wants, keys) know each of them.
func TestConfigKeysLoader(t *testing.T) {
	var decoded []string
	var walk func(prefix string, typ reflect.Type)
	walk = func(prefix string, typ reflect.Type) {
		for f := range typ.Fields() {
			name := prefix + strings.Split(f.Tag.Get("toml"), ",")[0]
			decoded = append(decoded, name)
			ft := f.Type
			if ft.Kind() == reflect.Slice && ft.Elem().Kind() == reflect.Struct {
				ft = ft.Elem()
			}
			if ft.Kind() == reflect.Struct {
				walk(name+".", ft)
			}
		}
	}
	walk("", reflect.TypeFor[rawConfig]())
	var table []string
	for _, k := range ConfigKeys {
		table = append(table, k.Key)
		if _, ok := wants[k.Key]; !ok {
			t.Errorf("the loader's wants has no entry for %s", k.Key)
		}
	}
	slices.Sort(decoded)
	slices.Sort(table)
	if !slices.Equal(decoded, table) {
		t.Errorf("the loader decodes the keys %q;\nConfigKeys has %q", decoded, table)
	}
}

// TestKeysOf: the lists of keys an unknown key's error gives, as
// ConfigKeys orders them, a table of the top level in brackets.
func TestKeysOf(t *testing.T) {
	for table, want := range map[string]string{
		"":         "base, root, exclude, include, fail-on, baseline, max-size, [rules], [allow], [[override]], [targets]",
		"allow":    "chars, ipv6-hosts",
		"override": "paths, rules",
		"targets":  "check, index, try-extensions, markdown-anchors, ignore, redirects, line-ranges, scripted",
	} {
		if got := strings.Join(keysOf(table), ", "); got != want {
			t.Errorf("keysOf(%q) = %q; want %q", table, got, want)
		}
	}
}
