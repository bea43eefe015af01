#!/usr/bin/env bash
# Builds the built-in screen modules (Package.swift's `screenModules`) in a package outside this
# one that depends only on Vitals' public products: a built-in screen may use nothing a plug-in
# could not. Usage: scripts/outside-screens.sh DIR [swift build options…]; DIR is made anew.
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
cat >"$outside/Package.swift" <<MANIFEST
// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "OutsideScreens",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "Vitals", path: "$checkout")],
    targets: [
$targets    ],
    swiftLanguageModes: [.v6]
)
MANIFEST
cd "$outside" && swift build "$@"
