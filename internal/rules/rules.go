// Package rules is the one table of the syntax rules: every way an input
// can fall outside the RFC 1808 §2.2 language, under the stable id of
// package ast that diagnostics carry, with its documentation (section,
// summary, help, the RFC's text, a bad and a good example) and how a tool
// can mend its findings. The linter's catalog, its fixes, the rules page
// and the fuzz tests read it; programs see the ids alone (package ast, and
// the root package's Rule constants).
package rules

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/relurl/relurl/ast"
)

// Rule is one entry of the table of syntax rules: a way for an input
// to fall outside the §2.2 language, under the stable id that diagnostics
// carry in ast.Diagnostic.Rule. The table ([All]) is the one home of
// these facts: the linter's catalog, the Go analyzer's fixes and the
// documentation derive from it, and the fuzz tests fail when a reader
// emits an id that is not in it.
type Rule struct {
	// ID is the rule's id, such as "escape/malformed": the production,
	// then the kind of fault.
	ID string
	// Production is the production of §2.2 whose rule is broken, spelled
	// as the RFC spells it ("net_loc", "fsegment"), or "URL".
	Production string
	// Section cites the text the rule comes from, such as
	// "RFC 1808 §2.2 escape".
	Section string
	// Summary says what the rule finds, in one line.
	Summary string
	// Help explains the rule in a paragraph, citing the RFC.
	Help string
	// Fix says how to fix any finding of the rule, or is empty when there
	// is nothing to suggest.
	Fix string
	// Repair is how a tool can mend the offending text mechanically.
	Repair Repair
	// Reader says which reader reports the rule.
	Reader Reader

	// Quote is the text of RFC 1808 the rule enforces, quoted verbatim
	// (a production of §2.2, or a sentence), for the rule's documentation.
	Quote string
	// Bad is a URL that breaks the rule, and Good the same URL mended: the
	// rule's documentation shows them, and the linter's tests hold the
	// rule to them. Empty for the reference parser's own rules.
	Bad, Good string
}

// Repair is how the offending text of a syntax diagnostic can be mended
// mechanically, by a suggested fix or an autofix.
type Repair uint8

const (
	// RepairNone: there is no mechanical repair; the author must decide.
	RepairNone Repair = iota
	// RepairEncode: write each byte of the offending text as its %XX
	// escape (ast.PercentEncode).
	RepairEncode
	// RepairEscapePercent: the offending text begins with a "%" that
	// begins no escape; write that "%" as %25 and keep the rest.
	RepairEscapePercent
)

// Reader names the readers that report a syntax rule.
type Reader uint8

const (
	// ReaderBoth: the validator (package validate), whose diagnostics the
	// linter reports, and the reference parser (package grammar), which
	// reports the first of them (the agreement of the two readers).
	ReaderBoth Reader = iota
	// ReaderGrammar: the reference parser only, which names no finer rule
	// or has a limit the validator does not have.
	ReaderGrammar
	// ReaderValidate: the validator only.
	ReaderValidate
)

