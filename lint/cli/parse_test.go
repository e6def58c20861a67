package cli

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

func runCmd(t *testing.T, stdin string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errOut bytes.Buffer
	code = run(args, strings.NewReader(stdin), &out, &errOut)
	return out.String(), errOut.String(), code
}

func TestParseJSON(t *testing.T) {
	tests := []struct {
		name  string
		args  []string
		stdin string
		want  string
		code  int
	}{
		{
			name: "absent is null, empty is empty",
			args: []string{"parse", "--json", "http:?", "g"},
			want: `{"input":"http:?","valid":true,"form":"generic-RL","scheme":"http","net_loc":null,"path":"","params":null,"query":"","fragment":null,"diagnostics":[]}
{"input":"g","valid":true,"form":"relativeURL","scheme":null,"net_loc":null,"path":"g","params":null,"query":null,"fragment":null,"diagnostics":[]}
`,
		},
		{
			name: "all six components, path with its slash",
			args: []string{"parse", "--json", "http://a/b/c/d;p?q#f"},
			want: `{"input":"http://a/b/c/d;p?q#f","valid":true,"form":"generic-RL","scheme":"http","net_loc":"a","path":"/b/c/d","params":"p","query":"q","fragment":"f","diagnostics":[]}
`,
		},
		{
			name: "invalid: components still reported, exit 1",
			args: []string{"parse", "--json", "//a//b"},
			want: `{"input":"//a//b","valid":false,"form":"relativeURL","scheme":null,"net_loc":"a","path":"//b","params":null,"query":null,"fragment":null,"diagnostics":[{"offset":4,"end":5,"production":"net_path","text":"/","message":"a relative URL's net_loc cannot be followed by an empty path segment (\"//\"): net_path = \"//\" net_loc [ abs_path ], and abs_path = \"/\" rel_path cannot begin with \"/\"","rule":"net_path/empty-segment","severity":"error"}]}
`,
			code: 1,
		},
		{
			name: "a flag after the arguments is a mistake (decision U-1)",
			args: []string{"parse", "", "--json"},
			code: 2,
		},
		{
			name: "after --, a URL spelled as a flag",
			args: []string{"parse", "--json", "--", "--json"},
			want: `{"input":"--json","valid":true,"form":"relativeURL","scheme":null,"net_loc":null,"path":"--json","params":null,"query":null,"fragment":null,"diagnostics":[]}
`,
		},
		{
			name:  "stdin: one per line, CRLF, empty lines are the empty URL",
			args:  []string{"parse", "--json"},
			stdin: "g:h\r\n\n#s",
			want: `{"input":"g:h","valid":true,"form":"generic-RL","scheme":"g","net_loc":null,"path":"h","params":null,"query":null,"fragment":null,"diagnostics":[]}
{"input":"","valid":true,"form":"relativeURL","scheme":null,"net_loc":null,"path":"","params":null,"query":null,"fragment":null,"diagnostics":[]}
{"input":"#s","valid":true,"form":"relativeURL","scheme":null,"net_loc":null,"path":"","params":null,"query":null,"fragment":"s","diagnostics":[]}
`,
		},
		{
			name: "no HTML escaping of & < >",
			args: []string{"parse", "--json", "?a&b<"},
			want: `{"input":"?a&b<","valid":false,"form":"relativeURL","scheme":null,"net_loc":null,"path":"","params":null,"query":"a&b<","fragment":null,"diagnostics":[{"offset":4,"end":5,"production":"query","text":"<","message":"punctuation character '<' is not allowed in query; write it as %3C","rule":"query/char","severity":"error"}]}
`,
			code: 1,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, stderr, code := runCmd(t, tt.stdin, tt.args...)
			if got != tt.want || code != tt.code {
				t.Errorf("relurl %q: exit %d, stdout\n%s\nstderr %s\nwant exit %d, stdout\n%s", tt.args, code, got, stderr, tt.code, tt.want)
			}
		})
	}
}

