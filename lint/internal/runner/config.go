package runner

import (
	"bytes"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/pelletier/go-toml/v2"
	"github.com/pelletier/go-toml/v2/unstable"
	"github.com/relurl/relurl/ast"
	"github.com/relurl/relurl/lint/internal/door"
	"github.com/relurl/relurl/lint/internal/input"
	"github.com/relurl/relurl/lint/internal/lint"
	"github.com/relurl/relurl/lint/internal/suggest"
	"github.com/relurl/relurl/lint/internal/target"
)

// ConfigName is the name of relurl's configuration file, found by
// [FindConfig].
const ConfigName = ".relurl.toml"

// Override sets rules for some files: those whose paths match Paths,
// relative to [Run.Dir] (a configuration file's [[override]]).
type Override struct {
	// Paths are the files the override applies to.
	Paths Patterns
	// Levels sets rules and families, as lint.Options.Levels does, over
	// it ([lint.Linter.WithLevels]).
	Levels map[string]lint.Level
}

// Config is a configuration file, .relurl.toml, as [LoadConfig] reads it.
// A key the file does not set has its zero value.
//
//	base = "https://docs.example.org/"    # as --base
//	root = "."                            # as --root, relative to the file
//	exclude = ["_sources/**", "vendor/"]  # gitignore-style, relative to the file
//	include = ["**/*.html"]               # when given, only these
//	fail-on = "error"                     # as --fail-on
//	baseline = ".relurl-baseline.json"    # as --baseline, relative to the file
//	max-size = "64MiB"                    # as --max-size: bytes, or with a unit (input.ParseSize)
//	[rules]                               # id or family = "off" | "info" | "warning" | "error"
//	"fsegment/colon" = "off"
//	[allow]
//	chars = "~"                           # lint.Options.AllowChars
//	ipv6-hosts = true                     # lint.Options.AllowIPv6Hosts
//	[[override]]                          # later entries win
//	paths = ["legacy/**"]
//	rules = { syntax = "warning" }
//	[targets]                             # the target rules (docs/targets.md)
//	check = true                          # false: as --no-targets
//	index = ["index.html", "index.htm"]   # a directory's index files, in order
//	try-extensions = [".html"]            # tried after a path without extension
//	markdown-anchors = "github"           # "github", "goldmark" or "none"
//	ignore = ["api/**"]                   # targets a build makes, gitignore-style
type Config struct {
	// Path is the file's name as given; Dir the absolute directory that
	// holds it, which root and every pattern are relative to.
	Path, Dir string
	// Base is the retrieval URL of the files (--base), or "".
	Base string
	// Root is the root directory (--root), made absolute against Dir, or
	// "".
	Root string
	// Exclude and Include select the files a directory walk lints:
	// those Include matches (every file when it is empty) that Exclude
	// does not; a directory Exclude matches is not walked.
	Exclude, Include Patterns
	// FailOn is "error", "warning", "info" or "none" (--fail-on), or "".
	FailOn string
	// Baseline is the baseline file (--baseline), made absolute against
	// Dir, or "" (decision L-55).
	Baseline string
	// MaxSize is the largest file to lint, in bytes (--max-size, read by
	// input.ParseSize as the flag is), or 0.
	MaxSize int64
	// Bound is the directory the file's paths may not leave: the top of
	// the repository that holds the file, else the file's directory
	// (decision L-58); "" for a file parsed, not loaded.
	Bound string
	// Levels sets rules and families ([rules]).
	Levels map[string]lint.Level
	// AllowChars and AllowIPv6Hosts are [allow]'s chars and ipv6-hosts.
	AllowChars     string
	AllowIPv6Hosts bool
	// Overrides are the [[override]] entries, in order.
	Overrides []Override
	// Targets is the [targets] table.
	Targets TargetsConfig
}

// TargetsConfig is a configuration file's [targets] table: the settings
// of the target rules ([Targets]).
type TargetsConfig struct {
	// Check, when not nil, turns the target rules on or off (check; the
	// command line's --no-targets goes on top).
	Check *bool
	// Options are index, try-extensions and markdown-anchors;
	// [Config.TargetOptions] adds ignore.
	Options target.Options
	// Ignore are the targets a build makes (ignore), gitignore-style,
	// relative to the configuration file's directory as its other
	// patterns are.
	Ignore Patterns
}

