// Package target is the one home of link targets: where a reference
// leads in the tree of files the linted file is served from, whether a
// file is there, whether its fragment names an anchor, and the rules that
// say so (target/missing, target/fragment, target/case, target/outside,
// and portability/whatwg-target, which sets RFC 1808's target beside the
// browsers'). The linter (package lint), a run over files (lint/runner)
// and the language server (lsp) all read targets through it.
//
// # The flow
//
//	reference ──► resolution ──► tree ──────────────► anchors ──► finding
//	"../b.html#x"  RFC 1808 §4    files, index names,   ids, names,  Hit / Miss,
//	               against the    symlinks, the root's  headings'    turned into
//	               file's base    edge                  slugs        lint's Finding
//
// Step by step:
//
//   - Reference: a URL of the document, as package lint/extract found it,
//     read by package validate. One that RFC 1808 does not read is
//     followed where browsers take it (compare's WHATWG reading, decision
//     T-5).
//   - Resolution: RFC 1808 §4 against the file's base as every rule reads
//     it (a BASE element, a message's headers), or, when it embeds none,
//     against the URL the file is served at under the name checked
//     ([Tree.URLOf]; [SiteURL] without --base), decision T-1. [File] is a
//     file under one name, [Base] a base of its document, [Ref] a
//     reference under check and [Ref.Dest] where it leads ([Dest]);
//     [File.FastPlace] answers the references whose resolution is plain to
//     see without resolving them.
//   - Tree: [Tree] places the URL resolved ([Tree.LocateURL]: another
//     site, outside the root, or a path under it, read as a server reads
//     it, decision T-8) and looks the path up through directory listings,
//     never by opening it (decision T-7): a directory is served as its
//     index file ([Options.Index]), extensions may be tried, letter case
//     is told apart ([Case]), symbolic links are followed by their text
//     and one that leads out of the root is the root's edge, past which
//     nothing is read (decision L-48). The tree keeps its answers by path,
//     so memory is bounded by the tree (decision T-11).
//   - Anchors: a document's [Anchors] are its ids and names, and a
//     Markdown document's headings' slugs ([Slugs], decision T-14); a
//     fragment names one as the HTML standard finds the indicated part
//     ([Anchors.Find], decision T-4; parameters and the fragment directive
//     are no part of the name, decision T-16). A run hands the tree each
//     document's anchors as it lints it ([Session.Anchors],
//     [Tree.SetAnchorsAt]); one it does not lint is read when a fragment
//     names it ([Options.Load], [ReadAnchors], decision T-15). A file's
//     [Name] keeps the fragments to check under each of its names; those
//     that may name a document not read yet are left to the end of the
//     run ([Name.Defer], [Deferred], decision T-3), and a directive that
//     covers one counts as used (decision T-12).
//   - Finding: the rules' decisions ([MissingHit], [CaseHit],
//     [OutsideHit], [WHATWGHit], and the fragments' [Miss]) are neutral
//     data, a span of the URL and a message; package lint turns them into
//     its findings through one adapter, with the rule's configured
//     severity and the finding's place in the file. Where the two readings'
//     targets differ, portability/whatwg-target speaks alone (decision
//     T-10). The rules' ids and catalog rows are data here ([Rules],
//     [WHATWGRule]), which lint's catalog includes with their checks, on
//     by default in the documents a tree serves ([Kinds], decision T-9).
//
// # Who drives it
//
// Package lint's Linter.CheckWith makes a [Session] per file, given a
// [Scope] (the tree, the file's names under the root): a file under
// several names is read once and its references checked under each
// (decision T-6). The session takes the document's anchors as it is read
// and gives its own anchors at the end; the references' destinations are
// shared among the names ([Shared]). What a file's references came to
// besides findings is counted ([Stats]) and, for --list-external, listed
// ([ExternalRef], decision T-13).
//
// Package lint/runner makes one [Tree] per run, hands it each file's
// anchors, and checks what was deferred once every file is linted. The
// language server keeps a tree per root (decision E-7), whose open
// documents' anchors stand for their files' ([Tree.Linted],
// [Tree.Closed]), and tells it what changed on disk ([Tree.Changed],
// decision E-10); its hover asks [Tree.Follow] the question the rules ask
// (decision E-11). Both find a file's place under the root with [Rel].
//
// The package imports nothing of lint: no walker, no configuration, no
// finding type (docs/architecture.md, decision T-17).
package target