// TestParseJSONIsOneObjectPerLine checks every line of output is a JSON
// object with the documented fields, including for hostile input.
func TestParseJSONIsOneObjectPerLine(t *testing.T) {
	inputs := []string{"a\x00b", "\xff\xfe", "%", "##", strings.Repeat("../", 1000), "é"}
	got, _, code := runCmd(t, strings.Join(inputs, "\n"), "parse", "--json")
	if code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	lines := strings.Split(strings.TrimSuffix(got, "\n"), "\n")
	if len(lines) != len(inputs) {
		t.Fatalf("%d lines for %d inputs", len(lines), len(inputs))
	}
	for _, line := range lines {
		var m map[string]any
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Fatalf("%s: %v", line, err)
		}
		for _, k := range []string{"input", "valid", "form", "scheme", "net_loc", "path", "params", "query", "fragment", "diagnostics"} {
			if _, ok := m[k]; !ok {
				t.Errorf("%s: no %q", line, k)
			}
		}
	}
}

func TestParseText(t *testing.T) {
	got, _, code := runCmd(t, "", "parse", "http://a/%zz")
	want := `"http://a/%zz"
  verdict   invalid (generic-RL)
  scheme    "http"
  net_loc   "a"
  path      "/%zz"
  params    (absent)
  query     (absent)
  fragment  (absent)
  error: offset 9: escape: "%zz" is not an escape: escape = "%" hex hex; write a literal "%" as %25 [escape/malformed]
    http://a/%zz
             ^^^
`
	if got != want || code != 1 {
		t.Errorf("exit %d, got\n%s\nwant\n%s", code, got, want)
	}
}

func TestLongLine(t *testing.T) {
	long := "http://a/" + strings.Repeat("b/", 5<<20) // 10 MB
	got, _, code := runCmd(t, long+"\n", "parse", "--json")
	if code != 0 || !strings.HasPrefix(got, `{"input":"http://a/b/b/`) {
		t.Fatalf("exit %d, output starts %.60q", code, got)
	}
}

type failingReader struct{}

func (failingReader) Read([]byte) (int, error) { return 0, errors.New("disk on fire") }

func TestUsageAndIOErrors(t *testing.T) {
	if _, _, code := runCmd(t, ""); code != exitUsage {
		t.Errorf("no command: exit %d", code)
	}
	if _, stderr, code := runCmd(t, "", "frobnicate"); code != exitUsage || !strings.Contains(stderr, "unknown command") {
		t.Errorf("unknown command: exit %d, %s", code, stderr)
	}
	if _, _, code := runCmd(t, "", "parse", "--nope"); code != exitUsage {
		t.Errorf("bad flag: exit %d", code)
	}
	if out, _, code := runCmd(t, "", "help"); code != exitOK || !strings.Contains(out, "relurl parse") {
		t.Errorf("help: exit %d, %s", code, out)
	}
	var out, errOut bytes.Buffer
	if code := run([]string{"parse"}, failingReader{}, &out, &errOut); code != exitUsage || !strings.Contains(errOut.String(), "disk on fire") {
		t.Errorf("read error: exit %d, stderr %q", code, errOut.String())
	}
	if got, _, code := runCmd(t, "", "parse", "--", "-x"); code != exitOK || !strings.HasPrefix(got, `"-x"`) {
		t.Errorf("-- then -x: exit %d, %q", code, got)
	}
}

// TestParseJSONBounded: a run of a million bad bytes is one diagnostic, and
// --json repeats a window of its text, marked as cut, with its offsets
// intact, so that a megabyte of NUL bytes prints about a megabyte, not
// hundreds.
func TestParseJSONBounded(t *testing.T) {
	in := strings.Repeat("\x00", 1<<20)
	got, _, code := runCmd(t, in+"\n", "parse", "--json")
	if code != exitInvalid || len(got) > 16*len(in) {
		t.Fatalf("exit %d, %d bytes of output for %d bytes of input", code, len(got), len(in))
	}
	var r struct {
		Diagnostics []map[string]any `json:"diagnostics"`
	}
	if err := json.Unmarshal([]byte(got), &r); err != nil || len(r.Diagnostics) != 1 {
		t.Fatalf("%v, %d diagnostics", err, len(r.Diagnostics))
	}
	d := r.Diagnostics[0]
	if d["offset"] != 0.0 || d["end"] != float64(len(in)) || d["text_cut"] != true || len(d["text"].(string)) != maxJSONText {
		t.Errorf("diagnostic %v", d)
	}
	// A short text is whole, and not marked.
	got, _, _ = runCmd(t, "", "parse", "--json", "a b")
	if !strings.Contains(got, `"text":" ","message"`) || strings.Contains(got, "text_cut") {
		t.Errorf("short text: %s", got)
	}
}
