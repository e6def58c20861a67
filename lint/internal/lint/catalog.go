package lint

import (
	"slices"
	"strings"
	"sync"

	"github.com/relurl/relurl/ast"
	"github.com/relurl/relurl/internal/profile"
	"github.com/relurl/relurl/lint/internal/extract"
)

// Family groups rules that can be turned on or off together.
type Family string

// The rule families.
const (
	// FamilySyntax holds one rule per way a URL can break the §2.2 BNF:
	// the syntax rules of package ast, emitted by package validate.
	FamilySyntax Family = "syntax"
	// FamilyRFC1808 holds the warnings drawn from the text of RFC 1808:
	// valid URLs that the RFC advises against.
	FamilyRFC1808 Family = "rfc1808"
	// FamilyRFC1738 is the opt-in profile of RFC 1738: the net_loc of the
	// common Internet scheme syntax (§3.1) and the scheme productions of
	// its §5.
	FamilyRFC1738 Family = "rfc1738"
	// FamilyPortability holds the warnings for URLs that other readers
	// take differently: browsers (the WHATWG URL Standard) and RFC 3986
	// parsers such as Go's net/url.
	FamilyPortability Family = "portability"
	// FamilySuppress holds the rules of the suppression directives
	// themselves: one that suppressed nothing, one that does not parse.
	FamilySuppress Family = "suppress"
	// FamilyTarget holds the rules on where references lead in the tree
	// of files the linted file is served from: missing files and
	// fragments, letter case, references that leave the tree.
	FamilyTarget Family = "target"
	// FamilyInput holds findings about the input rather than a URL in it:
	// parts of a document relurl did not read, or not as their format
	// wants them (MIME nesting past its limit, a multipart entity without
	// a boundary, ...). Nothing is skipped in silence.
	FamilyInput Family = "input"
)

// Rule ids of the linter's own rules. The syntax rules keep the ids of
// package ast ([ast.RuleEscapeMalformed] and the rest), the base rules
// those of package resolve ([resolve.RuleBaseNotAbsolute],
// [resolve.RuleBaseNotGenericRL]), and the RFC 1738 rules those of the
// library's profiles (package internal/profile), named here for the
// linter's code. Ids are stable across releases.
const (
	// RuleSchemeRelativeForm: the §5.2 loophole, "http:g".
	RuleSchemeRelativeForm = "scheme/relative-form"
	// RuleFsegmentColon: §5.3, a relative path whose first segment holds ":".
	RuleFsegmentColon = "fsegment/colon"
	// RuleParamsFTPTypeD: §5.3, ";type=d" on an ftp URL where relative URLs
	// are allowed.
	RuleParamsFTPTypeD = "params/ftp-type-d"
	// RuleBaseSchemeNoRelative: §2.3, a relative reference against a base
	// whose scheme is never used with relative URLs.
	RuleBaseSchemeNoRelative = "base/scheme-no-relative"
	// RuleBaseHeader: §3.1, a Base header not of the form <URL:absoluteURL>.
	RuleBaseHeader = "base/header"
	// RuleResultNotGenericRL: §2, §4, a relative reference whose result
	// does not fit generic-RL, and so cannot serve as a base in its turn.
	RuleResultNotGenericRL = "reference/result-not-generic-RL"

	// RuleWHATWGResolution: a browser resolves the reference to another
	// URL than RFC 1808 does.
	RuleWHATWGResolution = "portability/whatwg-resolution"
	// RuleWHATWGParse: a browser rejects or repairs a URL that RFC 1808
	// accepts.
	RuleWHATWGParse = "portability/whatwg-parse"
	// RulePortabilityResolution: the reference resolves differently under
	// RFC 3986.
	RulePortabilityResolution = "portability/rfc3986-resolution"
	// RulePortabilityParse: the reference is not a URI reference under
	// RFC 3986 (Go's net/url rejects it).
	RulePortabilityParse = "portability/rfc3986-parse"

	// RuleRFC1738Userinfo: ":", "@" or "/" unencoded in a user or password.
	RuleRFC1738Userinfo = profile.RuleUserinfo
	// RuleRFC1738Host: a host that is neither a hostname nor a dotted quad.
	RuleRFC1738Host = profile.RuleHost
	// RuleRFC1738Port: a port that is not digits.
	RuleRFC1738Port = profile.RulePort
	// RuleRFC1738HTTPUserinfo: a user name or password in an http URL.
	RuleRFC1738HTTPUserinfo = profile.RuleHTTPUserinfo
	// RuleRFC1738SchemeCase: a scheme not in lower case.
	RuleRFC1738SchemeCase = profile.RuleSchemeCase
	// RuleRFC1738HTTP: an http URL outside httpurl.
	RuleRFC1738HTTP = profile.RuleHTTP
	// RuleRFC1738FTP: an ftp URL outside ftpurl.
	RuleRFC1738FTP = profile.RuleFTP
	// RuleRFC1738File: a file URL outside fileurl.
	RuleRFC1738File = profile.RuleFile
	// RuleRFC1738Mailto: a mailto URL outside mailtourl.
	RuleRFC1738Mailto = profile.RuleMailto
	// RuleRFC1738Telnet: a telnet URL outside telneturl.
	RuleRFC1738Telnet = profile.RuleTelnet
	// RuleRFC1738WAIS: a wais URL outside waisurl.
	RuleRFC1738WAIS = profile.RuleWAIS
)

