#!/usr/bin/env bash
# Times `vitals validate` (release build, `--static-swift-stdlib` as installed) on generated
# catalogs of 200 and 2,000 screens (2,000 and 20,000 metrics) against the floor of reading the same files with libyaml:
# bench/floor/yaml_events.c, which runs yaml_parser_parse over every event of every file and
# builds nothing. Runs alternate (vitals, floor, vitals, floor …; with VITALS_BIN_BEFORE set,
# before, vitals, floor …) after one warm-up each, so a change in the machine's load falls on
# every side. Printed: medians of RUNS runs (default 10) of wall time, CPU time (user + system)
# and peak resident size, the ratio of vitals' medians to the floor's, the load average, and
# the goal: CPU time within 3x the floor's, peak under 60 MB; then, where valgrind is installed,
# the instructions each side runs (one count each, the same whatever the load). Where taskset is
# installed, vitals also runs pinned to one core ("1 core"): vitals reads the files on both
# cores and the floor on one, and on a shared VM a process's CPU time grows when both of its
# cores are busy, so the two CPU figures apart show what the parallel read costs.
#
#   bash bench/validate.sh                          # builds the release binary
#   VITALS_BIN=/path/vitals VITALS_BIN_BEFORE=/path/old-vitals RUNS=20 bash bench/validate.sh
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${VITALS_BIN:-}" ]; then
  # As the README's Install section builds it (the Swift runtime linked in): the binary people run.
  swift build -c release -j 1 --static-swift-stdlib --product vitals >/dev/null
  VITALS_BIN="$(swift build -c release -j 1 --static-swift-stdlib --show-bin-path)/vitals"
fi
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
# shellcheck disable=SC2046 # pkg-config prints several words
cc -O2 -o "$WORK/yaml-events" bench/floor/yaml_events.c $(pkg-config --cflags --libs yaml-0.1)
for screens in 200 2000; do python3 bench/gen_catalog.py "$WORK/c$screens" "$screens"; done
python3 - "$VITALS_BIN" "${VITALS_BIN_BEFORE:-}" "$WORK" "${RUNS:-10}" <<'PY'
import os, shutil, subprocess, sys
sys.path.insert(0, "bench")
from measure import Command, instructions, med

binary, before, work, runs = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
floor = f"{work}/yaml-events"
CPU_GOAL, PEAK_GOAL_MB = 3.0, 60

def load():
    return " ".join(f"{x:.2f}" for x in os.getloadavg())

def files_of(catalog):
    """Every YAML file of the catalog, as `vitals validate` reads them."""
    found = []
    for directory, _, names in os.walk(catalog):
        found += [os.path.join(directory, n) for n in names if n.endswith((".yaml", ".yml"))]
    return sorted(found)

print(f"vitals: {binary}" + (f"; before: {before}" if before else ""))
print(f"floor: {floor} (bench/floor/yaml_events.c: yaml_parser_parse over every event)")
print(f"load average at the start: {load()}; {os.cpu_count()} cores")
for screens in (200, 2000):
    catalog = f"{work}/c{screens}"
    files = files_of(catalog)
    summary = subprocess.run([binary, "validate", "--catalog", catalog], capture_output=True,
                             text=True).stdout.strip().splitlines()[-1]
    events = subprocess.run([floor] + files, capture_output=True, text=True, check=True).stdout.strip()
    sides = ([("before", Command([before, "validate", "--catalog", catalog]))] if before else []) + [
        ("vitals", Command([binary, "validate", "--catalog", catalog])),
    ] + ([("1 core", Command(["taskset", "-c", "0", binary, "validate", "--catalog", catalog]))]
         if shutil.which("taskset") else []) + [
        ("floor", Command([floor] + files)),
    ]
    for _, command in sides:
        command.run()   # warm-up (file cache)
    results = {label: [] for label, _ in sides}
    for _ in range(runs):
        for label, command in sides:
            results[label].append(command.run())
    print(f"== validate {screens} screens, {screens * 10} metrics ({summary}; floor: {events})")
    for label, rs in results.items():
        print(f"  {label:<7} median wall {med(rs, 'wall'):.3f} s, cpu {med(rs, 'cpu'):.3f} s, "
              f"peak {med(rs, 'peak_kb') / 1024:.1f} MB (median; max {max(r.peak_kb for r in rs) / 1024:.1f})  "
              f"wall range {min(r.wall for r in rs):.3f}–{max(r.wall for r in rs):.3f} s  ({len(rs)} runs)")
    fr = results["floor"]
    for label, rs in results.items():
        if label == "floor":
            continue
        cpu_ratio = med(rs, "cpu") / med(fr, "cpu")
        wall_ratio = med(rs, "wall") / med(fr, "wall")
        peak = max(r.peak_kb for r in rs) / 1024
        met = cpu_ratio <= CPU_GOAL and peak < PEAK_GOAL_MB
        print(f"  {label} / floor: cpu {cpu_ratio:.2f}x, wall {wall_ratio:.2f}x (ratio of medians); "
              f"goal cpu <= {CPU_GOAL:g}x and peak < {PEAK_GOAL_MB} MB: {'met' if met else 'NOT met'}")
    # Instructions do not depend on the load or on which of the VM's cores a run got (the
    # floor's CPU time alone varies by half between runs minutes apart on a shared host).
    # (The one-core run executes the same instructions as vitals; taskset would be counted.)
    counts = {label: instructions(command.argv) for label, command in sides if label != "1 core"}
    if all(counts.values()):
        line = ", ".join(f"{label} {count / 1e6:,.0f} M" for label, count in counts.items())
        ratios = ", ".join(f"{label} / floor {count / counts['floor']:.2f}x" for label, count in counts.items()
                           if label != "floor")
        print(f"  instructions (valgrind callgrind): {line}; {ratios}")
print(f"load average at the end: {load()}")
PY
