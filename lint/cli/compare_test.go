package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/relurl/relurl/internal/benchdata"
	"github.com/relurl/relurl/lint/internal/compare"
)

// checkCompareGolden compares got with testdata/compare/name; go test
// -update rewrites it.
func checkCompareGolden(t *testing.T, name, got string) {
	t.Helper()
	goldenFile(t, filepath.Join("testdata", "compare", name), got, "relurl compare output")
}

// compareCases are URLs, alone, that show each part of the text table: a
// repair, the three verdicts, userinfo, host and port split, errors.
var compareCases = []string{
	`https://example.com/a`,
	`http://evil.com\@google.com/`,
	`http://%67oogle.com/`,
	`HTTP://user:pw@A.example:080/p;q?r#s`,
	`g`,
	`http://a?q`,
}

// TestCompareGolden: relurl compare's text and JSON, exactly, in
// testdata/compare.
func TestCompareGolden(t *testing.T) {
	const b5 = "http://a/b/c/d;p?q#f"
	for _, tt := range []struct {
		golden string
		args   []string
		stdin  string
		code   int
	}{
		{"loophole.golden", []string{"compare", "--base", b5, "http:g"}, "", exitInvalid},
		{"loophole.json.golden", []string{"compare", "--json", "--base", b5, "http:g"}, "", exitInvalid},
		{"agree.golden", []string{"compare", "--base", b5, "g", "#s"}, "", exitOK},
		{"alone.golden", append([]string{"compare"}, compareCases...), "", exitInvalid},
		{"alone.json.golden", append([]string{"compare", "--json"}, compareCases...), "", exitInvalid},
		{"stdin.golden", []string{"compare", "--base", b5}, "../../../g\n\n;x\r\n", exitInvalid},
		{"section5.md.golden", []string{"compare", "--markdown", "--base", b5, "g", ";x", "http:g"}, "", exitInvalid},
	} {
		t.Run(tt.golden, func(t *testing.T) {
			out, stderr, code := runCmd(t, tt.stdin, tt.args...)
			if code != tt.code || stderr != "" {
				t.Errorf("relurl %q: exit %d, stderr %q; want %d", tt.args, code, stderr, tt.code)
			}
			checkCompareGolden(t, tt.golden, out)
		})
	}
}

// TestCompareJSON: --json prints the Report of package compare as it is,
// one object per line, with its field names: the interface the held-back
// checks read.
func TestCompareJSON(t *testing.T) {
	out, _, code := runCmd(t, "", "compare", "--json", "--base", "http://a/b/c/d;p?q#f", "http:g", "g")
	if code != exitInvalid {
		t.Errorf("exit %d", code)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != 2 {
		t.Fatalf("%d lines, want 2:\n%s", len(lines), out)
	}
	for i, ref := range []string{"http:g", "g"} {
		var want strings.Builder
		enc := json.NewEncoder(&want)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(compare.Reference("http://a/b/c/d;p?q#f", ref)); err != nil {
			t.Fatal(err)
		}
		if lines[i]+"\n" != want.String() {
			t.Errorf("line %d:\n%s\nwant the report as it is:\n%s", i, lines[i], want.String())
		}
		var m map[string]any
		if err := json.Unmarshal([]byte(lines[i]), &m); err != nil {
			t.Fatal(err)
		}
		for _, k := range []string{"input", "base", "agree", "readings", "divergences"} {
			if _, ok := m[k]; !ok {
				t.Errorf("line %d has no %q", i, k)
			}
		}
	}
	var rep struct {
		Agree       bool `json:"agree"`
		Divergences []struct {
			Class   string `json:"class"`
			Decides string `json:"rfc1808"`
		} `json:"divergences"`
		Readings []struct {
			Reader string `json:"reader"`
			URL    string `json:"url"`
		} `json:"readings"`
	}
	if err := json.Unmarshal([]byte(lines[0]), &rep); err != nil {
		t.Fatal(err)
	}
	// The loophole three ways: RFC 1808 http:g, browsers http://a/b/c/g,
	// the class and §5.2.
	if rep.Agree || len(rep.Divergences) != 1 || rep.Divergences[0].Class != "http-g-loophole" ||
		!strings.Contains(rep.Divergences[0].Decides, "§5.2") ||
		rep.Readings[0].URL != "http:g" || rep.Readings[2].Reader != "whatwg" || rep.Readings[2].URL != "http://a/b/c/g" {
		t.Errorf("the loophole: %+v", rep)
	}
}

// TestCompareUsage: exit 2 on usage errors, and a Markdown header once
// per run.
func TestCompareUsage(t *testing.T) {
	for _, args := range [][]string{
		{"compare", "--json", "--markdown", "g"},
		{"compare", "--base"},
		{"compare", "--nope", "g"},
	} {
		if _, stderr, code := runCmd(t, "", args...); code != exitUsage || stderr == "" {
			t.Errorf("relurl %q: exit %d, stderr %q; want 2 and a complaint", args, code, stderr)
		}
	}
	out, _, _ := runCmd(t, "g\n;x\n", "compare", "--markdown", "--base", "http://a/b/c/d;p?q#f")
	if n := strings.Count(out, "\n|---"); n != 1 || strings.Count(out, "\n") != 4 {
		t.Errorf("--markdown: %d headers, want one, and four lines:\n%s", n, out)
	}
	if out, _, code := runCmd(t, "", "compare", "https://example.com/"); code != exitOK || !strings.Contains(out, "the readers agree") {
		t.Errorf("agreeing: exit %d\n%s", code, out)
	}
}

// section5Command is the command the table of §5 in docs/readings.md is the output
// of, with the references of testdata/bench/section5.txt on standard
// input.
var section5Command = []string{"compare", "--markdown", "--base", "http://a/b/c/d;p?q#f"}

// section5Input returns the references of RFC 1808 §5, one per line, as
// relurl reads them on standard input (an empty line is the empty
// reference), from the file that holds them with their base.
func section5Input(t *testing.T) string {
	t.Helper()
	lines := benchdata.Lines(t, "section5.txt")
	if base := section5Command[len(section5Command)-1]; len(lines) == 0 || lines[0] != base {
		t.Fatalf("section5.txt begins %q, want the command's base %q", lines[:min(len(lines), 1)], base)
	}
	return strings.Join(lines[1:], "\n") + "\n"
}

// TestSection5Table: the table of the three readings of RFC 1808's §5
// examples in docs/readings.md is the output of relurl compare --markdown
// on them; go test -update rewrites it.
func TestSection5Table(t *testing.T) {
	const readme = "../../docs/readings.md"
	const begin, end = "<!-- begin: relurl compare --markdown §5 -->\n", "<!-- end: relurl compare --markdown §5 -->\n"
	out, stderr, code := runCmd(t, section5Input(t), section5Command...)
	if code != exitInvalid || stderr != "" {
		t.Fatalf("relurl %q: exit %d, %s", section5Command, code, stderr)
	}
	data, err := os.ReadFile(readme)
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	i, j := strings.Index(text, begin), strings.Index(text, end)
	if i < 0 || j < i {
		t.Fatalf("%s has no %q ... %q", readme, strings.TrimSpace(begin), strings.TrimSpace(end))
	}
	i += len(begin)
	if text[i:j] == out {
		return
	}
	if *updateGolden {
		if err := os.WriteFile(readme, []byte(text[:i]+out+text[j:]), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Errorf("the §5 table of %s is not relurl compare's output (go test ./cmd/relurl -update rewrites it); want\n%s", readme, out)
}
