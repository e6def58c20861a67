package dist

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"io"
	"os"
	"slices"
	"strings"
	"testing"
	"time"
)

var epoch = time.Date(2026, 11, 27, 19, 26, 15, 0, time.UTC)

func TestGoVersion(t *testing.T) {
	for _, tc := range []struct {
		exact, nearest string
		dirty          bool
		want           string
	}{
		{"", "", false, "v0.0.0-20261127192615-b0d2547abcde"},
		{"", "", true, "v0.0.0-20261127192615-b0d2547abcde+dirty"},
		{"v0.1.0", "v0.1.0", false, "v0.1.0"},
		{"v0.1.0", "v0.1.0", true, "v0.1.0+dirty"},
		{"", "v0.1.0", false, "v0.1.1-0.20261127192615-b0d2547abcde"},
		{"", "v1.2.9", false, "v1.2.10-0.20261127192615-b0d2547abcde"},
		{"", "v1.0.0-rc.1", false, "v1.0.0-rc.1.0.20261127192615-b0d2547abcde"},
		{"", "release-3", false, "v0.0.0-20261127192615-b0d2547abcde"}, // not a version: as no tag
		{"vx", "", false, "v0.0.0-20261127192615-b0d2547abcde"},
	} {
		if got := goVersion(tc.exact, tc.nearest, epoch, "b0d2547abcde", tc.dirty); got != tc.want {
			t.Errorf("goVersion(%q, %q, dirty %v) = %q; want %q", tc.exact, tc.nearest, tc.dirty, got, tc.want)
		}
	}
}

func TestPEP440(t *testing.T) {
	for _, tc := range []struct{ in, want, err string }{
		{"v0.1.0", "0.1.0", ""},
		{"v0.1.0+dirty", "0.1.0+dirty", ""},
		{"v1.0.0-rc.1", "1.0.0rc1", ""},
		{"v1.0.0-beta.2", "1.0.0b2", ""},
		{"v0.0.0-20261127192615-b0d2547abcde", "0.0.0.dev20261127192615+gb0d2547abcde", ""},
		{"v0.0.0-20261127192615-b0d2547abcde+dirty", "0.0.0.dev20261127192615+gb0d2547abcde.dirty", ""},
		{"v0.1.1-0.20261127192615-b0d2547abcde", "0.1.1.dev20261127192615+gb0d2547abcde", ""},
		{"v1.0.0-rc.1.0.20261127192615-b0d2547abcde", "1.0.0rc1.dev20261127192615+gb0d2547abcde", ""},
		{"v1.0.0-preview", "", "no PEP 440 form"},
	} {
		got, err := Version{Go: tc.in}.PEP440()
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("PEP440(%q) = %q, %v; want an error with %q", tc.in, got, err, tc.err)
			}
			continue
		}
		if err != nil || got != tc.want {
			t.Errorf("PEP440(%q) = %q, %v; want %q", tc.in, got, err, tc.want)
		}
	}
}

func TestParsePlatforms(t *testing.T) {
	all, err := ParsePlatforms("all")
	if err != nil || len(all) != 6 {
		t.Fatalf("ParsePlatforms(all) = %d platforms, %v; want 6", len(all), err)
	}
	two, err := ParsePlatforms("linux/amd64, windows/arm64")
	if err != nil || len(two) != 2 || two[0].NPMName() != "@relurl/linux-x64" || two[1].Exe("relurl") != "relurl.exe" || two[1].WheelTag != "win_arm64" {
		t.Fatalf("ParsePlatforms = %+v, %v", two, err)
	}
	if _, err := ParsePlatforms("plan9/386"); err == nil {
		t.Error("ParsePlatforms(plan9/386): no error")
	}
}

// readTarGz returns the headers and contents of a gzip tar.
func readTarGz(t *testing.T, data []byte) ([]*tar.Header, map[string][]byte) {
	t.Helper()
	zr, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if zr.Name != "" || !zr.ModTime.IsZero() {
		t.Errorf("gzip header has name %q and time %v; want neither", zr.Name, zr.ModTime)
	}
	tr := tar.NewReader(zr)
	var hdrs []*tar.Header
	content := map[string][]byte{}
	for {
		h, err := tr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		b, err := io.ReadAll(tr)
		if err != nil {
			t.Fatal(err)
		}
		hdrs = append(hdrs, h)
		content[h.Name] = b
	}
	return hdrs, content
}

