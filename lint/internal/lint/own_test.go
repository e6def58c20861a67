package lint

import (
	"reflect"
	"strings"
	"testing"
	"unsafe"
)

// field returns the field i of the struct v, settable even when it is not
// exported.
func field(v reflect.Value, i int) reflect.Value {
	f := v.Field(i)
	return reflect.NewAt(f.Type(), unsafe.Pointer(f.UnsafeAddr())).Elem()
}

// TestFindingOwn: a finding whose every string is a piece of the file's text
// holds none once owned, whatever strings Finding has; its Text stays a
// piece of its URL, and its caret view is the same. A finding with any
// part that Own does not copy (every field of a pointer, slice, map or
// interface: readings, fix, suggestions, and any added later) is not
// owned (decision S-24).
func TestFindingOwn(t *testing.T) {
	text := strings.Repeat("<a href=\"http://a b/c\">x</a> ", 400) // one long line
	typ := reflect.TypeFor[Finding]()
	fill := func() *Finding {
		f := &Finding{Line: 1, EndLine: 1, Column: 4001, EndColumn: 4004, Offset: 4000, EndOffset: 4003, textAt: 9}
		v := reflect.ValueOf(f).Elem()
		for i := range typ.NumField() {
			if typ.Field(i).Type.Kind() == reflect.String {
				field(v, i).SetString(text[4000+i : 4010+i])
			}
		}
		f.URL, f.Text, f.line = text[3991:4003], text[4000:4003], text
		return f
	}
	f := fill()
	caret := f.Caret()
	if !f.Own(text) {
		t.Fatal("a finding of strings alone is not owned")
	}
	v := reflect.ValueOf(f).Elem()
	for i := range typ.NumField() {
		if typ.Field(i).Type.Kind() == reflect.String {
			if s := field(v, i).String(); within(s, text) {
				t.Errorf("%s is still a piece of the text: %q", typ.Field(i).Name, s)
			}
		}
	}
	if f.Text != f.URL[f.textAt:f.textAt+len(f.Text)] || unsafe.StringData(f.Text) != unsafe.StringData(f.URL[f.textAt:]) {
		t.Errorf("Text %q is no longer a piece of URL %q", f.Text, f.URL)
	}
	if got := f.Caret(); got != caret {
		t.Errorf("the caret view changed:\n%s\nwant\n%s", got, caret)
	}
	if len(f.line) >= len(text)/2 {
		t.Errorf("the line is kept whole, %d bytes", len(f.line))
	}
	for i := range typ.NumField() {
		switch typ.Field(i).Type.Kind() {
		case reflect.Pointer, reflect.Slice, reflect.Map, reflect.Interface:
		default:
			continue
		}
		f := fill()
		fv := field(reflect.ValueOf(f).Elem(), i)
		switch fv.Kind() {
		case reflect.Pointer:
			fv.Set(reflect.New(fv.Type().Elem()))
		case reflect.Slice:
			fv.Set(reflect.MakeSlice(fv.Type(), 1, 1))
		case reflect.Map:
			fv.Set(reflect.MakeMap(fv.Type()))
		case reflect.Interface:
			t.Fatalf("%s: an interface, which the test cannot fill", typ.Field(i).Name)
		}
		if f.Own(text) {
			t.Errorf("a finding with %s is owned: Own does not copy what it holds", typ.Field(i).Name)
		}
	}
}
