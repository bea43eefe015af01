#!/usr/bin/env bash
# Runs the language server's libFuzzer harness for SECONDS (default 300) on one core, from the
# seeds in fuzz/corpus-lsp; new inputs go to fuzz/out/corpus-lsp, crashes to fuzz/out/.
# usage: fuzz/run-lsp.sh [SECONDS]
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_TO_RUN=${1:-300}
fuzz/build-lsp.sh
mkdir -p fuzz/out/corpus-lsp
cp fuzz/corpus-lsp/* fuzz/out/corpus-lsp/
cd fuzz/out
./language-server-fuzzer -max_total_time="$SECONDS_TO_RUN" -max_len=65536 -timeout=10 -rss_limit_mb=2048 \
  -print_final_stats=1 corpus-lsp 2>&1 | tee fuzz-lsp.log | grep -E "^#[0-9]+ +(DONE|pulse)|stat::|ERROR|SUMMARY" || true
