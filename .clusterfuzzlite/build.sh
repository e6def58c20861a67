#!/bin/bash -eu
# Builds every native Go fuzz target of package fuzz as a libFuzzer binary,
# with its seed corpus and the URL dictionary. Run by ClusterFuzzLite (or
# OSS-Fuzz's infra/helper.py build_fuzzers) inside the base-builder-go image.
cd "$SRC/relurl"

targets=$(grep -ho '^func Fuzz[A-Za-z]*' fuzz/*_test.go | sed 's/^func //')
for target in $targets; do
  compile_native_go_fuzzer github.com/relurl/relurl/fuzz "$target" "$target"
  cp .clusterfuzzlite/relurl.dict "$OUT/$target.dict"
  # The committed seeds are in Go's corpus format ("go test fuzz v1" and one
  # line per argument); libFuzzer wants raw bytes, so for the one-string
  # targets each seed's string is written out as a file of its own.
  corpus=$(mktemp -d)
  for seed in fuzz/testdata/fuzz/"$target"/*; do
    [ -f "$seed" ] || continue
    if [ "$(wc -l < "$seed")" -eq 2 ]; then
      go run ./internal/seedbytes "$seed" > "$corpus/$(basename "$seed")"
    fi
  done
  if [ -n "$(ls -A "$corpus")" ]; then
    (cd "$corpus" && zip -q "$OUT/${target}_seed_corpus.zip" ./*)
  fi
  rm -rf "$corpus"
done
