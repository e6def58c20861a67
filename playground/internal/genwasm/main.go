// Command genwasm rebuilds the playground's WebAssembly module when its
// sources changed: go generate ./playground/site runs it in that
// directory. With -f it rebuilds even when the stamp says the module is
// up to date.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/relurl/relurl/playground/internal/wasmbuild"
)

func main() {
	force := flag.Bool("f", false, "rebuild even when the module is up to date")
	flag.Parse()
	if err := run(*force); err != nil {
		fmt.Fprintln(os.Stderr, "genwasm:", err)
		os.Exit(1)
	}
}

func run(force bool) error {
	site, err := os.Getwd()
	if err != nil {
		return err
	}
	root := filepath.Join(site, "..", "..") // the module: playground/site is two levels down
	if !force {
		want, err := wasmbuild.Stamp(root)
		if err != nil {
			return err
		}
		have, _ := wasmbuild.ReadStamp(site)
		if _, statErr := os.Stat(filepath.Join(site, wasmbuild.Module)); have == want && statErr == nil {
			fmt.Println("genwasm: the module is up to date (" + want + ")")
			return nil
		}
	}
	res, err := wasmbuild.Build(root, site)
	if err != nil {
		return err
	}
	fmt.Printf("genwasm: built %s with %s: %d bytes, %d gzip-compressed\n", wasmbuild.Module, res.GoVersion, res.Raw, res.Compressed)
	return nil
}
