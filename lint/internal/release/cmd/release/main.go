// Command release does the steps of a release of relurl that a person or
// the release workflow runs (docs/release.md; package
// github.com/relurl/relurl/lint/internal/release):
//
//	release pin VERSION             pin lint/ and cmd/ to their siblings at VERSION (the release commit)
//	release check VERSION           HEAD is the release commit: pinned, tagged thrice, in CHANGELOG.md
//	release pinned VERSION          the go.mod and go.sum files are pinned to VERSION (no tags needed)
//	release dist -go GO VERSION DIR the files of make dist VERSION=… in DIR agree with VERSION and GO
//	release notes VERSION           print CHANGELOG.md's section of VERSION
//
// It runs in the repository's root and exits 1 with the reasons when a
// check fails, 2 on a usage error.
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/relurl/relurl/lint/internal/dist"
	"github.com/relurl/relurl/lint/internal/release"
)

func main() {
	os.Exit(run(os.Args[1:]))
}

func usage() int {
	fmt.Fprintln(os.Stderr, "usage: release pin|check|pinned|notes VERSION, or release dist -go GO VERSION DIR")
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
	}
	return usage()
}
