package lint

import (
	"encoding/binary"
	"errors"
	"fmt"

	"github.com/relurl/relurl/ast"
	"github.com/relurl/relurl/lint/internal/fix"
)

// encodingVersion is the first byte of a finding's encoding: a reader of
// another layout refuses it rather than misread it.
const encodingVersion = 1

// ErrEncoding is wrapped by the error of [Finding.UnmarshalBinary] on
// bytes that are not a finding's encoding.
var ErrEncoding = errors.New("not the encoding of a finding")

// AppendBinary appends the finding's encoding to b (encoding.BinaryAppender):
// every field that the output formats read, so that a run can keep the
// findings it must hold back, to write them in order of place, as bytes
// rather than as values that hold the file's text (decision U-4). The
// readings are kept as their table ([Finding.ReadingsTable]); the caret
// view's line as the part of it that the view shows. It never fails.
func (f *Finding) AppendBinary(b []byte) ([]byte, error) {
	b = append(b, encodingVersion)
	for _, s := range []string{f.File, f.Rule, f.Message, f.Fix, f.Production, f.Text, f.URL, f.Where, f.Base, f.Target,
		string(f.NoFix), f.NoFixDetail, f.ReadingsTable()} {
		b = appendString(b, s)
	}
	for _, n := range []int{f.Line, f.Column, f.EndLine, f.EndColumn, f.Offset, f.EndOffset, int(f.Severity),
		f.col16, f.endCol16, f.textAt} {
		b = binary.AppendVarint(b, int64(n))
	}
	line, from := f.line, f.lineFrom
	if f.line != "" {
		// What Caret shows of the line, and no more: a minified page's
		// one line would be held whole otherwise.
		start := f.Column - 1 - f.lineFrom
		lo, hi := caretBounds(f.line, start+1, f.EndOffset-f.Offset, f.EndLine == f.Line)
		line, from = f.line[lo:hi], f.lineFrom+lo
	}
	b = appendString(b, line)
	b = binary.AppendVarint(b, int64(from))
	b = appendEdit(b, f.Edit)
	sgs := f.Suggestions()
	b = binary.AppendUvarint(b, uint64(len(sgs)))
	for i := range sgs {
		b = appendString(b, sgs[i].Message)
		b = appendEdit(b, &sgs[i].Edit)
	}
	return b, nil
}

func appendString(b []byte, s string) []byte {
	b = binary.AppendUvarint(b, uint64(len(s)))
	return append(b, s...)
}

// appendEdit appends an edit, or its absence.
func appendEdit(b []byte, e *fix.Edit) []byte {
	if e == nil {
		return append(b, 0)
	}
	b = append(b, 1)
	b = binary.AppendVarint(b, int64(e.Offset))
	b = binary.AppendVarint(b, int64(e.End))
	b = appendString(b, e.Old)
	b = appendString(b, e.New)
	b = appendString(b, e.URL)
	b = binary.AppendUvarint(b, uint64(len(e.Changes)))
	for _, c := range e.Changes {
		b = binary.AppendVarint(b, int64(c.Offset))
		b = binary.AppendVarint(b, int64(c.End))
		b = appendString(b, c.New)
	}
	return b
}

// UnmarshalBinary sets f to the finding data encodes ([Finding.AppendBinary]):
// its Readings are nil, and [Finding.ReadingsTable] gives their table.
// On bytes that are not one finding's encoding, it returns an error that
// wraps [ErrEncoding] and leaves f unchanged.
func (f *Finding) UnmarshalBinary(data []byte) error {
	d := decoder{b: data}
	if len(data) == 0 || data[0] != encodingVersion {
		return fmt.Errorf("%w: version %d", ErrEncoding, d.byte())
	}
	d.b = d.b[1:]
	var g Finding
	var noFix string
	for _, p := range []*string{&g.File, &g.Rule, &g.Message, &g.Fix, &g.Production, &g.Text, &g.URL, &g.Where, &g.Base, &g.Target,
		&noFix, &g.NoFixDetail, &g.readings} {
		*p = d.string()
	}
	g.NoFix = fix.Reason(noFix)
	var sev int
	for _, p := range []*int{&g.Line, &g.Column, &g.EndLine, &g.EndColumn, &g.Offset, &g.EndOffset, &sev, &g.col16, &g.endCol16, &g.textAt} {
		*p = d.int()
	}
	g.Severity = ast.Severity(sev)
	g.line = d.string()
	g.lineFrom = d.int()
	g.Edit = d.edit()
	if n := d.count(); n > 0 {
		sgs := make([]fix.Suggestion, n)
		for i := range sgs {
			sgs[i].Message = d.string()
			if e := d.edit(); e != nil {
				sgs[i].Edit = *e
			} else {
				d.err = true
			}
		}
		g.suggestions = &sgs
	}
	if d.err || len(d.b) > 0 {
		return fmt.Errorf("%w: %d bytes", ErrEncoding, len(data))
	}
	*f = g
	return nil
}

// decoder reads an encoding; err says it read past its end or found
// what no encoding holds.
type decoder struct {
	b   []byte
	err bool
}

func (d *decoder) byte() byte {
	if len(d.b) == 0 {
		d.err = true
		return 0
	}
	c := d.b[0]
	d.b = d.b[1:]
	return c
}

func (d *decoder) uvarint() uint64 {
	v, n := binary.Uvarint(d.b)
	if n <= 0 {
		d.err = true
		return 0
	}
	d.b = d.b[n:]
	return v
}

func (d *decoder) int() int {
	v, n := binary.Varint(d.b)
	if n <= 0 || int64(int(v)) != v {
		d.err = true
		return 0
	}
	d.b = d.b[n:]
	return int(v)
}

// count reads a number of items that each take a byte at least.
func (d *decoder) count() int {
	n := d.uvarint()
	if n > uint64(len(d.b)) {
		d.err = true
		return 0
	}
	return int(n)
}

func (d *decoder) string() string {
	n := d.count()
	if d.err {
		return ""
	}
	s := string(d.b[:n])
	d.b = d.b[n:]
	return s
}

func (d *decoder) edit() *fix.Edit {
	switch d.byte() {
	case 0:
		return nil
	case 1:
	default:
		d.err = true
		return nil
	}
	e := &fix.Edit{Offset: d.int(), End: d.int(), Old: d.string(), New: d.string(), URL: d.string()}
	if n := d.count(); n > 0 {
		e.Changes = make([]fix.Change, n)
		for i := range e.Changes {
			e.Changes[i] = fix.Change{Offset: d.int(), End: d.int(), New: d.string()}
		}
	}
	return e
}
