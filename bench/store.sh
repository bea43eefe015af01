#!/usr/bin/env bash
# Store benchmark: builds a small (1 year, ~0.5 M samples) and a large (10 years, ~5 M samples)
# database with `vitals bench-store generate`, then times the SQL behind three charts inside the
# release binary (`vitals bench-store query`) and the same SQL in the sqlite3 command-line tool.
#
#   bash bench/store.sh            # databases are kept in $BENCH_DIR (default /tmp/vitals-bench)
#   RUNS=100 bash bench/store.sh
set -euo pipefail
cd "$(dirname "$0")/.."
WORK=${BENCH_DIR:-/tmp/vitals-bench}
RUNS=${RUNS:-50}
mkdir -p "$WORK"

swift build -c release --product vitals >&2
BIN=.build/release/vitals

for years in 1 10; do
  db="$WORK/store-${years}y.sqlite"
  if [ ! -f "$db" ]; then
    echo "generating $db …" >&2
    "$BIN" bench-store generate --db "$db" --years "$years" 2>/dev/null
  fi
  echo
  echo "== ${years}-year database: $(du -m "$db" | cut -f1) MB =="
  sqldir="$WORK/sql-${years}y"
  mkdir -p "$sqldir"
  echo "-- vitals (release, in process, fetchBuckets incl. Swift bucketing; $RUNS runs)"
  "$BIN" bench-store query --db "$db" --runs "$RUNS" --sql-dir "$sqldir"
  echo "-- sqlite3 $(sqlite3 --version | cut -d' ' -f1) CLI, same SQL: mean of $RUNS runs in one session (wall time minus an empty session)"
  base=$( { s=$(date +%s%N); echo "" | sqlite3 "$db" >/dev/null; e=$(date +%s%N); echo $(( e - s )); } )
  for sql in "$sqldir"/q*.sql; do
    script=$( { echo ".output /dev/null"; for _ in $(seq "$RUNS"); do cat "$sql"; done; } )
    echo "$script" | sqlite3 "$db" >/dev/null   # warm the page cache
    s=$(date +%s%N); echo "$script" | sqlite3 "$db" >/dev/null; e=$(date +%s%N)
    awk -v n="$(basename "$sql" .sql)" -v t=$(( e - s - base )) -v r="$RUNS" 'BEGIN { printf "%-8s mean %7.3f ms\n", n, t / r / 1e6 }'
  done
done
