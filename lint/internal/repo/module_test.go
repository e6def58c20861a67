package repo_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/mod/zip"

	"github.com/relurl/relurl/lint/internal/release"
)

// TestModuleZips: each module's directory makes a module zip the go
// command accepts (golang.org/x/mod/zip.CheckDir, the checks of "go mod
// download" and the module proxy): no file whose name or size the format
// refuses, so that "go get" of a release never fails on one. The nested
// modules' directories are not part of the root's zip, and CheckDir leaves
// them out as the go command does.
func TestModuleZips(t *testing.T) {
	for _, m := range release.Modules {
		dir := filepath.FromSlash(m.Dir)
		files, err := zip.CheckDir(dir)
		for _, f := range files.Invalid {
			t.Errorf("module %s: %s: %v", dir, filepath.ToSlash(filepath.Join(dir, f.Path)), f.Err)
		}
		if err != nil && len(files.Invalid) == 0 {
			t.Errorf("module %s: %v", dir, err)
		}
		if len(files.Valid) == 0 {
			t.Errorf("module %s: no file in its zip", dir)
		}
	}
}
