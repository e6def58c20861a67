// Package dist writes relurl's release files reproducibly: the archives of
// the binaries (tar.gz, and zip for Windows), the npm packages (npm pack's
// gzip tar with its package/ prefix), the Python wheels, and the checksums
// file. Every writer sorts its entries, and gives each the same owner (0),
// the same time (the last commit's, SOURCE_DATE_EPOCH) and a mode of 0644
// or 0755, so that two runs over the same tree give the same bytes
// (decisions I-1 and I-2).
package dist

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"
)

// File is one entry of an archive: its slash-separated name, its content,
// and whether it is executable.
type File struct {
	Name string
	Data []byte
	Exec bool
}

// mode is the permission bits an entry is written with.
func (f File) mode() int64 {
	if f.Exec {
		return 0o755
	}
	return 0o644
}

// sorted returns files sorted by name, and an error when two have the
// same name or a name is not a clean relative path.
func sorted(files []File) ([]File, error) {
	out := slices.Clone(files)
	slices.SortFunc(out, func(a, b File) int { return strings.Compare(a.Name, b.Name) })
	for i, f := range out {
		if f.Name == "" || strings.HasPrefix(f.Name, "/") || strings.HasSuffix(f.Name, "/") || slices.Contains(strings.Split(f.Name, "/"), "..") {
			return nil, fmt.Errorf("archive entry %q is not a relative file name", f.Name)
		}
		if i > 0 && out[i-1].Name == f.Name {
			return nil, fmt.Errorf("archive entry %q is there twice", f.Name)
		}
	}
	return out, nil
}

// TarGz writes files as a gzip-compressed tar archive: entries sorted by
// name, owned by 0:0 with no user or group name, all at mtime, in the
// PAX-free USTAR form where the names allow it. The gzip header carries
// no name and no time.
func TarGz(w io.Writer, files []File, mtime time.Time) error {
	files, err := sorted(files)
	if err != nil {
		return err
	}
	zw, err := gzip.NewWriterLevel(w, gzip.BestCompression)
	if err != nil {
		return err
	}
	tw := tar.NewWriter(zw)
	for _, f := range files {
		hdr := &tar.Header{
			Typeflag: tar.TypeReg,
			Name:     f.Name,
			Size:     int64(len(f.Data)),
			Mode:     f.mode(),
			ModTime:  mtime.UTC().Truncate(time.Second),
			Format:   tar.FormatUSTAR,
		}
		if len(f.Name) > 100 {
			hdr.Format = tar.FormatPAX
		}
		if err := tw.WriteHeader(hdr); err != nil {
			return fmt.Errorf("tar entry %s: %w", f.Name, err)
		}
		if _, err := tw.Write(f.Data); err != nil {
			return fmt.Errorf("tar entry %s: %w", f.Name, err)
		}
	}
	if err := tw.Close(); err != nil {
		return err
	}
	return zw.Close()
}

// Zip writes files as a zip archive: entries sorted by name, deflated, at
// mtime (the zip's local time fields, read as UTC), with Unix permission
// bits so that an unzip on Unix and pip keep the executable bit.
func Zip(w io.Writer, files []File, mtime time.Time) error {
	files, err := sorted(files)
	if err != nil {
		return err
	}
	zw := zip.NewWriter(w)
	for _, f := range files {
		hdr := &zip.FileHeader{Name: f.Name, Method: zip.Deflate}
		hdr.Modified = mtime.UTC().Truncate(time.Second)
		hdr.SetMode(0o644)
		if f.Exec {
			hdr.SetMode(0o755)
		}
		fw, err := zw.CreateHeader(hdr)
		if err != nil {
			return fmt.Errorf("zip entry %s: %w", f.Name, err)
		}
		if _, err := fw.Write(f.Data); err != nil {
			return fmt.Errorf("zip entry %s: %w", f.Name, err)
		}
	}
	return zw.Close()
}

// SHA256 returns the hex SHA-256 of data.
func SHA256(data []byte) string {
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}

// Checksums returns the content of a checksums file, as sha256sum writes
// it and "sha256sum -c" reads it: one "<hex>  <name>" line per file,
// sorted by name.
func Checksums(files map[string][]byte) []byte {
	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
	}
	slices.Sort(names)
	var b bytes.Buffer
	for _, name := range names {
		fmt.Fprintf(&b, "%s  %s\n", SHA256(files[name]), name)
	}
	return b.Bytes()
}
