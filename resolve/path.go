package resolve

import (
	"bytes"
	"strings"

	"github.com/relurl/relurl/ast"
)

// mergePaths is step 6 of §4: the last segment of the base's path
// (everything after its rightmost "/", or the whole path if it has none) is
// removed and ref, a path not preceded by "/", appended in its place; then
// "." and ".." segments go by rules a) to d).
//
// The rules are applied as §4 suggests, as "a pair of segment stacks being
// merged" rather than as string rewriting: the reference's segments are
// taken off the front of one stack, in order, and the path built so far is
// the other, one segment per "/"-separated run of the output buffer. A "."
// is dropped (a, b); a ".." pops the segment below it unless that is itself
// a ".." or there is none (c, d); a "." or a ".." that was last leaves the
// path ending in "/". Each byte is written once and, if its segment is
// popped, scanned once more, so the time and memory are linear in the
// lengths of the two paths, whatever the reference ("../" 100 000 times or a
// path of ten megabytes).
//
// A base with a net_loc and an empty path has the root path "/" here, so
// that "http://a" + "g" is "http://a/g".
func mergePaths(base ast.URL, ref string) string {
	bp := base.Path.Value
	if bp == "" && base.NetLoc.Present {
		bp = "/"
	}
	dir := bp[:strings.LastIndexByte(bp, '/')+1]

	var st segmentStack
	st.out = make([]byte, 0, len(dir)+len(ref)+1)
	if strings.HasPrefix(dir, "/") {
		// §2.4.6: the leading slash is not part of the path, and no segment.
		st.out = append(st.out, '/')
		st.floor = 1
		dir = dir[1:]
	}
	// Every segment of the base's directory ends in "/", so none is last.
	for dir != "" {
		i := strings.IndexByte(dir, '/')
		st.step(dir[:i], false)
		dir = dir[i+1:]
	}
	for {
		i := strings.IndexByte(ref, '/')
		if i < 0 {
			st.step(ref, true)
			break
		}
		st.step(ref[:i], false)
		ref = ref[i+1:]
	}
	return string(st.out)
}

// segmentStack is a path being built: out[:floor] is its leading "/", if
// any, and out[floor:] holds n segments joined by "/". The bottom dots of
// them are ".." segments that nothing can pop; above them there is no "..".
type segmentStack struct {
	out   []byte
	floor int
	n     int
	dots  int
}

// step applies rules a) to d) of step 6 to the next segment; last says it
// is the last segment of the path.
func (st *segmentStack) step(seg string, last bool) {
	switch seg {
	case ".":
		// a) "./" is removed; b) so is a final ".", leaving the "/" before it.
		if last {
			st.push("")
		}
	case "..":
		if st.n > st.dots {
			// c) "<segment>/../" is removed; d) so is a final
			// "<segment>/..", leaving the "/" before it. An empty segment
			// is a complete segment (segment = *pchar).
			st.pop()
			if last {
				st.push("")
			}
			return
		}
		// Above the root, or after other ".." segments: kept.
		st.push("..")
		st.dots++
	default:
		st.push(seg)
	}
}

func (st *segmentStack) push(seg string) {
	if st.n > 0 {
		st.out = append(st.out, '/')
	}
	st.out = append(st.out, seg...)
	st.n++
}

func (st *segmentStack) pop() {
	st.n--
	if st.n == 0 {
		st.out = st.out[:st.floor]
		return
	}
	st.out = st.out[:st.floor+bytes.LastIndexByte(st.out[st.floor:], '/')]
}
