package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var updateGolden = flag.Bool("update", false, "rewrite the golden files of relurl lint")

const (
	siteDir       = "../../lint/testdata/site"
	siteRetrieval = "http://www.example.com/blog/post.html"
)

func checkGolden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", "lint", name)
	if *updateGolden {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (go test -update writes it)", err)
	}
	if got != string(want) {
		t.Errorf("relurl lint output differs from %s (go test -update rewrites it); got:\n%s", path, got)
	}
}

// TestLintGolden: each output format over the test site, with the exact
// output in testdata/lint.
func TestLintGolden(t *testing.T) {
	for _, tt := range []struct {
		golden string
		args   []string
	}{
		{"text.golden", []string{"lint", "--base", siteRetrieval, siteDir}},
		{"text-verbose.golden", []string{"lint", "-v", "--base", siteRetrieval, siteDir}},
		{"json.golden", []string{"lint", "--format", "json", "--base", siteRetrieval, siteDir}},
		{"sarif.golden", []string{"lint", "--format", "sarif", "--root", "../../lint/testdata", "--base", siteRetrieval, siteDir}},
		{"rfc1738.golden", []string{"lint", "--rfc1738", "--disable", "portability", "--severity", "rfc1738=warning", "--base", siteRetrieval, siteDir}},
	} {
		t.Run(tt.golden, func(t *testing.T) {
			out, stderr, code := runCmd(t, "", tt.args...)
			if code != exitInvalid || stderr != "" {
				t.Errorf("exit %d, stderr %q; want 1 and nothing", code, stderr)
			}
			checkGolden(t, tt.golden, out)
		})
	}
}

// TestLintJSONFields: every line of --format json is an object with every
// documented field.
func TestLintJSONFields(t *testing.T) {
	out, _, _ := runCmd(t, "", "lint", "--format", "json", "--rfc1738", "--base", siteRetrieval, siteDir)
	fields := []string{"file", "line", "column", "end_line", "end_column", "offset", "end_offset", "rule",
		"severity", "message", "fix", "production", "text", "url", "where", "base"}
	sc := bufio.NewScanner(strings.NewReader(out))
	sc.Buffer(nil, 1<<20)
	n := 0
	for sc.Scan() {
		n++
		var obj map[string]any
		if err := json.Unmarshal(sc.Bytes(), &obj); err != nil {
			t.Fatalf("line %d is not JSON: %v\n%s", n, err, sc.Text())
		}
		for _, f := range fields {
			if _, ok := obj[f]; !ok {
				t.Errorf("line %d lacks %q: %s", n, f, sc.Text())
			}
		}
		if len(obj) != len(fields) {
			t.Errorf("line %d has %d fields, want %d", n, len(obj), len(fields))
		}
		if obj["line"].(float64) < 1 || obj["column"].(float64) < 1 {
			t.Errorf("line %d: positions count from 1: %s", n, sc.Text())
		}
	}
	if n < 20 {
		t.Errorf("only %d findings", n)
	}
}

