package dist

import (
	"fmt"
	"strings"
)

// Platform is one target of a release: Go's GOOS and GOARCH, and the names
// npm and Python's wheels give it.
type Platform struct {
	GOOS, GOARCH string
	// NodeOS and NodeCPU are Node.js's process.platform and process.arch,
	// the values of a package.json's os and cpu fields.
	NodeOS, NodeCPU string
	// WheelTag is the platform tag of a wheel (PEP 425, PEP 600): the
	// oldest system the static binary runs on.
	WheelTag string
}

// Platforms are the targets of a release, in the order they are built.
// The binaries are static (no cgo), so a Linux wheel says manylinux_2_17,
// with its manylinux2014 alias for older pips; a macOS wheel says macOS
// 12, the oldest the Go of go.mod supports.
var Platforms = []Platform{
	{"linux", "amd64", "linux", "x64", "manylinux_2_17_x86_64.manylinux2014_x86_64"},
	{"linux", "arm64", "linux", "arm64", "manylinux_2_17_aarch64.manylinux2014_aarch64"},
	{"darwin", "amd64", "darwin", "x64", "macosx_12_0_x86_64"},
	{"darwin", "arm64", "darwin", "arm64", "macosx_12_0_arm64"},
	{"windows", "amd64", "win32", "x64", "win_amd64"},
	{"windows", "arm64", "win32", "arm64", "win_arm64"},
}

// String is the platform as GOOS/GOARCH.
func (p Platform) String() string { return p.GOOS + "/" + p.GOARCH }

// Exe is the file name of the command name on the platform.
func (p Platform) Exe(name string) string {
	if p.GOOS == "windows" {
		return name + ".exe"
	}
	return name
}

// NPMName is the name of the platform's npm package, as esbuild names its
// own: @relurl/linux-x64.
func (p Platform) NPMName() string { return "@relurl/" + p.NodeOS + "-" + p.NodeCPU }

// ParsePlatforms returns the platforms a comma-separated list of
// GOOS/GOARCH names; "" or "all" is every one of Platforms.
func ParsePlatforms(list string) ([]Platform, error) {
	if list == "" || list == "all" {
		return Platforms, nil
	}
	var out []Platform
	for name := range strings.SplitSeq(list, ",") {
		found := false
		for _, p := range Platforms {
			if p.String() == strings.TrimSpace(name) {
				out, found = append(out, p), true
				break
			}
		}
		if !found {
			return nil, fmt.Errorf("unknown platform %q (known: linux, darwin, windows × amd64, arm64)", name)
		}
	}
	return out, nil
}
