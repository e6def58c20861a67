package target

import "github.com/relurl/relurl/ast"

// The target rules as data: their ids, and their rows of the linter's
// catalog (package lint's catalog includes them, each with its check).

// Rule ids of the target family, and of the portability rule that sets
// the two readings' targets side by side.
const (
	// RuleMissing: no file is where the reference leads.
	RuleMissing = "target/missing"
	// RuleFragment: the fragment names no anchor of its target.
	RuleFragment = "target/fragment"
	// RuleCase: the target exists only with other letter case.
	RuleCase = "target/case"
	// RuleOutside: the reference leaves the tree.
	RuleOutside = "target/outside"
	// RuleRedirect: a redirect page the reference leads to drops its
	// fragment, loops, or leads to nothing (redirect.go).
	RuleRedirect = "target/redirect"
	// RuleVia: a link that works goes through redirect pages: the page
	// they lead to may be linked to (redirect.go). Off by default.
	RuleVia = "target/via-redirect"
	// RuleWHATWG: RFC 1808 and browsers resolve the reference to
	// different places, and only one of them exists.
	RuleWHATWG = "portability/whatwg-target"
)

// Kinds are the kinds of documents a tree serves as pages: the
// target rules are on by default in them, and off in lists of URLs and
// messages, which are read where they are, not served.
const Kinds = "html,markdown,css,xml"

// RuleDoc is a target rule's row of the linter's catalog, as data: what
// its documentation says, its default severity, and why its findings have
// no fix. Package lint's catalog includes each, with its check, its
// family and the kinds of documents it is on by default in.
type RuleDoc struct {
	ID       string
	Severity ast.Severity
	// Section cites the text the rule comes from; Summary says what it
	// finds in a line, Help in a paragraph; Fix how to fix a finding;
	// Quote the text it enforces, verbatim.
	Section, Summary, Help, Fix, Quote string
	// Bad is an example the rule reports, Good the same mended.
	Bad, Good Example
	// NoFix says in a line why a finding has no fix ("" when the rule's
	// findings are mended).
	NoFix string
	// Off says that the rule is off unless turned on.
	Off bool
}

// Example is a document that shows a rule at work: its text, and the
// other files of the tree it is linted in (paths under the root,
// separated by spaces; the document is at the root).
type Example struct {
	Text, Files string
}

