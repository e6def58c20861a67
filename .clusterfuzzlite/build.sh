#!/bin/bash -eu
# Builds every native Go fuzz target of relurl as a libFuzzer binary, with
# its seed corpus zip and the grammar's dictionary. Run by ClusterFuzzLite
# and OSS-Fuzz (infra/helper.py build_fuzzers) inside the base-builder-go
# image, where compile_native_go_fuzzer, $SRC and $OUT are given; "make
# oss-fuzz" runs this same script here, with compile_native_go_fuzzer
# emulated (.clusterfuzzlite/local.sh).
#
# The targets are found, never listed: every "func FuzzX(f *testing.F)" in
# a package of the three modules of go.work, as the Makefile's PKGS
# (decision Z-12). Each is built under its own name (the names are unique
# in the workspace, and each appears in one .go file of its package
# directory: fuzz/targets_test.go holds them to that), from its module's
# directory: go-118-fuzz-build writes the harness's main package where it
# runs, and only there can it import the module's internal packages.
cd "$SRC/relurl"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
go build -o "$work/seedzip" ./lint/internal/seedzip

n=0
for dir in $(go list -f '{{.Dir}}' ./... ./lint/... ./cmd/...); do
  pkg=$(go list -f '{{.ImportPath}}' "$dir")
  mod=$(go list -f '{{.Module.Dir}}' "$dir")
  for target in $(sed -n -E 's/^func (Fuzz[A-Za-z0-9_]*)\(f \*testing\.F\).*/\1/p' "$dir"/*.go); do
    echo "== $target ($pkg)"
    (cd "$mod" && compile_native_go_fuzzer "$pkg" "$target" "$target")
    # The dictionary is "relurl gen --dict", derived from the grammar.
    cp .clusterfuzzlite/relurl.dict "$OUT/$target.dict"
    # The seeds are the target's Go corpus (testdata/fuzz/<target>),
    # encoded as go-118-fuzz-build decodes its input.
    if [ -d "$dir/testdata/fuzz/$target" ]; then
      "$work/seedzip" "$dir/testdata/fuzz/$target" "$OUT/${target}_seed_corpus.zip"
    fi
    n=$((n + 1))
  done
done
echo "built $n fuzz targets into $OUT"
