package runner

//go:generate go run ./internal/mkconfig -page ../../../docs/config.md -schema ../../../docs/relurl.schema.json

// ConfigType is the type of a key of the configuration file.
type ConfigType string

// The types of the configuration file's keys.
const (
	TypeString  ConfigType = "string"
	TypeBool    ConfigType = "boolean"
	TypeStrings ConfigType = "array of strings"
	// TypeSize is a number of bytes, or a string with a unit ("64MiB"),
	// as input.ParseSize reads it.
	TypeSize ConfigType = "size"
	// TypeLevels is a table of rule ids and families, each "off", "info",
	// "warning" or "error".
	TypeLevels ConfigType = "table of levels"
	// TypeTable is a table of the keys named after it ("allow.chars").
	TypeTable ConfigType = "table"
	// TypeTables is an array of tables of the keys named after it
	// ("override.paths").
	TypeTables ConfigType = "array of tables"
)

// ConfigKey is one key of .relurl.toml. [ConfigKeys] lists them all: the
// reference page docs/config.md and the JSON Schema docs/relurl.schema.json
// are generated from it, and a test holds the loader ([ParseConfig]) to
// it, key by key.
type ConfigKey struct {
	// Key is the key's dotted path: "base", "allow.chars",
	// "override.paths" (a key of each [[override]] entry).
	Key string
	// Type is what the key holds.
	Type ConfigType
	// Values, when not nil, are the strings the key may hold.
	Values []string
	// Default is what the key is when the file does not set it, as the
	// page says it.
	Default string
	// Flag is the command-line flag of relurl lint that overrides the
	// key, or "".
	Flag string
	// Doc says what the key does, in a sentence of Markdown.
	Doc string
	// Example is a value of the key, in TOML, that the loader accepts.
	Example string
}