// TargetOptions returns the target rules' options of the configuration
// for a tree whose root is the directory root: its [targets] table, with
// the paths under the root that ignore matches taken to exist.
func (c *Config) TargetOptions(root string) target.Options {
	opts := c.Targets.Options
	if c.Targets.Ignore.Empty() {
		return opts
	}
	abs, err := filepath.Abs(root)
	if err != nil {
		return opts
	}
	ignore := c.Targets.Ignore
	opts.Ignore = func(p string) bool {
		return ignore.Match(relTo(c.Dir, filepath.Join(abs, filepath.FromSlash(p))), false)
	}
	return opts
}

// ConfigError is an error in a configuration file, where it is: its line
// and column (from 1; 0 when not known) and the dotted key.
type ConfigError struct {
	File         string
	Line, Column int
	Key          string
	Err          error
}

func (e *ConfigError) Error() string {
	var b strings.Builder
	b.WriteString(e.File)
	if e.Line > 0 {
		fmt.Fprintf(&b, ":%d", e.Line)
		if e.Column > 0 {
			fmt.Fprintf(&b, ":%d", e.Column)
		}
	}
	if e.Key != "" {
		b.WriteString(": " + e.Key)
	}
	b.WriteString(": " + e.Err.Error())
	return b.String()
}

func (e *ConfigError) Unwrap() error { return e.Err }

// FindConfig returns the path of the configuration file that governs
// dir, as [FindProject] finds it, or "" when there is none.
func FindConfig(dir string) (string, error) {
	p, err := FindProject(dir)
	return p.Config, err
}

// ErrFollowInConfig is the error of a configuration file that sets
// follow-outside: reading outside the tree is the choice of the person
// running relurl, on the command line, never the tree's (decision L-58).
var ErrFollowInConfig = errors.New("reading what symbolic links lead out of the tree to is the choice of the person running relurl, not the tree's: give --follow-outside on the command line")

// maxConfigSize is the size of the largest configuration file read.
const maxConfigSize = 1 << 20

// LoadConfig reads the configuration file at path, of at most 1 MiB. Every
// error names the file and, when the file is read, is a [*ConfigError]
// naming the line and key: a key that is not one of Config's, a value of
// the wrong type, an unknown rule or family, a bad level, pattern, base
// URL, allowed character or size; a root that is not at or below the
// file's project (Config.Bound), or leads out of it through a symbolic
// link (decision L-58).
func LoadConfig(path string) (*Config, error) {
	data, err := door.ReadNamedFile(path, maxConfigSize)
	if err != nil {
		return nil, err
	}
	c, err := ParseConfig(path, data)
	if err != nil {
		return nil, err
	}
	c.Bound = c.Dir
	if p, err := findProject(c.Dir); err == nil && p.Top != "" {
		c.Bound = p.Top
	}
	if c.Root != "" {
		if err := c.checkRoot(); err != nil {
			return nil, &ConfigError{File: path, Key: "root", Err: err}
		}
	}
	return c, nil
}

// checkRoot says why the configuration's root is not its to set: not at
// or below Bound as written, or leading out of it through a symbolic link.
// A configuration may only narrow the tree.
func (c *Config) checkRoot() error {
	t, err := door.Open(c.Bound)
	if err != nil {
		return err
	}
	defer t.Close()
	rel, ok := t.Rel(c.Root)
	if !ok {
		return fmt.Errorf("%s is not at or below %s: a configuration may only narrow the tree (--root sets any)", c.Root, c.Bound)
	}
	if _, err := t.Resolve(rel); errors.Is(err, door.ErrOutside) || errors.Is(err, door.ErrInGit) {
		return fmt.Errorf("%s leads out of %s through a symbolic link, to %s: a configuration may only narrow the tree (--root sets any)", c.Root, c.Bound, t.Where(rel))
	}
	return nil
}

