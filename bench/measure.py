#!/usr/bin/env python3
"""Whole-process measurements for the bench/ scripts: alternating A B A B runs, wall and CPU time.

    from measure import alternate, instructions, report
    a, b = alternate(cmd_a, cmd_b, runs=20)       # lists of Run (wall s, cpu s, peak KB)
    print(report("render protein", a, "sqlite3, same SQL", b))

Runs alternate (A B A B …) after one warm-up run of each, so a change in the machine's load
falls on both sides. The headline is the ratio of the medians; never a best-case ratio.
CPU time is user + system from wait4(2). `instructions` counts instructions with valgrind
(callgrind) when it is installed — perf's hardware counters are not available in every VM.
"""
import os
import re
import shutil
import statistics
import subprocess
import tempfile
import time
from dataclasses import dataclass


@dataclass
class Run:
    wall: float  # seconds
    cpu: float   # seconds, user + system
    peak_kb: int


def run_once(cmd, env=None, stdin_path=None):
    """Runs `cmd` (a list) once with stdout and stderr discarded; returns a Run."""
    stdin = open(stdin_path, "rb") if stdin_path else subprocess.DEVNULL
    try:
        start = time.perf_counter()
        proc = subprocess.Popen(cmd, stdin=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                env=env)
        _, _, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - start
    finally:
        if stdin_path:
            stdin.close()
    return Run(wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss)


@dataclass
class Command:
    argv: list
    env: dict = None
    stdin: str = None

    def run(self):
        return run_once(self.argv, self.env, self.stdin)


def alternate(a, b, runs=20):
    """Runs Commands a and b alternately, `runs` times each, after one warm-up of each."""
    a.run(), b.run()
    ra, rb = [], []
    for _ in range(runs):
        ra.append(a.run())
        rb.append(b.run())
    return ra, rb


def med(runs, field):
    return statistics.median(getattr(r, field) for r in runs)


def report(label_a, ra, label_b, rb, goal=None):
    """Two lines of medians and the ratio of medians (wall and CPU), with the goal if given."""
    wa, wb, ca, cb = med(ra, "wall"), med(rb, "wall"), med(ra, "cpu"), med(rb, "cpu")
    lines = [
        f"  {label_a:<44} wall {wa * 1e3:8.1f} ms   cpu {ca * 1e3:8.1f} ms   peak {max(r.peak_kb for r in ra) / 1024:6.1f} MB",
        f"  {label_b:<44} wall {wb * 1e3:8.1f} ms   cpu {cb * 1e3:8.1f} ms   peak {max(r.peak_kb for r in rb) / 1024:6.1f} MB",
    ]
    ratio = wa / wb
    verdict = ""
    if goal is not None:
        # The goals are in wall and CPU time both (issue 32): met only when both ratios are.
        met = ratio <= goal and ca / cb <= goal
        verdict = f"   goal ≤ {goal}× in wall and CPU: {'met' if met else 'NOT met'}"
    lines.append(f"  ratio of medians: wall {ratio:.2f}×, cpu {ca / cb:.2f}×  ({len(ra)} alternating runs each){verdict}")
    return "\n".join(lines)


def without_debug_info(cmd):
    """`cmd` with its program replaced by a copy without debug information, when it has any.

    valgrind 3.19 gives up on the DWARF of an lld-linked Swift binary ("Possibly corrupted
    debuginfo file"); the instructions executed do not depend on debug information, so the
    count is taken on a copy made with `objcopy --strip-debug` (kept beside the other bench
    files, remade when the binary changes)."""
    program = cmd[0]
    if not os.path.isabs(program) or program.startswith("/usr/") or shutil.which("objcopy") is None:
        return cmd
    info = os.stat(program)
    directory = os.path.join(tempfile.gettempdir(), "vitals-bench-stripped")
    os.makedirs(directory, exist_ok=True)
    copy = os.path.join(directory, f"{os.path.basename(program)}-{info.st_ino}-{info.st_size}-{info.st_mtime_ns}")
    if not os.path.exists(copy):
        subprocess.run(["objcopy", "--strip-debug", program, copy + ".tmp"], check=True)
        os.replace(copy + ".tmp", copy)
    return [copy] + cmd[1:]


def instructions(cmd, env=None, stdin_path=None):
    """Instructions the whole process executes (valgrind callgrind's Ir total), or None.

    The program runs once natively first (as the timed runs have a warm-up), so caches it keeps
    under its own identity (the compiled catalog, the demo database) are warm for the count."""
    if shutil.which("valgrind") is None:
        return None
    cmd = without_debug_info(cmd)
    run_once(cmd, env, stdin_path)
    stdin = open(stdin_path, "rb") if stdin_path else subprocess.DEVNULL
    try:
        out = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"] + cmd,
                             stdin=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env,
                             text=True).stderr
    finally:
        if stdin_path:
            stdin.close()
    match = re.search(r"Collected : (\d+)", out)
    return int(match.group(1)) if match else None


def instruction_line(label_a, a, label_b, b):
    """One line comparing instruction counts, or a note that valgrind is missing."""
    ia = instructions(a.argv, a.env, a.stdin)
    ib = instructions(b.argv, b.env, b.stdin)
    if ia is None or ib is None:
        return "  instructions: valgrind not installed (apt-get install -y valgrind)"
    return (f"  instructions (valgrind): {label_a} {ia / 1e6:.1f} M, {label_b} {ib / 1e6:.1f} M, "
            f"ratio {ia / ib:.2f}×")
