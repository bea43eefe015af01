#!/usr/bin/env bash
# "Module edited → screen redrawn": the loop of a screen module's author. Edits a module's
# source (adds a constant, so its object file and the executable change: a comment alone
# leaves the object file the same and nothing is linked again), rebuilds the debug
# `vitals` incrementally and renders the module's screen; prints each run's build, render and
# total wall time and the median total. Goal (issue 28): under 5 s.
#
#   bash bench/module_edit.sh            # ProteinScreen / protein, 5 runs
#   MODULE=SleepScreen SCREEN=sleep RUNS=3 bash bench/module_edit.sh
#
# The source file is restored (and the build brought back up to date) at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
MODULE="${MODULE:-ProteinScreen}"
SCREEN="${SCREEN:-protein}"
RUNS="${RUNS:-5}"
file="Sources/Screens/$MODULE/$MODULE.swift"
[ -f "$file" ] || { echo "no $file" >&2; exit 2; }
backup="$(mktemp)"
cp -p "$file" "$backup"
restore() { cp -p "$backup" "$file"; rm -f "$backup"; swift build --product vitals >/dev/null 2>&1 || true; }
trap restore EXIT

swift build --product vitals >/dev/null        # up to date before the first edit
BIN="$(swift build --show-bin-path)/vitals"
now() { date +%s.%N; }
totals=()
echo "module $MODULE, screen $SCREEN, $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
for run in $(seq 1 "$RUNS"); do
  cp -p "$backup" "$file"
  printf '\nlet benchModuleEditRun%s = "bench/module_edit.sh run %s"\n' "$run" "$run" >> "$file"
  start=$(now)
  swift build --product vitals >/dev/null
  built=$(now)
  "$BIN" render "$SCREEN" --width 80 --as-of 2026-10-31 >/dev/null 2>&1
  done_at=$(now)
  # The executable was linked again in this run (else the edit was not measured).
  [ "$(stat -c %Y "$BIN")" -ge "${start%.*}" ] || { echo "run $run: vitals was not rebuilt" >&2; exit 1; }
  total=$(echo "$done_at - $start" | bc -l)
  totals+=("$total")
  printf 'run %d: build %.2f s, render %.2f s, edit to screen %.2f s\n' "$run" \
    "$(echo "$built - $start" | bc -l)" "$(echo "$done_at - $built" | bc -l)" "$total"
done
median=$(printf '%s\n' "${totals[@]}" | sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}')
printf 'median edit to screen: %.2f s over %d runs (goal < 5 s)\n' "$median" "$RUNS"
