#!/bin/bash -eu
# Native fuzzing of every fuzz target of the workspace, one after the
# other, with go test's engine:
#
#   bash fuzz/native.sh DURATION [TARGET...]    (make fuzz FUZZTIME=...; CI)
#
# fuzzes each target (all of them, or the TARGETs named) for DURATION (a
# Go duration, "1m", or a count of inputs, "1000x"). The targets are
# found, never listed: every "func FuzzX(f *testing.F)" of a package of
# the three modules. Each package's test binary is built once, with the
# fuzzing instrumentation (go test -c -fuzz), and runs each of its
# targets in the package's directory, as go test does; FUZZPARALLEL sets
# its workers (default: one per core). A target that fails does not stop
# the others; the run ends with a report of each failure
# (lint/internal/fuzzfail: the target, its input quoted and in hex, the
# go test command that replays it) and fails. go test writes a failing
# input into the package's testdata/fuzz/TARGET, where go test runs it
# from then on: commit it (after the fix) as a regression seed. CI runs it
# with a few seconds per target (decision Z-10).
set -eu # also when run as "bash native.sh", as make runs it
duration=$1
shift
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
go build -o "$work/fuzzfail" ./lint/internal/fuzzfail

# wanted TARGET: it is to be run (no TARGET was named, or it was).
wanted() {
  [ "${#only[@]}" -eq 0 ] && return 0
  local t
  for t in "${only[@]}"; do [ "$t" = "$1" ] && return 0; done
  return 1
}
only=("$@")

start=$(date +%s)
n=0 failed=()
printf '%-24s %-28s %6s %12s %s\n' target package secs execs result > "$work/summary"
cat "$work/summary"
for dir in $(go list -f '{{.Dir}}' ./... ./lint/... ./cmd/...); do
  targets=()
  for t in $(sed -n -E 's/^func (Fuzz[A-Za-z0-9_]*)\(f \*testing\.F\).*/\1/p' "$dir"/*_test.go 2>/dev/null); do
    if wanted "$t"; then targets+=("$t"); fi
  done
  [ "${#targets[@]}" -gt 0 ] || continue
  rel=./${dir#"$root"/}
  bin="$work/$(echo "$rel" | tr / _).test"
  cache="$(go env GOCACHE)/fuzz/$(go list -f '{{.ImportPath}}' "$rel")" # where go test -fuzz keeps what it grows
  go test -c -fuzz "^($(IFS='|'; echo "${targets[*]}"))\$" -o "$bin" "$rel"
  for t in "${targets[@]}"; do
    log="$work/$t.log"
    t0=$(date +%s)
    for try in 1 2; do
      status=0
      (cd "$dir" && "$bin" -test.run='^$' -test.fuzz="^$t\$" -test.fuzztime="$duration" -test.fuzzminimizetime=10s \
        -test.fuzzcachedir="$cache" -test.timeout=0 ${FUZZPARALLEL:+-test.parallel="$FUZZPARALLEL"}) > "$log" 2>&1 || status=$?
      # Before Go 1.27, the engine could fail a target with a bare "context deadline exceeded" when
      # the fuzz time ran out while a worker was busy (go.dev/issue/75804), naming no input: that
      # run is tried once more, and a second such failure is reported as any other (decision Z-10).
      [ "$status" -ne 0 ] && [ "$try" -eq 1 ] && grep -q '^ *context deadline exceeded$' "$log" &&
        ! grep -q 'Failing input written\|^ *panic: \|_test\.go:[0-9]*:' "$log" || break
      echo "fuzz: $t: the fuzz time ended in the engine's own deadline, naming no input; once more" >&2
    done
    result=ok
    if [ "$status" -ne 0 ]; then result=FAIL; failed+=("$t"); fi
    # go test's last line of progress: "fuzz: elapsed: 3s, execs: 1234 (411/sec), ..."
    execs=$(sed -n -E 's/^fuzz: elapsed: .*, execs: ([0-9]+) .*/\1/p' "$log" | tail -1)
    printf '%-24s %-28s %6s %12s %s\n' "$t" "$rel" "$(($(date +%s) - t0))" "${execs:-?}" "$result" | tee -a "$work/summary"
    n=$((n + 1))
  done
done
echo "fuzz: $n targets, $duration each, $(($(date +%s) - start))s in all"
for t in "${failed[@]}"; do
  echo
  "$work/fuzzfail" gotest "$t" "$work/$t.log" || true
done
[ "${#failed[@]}" -eq 0 ] || { echo; echo "fuzz: ${#failed[@]} of $n targets failed: ${failed[*]}"; exit 1; }
[ "$n" -gt 0 ] || { echo "fuzz: no target named ${only[*]}"; exit 1; }
