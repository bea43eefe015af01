#!/usr/bin/env bash
# Builds the libFuzzer harness for the Apple Health export parser (and, with ZIP=1, the zip
# reader) straight from the sources with swiftc, under libFuzzer and AddressSanitizer.
# usage: fuzz/build.sh            → fuzz/out/health-export-fuzzer
#        ZIP=1 fuzz/build.sh      → also feeds every input to the zip reader (ZIPFoundation inflate)
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p fuzz/out
A=Sources/VitalsImport/Import/AppleHealth
SOURCES=(
  fuzz/HealthExportFuzzer.swift
  $A/XMLChunkScanner.swift $A/XMLChunkScanner+Tags.swift $A/XMLBytes.swift $A/XMLValueDecoder.swift
  $A/XMLPosition.swift $A/HealthExportError.swift $A/HealthElementMapper.swift $A/HealthElements.swift
  $A/HealthRecord.swift $A/HealthDate.swift $A/NumberParsing.swift $A/StringInterner.swift
  $A/HealthScanStatistics.swift $A/HealthExportSink.swift $A/HealthExportParser.swift
  Sources/VitalsKit/Vocabulary/Dates/LocalDate.swift Sources/VitalsKit/Vocabulary/Text/String+UTF8Bytes.swift Sources/VitalsKit/Vocabulary/Text/DecimalText.swift
  Sources/VitalsKit/VitalsError.swift $A/HealthExportLimits.swift $A/MetadataEntry+CaseCollision.swift
)
FLAGS=()
if [ "${ZIP:-0}" = 1 ]; then
  Z=.build/checkouts/ZIPFoundation/Sources
  [ -d "$Z" ] || { echo "fuzz/build.sh: run swift build first (ZIPFoundation checkout missing)" >&2; exit 2; }
  SOURCES+=($A/HealthExportReader.swift $A/HealthExportLocator.swift $A/ZipDirectory.swift $A/PipeInput.swift
            Sources/VitalsKit/Files/CRC32Checksum.swift Sources/VitalsImport/Import/BoundedChannel.swift)
  # ZIPFoundation compiled as its own module, then linked in.
  swiftc -emit-library -static -emit-module -module-name ZIPFoundation -parse-as-library -O \
    -I "$Z/CZLib" -Xcc -D_GNU_SOURCE=1 -swift-version 5 -sanitize=fuzzer,address -o fuzz/out/libZIPFoundation.a -emit-module-path fuzz/out/ZIPFoundation.swiftmodule \
    "$Z"/ZIPFoundation/*.swift
  FLAGS+=(-D FUZZ_ZIP -I fuzz/out -I "$Z/CZLib" -L fuzz/out -lZIPFoundation -lz)
fi
swiftc -sanitize=fuzzer,address -parse-as-library -O -g -module-name VitalsFuzz "${FLAGS[@]}" \
  -o fuzz/out/health-export-fuzzer "${SOURCES[@]}"
echo "built fuzz/out/health-export-fuzzer" >&2
