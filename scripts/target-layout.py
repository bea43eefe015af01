#!/usr/bin/env python3
"""ARCHITECTURE.md's layers, drawn from Package.swift, and its Layout checked against them.

Usage: scripts/target-layout.py [ARCHITECTURE.md]           check (CI)
       scripts/target-layout.py --write [ARCHITECTURE.md]   rewrite the generated block

Runs `swift package dump-package`. Two checks, both against the file's text:

- the block between `<!-- BEGIN targets -->` and `<!-- END targets -->` is exactly what this
  script generates now: the products, and every target (test targets left out) by layer, a
  target's layer being one above the highest layer it uses;
- the Layout block (the first ``` block after `## Layout`) lists every target at the first line
  naming its folder (its `path`, or Sources/<name>/), after every target it depends on.

Either failing exits 1 and says what to run.
"""
import json, re, subprocess, sys

args = [a for a in sys.argv[1:] if not a.startswith("--")]
write = "--write" in sys.argv
document = args[0] if args else "ARCHITECTURE.md"
BEGIN, END = "<!-- BEGIN targets -->", "<!-- END targets -->"

package = json.loads(subprocess.run(["swift", "package", "dump-package"], check=True,
                                    capture_output=True, text=True).stdout)
targets = {t["name"]: t for t in package["targets"] if t["type"] != "test"}

def uses(target):
    """(internal targets, outside products, traits that condition a dependency) of a target."""
    inside, outside = [], []
    for dependency in target.get("dependencies", []):
        kind = next(iter(dependency))
        value = dependency[kind]
        condition = value[-1] if isinstance(value[-1], dict) else None
        traits = ", ".join(condition["traits"]) + " trait" if condition and condition.get("traits") else ""
        if kind in ("byName", "target") and value[0] in targets:
            inside.append(value[0] + (f" ({traits})" if traits else ""))
        elif kind == "product":
            notes = [n for n in (value[1] if value[1] != value[0] else "", traits) if n]
            outside.append(value[0] + (f" ({'; '.join(notes)})" if notes else ""))
        elif kind == "byName":
            outside.append(value[0])
    for usage in target.get("pluginUsages") or []:
        inside.append(usage["plugin"][0] + " (build-tool plugin)")
    return inside, outside

def is_screen_module(name):
    return (targets[name].get("path") or "").startswith("Sources/Screens/")

SCREEN_MODULES = "<Name>Screen"

def shown(names):
    """Names with the screen modules as one `<Name>Screen` (so adding one keeps the tables)."""
    out = []
    for name in names:
        entry = SCREEN_MODULES if name_of(name) in targets and is_screen_module(name_of(name)) else name
        entry = f"`{name_of(entry)}`" + entry[len(name_of(entry)):]
        if entry not in out:
            out.append(entry)
    return out

def name_of(entry):
    return entry.split(" (")[0]

layers = {}
def layer(name):
    if name not in layers:
        layers[name] = 1 + max((layer(name_of(u)) for u in uses(targets[name])[0]), default=-1)
    return layers[name]

KINDS = {"regular": "library", "executable": "executable", "system": "system library", "plugin": "plugin"}

def generated():
    lines = [BEGIN, "", "| product | kind | targets |", "|---|---|---|"]
    for product in package["products"]:
        kind = next(iter(product["type"]))
        lines.append(f"| `{product['name']}` | {kind} | " + ", ".join(f"`{t}`" for t in product["targets"]) + " |")
    lines += ["", "| layer | target | kind | uses | outside packages |", "|---|---|---|---|---|"]
    rows = []
    for name in sorted(targets, key=lambda n: (layer(n), list(targets).index(n))):
        inside, outside = uses(targets[name])
        label = f"`{SCREEN_MODULES}` (each custom screen's module: `screenModules` in Package.swift)" \
            if is_screen_module(name) else f"`{name}`"
        row = (f"| {layer(name)} | {label} | {KINDS.get(targets[name]['type'], targets[name]['type'])} | "
               + ", ".join(shown(inside)) + " | " + ", ".join(outside) + " |")
        if row not in rows:
            rows.append(row)
    lines += rows
    lines += ["", END]
    return "\n".join(lines)

text = open(document, encoding="utf-8").read()
if BEGIN not in text or END not in text:
    sys.exit(f"{document} has no {BEGIN} … {END} block")
start, end = text.index(BEGIN), text.index(END) + len(END)
if write:
    text = text[:start] + generated() + text[end:]
    open(document, "w", encoding="utf-8").write(text)
    start, end = text.index(BEGIN), text.index(END) + len(END)

errors = []
if text[start:end] != generated():
    errors.append(f"stale: the targets block of {document} is not what Package.swift says; "
                  f"run python3 scripts/target-layout.py --write {document}")

block = text[text.index("## Layout"):]
block = block[block.index("```") + 3:]
block = block[:block.index("```")].split("\n")

def folder(target):
    path = target.get("path") or ("Plugins/" if target["type"] == "plugin" else "Sources/") + target["name"]
    return re.sub(r"/(\w+)Screen$", "/<Name>Screen", path.rstrip("/")) + "/"

def position(target):
    wanted = folder(target)
    for i, line in enumerate(block):
        if re.search(r"(^|\s)" + re.escape(wanted), line):
            return i
    return None

for name, target in targets.items():
    at = position(target)
    if at is None:
        errors.append(f"unlisted: {name} ({folder(target)}) is not in the Layout of {document}")
        continue
    for dependency in target.get("dependencies", []):
        kind = next(iter(dependency))
        other = dependency[kind][0]
        if kind not in ("byName", "target") or other not in targets:
            continue
        other_at = position(targets[other])
        if other_at is not None and other_at > at:
            errors.append(f"upward: {name} uses {other}, listed after it in {document}")
for error in errors:
    print(error)
print(f"{len(targets)} targets, {len(errors)} stale, out of order or unlisted")
sys.exit(1 if errors else 0)
