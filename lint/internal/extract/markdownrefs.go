package extract

import (
	"sort"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	gtext "github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"

	rast "github.com/relurl/relurl/ast"
)

// Reference links whose label has no definition (decision L-52). A full
// reference link, "[text][label]", and a collapsed one, "[label][]"
// (CommonMark §6.3), are links only when a link reference definition of
// the label exists (labels match as CommonMark says: Unicode case folded,
// white space collapsed); without one the page shows the brackets as
// text, and the link the author wrote is not there. A shortcut reference,
// "[label]" alone, is not reported: most of them are text in brackets, as
// markdownlint's MD052 decides by default ("[x]" of a task list, "[!NOTE]"
// of a GitHub alert, "[sic]").
//
// goldmark's link parser is the judge: refWatch wraps it, watches each
// "]" followed by "[" that it reads as the end of a full or collapsed
// reference and looks up in vain, and keeps the reference. A reference
// whose label turns out to be the text of a later link ("[a][b][c]" with
// "c" defined is the text "[a]" and a link "b") is dropped again; a chain
// of them, "[a][b][c]" with none defined, is one finding, its first pair. Labels
// that are no CommonMark labels (blank, longer than 999 characters,
// holding a bracket) are not reported, nor those that begin with "^",
// GitHub's footnote references. What lies in code spans, code blocks and
// raw HTML never reaches the link parser; an escaped bracket ("\[") opens
// nothing.

// undefinedRefsKey keeps in a parse's context the *refWatchState.
var undefinedRefsKey = parser.NewContextKey()

// undefinedRef is a reference link whose label has no definition.
type undefinedRef struct {
	// at and end delimit the reference in the file: from its "[" (the
	// "!" of an image) to past the "]" that ends its label.
	at, end int
	// labelAt is where the "[" of the label is, for a full reference
	// (-1 for a collapsed one): a link that begins there drops it.
	labelAt int
	label   string
	image   bool
}

// refWatchState is what refWatch keeps during a parse: the openers of the
// block being read, as goldmark's link parser keeps them, and the
// references found.
type refWatchState struct {
	openers []refOpener
	found   []undefinedRef
	// chain is where the label of the last reference without a definition
	// begins (found or not): a reference whose text is that label
	// continues a chain such as "[GitHub#1][GitHub#2][Patch by A]", text
	// in brackets, which is reported once, at its first pair, as
	// markdownlint reports it. -1 for none.
	chain int
}

// refOpener is a "[" or "![" that may begin a link: where it is, and
// where its text begins.
type refOpener struct {
	at, text int
	image    bool
	// line and pos are the reader's place at the opener.
	line int
	pos  gtext.Segment
}

// refWatch is goldmark's link parser, watched for references to labels
// that have no definition.
type refWatch struct{ link parser.InlineParser }

// newRefWatch returns goldmark's link parser, watched.
func newRefWatch() parser.InlineParser { return refWatch{link: parser.NewLinkParser()} }

// Trigger implements parser.InlineParser: the link parser's.
func (w refWatch) Trigger() []byte { return w.link.Trigger() }

// refLabelOptions are the link parser's options for finding the end of a
// label (goldmark's linkFindClosureOptions).
var refLabelOptions = gtext.FindClosureOptions{Newline: true, Advance: true}

