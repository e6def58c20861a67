package lint_test

import (
	"fmt"
	"path/filepath"
	"testing"

	"github.com/relurl/relurl/internal/fuzzseed"
	"github.com/relurl/relurl/lint/internal/extract"
	"github.com/relurl/relurl/lint/internal/lint"
)

// TestFindingEncodingSeeds keeps the seeds of the encoding's fuzz target
// (finding-*) in step with the encoding: the findings of a small URL
// list, with fixes, each encoded; go test -update rewrites them. The
// target's name is put together here, so that only its own file names it
// (OSS-Fuzz finds a target's file by its name).
func TestFindingEncodingSeeds(t *testing.T) {
	l, err := lint.New(lint.Options{Fixes: true})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{}
	for i, fd := range l.File("a.urls", []byte("http://a/b c\nhttp:g\n%zz\n"), extract.KindText) {
		b, err := fd.AppendBinary(nil)
		if err != nil {
			t.Fatal(err)
		}
		want[fmt.Sprintf("finding-%02d", i)] = fuzzseed.File(b)
	}
	if len(want) == 0 {
		t.Fatal("no finding to encode")
	}
	dir := filepath.Join("testdata", "fuzz", "Fuzz"+"FindingEncoding")
	fuzzseed.Sync(t, dir, fuzzseed.Prefixed("finding-"), want, *update, "go test ./lint/internal/lint -run TestFindingEncodingSeeds -update")
}
