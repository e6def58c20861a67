// Command sitegen builds relurl's site (make site): the manual, README.md
// and docs/*.md rendered to HTML, and the playground, in one directory
// (package manual):
//
//	go run ./internal/manual/cmd/sitegen -o site
//
// The playground's WebAssembly module is built with the go command on
// PATH, once, into the user's cache directory, as relurl serve builds it;
// -module DIR takes it from DIR instead (relurl.wasm and wasm_exec.js),
// and -playground=false leaves the playground out.
package main

import (
	"context"
	"flag"
	"fmt"
	"io/fs"
	"os"

	"github.com/relurl/relurl/lint/internal/dist"
	"github.com/relurl/relurl/lint/internal/manual"
	"github.com/relurl/relurl/lint/internal/playground/site"
)

func main() {
	out := flag.String("o", "", "write the site into this `directory`")
	root := flag.String("root", ".", "the repository, holding README.md and docs/")
	module := flag.String("module", "", "the `directory` holding the playground's relurl.wasm and wasm_exec.js (default: build them)")
	playground := flag.Bool("playground", true, "put the playground into the site")
	flag.Parse()
	if *out == "" || flag.NArg() > 0 {
		fmt.Fprintln(os.Stderr, "usage: sitegen -o DIR [-root DIR] [-module DIR] [-playground=false]")
		os.Exit(2)
	}
	opts := manual.Options{Root: *root, Out: *out}
	// The release the manual describes, as make dist names it (decision
	// I-1); a tree that is no git checkout shows none.
	if v, err := dist.FromGit(*root, ""); err == nil {
		opts.Version = v.Go
	}
	if *playground {
		var mod fs.FS
		if *module != "" {
			mod = os.DirFS(*module)
		} else {
			var err error
			if mod, err = site.Module(context.Background(), site.ModuleOptions{Log: os.Stderr}); err != nil {
				fmt.Fprintln(os.Stderr, "sitegen:", err)
				os.Exit(1)
			}
		}
		opts.Playground = site.Files(mod)
	}
	res, err := manual.Build(opts)
	if err != nil {
		fmt.Fprintln(os.Stderr, "sitegen:", err)
		os.Exit(1)
	}
	with := ""
	if *playground {
		with = " and the playground"
	}
	fmt.Printf("sitegen: %d pages and %d images of the manual%s in %s\n", len(res.Pages), len(res.Assets), with, *out)
}
