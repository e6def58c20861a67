#!/bin/bash -eu
# A fuzzing campaign on one target, with a measure of what it reached:
#
#   bash fuzz/campaign.sh TARGET DURATION      (make campaign TARGET=... FUZZTIME=...)
#
# fuzzes TARGET (any native fuzz target of the module) with go test's
# engine on one worker (-parallel 1, so that campaigns are comparable on a
# shared machine) for DURATION (a Go duration, "5m", or "1h"), keeping the
# corpus it grows in CAMPAIGN_DIR (default /tmp/relurl-campaign/TARGET;
# run again to go on from it). It then reports the executions and the
# statement coverage of the code under test (COVERPKG, by default the
# readers and the resolver: ast, grammar, validate, resolve and the root
# package; never gen or fuzz, so that a grammar-aware target gets no
# credit for running its own generator) over the seeds alone and over the
# seeds and the grown corpus. A failing input lands in the package's
# testdata/fuzz/TARGET, and the campaign ends with its report
# (lint/internal/fuzzfail: the target, the input quoted and in hex, the go
# test command that replays it) and fails: commit the input with the fix.
set -eu # also when run as "bash campaign.sh", as make runs it
target=$1 duration=$2
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
mod=$(go list -m)
coverpkg=${COVERPKG:-$mod/ast,$mod/grammar,$mod/validate,$mod/resolve,$mod}
file=$(grep -r -l --include='*.go' "^func $target(f \*testing.F)" . | head -1)
[ -n "$file" ] || { echo "campaign: no fuzz target $target"; exit 2; }
dir=$(dirname "$file")
work=${CAMPAIGN_DIR:-/tmp/relurl-campaign/$target}
mkdir -p "$work/cache"

go test -c -fuzz "^$target\$" -o "$work/fuzz.test" "./$dir"
go test -c -cover -coverpkg="$coverpkg" -o "$work/cover.test" "./$dir"

echo "== $target: fuzzing for $duration"
set +e
(cd "$dir" && "$work/fuzz.test" -test.run='^$' -test.fuzz="^$target\$" -test.fuzztime="$duration" \
  -test.parallel=1 -test.fuzzcachedir="$work/cache" -test.timeout=0) 2>&1 | tee "$work/fuzz.log" | grep -v '^fuzz: elapsed'
status=${PIPESTATUS[0]}
set -e
if [ "$status" -ne 0 ]; then
  echo
  go run ./lint/internal/fuzzfail gotest "$target" "$work/fuzz.log" || true
  exit 1
fi
last=$(grep 'fuzz: elapsed' "$work/fuzz.log" | tail -1)

# coverage runs the target over a corpus directory in a scratch package
# directory, as go test runs testdata/fuzz/TARGET.
coverage() {
  local scratch=$work/scratch
  rm -rf "$scratch"; mkdir -p "$scratch/testdata/fuzz/$target"
  cp "$dir/testdata/fuzz/$target/"* "$scratch/testdata/fuzz/$target/" 2>/dev/null || true
  if [ "$1" = grown ] && [ -d "$work/cache/$target" ]; then cp "$work/cache/$target/"* "$scratch/testdata/fuzz/$target/"; fi
  (cd "$scratch" && "$work/cover.test" -test.run="^$target\$" -test.coverprofile="$work/$1.cover" >/dev/null)
  echo "$(ls "$scratch/testdata/fuzz/$target" | wc -l) inputs, $(go tool cover -func="$work/$1.cover" | tail -1 | awk '{print $NF}') of statements"
}
echo "== $target after $duration: ${last#*fuzz: }"
echo "   coverage of $coverpkg"
echo "   seeds alone:     $(coverage seeds)"
echo "   seeds and grown: $(coverage grown)"
