#!/usr/bin/env python3
"""Writes hostile Apple Health exports ("bombs") for bench/bombs.sh and by hand.

usage: bench/bombs.py KIND N OUT.xml [--zip OUT.zip]

KIND is one of
  metadata    one Record carrying N equal MetadataEntry children
  depth       N elements nested inside one another under HealthData
  attributes  one Record start tag with N attributes
  beats       one heart-rate-variability Record with N InstantaneousBeatsPerMinute
  types       N Records of N distinct types
A zip of such a file is tiny (32 KB for 300,000 metadata entries): that is the point.
"""
import sys
import zipfile

HEAD = ('<?xml version="1.0" encoding="UTF-8"?>\n<HealthData locale="en_US">\n'
        ' <ExportDate value="2024-01-01 00:00:00 +0000"/>\n')
RECORD = ('<Record type="{type}" sourceName="Bomb" unit="count" value="1" '
          'startDate="2024-01-01 08:00:00 +0000" endDate="2024-01-01 08:00:00 +0000"')


def write(kind, n, out):
    with open(out, "w", encoding="utf-8") as f:
        f.write(HEAD)
        if kind == "metadata":
            f.write(" " + RECORD.format(type="HKQuantityTypeIdentifierStepCount") + ">\n")
            for i in range(n):
                f.write("  <MetadataEntry key=\"HKMetadataKeyBomb\" value=\"v\"/>\n")
            f.write(" </Record>\n")
        elif kind == "depth":
            f.write("<a>" * n)
            f.write("</a>" * n)
            f.write("\n")
        elif kind == "attributes":
            f.write(" " + RECORD.format(type="HKQuantityTypeIdentifierStepCount"))
            for i in range(n):
                f.write(f' a{i}="x"')
            f.write("/>\n")
        elif kind == "beats":
            f.write(" " + RECORD.format(type="HKQuantityTypeIdentifierHeartRateVariabilitySDNN") + ">\n")
            f.write("  <HeartRateVariabilityMetadataList>\n")
            for _ in range(n):
                f.write('   <InstantaneousBeatsPerMinute bpm="61" time="8:00:00.00 AM"/>\n')
            f.write("  </HeartRateVariabilityMetadataList>\n </Record>\n")
        elif kind == "types":
            for i in range(n):
                f.write(" " + RECORD.format(type=f"HKQuantityTypeIdentifierBomb{i}") + "/>\n")
        else:
            sys.exit(f"bombs.py: unknown kind {kind}")
        f.write("</HealthData>\n")


def main():
    args = sys.argv[1:]
    if len(args) not in (3, 5):
        sys.exit(__doc__)
    kind, n, out = args[0], int(args[1]), args[2]
    write(kind, n, out)
    if len(args) == 5 and args[3] == "--zip":
        with zipfile.ZipFile(args[4], "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
            z.write(out, "apple_health_export/export.xml")


if __name__ == "__main__":
    main()
