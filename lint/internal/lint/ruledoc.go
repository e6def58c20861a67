package lint

//go:generate go run ../rulesdoc ../../../docs/rules.md

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/relurl/relurl/lint/internal/extract"
	"github.com/relurl/relurl/lint/internal/fix"
	"github.com/relurl/relurl/lint/internal/target"
)

// Markdown returns the rule's documentation in Markdown, as its section of
// the documentation page holds it below its heading (and as SARIF's
// help.markdown carries it): what it checks, the RFC text it enforces, a
// bad and a good example with what relurl lint reports on the bad one, the
// fix, and how to turn it off.
func (r Rule) Markdown() string { return r.markdown(false) }

// markdown is [Rule.Markdown], with a link that opens each example in the
// playground after it when try is true (the rules page's, which the site
// serves beside the playground).
func (r Rule) markdown(try bool) string {
	var b strings.Builder
	var links [2]string
	if try {
		links[0], links[1] = r.playgroundLinks()
	}
	on := "on by default"
	if !r.Default {
		on = "off by default"
	}
	fmt.Fprintf(&b, "Family `%s` · %s · %s · %s · since %s\n\n", r.Family, r.Severity, on, r.Section, r.Since)
	fmt.Fprintf(&b, "**Finds** %s.\n\n%s\n\n", MarkdownText(r.Summary), MarkdownText(r.Help))
	if r.Quote != "" {
		fmt.Fprintf(&b, "> %s\n>\n> — %s\n\n", MarkdownText(r.Quote), r.Section)
	}
	for i, ex := range []struct {
		label string
		ex    Example
	}{{"Bad", r.Bad}, {"Good", r.Good}} {
		against := ""
		if ex.ex.Base != "" {
			against = fmt.Sprintf(", linted with `--base %s`", ex.ex.Base)
		}
		if r.readsTree() {
			against += fmt.Sprintf(", the file `%s` at the root of a tree", exampleName(ex.ex))
			if files := strings.Fields(ex.ex.Files); len(files) > 0 {
				for i, f := range files {
					if name, to, ok := strings.Cut(f, "="); ok {
						files[i] = name + "` (a redirect page to `" + to + "`)"
						continue
					}
					files[i] += "`"
				}
				against += " that holds `" + strings.Join(files, ", `") + " too"
			} else {
				against += " that holds nothing else"
			}
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
		if links[i] != "" {
			fmt.Fprintf(&b, "[Try it in the playground](%s)\n\n", links[i])
		}
	}
	if r.Fix != "" {
		fmt.Fprintf(&b, "**Fix:** %s.\n\n", MarkdownText(r.Fix))
	}
	switch ok, reason, why := r.AutoFix(); {
	case ok && ruleRow(r.ID).repair == repairCase:
		b.WriteString("**Automatic fix:** `relurl lint --fix` makes it when exactly one file matches: the names the reference " +
			"writes are written as the directory lists them (see [the fixes](fixes.md)).\n\n")
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
	case r.Default && r.ID == RuleInputMarkdownUndefinedLabel:
		fmt.Fprintf(&b, "**Turn it off** in `.relurl.toml` with `\"%s\" = \"off\"` under `[rules]` (or a whole family: `%s = \"off\"`), "+
			"on the command line with `--disable %s`, or for one reference in Markdown with "+
			"`<!-- relurl:ignore %s -- why -->` on the line before it.\n", r.ID, r.Family, r.ID, r.ID)
	case r.Default && !LineSuppressible(r.ID):
		fmt.Fprintf(&b, "**Turn it off** in `.relurl.toml` with `\"%s\" = \"off\"` under `[rules]` (or a whole family: `%s = \"off\"`), "+
			"on the command line with `--disable %s`, or for one file in HTML, XML or Markdown with "+
			"`<!-- relurl:ignore-file %s -- why -->`.\n", r.ID, r.Family, r.ID, r.ID)
	case r.Default:
		fmt.Fprintf(&b, "**Turn it off** in `.relurl.toml` with `\"%s\" = \"off\"` under `[rules]` (or a whole family: `%s = \"off\"`), "+
			"on the command line with `--disable %s`, or for one URL in HTML, XML or Markdown with "+
			"`<!-- relurl:ignore %s -- why -->` on the line before it.\n", r.ID, r.Family, r.ID, r.ID)
	case r.Family != FamilyRFC1738:
		// An opt-in rule of a family on by default: its family's level
		// would set the others'.
		fmt.Fprintf(&b, "**Turn it on** in `.relurl.toml` with `\"%s\" = \"%s\"` under `[rules]`, "+
			"or on the command line with `--enable %s`.\n", r.ID, r.Severity, r.ID)
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
	name := exampleName(ex)
	if !r.readsTree() {
		return l.File(name, []byte(ex.Text), ex.kind())
	}
	// A file written "name=URL" is a redirect page to URL, rustdoc's
	// stub; the others are empty.
	names, stubs := []string{name}, map[string]string{}
	for _, f := range strings.Fields(ex.Files) {
		n, to, ok := strings.Cut(f, "=")
		if ok {
			stubs[n] = `<meta http-equiv="refresh" content="0; url=` + to + `"><script>location.replace("` + to + `" + location.hash)</script>`
		}
		names = append(names, n)
	}
	load := func(real string, k extract.Kind) *target.Anchors {
		return target.ReadAnchors(stubs[real], k, target.SlugsGitHub)
	}
	tree, err := target.NewTree(target.Files(names...), ex.Base, target.Options{Load: load})
	if err != nil {
		return nil
	}
	return l.CheckWith(name, ex.Text, ex.kind(), ex.Base, nil, &target.Scope{Tree: tree, Paths: []string{name}}).Findings
}

// readsTree reports whether the rule reads where references lead in a
// tree of files: its examples are linted in one.
func (r Rule) readsTree() bool { return r.Family == FamilyTarget || r.ID == RuleWHATWGTarget }

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
// ([Rule.Anchor]) holding its [Rule.Markdown]. "go generate ./lint/internal/lint" writes
// it, and a test fails when the file is stale.
func RulesPage() string {
	var b strings.Builder
	b.WriteString("# Rules: every check of relurl lint\n\n")
	b.WriteString("<!-- Generated from the rule catalog (package lint) by \"go generate ./lint\"; do not edit. -->\n\n")
	b.WriteString("Each rule has a stable id, a family, a default severity, the text of RFC 1808 (or RFC 1738) it " +
		"enforces, and a bad and a good example; the bad one is linted as shown with the rule alone turned on, " +
		"and each opens in [the playground](playground.md) (\"Try it in the playground\") when the rule is about a URL. " +
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
			strings.ReplaceAll(MarkdownText(r.Summary), "|", `\|`))
	}
	for _, r := range Rules() {
		fmt.Fprintf(&b, "\n<a id=\"%s\"></a>\n\n## `%s`\n\n%s", r.Anchor(), r.ID, r.markdown(true))
	}
	return b.String()
}

// PlaygroundFromRules is the playground's page as the rules page links
// to it: the playground's package in the repository, which the site (make
// site) turns into its own playground/ beside docs/rules.html, so the link
// is relative and works on GitHub and wherever the site is served.
const PlaygroundFromRules = "../lint/internal/playground/"

// playgroundLinks returns the addresses that open the rule's bad and good
// examples in the playground ([PlaygroundFromRules], the state in the
// fragment as the page writes it, decision W-10), or "" for an example
// the playground cannot show. The playground reads one URL and a base:
// it is shown the URL the rule reports in the bad example, with the base
// it was checked against (a document's own base is shown as the base),
// and the URL at the same place in the good one; a rule about documents
// (a directive, a part of a message) has no link. A rule off by default,
// or on only in some kinds of document, is turned on in the link.
func (r Rule) playgroundLinks() (bad, good string) {
	var at *Finding
	for _, f := range r.lintExample(r.Bad) {
		if f.Rule == r.ID && f.URL != "" {
			at = &f
			break
		}
	}
	if at == nil {
		return "", ""
	}
	badRefs, goodRefs := exampleRefs(r.Bad), exampleRefs(r.Good)
	i := slices.IndexFunc(badRefs, func(ref extract.Ref) bool { return ref.URL == at.URL && ref.Where == at.Where })
	if i < 0 || badRefs[i].Err != nil {
		return "", ""
	}
	enable := ""
	if !r.Default || r.Kinds != "" && !slices.Contains(strings.Split(r.Kinds, ","), extract.KindText.String()) {
		enable = r.ID
	}
	if !badRefs[i].IsBase && !playgroundReports(r.ID, badRefs[i], enable) {
		// Shown with the default rules, as the playground lints, the URL
		// has findings of other rules in this one's place (a URL with
		// more faults than a reader lists lists them).
		return "", ""
	}
	bad = playgroundLink(badRefs[i], enable)
	if i < len(goodRefs) && goodRefs[i].IsBase == badRefs[i].IsBase && goodRefs[i].Err == nil {
		good = playgroundLink(goodRefs[i], enable)
	}
	return bad, good
}

// playgroundReports reports whether the linter, as the playground runs
// it on ref (the rules on by default and enable; the URL alone, against
// its base), reports the rule.
func playgroundReports(rule string, ref extract.Ref, enable string) bool {
	opts := Options{Enable: []string{enable}}
	if enable == "" {
		opts.Enable = nil
	}
	if ref.Base != nil {
		opts.Retrieval = ref.Base.URL.URL
	}
	l, err := New(opts)
	if err != nil {
		return false
	}
	return slices.ContainsFunc(l.URL(ref.URL), func(f Finding) bool { return f.Rule == rule })
}

// exampleRefs returns the URLs of an example, as the linter reads them.
func exampleRefs(ex Example) []extract.Ref {
	var refs []extract.Ref
	extract.Extract(ex.Text, ex.kind(), ex.Base, extract.Handler{Ref: func(r extract.Ref) { refs = append(refs, r) }})
	return refs
}

// playgroundLink is the address of the playground showing ref: its URL
// and base, or a document's own base as the base and no URL.
func playgroundLink(ref extract.Ref, enable string) string {
	url, base := ref.URL, ""
	switch {
	case ref.IsBase:
		url, base = "", ref.URL
	case ref.Base != nil:
		base = ref.Base.URL.URL
	}
	return PlaygroundFromRules + PlaygroundState(url, base, enable)
}

// PlaygroundState is the fragment of an address of the playground's page
// that opens it on url against base ("" for none), with the rules named
// in enable ("" for none) turned on: "#url=…&base=…&enable=…", each value
// escaped by fragmentValue, so that the address is a valid URL under RFC
// 1808 and can stand in a Markdown link.
func PlaygroundState(url, base, enable string) string {
	state := "#url=" + fragmentValue(url)
	if base != "" {
		state += "&base=" + fragmentValue(base)
	}
	if enable != "" {
		state += "&enable=" + fragmentValue(enable)
	}
	return state
}

// fragmentValue escapes s for a value of the playground's fragment,
// which the page reads with decodeURIComponent: every byte but letters,
// digits and those of "$-_.+!*',;/?:@" is written %XX, so that the link
// is a valid URL under RFC 1808 (its fragment holds uchar and reserved
// characters only), "&", "=" and "#" stay inside the value, and "(" and
// ")" cannot end a Markdown link.
func fragmentValue(s string) string {
	const keep = "$-_.+!*',;/?:@"
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte(keep, c) >= 0 {
			b.WriteByte(c)
			continue
		}
		fmt.Fprintf(&b, "%%%02X", c)
	}
	return b.String()
}

// MarkdownText returns plain text of the catalog (a summary, a help, a
// fix) as Markdown that shows it as written: each "<" outside a code span
// is escaped, so that "<URL:absoluteURL>" is text, not an autolink to
// nowhere, and "<a" no HTML.
func MarkdownText(s string) string {
	if !strings.Contains(s, "<") {
		return s
	}
	var b strings.Builder
	code := false
	for _, c := range s {
		switch {
		case c == '`':
			code = !code
		case c == '<' && !code:
			b.WriteByte('\\')
		}
		b.WriteRune(c)
	}
	return b.String()
}
