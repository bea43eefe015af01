#!/usr/bin/env bash
# Bounded memory on a big export: generates an Apple Health export.xml of about APPLE_MB and a
# Health Connect database of about HC_MB, imports each once with `vitals import FILE` under
# /usr/bin/time -v, and prints the export's size, the rows stored, wall and CPU time and the
# peak resident memory. Exits 1 when a peak is over BOUND_MB (default 100), 2 when it cannot run.
#
# usage: bench/import_memory.sh [APPLE_MB] [HC_MB]     (default 1024 1024)
# Needs: python3, sqlite3, /usr/bin/time (apt-get install time). VITALS_BIN names the binary
# measured (default .build/debug/vitals: say which build the numbers are of).
# The files are written to $OUT (default bench/out/import_memory) and removed after, unless KEEP=1.
set -euo pipefail
cd "$(dirname "$0")/.."
APPLE_MB=${1:-1024}
HC_MB=${2:-1024}
BOUND_MB=${BOUND_MB:-100}
OUT=${OUT:-bench/out/import_memory}
VITALS=${VITALS_BIN:-.build/debug/vitals}
G=Tests/Fixtures/Generators
for tool in python3 sqlite3; do
  command -v "$tool" >/dev/null || { echo "bench/import_memory.sh: $tool is missing" >&2; exit 2; }
done
[ -x /usr/bin/time ] || { echo "bench/import_memory.sh: /usr/bin/time is missing (apt-get install time)" >&2; exit 2; }
[ -x "$VITALS" ] || { echo "bench/import_memory.sh: no binary at $VITALS (swift build, or set VITALS_BIN)" >&2; exit 2; }
mkdir -p "$OUT"
[ "${KEEP:-0}" = 1 ] || trap 'rm -rf "$OUT"' EXIT
# No settings file, no cache of the person's: only the --db named here is written.
export XDG_CONFIG_HOME="$OUT/config" XDG_CACHE_HOME="$OUT/cache"

size() { stat -c %s "$1"; }

# Apple Health: records scaled from a small sample of the same generator (same seed).
python3 bench/generate_export.py --records 20000 --out "$OUT/probe.xml" >/dev/null
records=$(python3 -c "print(int($APPLE_MB * 1048576 * 20000 / $(size "$OUT/probe.xml")))")
rm -f "$OUT/probe.xml"
python3 bench/generate_export.py --records "$records" --out "$OUT/export.xml" >/dev/null

# Health Connect: a heart-rate sample every 10 s, days scaled from a 10-day sample.
python3 $G/health_connect_export.py --days 10 --heart-per-day 8640 --db-only --out "$OUT/probe.db"
days=$(python3 -c "print(max(1, int($HC_MB * 1048576 * 10 / $(size "$OUT/probe.db"))))")
rm -f "$OUT/probe.db"
python3 $G/health_connect_export.py --days "$days" --heart-per-day 8640 --db-only --out "$OUT/health_connect_export.db"

echo "binary: $VITALS; bound: $BOUND_MB MB peak RSS; load: $(uptime | sed 's/.*load average: //')"
echo "| import | export MB | rows stored | wall s | cpu s | max RSS MB | under bound |"
echo "|---|---:|---:|---:|---:|---:|---|"
status=0
for file in export.xml health_connect_export.db; do
  db="$OUT/$file.sqlite"
  rm -f "$db" "$db-wal" "$db-shm"
  if ! /usr/bin/time -v "$VITALS" import "$OUT/$file" --db "$db" >"$OUT/$file.stdout" 2>"$OUT/$file.time"; then
    echo "bench/import_memory.sh: vitals import $file failed:" >&2
    tail -5 "$OUT/$file.time" >&2
    exit 2
  fi
  rows=$(sqlite3 "$db" "SELECT count(*) FROM sample")
  line=$(python3 - "$OUT/$file.time" "$(size "$OUT/$file")" "$rows" "$BOUND_MB" "$file" <<'PY'
import sys
path, size, rows, bound, name = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), float(sys.argv[4]), sys.argv[5]
text = open(path).read()
t = {l.split(":", 1)[0].strip(): l.rsplit(":", 1)[-1].strip() for l in text.splitlines() if ":" in l}
wall = text.split("Elapsed (wall clock) time (h:mm:ss or m:ss):")[1].split()[0]
seconds = sum(float(p) * 60 ** i for i, p in enumerate(reversed(wall.split(":"))))
cpu = float(t["User time (seconds)"]) + float(t["System time (seconds)"])
peak = int(t["Maximum resident set size (kbytes)"]) / 1024
ok = peak < bound
print(f"| {name} | {size / 1048576:,.0f} | {rows:,} | {seconds:.1f} | {cpu:.1f} | {peak:.1f} | {'yes' if ok else 'NO'} |")
PY
)
  echo "$line"
  case "$line" in *"| NO |") status=1 ;; esac
  rm -f "$db" "$db-wal" "$db-shm"
done
[ "$status" = 0 ] || echo "bench/import_memory.sh: a peak RSS is over $BOUND_MB MB" >&2
exit "$status"