// TestLintSARIF: the SARIF log has what GitHub code scanning requires.
func TestLintSARIF(t *testing.T) {
	out, _, _ := runCmd(t, "", "lint", "--format", "sarif", "--root", "../..", "--base", siteRetrieval, siteDir)
	var log struct {
		Schema  string `json:"$schema"`
		Version string `json:"version"`
		Runs    []struct {
			Tool struct {
				Driver struct {
					Name  string `json:"name"`
					Rules []struct {
						ID               string `json:"id"`
						ShortDescription struct {
							Text string `json:"text"`
						} `json:"shortDescription"`
						Help struct {
							Text string `json:"text"`
						} `json:"help"`
					} `json:"rules"`
				} `json:"driver"`
			} `json:"tool"`
			Results []struct {
				RuleID    string `json:"ruleId"`
				RuleIndex int    `json:"ruleIndex"`
				Level     string `json:"level"`
				Message   struct {
					Text string `json:"text"`
				} `json:"message"`
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct {
							URI string `json:"uri"`
						} `json:"artifactLocation"`
						Region struct {
							StartLine, StartColumn, EndLine, EndColumn int
						} `json:"region"`
					} `json:"physicalLocation"`
				} `json:"locations"`
				PartialFingerprints map[string]string `json:"partialFingerprints"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal([]byte(out), &log); err != nil {
		t.Fatalf("not JSON: %v", err)
	}
	if log.Version != "2.1.0" || !strings.Contains(log.Schema, "sarif") || len(log.Runs) != 1 {
		t.Fatalf("version %q, schema %q, %d runs", log.Version, log.Schema, len(log.Runs))
	}
	run := log.Runs[0]
	if run.Tool.Driver.Name != "relurl" || len(run.Tool.Driver.Rules) == 0 {
		t.Fatalf("driver %+v", run.Tool.Driver)
	}
	for _, r := range run.Tool.Driver.Rules {
		if r.ID == "" || r.ShortDescription.Text == "" || r.Help.Text == "" {
			t.Errorf("rule %+v lacks a field", r)
		}
	}
	if len(run.Results) < 20 {
		t.Fatalf("only %d results", len(run.Results))
	}
	fingerprints := map[string]bool{}
	for _, r := range run.Results {
		if r.RuleIndex < 0 || r.RuleIndex >= len(run.Tool.Driver.Rules) || run.Tool.Driver.Rules[r.RuleIndex].ID != r.RuleID {
			t.Errorf("result %s: ruleIndex %d does not name it", r.RuleID, r.RuleIndex)
		}
		switch r.Level {
		case "error", "warning", "note":
		default:
			t.Errorf("result %s: level %q", r.RuleID, r.Level)
		}
		if r.Message.Text == "" || len(r.Locations) != 1 {
			t.Errorf("result %s: no message or location", r.RuleID)
			continue
		}
		loc := r.Locations[0].PhysicalLocation
		uri := loc.ArtifactLocation.URI
		if !strings.HasPrefix(uri, "lint/testdata/site/") {
			t.Errorf("uri %q is not relative to the repository root", uri)
		}
		if reg := loc.Region; reg.StartLine < 1 || reg.StartColumn < 1 || reg.EndLine < reg.StartLine ||
			reg.EndLine == reg.StartLine && reg.EndColumn <= reg.StartColumn {
			t.Errorf("result %s at %s: bad region %+v", r.RuleID, uri, reg)
		}
		fp := r.PartialFingerprints["relurlFinding/v1"]
		if fp == "" || fingerprints[fp] {
			t.Errorf("result %s at %s: fingerprint %q missing or repeated", r.RuleID, uri, fp)
		}
		fingerprints[fp] = true
	}
}

func TestLintExitCodes(t *testing.T) {
	dir := t.TempDir()
	write := func(name, content string) string { return writeFile(t, dir, name, content) }
	clean := write("clean.urls", "http://a/b\n")
	warn := write("warn.urls", "http:g\n")
	bad := write("bad.urls", "http://a/%zz\n")
	tests := []struct {
		name  string
		args  []string
		stdin string
		code  int
	}{
		{"clean", []string{"lint", clean}, "", exitOK},
		{"a warning does not fail by default", []string{"lint", warn}, "", exitOK},
		{"fail on warnings", []string{"lint", "--fail-on", "warning", warn}, "", exitInvalid},
		{"an error fails", []string{"lint", bad}, "", exitInvalid},
		{"never fail", []string{"lint", "--fail-on", "none", bad}, "", exitOK},
		{"an error lowered to a warning", []string{"lint", "--severity", "escape/malformed=warning", bad}, "", exitOK},
		{"a warning raised to an error", []string{"lint", "--severity", "rfc1808=error", warn}, "", exitInvalid},
		{"disabled", []string{"lint", "--disable", "syntax", bad}, "", exitOK},
		{"stdin", []string{"lint"}, "a b\n", exitInvalid},
		{"stdin, named", []string{"lint", "-"}, "ok\n", exitOK},
		{"stdin as HTML", []string{"lint", "--type", "html", "-"}, `<a href="a b">`, exitInvalid},
		{"no such file", []string{"lint", filepath.Join(dir, "nope.urls")}, "", exitUsage},
		{"an I/O error wins over findings", []string{"lint", bad, filepath.Join(dir, "nope")}, "", exitUsage},
		{"bad format", []string{"lint", "--format", "xml", clean}, "", exitUsage},
		{"bad fail-on", []string{"lint", "--fail-on", "fatal", clean}, "", exitUsage},
		{"bad rule", []string{"lint", "--disable", "nope", clean}, "", exitUsage},
		{"bad severity", []string{"lint", "--severity", "syntax", clean}, "", exitUsage},
		{"bad base", []string{"lint", "--base", "a b", clean}, "", exitUsage},
		{"relative base", []string{"lint", "--base", "/a/b", clean}, "", exitUsage},
		{"bad type", []string{"lint", "--type", "pdf", clean}, "", exitUsage},
		{"unknown flag", []string{"lint", "--nope", clean}, "", exitUsage},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, stderr, code := runCmd(t, tt.stdin, tt.args...)
			if code != tt.code {
				t.Errorf("relurl %q: exit %d, want %d; stderr %s", tt.args, code, tt.code, stderr)
			}
		})
	}
}

// TestLintWalk: a directory walk takes the files whose names say what
// they are, in lexical order, skips hidden directories and binary files,
// and the output does not depend on how many files are linted at once.
func TestLintWalk(t *testing.T) {
	dir := t.TempDir()
	for name, content := range map[string]string{
		"b.urls":          "b c\n",
		"a.html":          `<a href="a b">`,
		"sub/c.eml":       "Subject: x\n\n<URL:c{d>\n",
		".git/d.urls":     "d e\n",
		"notes.md":        "e f\n",
		"bin.txt":         "\x00\x01 f g",
		"sub/z/deep.htm":  `<img src="x y">`,
		"sub/z/clean.txt": "http://a/\n",
	} {
		writeFile(t, dir, name, content)
	}
	var first string
	for _, j := range []string{"1", "2", "8"} {
		out, stderr, code := runCmd(t, "", "lint", "-j", j, dir)
		if code != exitInvalid || stderr != "" {
			t.Errorf("-j %s: exit %d, stderr %q", j, code, stderr)
		}
		out = strings.ReplaceAll(out, dir+string(filepath.Separator), "")
		if first == "" {
			first = out
			continue
		}
		if out != first {
			t.Errorf("-j %s gives\n%s\nwant\n%s", j, out, first)
		}
	}
	var files []string
	for line := range strings.SplitSeq(strings.TrimSpace(first), "\n") {
		files = append(files, line[:strings.IndexByte(line, ':')])
	}
	want := []string{"a.html", "b.urls", "sub/c.eml", "sub/z/deep.htm"}
	if strings.Join(files, " ") != strings.Join(want, " ") {
		t.Errorf("files linted: %q, want %q\n%s", files, want, first)
	}
}

func TestRulesCommand(t *testing.T) {
	out, _, code := runCmd(t, "", "rules")
	if code != exitOK || !strings.Contains(out, "escape/malformed") || !strings.Contains(out, "rfc1738/host") {
		t.Errorf("relurl rules: exit %d\n%s", code, out)
	}
	checkGolden(t, "rules.golden", out)

	out, _, code = runCmd(t, "", "rules", "--json", "--rfc1738")
	if code != exitOK {
		t.Fatalf("exit %d", code)
	}
	n := 0
	for line := range strings.SplitSeq(strings.TrimSpace(out), "\n") {
		var r ruleResult
		dec := json.NewDecoder(bytes.NewReader([]byte(line)))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&r); err != nil {
			t.Fatalf("%v: %s", err, line)
		}
		if r.ID == "" || r.Help == "" || r.Section == "" || !r.Enabled {
			t.Errorf("rule %+v: a field is missing, or --rfc1738 did not enable it", r)
		}
		n++
	}
	if n < 25 {
		t.Errorf("only %d rules", n)
	}

	out, _, code = runCmd(t, "", "rules", "fsegment/colon")
	if code != exitOK || !strings.Contains(out, "./this:that") || !strings.Contains(out, "§5.3") {
		t.Errorf("relurl rules fsegment/colon: exit %d\n%s", code, out)
	}
	if _, _, code = runCmd(t, "", "rules", "nope"); code != exitUsage {
		t.Errorf("relurl rules nope: exit %d", code)
	}
}
