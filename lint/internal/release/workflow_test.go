package release

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// workflow is the part of a GitHub workflow that TestReleaseWorkflow
// reads.
type workflow struct {
	On struct {
		Push struct {
			Tags []string `yaml:"tags"`
		} `yaml:"push"`
	} `yaml:"on"`
	Permissions yaml.Node `yaml:"permissions"`
	Jobs        map[string]struct {
		Permissions map[string]string `yaml:"permissions"`
		Environment string            `yaml:"environment"`
		Needs       yaml.Node         `yaml:"needs"`
		Steps       []struct {
			Uses string            `yaml:"uses"`
			Run  string            `yaml:"run"`
			With map[string]string `yaml:"with"`
		} `yaml:"steps"`
	} `yaml:"jobs"`
}

// TestReleaseWorkflow holds .github/workflows/release.yml to what
// docs/release.md and decision I-9 say of it, which actionlint, in CI,
// does not check: it runs on the library's tags v* alone; no permission at
// the top, and each job only its own, id-token: write only in the jobs
// that publish, each of which waits for the build and runs in the
// environment "release"; every action pinned by a full commit hash,
// its version in a comment; checkout without persisted credentials; no
// secret but the job's own token; and the build runs the make targets that
// CI runs (make release-tags, dist, release-check, vulncheck), with the
// tag as VERSION.
func TestReleaseWorkflow(t *testing.T) {
	const file = ".github/workflows/release.yml"
	data, err := os.ReadFile(filepath.Join(root, file))
	if err != nil {
		t.Fatal(err)
	}
	var w workflow
	if err := yaml.Unmarshal(data, &w); err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	if !slices.Equal(w.On.Push.Tags, []string{"v*"}) {
		t.Errorf("%s runs on tags %q; want v* alone (the library's tag; lint/v* and cmd/v* are checked by it)", file, w.On.Push.Tags)
	}
	if w.Permissions.Kind != yaml.MappingNode || len(w.Permissions.Content) != 0 {
		t.Errorf("%s: the workflow's permissions are not {}", file)
	}
	pinned := regexp.MustCompile(`^[\w.-]+/[\w./-]+@[0-9a-f]{40} # v\d+(\.\d+)*$`)
	for _, line := range strings.Split(string(data), "\n") {
		if uses, ok := strings.CutPrefix(strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(line), "- ")), "uses: "); ok && !pinned.MatchString(uses) {
			t.Errorf("%s: %q is not pinned by a full commit hash with its version in a comment", file, uses)
		}
	}
	if m := regexp.MustCompile(`\$\{\{\s*secrets\.`).Find(data); m != nil {
		t.Errorf("%s reads a secret (%s): the jobs publish by their OIDC tokens", file, m)
	}
	publishers := 0
	for name, job := range w.Jobs {
		if len(job.Permissions) == 0 {
			t.Errorf("%s: job %s has no permissions of its own", file, name)
		}
		for _, s := range job.Steps {
			if strings.HasPrefix(s.Uses, "actions/checkout@") && s.With["persist-credentials"] != "false" {
				t.Errorf("%s: job %s checks out with persisted credentials", file, name)
			}
		}
		if job.Permissions["id-token"] == "write" {
			publishers++
			if job.Environment != "release" || job.Needs.Value != "build" {
				t.Errorf("%s: job %s has id-token: write, and runs in environment %q after %q; want release, after build", file, name, job.Environment, job.Needs.Value)
			}
		} else if job.Environment != "" || name != "build" {
			t.Errorf("%s: job %s publishes nothing (no id-token: write), yet is not the build", file, name)
		}
		for scope, access := range job.Permissions {
			if access == "write" && !slices.Contains([]string{"id-token", "contents", "attestations"}, scope) {
				t.Errorf("%s: job %s may write %s", file, name, scope)
			}
			if scope == "contents" && access == "write" && name != "github" {
				t.Errorf("%s: job %s may write the repository's contents; only the GitHub release's job needs to", file, name)
			}
		}
	}
	if publishers != 3 {
		t.Errorf("%s has %d jobs that publish; want 3 (GitHub, npm, PyPI)", file, publishers)
	}
	var runs bytes.Buffer
	for _, s := range w.Jobs["build"].Steps {
		runs.WriteString(s.Run + "\n")
	}
	for _, want := range []string{`make release-tags VERSION="$VERSION"`, `make dist VERSION="$VERSION"`, `make release-check VERSION="$VERSION"`, "make vulncheck"} {
		if !strings.Contains(runs.String(), want+"\n") {
			t.Errorf("%s: the build job does not run %s", file, want)
		}
	}
	ci, err := os.ReadFile(filepath.Join(root, ".ci", "run"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"make actionlint", "make dist VERSION=", "make release-check VERSION=", "make vulncheck"} {
		if !strings.Contains(string(ci), "\n"+want) {
			t.Errorf(".ci/run does not run %s, which tests what the release workflow runs", want)
		}
	}
}
