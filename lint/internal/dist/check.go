package dist

import (
	"archive/tar"
	"archive/zip"
	"bufio"
	"bytes"
	"compress/gzip"
	"debug/buildinfo"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
)

// Check returns an error naming every way the release files in dir
// disagree with the release version and the Go toolchain goVersion
// ("go1.27.3"), or nil: the files are exactly those Make writes for every
// platform, named for version; checksums.txt lists each with its SHA-256;
// every binary, in an archive, an npm package or a wheel, was built by
// goVersion for its platform without cgo, and each relurl has version
// stamped in it; the relurl of this machine's platform says "relurl
// VERSION"; every package.json has
// version's npm form and the relurl package depends on each platform's at
// it; every wheel's metadata has version's PEP 440 form; every package
// carries the license. The release workflow publishes nothing that fails
// it (decision I-6).
func Check(dir, version, goVersion string) error {
	v := Version{Go: version}
	pep, err := v.PEP440()
	if err != nil {
		return err
	}
	c := &checker{dir: dir, version: version, goVersion: goVersion}
	want := map[string]func(data []byte){}
	for _, p := range Platforms {
		p := p
		want[ArchiveName(v, p)] = func(data []byte) { c.archive(p, data) }
		want[NPMFileName(p.NPMName(), v.Semver())] = func(data []byte) { c.npm(p.NPMName(), &p, data) }
		want[fmt.Sprintf("relurl-%s-py3-none-%s.whl", pep, p.WheelTag)] = func(data []byte) { c.wheel(p, pep, data) }
	}
	want[NPMFileName("relurl", v.Semver())] = func(data []byte) { c.npm("relurl", nil, data) }

	entries, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	files := map[string][]byte{}
	for _, e := range entries {
		if e.Name() == "checksums.txt" {
			continue
		}
		if want[e.Name()] == nil {
			c.errorf("%s is not a file of release %s", e.Name(), version)
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			return err
		}
		files[e.Name()] = data
	}
	names := make([]string, 0, len(want))
	for name := range want {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		data, ok := files[name]
		if !ok {
			c.errorf("%s is missing", name)
			continue
		}
		c.file = name
		want[name](data)
		c.file = ""
	}
	sums, err := os.ReadFile(filepath.Join(dir, "checksums.txt"))
	if err != nil {
		c.errorf("%v", err)
	} else if !bytes.Equal(sums, Checksums(files)) {
		c.errorf("checksums.txt does not list the files of %s with their SHA-256, as sha256sum writes them", dir)
	}
	return errors.Join(c.errs...)
}

// ArchiveName is the name of p's archive of the release v.
func ArchiveName(v Version, p Platform) string {
	name := fmt.Sprintf("relurl_%s_%s_%s", v.Semver(), p.GOOS, p.GOARCH)
	if p.GOOS == "windows" {
		return name + ".zip"
	}
	return name + ".tar.gz"
}

type checker struct {
	dir, version, goVersion string
	file                    string // the file being checked
	errs                    []error
}

func (c *checker) errorf(format string, args ...any) {
	if c.file != "" {
		format = c.file + ": " + format
	}
	c.errs = append(c.errs, fmt.Errorf(format, args...))
}

// binary checks a binary of p named name: its Go, its platform, the
// version in it, and, for this machine's platform, what it says.
func (c *checker) binary(p Platform, name string, data []byte) {
	info, err := buildinfo.Read(bytes.NewReader(data))
	if err != nil {
		c.errorf("%s: %v", name, err)
		return
	}
	if info.GoVersion != c.goVersion {
		c.errorf("%s was built by %s, not %s", name, info.GoVersion, c.goVersion)
	}
	settings := map[string]string{}
	for _, s := range info.Settings {
		settings[s.Key] = s.Value
	}
	if settings["GOOS"] != p.GOOS || settings["GOARCH"] != p.GOARCH || settings["CGO_ENABLED"] != "0" {
		c.errorf("%s is for %s/%s (CGO_ENABLED=%s), not %s without cgo", name, settings["GOOS"], settings["GOARCH"], settings["CGO_ENABLED"], p)
	}
	if base := filepath.Base(name); base != p.Exe("relurl") {
		return // relurlvet has no version of its own to print
	}
	if !bytes.Contains(data, []byte(c.version)) {
		c.errorf("%s does not hold the version %s", name, c.version)
	}
	if p.GOOS != runtime.GOOS || p.GOARCH != runtime.GOARCH {
		return
	}
	tmp, err := os.MkdirTemp("", "relurl-check-")
	if err != nil {
		c.errorf("%v", err)
		return
	}
	defer os.RemoveAll(tmp)
	bin := filepath.Join(tmp, p.Exe("relurl"))
	if err := os.WriteFile(bin, data, 0o755); err != nil {
		c.errorf("%v", err)
		return
	}
	out, err := exec.Command(bin, "version").CombinedOutput()
	if want := "relurl " + c.version + "\n"; err != nil || string(out) != want {
		c.errorf("%s version prints %q (%v), not %q", name, out, err, want)
	}
}

