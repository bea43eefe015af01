#!/usr/bin/env bash
# Times `vitals import apple-health` (release build) against healthkit-to-sqlite 1.0.1 on the
# same synthetic export, in the same run: records/s and peak memory (/usr/bin/time -v).
#
# usage: bench/import.sh [RECORDS]      (default 500000; a 4x larger file is also timed)
#        QUICK=1 bench/import.sh          (only vitals' fresh import of RECORDS, for trying changes)
# Needs: python3 (generator, venv for healthkit-to-sqlite), /usr/bin/time (Debian: apt-get install time),
# sqlite3 (apt-get install sqlite3) for the floor: sqlite3 .import of the same rows as CSV.
set -euo pipefail
cd "$(dirname "$0")/.."
RECORDS=${1:-500000}
BIG=$((RECORDS * 4))
OUT=bench/out
mkdir -p "$OUT"

[ -x /usr/bin/time ] || { echo "bench/import.sh: /usr/bin/time is missing (apt-get install time)" >&2; exit 2; }

if [ -n "${VITALS_BIN:-}" ]; then   # another binary (a baseline), no build
  VITALS=$VITALS_BIN
else
  echo "== building vitals (release)" >&2
  swift build -c release --product vitals >&2
  VITALS=$(swift build -c release --show-bin-path)/vitals
fi

quick=${QUICK:-0}
if [ "$quick" != 1 ] && [ ! -x "$OUT/venv/bin/healthkit-to-sqlite" ]; then
  echo "== installing healthkit-to-sqlite 1.0.1 into $OUT/venv" >&2
  python3 -m venv "$OUT/venv"
  "$OUT/venv/bin/pip" install -q healthkit-to-sqlite==1.0.1
fi

sizes="$RECORDS $BIG"
[ "$quick" = 1 ] && sizes=$RECORDS   # QUICK=1 needs only the RECORDS export.xml
for n in $sizes; do
  if [ ! -f "$OUT/export-$n.xml" ]; then
    echo "== generating $n records" >&2
    python3 bench/generate_export.py --records "$n" --out "$OUT/export-$n.xml" --zip "$OUT/export-$n.zip" >/dev/null
  fi
  if [ "$quick" != 1 ] && [ "$n" = "$RECORDS" ] && [ ! -f "$OUT/export-$n-clean.xml" ]; then
    python3 bench/generate_export.py --records "$n" --out "$OUT/export-$n-clean.xml" --clean >/dev/null
  fi
done

# best N NAME SETUP COMMAND...: runs COMMAND N times under /usr/bin/time -v (SETUP before each,
# e.g. removing the database), prints "best_seconds peak_kB" (the fastest run, the largest peak).
best() {
  local n=$1 name=$2 setup=$3; shift 3
  local runs=() peak=0
  for _ in $(seq "$n"); do
    eval "$setup"
    /usr/bin/time -v "$@" >"$OUT/$name.stdout" 2>"$OUT/$name.time" || { tail -3 "$OUT/$name.time" >&2; return 1; }
    local wall rss
    wall=$(grep "Elapsed (wall clock)" "$OUT/$name.time" | awk '{print $NF}')
    rss=$(grep "Maximum resident set size" "$OUT/$name.time" | awk '{print $NF}')
    runs+=("$wall")
    [ "$rss" -gt "$peak" ] && peak=$rss
  done
  python3 -c "
runs = '${runs[*]}'.split()
def seconds(text):
    parts = [float(p) for p in text.split(':')]
    return sum(p * 60 ** i for i, p in enumerate(reversed(parts)))
print(f'{min(seconds(r) for r in runs):.2f} $peak')"
}

row() { # label records seconds kB
  python3 -c "print(f'| $1 | {$2:,} | {$3:.2f} | {$2 / $3:,.0f} | {$4 / 1024:.1f} |')"
}

REPEAT=${REPEAT:-3}

# floor DB: the import's floor — sqlite3's own bulk path (.import of the same rows as CSV) into
# an empty file with DB's schema and indexes (its triggers left out, as vitals' import leaves
# them out), 16 KiB pages, one transaction. Prints "best_seconds peak_kB rows" (best of REPEAT).
floor() {
  local db=$1 dir="$OUT/floor" rows result
  rm -rf "$dir"; mkdir -p "$dir"
  sqlite3 "$db" "SELECT sql || ';' FROM sqlite_master WHERE type IN ('table', 'index') AND sql IS NOT NULL
                 AND name NOT LIKE 'sqlite_%' ORDER BY type = 'index', rowid" > "$dir/schema.sql"
  sqlite3 -csv "$db" "SELECT * FROM sample_origin" > "$dir/sample_origin.csv"
  sqlite3 -csv "$db" "SELECT * FROM sample" > "$dir/sample.csv"
  rows=$(wc -l < "$dir/sample.csv")
  best "$REPEAT" floor \
    "rm -f $dir/floor.db; sqlite3 $dir/floor.db 'PRAGMA page_size = 16384' '.read $dir/schema.sql'" \
    sqlite3 "$dir/floor.db" ".mode csv" ".import $dir/sample_origin.csv sample_origin" ".import $dir/sample.csv sample" \
    > "$dir/result"
  result=$(cat "$dir/result")
  echo "$result $rows"
}

