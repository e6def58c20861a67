package dist

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/relurl/relurl/internal/testtool"
)

// The documents every install test lints: one with a finding, one clean.
const (
	badHTML  = "<!doctype html>\n<a href=\"https://docs.example.org/a b.html\">x</a>\n"
	goodHTML = "<!doctype html>\n<a href=\"https://docs.example.org/a%20b.html\">x</a>\n"
	// finding is what relurl prints for badHTML.
	finding = "bad.html:2:36: error: space is not allowed in fsegment; write it as %20 [fsegment/char]"
)

// release is the release of the linux platforms, built once for every test
// of this file, and a second build beside it, to compare with; TestMain
// removes both.
var release struct {
	once     sync.Once
	dir      string
	files    []string
	version  Version
	err      error
	dir2     string
	files2   []string
	err2     error
	duration [2]time.Duration
}

// linuxRelease builds the linux platforms' release twice, into two
// directories, once per test binary, with the dist command as make dist
// runs it (built apart, so that its archiving is not slowed by the race
// detector this test may run under); make dist builds every platform the
// same way.
func linuxRelease(t *testing.T) {
	t.Helper()
	if testing.Short() {
		t.Skip("builds relurl and relurlvet for linux on amd64 and arm64, twice (a minute or two): not in -short")
	}
	testtool.LookPath(t, testtool.Git, "git")
	release.once.Do(func() {
		root, err := filepath.Abs("../../..")
		if err != nil {
			release.err = err
			return
		}
		tmp, err := os.MkdirTemp("", "relurl-release-")
		if err != nil {
			release.err = err
			return
		}
		release.dir, release.dir2 = filepath.Join(tmp, "a"), filepath.Join(tmp, "b")
		bin := filepath.Join(tmp, "dist")
		build := exec.Command("go", "build", "-o", bin, "./lint/internal/dist/cmd/dist")
		build.Dir = root
		if out, err := build.CombinedOutput(); err != nil {
			release.err = fmt.Errorf("go build ./internal/dist/cmd/dist: %w\n%s", err, out)
			return
		}
		run := func(out string) ([]string, time.Duration, error) {
			start := time.Now()
			cmd := exec.Command(bin, "-o", out, "-platforms", "linux/amd64,linux/arm64")
			cmd.Dir = root
			cmd.Env = append(os.Environ(), "SOURCE_DATE_EPOCH=")
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			stdout, err := cmd.Output()
			if err != nil {
				return nil, 0, fmt.Errorf("dist -o %s: %w\n%s", out, err, stderr.Bytes())
			}
			var files []string
			for _, line := range strings.Split(strings.TrimSpace(string(stdout)), "\n") {
				fields := strings.Fields(line)
				files = append(files, filepath.Base(fields[len(fields)-1]))
			}
			return files, time.Since(start), nil
		}
		release.files, release.duration[0], release.err = run(release.dir)
		if release.err != nil {
			return
		}
		release.version, release.err = FromGit(root, "")
		release.files2, release.duration[1], release.err2 = run(release.dir2)
	})
	if release.err != nil {
		t.Fatal(release.err)
	}
}

func TestMain(m *testing.M) {
	code := m.Run()
	if release.dir != "" {
		os.RemoveAll(filepath.Dir(release.dir))
	}
	os.Exit(code)
}

// TestReproducible: two builds of the same tree give the same files,
// byte for byte (decision I-2).
func TestReproducible(t *testing.T) {
	linuxRelease(t)
	if release.err2 != nil {
		t.Fatal(release.err2)
	}
	t.Logf("two builds of %d files: %v, then %v", len(release.files), release.duration[0].Round(time.Second), release.duration[1].Round(time.Second))
	if strings.Join(release.files, " ") != strings.Join(release.files2, " ") {
		t.Fatalf("the builds wrote %q, then %q", release.files, release.files2)
	}
	for _, name := range release.files {
		a, errA := os.ReadFile(filepath.Join(release.dir, name))
		b, errB := os.ReadFile(filepath.Join(release.dir2, name))
		if errA != nil || errB != nil {
			t.Fatal(errA, errB)
		}
		if !bytes.Equal(a, b) {
			t.Errorf("%s differs from one build to the next (%d and %d bytes)", name, len(a), len(b))
		}
	}
	v := release.version.Semver()
	pep, _ := release.version.PEP440()
	for _, want := range []string{
		"relurl_" + v + "_linux_amd64.tar.gz", "relurl_" + v + "_linux_arm64.tar.gz",
		"relurl-" + v + ".tgz", "relurl-linux-x64-" + v + ".tgz", "relurl-linux-arm64-" + v + ".tgz",
		"relurl-" + pep + "-py3-none-manylinux_2_17_x86_64.manylinux2014_x86_64.whl",
		"relurl-" + pep + "-py3-none-manylinux_2_17_aarch64.manylinux2014_aarch64.whl",
		"checksums.txt",
	} {
		if _, err := os.Stat(filepath.Join(release.dir, want)); err != nil {
			t.Errorf("the release has no %s: %v", want, err)
		}
	}
}

