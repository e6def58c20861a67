package dist

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

const installPage = "../../../docs/install.md"

// TestInstallPage: docs/install.md names the archive of every platform,
// the npm package and wheel tag of each, by the names make dist gives
// them; and its pre-commit hook without Go takes the files the
// repository's hooks take.
func TestInstallPage(t *testing.T) {
	data, err := os.ReadFile(installPage)
	if err != nil {
		t.Fatal(err)
	}
	page := string(data)
	v := Version{Go: "v0.1.0"}
	for _, p := range Platforms {
		archive := "relurl_" + v.Semver() + "_" + p.GOOS + "_" + p.GOARCH + ".tar.gz"
		if p.GOOS == "windows" {
			archive = strings.TrimSuffix(archive, ".tar.gz") + ".zip"
		}
		for _, want := range []string{"`" + archive + "`", "`" + p.NPMName() + "`", strings.Split(p.WheelTag, ".")[0] + "`"} {
			if !strings.Contains(page, want) {
				t.Errorf("%s does not name %s (%s)", installPage, want, p)
			}
		}
	}
	hooks, err := os.ReadFile("../../../.pre-commit-hooks.yaml")
	if err != nil {
		t.Fatal(err)
	}
	files := regexp.MustCompile(`(?m)^\s+files: (.*)$`)
	want := files.FindStringSubmatch(string(hooks))
	got := files.FindStringSubmatch(page)
	if want == nil || got == nil || got[1] != want[1] {
		t.Errorf("the hook of %s takes files: %q; the repository's hooks take %q", installPage, got, want)
	}
}
