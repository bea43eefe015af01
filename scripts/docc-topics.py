#!/usr/bin/env python3
"""Checks that the DocC catalog's Topics name every public type of VitalsKit.

Usage: docc-topics.py SYMBOLS_JSON DOCC_DIR [--print]

Reads the symbol graph (swift-symbolgraph-extract, public symbols) for the top-level types
(struct, class, enum, protocol, type alias) and every ``Symbol`` named under a `## Topics`
heading in the catalog's Markdown files. Prints the types no Topics group names, grouped by
the source folder they are declared in, and exits 1 when there is any; with --print, prints
each folder's missing types as a Topics group to paste.
"""
import json
import os
import re
import sys
from collections import defaultdict

TYPE_KINDS = {"swift.struct", "swift.class", "swift.enum", "swift.protocol", "swift.typealias"}


def public_types(path):
    graph = json.load(open(path))
    types = {}
    for symbol in graph["symbols"]:
        if symbol["kind"]["identifier"] not in TYPE_KINDS or len(symbol["pathComponents"]) != 1:
            continue
        uri = symbol.get("location", {}).get("uri", "")
        match = re.search(r"Sources/VitalsKit/([^/]+)/", uri)
        types[symbol["pathComponents"][0]] = match.group(1) if match else "(top level)"
    return types


def curated(docc):
    named = set()
    for name in os.listdir(docc):
        if not name.endswith(".md"):
            continue
        text = open(os.path.join(docc, name)).read()
        topics = text.split("## Topics", 1)
        if len(topics) == 2:
            named |= set(re.findall(r"^- ``([A-Za-z0-9_]+)``", topics[1], re.M))
    return named


def main():
    symbols, docc = sys.argv[1], sys.argv[2]
    types = public_types(symbols)
    named = curated(docc)
    missing = defaultdict(list)
    for name, folder in sorted(types.items()):
        if name not in named:
            missing[folder].append(name)
    stale = sorted(named - set(types))
    if "--print" in sys.argv:
        for folder, names in sorted(missing.items()):
            print(f"### {folder}\n")
            print("\n".join(f"- ``{n}``" for n in names) + "\n")
        return 0
    count = sum(len(v) for v in missing.values())
    for folder, names in sorted(missing.items()):
        print(f"docc topics: {folder}: {', '.join(names)}")
    for name in stale:
        print(f"docc topics: ``{name}`` is in Topics but is no public type")
    print(f"docc topics: {len(types)} public types, {len(types) - count} in Topics, {count} missing")
    return 1 if count or stale else 0


if __name__ == "__main__":
    sys.exit(main())