// TestTarGz: entries sorted whatever the order given, owner 0 with no
// names, the time given, modes 0644 and 0755; the same bytes for the
// same files in any order.
func TestTarGz(t *testing.T) {
	files := []File{{Name: "relurl", Data: []byte("binary"), Exec: true}, {Name: "README.md", Data: []byte("# r\n")}, {Name: "docs/install.md", Data: nil}}
	var a, b bytes.Buffer
	if err := TarGz(&a, files, epoch); err != nil {
		t.Fatal(err)
	}
	if err := TarGz(&b, []File{files[2], files[0], files[1]}, epoch.In(time.FixedZone("x", 3600))); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Error("the same files in another order (and the same time in another zone) gave other bytes")
	}
	hdrs, content := readTarGz(t, a.Bytes())
	var names []string
	for _, h := range hdrs {
		names = append(names, h.Name)
		if h.Uid != 0 || h.Gid != 0 || h.Uname != "" || h.Gname != "" || !h.ModTime.Equal(epoch) {
			t.Errorf("%s: owner %d:%d %q:%q, time %v; want 0:0, no names, %v", h.Name, h.Uid, h.Gid, h.Uname, h.Gname, h.ModTime, epoch)
		}
		want := int64(0o644)
		if h.Name == "relurl" {
			want = 0o755
		}
		if h.Mode != want {
			t.Errorf("%s: mode %o; want %o", h.Name, h.Mode, want)
		}
	}
	if got := strings.Join(names, " "); got != "README.md docs/install.md relurl" {
		t.Errorf("entries %q; want them sorted", got)
	}
	if string(content["relurl"]) != "binary" {
		t.Errorf("relurl holds %q", content["relurl"])
	}
	for _, bad := range [][]File{{{Name: "a"}, {Name: "a"}}, {{Name: "../a"}}, {{Name: "/a"}}, {{Name: ""}}} {
		if err := TarGz(io.Discard, bad, epoch); err == nil {
			t.Errorf("TarGz(%q): no error", bad[0].Name)
		}
	}
}

func TestZip(t *testing.T) {
	files := []File{{Name: "relurl.exe", Data: []byte("MZ"), Exec: true}, {Name: "README.md", Data: []byte("# r\n")}}
	var a, b bytes.Buffer
	if err := Zip(&a, files, epoch); err != nil {
		t.Fatal(err)
	}
	if err := Zip(&b, []File{files[1], files[0]}, epoch); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Error("the same files in another order gave other bytes")
	}
	zr, err := zip.NewReader(bytes.NewReader(a.Bytes()), int64(a.Len()))
	if err != nil {
		t.Fatal(err)
	}
	if len(zr.File) != 2 || zr.File[0].Name != "README.md" || zr.File[1].Name != "relurl.exe" {
		t.Fatalf("entries %v; want README.md, relurl.exe", zr.File)
	}
	for _, f := range zr.File {
		if !f.Modified.Equal(epoch) {
			t.Errorf("%s: time %v; want %v", f.Name, f.Modified, epoch)
		}
		want := "-rw-r--r--"
		if f.Name == "relurl.exe" {
			want = "-rwxr-xr-x"
		}
		if got := f.Mode().String(); got != want {
			t.Errorf("%s: mode %s; want %s", f.Name, got, want)
		}
	}
}