// TestChecksumsFile: checksums.txt lists every other file of the release
// with its SHA-256, as sha256sum -c checks it.
func TestChecksumsFile(t *testing.T) {
	linuxRelease(t)
	data, err := os.ReadFile(filepath.Join(release.dir, "checksums.txt"))
	if err != nil {
		t.Fatal(err)
	}
	listed := 0
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		sum, name, ok := strings.Cut(sc.Text(), "  ")
		file, err := os.ReadFile(filepath.Join(release.dir, name))
		if !ok || err != nil {
			t.Errorf("checksums.txt: line %q: %v", sc.Text(), err)
			continue
		}
		if SHA256(file) != sum {
			t.Errorf("checksums.txt: %s has %s; the file's is %s", name, sum, SHA256(file))
		}
		listed++
	}
	if listed != len(release.files)-1 {
		t.Errorf("checksums.txt lists %d files; the release has %d besides it", listed, len(release.files)-1)
	}
	// sha256sum is GNU coreutils, essential on Debian: always there.
	{
		// docs/install.md's check, on the release's directory
		cmd := exec.Command("sha256sum", "--ignore-missing", "-c", "checksums.txt")
		cmd.Dir = release.dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("sha256sum -c checksums.txt: %v\n%s", err, out)
		}
	}
}

