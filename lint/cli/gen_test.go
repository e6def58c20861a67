package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/relurl/relurl/validate"
)

func TestGen(t *testing.T) {
	out, _, code := runCmd(t, "", "gen", "-n", "200", "--seed", "42")
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if code != exitOK || len(lines) != 200 {
		t.Fatalf("exit %d, %d lines", code, len(lines))
	}
	for _, l := range lines {
		if !validate.Valid(l) {
			t.Errorf("gen produced invalid %q", l)
		}
	}
	again, _, _ := runCmd(t, "", "gen", "-n", "200", "--seed", "42")
	if again != out {
		t.Error("the same seed gave different URLs")
	}
}

func TestGenInvalidJSON(t *testing.T) {
	out, _, code := runCmd(t, "", "gen", "--invalid", "--json", "-n", "100", "--seed", "3", "--production", "generic-RL")
	if code != exitOK {
		t.Fatalf("exit %d", code)
	}
	for _, l := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		var v genInvalid
		if err := json.Unmarshal([]byte(l), &v); err != nil {
			t.Fatalf("%s: %v", l, err)
		}
		_, diags := validate.Validate(v.URL)
		if len(diags) != 1 || diags[0].Offset != v.Expected.Offset || diags[0].Rule != v.Expected.Rule || v.Expected.Message == "" {
			t.Errorf("%q: expected %+v, validator says %v", v.URL, v.Expected, diags)
		}
	}
}

func TestGenUsage(t *testing.T) {
	for _, args := range [][]string{
		{"gen", "--production", "nope"},
		{"gen", "--production", "query", "--invalid"},
		{"gen", "-n", "-1"},
		{"gen", "extra"},
		{"gen", "--format", "raw"},
		{"gen", "--corpus", "x", "--format", "json"},
	} {
		if _, _, code := runCmd(t, "", args...); code != exitUsage {
			t.Errorf("relurl %q: exit %d, want %d", args, code, exitUsage)
		}
	}
	out, _, code := runCmd(t, "", "gen", "--list")
	if code != exitOK || !strings.Contains(out, "generic-RL") || !strings.Contains(out, "net_loc") {
		t.Errorf("--list: exit %d, %q", code, out)
	}
}

// TestGenDictCommitted fails when .clusterfuzzlite/relurl.dict is not the
// output of "relurl gen --dict": the dictionary shipped to ClusterFuzzLite
// and OSS-Fuzz is derived from the grammar, never edited by hand.
func TestGenDictCommitted(t *testing.T) {
	out, _, code := runCmd(t, "", "gen", "--dict")
	if code != exitOK {
		t.Fatalf("exit %d", code)
	}
	committed, err := os.ReadFile("../../.clusterfuzzlite/relurl.dict")
	if err != nil {
		t.Fatal(err)
	}
	if string(committed) != out {
		t.Error(".clusterfuzzlite/relurl.dict is stale: run make corpus (go run ./cmd/relurl gen --dict > .clusterfuzzlite/relurl.dict)")
	}
	for _, want := range []string{`"//"`, `"%2F"`, `"http://"`, `"../"`, `"\\"`, `"\x00"`} {
		if !strings.Contains(out, "\n"+want+"\n") {
			t.Errorf("the dictionary has no %s", want)
		}
	}
}

// TestGenCorpusGo: --corpus writes Go fuzz corpus files of one string,
// the URLs that gen prints, each once.
func TestGenCorpusGo(t *testing.T) {
	dir := t.TempDir()
	if _, errOut, code := runCmd(t, "", "gen", "--corpus", dir, "-n", "50", "--seed", "5"); code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	printed, _, _ := runCmd(t, "", "gen", "-n", "50", "--seed", "5")
	want := map[string]bool{}
	for _, l := range strings.Split(strings.TrimSuffix(printed, "\n"), "\n") {
		want[l] = true
	}
	entries, err := os.ReadDir(dir)
	if err != nil || len(entries) != len(want) {
		t.Fatalf("%d files for %d distinct URLs (%v)", len(entries), len(want), err)
	}
	for _, e := range entries {
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		head, arg, ok := strings.Cut(strings.TrimSuffix(string(b), "\n"), "\n")
		s, err := strconv.Unquote(strings.TrimSuffix(strings.TrimPrefix(arg, "string("), ")"))
		if !ok || head != "go test fuzz v1" || err != nil || !want[s] {
			t.Errorf("%s: %q", e.Name(), b)
		}
	}
}

// viaJSON returns s as a JSON string gives it back: U+FFFD for each byte
// that is not UTF-8.
func viaJSON(s string) string {
	b, _ := json.Marshal(s)
	var out string
	json.Unmarshal(b, &out)
	return out
}

// TestGenCorpusRaw: --format raw writes each input's bytes and an index
// giving its RFC 1808 reading, which for --invalid is the violation's.
func TestGenCorpusRaw(t *testing.T) {
	dir := t.TempDir()
	if _, errOut, code := runCmd(t, "", "gen", "--corpus", dir, "--format", "raw", "--invalid", "-n", "40", "--seed", "6", "--production", "relativeURL"); code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	b, err := os.ReadFile(filepath.Join(dir, "index.json"))
	if err != nil {
		t.Fatal(err)
	}
	var index []struct {
		File        string  `json:"file"`
		Input       string  `json:"input"`
		Valid       bool    `json:"valid"`
		Scheme      *string `json:"scheme"`
		Path        string  `json:"path"`
		Diagnostics []struct {
			Offset int    `json:"offset"`
			Rule   string `json:"rule"`
		} `json:"diagnostics"`
	}
	if err := json.Unmarshal(b, &index); err != nil || len(index) < 30 {
		t.Fatalf("index of %d entries: %v", len(index), err)
	}
	for _, e := range index {
		data, err := os.ReadFile(filepath.Join(dir, e.File))
		// The file holds the bytes; a JSON string holds UTF-8, so the
		// index has U+FFFD for each byte that is not (an injected "\xff").
		if err != nil || viaJSON(string(data)) != e.Input {
			t.Fatalf("%s holds %q, index says %q (%v)", e.File, data, e.Input, err)
		}
		u, diags := validate.Validate(string(data))
		if e.Valid || len(e.Diagnostics) != 1 || e.Diagnostics[0].Offset != diags[0].Offset || e.Diagnostics[0].Rule != diags[0].Rule ||
			e.Scheme != nil || e.Path != viaJSON(u.Path.Value) {
			t.Errorf("%q: index entry %+v", e.Input, e)
		}
	}
}
