// Package repo_test holds the checks of the repository as a whole that need
// the tools module: the changelog against the rule catalog, the conformance
// data against its schema, each module's zip, a fresh importer of the
// library, and each public module's API against its last release. They
// read the repository's files by their paths from its root, where TestMain
// puts them.
package repo_test

import (
	"fmt"
	"os"
	"testing"
)

func TestMain(m *testing.M) {
	if err := os.Chdir("../../.."); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	os.Exit(m.Run())
}