// rawConfig is the file as it is decoded: the decoder places the errors of
// syntax, type and unknown keys; the values are checked after, placed by
// keyLines.
type rawConfig struct {
	Base     *string           `toml:"base"`
	Root     *string           `toml:"root"`
	Exclude  []string          `toml:"exclude"`
	Include  []string          `toml:"include"`
	FailOn   *string           `toml:"fail-on"`
	Baseline *string           `toml:"baseline"`
	MaxSize  any               `toml:"max-size"`
	Rules    map[string]string `toml:"rules"`
	Allow    struct {
		Chars     *string `toml:"chars"`
		IPv6Hosts *bool   `toml:"ipv6-hosts"`
	} `toml:"allow"`
	Override []struct {
		Paths []string          `toml:"paths"`
		Rules map[string]string `toml:"rules"`
	} `toml:"override"`
	Targets struct {
		Check           *bool    `toml:"check"`
		Index           []string `toml:"index"`
		TryExtensions   []string `toml:"try-extensions"`
		MarkdownAnchors *string  `toml:"markdown-anchors"`
		Ignore          []string `toml:"ignore"`
		Redirects       *string  `toml:"redirects"`
		LineRanges      []string `toml:"line-ranges"`
		Scripted        []string `toml:"scripted"`
	} `toml:"targets"`
}

// wants says what each key holds, for a value of the wrong type.
var wants = map[string]string{
	"base": "a string (a URL)", "root": "a string (a directory)", "exclude": "an array of strings (patterns)",
	"include": "an array of strings (patterns)", "fail-on": `a string ("error", "warning", "info" or "none")`, "baseline": "a string (a file)",
	"max-size": `a size (a number of bytes, or a string such as "64MiB")`,
	"rules":    `a table of rule ids and families, each "off", "error", "warning" or "info"`,
	"allow":    "a table (chars, ipv6-hosts)", "allow.chars": "a string of characters", "allow.ipv6-hosts": "a boolean",
	"override": "an array of tables ([[override]] with paths and rules)", "override.paths": "an array of strings (patterns)",
	"override.rules": `an inline table of rule ids and families, each "off", "error", "warning" or "info"`,
	"targets":        "a table (check, index, try-extensions, markdown-anchors, ignore, redirects, line-ranges, scripted)", "targets.check": "a boolean",
	"targets.index": "an array of strings (file names)", "targets.try-extensions": `an array of strings (extensions, such as ".html")`,
	"targets.markdown-anchors": `a string ("github", "goldmark" or "none")`, "targets.ignore": "an array of strings (patterns)",
	"targets.redirects": `a string ("follow" or "off")`, "targets.line-ranges": `an array of strings (forms, such as "N-N")`,
	"targets.scripted": `an array of strings (patterns, such as "api/index.html#/*")`,
}

// keysOf lists the keys of the table ("" for the file's top level) as
// ConfigKeys has them, for an unknown key: a table of the top level in
// brackets, as TOML writes its header.
func keysOf(table string) []string {
	var names []string
	for _, k := range ConfigKeys {
		parent, name, nested := strings.Cut(k.Key, ".")
		switch {
		case table == "" && !nested:
			switch k.Type {
			case TypeLevels, TypeTable:
				name = "[" + parent + "]"
			case TypeTables:
				name = "[[" + parent + "]]"
			default:
				name = parent
			}
		case !nested || parent != table:
			continue
		}
		names = append(names, name)
	}
	return names
}

// keyNames returns the names of keys as keysOf spells them, without the
// brackets of a table's.
func keyNames(keys []string) []string {
	out := make([]string, len(keys))
	for i, k := range keys {
		out[i] = strings.Trim(k, "[]")
	}
	return out
}