// TestWheel: the wheel's RECORD lists every other file with its SHA-256
// (URL-safe base64, unpadded) and size, and itself with neither; WHEEL
// has a tag per platform tag.
func TestWheel(t *testing.T) {
	p, _ := ParsePlatforms("linux/amd64")
	w, err := PyWheel(p[0], Version{Go: "v0.1.0", Time: epoch}, []byte("ELF"), []byte("MIT License\n"))
	if err != nil {
		t.Fatal(err)
	}
	if w.File != "relurl-0.1.0-py3-none-manylinux_2_17_x86_64.manylinux2014_x86_64.whl" {
		t.Errorf("file name %q", w.File)
	}
	zr, err := zip.NewReader(bytes.NewReader(w.Data), int64(len(w.Data)))
	if err != nil {
		t.Fatal(err)
	}
	content := map[string][]byte{}
	for _, f := range zr.File {
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		content[f.Name], _ = io.ReadAll(rc)
		rc.Close()
		if f.Name == "relurl-0.1.0.data/scripts/relurl" && f.Mode()&0o111 == 0 {
			t.Errorf("%s is not executable", f.Name)
		}
	}
	record := string(content["relurl-0.1.0.dist-info/RECORD"])
	lines := strings.Split(strings.TrimSuffix(record, "\n"), "\n")
	if len(lines) != len(content) {
		t.Errorf("RECORD has %d lines for %d files:\n%s", len(lines), len(content), record)
	}
	for _, line := range lines {
		parts := strings.Split(line, ",")
		data, ok := content[parts[0]]
		if !ok || len(parts) != 3 {
			t.Errorf("RECORD line %q", line)
			continue
		}
		if parts[0] == "relurl-0.1.0.dist-info/RECORD" {
			if parts[1] != "" || parts[2] != "" {
				t.Errorf("RECORD lists itself with %q", line)
			}
			continue
		}
		sum := sha256.Sum256(data)
		if want := "sha256=" + base64.RawURLEncoding.EncodeToString(sum[:]); parts[1] != want {
			t.Errorf("RECORD: %s has %s; want %s", parts[0], parts[1], want)
		}
	}
	wheel := string(content["relurl-0.1.0.dist-info/WHEEL"])
	for _, tag := range []string{"Tag: py3-none-manylinux_2_17_x86_64\n", "Tag: py3-none-manylinux2014_x86_64\n", "Root-Is-Purelib: false\n"} {
		if !strings.Contains(wheel, tag) {
			t.Errorf("WHEEL lacks %q:\n%s", tag, wheel)
		}
	}
}

// TestNPM: the relurl package lists every platform's package as an
// optional dependency at its own version; a platform's package is under
// package/, with os and cpu, and its binary executable.
func TestNPM(t *testing.T) {
	v := Version{Go: "v0.1.0", Time: epoch}
	main, err := NPMMain(v, []byte("MIT License\n"))
	if err != nil {
		t.Fatal(err)
	}
	if main.File != "relurl-0.1.0.tgz" {
		t.Errorf("file name %q", main.File)
	}
	_, content := readTarGz(t, main.Data)
	pj := string(content["package/package.json"])
	for _, p := range Platforms {
		if !strings.Contains(pj, `"`+p.NPMName()+`": "0.1.0"`) {
			t.Errorf("package.json lacks the optional dependency %s:\n%s", p.NPMName(), pj)
		}
	}
	if !strings.HasPrefix(string(content["package/bin/relurl.js"]), "#!/usr/bin/env node\n") {
		t.Error("the launcher has no #! line")
	}
	p, _ := ParsePlatforms("darwin/arm64")
	plat, err := NPMPlatform(p[0], v, []byte("Mach-O"), []byte("MIT License\n"))
	if err != nil {
		t.Fatal(err)
	}
	if plat.File != "relurl-darwin-arm64-0.1.0.tgz" {
		t.Errorf("file name %q", plat.File)
	}
	hdrs, content := readTarGz(t, plat.Data)
	for _, want := range []string{`"os": [` + "\n" + `    "darwin"`, `"cpu": [` + "\n" + `    "arm64"`, `"name": "@relurl/darwin-arm64"`} {
		if !strings.Contains(string(content["package/package.json"]), want) {
			t.Errorf("package.json lacks %q:\n%s", want, content["package/package.json"])
		}
	}
	for _, h := range hdrs {
		if h.Name == "package/bin/relurl" && h.Mode != 0o755 {
			t.Errorf("the binary has mode %o", h.Mode)
		}
	}
}

func TestChecksums(t *testing.T) {
	got := string(Checksums(map[string][]byte{"b.zip": []byte("b"), "a.tar.gz": nil}))
	want := "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855  a.tar.gz\n" +
		"3e23e8160039594a33894f6564e1b1348bbd7a0088d42c4acb73eeaed59c009d  b.zip\n"
	if got != want {
		t.Errorf("Checksums = %q; want %q", got, want)
	}
}

