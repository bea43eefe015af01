#!/usr/bin/env python3
"""Start-up of `vitals` against `sqlite3 --version`, and of a second `vitals` (a baseline) if given.

usage: startup.py --bin VITALS [--base OTHER_VITALS] --work DIR [--runs N] [--as-of YYYY-MM-DD]

For each of `vitals --help`, `vitals --version` and `vitals render protein` (the embedded demo,
no database), the programs run alternately in one loop (vitals, baseline, sqlite3, vitals, …)
after one warm-up each, so a change in the machine's load falls on all of them. Printed: the
median wall and CPU time of each, the ratios of medians to sqlite3 (and to the baseline), CPU
beside wall, and instruction counts when valgrind is installed.
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from measure import Command, instructions, med  # noqa: E402


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    parser.add_argument("--base", help="a second vitals to compare with (main's, an older build)")
    parser.add_argument("--work", required=True)
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--as-of", default="2026-11-20")
    args = parser.parse_args()
    # No database and no settings: the embedded demo data, as after installing.
    env = dict(os.environ, XDG_DATA_HOME=os.path.join(args.work, "no-data"),
               XDG_CONFIG_HOME=os.path.join(args.work, "no-config"), XDG_CACHE_HOME=os.path.join(args.work, "cache"),
               NO_COLOR="1", COLUMNS="80")
    env.pop("VITALS_DB", None)
    sqlite = Command(["sqlite3", "--version"], env=env)
    programs = [("vitals", args.bin)] + ([("baseline", args.base)] if args.base else [])
    for label, words in [("--help", ["--help"]), ("--version", ["--version"]),
                         ("render protein", ["render", "protein", "--as-of", args.as_of, "--width", "80"])]:
        commands = [(name, Command([path] + words, env=env)) for name, path in programs] + [("sqlite3 --version", sqlite)]
        for _, command in commands:
            command.run()
        runs = {name: [] for name, _ in commands}
        for _ in range(args.runs):
            for name, command in commands:
                runs[name].append(command.run())
        print(f"== {label} ({args.runs} alternating runs each)")
        base = runs["sqlite3 --version"]
        for name, command in commands:
            wall, cpu = med(runs[name], "wall"), med(runs[name], "cpu")
            line = f"  {name + ' ' + label if name != 'sqlite3 --version' else name:<28} wall {wall * 1e3:7.2f} ms  cpu {cpu * 1e3:7.2f} ms"
            if name != "sqlite3 --version":
                line += f"   vs sqlite3: wall {wall / med(base, 'wall'):5.2f}x cpu {cpu / med(base, 'cpu'):5.2f}x"
                if name == "vitals" and "baseline" in runs:
                    b = runs["baseline"]
                    line += f"   vs baseline: wall {wall / med(b, 'wall'):5.2f}x cpu {cpu / med(b, 'cpu'):5.2f}x"
            count = instructions(command.argv, command.env)
            if count is not None:
                line += f"   {count / 1e6:.1f} M instructions"
            print(line)


if __name__ == "__main__":
    main()
