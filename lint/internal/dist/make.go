package dist

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// Commands are the commands a release archive carries; the npm packages
// and the wheels carry the first, relurl (decision I-3).
var Commands = []string{"relurl", "relurlvet"}

// Docs are the files of the repository every archive carries beside the
// binaries; the npm packages and the wheels carry the license too.
var Docs = []string{"LICENSE", "README.md", "CHANGELOG.md", "docs/install.md"}

// License is the file of Docs that holds the license.
const License = "LICENSE"

// Options are the settings of Make.
type Options struct {
	// Dir is the module's root, a git working tree.
	Dir string
	// Out is the directory the release files are written into; Make
	// creates it and fails if it holds a file already.
	Out string
	// Platforms are the targets built; nil is every one of Platforms.
	Platforms []Platform
	// Epoch is SOURCE_DATE_EPOCH, or "" for the time of HEAD's commit.
	Epoch string
	// Version, when not "", is the release the files are named and
	// labelled for (Version.As), in place of the version read from git.
	Version string
	// Log, when not nil, gets a line per step.
	Log func(format string, args ...any)
}

// Make builds the release: for each platform the commands, by go build
// with -trimpath, no cgo and the version stamped; their archive; the npm
// package and the wheel of relurl; then the relurl npm package and
// checksums.txt over every file written. It returns the names of the
// files written, the checksums file last.
func Make(ctx context.Context, o Options) ([]string, error) {
	logf := o.Log
	if logf == nil {
		logf = func(string, ...any) {}
	}
	platforms := o.Platforms
	if platforms == nil {
		platforms = Platforms
	}
	v, err := FromGit(o.Dir, o.Epoch)
	if err != nil {
		return nil, err
	}
	if o.Version != "" {
		if v, err = v.As(o.Version); err != nil {
			return nil, err
		}
	}
	if err := os.MkdirAll(o.Out, 0o755); err != nil {
		return nil, err
	}
	if entries, err := os.ReadDir(o.Out); err != nil {
		return nil, err
	} else if len(entries) > 0 {
		return nil, fmt.Errorf("%s is not empty: remove it first (make dist does)", o.Out)
	}
	var docs []File
	var license []byte
	for _, name := range Docs {
		data, err := os.ReadFile(filepath.Join(o.Dir, filepath.FromSlash(name)))
		if err != nil {
			return nil, err
		}
		docs = append(docs, File{Name: name, Data: data})
		if name == License {
			license = data
		}
	}
	tmp, err := os.MkdirTemp("", "relurl-dist-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)

	written := map[string][]byte{}
	var order []string
	write := func(name string, data []byte) error {
		if err := os.WriteFile(filepath.Join(o.Out, name), data, 0o644); err != nil {
			return err
		}
		written[name] = data
		order = append(order, name)
		return nil
	}
	logf("version %s, files at %s", v.Go, v.Time.Format("2006-01-02T15:04:05Z"))
	for _, p := range platforms {
		files := append([]File(nil), docs...)
		var relurl []byte
		for _, cmd := range Commands {
			bin := filepath.Join(tmp, p.GOOS+"_"+p.GOARCH, p.Exe(cmd))
			logf("go build %s (%s)", cmd, p)
			if err := goBuild(ctx, o.Dir, p, v, "./cmd/"+cmd, bin); err != nil {
				return nil, err
			}
			data, err := os.ReadFile(bin)
			if err != nil {
				return nil, err
			}
			if cmd == "relurl" {
				relurl = data
			}
			files = append(files, File{Name: p.Exe(cmd), Data: data, Exec: true})
		}
		var archive bytes.Buffer
		name := fmt.Sprintf("relurl_%s_%s_%s", v.Semver(), p.GOOS, p.GOARCH)
		if p.GOOS == "windows" {
			err, name = Zip(&archive, files, v.Time), name+".zip"
		} else {
			err, name = TarGz(&archive, files, v.Time), name+".tar.gz"
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		if err := write(name, archive.Bytes()); err != nil {
			return nil, err
		}
		pkg, err := NPMPlatform(p, v, relurl, license)
		if err != nil {
			return nil, err
		}
		if err := write(pkg.File, pkg.Data); err != nil {
			return nil, err
		}
		whl, err := PyWheel(p, v, relurl, license)
		if err != nil {
			return nil, err
		}
		if err := write(whl.File, whl.Data); err != nil {
			return nil, err
		}
	}
	pkg, err := NPMMain(v, license)
	if err != nil {
		return nil, err
	}
	if err := write(pkg.File, pkg.Data); err != nil {
		return nil, err
	}
	sums := Checksums(written)
	if err := os.WriteFile(filepath.Join(o.Out, "checksums.txt"), sums, 0o644); err != nil {
		return nil, err
	}
	return append(order, "checksums.txt"), nil
}

// goBuild builds the package pkg for p into out: static (no cgo),
// -trimpath, no VCS stamp and no symbol table, the first level of each
// architecture, the version given to lint/cli.release; GOFLAGS from the
// environment is not read, so that nothing of the machine's settings
// enters the binary.
func goBuild(ctx context.Context, dir string, p Platform, v Version, pkg, out string) error {
	cmd := exec.CommandContext(ctx, "go", "build", "-trimpath", "-buildvcs=false",
		"-ldflags=-s -w -X github.com/relurl/relurl/lint/cli.release="+v.Go, "-o", out, pkg)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0", "GOOS="+p.GOOS, "GOARCH="+p.GOARCH,
		"GOFLAGS=", "GOAMD64=v1", "GOARM64=v8.0", "GOEXPERIMENT=")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("go build %s for %s: %w\n%s", pkg, p, err, strings.TrimSpace(stderr.String()))
	}
	return nil
}