// Rules returns the rows of the target family, in the catalog's order.
func Rules() []RuleDoc {
	return []RuleDoc{
		{
			ID: RuleMissing, Severity: ast.SeverityError,
			Section: "RFC 1808 §1, §4",
			Summary: "a reference to a file the tree does not hold",
			Help: `The reference, resolved by RFC 1808 §4 against the document's base (its BASE element, ` +
				`else the URL the file is served at: its path under --root, resolved against --base, or ` +
				`"/" and the path when there is no --base), leads to a path under the root where there is ` +
				`no file. A directory is served as its index file ([targets] index, "index.html" then ` +
				`"index.htm"); a path whose last segment has no extension may be tried with the extensions ` +
				`of [targets] try-extensions (none by default); each segment is percent-decoded once. ` +
				`References to other sites are not fetched ("relurl lint --list-external" lists them), ` +
				`and [targets] ignore names targets a build makes.`,
			Fix:   "point the reference at a file the tree holds, or add the file",
			Quote: `A common use for Uniform Resource Locators is to embed them within a document (referred to as the "base" document) for the purpose of identifying other Internet-accessible resources.`,
			Bad:   Example{Text: `<a href="install.html">Installing</a>`, Files: "installing.html"},
			Good:  Example{Text: `<a href="installing.html">Installing</a>`, Files: "installing.html"},
			NoFix: "which file is meant is the author's to say",
		},
		{
			ID: RuleFragment, Severity: ast.SeverityError,
			Section: "RFC 1808 §2.1; HTML Standard §7.4.6.3",
			Summary: "a fragment that names no anchor of its target",
			Help: `The reference's fragment names nothing in the document it leads to, as the HTML ` +
				`standard finds the indicated part of a document: an element whose id is the fragment as ` +
				`written, else an a element whose name is, else the same with the fragment percent-decoded ` +
				`(as UTF-8); the empty fragment and "top" (in any case) are the top of the document. The ` +
				`fragment directive (":~:" and what follows) is taken away first, as browsers do, and a ` +
				`fragment that holds "=" is parameters for the page's scripts ("#url=…&base=…", "#t=10"), ` +
				`not looked up. A ` +
				`Markdown document's anchors are its headings', by [targets] markdown-anchors ("github": ` +
				`GitHub's slugs, matched in any letter case as GitHub's pages do; "goldmark": goldmark's ` +
				`automatic heading ids; "none"), and the ids and names of its raw HTML. A same-document ` +
				`reference ("#x") is checked against the file itself. Fragments of other targets (images, ` +
				`PDFs, style sheets) are not checked, and the summary counts them. A run checks a file's ` +
				`fragments once the anchors they name are read, and reports their findings in their places ` +
				`among the file's others.`,
			Fix:   "name an anchor the target has (an id, a heading's anchor), or add one",
			Quote: `"#" fragment ::= fragment identifier.`,
			Bad:   Example{Text: "<h2 id=\"usage\">Usage</h2>\n<a href=\"#usgae\">usage</a>\n"},
			Good:  Example{Text: "<h2 id=\"usage\">Usage</h2>\n<a href=\"#usage\">usage</a>\n"},
			NoFix: "which anchor is meant is the author's to say",
		},
		redirectRule(),
		viaRule(),
		{
			ID: RuleCase, Severity: ast.SeverityWarning,
			Section: "RFC 1808 §1",
			Summary: "a reference to a file that exists only with other letter case",
			Help: `The path the reference leads to is not in the tree as written, but is in other letter ` +
				`case: a file system blind to case (macOS's, Windows') finds it, and most servers do not. ` +
				`The fix writes the path's names as the directory lists them, when exactly one file matches ` +
				`and the names are written in the reference itself (not inherited from the base), and the ` +
				`file is served under no other name.`,
			Fix:   "write the path in the letter case of the file",
			Quote: `it is possible for a single set of hypertext documents to be simultaneously accessible and traversable via each of the "file", "http", and "ftp" schemes if the documents refer to each other using relative URLs.`,
			Bad:   Example{Text: `<a href="Install.html">Installing</a>`, Files: "install.html"},
			Good:  Example{Text: `<a href="install.html">Installing</a>`, Files: "install.html"},
		},
		{
			ID: RuleOutside, Severity: ast.SeverityWarning,
			Section: "RFC 1808 §1, §4",
			Summary: "a reference that leaves the tree",
			Help: `The reference, resolved by RFC 1808 §4, leads out of the tree: above the root of the ` +
				`site ("../" more times than the base has levels, which RFC 1808 keeps), into another ` +
				`directory of the root's site than the root, or through a symbolic link under the root ` +
				`that leads out of it (a tree copied or served elsewhere loses what the link reached). ` +
				`References to other sites are not this rule's: they are never fetched.`,
			Fix:   "point the reference at a file under the root, or write the absolute URL of what it means outside",
			Quote: `the vast majority of URLs in these documents point to locations within the tree rather than outside of it.`,
			Bad:   Example{Text: `<a href="../../index.html">Home</a>`, Files: "index.html"},
			Good:  Example{Text: `<a href="index.html">Home</a>`, Files: "index.html"},
			NoFix: "where the reference should lead is the author's to say",
		},
	}
}

// WHATWGRule is the row of portability/whatwg-target, one of the
// portability rules, whose check is the target rules'.
func WHATWGRule() RuleDoc {
	return RuleDoc{
		ID: RuleWHATWG, Severity: ast.SeverityWarning,
		Section: "RFC 1808 §4; URL Standard §4.4",
		Summary: "a reference RFC 1808 and browsers take to different files, only one of which exists",
		Help: `RFC 1808 and browsers (the WHATWG URL Standard) resolve the reference to different places ` +
			`in the tree, and only one of them holds a file: "../../../x.html" from a page near the root ` +
			`(RFC 1808 keeps the ".." it cannot remove, browsers drop them), ";x" against a base with ` +
			`params, "/./x". The message names both targets and which exists. Where this rule reports, ` +
			RuleMissing + ` and ` + RuleOutside + ` do not. On by default in HTML, Markdown ` +
			`and CSS, which browsers read.`,
		Fix:   "write the reference so that both readings lead to the file meant",
		Quote: `Parsers must be careful in handling the case where there are more relative path ".." segments than there are hierarchical levels in the base URL's path.`,
		Bad:   Example{Text: `<a href="../../guide.html">Guide</a>`, Files: "guide.html"},
		Good:  Example{Text: `<a href="guide.html">Guide</a>`, Files: "guide.html"},
	}
}