if [ "${QUICK:-0}" = 1 ]; then
  # QUICK=1: only the fresh import of the RECORDS export (best of REPEAT), against the
  # healthkit-to-sqlite rate of the last full run (HK_RATE, records/s) — for trying changes.
  xml="$OUT/export-$RECORDS.xml"; db="$OUT/vitals-$RECORDS.sqlite"
  read -r s kb < <(best "$REPEAT" "vitals-$RECORDS" "rm -f $db $db-wal $db-shm" "$VITALS" import apple-health "$xml" --db "$db" --quiet)
  python3 -c "r = $RECORDS / $s; print(f'quick: {$RECORDS:,} records in {$s:.2f} s (best of $REPEAT) = {r:,.0f} records/s, {r / ${HK_RATE:-15427}:.1f}x healthkit-to-sqlite, peak {$kb / 1024:.1f} MB')"
  floor "$db" > "$OUT/floor.out"; read -r fs fkb rows < "$OUT/floor.out"
  python3 -c "print(f'floor: sqlite3 .import of the same {$rows:,} rows as CSV, same schema and indexes: {$fs:.2f} s (best of $REPEAT), peak {$fkb / 1024:.1f} MB; vitals / floor = {$s / $fs:.2f}')"
  exit 0
fi

echo "Best of $REPEAT runs for vitals, best of ${HK_REPEAT:-2} for healthkit-to-sqlite; peak = largest of the runs."
echo
echo "| run | records | seconds | records/s | peak MB |"
echo "|---|---:|---:|---:|---:|"
for n in "$RECORDS" "$BIG"; do
  xml="$OUT/export-$n.xml"; zip="$OUT/export-$n.zip"; db="$OUT/vitals-$n.sqlite"
  read -r s kb < <(best "$REPEAT" "vitals-$n" "rm -f $db $db-wal $db-shm" "$VITALS" import apple-health "$xml" --db "$db" --quiet)
  row "vitals import apple-health export.xml ($n)" "$n" "$s" "$kb"
  floor "$db" > "$OUT/floor.out"; read -r fs fkb rows < "$OUT/floor.out"
  row "floor: sqlite3 .import of the same $rows rows as CSV, same schema and indexes" "$n" "$fs" "$fkb"
  read -r s kb < <(best "$REPEAT" "vitals-rerun-$n" ":" "$VITALS" import apple-health "$xml" --db "$db" --quiet)
  row "vitals re-import, nothing new ($n)" "$n" "$s" "$kb"
  read -r s kb < <(best "$REPEAT" "vitals-zip-$n" "rm -f $db $db-wal $db-shm" "$VITALS" import apple-health "$zip" --db "$db" --quiet)
  row "vitals import apple-health export.zip ($n)" "$n" "$s" "$kb"
  read -r s kb < <(best "$REPEAT" "vitals-scan-$n" ":" "$VITALS" import apple-health "$xml" --scan-only)
  row "vitals scanner+mapper only, counting sink ($n)" "$n" "$s" "$kb"
  if [ "$n" = "$RECORDS" ]; then
    # healthkit-to-sqlite stops at the quirks (expat rejects the broken DTD and U+000B; meal/Meal
    # make duplicate SQLite columns); it is timed on the same records written without them,
    # and vitals on that file too.
    rm -f "$OUT"/hk-quirky.db*
    if "$OUT/venv/bin/healthkit-to-sqlite" --silent --xml "$xml" "$OUT/hk-quirky.db" 2>"$OUT/hk-quirky.err"; then
      echo "| healthkit-to-sqlite on the quirky export | read it | | | |"
    else
      echo "| healthkit-to-sqlite on the quirky export | fails: $(tail -1 "$OUT/hk-quirky.err" | cut -c1-70) | | | |"
    fi
    clean="$OUT/export-$n-clean.xml"; cdb="$OUT/vitals-clean.sqlite"; hdb="$OUT/hk-clean.db"
    read -r s kb < <(best "$REPEAT" "vitals-clean" "rm -f $cdb $cdb-wal $cdb-shm" "$VITALS" import apple-health "$clean" --db "$cdb" --quiet)
    row "vitals import apple-health, clean export ($n)" "$n" "$s" "$kb"
    read -r s kb < <(best "${HK_REPEAT:-2}" "hk-clean" "rm -f $hdb" "$OUT/venv/bin/healthkit-to-sqlite" --silent --xml "$clean" "$hdb")
    row "healthkit-to-sqlite 1.0.1 --xml, clean export ($n)" "$n" "$s" "$kb"
  fi
done
