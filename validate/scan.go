package validate

// tables are the sets of characters the generated reader reads with
// (reader.go): those of each run it scans (sets), of the first character of
// a run it tests (units), and the sets laid out for scan's blocks of eight
// bytes (lanes).
type tables struct {
	sets  [256]uint8
	units [256]uint8
	// lanes[k][c] is the sets of byte c in byte k of a word (its lane
	// k), so that a block's word is eight loads and ORs, without shifts.
	lanes [8][256]uint64
}

// The tables of the reader: strict, the BNF's characters, which decide
// whether a URL is valid and cut it; lax, where every run takes any
// character but the delimiters, which finds the faults of the structure
// alone (see check).
var (
	strict = newTables(&strictSets, &strictUnits)
	lax    = newTables(&laxSets, &laxUnits)
)

func newTables(sets, units *[256]uint8) tables {
	t := tables{sets: *sets, units: *units}
	for k := range t.lanes {
		for c := range t.lanes[k] {
			t.lanes[k][c] = uint64(sets[c]) << (8 * k)
		}
	}
	return t
}

// escape reports whether s begins with an escape, "%" hex hex, under t:
// never, under the lax tables, whose runs take "%" as any other character.
func (t *tables) escape(s string) bool {
	return len(s) >= 3 && t.sets[s[0]]&setPct != 0 && t.sets[s[1]]&t.sets[s[2]]&setHex != 0
}

// ones has a 1 in the low bit of each of its eight bytes (lanes).
const ones = 0x0101010101010101

// scan returns the offset of the first byte in s[i:] that is neither in
// set nor the start of an escape, or len(s). This loop is the fast path.
// It reads eight bytes at a time into a word of their sets, one byte of
// the word (lane) each, and checks them at once: every lane in set, and the
// two lanes after each "%" hex, those of a "%" near the end of the block
// carried into the next. Nothing it computes from the bytes decides where
// the next block begins, so that the loads of one block do not wait for
// the checks of the one before. At a block that fails, and for the last
// few bytes, it goes one unit (a byte or an escape) at a time, from two
// bytes back, where a "%" carried into the block may begin. The "%" bit
// (setPct) is the bit after the hex bit (setHex), as reader.go lays them
// out: a shift of seven moves it to the next lane's hex bit.
func scan(t *tables, s string, i int, set uint8) int {
	start := i
	lanes := &t.lanes
	want := uint64(set) * ones
	var carry uint64 // the lanes of this block that must be hex
	for {
		_ = s[i:] // 0 <= i <= len(s): no bounds checks in the loop
		for ; i <= len(s)-8; i += 8 {
			b := s[i : i+8]
			w := lanes[0][b[0]] | lanes[1][b[1]] | lanes[2][b[2]] | lanes[3][b[3]] |
				lanes[4][b[4]] | lanes[5][b[5]] | lanes[6][b[6]] | lanes[7][b[7]]
			// The "%" bit of a lane, shifted into the hex bit of the next
			// lane and of the one after, must find it set.
			pct := w & (uint64(setPct) * ones)
			if w&want != want || (pct<<7|pct<<15|carry)&^w&(uint64(setHex)*ones) != 0 {
				break
			}
			carry = pct>>49 | pct>>57
		}
		if carry != 0 {
			i = max(start, i-2)
			carry = 0
		}
		stop := min(i+8, len(s))
		for i < stop {
			c := t.sets[s[i]]
			switch {
			case c&setPct != 0:
				if c&set == 0 || i+2 >= len(s) || t.sets[s[i+1]]&t.sets[s[i+2]]&setHex == 0 {
					return i
				}
				i += 3
			case c&set != 0:
				i++
			default:
				return i
			}
		}
		if i >= len(s) {
			return len(s)
		}
	}
}