// Rule is one entry of the catalog: what a finding with its id means, as
// documented.
type Rule struct {
	// ID is the stable id diagnostics carry, such as "escape/malformed".
	ID string
	// Family is the group the rule belongs to.
	Family Family
	// Severity is the rule's default severity.
	Severity ast.Severity
	// Default reports whether the rule is enabled unless turned off.
	Default bool
	// Kinds, when not "", restricts Default to documents of these kinds:
	// names of package extract's kinds, comma-separated
	// ("html,markdown,css"). The rule is then on by default in documents
	// of those kinds and off in the others; once a setting names it
	// (Options.Enable or Disable, a configuration's rules, by its id or its
	// family) it is on or off in every kind. A name extract does not know
	// yet is allowed (see kindsToCome in lint.go).
	Kinds string
	// Section cites the text the rule comes from, such as "RFC 1808 §5.3".
	Section string
	// Summary says what the rule finds, in one line.
	Summary string
	// Help explains the rule in a paragraph, citing the RFC.
	Help string
	// Fix says how to fix a finding, or is empty when there is no fix to
	// suggest.
	Fix string
	// Quote is the text the rule enforces, quoted verbatim from RFC 1808
	// or RFC 1738 (a production, or a sentence or two): the rule's
	// documentation shows it.
	Quote string
	// Bad is an example the rule reports, and Good the same example
	// mended, which it does not: the documentation shows them, and a test
	// lints each with the rule on.
	Bad, Good Example
	// Since is the release the rule came in, as CHANGELOG.md names it:
	// [FirstRelease] unless its row says otherwise, "Unreleased" for a
	// rule not released yet.
	Since string
}

// FirstRelease is relurl's first release, which every rule of the catalog
// whose row names no other came in.
const FirstRelease = "0.1.0"

// Example is a small document that shows a rule at work, linted as
// "relurl lint --base BASE" would lint a file holding Text.
type Example struct {
	// Text is the document: HTML when it begins with "<", a message when
	// its first line is a header field, otherwise a list of URLs (one URL
	// for most rules); [extract.Detect] tells which.
	Text string
	// Base is the retrieval URL the document is linted against (the base
	// of RFC 1808 §3.3, "--base"), or "" for none.
	Base string
	// Kind is the kind of document Text is, when its content does not
	// tell (Markdown, CSS); 0 lets [extract.Detect] tell.
	Kind extract.Kind
	// Files, for the target rules, names the other files of the tree the
	// document is linted in, separated by spaces (paths under its root;
	// the document is at the root): their names, not their content.
	Files string
}

// kind returns the kind of document the example is.
func (ex Example) kind() extract.Kind {
	if ex.Kind != 0 {
		return ex.Kind
	}
	return extract.Detect("", []byte(ex.Text))
}

