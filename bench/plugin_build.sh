#!/usr/bin/env bash
# A plug-in's cold build: `swift build` of Examples/WaterPlugin (its own `vitals-water` with a
# screen module, two chart kinds, a rule, an importer, an output format and a store backend:
# Vitals, GRDB, ArgumentParser and ZIPFoundation compiled from nothing) into a new scratch
# directory each time, and `swift build --target WaterScreen` (a plug-in that ships only a
# screen module: VitalsKit and nothing above it). With BEFORE naming a checkout of an earlier
# Vitals, its WaterPlugin is built too, and so is "the same plug-in": this checkout's WaterPlugin
# cut down to what the earlier one holds (its targets that the earlier Package.swift names, and
# a `vitals-water` that registers only those), so the two sides compile the same plug-in on
# their own Vitals, and so is the earlier WaterScreen alone (there VitalsKit was the whole
# application, GRDB and ZIPFoundation included). Sides alternate (before, after, the same
# plug-in, screen only before, screen only, before …), so
# a change of the machine's load falls on all. Prints wall and CPU time (user + system of every
# compiler and linker process) per build, medians, the ratios and the load average.
#
#   bash bench/plugin_build.sh                                  # RUNS=2 of each
#   git worktree add /tmp/vitals-before c7835ea
#   BEFORE=/tmp/vitals-before RUNS=2 bash bench/plugin_build.sh
#
# Each build runs with `-j 2` (this machine's cores; SwiftPM's default is the core count).
set -euo pipefail
cd "$(dirname "$0")/.."
python3 - "$PWD" "${BEFORE:-}" "${RUNS:-2}" <<'PY'
import os, re, shutil, subprocess, sys, tempfile
sys.path.insert(0, "bench")
from measure import Command, med

after, before, runs = sys.argv[1], sys.argv[2], int(sys.argv[3])

def load():
    return " ".join(f"{x:.2f}" for x in os.getloadavg())

def commit(repo):
    return subprocess.run(["git", "-C", repo, "rev-parse", "--short", "HEAD"], capture_output=True,
                          text=True).stdout.strip() or "?"

def cold(package, *extra):
    """One cold build of the package at `package`; returns the Run."""
    scratch = tempfile.mkdtemp(prefix="vitals-plugin-build-")
    try:
        command = Command(["swift", "build", "-j", "2", "--package-path", package,
                           "--scratch-path", scratch, *extra])
        run = command.run()
        if not os.path.exists(os.path.join(scratch, "build.db")):
            sys.exit(f"the build of {package} did not run")
        return run
    finally:
        shutil.rmtree(scratch, ignore_errors=True)

def target_names(package_swift):
    """The names of the targets a WaterPlugin Package.swift declares, in order."""
    return re.findall(r'\.(?:target|executableTarget)\(\s*name:\s*"([^"]+)"', open(package_swift).read())

def same_plugin(after, before, into):
    """This checkout's WaterPlugin with only the targets the earlier one declares; its
    `vitals-water` registers the screen modules, chart kinds and store backends of those."""
    keep = [t for t in target_names(f"{before}/Examples/WaterPlugin/Package.swift") if t != "vitals-water"]
    source = f"{after}/Examples/WaterPlugin"
    for target in keep:
        shutil.copytree(f"{source}/Sources/{target}", f"{into}/Sources/{target}")
    package = open(f"{source}/Package.swift").read()
    head, targets = package.split("targets: [", 1)
    blocks = re.findall(r"\n        \.(?:target|executableTarget)\(.*?\n        \),", targets, re.S)
    kept = [b for b in blocks if re.search(r'name: "([^"]+)"', b).group(1) in keep]
    exe = (f'\n        .executableTarget(\n            name: "vitals-water",\n            dependencies: ['
           + ", ".join(f'"{t}"' for t in keep)
           + ', .product(name: "VitalsCLI", package: "Vitals")]\n        ),')
    package = head.replace('path: "../.."', f'path: "{after}"') + "targets: [" + "".join(kept) + exe + "\n    ],\n    swiftLanguageModes: [.v6]\n)\n"
    open(f"{into}/Package.swift", "w").write(package)
    # Of this main's registrations (one Extensions value), those whose type a kept target declares.
    declared = set()
    for target in keep:
        for directory, _, names in os.walk(f"{into}/Sources/{target}"):
            for name in names:
                declared |= set(re.findall(r"\b(?:struct|class|enum) (\w+)", open(os.path.join(directory, name)).read()))
    main = open(f"{source}/Sources/vitals-water/main.swift").read()
    registered = {}
    for key, listed in re.findall(r"(\w+): \[([^\]]*)\]", main):
        ours = [n.strip() for n in listed.split(",") if re.match(r"\w+", n.strip()).group(0) in declared]
        if ours:
            registered[key] = ours
    os.makedirs(f"{into}/Sources/vitals-water")
    with open(f"{into}/Sources/vitals-water/main.swift", "w") as out:
        out.write("".join(f"import {t}\n" for t in keep) + "import VitalsCLI\nimport VitalsKit\n\n")
        out.write("VitalsCLI.main(\n    Extensions(\n        "
                  + ",\n        ".join(f"{k}: [{', '.join(v)}]" for k, v in registered.items()) + "))\n")
    return keep

screen_only = ("--target", "WaterScreen")
plugin = lambda repo: f"{repo}/Examples/WaterPlugin"
work = tempfile.mkdtemp(prefix="vitals-same-plugin-")
sides = [("after", plugin(after), ()), ("screen only", plugin(after), screen_only)]
if before:
    kept = same_plugin(after, before, f"{work}/WaterPlugin")
    sides = [("before", plugin(before), ()), sides[0], ("same plug-in", f"{work}/WaterPlugin", ()),
             ("screen only, before", plugin(before), screen_only), sides[1]]
print(f"after: {after} ({commit(after)})" + (f"; before: {before} ({commit(before)})" if before else ""))
if before:
    print(f"the same plug-in: this checkout's WaterPlugin with only {', '.join(kept)} and vitals-water")
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
    same = results["same plug-in"]
    print(f"  after / before: wall {med(a, 'wall') / med(b, 'wall'):.2f}x, cpu {med(a, 'cpu') / med(b, 'cpu'):.2f}x")
    print(f"  same plug-in / before: wall {med(same, 'wall') / med(b, 'wall'):.2f}x, "
          f"cpu {med(same, 'cpu') / med(b, 'cpu'):.2f}x")
    sb, sa = results["screen only, before"], results["screen only"]
    print(f"  screen only / screen only, before: wall {med(sa, 'wall') / med(sb, 'wall'):.2f}x, "
          f"cpu {med(sa, 'cpu') / med(sb, 'cpu'):.2f}x")
shutil.rmtree(work, ignore_errors=True)
print(f"load average at the end: {load()}")
PY
