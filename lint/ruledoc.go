package lint

//go:generate go run ../internal/rulesdoc ../docs/rules.md

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/relurl/relurl/lint/extract"
	"github.com/relurl/relurl/lint/fix"
)

// Markdown returns the rule's documentation in Markdown, as its section of
// the documentation page holds it below its heading (and as SARIF's
// help.markdown carries it): what it checks, the RFC text it enforces, a
// bad and a good example with what relurl lint reports on the bad one, the
// fix, and how to turn it off.
func (r Rule) Markdown() string {
	var b strings.Builder
	on := "on by default"
	if !r.Default {
		on = "off by default"
	}
	fmt.Fprintf(&b, "Family `%s` · %s · %s · %s\n\n", r.Family, r.Severity, on, r.Section)
	fmt.Fprintf(&b, "**Finds** %s.\n\n%s\n\n", r.Summary, r.Help)
	if r.Quote != "" {
		fmt.Fprintf(&b, "> %s\n>\n> — %s\n\n", r.Quote, r.Section)
	}
	for _, ex := range []struct {
		label string
		ex    Example
	}{{"Bad", r.Bad}, {"Good", r.Good}} {
		against := ""
		if ex.ex.Base != "" {
			against = fmt.Sprintf(", linted with `--base %s`", ex.ex.Base)
		}
		text, lang, bytes := strings.TrimSuffix(ex.ex.Text, "\n"), exampleLang(ex.ex), ""
		if !isText(text) {
			// Bytes that are not text (UTF-16, NUL) would make the page a
			// binary file: they are shown as a Go string literal.
			text, lang, bytes = strconv.Quote(text), "go", ", its bytes as a Go string"
		}
		fmt.Fprintf(&b, "%s (%s%s%s):\n\n```%s\n%s\n```\n\n", ex.label, exampleKind(ex.ex), bytes, against, lang, text)
		if ex.label == "Bad" {
			for _, f := range r.lintExample(ex.ex) {
				if f.Rule == r.ID {
					fmt.Fprintf(&b, "relurl lint reports `%d:%d: %s: %s [%s]`\n\n", f.Line, f.Column, f.Severity, f.Message, f.Rule)
					break
				}
			}
		}
	}
	if r.Fix != "" {
		fmt.Fprintf(&b, "**Fix:** %s.\n\n", r.Fix)
	}
	switch ok, reason, why := r.AutoFix(); {
	case ok:
		b.WriteString("**Automatic fix:** `relurl lint --fix` makes it, where it is safe: the fixed URL is valid, and RFC 1808, " +
			"net/url and browsers each resolve it where they resolved the original (see [the fixes](fixes.md)).\n\n")
	case reason == fix.Loophole:
		fmt.Fprintf(&b, "**Automatic fix:** none: %s. `relurl lint --format json` and `--format sarif` offer both spellings as suggestions.\n\n", why)
	case reason != fix.NotURL:
		fmt.Fprintf(&b, "**Automatic fix:** none: %s.\n\n", why)
	}
	switch {
	case r.Family == FamilySuppress:
		fmt.Fprintf(&b, "**Turn it off** in `.relurl.toml` with `\"%s\" = \"off\"` under `[rules]` (or `%s = \"off\"`), "+
			"or on the command line with `--disable %s`; a directive cannot suppress it.\n", r.ID, r.Family, r.ID)
	case r.Default:
		fmt.Fprintf(&b, "**Turn it off** in `.relurl.toml` with `\"%s\" = \"off\"` under `[rules]` (or a whole family: `%s = \"off\"`), "+
			"on the command line with `--disable %s`, or for one URL in HTML, XML or Markdown with "+
			"`<!-- relurl:ignore %s -- why -->` on the line before it.\n", r.ID, r.Family, r.ID, r.ID)
	default:
		fmt.Fprintf(&b, "**Turn it on** in `.relurl.toml` with `\"%s\" = \"%s\"` under `[rules]` (or the whole profile: `%s = \"%s\"`), "+
			"or on the command line with `--enable %s` (`--%s` for the profile).\n", r.ID, r.Severity, r.Family, r.Severity, r.ID, r.Family)
	}
	return b.String()
}

