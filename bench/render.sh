#!/usr/bin/env bash
# Render benchmark: whole-process time of `vitals render SCREEN` (release build) for every
# shipped screen, on the demo database and on the ten-year database of bench/store.sh, next to
# the sqlite3 tool running the SQL of the screen's primary chart on the same database.
#
#   bash bench/render.sh              # RUNS=20 per screen; databases kept in $BENCH_DIR
#   RUNS=50 bash bench/render.sh
set -euo pipefail
cd "$(dirname "$0")/.."
WORK=${BENCH_DIR:-/tmp/vitals-bench}
RUNS=${RUNS:-20}
AS_OF=2026-11-20
mkdir -p "$WORK"

swift build -c release --product vitals >&2
BIN=$PWD/.build/release/vitals

demo="$WORK/demo.sqlite"
[ -f "$demo" ] || "$BIN" demo --db "$demo" --as-of "$AS_OF" >/dev/null
tenyear="$WORK/store-10y.sqlite"
[ -f "$tenyear" ] || "$BIN" bench-store generate --db "$tenyear" --years 10 2>/dev/null

# Mean wall time in ms of RUNS runs of a command (after one warm-up run).
mean_ms() {
  "$@" >/dev/null 2>&1 || true
  local s e
  s=$(date +%s%N)
  for _ in $(seq "$RUNS"); do "$@" >/dev/null 2>&1 || true; done
  e=$(date +%s%N)
  awk -v t=$(( e - s )) -v r="$RUNS" 'BEGIN { printf "%.1f", t / r / 1e6 }'
}

echo "== fixed costs, mean of $RUNS runs, ms (whole process) =="
echo "vitals --version (process start):        $(mean_ms "$BIN" --version)"
echo "vitals tree (start + catalog load/check): $(mean_ms "$BIN" tree)"
echo "sqlite3 (start, open, SELECT 1):          $(mean_ms sqlite3 "$demo" "SELECT 1")"

screens=$("$BIN" tree --format json | python3 -c 'import json,sys; print(" ".join(s["id"] for p in json.load(sys.stdin)["pillars"] for s in p["screens"]))')
for db in "$demo" "$tenyear"; do
  sqldir="$WORK/screen-sql-$(basename "$db" .sqlite)"
  mkdir -p "$sqldir"
  "$BIN" bench-store screen-sql --sql-dir "$sqldir" --as-of "$AS_OF"
  echo
  echo "== $(basename "$db"): $(du -m "$db" | cut -f1) MB, mean of $RUNS runs per screen, ms (whole process) =="
  printf '%-22s %8s %8s %8s\n' screen render children sqlite3
  worst=0; total=0; n=0
  for id in $screens; do
    alias=$(echo "${id#SCREEN_}" | tr 'A-Z' 'a-z')
    r=$(mean_ms "$BIN" render "$id" --db "$db" --as-of "$AS_OF" --width 80 --color never)
    c=$(mean_ms "$BIN" render "$id" --children --db "$db" --as-of "$AS_OF" --width 80 --color never)
    q="-"
    [ -f "$sqldir/$alias.sql" ] && q=$(mean_ms sh -c "sqlite3 '$db' < '$sqldir/$alias.sql'")
    printf '%-22s %8s %8s %8s\n' "$alias" "$r" "$c" "$q"
    total=$(awk -v a="$total" -v b="$r" 'BEGIN { print a + b }'); n=$((n + 1))
    worst=$(awk -v a="$worst" -v b="$r" 'BEGIN { print (b > a) ? b : a }')
  done
  awk -v t="$total" -v n="$n" -v w="$worst" 'BEGIN { printf "mean %.1f ms per screen, slowest %.1f ms\n", t / n, w }'
  all=$(mean_ms "$BIN" render --all --db "$db" --as-of "$AS_OF" --width 80 --color never)
  echo "render --all ($n screens, one process): $all ms"
done
