#!/usr/bin/env bash
# Start-up of vitals (--help, --version, render protein on the embedded demo) against
# sqlite3 --version, and against a baseline vitals when BASE_BIN names one; all in one run,
# alternating, CPU beside wall (bench/startup.py).
#
#   bash bench/startup.sh                               # builds the release vitals; RUNS=20
#   BASE_BIN=/path/to/main/vitals bash bench/startup.sh # and compares with that binary
#   VITALS_BIN=/path/to/vitals bash bench/startup.sh    # another binary, no build
# Needs: swift, python3, sqlite3 (apt-get install -y sqlite3); valgrind optional (instructions).
set -euo pipefail
cd "$(dirname "$0")/.."
WORK=${BENCH_DIR:-/tmp/vitals-bench-startup}
mkdir -p "$WORK"
command -v sqlite3 >/dev/null || { echo "bench/startup.sh: sqlite3 is missing (apt-get install -y sqlite3)" >&2; exit 2; }
if [ -z "${VITALS_BIN:-}" ]; then
  swift build -c release --static-swift-stdlib --traits PostgreSQL --product vitals >&2
  VITALS_BIN=$PWD/.build/release/vitals
fi
echo "vitals: $VITALS_BIN${BASE_BIN:+; baseline: $BASE_BIN}; sqlite3 $(sqlite3 --version | cut -d' ' -f1); load average $(cut -d' ' -f1-3 /proc/loadavg); $(nproc) cores"
python3 bench/startup.py --bin "$VITALS_BIN" ${BASE_BIN:+--base "$BASE_BIN"} --work "$WORK" --runs "${RUNS:-20}"
