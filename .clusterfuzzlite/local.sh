#!/bin/bash -eu
# "make oss-fuzz": builds every fuzz target the way OSS-Fuzz does, here,
# without Docker, and runs each binary for a bounded time.
#
#   1. copies the work tree (go-118-fuzz-build edits the tree it builds);
#   2. installs go-118-fuzz-build from the module proxy, at the version
#      go.mod requires (the one the rewritten harnesses import);
#   3. puts on PATH an emulation of OSS-Fuzz's compile_native_go_fuzzer
#      (infra/base-images/base-builder: find the one file declaring the
#      target, go-118-fuzz-build -tags gofuzz into a c-archive, link it with
#      $CXX $CXXFLAGS $LIB_FUZZING_ENGINE), stricter in one way: where the
#      name is found in several files it fails, as OSS-Fuzz's coverage
#      build and compile_native_go_fuzzer_v2 do;
#   4. runs .clusterfuzzlite/build.sh, the script ClusterFuzzLite runs;
#   5. runs each binary over its seed corpus zip with its dictionary for
#      OSSFUZZTIME seconds (default 10) and fails on a crash, on a run that
#      executed no input, and on seeds that reach no code an empty input
#      does not (seeds the engine cannot decode);
#   6. ends a failing run with the report of each crash
#      (lint/internal/fuzzfail: the target, its input decoded, quoted and
#      in hex, the command that makes it a Go corpus entry of its target
#      and the go test command that replays it).
#
# The binaries run in the work directory and libFuzzer writes what it
# finds (crash-*, leak-*, timeout-*, oom-*, slow-unit-*) under ARTIFACTS
# (default $TMPDIR/relurl-oss-fuzz), in a directory per target, kept after
# the run: nothing is written into the source tree, and the run fails if
# "git status" changed (decision Z-8).
#
# Needs clang with libFuzzer (Debian: apt-get install clang
# libclang-rt-14-dev). OSSFUZZTIME sets the seconds per target, SANITIZER
# address (default, as OSS-Fuzz) or none, KEEP=1 keeps the work directory.
set -eu # also when run as "bash local.sh", as make runs it
root=$(cd "$(dirname "$0")/.." && pwd)
time=${OSSFUZZTIME:-10}
for tool in clang clang++ unzip; do
  command -v "$tool" >/dev/null || { echo "oss-fuzz: $tool not found (apt-get install clang libclang-rt-14-dev unzip)"; exit 1; }
done

artifacts=${ARTIFACTS:-${TMPDIR:-/tmp}/relurl-oss-fuzz}
# tree_state is what "git status" says of the source tree, to leave it as found.
tree_state() { git -C "$root" status --porcelain --untracked-files=all 2>/dev/null || true; }
before=$(tree_state)

work=$(mktemp -d)
if [ "${KEEP:-}" != 1 ]; then trap 'rm -rf "$work"' EXIT; else echo "work directory: $work"; fi
mkdir -p "$work/src/relurl" "$work/out" "$work/bin"
if git -C "$root" rev-parse --git-dir >/dev/null 2>&1; then
  (cd "$root" && git ls-files -co --exclude-standard -z | xargs -0 cp --parents -t "$work/src/relurl")
else
  cp -r "$root/." "$work/src/relurl"
fi

version=$(cd "$root" && go list -m -f '{{.Version}}' github.com/AdamKorcz/go-118-fuzz-build)
GOBIN="$work/bin" go install "github.com/AdamKorcz/go-118-fuzz-build@$version"
(cd "$root" && go build -o "$work/bin/fuzzfail" ./lint/internal/fuzzfail)

cat > "$work/bin/compile_native_go_fuzzer" <<'SCRIPT'
#!/bin/bash -eu
# An emulation of OSS-Fuzz's compile_native_go_fuzzer PATH FUNCTION FUZZER
# (address build), written from its logic.
path=$1 function=$2 fuzzer=$3
abs_file_dir=$(go list -tags gofuzz -f '{{.Dir}}' "$path")
files=$(grep -r -l --include='*.go' -s "$function" "$abs_file_dir" || true)
if [ "$(echo "$files" | wc -w)" -ne 1 ]; then
  echo "compile_native_go_fuzzer: $function is named in $(echo "$files" | wc -w) files under $abs_file_dir, want 1:" $files
  exit 1
fi
if [ "$(grep "func $function" "$files" | grep -c "testing.F")" -ne 1 ]; then
  echo "Could not find the function: func ${function}(f *testing.F)"
  exit 1
