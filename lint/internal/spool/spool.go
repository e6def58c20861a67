// Package spool is a first-in, first-out queue of records (strings of
// bytes) that keeps up to a budget of them in memory and the rest in a
// temporary file: what a run of the linter holds back to write its
// findings in order of place costs it the budget, however many there
// are (decision U-4).
package spool

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
)

// Queue is a first-in, first-out queue of records. The records pushed
// while the bytes of those in memory are within the budget stay in
// memory; past it, they go to a temporary file, and so do the ones after
// them until the file's are all popped. The zero Queue is not usable:
// make one with [New]. A Queue is not safe for concurrent use.
type Queue struct {
	budget int
	// mem holds the records in memory, from head on; memBytes their size.
	mem      [][]byte
	head     int
	memBytes int
	// The file's records: written through w from wOff (the file's end),
	// read from rOff; rbuf holds the file's bytes from rbufOff, read
	// ahead. onFile counts the records in it.
	file    *os.File
	name    string // to remove at Close, when the system could not at once
	w       *bufio.Writer
	wOff    int64
	rOff    int64
	rbuf    []byte
	rbufOff int64
	onFile  int
	// spilled counts the records that ever went to the file.
	spilled int
}

// New returns an empty queue that keeps up to budget bytes of records in
// memory (0 or less: none).
func New(budget int) *Queue { return &Queue{budget: budget} }

// Len returns how many records the queue holds.
func (q *Queue) Len() int { return len(q.mem) - q.head + q.onFile }

// Spilled returns how many records went to the temporary file so far.
func (q *Queue) Spilled() int { return q.spilled }

// Push adds a copy of rec at the end of the queue. Its error is the
// temporary file's: the queue is then unchanged.
func (q *Queue) Push(rec []byte) error {
	if q.onFile == 0 && q.memBytes+len(rec) <= q.budget {
		q.mem = append(q.mem, append([]byte(nil), rec...))
		q.memBytes += len(rec)
		return nil
	}
	if q.file == nil {
		if err := q.create(); err != nil {
			return err
		}
	}
	var n [binary.MaxVarintLen64]byte
	head := binary.PutUvarint(n[:], uint64(len(rec)))
	if _, err := q.w.Write(n[:head]); err != nil {
		return q.fail(err)
	}
	if _, err := q.w.Write(rec); err != nil {
		return q.fail(err)
	}
	q.wOff += int64(head + len(rec))
	q.onFile++
	q.spilled++
	return nil
}

// create makes the temporary file, removed at once where the system
// allows a file open to be (it is gone then whatever becomes of the
// process), else at Close.
func (q *Queue) create() error {
	f, err := os.CreateTemp("", "relurl-spool-*")
	if err != nil {
		return fmt.Errorf("holding findings back: %w", err)
	}
	if os.Remove(f.Name()) != nil {
		q.name = f.Name()
	}
	q.file, q.w = f, bufio.NewWriterSize(f, 64<<10)
	return nil
}

func (q *Queue) fail(err error) error { return fmt.Errorf("holding findings back: %w", err) }

// Pop removes the first record and returns it; it is the caller's. It
// returns io.EOF when the queue is empty, and the temporary file's error
// when it cannot be read.
func (q *Queue) Pop() ([]byte, error) {
	if q.head < len(q.mem) {
		rec := q.mem[q.head]
		q.mem[q.head] = nil
		q.head++
		q.memBytes -= len(rec)
		if q.head == len(q.mem) {
			q.mem, q.head = q.mem[:0], 0
		} else if q.head > 1024 && q.head > len(q.mem)/2 {
			q.mem, q.head = append(q.mem[:0], q.mem[q.head:]...), 0
		}
		return rec, nil
	}
	if q.onFile == 0 {
		return nil, io.EOF
	}
	if q.w.Buffered() > 0 {
		if err := q.w.Flush(); err != nil {
			return nil, q.fail(err)
		}
	}
	head, err := q.read(binary.MaxVarintLen64, true)
	if err != nil {
		return nil, err
	}
	n, k := binary.Uvarint(head)
	if k <= 0 || n > uint64(q.wOff-q.rOff-int64(k)) {
		return nil, q.fail(errors.New("the temporary file does not hold what was written"))
	}
	q.rOff += int64(k)
	rec, err := q.read(int(n), false)
	if err != nil {
		return nil, err
	}
	rec = append([]byte(nil), rec...)
	q.rOff += int64(n)
	if q.onFile--; q.onFile == 0 {
		// The file is read: it is written again from its start.
		q.rOff, q.wOff, q.rbuf, q.rbufOff = 0, 0, q.rbuf[:0], 0
		if _, err := q.file.Seek(0, io.SeekStart); err != nil {
			return nil, q.fail(err)
		}
		if err := q.file.Truncate(0); err != nil {
			return nil, q.fail(err)
		}
	}
	return rec, nil
}

// read returns the file's bytes from rOff on, n of them, or fewer when
// upTo and the file ends before: from rbuf, which it fills from the file
// as need be.
func (q *Queue) read(n int, upTo bool) ([]byte, error) {
	if upTo {
		n = int(min(int64(n), q.wOff-q.rOff))
	}
	at := q.rOff - q.rbufOff
	if q.rOff < q.rbufOff || at+int64(n) > int64(len(q.rbuf)) {
		size := int(min(max(int64(n), 64<<10), q.wOff-q.rOff))
		if cap(q.rbuf) < size {
			q.rbuf = make([]byte, size)
		}
		q.rbuf = q.rbuf[:size]
		if _, err := q.file.ReadAt(q.rbuf, q.rOff); err != nil {
			return nil, q.fail(err)
		}
		q.rbufOff, at = q.rOff, 0
	}
	return q.rbuf[at : at+int64(n)], nil
}

// Close drops what the queue holds and removes its temporary file.
func (q *Queue) Close() error {
	q.mem, q.head, q.memBytes, q.onFile = nil, 0, 0, 0
	if q.file == nil {
		return nil
	}
	err := q.file.Close()
	if q.name != "" {
		if rerr := os.Remove(q.name); err == nil {
			err = rerr
		}
	}
	q.file = nil
	return err
}