// docsDir writes a folder with badHTML and one with goodHTML under dir.
func docsDir(t *testing.T, dir string) (bad, good string) {
	t.Helper()
	bad, good = filepath.Join(dir, "bad"), filepath.Join(dir, "good")
	for d, content := range map[string]string{bad: badHTML, good: goodHTML} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
		name := "bad.html"
		if d == good {
			name = "good.html"
		}
		if err := os.WriteFile(filepath.Join(d, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return bad, good
}

// runLint runs the command argv (relurl as installed, then its
// arguments) on bad and good: exit 1 with the finding, then 0.
func runLint(t *testing.T, dir string, env []string, argv ...string) {
	t.Helper()
	bad, good := docsDir(t, t.TempDir())
	for _, tc := range []struct {
		dir, want string
		code      int
	}{{bad, finding, 1}, {good, "0 errors", 0}} {
		cmd := exec.Command(argv[0], append(argv[1:], "lint", "--no-config", tc.dir)...)
		cmd.Dir, cmd.Env = dir, env
		out, err := cmd.CombinedOutput()
		code := cmd.ProcessState.ExitCode()
		if !strings.Contains(string(out), tc.want) || code != tc.code {
			t.Errorf("%s lint %s: exit %d (%v); want %d and %q:\n%s", strings.Join(argv, " "), filepath.Base(tc.dir), code, err, tc.code, tc.want, out)
		}
		t.Logf("$ %s lint --no-config %s   # exit %d\n%s", strings.Join(argv, " "), filepath.Base(tc.dir), code, out)
	}
}

// untar writes the archive's files into dir with their modes.
func untar(t *testing.T, archive, dir string) {
	t.Helper()
	data, err := os.ReadFile(archive)
	if err != nil {
		t.Fatal(err)
	}
	hdrs, content := readTarGz(t, data)
	for _, h := range hdrs {
		p := filepath.Join(dir, filepath.FromSlash(h.Name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, content[h.Name], os.FileMode(h.Mode)); err != nil {
			t.Fatal(err)
		}
	}
}

// TestArchive: the linux/amd64 archive's relurl names its release and
// lints; the arm64 one does too, under qemu-user.
func TestArchive(t *testing.T) {
	linuxRelease(t)
	v := release.version
	for _, tc := range []struct{ arch, emulator string }{{"amd64", ""}, {"arm64", "qemu-aarch64"}} {
		t.Run(tc.arch, func(t *testing.T) {
			var argv []string
			if tc.emulator != "" {
				argv = append(argv, testtool.LookPath(t, testtool.QEMU, tc.emulator))
			}
			dir := t.TempDir()
			untar(t, filepath.Join(release.dir, fmt.Sprintf("relurl_%s_linux_%s.tar.gz", v.Semver(), tc.arch)), dir)
			for _, name := range append(append([]string(nil), Commands...), Docs...) {
				if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
					t.Errorf("the archive has no %s", name)
				}
			}
			argv = append(argv, filepath.Join(dir, "relurl"))
			out, err := exec.Command(argv[0], append(argv[1:], "version")...).CombinedOutput()
			if want := "relurl " + v.Go + "\n"; err != nil || string(out) != want {
				t.Errorf("relurl version: %q, %v; want %q", out, err, want)
			}
			runLint(t, dir, nil, argv...)
		})
	}
}

// TestNPMInstall: the relurl npm package and the linux-x64 one, as packed
// files, install into a scratch project with no network; npx relurl lints.
func TestNPMInstall(t *testing.T) {
	linuxRelease(t)
	for _, tool := range []string{"node", "npm", "npx"} {
		testtool.LookPath(t, testtool.NPM, tool)
	}
	v := release.version.Semver()
	project := t.TempDir()
	home := t.TempDir()
	if err := os.WriteFile(filepath.Join(project, "package.json"), []byte(`{"name": "scratch", "version": "1.0.0", "private": true}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// No network: the registry is a closed port, the cache empty, the user's
	// settings not read.
	env := append(os.Environ(), "HOME="+home, "npm_config_registry=http://127.0.0.1:9/",
		"npm_config_cache="+filepath.Join(home, "cache"), "npm_config_userconfig="+filepath.Join(home, "npmrc"),
		"npm_config_audit=false", "npm_config_fund=false", "npm_config_update_notifier=false")
	install := exec.Command("npm", "install", "--offline", "--no-save",
		filepath.Join(release.dir, "relurl-linux-x64-"+v+".tgz"), filepath.Join(release.dir, "relurl-"+v+".tgz"))
	install.Dir, install.Env = project, env
	out, err := install.CombinedOutput()
	t.Logf("$ npm install --offline relurl-linux-x64-%s.tgz relurl-%s.tgz\n%s", v, v, out)
	if err != nil {
		t.Fatalf("npm install: %v", err)
	}
	runLint(t, project, env, "npx", "--offline", "--no-install", "relurl")
}

// TestPipInstall: the linux x86-64 wheel installs into a fresh virtual
// environment with no index; its relurl lints.
func TestPipInstall(t *testing.T) {
	linuxRelease(t)
	python := testtool.LookPath(t, testtool.Pip, "python3")
	if err := exec.Command(python, "-c", "import venv, ensurepip").Run(); err != nil {
		testtool.Missing(t, testtool.Pip, fmt.Errorf("python3 has no venv and ensurepip (Debian's python3-venv): %w", err))
	}
	pep, _ := release.version.PEP440()
	venv := filepath.Join(t.TempDir(), "venv")
	if out, err := exec.Command(python, "-m", "venv", venv).CombinedOutput(); err != nil {
		t.Fatalf("python3 -m venv: %v\n%s", err, out)
	}
	wheel := filepath.Join(release.dir, "relurl-"+pep+"-py3-none-manylinux_2_17_x86_64.manylinux2014_x86_64.whl")
	env := append(os.Environ(), "PIP_NO_INDEX=1", "PIP_FIND_LINKS=", "PIP_DISABLE_PIP_VERSION_CHECK=1", "PIP_NO_CACHE_DIR=1", "PIP_CONFIG_FILE="+os.DevNull)
	install := exec.Command(filepath.Join(venv, "bin", "pip"), "install", "--no-index", wheel)
	install.Env = env
	out, err := install.CombinedOutput()
	t.Logf("$ pip install --no-index %s\n%s", filepath.Base(wheel), out)
	if err != nil {
		t.Fatalf("pip install: %v", err)
	}
	runLint(t, venv, env, filepath.Join(venv, "bin", "relurl"))
}

// TestPreCommitWithoutGo: the local hook of docs/install.md, which takes
// relurl from its wheel (language: python), runs in pre-commit with pip
// pointed at the release's directory with no index, as the page says to
// before the release: it fails on a file with a finding, and passes once
// the file is mended.
func TestPreCommitWithoutGo(t *testing.T) {
	linuxRelease(t)
	testtool.LookPath(t, testtool.PreCommit, "pre-commit")
	page, err := os.ReadFile(installPage)
	if err != nil {
		t.Fatal(err)
	}
	_, block, ok := strings.Cut(string(page), "## pre-commit without Go")
	if ok {
		_, block, ok = strings.Cut(block, "```yaml\n")
		block, _, _ = strings.Cut(block, "```")
	}
	if !ok || !strings.Contains(block, "relurl==0.1.0") {
		t.Fatalf("%s has no pre-commit configuration with relurl==0.1.0 under \"pre-commit without Go\"", installPage)
	}
	pep, _ := release.version.PEP440()
	config := strings.Replace(block, "relurl==0.1.0", "relurl=="+pep, 1)
	// The page's way to point pip at the wheels before the release: the
	// test runs pre-commit so, with the release's directory.
	const pointed = "PIP_NO_INDEX=1 PIP_FIND_LINKS=/path/to/relurl/dist pre-commit run --all-files\n"
	if !strings.Contains(string(page), "\n"+pointed) {
		t.Errorf("%s does not say to run %q before the release", installPage, pointed)
	}

	repo, home := t.TempDir(), t.TempDir()
	env := append(os.Environ(), "HOME="+home, "PRE_COMMIT_HOME="+filepath.Join(home, "pre-commit"),
		"PIP_NO_INDEX=1", "PIP_FIND_LINKS="+release.dir, "PIP_CONFIG_FILE="+os.DevNull, "PIP_DISABLE_PIP_VERSION_CHECK=1",
		"GIT_CONFIG_GLOBAL="+os.DevNull, "GIT_CONFIG_NOSYSTEM=1")
	run := func(name string, args ...string) (string, int) {
		t.Helper()
		cmd := exec.Command(name, args...)
		cmd.Dir, cmd.Env = repo, env
		out, _ := cmd.CombinedOutput()
		return string(out), cmd.ProcessState.ExitCode()
	}
	write := func(name, content string) {
		t.Helper()
		p := filepath.Join(repo, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if out, code := run("git", "init", "-q"); code != 0 {
		t.Fatalf("git init: %s", out)
	}
	write(".pre-commit-config.yaml", config)
	write("docs/bad.html", badHTML)
	run("git", "add", "-A")
	out, code := run("pre-commit", "run", "--all-files")
	t.Logf("$ pre-commit run --all-files   # exit %d\n%s", code, out)
	if code != 1 || !strings.Contains(out, finding) || !strings.Contains(out, "Failed") {
		t.Errorf("pre-commit run with a finding: exit %d; want 1, Failed and %q", code, finding)
	}
	write("docs/bad.html", goodHTML)
	run("git", "add", "-A")
	out, code = run("pre-commit", "run", "--all-files")
	t.Logf("$ pre-commit run --all-files   # exit %d\n%s", code, out)
	if code != 0 || !strings.Contains(out, "Passed") {
		t.Errorf("pre-commit run on the mended file: exit %d; want 0 and Passed", code)
	}
}

// TestCheck: release dist's check of the linux release the tests build
// finds every file of it in order, and names each file of the other
// platforms as missing and nothing else; asked for another Go, it names
// every binary; a package.json with another version, it names that
// package, and checksums.txt, which no longer lists it.
func TestCheck(t *testing.T) {
	linuxRelease(t)
	v := release.version
	var missing []string
	err := Check(release.dir, v.Go, runtime.Version())
	for _, e := range strings.Split(fmt.Sprint(err), "\n") {
		if !strings.HasSuffix(e, " is missing") {
			t.Errorf("Check of the linux release: %s", e)
		}
		missing = append(missing, e)
	}
	if len(missing) != 12 || strings.Contains(fmt.Sprint(err), "linux") {
		t.Errorf("Check of the linux release names %d files missing; want the 12 of darwin and windows:\n%v", len(missing), err)
	}
	err = Check(release.dir, v.Go, "go1.0")
	if n := strings.Count(fmt.Sprint(err), " was built by "+runtime.Version()+", not go1.0"); n != 8 {
		t.Errorf("Check with another Go names %d binaries; want 8 (2 archives of 2, 2 npm packages, 2 wheels):\n%v", n, err)
	}

	dir := t.TempDir()
	for _, name := range release.files {
		data, err := os.ReadFile(filepath.Join(release.dir, name))
		if err != nil {
			t.Fatal(err)
		}
		if name == NPMFileName("relurl", v.Semver()) {
			other := Version{Go: "v9.9.9", Time: v.Time}
			pkg, err := NPMMain(other, []byte("MIT License\n"))
			if err != nil {
				t.Fatal(err)
			}
			data = pkg.Data
		}
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	err = Check(dir, v.Go, runtime.Version())
	for _, want := range []string{
		NPMFileName("relurl", v.Semver()) + ": package.json says relurl@9.9.9",
		"checksums.txt does not list the files",
	} {
		if !strings.Contains(fmt.Sprint(err), want) {
			t.Errorf("Check with another version in a package.json does not say %q:\n%v", want, err)
		}
	}
}
