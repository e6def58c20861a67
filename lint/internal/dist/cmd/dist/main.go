// Command dist builds relurl's release into a directory (make dist): the
// archives of relurl and relurlvet for every platform, the npm packages,
// the Python wheels and checksums.txt, reproducibly (package
// github.com/relurl/relurl/lint/internal/dist).
//
//	dist [-o DIR] [-platforms linux/amd64,...] [-version vX.Y.Z]
//
// SOURCE_DATE_EPOCH, when set, is the time of the archives' entries; it
// is otherwise the time of the last commit. -version names the files for
// a release, and is the version inside them; without it, the version is
// read from git (a pseudo-version between releases).
package main

import (
	"context"
	"flag"
	"fmt"
	"os"

	"github.com/relurl/relurl/lint/internal/dist"
)

func main() {
	out := flag.String("o", "dist", "the directory to write the release into (it must be empty or absent)")
	list := flag.String("platforms", "all", "the GOOS/GOARCH targets, comma-separated, or all")
	version := flag.String("version", "", "the release version (v0.1.0); by default, the version git gives")
	flag.Parse()
	platforms, err := dist.ParsePlatforms(*list)
	if err != nil {
		fmt.Fprintln(os.Stderr, "dist:", err)
		os.Exit(2)
	}
	files, err := dist.Make(context.Background(), dist.Options{
		Dir: ".", Out: *out, Platforms: platforms, Epoch: os.Getenv("SOURCE_DATE_EPOCH"), Version: *version,
		Log: func(format string, args ...any) { fmt.Fprintf(os.Stderr, "dist: "+format+"\n", args...) },
	})
	if err != nil {
		fmt.Fprintln(os.Stderr, "dist:", err)
		os.Exit(1)
	}
	for _, f := range files {
		info, err := os.Stat(*out + "/" + f)
		if err != nil {
			fmt.Fprintln(os.Stderr, "dist:", err)
			os.Exit(1)
		}
		fmt.Printf("%10d  %s/%s\n", info.Size(), *out, f)
	}
}
