#!/usr/bin/env python3
"""Folder-level dependency graph of a Swift target; exits 1 when folders form a cycle.

Usage: scripts/folder-graph.py [Sources/VitalsKit] [--edges] [--readme ARCHITECTURE.md]

With --readme, the folders' order in the file's Layout block (`Sources/VitalsKit/<Folder>/`
lines) is the layering: a folder that uses one listed after it is an error too.

A folder depends on another when one of its files names a type declared in the other
(declarations: struct, enum, class, actor, protocol, typealias at the start of a line).
Names declared in more than one folder are ignored, extensions do not declare.
"""
import os, re, sys
from collections import defaultdict

root = next((a for a in sys.argv[1:] if not a.startswith("--")), "Sources/VitalsKit")
show_edges = "--edges" in sys.argv
readme = sys.argv[sys.argv.index("--readme") + 1] if "--readme" in sys.argv else None
if readme and root == readme:
    root = "Sources/VitalsKit"
decl = re.compile(r"^\s*(?:@\w+\s+)*(?:(?:public|package|internal|fileprivate|private|final|indirect)\s+)*"
                  r"(?:struct|enum|class|actor|protocol|typealias)\s+([A-Z]\w*)", re.M)
comment = re.compile(r"//[^\n]*|/\*.*?\*/|\"(?:\\.|[^\"\\\n])*\"", re.S)

def folder(path):
    rel = os.path.relpath(path, root)
    parts = rel.split(os.sep)
    return parts[0] if len(parts) > 1 else "."

files = {}
for dirpath, _, names in os.walk(root):
    for n in names:
        if n.endswith(".swift"):
            p = os.path.join(dirpath, n)
            files[p] = comment.sub(" ", open(p, encoding="utf-8").read())

owner = {}
for p, text in files.items():
    for name in decl.findall(text):
        f = folder(p)
        owner[name] = f if owner.get(name, f) == f else None

word = re.compile(r"\b[A-Z]\w*\b")
generic = re.compile(r"(?:func|struct|enum|class|actor|init|subscript)\s*\w*\s*<([^<>()]*)>")
edges = defaultdict(lambda: defaultdict(set))
for p, text in files.items():
    f = folder(p)
    parameters = {g.split(":")[0].strip() for params in generic.findall(text) for g in params.split(",")}
    for name in set(word.findall(text)) - parameters:
        g = owner.get(name)
        if g and g != f and f != "." and g != ".":
            edges[f][g].add(f"{os.path.relpath(p, root)} → {name}")

# Tarjan's strongly connected components
index, low, stack, on, sccs, counter = {}, {}, [], set(), [], [0]
def visit(v):
    index[v] = low[v] = counter[0]; counter[0] += 1; stack.append(v); on.add(v)
    for w in edges.get(v, {}):
        if w not in index:
            visit(w); low[v] = min(low[v], low[w])
        elif w in on:
            low[v] = min(low[v], index[w])
    if low[v] == index[v]:
        comp = []
        while True:
            w = stack.pop(); on.discard(w); comp.append(w)
            if w == v: break
        sccs.append(comp)
sys.setrecursionlimit(10000)
for v in sorted(set(edges) | {g for e in edges.values() for g in e}):
    if v not in index:
        visit(v)

if show_edges:
    for f in sorted(edges):
        print(f"{f} → {', '.join(sorted(edges[f]))}")
cycles = [sorted(c) for c in sccs if len(c) > 1]
for c in cycles:
    print("cycle: " + " ↔ ".join(c))
    for a in c:
        for b in c:
            if b in edges.get(a, {}):
                sample = sorted(edges[a][b])[:3]
                print(f"  {a} → {b}: " + "; ".join(sample) + (" …" if len(edges[a][b]) > 3 else ""))
upward = []
if readme:
    order = []
    for line in open(readme, encoding="utf-8"):
        m = re.match(r"Sources/VitalsKit/(\w+)/\s", line)
        if m and m.group(1) not in order:
            order.append(m.group(1))
    for f in sorted(edges):
        for g in sorted(edges[f]):
            if f in order and g in order and order.index(g) > order.index(f):
                upward.append((f, g))
                sample = sorted(edges[f][g])[:3]
                print(f"upward: {f} → {g} (listed after it in {readme}): " + "; ".join(sample))
    unlisted = sorted({f for f in edges} - set(order) - {"VitalsKit.docc"})
    for f in unlisted:
        print(f"unlisted: {f} is not in the Layout of {readme}")
        upward.append((f, f))
sys.exit(1 if cycles or upward else 0)
