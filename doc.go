// Package relurl reads URLs under RFC 1808, "Relative Uniform Resource
// Locators", exactly and strictly.
//
// [Parse] checks a URL against the BNF of §2.2 and cuts it into the six
// components of §2.1; [Validate] reports every way an invalid URL breaks
// the BNF, each finding positioned, named after its production and given a
// stable rule id; [Split] applies the parsing rules of §2.4 to any string
// and never fails.
//
// Under the surface are two readers that agree on every string: the fast
// single-pass validator of package validate, which this package uses, and
// the reference parser of package grammar, which writes §2.2 as a
// participle grammar. Both produce the [URL] of package ast.
package relurl
