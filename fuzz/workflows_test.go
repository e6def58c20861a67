package fuzz

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestClusterFuzzLiteWorkflows holds the workflows that run the kit on
// relurl itself (decision Z-11) to what docs/fuzzing.md says of them: the
// pull requests fuzzed in code-change mode; every day a batch, then the
// corpus pruned, then a coverage report; Go targets built by
// ClusterFuzzLite's build_fuzzers and run by its run_fuzzers, every
// action pinned by a full commit hash with its version in a comment, the
// same commit throughout; no permission at the top, read access in the
// jobs. actionlint (make actionlint, in CI) checks the rest.
func TestClusterFuzzLiteWorkflows(t *testing.T) {
	pinned := regexp.MustCompile(`^google/clusterfuzzlite/actions/(build_fuzzers|run_fuzzers)@([0-9a-f]{40}) # v\d+(\.\d+)*$`)
	commits := map[string]bool{}
	for _, tt := range []struct {
		file    string
		trigger string
		modes   []string
	}{
		{"cflite_pr.yml", "pull_request:", []string{"code-change"}},
		{"cflite_batch.yml", "schedule:", []string{"batch", "prune", "coverage"}},
	} {
		path := filepath.Join(moduleRoot, ".github", "workflows", tt.file)
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		text := string(data)
		var modes []string
		runs, builds := 0, 0
		for _, line := range strings.Split(text, "\n") {
			line = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(line), "- "))
			if uses, ok := strings.CutPrefix(line, "uses: "); ok {
				m := pinned.FindStringSubmatch(uses)
				if m == nil {
					t.Errorf("%s: %q is not ClusterFuzzLite's build_fuzzers or run_fuzzers pinned by a full commit hash with its version in a comment", tt.file, uses)
					continue
				}
				commits[m[2]] = true
				if m[1] == "run_fuzzers" {
					runs++
				} else {
					builds++
				}
			}
			if mode, ok := strings.CutPrefix(line, "mode: "); ok {
				modes = append(modes, mode)
			}
			if lang, ok := strings.CutPrefix(line, "language: "); ok && lang != "go" {
				t.Errorf("%s: language %s, want go", tt.file, lang)
			}
		}
		if strings.Join(modes, " ") != strings.Join(tt.modes, " ") || runs != len(tt.modes) || builds != runs {
			t.Errorf("%s: %d builds and %d runs in modes %q, want a build and a run in each of %q", tt.file, builds, runs, modes, tt.modes)
		}
		if !strings.Contains(text, "\non:\n  "+tt.trigger) {
			t.Errorf("%s is not run on %s", tt.file, strings.TrimSuffix(tt.trigger, ":"))
		}
		if !strings.Contains(text, "\npermissions: {}\n") || strings.Contains(text, ": write") {
			t.Errorf("%s: want no permissions at the top and none to write", tt.file)
		}
	}
	if len(commits) != 1 {
		t.Errorf("the workflows pin ClusterFuzzLite at %d commits, want one", len(commits))
	}
}