// ParseConfig reads a configuration file whose content is data; path
// names it in errors, and its directory is the one paths are relative to.
func ParseConfig(path string, data []byte) (*Config, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, err
	}
	c := &Config{Path: path, Dir: filepath.Dir(abs)}
	fail := func(line, col int, key string, err error) error {
		return &ConfigError{File: path, Line: line, Column: col, Key: key, Err: err}
	}
	var raw rawConfig
	dec := toml.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&raw); err != nil {
		var sme *toml.StrictMissingError
		var de *toml.DecodeError
		switch {
		case errors.As(err, &sme):
			var errs []error
			for _, e := range sme.Errors {
				line, col := e.Position()
				k := e.Key()
				if len(k) == 1 && k[0] == "follow-outside" {
					// Not the configuration's to set (decision L-58): said
					// so, not as a mistyped key.
					errs = append(errs, fail(line, col, k[0], ErrFollowInConfig))
					continue
				}
				table := ""
				if len(k) > 1 {
					table = k[0]
				}
				keys := keysOf(table)
				errs = append(errs, fail(line, col, strings.Join(k, "."), fmt.Errorf("unknown key%s (the keys are %s)",
					suggest.Phrase(suggest.Closest(k[len(k)-1], keyNames(keys)), nil), strings.Join(keys, ", "))))
			}
			return nil, errors.Join(errs...)
		case errors.As(err, &de):
			line, col := de.Position()
			key := strings.Join(de.Key(), ".")
			msg := strings.TrimPrefix(de.Error(), "toml: ")
			if what, into, ok := strings.Cut(strings.TrimPrefix(msg, "cannot decode TOML "), " into "); ok {
				switch want, known := wants[key]; {
				case strings.Contains(key, "rules") && (into == "string" || strings.HasSuffix(into, "of type string")):
					// A level, in [rules] or an override's inline table.
					msg = fmt.Sprintf(`want "off", "error", "warning" or "info", not a TOML %s`, what)
				case known:
					msg = fmt.Sprintf("want %s, not a TOML %s", want, what)
				}
			}
			return nil, fail(line, col, key, errors.New(msg))
		}
		return nil, fail(0, 0, "", err)
	}
	lines := keyLines(data)
	at := func(key string) int { return lines[key] }

	// local makes a path the file names absolute, against its directory.
	local := func(p string) string {
		if filepath.IsAbs(p) {
			return filepath.Clean(p)
		}
		return filepath.Join(c.Dir, filepath.FromSlash(p))
	}
	if raw.Root != nil {
		if *raw.Root == "" {
			return nil, fail(at("root"), 0, "root", errors.New("an empty directory name; write \".\" for the file's own"))
		}
		c.Root = local(*raw.Root)
	}
	patterns := func(key string, list []string) (Patterns, error) {
		if len(list) > MaxPatterns {
			_, err := ParsePatterns(list)
			return Patterns{}, fail(at(key), 0, strings.Split(key, ".")[0]+suffix(key), err)
		}
		for i, p := range list {
			if _, err := parsePattern(p); err != nil {
				return Patterns{}, fail(at(key+"["+strconv.Itoa(i)+"]"), 0, strings.Split(key, ".")[0]+suffix(key), err)
			}
		}
		return ParsePatterns(list)
	}
	if c.Exclude, err = patterns("exclude", raw.Exclude); err != nil {
		return nil, err
	}
	if c.Include, err = patterns("include", raw.Include); err != nil {
		return nil, err
	}
	if raw.FailOn != nil {
		if c.FailOn = *raw.FailOn; c.FailOn != "none" {
			if _, err := ast.ParseSeverity(c.FailOn); err != nil {
				return nil, fail(at("fail-on"), 0, "fail-on", fmt.Errorf("%s is not error, warning, info or none%s", ast.Quote(c.FailOn, 0),
					suggest.Phrase(suggest.Closest(c.FailOn, []string{"error", "warning", "info", "none"}), nil)))
			}
		}
	}
	if raw.Baseline != nil {
		if *raw.Baseline == "" {
			return nil, fail(at("baseline"), 0, "baseline", errors.New("an empty file name"))
		}
		c.Baseline = local(*raw.Baseline)
	}
	switch v := raw.MaxSize.(type) {
	case nil:
	case int64:
		c.MaxSize, err = input.ParseSize(strconv.FormatInt(v, 10))
	case string:
		c.MaxSize, err = input.ParseSize(v)
	default:
		err = fmt.Errorf("want %s, not a TOML %T", wants["max-size"], v)
	}
	if err != nil {
		return nil, fail(at("max-size"), 0, "max-size", err)
	}
	// The allowed characters, then the base with them, are checked as
	// lint.New checks its options, one at a time, so that the error is
	// placed at its key.
	if raw.Allow.Chars != nil {
		c.AllowChars = *raw.Allow.Chars
		if _, err := lint.New(lint.Options{AllowChars: c.AllowChars}); err != nil {
			return nil, fail(at("allow.chars"), 0, "allow.chars", err)
		}
	}
	if raw.Allow.IPv6Hosts != nil {
		c.AllowIPv6Hosts = *raw.Allow.IPv6Hosts
	}
	if raw.Base != nil {
		c.Base = *raw.Base
		if _, err := lint.New(lint.Options{Retrieval: c.Base, AllowChars: c.AllowChars, AllowIPv6Hosts: c.AllowIPv6Hosts}); err != nil {
			return nil, fail(at("base"), 0, "base", err)
		}
	}
	levels := func(prefix string, raw map[string]string) (map[string]lint.Level, error) {
		if raw == nil {
			return nil, nil
		}
		m := make(map[string]lint.Level, len(raw))
		for _, name := range lint.SettingOrder(raw) {
			key := prefix + "." + name
			if _, err := lint.Select(name); err != nil {
				return nil, fail(at(key), 0, key, err)
			}
			lv, err := lint.ParseLevel(raw[name])
			if err != nil {
				return nil, fail(at(key), 0, key, err)
			}
			m[name] = lv
		}
		return m, nil
	}
	if c.Levels, err = levels("rules", raw.Rules); err != nil {
		return nil, err
	}
	for i, o := range raw.Override {
		prefix := "override." + strconv.Itoa(i)
		if len(o.Paths) == 0 {
			return nil, fail(at(prefix), 0, "override", fmt.Errorf("entry %d has no paths: an override needs the files it applies to", i+1))
		}
		ps, err := patterns(prefix+".paths", o.Paths)
		if err != nil {
			return nil, err
		}
		lv, err := levels(prefix+".rules", o.Rules)
		if err != nil {
			return nil, err
		}
		c.Overrides = append(c.Overrides, Override{Paths: ps, Levels: lv})
	}
	if err := c.parseTargets(&raw, at, patterns, fail); err != nil {
		return nil, err
	}
	return c, nil
}