fi
go-118-fuzz-build -tags gofuzz -o "$fuzzer.a" -func "$function" "$abs_file_dir"
$CXX $CXXFLAGS $LIB_FUZZING_ENGINE "$fuzzer.a" -o "$OUT/$fuzzer"
rm -f "$fuzzer.a" "${fuzzer}.h"
SCRIPT
chmod +x "$work/bin/compile_native_go_fuzzer"

export SRC="$work/src" OUT="$work/out" PATH="$work/bin:$PATH" CC=clang CXX=clang++
export LIB_FUZZING_ENGINE=-fsanitize=fuzzer SANITIZER=${SANITIZER:-address}
CXXFLAGS="-O1 -fno-omit-frame-pointer -gline-tables-only"
if [ "$SANITIZER" = address ]; then CXXFLAGS="$CXXFLAGS -fsanitize=address -fsanitize-address-use-after-scope"; fi
export CXXFLAGS

start=$(date +%s)
# -eu as OSS-Fuzz runs it: a target that does not build fails the run.
bash -eu "$SRC/relurl/.clusterfuzzlite/build.sh"
built=$(date +%s)
echo "oss-fuzz: built in $((built - start))s"

# cov reads the coverage libFuzzer reports once its corpus is loaded.
cov() { sed -n -E 's/.*INITED cov: ([0-9]+).*/\1/p' "$1" | head -1; }

failed=0 crashes=()
cd "$work"
printf '%-24s %8s %8s %10s %8s\n' target seeds cov execs exec/s > "$work/summary"
for bin in "$OUT"/Fuzz*; do
  target=$(basename "$bin")
  case "$target" in *.*) continue ;; esac
  corpus="$work/corpus/$target" empty="$work/empty/$target"
  mkdir -p "$corpus" "$empty"
  seeds=0
  if [ -f "$OUT/${target}_seed_corpus.zip" ]; then
    unzip -q -o "$OUT/${target}_seed_corpus.zip" -d "$corpus"
    seeds=$(ls "$corpus" | wc -l)
  fi
  log="$work/$target.log"
  mkdir -p "$artifacts/$target"
  "$bin" -artifact_prefix="$artifacts/$target/" -runs=0 "$empty" > "$work/$target.empty.log" 2>&1 || true
  status=0
  "$bin" -artifact_prefix="$artifacts/$target/" -dict="$OUT/$target.dict" -max_total_time="$time" -timeout=25 \
    -rss_limit_mb=2560 -print_final_stats=1 "$corpus" > "$log" 2>&1 || status=$?
  execs=$(sed -n -E 's/^stat::number_of_executed_units: ([0-9]+)/\1/p' "$log")
  rate=$(sed -n -E 's/^stat::average_exec_per_sec: +([0-9]+)/\1/p' "$log")
  c=$(cov "$log") c0=$(cov "$work/$target.empty.log")
  printf '%-24s %8s %8s %10s %8s\n' "$target" "$seeds" "${c:-?}" "${execs:-0}" "${rate:-0}" >> "$work/summary"
  if [ "$status" -ne 0 ]; then
    echo "oss-fuzz: $target failed (exit $status):"; grep -v '^#' "$log" | tail -30; failed=1
    crash=$(sed -n -E 's/.*Test unit written to (.*)$/\1/p' "$log" | tail -1)
    if [ -n "$crash" ]; then crashes+=("$target $crash"); fi
  elif [ -z "$execs" ] || [ "$execs" -eq 0 ]; then
    echo "oss-fuzz: $target: no inputs executed"; tail -20 "$log"; failed=1
  elif [ "$seeds" -gt 0 ] && [ "${c:-0}" -le "${c0:-0}" ]; then
    echo "oss-fuzz: $target: its $seeds seeds reach no code the empty input does not (cov $c vs $c0): are they encoded as go-118-fuzz-build decodes them?"; failed=1
  fi
done
cat "$work/summary"
echo "oss-fuzz: built in $((built - start))s, ran in $(($(date +%s) - built))s (${time}s per target)"
for c in "${crashes[@]}"; do
  echo
  (cd "$root" && "$work/bin/fuzzfail" crash -log "$work/${c%% *}.log" "${c%% *}" "${c#* }") || true
done
if [ "$(tree_state)" != "$before" ]; then
  echo "oss-fuzz: the run changed the source tree (git status):"; diff <(echo "$before") <(tree_state) || true; failed=1
fi
exit $failed
