package fix_test

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/relurl/relurl/lint/internal/fix"
)

// patch applies a unified diff to src, as patch(1) would, checking every
// context and removed line and every count: the reader the test holds
// UnifiedDiff to.
func patch(t *testing.T, src []byte, diff string) []byte {
	t.Helper()
	lines := strings.SplitAfter(diff, "\n")
	if len(lines) < 2 || !strings.HasPrefix(lines[0], "--- a/") || !strings.HasPrefix(lines[1], "+++ b/") {
		t.Fatalf("no header:\n%s", diff)
	}
	old := strings.SplitAfter(string(src), "\n")
	if old[len(old)-1] == "" {
		old = old[:len(old)-1]
	}
	var out []string
	at := 0 // the next old line to copy
	i := 2
	for i < len(lines) && lines[i] != "" {
		var o0, on, n0, nn int
		h := lines[i]
		if _, err := fmt.Sscanf(strings.NewReplacer(",", " ", "-", "", "+", "").Replace(h), "@@ %d %d %d %d @@", &o0, &on, &n0, &nn); err != nil {
			// one-line ranges have no count
			f := strings.Fields(h)
			parse := func(s string) (int, int) {
				a, b, ok := strings.Cut(s[1:], ",")
				x, _ := strconv.Atoi(a)
				if !ok {
					return x, 1
				}
				y, _ := strconv.Atoi(b)
				return x, y
			}
			o0, on = parse(f[1])
			n0, nn = parse(f[2])
		}
		start := o0 - 1
		if on == 0 {
			start = o0
		}
		if start < at {
			t.Fatalf("hunk %q goes back", h)
		}
		out = append(out, old[at:start]...)
		at = start
		i++
		gotOld, gotNew := 0, 0
		for i < len(lines) && lines[i] != "" && !strings.HasPrefix(lines[i], "@@") {
			l := lines[i]
			body := l[1:]
			if i+1 < len(lines) && strings.HasPrefix(lines[i+1], `\ No newline`) {
				body = strings.TrimSuffix(body, "\n")
				i++
			}
			switch l[0] {
			case ' ', '-':
				if at >= len(old) || old[at] != body {
					t.Fatalf("line %d is %q, the diff says %q", at+1, old[min(at, len(old)-1)], body)
				}
				if l[0] == ' ' {
					out = append(out, body)
					gotNew++
				}
				at++
				gotOld++
			case '+':
				out = append(out, body)
				gotNew++
			default:
				t.Fatalf("line %q", l)
			}
			i++
		}
		if gotOld != on || gotNew != nn {
			t.Fatalf("hunk %q counts %d and %d lines", h, gotOld, gotNew)
		}
	}
	return []byte(strings.Join(append(out, old[at:]...), ""))
}

func TestUnifiedDiff(t *testing.T) {
	src := []byte("one\n<a href=\"a b\">x</a>\nthree\nfour\nfive\nsix\nseven\neight\nnine\nten\n<a href=\"c|d\">\n")
	sp, bar := bytes.Index(src, []byte("a b"))+1, bytes.IndexByte(src, '|')
	edits := []fix.Edit{
		{Offset: sp, End: sp + 1, Old: " ", New: "%20"},
		{Offset: bar, End: bar + 1, Old: "|", New: "%7C"},
		{Offset: sp, End: sp + 1, Old: " ", New: "%20"}, // the same edit twice: once
	}
	want := `--- a/p.html
+++ b/p.html
@@ -1,5 +1,5 @@
 one
-<a href="a b">x</a>
+<a href="a%20b">x</a>
 three
 four
 five
@@ -8,4 +8,4 @@
 eight
 nine
 ten
-<a href="c|d">
+<a href="c%7Cd">
`
	if got := string(fix.UnifiedDiff("p.html", src, edits)); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if fix.UnifiedDiff("p.html", src, nil) != nil {
		t.Error("a diff of no edits")
	}
	// diff(1) is GNU diffutils, essential on Debian: always there.
	{
		dir := t.TempDir()
		a, b := filepath.Join(dir, "a"), filepath.Join(dir, "b")
		fixed, err := fix.ApplyEdits(src, edits)
		if err != nil {
			t.Fatal(err)
		}
		writeFile(t, a, src)
		writeFile(t, b, fixed)
		out, _ := exec.Command("diff", "-u", a, b).Output()
		_, hunks, _ := strings.Cut(string(out), "\n@@")
		_, mine, _ := strings.Cut(want, "\n@@")
		if hunks != mine {
			t.Errorf("diff -u says\n@@%s\nwe say\n@@%s", hunks, mine)
		}
	}
}

// TestUnifiedDiffPatches: on random files and edits, the diff patches the
// file into the file with the edits made.
func TestUnifiedDiffPatches(t *testing.T) {
	r := rand.New(rand.NewPCG(12, 12))
	for range 2000 {
		var b bytes.Buffer
		for range r.IntN(30) {
			for range r.IntN(6) {
				b.WriteByte("ab \n"[r.IntN(4)])
			}
			if r.IntN(5) > 0 {
				b.WriteByte('\n')
			}
		}
		src := b.Bytes()
		var edits []fix.Edit
		for at := 0; at < len(src); {
			at += r.IntN(40)
			if at >= len(src) {
				break
			}
			end := min(len(src), at+r.IntN(3))
			edits = append(edits, fix.Edit{Offset: at, End: end, Old: string(src[at:end]), New: []string{"%20", "", "x\ny", "Z"}[r.IntN(4)]})
			at = end + 1
		}
		want, err := fix.ApplyEdits(src, edits)
		if err != nil {
			t.Fatal(err)
		}
		d := fix.UnifiedDiff("f", src, edits)
		if len(edits) == 0 {
			continue
		}
		if got := patch(t, src, string(d)); !bytes.Equal(got, want) {
			t.Fatalf("%q with %+v:\n%s\npatches into %q, want %q", src, edits, d, got, want)
		}
	}
}

func writeFile(t *testing.T, name string, data []byte) {
	t.Helper()
	if err := os.WriteFile(name, data, 0o644); err != nil {
		t.Fatal(err)
	}
}
