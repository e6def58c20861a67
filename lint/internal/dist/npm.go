package dist

import (
	"bytes"
	"encoding/json"
	"fmt"
	"time"
)

// repository is where the packages say they come from.
const repository = "https://github.com/relurl/relurl"

// SPDXLicense is the license of every package, as an SPDX expression: the
// MIT License of the repository's LICENSE, which every package carries.
const SPDXLicense = "MIT"

// npmLauncher is the relurl package's bin: it finds the binary of the
// platform's optional dependency and runs it with the same arguments,
// standard streams and exit status (decision I-3).
const npmLauncher = `#!/usr/bin/env node
"use strict";
// relurl's launcher: runs the binary of @relurl/<platform>-<arch>, the
// optional dependency npm installed for this machine.
const { spawnSync } = require("child_process");
const pkg = "@relurl/" + process.platform + "-" + process.arch;
const exe = process.platform === "win32" ? "relurl.exe" : "relurl";
let bin;
try {
  bin = require.resolve(pkg + "/bin/" + exe);
} catch (e) {
  console.error("relurl: " + pkg + " is not installed: relurl has no binary for " +
    process.platform + "-" + process.arch + ", or npm left optional dependencies out " +
    "(--omit=optional); see " + "` + repository + `/blob/main/docs/install.md");
  process.exit(2);
}
const r = spawnSync(bin, process.argv.slice(2), { stdio: "inherit" });
if (r.error) {
  console.error("relurl: " + r.error.message);
  process.exit(2);
}
if (r.signal) {
  process.kill(process.pid, r.signal);
}
process.exit(r.status === null ? 2 : r.status);
`

// NPMPackage is one npm package as npm pack writes it: its file name and
// the gzip tar's bytes.
type NPMPackage struct {
	Name, File string
	Data       []byte
}

// packageJSON marshals a package.json with two-space indentation, in the
// order of the fields given.
func packageJSON(fields []field) ([]byte, error) {
	var b bytes.Buffer
	b.WriteString("{\n")
	for i, f := range fields {
		v, err := json.MarshalIndent(f.value, "  ", "  ")
		if err != nil {
			return nil, err
		}
		k, _ := json.Marshal(f.key)
		fmt.Fprintf(&b, "  %s: %s", k, v)
		if i < len(fields)-1 {
			b.WriteByte(',')
		}
		b.WriteByte('\n')
	}
	b.WriteString("}\n")
	return b.Bytes(), nil
}

type field struct {
	key   string
	value any
}

// NPMFileName is the name npm pack gives a package's tarball: the name
// without "@", "/" as "-", then the version.
func NPMFileName(name, version string) string {
	out := []byte{}
	for _, c := range []byte(name) {
		switch c {
		case '@':
		case '/':
			out = append(out, '-')
		default:
			out = append(out, c)
		}
	}
	return string(out) + "-" + version + ".tgz"
}

// npmPack writes files under package/ as a gzip tar, npm pack's format.
func npmPack(name, version string, files []File, mtime time.Time) (NPMPackage, error) {
	prefixed := make([]File, len(files))
	for i, f := range files {
		prefixed[i] = File{Name: "package/" + f.Name, Data: f.Data, Exec: f.Exec}
	}
	var b bytes.Buffer
	if err := TarGz(&b, prefixed, mtime); err != nil {
		return NPMPackage{}, fmt.Errorf("npm package %s: %w", name, err)
	}
	return NPMPackage{Name: name, File: NPMFileName(name, version), Data: b.Bytes()}, nil
}

// NPMPlatform returns the npm package of one platform's binary, the
// optional dependency of the relurl package that npm installs where os
// and cpu match.
func NPMPlatform(p Platform, v Version, binary, license []byte) (NPMPackage, error) {
	pj, err := packageJSON([]field{
		{"name", p.NPMName()},
		{"version", v.Semver()},
		{"description", "The relurl binary for " + p.NodeOS + " " + p.NodeCPU + " (installed by the relurl package)"},
		{"license", SPDXLicense},
		{"repository", map[string]string{"type": "git", "url": "git+" + repository + ".git"}},
		{"os", []string{p.NodeOS}},
		{"cpu", []string{p.NodeCPU}},
		{"preferUnplugged", true},
	})
	if err != nil {
		return NPMPackage{}, err
	}
	readme := fmt.Sprintf("# %s\n\nThe relurl binary for %s %s. Install the `relurl` package, which depends on this one\noptionally: %s/blob/main/docs/install.md\n", p.NPMName(), p.NodeOS, p.NodeCPU, repository)
	return npmPack(p.NPMName(), v.Semver(), []File{
		{Name: "package.json", Data: pj},
		{Name: "README.md", Data: []byte(readme)},
		{Name: "LICENSE", Data: license},
		{Name: "bin/" + p.Exe("relurl"), Data: binary, Exec: true},
	}, v.Time)
}

// NPMMain returns the relurl package: the launcher, and one optional
// dependency per platform of Platforms at the same version, whichever
// platforms a run builds.
func NPMMain(v Version, license []byte) (NPMPackage, error) {
	deps := map[string]string{}
	for _, p := range Platforms {
		deps[p.NPMName()] = v.Semver()
	}
	pj, err := packageJSON([]field{
		{"name", "relurl"},
		{"version", v.Semver()},
		{"description", "Lint the URLs of documentation trees under RFC 1808 (HTML, Markdown, CSS, XML)"},
		{"license", SPDXLicense},
		{"repository", map[string]string{"type": "git", "url": "git+" + repository + ".git"}},
		{"bin", map[string]string{"relurl": "bin/relurl.js"}},
		{"engines", map[string]string{"node": ">=14"}},
		{"optionalDependencies", deps},
	})
	if err != nil {
		return NPMPackage{}, err
	}
	readme := "# relurl\n\nrelurl lints the URLs of documentation (HTML, Markdown, CSS, XML) under RFC 1808.\n\n" +
		"    npm install --save-dev relurl\n    npx relurl lint --base https://docs.example.org/ docs/\n\n" +
		"The binary comes in an optional dependency for your platform (" + "@relurl/linux-x64 and the like).\n" +
		"The manual: " + repository + "/blob/main/docs/install.md\n"
	return npmPack("relurl", v.Semver(), []File{
		{Name: "package.json", Data: pj},
		{Name: "README.md", Data: []byte(readme)},
		{Name: "LICENSE", Data: license},
		{Name: "bin/relurl.js", Data: []byte(npmLauncher), Exec: true},
	}, v.Time)
}
