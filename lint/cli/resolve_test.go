package cli

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

const rfcBase = "http://a/b/c/d;p?q#f"

func TestResolveCommand(t *testing.T) {
	tests := []struct {
		name       string
		args       []string
		stdin      string
		want       string
		wantStderr string
		code       int
	}{
		{
			name: "arguments, in order",
			args: []string{"resolve", rfcBase, "g", ";x", "../../../g", "", "http:g"},
			want: "http://a/b/c/g\nhttp://a/b/c/d;x\nhttp://a/../g\nhttp://a/b/c/d;p?q#f\nhttp:g\n",
		},
		{
			name:  "standard input, one per line",
			args:  []string{"resolve", rfcBase},
			stdin: "g?y\r\n#s\n\n",
			want:  "http://a/b/c/g?y\nhttp://a/b/c/d;p?q#s\nhttp://a/b/c/d;p?q#f\n",
		},
		{
			name: "json",
			args: []string{"resolve", "--json", rfcBase, "g", "/./g"},
			want: `{"base":"http://a/b/c/d;p?q#f","ref":"g","result":"http://a/b/c/g"}
{"base":"http://a/b/c/d;p?q#f","ref":"/./g","result":"http://a/./g"}
`,
		},
		{
			name: "json: an invalid reference",
			args: []string{"resolve", "--json", rfcBase, "g", "a b"},
			want: `{"base":"http://a/b/c/d;p?q#f","ref":"g","result":"http://a/b/c/g"}
{"base":"http://a/b/c/d;p?q#f","ref":"a b","error":{"message":"bad reference \"a b\": offset 1: fsegment: space is not allowed in fsegment; write it as %20","input":"ref","offset":1,"end":2,"production":"fsegment","text":" ","rule":"fsegment/char","severity":"error"}}
`,
			code: 1,
		},
		{
			name: "json: a bad base, one object per reference",
			args: []string{"resolve", "--json", "/b/c", "g", "h"},
			want: `{"base":"/b/c","ref":"g","error":{"message":"bad base URL \"/b/c\": not absolute: offset 0: generic-RL: a base URL must be absolute, and this one has no scheme (§2: generic-RL = scheme \":\" relativeURL)","input":"base","offset":0,"end":4,"production":"generic-RL","text":"/b/c","rule":"base/not-absolute","severity":"error"}}
{"base":"/b/c","ref":"h","error":{"message":"bad base URL \"/b/c\": not absolute: offset 0: generic-RL: a base URL must be absolute, and this one has no scheme (§2: generic-RL = scheme \":\" relativeURL)","input":"base","offset":0,"end":4,"production":"generic-RL","text":"/b/c","rule":"base/not-absolute","severity":"error"}}
`,
			code: 1,
		},
		{
			name: "empty base: references as they are",
			args: []string{"resolve", "--json", "", "../g", "g:h"},
			want: `{"base":"","ref":"../g","result":"../g"}
{"base":"","ref":"g:h","result":"g:h"}
`,
		},
		{
			name:       "text: a bad base is said once",
			args:       []string{"resolve", "http://a//b", "g", "h"},
			wantStderr: "relurl resolve: bad base URL \"http://a//b\": not generic-RL: offset 8: generic-RL: a base URL must fit generic-RL (§2), and a net_loc followed by \"//\" fits only the opaque form of absoluteURL: abs_path = \"/\" rel_path cannot begin with \"/\"\n    http://a//b\n            ^^\n",
			code:       1,
		},
		{
			name:       "text: a bad reference goes to stderr with a caret",
			args:       []string{"resolve", rfcBase, "g", "%zz", "h"},
			want:       "http://a/b/c/g\nhttp://a/b/c/h\n",
			wantStderr: "relurl resolve: bad reference \"%zz\": offset 0: escape: \"%zz\" is not an escape: escape = \"%\" hex hex; write a literal \"%\" as %25\n    %zz\n    ^^^\n",
			code:       1,
		},
		{
			name: "lenient",
			args: []string{"resolve", "--lenient", "http://a/b c/d", "../e f", "g"},
			want: "http://a/e f\nhttp://a/b c/g\n",
		},
		{
			name: "lenient json",
			args: []string{"resolve", "--lenient", "--json", "http://a//b/c", "g"},
			want: `{"base":"http://a//b/c","ref":"g","result":"http://a//b/g"}` + "\n",
		},
		{
			name: "a reference that begins with -, after --",
			args: []string{"resolve", rfcBase, "--", "-g"},
			want: "http://a/b/c/-g\n",
		},
		{
			name: "a reference that begins with - but is no flag, after BASE",
			args: []string{"resolve", rfcBase, "-g"},
			want: "http://a/b/c/-g\n",
		},
		{
			name:       "a flag after BASE (decision U-1)",
			args:       []string{"resolve", rfcBase, "--json", "g"},
			code:       2,
			wantStderr: "relurl resolve: flag --json after the argument \"http://a/b/c/d;p?q#f\": flags come before the arguments, or write -- before an argument of that name (see relurl resolve --help)\n",
		},
		{name: "no base", args: []string{"resolve"}, code: 2},
		{name: "unknown flag", args: []string{"resolve", "--nope", rfcBase}, code: 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, stderr, code := runCmd(t, tt.stdin, tt.args...)
			if got != tt.want || code != tt.code || (tt.wantStderr != "" && stderr != tt.wantStderr) {
				t.Errorf("relurl %q: exit %d, stdout\n%s\nstderr\n%s\nwant exit %d, stdout\n%s\nstderr\n%s", tt.args, code, got, stderr, tt.code, tt.want, tt.wantStderr)
			}
		})
	}
}

