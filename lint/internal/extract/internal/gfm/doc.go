// Package gfm holds the parsers of GitHub Flavored Markdown that package
// extract reads Markdown with: GitHub's tables (a paragraph
// transformer), its extended autolinks (linkify) and footnotes (a block
// and an inline parser), and its strikethrough, which only the reading
// of a heading's text for its anchor uses. They are those of goldmark's extension package
// (github.com/yuin/goldmark/extension, at the version go.mod requires),
// copied with their regular expressions compiled on first use instead of
// when the program starts.
//
// Why a copy: goldmark's extension package compiles its regular
// expressions in its package initialisation (the linkify ones, with
// repetitions up to 256, are the costliest part of relurl's start-up),
// and a Go program runs the initialisation of every package it links
// before main, whatever command it runs: every run of relurl, "relurl
// version" included, would pay it (decision S-9). The copy builds the
// same trees: the nodes are goldmark's own
// (github.com/yuin/goldmark/extension/ast, which compiles nothing), and
// the package's tests (TestSameAsGoldmark, TestSameAsGoldmarkRandom) hold
// each parser to goldmark's, which the tests alone link.
//
// The code is goldmark's, under its MIT License (LICENSE in this
// directory, Copyright (c) 2019 Yusuke Inuzuka); only what extract uses
// is copied, and the changes are the lazy regular expressions.
package gfm
