#!/usr/bin/env bash
# Builds the libFuzzer harness for the language server's message framing and JSON reader
# straight from the sources with swiftc, under libFuzzer and AddressSanitizer.
# usage: fuzz/build-lsp.sh      → fuzz/out/language-server-fuzzer
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p fuzz/out
swiftc -sanitize=fuzzer,address -parse-as-library -O -g -module-name VitalsFuzz -package-name Vitals \
  -o fuzz/out/language-server-fuzzer fuzz/LanguageServerFuzzer.swift \
  Sources/VitalsLanguageServer/Protocol/MessageFraming.swift Sources/VitalsLanguageServer/Protocol/JSONParser.swift \
  Sources/VitalsKit/Vocabulary/Text/JSONValue.swift Sources/VitalsKit/Vocabulary/Text/JSONString.swift \
  Sources/VitalsKit/Vocabulary/Text/Sanitize.swift
echo "built fuzz/out/language-server-fuzzer" >&2