// The table of syntax rules, in the order they are documented.
var syntaxRules = [...]Rule{
	{
		ID: ast.RuleEscapeMalformed, Production: "escape", Section: "RFC 1808 §2.2 escape",
		Summary: `"%" not followed by two hex digits`,
		Help: `escape = "%" hex hex: a "%" always begins an escape, so it must be followed by two hex ` +
			`digits. A literal "%" is written %25.`,
		Fix:    `write a literal "%" as %25, or complete the escape`,
		Repair: RepairEscapePercent,
		Quote:  `escape = "%" hex hex`,
		Bad:    `http://a/100%`,
		Good:   `http://a/100%25`,
	},
	{
		ID: ast.RuleNetLocChar, Production: "net_loc", Section: "RFC 1808 §2.2 net_loc",
		Summary: "a character net_loc does not allow",
		Help: `net_loc = *( pchar | ";" | "?" ). National characters ({ } | \ ^ ~ [ ] ` + "`" + `), ` +
			`punctuation (< > " and a "%" that begins no escape), space, controls, DEL and every ` +
			`non-ASCII byte are allowed nowhere in a URL; the message names the character.`,
		Fix:    "write the character as its %XX escape",
		Repair: RepairEncode,
		Quote:  `net_loc = *( pchar | ";" | "?" )`,
		Bad:    `http://{host}/`,
		Good:   `http://host/`,
	},
	{
		ID: ast.RuleFsegmentChar, Production: "fsegment", Section: "RFC 1808 §2.2 fsegment",
		Summary: "a character the first path segment does not allow",
		Help: `fsegment = 1*pchar, with pchar = uchar | ":" | "@" | "&" | "=". The first segment of ` +
			`a path (after its leading "/", if any) allows no national or punctuation character, ` +
			`space, control, DEL or non-ASCII byte.`,
		Fix:    "write the character as its %XX escape",
		Repair: RepairEncode,
		Quote:  `fsegment = 1*pchar`,
		Bad:    `a b.html`,
		Good:   `a%20b.html`,
	},
	{
		ID: ast.RuleSegmentChar, Production: "segment", Section: "RFC 1808 §2.2 segment",
		Summary: "a character a later path segment does not allow",
		Help:    `segment = *pchar: as fsegment, for the segments after the first.`,
		Fix:     "write the character as its %XX escape",
		Repair:  RepairEncode,
		Quote:   `segment = *pchar`,
		Bad:     `/docs/a b.html`,
		Good:    `/docs/a%20b.html`,
	},
	{
		ID: ast.RuleParamChar, Production: "param", Section: "RFC 1808 §2.2 param",
		Summary: "a character params do not allow",
		Help:    `param = *( pchar | "/" ), and params are separated by ";".`,
		Fix:     "write the character as its %XX escape",
		Repair:  RepairEncode,
		Quote:   `param = *( pchar | "/" )`,
		Bad:     `/a;x=a b`,
		Good:    `/a;x=a%20b`,
	},
	{
		ID: ast.RuleQueryChar, Production: "query", Section: "RFC 1808 §2.2 query",
		Summary: "a character the query does not allow",
		Help:    `query = *( uchar | reserved ): every character but the national and punctuation ones, space, controls, DEL and non-ASCII bytes.`,
		Fix:     "write the character as its %XX escape",
		Repair:  RepairEncode,
		Quote:   `query = *( uchar | reserved )`,
		Bad:     `/search?q="url"`,
		Good:    `/search?q=%22url%22`,
	},
	{
		ID: ast.RuleFragmentChar, Production: "fragment", Section: "RFC 1808 §2.2 fragment",
		Summary: "a character the fragment does not allow",
		Help:    `fragment = *( uchar | reserved ), the same characters as a query.`,
		Fix:     "write the character as its %XX escape",
		Repair:  RepairEncode,
		Quote:   `fragment = *( uchar | reserved )`,
		Bad:     `/page#a b`,
		Good:    `/page#a%20b`,
	},
	{
		ID: ast.RuleFragmentHash, Production: "fragment", Section: "RFC 1808 §2.2 fragment, §2.4.1",
		Summary: `a second "#", inside the fragment`,
		Help: `Only the first "#" begins the fragment (§2.4.1), and "#" is neither uchar nor ` +
			`reserved, so a fragment cannot hold one.`,
		Fix:    "write it as %23",
		Repair: RepairEncode,
		Quote:  `If the parse string contains a crosshatch "#" character, then the substring after the first (left-most) crosshatch "#" and up to the end of the parse string is the <fragment> identifier.`,
		Bad:    `/page#a#b`,
		Good:   `/page#a%23b`,
	},
	{
		ID: ast.RuleNetPathEmptySegment, Production: "net_path", Section: "RFC 1808 §2.2 net_path",
		Summary: `a relative "//net_loc" followed by "//"`,
		Help: `net_path = "//" net_loc [ abs_path ] and abs_path = "/" rel_path, which cannot begin ` +
			`with "/": a reference without a scheme cannot have an empty first path segment after its ` +
			`net_loc. (With a scheme, "http://a//b" is valid in the opaque form of absoluteURL, but it ` +
			`cannot serve as a base.)`,
		Fix:   `remove the extra "/"`,
		Quote: `net_path = "//" net_loc [ abs_path ] abs_path = "/" rel_path`,
		Bad:   `//example.com//a`,
		Good:  `//example.com/a`,
	},
	{
		ID: ast.RuleTooManyErrors, Production: "URL", Section: "RFC 1808 §2.2",
		Summary: "more syntax errors in one URL than a reader lists",
		Help: `A reader lists at most a documented number of diagnostics for one URL ` +
			`(validate.MaxDiagnostics), so that its output stays bounded whatever the input; the last ` +
			`diagnostic listed says how many more there are and spans them. Fix the ones listed first.`,
		Fix:    "fix the errors listed before it, then look again",
		Reader: ReaderValidate,
		Quote:  `URL = ( absoluteURL | relativeURL ) [ "#" fragment ]`,
		// More runs of bad characters than validate.MaxDiagnostics (100).
		Bad:  "/" + strings.Repeat("a^", 101),
		Good: "/" + strings.Repeat("a%5E", 101),
	},
	{
		ID: ast.RuleGrammar, Production: "URL", Section: "RFC 1808 §2.2",
		Summary: "an input the reference parser does not accept",
		Help: `The reference parser (package grammar) reports the first place where its input stops ` +
			`being a prefix of any URL of the §2.2 BNF; it names no finer rule.`,
		Reader: ReaderGrammar,
	},
	{
		ID: ast.RuleTooLong, Production: "URL", Section: "RFC 1808 §2.2",
		Summary: "an input longer than the reference parser's limit",
		Help: `The reference parser (package grammar) refuses input longer than grammar.MaxInput ` +
			`bytes; the validator has no such limit.`,
		Reader: ReaderGrammar,
	},
}

