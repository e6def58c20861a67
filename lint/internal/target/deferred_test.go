package target

import (
	"reflect"
	"testing"
)

// TestDeferredHoldsNoPointers: the records a run keeps for each deferred
// reference, many thousands until its end, hold no pointer, so that the
// garbage collector does not scan them in each cycle ([Deferred]).
func TestDeferredHoldsNoPointers(t *testing.T) {
	for _, v := range []any{deferredRef{}, deferredEntry{}, deferredURL{}} {
		typ := reflect.TypeOf(v)
		if p := pointerIn(typ); p != "" {
			t.Errorf("%s holds a pointer: %s", typ, p)
		}
	}
}

// pointerIn returns the path to a field of typ that is or holds a
// pointer, or "".
func pointerIn(typ reflect.Type) string {
	switch typ.Kind() {
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64, reflect.Complex64, reflect.Complex128:
		return ""
	case reflect.Array:
		return pointerIn(typ.Elem())
	case reflect.Struct:
		for i := range typ.NumField() {
			if p := pointerIn(typ.Field(i).Type); p != "" {
				return typ.Field(i).Name + "." + p
			}
		}
		return ""
	}
	return typ.String()
}
