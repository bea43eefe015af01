#!/usr/bin/env bash
# Times `vitals validate` (release build) on generated catalogs of 200 and 2,000 screens
# (2,000 and 20,000 metrics): medians of RUNS whole-process runs (default 10) of wall time, CPU
# time (user + system) and peak resident size, the load average beside them, and the goal of
# issue 28 for the large catalog (< 0.3 s wall, < 40 MB). With VITALS_BIN_BEFORE set, that
# binary and this one run alternately (A B A B) on the same catalogs and both are printed.
#
#   bash bench/validate.sh                          # builds the release binary
#   VITALS_BIN=/path/vitals VITALS_BIN_BEFORE=/path/old-vitals RUNS=20 bash bench/validate.sh
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${VITALS_BIN:-}" ]; then
  swift build -c release --product vitals >/dev/null
  VITALS_BIN="$(swift build -c release --show-bin-path)/vitals"
fi
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
for screens in 200 2000; do python3 bench/gen_catalog.py "$WORK/c$screens" "$screens"; done
python3 - "$VITALS_BIN" "${VITALS_BIN_BEFORE:-}" "$WORK" "${RUNS:-10}" <<'PY'
import os, subprocess, sys
sys.path.insert(0, "bench")
from measure import Command, alternate, med

binary, before, work, runs = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
print(f"vitals: {binary}" + (f"; before: {before}" if before else ""))
print(f"load average at the start: {' '.join(f'{x:.2f}' for x in os.getloadavg())}; {os.cpu_count()} cores")
for screens in (200, 2000):
    catalog = f"{work}/c{screens}"
    summary = subprocess.run([binary, "validate", "--catalog", catalog], capture_output=True, text=True).stdout.strip().splitlines()[-1]
    after_cmd = Command([binary, "validate", "--catalog", catalog])
    if before:
        rb, ra = alternate(Command([before, "validate", "--catalog", catalog]), after_cmd, runs)
        sides = [("before", rb), ("after", ra)]
    else:
        after_cmd.run()   # warm-up (file cache)
        ra = [after_cmd.run() for _ in range(runs)]
        sides = [("vitals", ra)]
    print(f"== validate {screens} screens, {screens * 10} metrics ({summary})")
    for label, rs in sides:
        print(f"  {label:<7} median wall {med(rs, 'wall'):.3f} s, cpu {med(rs, 'cpu'):.3f} s, "
              f"peak {med(rs, 'peak_kb') / 1024:.1f} MB (median; max {max(r.peak_kb for r in rs) / 1024:.1f})  "
              f"wall range {min(r.wall for r in rs):.3f}–{max(r.wall for r in rs):.3f} s  ({len(rs)} runs)")
    if screens == 2000:
        wall, peak = med(ra, "wall"), med(ra, "peak_kb") / 1024
        met = wall < 0.3 and peak < 40
        print(f"  goal < 0.3 s wall and < 40 MB: {'met' if met else 'NOT met'} "
              f"(wall {'met' if wall < 0.3 else 'missed'}, memory {'met' if peak < 40 else 'missed'})")
print(f"load average at the end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
PY
