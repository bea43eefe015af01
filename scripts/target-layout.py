#!/usr/bin/env python3
"""Checks README's Layout against Package.swift: every target is listed, after its dependencies.

Usage: scripts/target-layout.py [README.md]   (runs `swift package dump-package`)

A target is listed at the first line of the Layout block naming its folder (its `path`, or
Sources/<name>/); a target that depends on one listed after it is an error, as is one the block
does not name. Test targets are left out.
"""
import json, re, subprocess, sys

readme = sys.argv[1] if len(sys.argv) > 1 else "README.md"
package = json.loads(subprocess.run(["swift", "package", "dump-package"], check=True,
                                    capture_output=True, text=True).stdout)
text = open(readme, encoding="utf-8").read()
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

targets = {t["name"]: t for t in package["targets"] if t["type"] != "test"}
errors = []
for name, target in targets.items():
    at = position(target)
    if at is None:
        errors.append(f"unlisted: {name} ({folder(target)}) is not in the Layout of {readme}")
        continue
    for dependency in target.get("dependencies", []):
        kind = next(iter(dependency))
        other = dependency[kind][0]
        if kind not in ("byName", "target") or other not in targets:
            continue
        other_at = position(targets[other])
        if other_at is not None and other_at > at:
            errors.append(f"upward: {name} uses {other}, listed after it in {readme}")
for error in errors:
    print(error)
print(f"{len(targets)} targets, {len(errors)} out of order or unlisted")
sys.exit(1 if errors else 0)
