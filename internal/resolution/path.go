package resolution

import (
	"bytes"
	"strings"
	"unsafe"

	"github.com/relurl/relurl/ast"
)

// MergePaths is step 6 of §4: the last segment of the base's path
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
// that "http://a" + "g" is "http://a/g". A relative path (of a base such
// as "http:.//x") that would begin with an empty segment keeps a "."
// segment in front (".//g"), so that it stays relative.
//
// A non-nil tr records, as the stacks run, what becomes of each segment,
// for [ReferenceTrace]; with nil (as [Reference] calls it) the loop only
// tests tr once per segment, which the benchmarks do not see
// (BenchmarkResolve).
func MergePaths(base ast.URL, ref string, tr *PathTrace) string {
	bp := base.Path.Value
	if bp == "" && base.NetLoc.Present {
		bp = "/"
	}
	dir := bp[:strings.LastIndexByte(bp, '/')+1]
	whole := dir // for the trace; the loop reads dir without its leading "/"

	// The stack of segments built so far is out[floor:], n segments joined
	// by "/"; out[:floor] is the leading "/", if any (§2.4.6: it is not
	// part of the path, and no segment). The bottom dots of the segments are
	// ".." that nothing can pop; above them there is no "..". (Locals, not a
	// struct behind a pointer, so the loop runs without write barriers.)
	out := make([]byte, 0, len(dir)+len(ref)+1)
	floor, n, dots := 0, 0, 0
	if strings.HasPrefix(dir, "/") {
		out = append(out, '/')
		floor = 1
		dir = dir[1:]
	}
	push := func(out []byte, n int, seg string) ([]byte, int) {
		if n > 0 {
			out = append(out, '/')
		}
		return append(out, seg...), n + 1
	}

	// The base's directory, every segment of which ends in "/" (so none is
	// last), then the reference's segments.
	rest, inRef := dir, false
	if rest == "" {
		rest, inRef = ref, true
	}
	for {
		seg, last := rest, true
		if i := strings.IndexByte(rest, '/'); i >= 0 {
			seg, rest, last = rest[:i], rest[i+1:], false
		}
		switch seg {
		case ".":
			// a) "./" is removed; b) so is a final ".", leaving the "/"
			// before it.
			if tr != nil {
				tr.dot(last)
			}
			if last {
				out, n = push(out, n, "")
			}
		case "..":
			if n > dots {
				// c) "<segment>/../" is removed; d) so is a final
				// "<segment>/..", leaving the "/" before it. An empty
				// segment is a complete segment (segment = *pchar).
				if tr != nil {
					tr.popped(last)
				}
				n--
				if n == 0 {
					out = out[:floor]
				} else {
					out = out[:floor+bytes.LastIndexByte(out[floor:], '/')]
				}
				if last {
					out, n = push(out, n, "")
				}
				break
			}
			// Above the root, or after other ".." segments: kept.
			if tr != nil {
				tr.pushed()
			}
			out, n = push(out, n, "..")
			dots++
		default:
			if tr != nil {
				tr.pushed()
			}
			out, n = push(out, n, seg)
		}
		if last {
			break
		}
		if rest == "" && !inRef {
			rest, inRef = ref, true
		}
	}
	var path string
	switch {
	case floor == 0 && len(out) > 0 && out[0] == '/':
		// A relative path whose first segment is empty, after a) removed
		// the "./" before it (".//g"): keep the "." so that it stays
		// relative rather than read as an abs_path or a net_loc.
		path = "./" + string(out)
	case len(out) == 0:
	default:
		// out is never written again: hand it over as the string without a
		// copy, as strings.Builder does, so a long path is held once: the
		// bytes allocated per input byte of BenchmarkScaling's Resolve
		// series (B/B in the benchmark report) show it.
		path = unsafe.String(unsafe.SliceData(out), len(out))
	}
	if tr != nil {
		tr.finish(whole, ref, path)
	}
	return path
}