// TestLicense: the repository's LICENSE is the MIT License of "The relurl
// authors", the same file at the root of each module (the module proxy
// serves each module's directory alone, and pkg.go.dev reads its
// license there); every npm package's package.json names it ("license":
// "MIT") and carries the file; every wheel's METADATA names it (License
// and its classifier) and carries the file under
// .dist-info/licenses/, which RECORD lists; every archive carries it
// (Docs, which TestArchive checks in the archives built).
func TestLicense(t *testing.T) {
	license, err := os.ReadFile("../../../" + License)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(license, []byte("MIT License\n\nCopyright (c) The relurl authors\n")) {
		t.Errorf("LICENSE does not begin with the MIT License and its copyright line:\n%.100s", license)
	}
	for _, module := range []string{"lint", "cmd"} {
		if data, err := os.ReadFile("../../../" + module + "/" + License); err != nil || !bytes.Equal(data, license) {
			t.Errorf("%s/%s is not the repository's %s: %v", module, License, License, err)
		}
	}
	if !slices.Contains(Docs, License) {
		t.Errorf("the archives' files %q leave out %s", Docs, License)
	}
	v := Version{Go: "v0.1.0", Time: epoch}
	main, err := NPMMain(v, license)
	if err != nil {
		t.Fatal(err)
	}
	packages := []NPMPackage{main}
	for _, p := range Platforms {
		pkg, err := NPMPlatform(p, v, []byte("binary"), license)
		if err != nil {
			t.Fatal(err)
		}
		packages = append(packages, pkg)
	}
	for _, pkg := range packages {
		_, content := readTarGz(t, pkg.Data)
		var pj struct {
			License string `json:"license"`
		}
		if err := json.Unmarshal(content["package/package.json"], &pj); err != nil {
			t.Fatalf("%s: package.json: %v", pkg.File, err)
		}
		if pj.License != "MIT" {
			t.Errorf("%s: package.json's license is %q; want MIT", pkg.File, pj.License)
		}
		if !bytes.Equal(content["package/LICENSE"], license) {
			t.Errorf("%s: package/LICENSE is not the repository's LICENSE", pkg.File)
		}
	}
	for _, p := range Platforms {
		w, err := PyWheel(p, v, []byte("binary"), license)
		if err != nil {
			t.Fatal(err)
		}
		zr, err := zip.NewReader(bytes.NewReader(w.Data), int64(len(w.Data)))
		if err != nil {
			t.Fatal(err)
		}
		content := map[string][]byte{}
		for _, f := range zr.File {
			rc, err := f.Open()
			if err != nil {
				t.Fatal(err)
			}
			content[f.Name], _ = io.ReadAll(rc)
			rc.Close()
		}
		meta := string(content["relurl-0.1.0.dist-info/METADATA"])
		for _, want := range []string{"Metadata-Version: 2.1\n", "License: MIT\n", "Classifier: License :: OSI Approved :: MIT License\n"} {
			if !strings.Contains(meta, want) {
				t.Errorf("%s: METADATA lacks %q", w.File, want)
			}
		}
		if !bytes.Equal(content["relurl-0.1.0.dist-info/licenses/LICENSE"], license) {
			t.Errorf("%s: .dist-info/licenses/LICENSE is not the repository's LICENSE", w.File)
		}
		if !strings.Contains(string(content["relurl-0.1.0.dist-info/RECORD"]), "relurl-0.1.0.dist-info/licenses/LICENSE,sha256=") {
			t.Errorf("%s: RECORD does not list the license", w.File)
		}
	}
}

// TestVersionAs: make dist VERSION=… names a release only from a clean
// tree whose HEAD is untagged or tagged with it, and only a release
// version that PEP 440 can say too.
func TestVersionAs(t *testing.T) {
	head := Version{Go: "v0.0.0-20261127192615-b0d2547abcde", Time: epoch}
	for _, tc := range []struct {
		from    Version
		release string
		want    string // the version, or the error's text
	}{
		{head, "v0.1.0", "v0.1.0"},
		{head, "v1.0.0-rc.1", "v1.0.0-rc.1"},
		{Version{Go: "v0.1.0", Tag: "v0.1.0"}, "v0.1.0", "v0.1.0"},
		{Version{Go: "v0.2.0", Tag: "v0.2.0"}, "v0.1.0", "HEAD is tagged v0.2.0"},
		{Version{Go: head.Go + "+dirty", Dirty: true}, "v0.1.0", "changes not committed"},
		{head, "0.1.0", "not a release version"},
		{head, "v0.1", "not a release version"},
		{head, "v0.1.0-preview", "no PEP 440 form"},
	} {
		got, err := tc.from.As(tc.release)
		if err != nil {
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("%+v.As(%q): %v; want %q", tc.from, tc.release, err, tc.want)
			}
			continue
		}
		if got.Go != tc.want || !got.Time.Equal(tc.from.Time) {
			t.Errorf("%+v.As(%q) = %+v; want %s at the same time", tc.from, tc.release, got, tc.want)
		}
	}
}
