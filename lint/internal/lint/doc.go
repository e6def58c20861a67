// Package lint checks the URLs of documents against RFC 1808 and the rules
// drawn from it, the way linters do in CI: stable rule ids, precise
// positions in the linted file, and machine-readable output.
//
// The rule catalog ([Rules], [Lookup]) is the one place rules are
// defined: each row is a [Rule] as documented (an id, a [Family], a
// default severity, a one-line summary, a paragraph of help citing the RFC
// section it comes from, and a suggested fix where there is one) and the
// check that finds it. One file per family:
//
//   - syntax.go: the rules of the table of syntax rules (internal/rules), one per
//     way of breaking a §2.2 production, as package validate reports them
//     (errors);
//   - rfc1808.go: warnings from the RFC's text: the loophole of §5.2
//     ("http:g"), a relative path whose first segment holds ":" (§5.3),
//     ";type=d" on an ftp URL where relative URLs are allowed (§5.3), a
//     relative reference against a mailto, news or telnet base (§2.3), a
//     base that is not absolute or does not fit generic-RL (§2, §10), a Base
//     header not of the form of §3.1;
//   - portability.go: the three readings of package compare: references
//     browsers (the WHATWG URL Standard) resolve to another URL, URLs they
//     reject or repair, on by default only in the kinds of documents
//     browsers read ([Rule.Kinds]); references RFC 3986 resolves
//     differently, computed with net/url against the same base, and URLs
//     net/url refuses; each names compare's class of the divergence, and
//     carries the readings ([Finding.Readings]);
//   - rfc1738.go: the opt-in profile of RFC 1738: the login of the common
//     Internet scheme syntax (§3.1) and the scheme productions of §5;
//   - suppress.go: the suppression directives ("<!-- relurl:ignore RULE --
//     reason -->", read by [ParseIgnore]) and their own rules, one that
//     suppressed nothing and one that does not parse.
//
// Each rule also carries the RFC text it enforces and a bad and a good
// example; [RulesPage] turns the catalog into docs/rules.md ("go generate
// ./lint"), a section per rule at its [Rule.Anchor].
//
// A [Linter] is made by [New] from [Options] that turn rules or families
// on and off (in every kind of document), change severities, set levels
// in layers ([Level], [Linter.WithLevels]) and allow characters and IPv6
// hosts (the library's allowances, package internal/profile); it decides once which checks run, and is safe for
// concurrent use. [Linter.File] reads a file through package
// lint/extract (a list of URLs, an HTML document or an RFC 822 message),
// which establishes each document's base by the layers of §3 (package
// resolve/base: the HTML BASE element of §10, the Base header of §3.1, the
// enclosing entity of §3.2, the retrieval URL of §3.3), and returns every
// [Finding] with its position in the file: line and column from 1, the
// column counted in bytes.
//
// [Linter.Check] lints the content of one file as a runner hands it: its
// name, kind and retrieval URL, its findings in parts as they are final.
// Package lint/runner is that runner: the walk of directories, the
// configuration file .relurl.toml with its patterns and per-file
// overrides, the baseline, reading files through a size limit, and the
// ordered parallel run that hands each file's findings to the formats of
// package lint/format. This package reads no file and no configuration:
// what the Go analyzer and the playground link is the catalog and the
// checker alone.
//
// The rules other than syntax read only URLs that are valid under §2.2: an
// invalid URL gets its syntax findings alone.
//
// Fixes (fixes.go, fixfile.go; the engine is package lint/fix): with
// [Options.Fixes] each finding carries its automatic fix ([Finding.Edit],
// one edit per URL, shared by the URL's findings) or why it has none
// ([Finding.NoFix]). A catalog row says how its rule's findings are mended
// ([Rule.AutoFix]); a fix mends every fault of its URL that a finding
// reports, is linted again, and is made only when the three readers of
// package compare take the fixed URL where they took the original
// (fix.Check). [ApplyFixes] makes the fixes of one file's content and
// reads it back; the runner hands the result to relurl lint --fix and
// --diff.
package lint
