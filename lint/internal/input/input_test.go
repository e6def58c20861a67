package input_test

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/relurl/relurl/lint/internal/input"
)

// TestLimit: at the limit an input is read whole; one byte past it is a
// *TooLargeError naming the input and the limit.
func TestLimit(t *testing.T) {
	dir := t.TempDir()
	at := filepath.Join(dir, "at")
	past := filepath.Join(dir, "past")
	os.WriteFile(at, []byte(strings.Repeat("x", 100)), 0o644)
	os.WriteFile(past, []byte(strings.Repeat("x", 101)), 0o644)

	if data, err := input.ReadFile(at, nil, 100); err != nil || len(data) != 100 {
		t.Errorf("a file at the limit: %d bytes, %v", len(data), err)
	}
	if data, err := input.ReadFile("-", strings.NewReader(strings.Repeat("y", 100)), 100); err != nil || len(data) != 100 {
		t.Errorf("standard input at the limit: %d bytes, %v", len(data), err)
	}
	for _, c := range []struct {
		path, stdin, name string
	}{
		{past, "", past},
		{"-", strings.Repeat("y", 101), "standard input"},
	} {
		_, err := input.ReadFile(c.path, strings.NewReader(c.stdin), 100)
		var tl *input.TooLargeError
		if !errors.As(err, &tl) || tl.Name != c.name || tl.Max != 100 {
			t.Errorf("%s one byte past the limit: %v, want a *TooLargeError", c.name, err)
			continue
		}
		if want := c.name + ": larger than the limit of 100 bytes"; err.Error() != want {
			t.Errorf("error %q, want %q", err, want)
		}
	}
	if got := input.Size(input.DefaultMax); got != "268435456 bytes (256 MiB)" {
		t.Errorf("Size(DefaultMax) = %q", got)
	}
}

// TestEndless: /dev/zero and a FIFO are read through the limit, not until
// memory runs out.
func TestEndless(t *testing.T) {
	if _, err := os.Stat("/dev/zero"); err == nil {
		_, err := input.ReadFile("/dev/zero", nil, 1<<20)
		var tl *input.TooLargeError
		if !errors.As(err, &tl) || tl.Name != "/dev/zero" {
			t.Errorf("/dev/zero: %v, want a *TooLargeError", err)
		}
	}
	fifo := filepath.Join(t.TempDir(), "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("no FIFO: %v", err)
	}
	go func() {
		f, err := os.OpenFile(fifo, os.O_WRONLY, 0)
		if err != nil {
			return
		}
		defer f.Close()
		chunk := make([]byte, 4096)
		deadline := time.Now().Add(10 * time.Second)
		for time.Now().Before(deadline) {
			if _, err := f.Write(chunk); err != nil {
				return
			}
		}
	}()
	_, err := input.ReadFile(fifo, nil, 1<<20)
	var tl *input.TooLargeError
	if !errors.As(err, &tl) {
		t.Errorf("an endless FIFO: %v, want a *TooLargeError", err)
	}
}

func TestErrors(t *testing.T) {
	_, err := input.ReadFile(filepath.Join(t.TempDir(), "missing"), nil, 100)
	var pe *fs.PathError
	if !errors.As(err, &pe) || !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a missing file: %v, want an *fs.PathError", err)
	}
	_, err = input.ReadFile(t.TempDir(), nil, 100)
	if !errors.As(err, &pe) {
		t.Errorf("a directory: %v, want an *fs.PathError", err)
	}
}

// TestReadSized: a known size past the limit is refused unread; an
// unknown one is read through the limit.
func TestReadSized(t *testing.T) {
	r := strings.NewReader(strings.Repeat("z", 10))
	if _, err := input.ReadSized(r, "f", 11, 10); err == nil || r.Len() != 10 {
		t.Errorf("size 11, limit 10: %v, %d bytes read", err, 10-r.Len())
	}
	if data, err := input.ReadSized(strings.NewReader("abc"), "f", 3, 3); err != nil || string(data) != "abc" {
		t.Errorf("at the limit: %q, %v", data, err)
	}
	if _, err := input.ReadSized(strings.NewReader("abcd"), "f", -1, 3); err == nil || err.Error() != "f: larger than the limit of 3 bytes" {
		t.Errorf("unknown size past the limit: %v", err)
	}
}

// TestReadSizedInto: an input of known size that fits is read into the
// buffer given; one that does not, or that is longer than its size said,
// is read whole all the same.
func TestReadSizedInto(t *testing.T) {
	buf := make([]byte, 0, 16)
	data, err := input.ReadSizedInto(buf, strings.NewReader("abc"), "f", 3, 100)
	if err != nil || string(data) != "abc" || &data[:1][0] != &buf[:1][0] {
		t.Errorf("fits: %q, %v, in the buffer given: %v", data, err, err == nil && &data[:1][0] == &buf[:1][0])
	}
	long := strings.Repeat("y", 40)
	if data, err := input.ReadSizedInto(buf, strings.NewReader(long), "f", 40, 100); err != nil || string(data) != long {
		t.Errorf("past the buffer: %q, %v", data, err)
	}
	if data, err := input.ReadSizedInto(buf, strings.NewReader(long), "f", 3, 100); err != nil || string(data) != long {
		t.Errorf("longer than its size said: %q, %v", data, err)
	}
	if _, err := input.ReadSizedInto(buf, strings.NewReader(long), "f", 40, 10); err == nil {
		t.Error("past the limit: no error")
	}
}
