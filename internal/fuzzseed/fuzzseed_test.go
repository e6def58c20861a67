package fuzzseed

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// TestFile: each kind of argument in Go's corpus encoding, as go test
// reads it.
func TestFile(t *testing.T) {
	got := File("a\"b", []byte{0, 'x'}, uint8('\n'))
	want := "go test fuzz v1\nstring(\"a\\\"b\")\n[]byte(\"\\x00x\")\nbyte('\\n')\n"
	if got != want {
		t.Errorf("File = %q, want %q", got, want)
	}
}

// TestSync: update writes the wanted seeds and removes the stale ones it
// owns, leaving the others; then the seeds are in step, and a seed
// changed by hand is found stale.
func TestSync(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "FuzzX")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, data := range map[string]string{"case-9": "old", "0123abcd": "found"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want := map[string]string{"case-0": File("a"), "case-1": File("b")}
	owned := Prefixed("case-")
	Sync(t, dir, owned, want, true, "")
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if len(names) != 3 || names[0] != "0123abcd" || names[1] != "case-0" || names[2] != "case-1" {
		t.Fatalf("after update: %q, want the found input and the two seeds", names)
	}
	Sync(t, dir, owned, want, false, "") // in step: no error
	if err := os.WriteFile(filepath.Join(dir, "case-1"), []byte("changed"), 0o644); err != nil {
		t.Fatal(err)
	}
	var rec recorder
	Sync(&rec, dir, owned, want, false, "rewrite them")
	if !rec.failed {
		t.Error("a seed changed by hand: not found stale")
	}
}

// recorder is a testing.TB that records whether it failed.
type recorder struct {
	testing.TB
	failed bool
}

func (r *recorder) Helper()               {}
func (r *recorder) Errorf(string, ...any) { r.failed = true }

// TestParse: File's encodings read back; the other ways go test writes a
// byte read too; anything else is refused.
func TestParse(t *testing.T) {
	args := []any{"a\"b\x00", []byte{0, 'x', 0xff}, uint8('\n')}
	got, err := Parse([]byte(File(args...)))
	if err != nil || !reflect.DeepEqual(got, args) {
		t.Errorf("Parse(File(%q)) = %q, %v", args, got, err)
	}
	if got, err := Parse([]byte("go test fuzz v1\nuint8(200)\nbyte('\\x01')\n")); err != nil || !reflect.DeepEqual(got, []any{uint8(200), uint8(1)}) {
		t.Errorf("bytes read as %q, %v", got, err)
	}
	for _, bad := range []string{"", "go test fuzz v1\n", "go test fuzz v2\nstring(\"a\")\n", "go test fuzz v1\nint(3)\n",
		"go test fuzz v1\nstring(a)\n", "go test fuzz v1\nstring(\"a\"\n", "go test fuzz v1\nbyte(300)\n"} {
		if got, err := Parse([]byte(bad)); err == nil {
			t.Errorf("Parse(%q) = %q, want an error", bad, got)
		}
	}
}