// archive checks p's archive: the commands and the documents, the
// binaries as binary has them.
func (c *checker) archive(p Platform, data []byte) {
	var files map[string]entry
	var err error
	if p.GOOS == "windows" {
		files, err = readZipFiles(data)
	} else {
		files, err = readTarGzFiles(data)
	}
	if err != nil {
		c.errorf("%v", err)
		return
	}
	for _, name := range Docs {
		if _, ok := files[name]; !ok {
			c.errorf("has no %s", name)
		}
	}
	for _, cmd := range Commands {
		f, ok := files[p.Exe(cmd)]
		if !ok || !f.exec {
			c.errorf("has no executable %s", p.Exe(cmd))
			continue
		}
		c.binary(p, p.Exe(cmd), f.data)
	}
}

// npm checks the npm package name (the relurl package when p is nil).
func (c *checker) npm(name string, p *Platform, data []byte) {
	files, err := readTarGzFiles(data)
	if err != nil {
		c.errorf("%v", err)
		return
	}
	var pj struct {
		Name                 string            `json:"name"`
		Version              string            `json:"version"`
		License              string            `json:"license"`
		OS                   []string          `json:"os"`
		CPU                  []string          `json:"cpu"`
		OptionalDependencies map[string]string `json:"optionalDependencies"`
	}
	if err := json.Unmarshal(files["package/package.json"].data, &pj); err != nil {
		c.errorf("package.json: %v", err)
		return
	}
	semver := strings.TrimPrefix(c.version, "v")
	if pj.Name != name || pj.Version != semver || pj.License != SPDXLicense {
		c.errorf("package.json says %s@%s, license %q; want %s@%s, license %s", pj.Name, pj.Version, pj.License, name, semver, SPDXLicense)
	}
	if _, ok := files["package/"+License]; !ok {
		c.errorf("has no %s", License)
	}
	if p == nil {
		want := map[string]string{}
		for _, p := range Platforms {
			want[p.NPMName()] = semver
		}
		if fmt.Sprint(pj.OptionalDependencies) != fmt.Sprint(want) {
			c.errorf("optionalDependencies are %v; want %v", pj.OptionalDependencies, want)
		}
		return
	}
	if !slices.Equal(pj.OS, []string{p.NodeOS}) || !slices.Equal(pj.CPU, []string{p.NodeCPU}) {
		c.errorf("package.json's os and cpu are %q and %q; want %s and %s", pj.OS, pj.CPU, p.NodeOS, p.NodeCPU)
	}
	bin := "package/bin/" + p.Exe("relurl")
	if f, ok := files[bin]; !ok || !f.exec {
		c.errorf("has no executable %s", bin)
	} else {
		c.binary(*p, bin, f.data)
	}
}

// wheel checks p's wheel: its metadata's name and version, the binary.
func (c *checker) wheel(p Platform, pep string, data []byte) {
	files, err := readZipFiles(data)
	if err != nil {
		c.errorf("%v", err)
		return
	}
	meta := map[string]string{}
	sc := bufio.NewScanner(bytes.NewReader(files["relurl-"+pep+".dist-info/METADATA"].data))
	for sc.Scan() && sc.Text() != "" {
		if k, v, ok := strings.Cut(sc.Text(), ": "); ok && meta[k] == "" {
			meta[k] = v
		}
	}
	if meta["Name"] != "relurl" || meta["Version"] != pep || meta["License"] != SPDXLicense {
		c.errorf("METADATA says %s %s, license %q; want relurl %s, license %s", meta["Name"], meta["Version"], meta["License"], pep, SPDXLicense)
	}
	if _, ok := files["relurl-"+pep+".dist-info/licenses/"+License]; !ok {
		c.errorf("has no .dist-info/licenses/%s", License)
	}
	bin := "relurl-" + pep + ".data/scripts/" + p.Exe("relurl")
	if f, ok := files[bin]; !ok || !f.exec {
		c.errorf("has no executable %s", bin)
	} else {
		c.binary(p, bin, f.data)
	}
}

// entry is a file of an archive: its content, and whether it is
// executable.
type entry struct {
	data []byte
	exec bool
}

func readTarGzFiles(data []byte) (map[string]entry, error) {
	zr, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	tr := tar.NewReader(zr)
	files := map[string]entry{}
	for {
		h, err := tr.Next()
		if err == io.EOF {
			return files, nil
		}
		if err != nil {
			return nil, err
		}
		b, err := io.ReadAll(tr)
		if err != nil {
			return nil, err
		}
		files[h.Name] = entry{b, h.Mode&0o111 != 0}
	}
}

func readZipFiles(data []byte) (map[string]entry, error) {
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return nil, err
	}
	files := map[string]entry{}
	for _, f := range zr.File {
		rc, err := f.Open()
		if err != nil {
			return nil, err
		}
		b, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			return nil, err
		}
		files[f.Name] = entry{b, f.Mode()&0o111 != 0}
	}
	return files, nil
}