// lintExample lints an example of the rule with the rule alone turned on
// or, for a rule about suppression directives, which are about other rules'
// findings, with the rule and the rules on by default.
func (r Rule) lintExample(ex Example) []Finding {
	opts := Options{Enable: []string{r.ID}, Retrieval: ex.Base}
	if r.Family != FamilySuppress {
		for _, f := range Families() {
			opts.Disable = append(opts.Disable, string(f))
		}
	}
	l, err := New(opts)
	if err != nil {
		return nil // a bad example base: TestRuleExamples says so
	}
	return l.File(exampleName(ex), []byte(ex.Text), ex.kind())
}

// exampleKind names the kind of document an example is.
func exampleKind(ex Example) string {
	switch ex.kind() {
	case extract.KindHTML:
		return "an HTML document"
	case extract.KindMessage:
		return "a message"
	case extract.KindMbox:
		return "a mailbox"
	case extract.KindMarkdown:
		return "a Markdown document"
	case extract.KindCSS:
		return "a style sheet"
	case extract.KindXML:
		return "an XML document"
	}
	return "a URL"
}

// exampleLang is the language of the example's code block.
func exampleLang(ex Example) string {
	switch k := ex.kind(); k {
	case extract.KindHTML, extract.KindMarkdown, extract.KindCSS, extract.KindXML:
		return k.String()
	}
	return "text"
}

// isText reports whether s can be shown as it is: UTF-8 without control
// characters but tab and line ends.
func isText(s string) bool {
	if !utf8.ValidString(s) {
		return false
	}
	for _, r := range s {
		if unicode.IsControl(r) && r != '\t' && r != '\n' && r != '\r' {
			return false
		}
	}
	return true
}

// exampleName is the name of the file the example is linted as.
func exampleName(ex Example) string {
	if k := ex.kind(); k != 0 && k != extract.KindText {
		return "example" + k.Extensions()[0]
	}
	return "example.urls"
}

// RulesPage returns the rules' documentation page, docs/rules.md: an
// index, then a section per rule under an anchor of its own
// ([Rule.Anchor]) holding its [Rule.Markdown]. "go generate ./lint" writes
// it, and a test fails when the file is stale.
func RulesPage() string {
	var b strings.Builder
	b.WriteString("# The rules of relurl lint\n\n")
	b.WriteString("<!-- Generated from the rule catalog (package lint) by \"go generate ./lint\"; do not edit. -->\n\n")
	b.WriteString("Each rule has a stable id, a family, a default severity, the text of RFC 1808 (or RFC 1738) it " +
		"enforces, and a bad and a good example; the bad one is linted as shown with the rule alone turned on. " +
		"Rules and families are set in `.relurl.toml` (`[rules]`, `[[override]]`), with `--enable`, `--disable` " +
		"and `--severity`, and silenced for one URL with `<!-- relurl:ignore RULE -- why -->` or for a file with " +
		"`<!-- relurl:ignore-file RULE -->` (see [linting](lint.md)). `relurl rules` lists them as configured.\n\n")
	b.WriteString("| rule | family | severity | default | finds |\n|---|---|---|---|---|\n")
	for _, r := range Rules() {
		on := "on"
		if !r.Default {
			on = "off"
		}
		fmt.Fprintf(&b, "| [`%s`](#%s) | %s | %s | %s | %s |\n", r.ID, r.Anchor(), r.Family, r.Severity, on,
			strings.ReplaceAll(r.Summary, "|", `\|`))
	}
	for _, r := range Rules() {
		fmt.Fprintf(&b, "\n<a id=\"%s\"></a>\n\n## `%s`\n\n%s", r.Anchor(), r.ID, r.Markdown())
	}
	return b.String()
}
