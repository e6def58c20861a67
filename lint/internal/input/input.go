// Package input reads relurl's inputs, files and standard input, through a
// size limit, so that no input (a huge file, /dev/zero, a FIFO that never
// ends) can take more memory than the limit allows. Past the limit the
// error is a *[TooLargeError] that names the input and the limit.
package input

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
)

// DefaultMax is the default limit on the size of one input: 256 MiB.
const DefaultMax = 256 << 20

// Stdin is the name standard input is given in errors, and the path that
// names it.
const (
	Stdin     = "-"
	stdinName = "standard input"
)

// TooLargeError reports an input longer than the limit it was read with.
type TooLargeError struct {
	// Name is the input: a path, or "standard input".
	Name string
	// Max is the limit, in bytes.
	Max int64
}

// Error names the input and the limit.
func (e *TooLargeError) Error() string {
	return e.Name + ": larger than the limit of " + Size(e.Max)
}

// MaxSize is the largest size [ParseSize] accepts: 1 TiB.
const MaxSize = 1 << 40

// sizeUnit is a unit of a size and the bytes it stands for.
type sizeUnit struct {
	name  string
	bytes int64
}

// sizeUnits are the units of a size, in the order a message lists them:
// B, then for each of K, M, G and T the letter alone and with "iB"
// (powers of 1024, as GNU coreutils read K), and with "B" (powers of
// 1000).
var sizeUnits = func() []sizeUnit {
	units := []sizeUnit{{"B", 1}}
	bin, dec := int64(1), int64(1)
	for _, p := range "KMGT" {
		bin, dec = bin<<10, dec*1000
		units = append(units, sizeUnit{string(p), bin}, sizeUnit{string(p) + "iB", bin}, sizeUnit{string(p) + "B", dec})
	}
	return units
}()

// ParseSize reads a size in bytes as relurl lint's --max-size flag and the
// max-size key of its configuration file both write it (decision L-45): a
// whole number of bytes, alone or followed by a unit, with white space
// allowed around the number and before the unit. The unit is B (bytes),
// K, M, G or T (powers of 1024, as GNU coreutils read them), the same
// with "iB" (KiB, MiB, GiB, TiB: the same powers of 1024), or with "B"
// (KB, MB, GB, TB: powers of 1000), in any case: "268435456", "256M",
// "256MiB", "100 MB", "64kb". The size must be at least 1 byte and at most
// 1 TiB ([MaxSize]).
func ParseSize(s string) (int64, error) {
	t := strings.TrimSpace(s)
	i := 0
	for i < len(t) && t[i] >= '0' && t[i] <= '9' {
		i++
	}
	n, err := strconv.ParseInt(t[:i], 10, 64)
	if err != nil && !errors.Is(err, strconv.ErrRange) || strings.HasPrefix(t[i:], ".") {
		return 0, fmt.Errorf("size %q: want a whole number of bytes, alone or with a unit (1048576, 64K, 64KiB, 10MB)", s)
	}
	name := strings.TrimSpace(t[i:])
	unit := int64(0)
	for _, u := range sizeUnits {
		if strings.EqualFold(name, u.name) || name == "" && u.name == "B" {
			unit = u.bytes
			break
		}
	}
	if unit == 0 {
		names := make([]string, len(sizeUnits))
		for j, u := range sizeUnits {
			names[j] = u.name
		}
		return 0, fmt.Errorf("size %q: unknown unit %q (%s, in any case)", s, name, strings.Join(names, ", "))
	}
	if err != nil || n < 1 || n > MaxSize/unit {
		return 0, fmt.Errorf("size %q: want a positive whole number of bytes, at most 1 TiB", s)
	}
	return n * unit, nil
}

// Size spells a size in bytes for a message: "268435456 bytes (256 MiB)".
func Size(n int64) string {
	s := strconv.FormatInt(n, 10) + " bytes"
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		s += " (" + strconv.FormatInt(n>>20, 10) + " MiB)"
	case n >= 1<<10 && n%(1<<10) == 0:
		s += " (" + strconv.FormatInt(n>>10, 10) + " KiB)"
	}
	return s
}