// ConfigKeys are the keys of .relurl.toml, in the order the reference page
// lists them: a table before its keys.
var ConfigKeys = []ConfigKey{
	{Key: "base", Type: TypeString, Default: "none", Flag: "--base",
		Doc:     "The URL the root directory is served at: each file's retrieval URL (RFC 1808 §3.3) is its path under the root resolved against it. An absolute URL.",
		Example: `"https://docs.example.org/"`},
	{Key: "root", Type: TypeString, Default: "the directory linted", Flag: "--root",
		Doc:     "The directory the files are served from, relative to the configuration file: `base` is its URL, and the target rules check its tree. A configuration may only narrow the tree: the root is at or below the top of the repository that holds the file (below the file's own directory where there is none), never `/`, never above, never through a symbolic link out of it (decision L-58). Reading what links lead out of the tree to is no key: only the command line's `--follow-outside` does it.",
		Example: `"."`},
	{Key: "exclude", Type: TypeStrings, Default: "[]",
		Doc:     "gitignore-style patterns, relative to the configuration file, of the files and directories a walk leaves out.",
		Example: `["_sources/", "vendor/**"]`},
	{Key: "include", Type: TypeStrings, Default: "[] (every file)",
		Doc:     "When given, a walk lints only the files these patterns match.",
		Example: `["**/*.html", "**/*.md"]`},
	{Key: "fail-on", Type: TypeString, Values: []string{"error", "warning", "info", "none"}, Default: `"error"`, Flag: "--fail-on",
		Doc:     "Exit 1 when a finding is at or above this severity.",
		Example: `"warning"`},
	{Key: "baseline", Type: TypeString, Default: "none", Flag: "--baseline",
		Doc:     "A baseline file, relative to the configuration file: the findings it records are counted, not reported ([lint.md](lint.md#baseline); decision L-55). It must exist, but for a run that writes one (`--write-baseline`).",
		Example: `".relurl-baseline.json"`},
	{Key: "max-size", Type: TypeSize, Default: `"256MiB"`, Flag: "--max-size",
		Doc:     "The largest file read: a number of bytes, or a string with a unit (`64K`, `64KiB`, `100MB`; K, M, G, T and KiB… are powers of 1024, KB… of 1000), at most 1 TiB.",
		Example: `"64MiB"`},
	{Key: "rules", Type: TypeLevels, Default: "the catalog's", Flag: "--enable, --disable, --severity",
		Doc:     "Rule ids and families (`relurl rules`), each `\"off\"`, `\"info\"`, `\"warning\"` or `\"error\"`; an id overrides its family, and a level turns an opt-in rule on.",
		Example: `{ "fsegment/colon" = "off", portability = "info" }`},
	{Key: "allow", Type: TypeTable, Default: "",
		Doc: "Allowances: what is accepted as if RFC 1808 allowed it."},
	{Key: "allow.chars", Type: TypeString, Default: `""`,
		Doc:     "Characters §2.2 forbids that are accepted anywhere: the national ones (`{ } | \\ ^ ~ [ ]` and the backquote) and `< > \" #`; not `%`, white space, controls or non-ASCII.",
		Example: `"~"`},
	{Key: "allow.ipv6-hosts", Type: TypeBool, Default: "false",
		Doc:     "Accept an RFC 2732 `[IPv6address]` literal as the host of a net_loc.",
		Example: "true"},
	{Key: "override", Type: TypeTables, Default: "",
		Doc: "Rules for some files (`[[override]]`); later entries win over earlier ones."},
	{Key: "override.paths", Type: TypeStrings, Default: "required",
		Doc:     "gitignore-style patterns of the files the entry applies to.",
		Example: `["legacy/**"]`},
	{Key: "override.rules", Type: TypeLevels, Default: "{}",
		Doc:     "Rule ids and families with their levels, over `rules`, for those files.",
		Example: `{ syntax = "warning" }`},
	{Key: "targets", Type: TypeTable, Default: "",
		Doc: "The target rules: where references lead in the tree ([targets.md](targets.md))."},
	{Key: "targets.check", Type: TypeBool, Default: "true", Flag: "--no-targets",
		Doc:     "Check where references lead; `--no-targets` turns it off whatever the file says.",
		Example: "false"},
	{Key: "targets.index", Type: TypeStrings, Default: `["index.html", "index.htm"]`,
		Doc:     "A directory's index files, in order; `[]`: a directory is no target.",
		Example: `["index.html"]`},
	{Key: "targets.try-extensions", Type: TypeStrings, Default: "[]",
		Doc:     "Extensions tried after a path without one (`[\".html\"]`).",
		Example: `[".html"]`},
	{Key: "targets.markdown-anchors", Type: TypeString, Values: []string{"github", "goldmark", "none"}, Default: `"github"`,
		Doc:     "The ids Markdown headings get, for fragments: GitHub's slugs, goldmark's, or none checked.",
		Example: `"goldmark"`},
	{Key: "targets.ignore", Type: TypeStrings, Default: "[]",
		Doc:     "gitignore-style patterns of targets a build makes: taken to exist.",
		Example: `["api/**"]`},
	{Key: "targets.redirects", Type: TypeString, Values: []string{"follow", "off"}, Default: `"follow"`, Flag: "--redirects",
		Doc:     "Redirect pages (a refresh with delay 0 and a URL): followed, a fragment looked for where they lead and reported when one drops it, a chain that loops or leads to nothing reported at each link (`target/redirect`; decisions T-18 to T-20, T-25), or read as pages.",
		Example: `"off"`},
	{Key: "targets.line-ranges", Type: TypeStrings, Default: `["N-N", "LN-LN"]`,
		Doc:     "Forms of fragments that name a range of lines (`N` a line's number): accepted when both ends are anchors of the target (decision T-22); `[]`: none.",
		Example: `["LN-LN"]`},
	{Key: "targets.scripted", Type: TypeStrings, Default: "[]",
		Doc:     "Fragments a page's scripts read, as `path#fragment` under the root, `*` standing for any text: not looked for among its anchors (decision T-23).",
		Example: `["api/index.html#/*"]`},
}
