package spool

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"testing"
)

// TestQueue: records come out in the order they went in, whatever the
// budget (none: every record on file; all in memory; in between), pushes
// and pops interleaved, the file emptied and used again; and records of
// every size, the empty one and one past the read-ahead included.
func TestQueue(t *testing.T) {
	seed := rand.Uint64()
	t.Logf("seed %d", seed)
	for _, budget := range []int{0, 100, 10 << 10, 1 << 30} {
		rnd := rand.New(rand.NewPCG(seed, uint64(budget)))
		q := New(budget)
		var want [][]byte
		next := 0
		rec := func(i int) []byte {
			n := []int{0, 1, 7, 300, 100 << 10}[i%5]
			return bytes.Repeat([]byte{byte(i)}, n)
		}
		popped := 0
		for round := range 2000 {
			if rnd.IntN(3) > 0 || q.Len() == 0 {
				r := rec(next)
				if err := q.Push(r); err != nil {
					t.Fatal(err)
				}
				if len(r) > 0 {
					r[0]++ // the queue keeps a copy
				}
				want = append(want, rec(next))
				next++
				continue
			}
			got, err := q.Pop()
			if err != nil {
				t.Fatalf("budget %d, round %d: %v", budget, round, err)
			}
			if !bytes.Equal(got, want[popped]) {
				t.Fatalf("budget %d, round %d: record %d is %d bytes, want %d", budget, round, popped, len(got), len(want[popped]))
			}
			popped++
			if q.Len() != next-popped {
				t.Fatalf("budget %d: Len %d, want %d", budget, q.Len(), next-popped)
			}
		}
		for popped < next {
			got, err := q.Pop()
			if err != nil || !bytes.Equal(got, want[popped]) {
				t.Fatalf("budget %d: record %d: %d bytes, %v", budget, popped, len(got), err)
			}
			popped++
		}
		if _, err := q.Pop(); !errors.Is(err, io.EOF) {
			t.Errorf("budget %d: Pop of an empty queue: %v, want io.EOF", budget, err)
		}
		switch {
		case budget == 1<<30 && q.Spilled() != 0:
			t.Errorf("budget %d: %d records spilled, want none", budget, q.Spilled())
		case budget < 1<<30 && q.Spilled() == 0:
			t.Errorf("budget %d: no record spilled", budget)
		}
		if err := q.Close(); err != nil {
			t.Error(err)
		}
	}
}

// TestQueueOrderAcrossTheFile: a record pushed while records wait on file
// goes after them, even when memory has room again.
func TestQueueOrderAcrossTheFile(t *testing.T) {
	q := New(10)
	defer q.Close()
	for i := range 5 {
		if err := q.Push([]byte(fmt.Sprintf("record %d", i))); err != nil {
			t.Fatal(err)
		}
	}
	var got []string
	for q.Len() > 0 {
		r, err := q.Pop()
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, string(r))
		if len(got) == 2 {
			q.Push([]byte("x"))
		}
	}
	if want := "[record 0 record 1 record 2 record 3 record 4 x]"; fmt.Sprint(got) != want {
		t.Errorf("popped %v, want %s", got, want)
	}
}
