// Derived from github.com/yuin/goldmark/extension/strikethrough.go (MIT
// License, Copyright (c) 2019 Yusuke Inuzuka; see LICENSE): the inline
// parser.

package gfm

import (
	gast "github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

type strikethroughDelimiterProcessor struct{}

func (p *strikethroughDelimiterProcessor) IsDelimiter(b byte) bool {
	return b == '~'
}

func (p *strikethroughDelimiterProcessor) CanOpenCloser(opener, closer *parser.Delimiter) bool {
	return opener.Char == closer.Char
}

func (p *strikethroughDelimiterProcessor) OnMatch(consumes int) gast.Node {
	return ast.NewStrikethrough()
}

var defaultStrikethroughDelimiterProcessor = &strikethroughDelimiterProcessor{}

type strikethroughParser struct{}

// NewStrikethroughParser returns the inline parser of GitHub's
// strikethrough, ~~text~~.
func NewStrikethroughParser() parser.InlineParser {
	return strikethroughParser{}
}

func (s strikethroughParser) Trigger() []byte {
	return []byte{'~'}
}

func (s strikethroughParser) Parse(parent gast.Node, block text.Reader, pc parser.Context) gast.Node {
	before := block.PrecendingCharacter()
	line, segment := block.PeekLine()
	node := parser.ScanDelimiter(line, before, 1, defaultStrikethroughDelimiterProcessor)
	if node == nil || node.OriginalLength > 2 || before == '~' {
		return nil
	}

	node.Segment = segment.WithStop(segment.Start + node.OriginalLength)
	block.Advance(node.OriginalLength)
	pc.PushDelimiter(node)
	return node
}

func (s strikethroughParser) CloseBlock(parent gast.Node, pc parser.Context) {}
