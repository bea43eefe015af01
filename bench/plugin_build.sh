#!/usr/bin/env bash
# A plug-in's cold build: `swift build` of Examples/WaterPlugin (its own `vitals-water` with a
# screen module, two chart kinds, a rule, an importer, an output format and a store backend:
# Vitals, GRDB, ArgumentParser and ZIPFoundation compiled from nothing) into a new scratch
# directory each time, and `swift build --target WaterScreen` (a plug-in that ships only a
# screen module: VitalsKit and nothing above it). With BEFORE naming a checkout of an earlier
# Vitals, its WaterPlugin is built too, the two alternating (before, after, before, after …),
# so a change of the machine's load falls on both. Prints wall and CPU time (user + system of
# every compiler and linker process) per build, medians, the ratio and the load average.
#
#   bash bench/plugin_build.sh                                  # RUNS=2 of each
#   git worktree add /tmp/vitals-before c7835ea
#   BEFORE=/tmp/vitals-before RUNS=2 bash bench/plugin_build.sh
#
# Each build runs with `-j 2` (this machine's cores; SwiftPM's default is the core count).
set -euo pipefail
cd "$(dirname "$0")/.."
python3 - "$PWD" "${BEFORE:-}" "${RUNS:-2}" <<'PY'
import os, shutil, subprocess, sys, tempfile
sys.path.insert(0, "bench")
from measure import Command, med

after, before, runs = sys.argv[1], sys.argv[2], int(sys.argv[3])

def load():
    return " ".join(f"{x:.2f}" for x in os.getloadavg())

def commit(repo):
    return subprocess.run(["git", "-C", repo, "rev-parse", "--short", "HEAD"], capture_output=True,
                          text=True).stdout.strip() or "?"

def cold(repo, *extra):
    """One cold build of the repository's Examples/WaterPlugin; returns the Run."""
    scratch = tempfile.mkdtemp(prefix="vitals-plugin-build-")
    try:
        command = Command(["swift", "build", "-j", "2", "--package-path", f"{repo}/Examples/WaterPlugin",
                           "--scratch-path", scratch, *extra])
        run = command.run()
        if not os.path.exists(os.path.join(scratch, "build.db")):
            sys.exit(f"the build in {repo} did not run")
        return run
    finally:
        shutil.rmtree(scratch, ignore_errors=True)

screen_only = ("--target", "WaterScreen")
sides = ([("before", before, ()), ("before, screen only", before, screen_only)] if before else []) + [
    ("after", after, ()),
    ("screen only", after, screen_only),
]
print(f"after: {after} ({commit(after)})" + (f"; before: {before} ({commit(before)})" if before else ""))
print(f"{os.cpu_count()} cores; load average at the start: {load()}")
results = {label: [] for label, _, _ in sides}
for index in range(runs):
    for label, repo, extra in sides:
        run = cold(repo, *extra)
        results[label].append(run)
        print(f"  run {index + 1} {label:<20} wall {run.wall:6.1f} s  cpu {run.cpu:6.1f} s  (load {load()})",
              flush=True)
print("medians:")
for label, rs in results.items():
    print(f"  {label:<20} wall {med(rs, 'wall'):6.1f} s  cpu {med(rs, 'cpu'):6.1f} s  ({len(rs)} runs)")
if before:
    b, a = results["before"], results["after"]
    print(f"  after / before: wall {med(a, 'wall') / med(b, 'wall'):.2f}x, cpu {med(a, 'cpu') / med(b, 'cpu'):.2f}x")
print(f"load average at the end: {load()}")
PY