// Limit returns a reader of r that reads as r does up to max bytes and then,
// if r has more, fails with a *[TooLargeError] naming name. It is for
// inputs read as a stream, a line at a time.
func Limit(r io.Reader, name string, max int64) io.Reader {
	return &limited{r: r, name: name, max: max, left: max}
}

type limited struct {
	r         io.Reader
	name      string
	max, left int64
}

func (l *limited) Read(p []byte) (int, error) {
	if l.left < 0 {
		return 0, &TooLargeError{Name: l.name, Max: l.max}
	}
	// Read one byte past the limit, to tell an input of exactly max bytes
	// from a longer one.
	if int64(len(p)) > l.left+1 {
		p = p[:l.left+1]
	}
	n, err := l.r.Read(p)
	l.left -= int64(n)
	if l.left < 0 {
		return n + int(l.left), &TooLargeError{Name: l.name, Max: l.max}
	}
	return n, err
}

// Read reads all of r through the limit max; an input longer than max is a
// *[TooLargeError] naming name.
func Read(r io.Reader, name string, max int64) ([]byte, error) {
	return readAll(nil, Limit(r, name, max))
}

// ReadSized reads all of r, an input called name, through the limit max.
// size is r's size when it is known (a regular file's), or negative: an
// input whose size is past max is refused before it is read, and one of
// known size is read into one buffer of that size. An error reading r is
// returned as it is; past the limit the error is a *[TooLargeError].
func ReadSized(r io.Reader, name string, size, max int64) ([]byte, error) {
	return ReadSizedInto(nil, r, name, size, max)
}

// ReadSizedInto is ReadSized into buf's memory, when it has room for an
// input of known size: a caller that reads many files in turn, and keeps
// none past the next read, reuses one buffer.
func ReadSizedInto(buf []byte, r io.Reader, name string, size, max int64) ([]byte, error) {
	var data []byte
	if size >= 0 {
		if size > max {
			return nil, &TooLargeError{Name: name, Max: max}
		}
		data = buf[:0]
		if int64(cap(buf)) < size+1 {
			data = make([]byte, 0, size+1) // one allocation, as os.ReadFile does
		}
	}
	return readAll(data, Limit(r, name, max))
}

// readAll reads all of r. Into b, when it has room for all of r (a regular
// file, whose size is known); otherwise in chunks that grow from 64 KiB to
// 8 MiB and are joined at the end, so that an input of n bytes takes about
// 2n at the peak (appending with doubling takes up to 3n), and an input cut
// at the limit no more than the limit: on an error nothing is returned.
func readAll(b []byte, r io.Reader) ([]byte, error) {
	var chunks [][]byte
	size := 64 << 10
	total := 0
	for {
		if len(b) == cap(b) {
			if b != nil {
				chunks = append(chunks, b)
				total += len(b)
			}
			b = make([]byte, 0, size)
			size = min(2*size, 8<<20)
		}
		n, err := r.Read(b[len(b):cap(b)])
		b = b[:len(b)+n]
		switch {
		case err == io.EOF && chunks == nil:
			return b, nil
		case err == io.EOF:
			out := make([]byte, 0, total+len(b))
			for _, c := range chunks {
				out = append(out, c...)
			}
			return append(out, b...), nil
		case err != nil:
			return nil, err
		}
	}
}

// ReadFile reads the file at path, or stdin when path is [Stdin] ("-"),
// through the limit max. A regular file larger than max is refused before
// it is read; anything else (standard input, a FIFO, a device such as
// /dev/zero) is read through the limit. Errors name the path: a
// *[TooLargeError], or the *os.PathError of opening or reading it.
func ReadFile(path string, stdin io.Reader, max int64) ([]byte, error) {
	if path == Stdin {
		return Read(stdin, stdinName, max)
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	size := int64(-1)
	if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() {
		size = fi.Size()
	}
	data, err := ReadSized(f, path, size, max)
	var tl *TooLargeError
	if err != nil && !errors.As(err, &tl) {
		if _, ok := err.(*os.PathError); !ok {
			err = &os.PathError{Op: "read", Path: path, Err: err}
		}
	}
	return data, err
}
