// Command release does the steps of a release of relurl that a person or
// the release workflow runs (docs/release.md; package
// github.com/relurl/relurl/lint/internal/release):
//
//	release changelog VERSION DATE  make CHANGELOG.md's Unreleased section VERSION's, dated DATE
//	release pin VERSION             pin lint/ and cmd/ to their siblings at VERSION (the release commit)
//	release check VERSION           HEAD is the release commit: pinned, tagged thrice, in CHANGELOG.md
//	release pinned VERSION          the go.mod and go.sum files are pinned to VERSION (no tags needed)
//	release dist -go GO VERSION DIR the files of make dist VERSION=… in DIR agree with VERSION and GO
//	release notes VERSION           print CHANGELOG.md's section of VERSION
//	release npm [-n] VERSION DIR [NPM-FLAGS...]
//	                                npm publish DIR's npm packages, the platforms' first, each not
//	                                yet on the registry (-n: npm publish --dry-run, asking nothing)
//
// It runs in the repository's root and exits 1 with the reasons when a
// check fails, 2 on a usage error.
package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/relurl/relurl/lint/internal/dist"
	"github.com/relurl/relurl/lint/internal/release"
)

func main() {
	os.Exit(run(os.Args[1:]))
}

func usage() int {
	fmt.Fprintln(os.Stderr, "usage: release pin|check|pinned|notes VERSION, release changelog VERSION DATE, release dist -go GO VERSION DIR, or release npm [-n] VERSION DIR [NPM-FLAGS...]")
	return 2
}

func run(args []string) int {
	if len(args) < 2 {
		return usage()
	}
	fail := func(err error) int {
		if err == nil {
			return 0
		}
		fmt.Fprintln(os.Stderr, "release:", err)
		return 1
	}
	switch cmd, version := args[0], args[1]; cmd {
	case "changelog":
		if len(args) != 3 {
			return usage()
		}
		changelog, err := os.ReadFile("CHANGELOG.md")
		if err != nil {
			return fail(err)
		}
		dated, err := release.DateChangelog(string(changelog), version, args[2])
		if err != nil {
			return fail(err)
		}
		return fail(os.WriteFile("CHANGELOG.md", []byte(dated), 0o644))
	case "pin":
		if len(args) != 2 {
			return usage()
		}
		return fail(release.Pin(".", version))
	case "pinned":
		if len(args) != 2 {
			return usage()
		}
		return fail(release.CheckPinned(".", version))
	case "check":
		if len(args) != 2 {
			return usage()
		}
		if err := release.CheckTags(".", version); err != nil {
			return fail(err)
		}
		if err := release.CheckPinned(".", version); err != nil {
			return fail(err)
		}
		changelog, err := os.ReadFile("CHANGELOG.md")
		if err != nil {
			return fail(err)
		}
		_, err = release.Notes(string(changelog), version)
		return fail(err)
	case "notes":
		if len(args) != 2 {
			return usage()
		}
		changelog, err := os.ReadFile("CHANGELOG.md")
		if err != nil {
			return fail(err)
		}
		notes, err := release.Notes(string(changelog), version)
		if err != nil {
			return fail(err)
		}
		fmt.Print(notes)
		return 0
	case "dist":
		fs := flag.NewFlagSet("release dist", flag.ContinueOnError)
		goVersion := fs.String("go", "", "the Go toolchain the binaries must have been built by (go1.27.3)")
		if err := fs.Parse(args[1:]); err != nil || fs.NArg() != 2 || *goVersion == "" {
			return usage()
		}
		if err := release.CheckVersion(fs.Arg(0)); err != nil {
			return fail(err)
		}
		return fail(dist.Check(fs.Arg(1), fs.Arg(0), *goVersion))
	case "npm":
		fs := flag.NewFlagSet("release npm", flag.ContinueOnError)
		dryRun := fs.Bool("n", false, "npm publish --dry-run, and no look-up of what the registry has")
		if err := fs.Parse(args[1:]); err != nil || fs.NArg() < 2 {
			return usage()
		}
		return fail(publishNPM(fs.Arg(0), fs.Arg(1), *dryRun, fs.Args()[2:]))
	}
	return usage()
}

// publishNPM publishes the npm packages of the release version in dir:
// each platform's, then the relurl package, which depends on them, so
// that no relurl package is ever published whose binaries are not; a
// pre-release under the dist-tag "next", so that "npm install relurl"
// never gets one. A package the registry has at version already is left
// (npm view), so that the job can run again after a failure, or after
// the first release's packages were published by hand (docs/release.md).
func publishNPM(version, dir string, dryRun bool, flags []string) error {
	if err := release.CheckVersion(version); err != nil {
		return err
	}
	semver := strings.TrimPrefix(version, "v")
	tag := "latest"
	if strings.Contains(semver, "-") {
		tag = "next"
	}
	var names []string
	for _, p := range dist.Platforms {
		names = append(names, p.NPMName())
	}
	names = append(names, "relurl")
	for _, name := range names {
		// An absolute path: npm reads "dist/x.tgz" as a repository of GitHub's.
		file, err := filepath.Abs(filepath.Join(dir, dist.NPMFileName(name, semver)))
		if err != nil {
			return err
		}
		if _, err := os.Stat(file); err != nil {
			return err
		}
		if !dryRun {
			out, err := exec.Command("npm", "view", name+"@"+semver, "version").Output()
			if err == nil && strings.TrimSpace(string(out)) == semver {
				fmt.Printf("%s@%s is on the registry already\n", name, semver)
				continue
			}
		}
		args := []string{"publish", "--access", "public", "--tag", tag}
		if dryRun {
			args = append(args, "--dry-run")
		}
		args = append(append(args, flags...), file)
		fmt.Printf("$ npm %s\n", strings.Join(args, " "))
		cmd := exec.Command("npm", args...)
		cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
		if err := cmd.Run(); err != nil {
			return fmt.Errorf("npm publish %s: %w", file, err)
		}
	}
	return nil
}
