#!/usr/bin/env bash
# The speed goals of issue #19 in one run: each as whole processes, alternating A B A B, the
# ratio of medians with CPU time and (when valgrind is installed) instruction counts beside it.
#
#   bash bench/goals.sh                     # RUNS=20; databases kept in $BENCH_DIR
#   RUNS=40 bash bench/goals.sh render demo # only some goals: render demo help validate
#   VITALS_BIN=/path/to/vitals bash bench/goals.sh   # another binary (a baseline), no build
#   TRACE_BIN=…  the binary that traces the render's SQL (VITALS_TRACE_SQL) when VITALS_BIN cannot
# Needs: swift, python3, sqlite3 (apt-get install -y sqlite3); valgrind optional (instructions).
set -euo pipefail
cd "$(dirname "$0")/.."
WORK=${BENCH_DIR:-/tmp/vitals-bench}
RUNS=${RUNS:-20}
AS_OF=2026-11-20
mkdir -p "$WORK"
command -v sqlite3 >/dev/null || { echo "bench/goals.sh: sqlite3 is missing (apt-get install -y sqlite3)" >&2; exit 2; }

if [ -z "${VITALS_BIN:-}" ]; then
  swift build -c release --product vitals >&2
  VITALS_BIN=$PWD/.build/release/vitals
fi
# The start-up floor for the help goal: a Swift program importing Foundation, linked as vitals is.
FLOOR_BIN=$WORK/help-floor
if [ ! -x "$FLOOR_BIN" ] || [ bench/floor/help_floor.swift -nt "$FLOOR_BIN" ]; then
  swiftc -O -static-stdlib -use-ld=lld -Xlinker --no-export-dynamic -Xlinker -z -Xlinker pack-relative-relocs \
    -L"$PWD/Linking/static-libstdc++" \
    bench/floor/help_floor.swift -o "$FLOOR_BIN" 2>/dev/null
fi
[ -f "$WORK/demo.sqlite" ] || "$VITALS_BIN" demo --db "$WORK/demo.sqlite" --as-of "$AS_OF" >/dev/null
if [ ! -f "$WORK/store-10y.sqlite" ]; then
  echo "generating the 10-year database (5 M samples, about a minute) …" >&2
  "$VITALS_BIN" bench-store generate --db "$WORK/store-10y.sqlite" --years 10 2>/dev/null
fi
echo "vitals: $VITALS_BIN; sqlite3 $(sqlite3 --version | cut -d' ' -f1); load average $(cut -d' ' -f1-3 /proc/loadavg); $(nproc) cores"
only=()
[ $# -gt 0 ] && only=(--only "$@")
python3 bench/goals.py --bin "$VITALS_BIN" ${TRACE_BIN:+--trace-bin "$TRACE_BIN"} --floor-bin "$FLOOR_BIN" --work "$WORK" --runs "$RUNS" --as-of "$AS_OF" "${only[@]}"