// Parse implements parser.InlineParser. goldmark's link parser pushes an
// opener for each "[" and "![" it is called on and pops the last at each
// "]" (and all of them when the block closes): the state here follows
// the same steps.
func (w refWatch) Parse(parent ast.Node, block gtext.Reader, pc parser.Context) ast.Node {
	line, seg := block.PeekLine()
	st, _ := pc.Get(undefinedRefsKey).(*refWatchState)
	if st == nil {
		st = &refWatchState{chain: -1}
		pc.Set(undefinedRefsKey, st)
	}
	if len(line) == 0 || line[0] != ']' {
		l, pos := block.Position()
		n := w.link.Parse(parent, block, pc)
		if n != nil {
			o := refOpener{at: seg.Start, text: seg.Start + 1, line: l, pos: pos}
			if line[0] == '!' {
				o.text, o.image = seg.Start+2, true
			}
			st.openers = append(st.openers, o)
		}
		return n
	}
	if len(st.openers) == 0 {
		return w.link.Parse(parent, block, pc)
	}
	o := st.openers[len(st.openers)-1]
	st.openers = st.openers[:len(st.openers)-1]
	l0, pos0 := block.Position()
	n := w.link.Parse(parent, block, pc)
	if n != nil {
		// A link: a reference whose label is its text is none.
		for k := len(st.found) - 1; k >= 0 && st.found[k].end > o.at; k-- {
			if st.found[k].labelAt == o.at {
				st.found = append(st.found[:k], st.found[k+1:]...)
			}
		}
		return n
	}
	if len(line) < 2 || line[1] != '[' {
		return nil
	}
	l1, pos1 := block.Position()
	if l1 == l0 && pos1.Start <= pos0.Start+1 {
		// Not read as a full or collapsed reference.
		return nil
	}
	// Read the label again as the link parser did (the caller sets the
	// reader back where it was).
	block.SetPosition(l0, pos0)
	block.Advance(2)
	segs, ok := block.FindClosure('[', ']', refLabelOptions)
	if !ok {
		return nil
	}
	_, end := block.Position()
	var label []byte
	for i := range segs.Len() {
		label = append(label, block.Value(segs.At(i))...)
	}
	r := undefinedRef{at: o.at, end: end.Start, labelAt: pos0.Start + 1, image: o.image}
	if len(label) == 0 {
		// "[]": a collapsed reference ("[ ]" is no label, and no "[]"),
		// whose label is the link's text, read line by line (without the
		// markers of block quotes of the lines after the first).
		label, r.labelAt = textBetween(block, o, l0, pos0.Start), -1
		for i := 0; i < len(label); i++ {
			if label[i] == '\\' {
				i++
			} else if label[i] == '[' || label[i] == ']' {
				return nil // no label
			}
		}
	}
	if util.IsBlank(label) || len(label) > 999 || util.TrimLeftSpace(label)[0] == '^' {
		return nil
	}
	if _, defined := pc.Reference(util.ToLinkReference(label)); defined {
		return nil // the link parser gave up for another reason
	}
	r.label = string(label)
	if r.at != st.chain {
		st.found = append(st.found, r)
	}
	st.chain = r.labelAt
	return nil
}

// textBetween returns the text of the block from the opener o's text to
// the offset stop on the line l, at most 1000 bytes (a longer one is no
// label).
func textBetween(block gtext.Reader, o refOpener, l, stop int) []byte {
	block.SetPosition(o.line, o.pos)
	block.Advance(o.text - o.pos.Start)
	var text []byte
	for len(text) <= 1000 {
		line, seg := block.PeekLine()
		at, _ := block.Position()
		if line == nil || at > l {
			break
		}
		if at == l {
			if n := stop - seg.Start + seg.Padding; n >= 0 && n <= len(line) {
				text = append(text, line[:n]...)
			}
			break
		}
		text = append(text, line...)
		block.AdvanceLine()
	}
	return text
}

// CloseBlock implements parser.CloseBlocker: the openers of the block
// are dropped, as the link parser drops its own.
func (w refWatch) CloseBlock(parent ast.Node, block gtext.Reader, pc parser.Context) {
	if c, ok := w.link.(parser.CloseBlocker); ok {
		c.CloseBlock(parent, block, pc)
	}
	if st, _ := pc.Get(undefinedRefsKey).(*refWatchState); st != nil {
		st.openers = st.openers[:0]
	}
}

// undefinedRefs returns the references the parse whose context is pc
// found with labels that have no definition, as notes, in the order of
// the document.
func undefinedRefs(pc parser.Context, src string) []Note {
	st, _ := pc.Get(undefinedRefsKey).(*refWatchState)
	if st == nil || len(st.found) == 0 {
		return nil
	}
	notes := make([]Note, 0, len(st.found))
	for _, r := range st.found {
		what, where := "reference link", "Markdown link"
		if r.image {
			what, where = "reference image", "Markdown image"
		}
		form := "full"
		if r.labelAt < 0 {
			form = "collapsed"
		}
		text := ""
		if 0 <= r.at && r.at <= r.end && r.end <= len(src) {
			text = src[r.at:r.end]
		}
		notes = append(notes, Note{Offset: r.at, End: r.end, Kind: NoteMarkdownUndefinedLabel, Where: where,
			Message: "the " + what + " " + rast.Quote(text, 0) + " (a " + form + " reference) uses the label " +
				rast.Quote(string(util.ReplaceSpaces(util.TrimRightSpace(util.TrimLeftSpace([]byte(r.label))), ' ')), 0) +
				", which no link reference definition defines: the page shows it as text"})
	}
	sortNotes(notes)
	return notes
}

// sortNotes sorts notes by offset, keeping the order of equal ones.
func sortNotes(notes []Note) {
	sort.SliceStable(notes, func(i, j int) bool { return notes[i].Offset < notes[j].Offset })
}
