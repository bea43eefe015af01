#!/usr/bin/env bash
# Builds VitalsKit's DocC documentation from the module the debug build made (symbol graph by
# swift-symbolgraph-extract, no second build) with warnings as errors, and checks that the
# landing page's Topics name every public type (scripts/docc-topics.py).
#
#   swift build --target VitalsKit && bash scripts/docc-check.sh [OUTPUT_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
bin="$(swift build --show-bin-path)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/graphs"
triple="$(swiftc -print-target-info | python3 -c 'import json,sys; print(json.load(sys.stdin)["target"]["triple"])')"
# The module's dependencies' modules and its C module (the system libyaml).
includes=(-I "$bin/Modules" -Xcc "-fmodule-map-file=Sources/CLibYAML/module.modulemap")
swift-symbolgraph-extract -module-name VitalsKit -target "$triple" "${includes[@]}" \
  -minimum-access-level public -skip-synthesized-members -output-dir "$work/graphs"
python3 scripts/docc-topics.py "$work/graphs/VitalsKit.symbols.json" Sources/VitalsKit/VitalsKit.docc
out="${1:-$work/VitalsKit.doccarchive}"
docc convert Sources/VitalsKit/VitalsKit.docc --additional-symbol-graph-dir "$work/graphs" \
  --fallback-display-name VitalsKit --fallback-bundle-identifier org.vitals.VitalsKit \
  --warnings-as-errors --output-path "$out" >"$work/docc.log" 2>&1 || { cat "$work/docc.log"; exit 1; }
grep -iE "warning|error" "$work/docc.log" && { echo "docc: warnings above"; exit 1; }
echo "docc: VitalsKit built without warnings ($(find "$out" -name '*.json' -path '*data/documentation*' | wc -l) pages)"
