#!/usr/bin/env bash
# Times `vitals import apple-health` (release build) against healthkit-to-sqlite 1.0.1 on the
# same synthetic export, in the same run: records/s and peak memory (/usr/bin/time -v).
#
# usage: bench/import.sh [RECORDS]      (default 500000; a 4x larger file is also timed)
# Needs: python3 (generator, venv for healthkit-to-sqlite), /usr/bin/time (Debian: apt-get install time).
set -euo pipefail
cd "$(dirname "$0")/.."
RECORDS=${1:-500000}
BIG=$((RECORDS * 4))
OUT=bench/out
mkdir -p "$OUT"

[ -x /usr/bin/time ] || { echo "bench/import.sh: /usr/bin/time is missing (apt-get install time)" >&2; exit 2; }

echo "== building vitals (release)" >&2
swift build -c release --product vitals >&2
VITALS=$(swift build -c release --show-bin-path)/vitals

if [ ! -x "$OUT/venv/bin/healthkit-to-sqlite" ]; then
  echo "== installing healthkit-to-sqlite 1.0.1 into $OUT/venv" >&2
  python3 -m venv "$OUT/venv"
  "$OUT/venv/bin/pip" install -q healthkit-to-sqlite==1.0.1
fi

for n in "$RECORDS" "$BIG"; do
  if [ ! -f "$OUT/export-$n.xml" ]; then
    echo "== generating $n records" >&2
    python3 bench/generate_export.py --records "$n" --out "$OUT/export-$n.xml" --zip "$OUT/export-$n.zip" >/dev/null
  fi
  if [ "$n" = "$RECORDS" ] && [ ! -f "$OUT/export-$n-clean.xml" ]; then
    python3 bench/generate_export.py --records "$n" --out "$OUT/export-$n-clean.xml" --clean >/dev/null
  fi
done

# run NAME COMMAND...: runs under /usr/bin/time -v, prints "seconds peak_kB".
run() {
  local name=$1; shift
  /usr/bin/time -v "$@" >"$OUT/$name.stdout" 2>"$OUT/$name.time"
  local wall rss
  wall=$(grep "Elapsed (wall clock)" "$OUT/$name.time" | awk '{print $NF}')
  rss=$(grep "Maximum resident set size" "$OUT/$name.time" | awk '{print $NF}')
  python3 -c "
import sys
parts = [float(p) for p in '$wall'.split(':')]
seconds = sum(p * 60 ** i for i, p in enumerate(reversed(parts)))
print(f'{seconds:.2f} $rss')"
}

row() { # label records seconds kB
  python3 -c "print(f'| $1 | {$2:,} | {$3:.2f} | {$2 / $3:,.0f} | {$4 / 1024:.1f} |')"
}

echo "| run | records | seconds | records/s | peak MB |"
echo "|---|---:|---:|---:|---:|"
for n in "$RECORDS" "$BIG"; do
  xml="$OUT/export-$n.xml"; zip="$OUT/export-$n.zip"
  rm -f "$OUT"/vitals-$n.sqlite*
  read -r s kb < <(run "vitals-$n" "$VITALS" import apple-health "$xml" --db "$OUT/vitals-$n.sqlite" --quiet)
  row "vitals import apple-health export.xml ($n)" "$n" "$s" "$kb"
  read -r s kb < <(run "vitals-rerun-$n" "$VITALS" import apple-health "$xml" --db "$OUT/vitals-$n.sqlite" --quiet)
  row "vitals re-import, nothing new ($n)" "$n" "$s" "$kb"
  rm -f "$OUT"/vitals-zip-$n.sqlite*
  read -r s kb < <(run "vitals-zip-$n" "$VITALS" import apple-health "$zip" --db "$OUT/vitals-zip-$n.sqlite" --quiet)
  row "vitals import apple-health export.zip ($n)" "$n" "$s" "$kb"
  read -r s kb < <(run "vitals-scan-$n" "$VITALS" import apple-health "$xml" --scan-only)
  row "vitals scanner+mapper only, counting sink ($n)" "$n" "$s" "$kb"
  if [ "$n" = "$RECORDS" ]; then
    # healthkit-to-sqlite (expat) stops at the broken DTD; it is timed on the same records
    # written without the two quirks that stop it, and vitals on that file too.
    rm -f "$OUT"/hk-quirky.db*
    if "$OUT/venv/bin/healthkit-to-sqlite" --silent --xml "$xml" "$OUT/hk-quirky.db" 2>"$OUT/hk-quirky.err"; then
      echo "| healthkit-to-sqlite on the quirky export | read it | | | |"
    else
      echo "| healthkit-to-sqlite on the quirky export | fails: $(tail -1 "$OUT/hk-quirky.err" | cut -c1-70) | | | |"
    fi
    clean="$OUT/export-$n-clean.xml"
    rm -f "$OUT"/vitals-clean.sqlite*
    read -r s kb < <(run "vitals-clean" "$VITALS" import apple-health "$clean" --db "$OUT/vitals-clean.sqlite" --quiet)
    row "vitals import apple-health, clean export ($n)" "$n" "$s" "$kb"
    rm -f "$OUT"/hk-clean.db*
    read -r s kb < <(run "hk-clean" "$OUT/venv/bin/healthkit-to-sqlite" --silent --xml "$clean" "$OUT/hk-clean.db")
    row "healthkit-to-sqlite 1.0.1 --xml, clean export ($n)" "$n" "$s" "$kb"
  fi
done