// parseTargets checks the [targets] table and sets c.Targets.
func (c *Config) parseTargets(raw *rawConfig, at func(string) int, patterns func(string, []string) (Patterns, error),
	fail func(line, col int, key string, err error) error) error {
	t := &raw.Targets
	c.Targets.Check = t.Check
	if t.Index != nil {
		for i, name := range t.Index {
			if name == "" || strings.ContainsAny(name, "/\x00") || name == "." || name == ".." {
				return fail(at("targets.index["+strconv.Itoa(i)+"]"), 0, "targets.index",
					fmt.Errorf("%s is not the name of a file in a directory", ast.Quote(name, 0)))
			}
		}
		c.Targets.Options.Index = slices.Clone(t.Index)
		if len(t.Index) == 0 {
			c.Targets.Options.Index = []string{} // no index file: a directory is no target
		}
	}
	for i, ext := range t.TryExtensions {
		if !strings.HasPrefix(ext, ".") || len(ext) < 2 || strings.ContainsAny(ext, "/\x00") {
			return fail(at("targets.try-extensions["+strconv.Itoa(i)+"]"), 0, "targets.try-extensions",
				fmt.Errorf("%s is not an extension: want a \".\" and a name, such as \".html\"", ast.Quote(ext, 0)))
		}
	}
	c.Targets.Options.TryExtensions = slices.Clone(t.TryExtensions)
	if t.MarkdownAnchors != nil {
		s, err := target.ParseSlugs(*t.MarkdownAnchors)
		if err != nil {
			return fail(at("targets.markdown-anchors"), 0, "targets.markdown-anchors", err)
		}
		c.Targets.Options.MarkdownAnchors = s
	}
	if err := c.parseTargetPages(raw, at, fail); err != nil {
		return err
	}
	var err error
	c.Targets.Ignore, err = patterns("targets.ignore", t.Ignore)
	return err
}

// suffix returns the last part of a dotted key past its first, without
// the index of an array of tables: "override.1.paths" gives ".paths",
// "targets.ignore" ".ignore".
func suffix(key string) string {
	parts := strings.Split(key, ".")
	if len(parts) > 1 {
		return "." + parts[len(parts)-1]
	}
	return ""
}

