#!/usr/bin/env bash
# Builds the built-in screen modules (Package.swift's `screenModules`) and the built-in chart
# kinds (Sources/VitalsKit/Charts/Kinds) in a package outside this one that depends only on
# Vitals' public products: a built-in screen or kind may use nothing a plug-in could not.
# The kinds' files live inside VitalsKit, so each copy gets `import VitalsKit` first.
# Usage: scripts/outside-builtins.sh DIR [swift build options…]; DIR is made anew.
set -euo pipefail
checkout="$(cd "$(dirname "$0")/.." && pwd)"
outside="$1"; shift
rm -rf "$outside"; mkdir -p "$outside/Sources"
modules="$(sed -n '/^let screenModules = \[/,/^\]/p' "$checkout/Package.swift" | grep -oE '"[A-Za-z]+"' | tr -d '"')"
targets=""
for module in $modules; do
  cp -R "$checkout/Sources/Screens/$module" "$outside/Sources/$module"
  # Named apart from the package's own targets (one build may not hold two of a name).
  targets+="        .target(name: \"Outside$module\", dependencies: [.product(name: \"VitalsKit\", package: \"Vitals\")], path: \"Sources/$module\"),"$'\n'
done
cp -R "$checkout/Sources/VitalsKit/Charts/Kinds" "$outside/Sources/ChartKinds"
find "$outside/Sources/ChartKinds" -name '*.swift' | while read -r file; do
  { echo "import VitalsKit"; cat "$file"; } >"$file.new" && mv "$file.new" "$file"
done
targets+="        .target(name: \"OutsideChartKinds\", dependencies: [.product(name: \"VitalsKit\", package: \"Vitals\")], path: \"Sources/ChartKinds\"),"$'\n'
cat >"$outside/Package.swift" <<MANIFEST
// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "OutsideBuiltIns",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "Vitals", path: "$checkout")],
    targets: [
$targets    ],
    swiftLanguageModes: [.v6]
)
MANIFEST
cd "$outside" && swift build "$@"
