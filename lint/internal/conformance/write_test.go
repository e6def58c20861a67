package conformance

import (
	"os"
	"path/filepath"
	"testing"
)

// TestWriteFile: the data files are made when missing and replaced whole
// when present, with no temporary file left beside them.
func TestWriteFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "data.json")
	for _, data := range []string{"first\n", "second, longer\n"} {
		if err := WriteFile(path, []byte(data)); err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != data {
			t.Errorf("%s holds %q, want %q", path, got, data)
		}
	}
	if des, _ := os.ReadDir(dir); len(des) != 1 {
		t.Errorf("%s holds %d files, want the one written", dir, len(des))
	}
}
