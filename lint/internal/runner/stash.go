package runner

import (
	"encoding/binary"
	"fmt"
	"io"
	"os"

	"github.com/relurl/relurl/lint/internal/lint"
)

// stash keeps the findings of the fragments checked before their file's
// turn (order.try), by item, until the file is written: encoded, up to a
// budget of bytes in memory, the rest in a temporary file, as the queue
// of the findings held back does (decision S-15). A run whose first file
// waits for a document near its end checks the fragments of every file
// after it as their anchors come, and their findings (a hundred thousand
// on a large tree with many broken fragments) would otherwise all be in
// memory at once. A stash is not safe for concurrent use.
type stash struct {
	budget int
	// parts are each item's records, in the order put; mem is the bytes
	// of those held in memory.
	parts map[int][]stashPart
	mem   int
	// file holds the records past the budget, end its size.
	file *os.File
	name string // to remove at close, when the system could not at once
	end  int64
	buf  []byte
}

// stashPart is some findings of an item: data in memory, or the n bytes
// of the file at at.
type stashPart struct {
	data []byte
	at   int64
	n    int
}

// lenWidth is the width of a record's length, before it (little-endian).
const lenWidth = 4

func newStash(budget int) *stash { return &stash{budget: budget, parts: map[int][]stashPart{}} }

// put keeps the findings fs of item i, after those kept before.
func (s *stash) put(i int, fs []lint.Finding) error {
	if len(fs) == 0 {
		return nil
	}
	b := s.buf[:0]
	for k := range fs {
		n := len(b)
		b = append(b, 0, 0, 0, 0)
		b, _ = fs[k].AppendBinary(b)
		// The record's length before it, in a fixed width: the record is
		// written after its room.
		binary.LittleEndian.PutUint32(b[n:], uint32(len(b)-n-lenWidth))
	}
	s.buf = b[:0]
	if s.mem+len(b) <= s.budget {
		s.parts[i] = append(s.parts[i], stashPart{data: append([]byte(nil), b...)})
		s.mem += len(b)
		return nil
	}
	if s.file == nil {
		f, err := os.CreateTemp("", "relurl-stash-*")
		if err != nil {
			return fmt.Errorf("holding findings back: %w", err)
		}
		if os.Remove(f.Name()) != nil {
			s.name = f.Name()
		}
		s.file = f
	}
	if _, err := s.file.WriteAt(b, s.end); err != nil {
		return fmt.Errorf("holding findings back: %w", err)
	}
	s.parts[i] = append(s.parts[i], stashPart{at: s.end, n: len(b)})
	s.end += int64(len(b))
	return nil
}

// take returns the findings kept of item i, in the order put, and
// forgets them.
func (s *stash) take(i int) ([]lint.Finding, error) {
	parts, ok := s.parts[i]
	if !ok {
		return nil, nil
	}
	delete(s.parts, i)
	var out []lint.Finding
	for _, p := range parts {
		data := p.data
		if data == nil {
			data = make([]byte, p.n)
			if n, err := s.file.ReadAt(data, p.at); n < p.n {
				if err == nil {
					err = io.ErrUnexpectedEOF
				}
				return out, fmt.Errorf("reading findings held back: %w", err)
			}
		} else {
			s.mem -= len(data)
		}
		for len(data) >= lenWidth {
			n := int(binary.LittleEndian.Uint32(data))
			data = data[lenWidth:]
			if n > len(data) {
				return out, fmt.Errorf("reading findings held back: %w", lint.ErrEncoding)
			}
			var f lint.Finding
			if err := f.UnmarshalBinary(data[:n]); err != nil {
				return out, fmt.Errorf("reading findings held back: %w", err)
			}
			out = append(out, f)
			data = data[n:]
		}
	}
	return out, nil
}

// close drops what the stash holds and removes its temporary file.
func (s *stash) close() error {
	clear(s.parts)
	if s.file == nil {
		return nil
	}
	err := s.file.Close()
	if s.name != "" {
		if rerr := os.Remove(s.name); err == nil {
			err = rerr
		}
	}
	s.file = nil
	return err
}