// All returns the table of syntax rules, in the order they are
// documented. The slice is a copy the caller may modify.
func All() []Rule { return append([]Rule(nil), syntaxRules[:]...) }

// Lookup returns the syntax rule with the given id.
func Lookup(id string) (Rule, bool) {
	for i := range syntaxRules {
		if syntaxRules[i].ID == id {
			return syntaxRules[i], true
		}
	}
	return Rule{}, false
}

// Replacement returns the text that mends text, the offending text of a
// diagnostic of the rule, when the rule has a mechanical repair: its %XX
// escapes, or "%25" in place of a lone "%". It knows nothing of where the
// text stands: the brackets of an IPv6 literal or a non-ASCII host are not
// mended by escapes. The fixes relurl makes are package lint/fix's, which
// checks that the URL still goes where it went.
func (r *Rule) Replacement(text string) (string, bool) {
	switch r.Repair {
	case RepairEncode:
		return ast.PercentEncode(text), true
	case RepairEscapePercent:
		if text != "" && text[0] == '%' {
			return "%25" + text[1:], true
		}
	}
	return "", false
}

// maxFixSpelled is the most bytes of offending text whose escapes
// [Rule.FixFor] spells out; a longer run is quoted as ast.Quote
// quotes it and its first escapes are followed by "…", so that a fix is
// short however long the run (a megabyte of invalid UTF-8 is one
// diagnostic).
const maxFixSpelled = 16

// FixFor says how to fix one diagnostic of the rule whose offending text is
// text: for a character that must be escaped, which escape to write
// (`write "|" as %7C`, `write "##" as %23%23`, "write the space as %20";
// for a run longer than 16 bytes, `write each byte of "…" as %XX: %FF%FF…`,
// the run quoted by ast.Quote); for a lone "%", to write it as %25;
// otherwise the rule's [Rule.Fix]. [Rule.Replacement] gives
// the whole replacement.
func (r *Rule) FixFor(text string) string {
	switch r.Repair {
	case RepairEscapePercent:
		return `write a literal "%" as %25`
	case RepairEncode:
		if len(text) > maxFixSpelled {
			cut := maxFixSpelled
			for cut > 0 && !utf8.RuneStart(text[cut]) {
				cut--
			}
			return "write each byte of " + ast.Quote(text, 0) + " as %XX: " + ast.PercentEncode(text[:cut]) + "…"
		}
		q := strconv.Quote(text)
		if text == " " {
			q = "the space"
		}
		return "write " + q + " as " + ast.PercentEncode(text)
	}
	return r.Fix
}
