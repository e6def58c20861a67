package lint

import (
	"strings"
	"unsafe"
)

// Own makes the finding hold no piece of text, the content of the file it
// was found in, so that the memory of text may be written over once the
// finding is made (decision S-24): each of its strings that is a piece of
// text is copied, its line no further than what [Finding.Caret] shows of
// it (as [Finding.AppendBinary] keeps it), and its Text stays a piece of
// its URL. It reports false, and the finding may still hold pieces of
// text, when it has readings, a fix or suggestions, which it shares with
// the other findings of its URL and does not copy: then text must stay as
// it is for as long as the finding is kept.
func (f *Finding) Own(text string) bool {
	if f.Readings != nil || f.Edit != nil || f.suggestions != nil {
		return false
	}
	inURL := f.textAt >= 0 && f.textAt+len(f.Text) <= len(f.URL) && f.URL[f.textAt:f.textAt+len(f.Text)] == f.Text
	for _, s := range []*string{&f.File, &f.Rule, &f.Message, &f.Fix, &f.Production, &f.URL, &f.Text, &f.Where,
		&f.Base, &f.Target, (*string)(&f.NoFix), &f.NoFixDetail, &f.readings} {
		switch {
		case s == &f.Text && inURL && within(f.Text, text):
			f.Text = f.URL[f.textAt : f.textAt+len(f.Text)]
		case within(*s, text):
			*s = strings.Clone(*s)
		}
	}
	if within(f.line, text) {
		start := f.Column - 1 - f.lineFrom
		lo, hi := caretBounds(f.line, start+1, f.EndOffset-f.Offset, f.EndLine == f.Line)
		f.line, f.lineFrom = strings.Clone(f.line[lo:hi]), f.lineFrom+lo
	}
	return true
}

// within reports whether s is a piece of text: whether its bytes are in
// text's memory.
func within(s, text string) bool {
	if s == "" || text == "" {
		return false
	}
	p := uintptr(unsafe.Pointer(unsafe.StringData(s)))
	lo := uintptr(unsafe.Pointer(unsafe.StringData(text)))
	return p >= lo && p < lo+uintptr(len(text))
}
