#!/usr/bin/env bash
# Times `vitals import FILE` for each importer of the seam on a generated export, against the
# floor: sqlite3's own `.import` of the same rows (CSV of the store's sample table, into a file
# with the same schema and indexes), in the same run. Prints samples/s and peak memory
# (/usr/bin/time -v), best of REPEAT runs, alternating vitals and the floor.
#
# usage: bench/importers.sh [DAYS]     (default 365; Health Connect writes ~1,900 samples a day)
# Needs: python3, sqlite3, /usr/bin/time; VITALS_BIN for a built binary (else a release build).
set -euo pipefail
cd "$(dirname "$0")/.."
DAYS=${1:-365}
REPEAT=${REPEAT:-3}
OUT=bench/out/importers
mkdir -p "$OUT"
[ -x /usr/bin/time ] || { echo "bench/importers.sh: /usr/bin/time is missing (apt-get install time)" >&2; exit 2; }
if [ -n "${VITALS_BIN:-}" ]; then VITALS=$VITALS_BIN; else
  swift build -c release --product vitals >&2
  VITALS=$(swift build -c release --show-bin-path)/vitals
fi
G=Tests/Fixtures/Generators
python3 $G/health_connect_export.py --days "$DAYS" --out "$OUT/hc.zip" --heart-per-day 1440
python3 $G/vendor_exports.py withings --days "$DAYS" --out "$OUT/withings.zip" --expect "$OUT/w.json"
python3 $G/vendor_exports.py cronometer --days "$DAYS" --out "$OUT/servings.csv" --summary "$OUT/dailysummary.csv" --expect "$OUT/c.json"
python3 $G/vendor_exports.py health-auto-export --days "$DAYS" --out "$OUT/hae.json" --expect "$OUT/h.json"
python3 $G/vendor_exports.py health-auto-export-csv --days "$DAYS" --out "$OUT/hae.csv" --expect "$OUT/hcsv.json"

# run NAME COMMAND...: "seconds cpu_seconds peak_kB" of one run under /usr/bin/time -v.
run() {
  local name=$1; shift
  /usr/bin/time -v "$@" >"$OUT/$name.stdout" 2>"$OUT/$name.time" || { tail -3 "$OUT/$name.time" >&2; return 1; }
  python3 - "$OUT/$name.time" <<'PY'
import sys
t = {l.split(":", 1)[0].strip(): l.rsplit(":", 1)[-1].strip() for l in open(sys.argv[1]) if ":" in l}
wall = open(sys.argv[1]).read().split("Elapsed (wall clock) time (h:mm:ss or m:ss):")[1].split()[0]
seconds = sum(float(p) * 60 ** i for i, p in enumerate(reversed(wall.split(":"))))
cpu = float(t["User time (seconds)"]) + float(t["System time (seconds)"])
print(f"{seconds:.3f} {cpu:.3f} {t['Maximum resident set size (kbytes)']}")
PY
}

echo "| import | samples | vitals s (cpu) | floor s (cpu) | vitals / floor | samples/s | peak MB |"
echo "|---|---:|---:|---:|---:|---:|---:|"
for file in hc.zip withings.zip servings.csv hae.json hae.csv; do
  db="$OUT/$file.sqlite"; floor="$OUT/$file.floor.sqlite"
  best_v=""; best_f=""
  for _ in $(seq "$REPEAT"); do
    rm -f "$db" "$db-wal" "$db-shm"
    read -r s c kb < <(run vitals "$VITALS" import "$OUT/$file" --db "$db")
    [ -z "$best_v" ] || [ "$(python3 -c "print($s < ${best_v%% *})")" = True ] && best_v="$s $c $kb"
    if [ ! -f "$OUT/$file.csv" ]; then
      sqlite3 "$db" "SELECT sql || ';' FROM sqlite_master WHERE type IN ('table', 'index') AND sql IS NOT NULL
                     AND name NOT LIKE 'sqlite_%' ORDER BY type = 'index', rowid" > "$OUT/$file.schema.sql"
      sqlite3 -csv "$db" "SELECT * FROM sample" > "$OUT/$file.csv"
    fi
    rm -f "$floor"; sqlite3 "$floor" 'PRAGMA page_size = 16384' ".read $OUT/$file.schema.sql"
    read -r fs fc fkb < <(run floor sqlite3 "$floor" ".mode csv" ".import $OUT/$file.csv sample")
    [ -z "$best_f" ] || [ "$(python3 -c "print($fs < ${best_f%% *})")" = True ] && best_f="$fs $fc $fkb"
  done
  rows=$(wc -l < "$OUT/$file.csv")
  read -r s c kb <<<"$best_v"; read -r fs fc fkb <<<"$best_f"
  python3 -c "print(f'| {\"$file\"} | {$rows:,} | {$s:.2f} ({$c:.2f}) | {$fs:.2f} ({$fc:.2f}) | {$s / $fs:.1f} | {$rows / $s:,.0f} | {$kb / 1024:.1f} |')"
done