// keyLines returns the line of each key of a TOML document that decoded
// without error, dotted ("rules.fsegment/colon"; the entries of an array
// of tables numbered from 0: "override.1.rules.syntax"; an entry's own
// line under "override.1"), and of each element of an array
// ("exclude[2]"), for errors the decoder cannot place.
func keyLines(data []byte) map[string]int {
	lines := map[string]int{}
	var p unstable.Parser
	p.Reset(data)
	// The line of an offset, from the offsets of the newlines: a search,
	// not a count from the start (Parser.Shape's), so that a file of many
	// keys or items costs linear time.
	var newlines []int
	for i, b := range data {
		if b == '\n' {
			newlines = append(newlines, i)
		}
	}
	lineOf := func(r unstable.Range) int {
		n, _ := slices.BinarySearch(newlines, int(r.Offset))
		return n + 1
	}
	keyOf := func(n *unstable.Node) ([]string, int) {
		var k []string
		line := 0
		it := n.Key()
		for it.Next() {
			if line == 0 {
				line = lineOf(it.Node().Raw)
			}
			k = append(k, string(it.Node().Data))
		}
		return k, line
	}
	var walk func(prefix []string, kv *unstable.Node)
	walk = func(prefix []string, kv *unstable.Node) {
		k, line := keyOf(kv)
		key := append(slices.Clone(prefix), k...)
		if _, seen := lines[strings.Join(key, ".")]; !seen {
			lines[strings.Join(key, ".")] = line
		}
		switch v := kv.Value(); {
		case v == nil:
		case v.Kind == unstable.InlineTable:
			for ch := v.Children(); ch.Next(); {
				walk(key, ch.Node())
			}
		case v.Kind == unstable.Array:
			name := strings.Join(key, ".")
			i := 0
			for ch := v.Children(); ch.Next(); i++ {
				lines[name+"["+strconv.Itoa(i)+"]"] = lineOf(ch.Node().Raw)
			}
		}
	}
	var table []string
	arrays := map[string]int{}
	for p.NextExpression() {
		e := p.Expression()
		switch e.Kind {
		case unstable.Table:
			table, _ = keyOf(e)
		case unstable.ArrayTable:
			k, line := keyOf(e)
			name := strings.Join(k, ".")
			table = append(k, strconv.Itoa(arrays[name]))
			arrays[name]++
			lines[strings.Join(table, ".")] = line
		case unstable.KeyValue:
			walk(table, e)
		}
	}
	return lines
}

// Options returns the linter options the configuration sets: its base,
// rules and allowances; its overrides are the run's ([Run.Overrides],
// relative to [Run.Dir], the configuration's Dir). Command-line flags go
// on top of them: Enable, Disable and Severity apply after Levels and
// the overrides.
func (c *Config) Options() lint.Options {
	return lint.Options{
		Retrieval: c.Base, Levels: c.Levels,
		AllowChars: c.AllowChars, AllowIPv6Hosts: c.AllowIPv6Hosts,
	}
}

// Skips reports whether a walk leaves out the file (isDir false) or the
// directory (isDir true) at path: a directory Exclude matches, a file
// Include does not match (when it has patterns) or Exclude matches. path
// is as the walk met it, relative to the working directory or absolute;
// patterns apply to the path relative to the configuration file's
// directory, and to the directories that hold it ([Patterns.Match]). It
// is [Run.Skip]'s function.
func (c *Config) Skips(path string, isDir bool) bool {
	if c.Exclude.Empty() && c.Include.Empty() {
		return false
	}
	rel := c.rel(path)
	if isDir {
		return c.Exclude.Match(rel, true)
	}
	if !c.Include.Empty() && !c.Include.Match(rel, false) {
		return true
	}
	return c.Exclude.Match(rel, false)
}

// rel returns path relative to the configuration's directory, with "/"
// separators; "" when it cannot be made so.
func (c *Config) rel(path string) string {
	return relTo(c.Dir, path)
}

// relTo returns path relative to dir with "/" separators, or "".
func relTo(dir, path string) string {
	abs, err := filepath.Abs(path)
	if err != nil {
		return ""
	}
	rel, err := filepath.Rel(dir, abs)
	if err != nil {
		return ""
	}
	return filepath.ToSlash(rel)
}
