// Command seedbytes prints the string of a one-argument Go fuzz corpus
// file ("go test fuzz v1" then string("...")) as raw bytes, for turning the
// committed seed corpora into libFuzzer seeds (.clusterfuzzlite/build.sh).
package main

import (
	"fmt"
	"os"
	"strconv"
	"strings"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: seedbytes FILE")
		os.Exit(2)
	}
	b, err := os.ReadFile(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	if len(lines) != 2 || lines[0] != "go test fuzz v1" {
		fmt.Fprintln(os.Stderr, "seedbytes: not a one-argument corpus file")
		os.Exit(1)
	}
	arg := strings.TrimSuffix(strings.TrimPrefix(lines[1], "string("), ")")
	s, err := strconv.Unquote(arg)
	if err != nil {
		fmt.Fprintln(os.Stderr, "seedbytes:", err)
		os.Exit(1)
	}
	os.Stdout.WriteString(s)
}
