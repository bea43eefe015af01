#!/usr/bin/env python3
"""Times `vitals lsp` on a generated catalog of 2,000 metrics (bench/gen_catalog.py, 200 screens):
completion and hover (goal under 50 ms each) and the diagnostics published after a one-key edit
(goal under 150 ms), measured from the request (or the change) being written to the answer (or
the publishDiagnostics) being read. One server, rounds alternating completion, hover, edit and a
whole `vitals validate` process on the same catalog (the reference the edit is compared with),
so a change in the machine's load falls on every side. Printed: medians of wall time, the
server's CPU time per request (user + system from /proc, averaged over the rounds), the ratios,
and the load average before and after.

    python3 bench/lsp/lsp_bench.py VITALS_BIN [ROUNDS]
"""
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
import gen_catalog  # noqa: E402
from measure import run_once  # noqa: E402

TICKS = os.sysconf("SC_CLK_TCK")


class Server:
    def __init__(self, binary, root, env):
        self.proc = subprocess.Popen([binary, "lsp"], cwd=root, env=env, stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.next_id = 0

    def send(self, message):
        body = json.dumps(message).encode()
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.proc.stdin.flush()

    def read(self):
        length = None
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise SystemExit("the server ended")
            if line in (b"\r\n", b"\n"):
                break
            name, _, value = line.decode().partition(":")
            if name.lower() == "content-length":
                length = int(value)
        return json.loads(self.proc.stdout.read(length))

    def request(self, method, params):
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})
        while True:
            message = self.read()
            if message.get("id") == self.next_id:
                return message

    def notify(self, method, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def wait_for(self, method, uri):
        while True:
            message = self.read()
            if message.get("method") == method and message["params"].get("uri") == uri:
                return message

    def cpu(self):
        with open(f"/proc/{self.proc.pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / TICKS


def timed(server, action):
    before_cpu, start = server.cpu(), time.perf_counter()
    result = action()
    return time.perf_counter() - start, server.cpu() - before_cpu, result


def main(binary, rounds):
    load_before = os.getloadavg()
    with tempfile.TemporaryDirectory(prefix="vitals-lsp-bench-") as work:
        root = os.path.join(work, "catalog")
        gen_catalog.main(root, 200)
        env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": work, "XDG_DATA_HOME": work,
               "XDG_CONFIG_HOME": work, "XDG_CACHE_HOME": work, "NO_COLOR": "1"}
        metrics = sum(open(os.path.join(root, "metrics", n)).read().count("display_metric_id")
                      for n in os.listdir(os.path.join(root, "metrics")))
        server = Server(binary, root, env)
        server.request("initialize", {"rootUri": "file://" + root, "capabilities": {}})
        server.notify("initialized", {})
        name = os.path.join(root, "metrics", "s0.yaml")
        uri = "file://" + name
        text = open(name).read()
        server.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "yaml", "version": 1, "text": text}})
        lines = text.split("\n")
        chart_line = next(i for i, l in enumerate(lines) if "chart_type_id:" in l)
        screen_line = next(i for i, l in enumerate(lines) if "display_screen_id:" in l)
        metric_line = next(i for i, l in enumerate(lines) if "display_metric_id:" in l)
        at = lambda line, character: {"textDocument": {"uri": uri}, "position": {"line": line, "character": character}}
        typed = text.replace("chart_type_id: bar_vertical", "chart_type_id: bar_verticalx", 1)
        results = {"completion": [], "hover": [], "edit": [], "validate": []}
        cpus = {"completion": [], "hover": [], "edit": [], "validate": []}
        version = 1
        # One warm-up of each.
        for round_number in range(rounds + 1):
            wall, cpu, answer = timed(server, lambda: server.request("textDocument/completion", at(screen_line, len(lines[screen_line]))))
            assert len(answer["result"]["items"]) >= 1, answer
            if round_number: results["completion"].append(wall); cpus["completion"].append(cpu)
            wall, cpu, answer = timed(server, lambda: server.request("textDocument/hover", at(metric_line, 25)))
            assert "```text" in answer["result"]["contents"]["value"], answer
            if round_number: results["hover"].append(wall); cpus["hover"].append(cpu)
            version += 1
            new = typed if version % 2 == 0 else text

            def edit():
                server.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": version},
                                                         "contentChanges": [{"text": new}]})
                return server.wait_for("textDocument/publishDiagnostics", uri)
            wall, cpu, answer = timed(server, edit)
            assert len(answer["params"]["diagnostics"]) == (1 if new is typed else 0), answer
            if round_number: results["edit"].append(wall); cpus["edit"].append(cpu)
            run = run_once([binary, "validate", "--catalog", root], env=env)
            if round_number: results["validate"].append(run.wall); cpus["validate"].append(run.cpu)
        server.request("shutdown", None)
        server.notify("exit", None)
        server.proc.wait(timeout=10)
    load_after = os.getloadavg()
    med = {k: statistics.median(v) for k, v in results.items()}
    cpu = {k: sum(v) / len(v) for k, v in cpus.items()}
    goals = {"completion": 0.050, "hover": 0.050, "edit": 0.150}
    print(f"vitals lsp: {binary}; catalog of {metrics} metrics (200 screens); {rounds} alternating rounds; "
          f"{os.cpu_count()} cores; load average {' '.join(f'{x:.2f}' for x in load_before)} before, "
          f"{' '.join(f'{x:.2f}' for x in load_after)} after")
    names = {"completion": "completion (display_screen_id)", "hover": "hover (metric, chart drawn)",
             "edit": "diagnostics after a one-key edit", "validate": "vitals validate (whole process)"}
    for key in ["completion", "hover", "edit", "validate"]:
        goal = goals.get(key)
        verdict = "" if goal is None else f"   goal < {goal * 1000:.0f} ms: {'met' if med[key] < goal else 'NOT met'}"
        print(f"  {names[key]:<36} wall {med[key] * 1000:8.2f} ms (median; max {max(results[key]) * 1000:.2f})"
              f"  cpu {cpu[key] * 1000:8.2f} ms (mean){verdict}")
    print(f"  edit / validate: wall {med['edit'] / med['validate']:.2f}x, cpu {cpu['edit'] / max(cpu['validate'], 1e-9):.2f}x")


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 20)
