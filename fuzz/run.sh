#!/usr/bin/env bash
# Runs the libFuzzer harness for SECONDS (default 300) on one core, from the seeds in
# fuzz/corpus plus a zip of each; new inputs go to fuzz/out/corpus, crashes to fuzz/out/.
# usage: fuzz/run.sh [SECONDS]       (ZIP=0 fuzz/run.sh to fuzz the XML parser alone)
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_TO_RUN=${1:-300}
ZIP=${ZIP:-1} fuzz/build.sh
mkdir -p fuzz/out/corpus
cp fuzz/corpus/* fuzz/out/corpus/
for xml in fuzz/corpus/*.xml; do
  python3 - "$xml" "fuzz/out/corpus/$(basename "$xml" .xml).zip" <<'PY'
import sys, zipfile
with zipfile.ZipFile(sys.argv[2], "w", zipfile.ZIP_DEFLATED) as z:
    z.write(sys.argv[1], "apple_health_export/export.xml")
PY
done
cd fuzz/out
./health-export-fuzzer -max_total_time="$SECONDS_TO_RUN" -max_len=65536 -timeout=10 -rss_limit_mb=2048 \
  -print_final_stats=1 corpus 2>&1 | tee fuzz.log | grep -E "^#[0-9]+ +(DONE|pulse)|stat::|ERROR|SUMMARY" || true
