#!/usr/bin/env bash
# Times `vitals import apple-health` on generated bombs (bench/bombs.py): wall time, CPU and
# peak memory (/usr/bin/time -v) per bomb, zipped, and the exit code and message.
#
# usage: bench/bombs.sh            (VITALS_BIN=path to time another binary; default: release build)
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=bench/out/bombs
mkdir -p "$OUT"
[ -x /usr/bin/time ] || { echo "bench/bombs.sh: /usr/bin/time is missing (apt-get install time)" >&2; exit 2; }
if [ -n "${VITALS_BIN:-}" ]; then
  VITALS=$VITALS_BIN
else
  swift build -c release --product vitals >&2
  VITALS=$(swift build -c release --show-bin-path)/vitals
fi
echo "| bomb | zip | exit | wall s | CPU s | max RSS MB | message |"
echo "|---|---|---|---|---|---|---|"
for spec in "metadata 300000" "depth 1000000" "attributes 500000" "beats 1000000" "types 200000"; do
  set -- $spec
  xml="$OUT/$1.xml" zip="$OUT/$1.zip" db="$OUT/$1.sqlite"
  [ -f "$zip" ] || python3 bench/bombs.py "$1" "$2" "$xml" --zip "$zip"
  rm -f "$db" "$db-wal" "$db-shm" "$db-journal"
  status=0
  /usr/bin/time -v timeout 600 "$VITALS" import apple-health "$zip" --db "$db" --quiet \
    >/dev/null 2>"$OUT/$1.time" || status=$?
  wall=$(grep "Elapsed (wall clock)" "$OUT/$1.time" | awk '{print $NF}')
  cpu=$(awk '/User time|System time/ {s += $NF} END {printf "%.2f", s}' "$OUT/$1.time")
  rss=$(awk '/Maximum resident set size/ {printf "%.1f", $NF / 1024}' "$OUT/$1.time")
  message=$(grep "^vitals: error" "$OUT/$1.time" | cut -c1-110 || true)
  echo "| $1 $2 | $(du -k "$zip" | cut -f1) KB | $status | $wall | $cpu | $rss | ${message:-} |"
done