// TestResolveJSONIsOneObjectPerReference: exactly one object per input
// line, with result or error, whatever the input.
func TestResolveJSONIsOneObjectPerReference(t *testing.T) {
	refs := []string{"", "g", "a b", "%", "\x00", "http://a//b", "//a//b", "#a#b", "../../../../", "\xff", "é"}
	for _, base := range []string{rfcBase, "", "http://a//b", "g", "http://a"} {
		got, _, _ := runCmd(t, strings.Join(refs, "\n"), "resolve", "--json", base)
		lines := strings.Split(strings.TrimSuffix(got, "\n"), "\n")
		if len(lines) != len(refs) {
			t.Fatalf("base %q: %d lines for %d references:\n%s", base, len(lines), len(refs), got)
		}
		for i, line := range lines {
			var obj map[string]any
			if err := json.Unmarshal([]byte(line), &obj); err != nil {
				t.Fatalf("base %q: line %d: %v: %s", base, i, err, line)
			}
			_, hasResult := obj["result"]
			_, hasError := obj["error"]
			if hasResult == hasError || obj["ref"] != refs[i] && strings.ToValidUTF8(refs[i], "\uFFFD") != obj["ref"] {
				t.Errorf("base %q: line %d: %s", base, i, line)
			}
		}
	}
}

func TestRelativeCommand(t *testing.T) {
	got, stderr, code := runCmd(t, "", "relative", rfcBase, "http://a/b/c/g", "http://a/b/this:that", "http://a/b/c/d;p?q#s", "g")
	want := "g\n../this:that\n#s\n"
	if got != want || code != 1 || !strings.Contains(stderr, "not absolute") {
		t.Errorf("relurl relative: exit %d, stdout\n%s\nstderr %s", code, got, stderr)
	}
	got, _, code = runCmd(t, "http://g/x\n", "relative", "--json", rfcBase)
	if want := `{"base":"http://a/b/c/d;p?q#f","target":"http://g/x","ref":"//g/x"}` + "\n"; got != want || code != 0 {
		t.Errorf("relurl relative --json: exit %d, %s", code, got)
	}
	if _, _, code := runCmd(t, "", "relative"); code != 2 {
		t.Errorf("relurl relative without a base: exit %d, want 2", code)
	}
}

