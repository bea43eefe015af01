#!/usr/bin/env python3
"""The speed goals of issue #19, each measured as whole processes in one run (bench/goals.sh).

usage: goals.py --bin VITALS --work DIR [--runs N] [--as-of YYYY-MM-DD] [--only NAME ...]

Goals: render (protein, --all) against sqlite3 running the SQL the render ran; the embedded
demo against the same render on a file; --help against sqlite3 --version; validate of 20,000
metrics (time and peak memory). Each pair runs alternately (A B A B …); ratios are of medians.
"""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from measure import Command, alternate, instruction_line, report  # noqa: E402


def trace_sql(vitals, args, out_path):
    """Runs `vitals ARGS` with VITALS_TRACE_SQL and returns the statements it ran."""
    env = dict(os.environ, VITALS_TRACE_SQL=out_path)
    subprocess.run([vitals] + args, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    with open(out_path) as f:
        statements = f.read()
    with open(out_path, "w") as f:  # sqlite3 prints nothing: output goes to /dev/null as vitals' does
        f.write(".output /dev/null\n" + statements)
    return statements.count(";\n")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--floor-bin", help="bench/floor/help_floor.swift compiled as vitals is linked")
    parser.add_argument("--as-of", default="2026-11-20")
    parser.add_argument("--only", nargs="*", default=None)
    parser.add_argument("--trace-bin", help="the vitals that traces the SQL (default --bin; a baseline "
                        "built before VITALS_TRACE_SQL existed needs a newer one)")
    args = parser.parse_args()
    vitals, work, runs = args.bin, args.work, args.runs
    tenyear = os.path.join(work, "store-10y.sqlite")
    demo = os.path.join(work, "demo.sqlite")
    view = ["--as-of", args.as_of, "--width", "80", "--color", "never"]
    want = lambda name: args.only is None or name in args.only  # noqa: E731

    if want("render"):
        for label, screen_args, goal in [("render protein", ["protein"], 2.0), ("render --all", ["--all"], 3.0)]:
            sql = os.path.join(work, f"trace-{screen_args[0].strip('-')}.sql")
            n = trace_sql(args.trace_bin or vitals, ["render"] + screen_args + ["--db", tenyear] + view, sql)
            a = Command([vitals, "render"] + screen_args + ["--db", tenyear] + view)
            b = Command(["sqlite3", tenyear], stdin=sql)
            print(f"== {label}, 10-year database ({n} statements traced from the render)")
            ra, rb = alternate(a, b, runs)
            print(report(f"vitals {label}", ra, f"sqlite3, the same {n} statements", rb, goal))
            print(instruction_line("vitals", a, "sqlite3", b))
            # The same render with the compiled catalog cache off: what a run after a catalog edit pays.
            c = Command(a.argv, env=dict(os.environ, VITALS_NO_CACHE="1"))
            off = [c.run() for _ in range(max(3, runs // 4))]
            print(f"  catalog cache off (VITALS_NO_CACHE=1, as after an edit): median wall "
                  f"{statistics.median(r.wall for r in off) * 1e3:.1f} ms, cpu {statistics.median(r.cpu for r in off) * 1e3:.1f} ms")

    if want("demo"):
        cache = tempfile.mkdtemp(prefix="vitals-demo-cache-")
        # No database named (a missing --db is an error): the default file in an empty data dir.
        nodata = os.path.join(work, "no-such-dir")
        env = dict(os.environ, XDG_CACHE_HOME=cache, XDG_DATA_HOME=nodata)
        env.pop("VITALS_DB", None)
        a = Command([vitals, "render", "protein"] + view, env=env)
        b = Command([vitals, "render", "protein", "--db", demo] + view)
        print("== render protein: embedded demo (no database; cache built by the warm-up run) against the demo as a file")
        ra, rb = alternate(a, b, runs)
        print(report("vitals render protein, embedded demo", ra, "vitals render protein --db demo.sqlite", rb, 1.2))
        print(instruction_line("embedded", a, "file", b))
        # The first run of a day, and a cache directory that cannot be written (in memory).
        blocked = os.path.join(cache, "a-file")
        open(blocked, "w").close()
        c = Command([vitals, "render", "protein"] + view, env=dict(env, XDG_CACHE_HOME=blocked))
        first = []
        for _ in range(max(3, runs // 4)):
            subprocess.run(["rm", "-rf", os.path.join(cache, "vitals")])
            first.append(a.run())
        mem = [c.run() for _ in range(max(3, runs // 4))]
        print(f"  first run (builds the cache file): median wall {statistics.median(r.wall for r in first) * 1e3:.1f} ms;"
              f" unwritable cache dir (in memory): {statistics.median(r.wall for r in mem) * 1e3:.1f} ms")

    if want("help"):
        a = Command([vitals, "--help"])
        b = Command(["sqlite3", "--version"])
        print("== start-up: vitals --help against sqlite3 --version")
        ra, rb = alternate(a, b, runs)
        print(report("vitals --help", ra, "sqlite3 --version", rb, 2.0))
        print(instruction_line("vitals", a, "sqlite3", b))
        if args.floor_bin:
            # What any Swift tool importing Foundation pays to start, linked as vitals is.
            f = Command([args.floor_bin, "--help"])
            print("== start-up floor: a Swift program importing Foundation (bench/floor) against sqlite3 --version")
            rf, rb = alternate(f, b, runs)
            print(report("help-floor", rf, "sqlite3 --version", rb, 2.0))
            print(instruction_line("help-floor", f, "sqlite3", b))

    if want("validate"):
        catalog = os.path.join(work, "catalog-2000")
        if not os.path.isdir(catalog):
            subprocess.run([sys.executable, os.path.join(os.path.dirname(__file__), "gen_catalog.py"), catalog, "2000"],
                           check=True)
        a = Command([vitals, "validate", "--catalog", catalog])
        a.run()
        results = [a.run() for _ in range(max(5, runs // 2))]
        wall = statistics.median(r.wall for r in results)
        cpu = statistics.median(r.cpu for r in results)
        peak = max(r.peak_kb for r in results) / 1024
        print("== validate, 2,000 screens / 20,000 metrics (bench/gen_catalog.py)")
        print(f"  median wall {wall:.3f} s, cpu {cpu:.3f} s, peak {peak:.1f} MB ({len(results)} runs)   "
              f"goal < 0.5 s and < 40 MB: {'met' if wall < 0.5 and peak < 40 else 'NOT met'}")


if __name__ == "__main__":
    main()
