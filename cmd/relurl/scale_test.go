//go:build linux

// The tree axis judges the peak RSS, which the kernel gives on Linux
// (scale.PeakRSS).

package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/relurl/relurl/internal/scale"
)

// TestScaleTrees measures the tree axis of the scaling suite when
// RELURL_SCALE is set (make scale; decision S-20): it builds relurl,
// measures the rows (scale.MeasureTrees), prints the table, and fails
// when the CPU time per copy or the peak RSS grows past its bound.
func TestScaleTrees(t *testing.T) {
	if os.Getenv("RELURL_SCALE") == "" {
		t.Skip("the scaling suite runs with RELURL_SCALE=1 (make scale)")
	}
	if scale.Race {
		t.Skip("timings mean little under the race detector")
	}
	source, err := scale.TreeSource("../..")
	if err != nil {
		t.Skipf("no tree to copy: %v", err)
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "relurl")
	build := exec.Command("go", "build", "-o", bin, ".")
	build.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	rows, err := scale.MeasureTrees(bin, source, dir)
	if err != nil {
		t.Fatal(err)
	}
	var table bytes.Buffer
	if err := scale.WriteTreeTable(&table, source, "", rows); err != nil {
		t.Fatal(err)
	}
	if testing.Verbose() {
		os.Stdout.Write(table.Bytes())
	}
	for _, over := range scale.TreeBounds(rows) {
		t.Errorf("%s\n%s", over, table.String())
	}
}