func TestBaseCommand(t *testing.T) {
	dir := t.TempDir()
	write := func(name, content string) string { return writeFile(t, dir, name, content) }
	html := write("doc.html", "<!doctype html>\n<HTML><HEAD><BASE HREF=\"http://www.ics.uci.edu/Test/a/b/c\"></HEAD></HTML>\n")
	plain := write("plain.html", "<p>no base")
	msg := write("msg.eml", "Base: <URL:http://m/\r\n a/>\r\nContent-Type: multipart/mixed; boundary=b\r\n\r\n--b\r\n\r\nx\r\n--b--\r\n")
	bad := write("bad.html", `<head><base href="../rel"></head>`)

	tests := []struct {
		args []string
		want string
		code int
	}{
		{[]string{"base", html}, "http://www.ics.uci.edu/Test/a/b/c\n  layer   embedded (§3.1): HTML BASE element\n", 0},
		{[]string{"base", "--url", "http://r/x", plain}, "http://r/x\n  layer   retrieval URL (§3.3): retrieval URL\n", 0},
		{[]string{"base", plain}, "\n  layer   default (§3.4): no base defined\n", 0},
		{[]string{"base", "--json", msg}, `{"file":"` + msg + `","type":"message","base":"http://m/a/","layer":"embedded","section":"3.1","source":"Base header","parts":[{"part":"1","media_type":"text/plain","base":"http://m/a/","layer":"encapsulating entity","section":"3.2","source":"enclosing entity's Base header"}]}` + "\n", 0},
		{[]string{"base", "--type", "message", "--url", "http://r/", msg}, "http://m/a/\n  layer   embedded (§3.1): Base header\n  part 1 text/plain: http://m/a/  [encapsulating entity (§3.2): enclosing entity's Base header]\n", 0},
		{[]string{"base", "--url", "http://r/", bad}, "", 1},
		{[]string{"base", filepath.Join(dir, "missing")}, "", 2},
		{[]string{"base"}, "", 2},
		{[]string{"base", "--type", "pdf", html}, "", 2},
	}
	for _, tt := range tests {
		got, stderr, code := runCmd(t, "", tt.args...)
		if got != tt.want || code != tt.code {
			t.Errorf("relurl %q: exit %d, stdout\n%s\nstderr %s\nwant exit %d, stdout\n%s", tt.args, code, got, stderr, tt.code, tt.want)
		}
	}
	got, _, code := runCmd(t, "<base href=\"http://stdin/\">", "base", "-")
	if code != 0 || !strings.HasPrefix(got, "http://stdin/\n") {
		t.Errorf("relurl base -: exit %d, %s", code, got)
	}
}

// TestBaseNotes: what the MIME walk could not read as MIME wants it is
// printed, never skipped in silence; entities nested past the limit are
// an error.
func TestBaseNotes(t *testing.T) {
	msg := "Content-Type: multipart/mixed\r\n\r\nContent-Type: text/html\r\n\r\n<base href=\"http://nb/\">"
	got, _, code := runCmd(t, msg, "base", "--json", "-")
	want := `{"file":"-","type":"message","base":"","layer":"default","section":"3.4","source":"no base defined",` +
		`"parts":[{"part":"1","media_type":"text/html","base":"http://nb/","layer":"embedded","section":"3.1","source":"HTML BASE element"}],` +
		`"notes":[{"part":"","kind":"no-boundary","offset":33,"message":"multipart/mixed has no boundary parameter; its body is read as one part"}]}` + "\n"
	if code != 0 || got != want {
		t.Errorf("exit %d\n%s\nwant\n%s", code, got, want)
	}
	got, _, _ = runCmd(t, msg, "base", "-")
	if !strings.Contains(got, "  note    message, offset 33: multipart/mixed has no boundary parameter; its body is read as one part [no-boundary]\n") {
		t.Errorf("text:\n%s", got)
	}
	deep := strings.Repeat("Content-Type: message/rfc822\r\n\r\n", 101) + "x"
	if _, stderr, code := runCmd(t, deep, "base", "-"); code != exitInvalid || !strings.Contains(stderr, "nested deeper than 100") {
		t.Errorf("101 deep: exit %d, %s", code, stderr)
	}
	if _, stderr, code := runCmd(t, strings.Repeat("Content-Type: message/rfc822\r\n\r\n", 100)+"x", "base", "-"); code != exitOK {
		t.Errorf("100 deep: exit %d, %s", code, stderr)
	}
}
