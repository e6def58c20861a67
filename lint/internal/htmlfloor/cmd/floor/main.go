// Command floor reads HTML files as the floor of the linter's HTML path
// does (package htmlfloor) and prints the CPU time it took, to compare
// with relurl lint -j 1 over the same files:
//
//	go build -o floor ./internal/htmlfloor/cmd/floor
//	./floor FILE|DIR...    # the .html and .htm files of each DIR
//
// It prints the files, bytes, start tags and attributes it read, and its
// user and system CPU time (of the whole process, as /usr/bin/time gives
// relurl's).
package main

import (
	"fmt"
	"os"
	"syscall"
	"time"

	"github.com/relurl/relurl/lint/internal/htmlfloor"
)

func main() {
	files, err := htmlfloor.HTMLFiles(os.Args[1:])
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	var c htmlfloor.Counts
	if err := c.Read(files); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	user, sys := time.Duration(ru.Utime.Nano()), time.Duration(ru.Stime.Nano())
	fmt.Printf("%d files, %d bytes, %d start tags, %d attributes; CPU %.3f s (user %.3f, system %.3f)\n",
		c.Files, c.Bytes, c.Tags, c.Attrs, (user + sys).Seconds(), user.Seconds(), sys.Seconds())
}
