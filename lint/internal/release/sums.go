package release

import (
	"bytes"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"golang.org/x/mod/module"
	"golang.org/x/mod/sumdb/dirhash"
	"golang.org/x/mod/zip"
)

// Sums returns the two lines of go.sum for the module m at version as the
// module proxy will serve it from the commit that has the files of dir's
// working tree: the hash of its zip and the hash of its go.mod. The zip is
// made as the go command makes it from a repository (zip.Create over the
// files git tracks under the module's directory, which leaves out the
// directories of other modules, vendor directories and symbolic links),
// their contents read from the working tree, so that the checksums of a
// go.mod and go.sum rewritten but not yet committed are those of the
// commit that will hold them.
func Sums(dir string, m Module, version string) ([]string, error) {
	listed, err := git(dir, "ls-files", "-z", "--", m.Dir)
	if err != nil {
		return nil, err
	}
	prefix := ""
	if m.Dir != "." {
		prefix = m.Dir + "/"
	}
	var files []zip.File
	for name := range strings.SplitSeq(listed, "\x00") {
		if name == "" {
			continue
		}
		files = append(files, diskFile{path: strings.TrimPrefix(name, prefix), name: filepath.Join(dir, filepath.FromSlash(name))})
	}
	mv := module.Version{Path: m.Path, Version: version}
	tmp, err := os.CreateTemp("", "relurl-module-*.zip")
	if err != nil {
		return nil, err
	}
	defer os.Remove(tmp.Name())
	if err := zip.Create(tmp, mv, files); err != nil {
		tmp.Close()
		return nil, err
	}
	if err := tmp.Close(); err != nil {
		return nil, err
	}
	h, err := dirhash.HashZip(tmp.Name(), dirhash.Hash1)
	if err != nil {
		return nil, err
	}
	goMod, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(m.Dir), "go.mod"))
	if err != nil {
		return nil, err
	}
	hMod, err := dirhash.Hash1([]string{"go.mod"}, func(string) (io.ReadCloser, error) {
		return io.NopCloser(bytes.NewReader(goMod)), nil
	})
	if err != nil {
		return nil, err
	}
	return []string{m.Path + " " + version + " " + h, m.Path + " " + version + "/go.mod " + hMod}, nil
}

// diskFile is a file of the working tree, as zip.Create reads it: a
// symbolic link is not a regular file, and is left out.
type diskFile struct {
	path, name string
}

func (f diskFile) Path() string                 { return f.path }
func (f diskFile) Lstat() (fs.FileInfo, error)  { return os.Lstat(f.name) }
func (f diskFile) Open() (io.ReadCloser, error) { return os.Open(f.name) }