// row is one row of the catalog: a rule as it is documented, and the
// check that finds it. Each family's file holds its rows.
type row struct {
	Rule
	// reads says which URLs the check reads.
	reads reads
	// check runs the rule on one URL, and reports each finding with
	// [urlCheck.report]. It runs only when the rule is on: the Linter
	// decides that once, for every check. It is nil for a rule that reads
	// no URL (readsDirectives).
	check func(c *urlCheck)
	// repair is how a fix mends the rule's findings (fixes.go); none
	// for a rule whose fix needs the author, and then noFix says why in
	// one line ("" for the default of its family: see fixOf).
	repair repair
	noFix  string
}

// reads says which URLs a rule's check reads.
type reads uint8

const (
	// readsValid: the URLs that are valid under §2.2 (most rules).
	readsValid reads = iota
	// readsInvalid: the URLs that are not: a syntax rule, whose check
	// reads one of package validate's diagnostics (urlCheck.diag).
	readsInvalid
	// readsMalformed: text that should hold a URL in a form it does not
	// have (extract.Ref.Err), such as a Base header not of the form
	// <URL:absoluteURL>.
	readsMalformed
	// readsDirectives: no URL; the rule is about the file's suppression
	// directives, and the file's pass over them reports it (suppress.go).
	readsDirectives
	// readsNote: a part of a document that was not read, or not as its
	// format wants it (extract.Note): the input family, whose check
	// reads urlCheck.note.
	readsNote
)

// catalogRows is every rule, in the order they are documented: the
// syntax rules derived from the table of package internal/rules, then the families of
// this package, one file each. The target rules come after the
// portability rules, so that where portability/whatwg-target reports a
// reference, they can leave it to it. It is built on first use, not
// when the program starts (decision S-9), and never modified; [Rules]
// hands out copies.
func catalogRows() []row { return catalogTable().rows }

// ruleRow returns the catalog's row of the rule id, or nil.
func ruleRow(id string) *row { return catalogTable().byID[id] }

// catalogTable is the catalog and its index by rule id, built once.
var catalogTable = sync.OnceValue(func() (t struct {
	rows []row
	byID map[string]*row
}) {
	t.rows = slices.Concat(syntaxRows(), rfc1808Rows(), portabilityRows(), targetRows(), rfc1738Rows(), suppressRows(), inputRows())
	t.byID = make(map[string]*row, len(t.rows))
	for i := range t.rows {
		if t.rows[i].Since == "" {
			t.rows[i].Since = FirstRelease
		}
		t.byID[t.rows[i].ID] = &t.rows[i]
	}
	return t
})

// RepositoryURL is relurl's repository, the home of its documentation.
const RepositoryURL = "https://github.com/relurl/relurl"

// RulesDocURL is the page that documents every rule of the catalog, one
// section each at its [Rule.Anchor]: docs/rules.md, generated from the
// catalog.
const RulesDocURL = RepositoryURL + "/blob/main/docs/rules.md"

// Anchor returns the rule's anchor in the rules page: its id in lower
// case, each "/" written "-" ("fsegment/colon" is "fsegment-colon",
// "URL/too-many-errors" "url-too-many-errors"). The generator of the page
// and SARIF's helpUri both take it from here.
func (r Rule) Anchor() string {
	return strings.ToLower(strings.ReplaceAll(r.ID, "/", "-"))
}

// DocURL returns the address of the rule's documentation:
// [RulesDocURL]#[Rule.Anchor].
func (r Rule) DocURL() string { return RulesDocURL + "#" + r.Anchor() }

// Rules returns the catalog: every rule the linter knows, in the order
// they are documented. The slice is a copy the caller may modify.
func Rules() []Rule {
	rows := catalogRows()
	rules := make([]Rule, len(rows))
	for i := range rows {
		rules[i] = rows[i].Rule
	}
	return rules
}

// Families returns the rule families, in the order they are documented.
func Families() []Family {
	return []Family{FamilySyntax, FamilyRFC1808, FamilyRFC1738, FamilyPortability, FamilyTarget, FamilySuppress, FamilyInput}
}

// Lookup returns the rule with the given id.
func Lookup(id string) (Rule, bool) {
	if r := ruleRow(id); r != nil {
		return r.Rule, true
	}
	return Rule{}, false
}
