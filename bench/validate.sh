#!/usr/bin/env bash
# Times `vitals validate` (release build) on generated catalogs of 200 and 2,000 screens
# (2,000 and 20,000 metrics) to show the cost and that it grows linearly.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product vitals >/dev/null
BIN="$(swift build -c release --show-bin-path)/vitals"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
for screens in 200 2000; do
  python3 bench/gen_catalog.py "$WORK/c$screens" "$screens"
  "$BIN" validate --catalog "$WORK/c$screens" >/dev/null   # warm the file cache
  best=$(python3 - "$BIN" "$WORK/c$screens" "$WORK/out.txt" <<'PY'
import subprocess, sys, time
best = None
for _ in range(5):
    start = time.perf_counter()
    with open(sys.argv[3], "w") as out:
        subprocess.run([sys.argv[1], "validate", "--catalog", sys.argv[2]], stdout=out, check=False)
    elapsed = time.perf_counter() - start
    best = elapsed if best is None else min(best, elapsed)
print(f"{best:.3f}")
PY
)
  files=$(find "$WORK/c$screens" -name '*.yaml' | wc -l)
  printf 'validate %5d screens %6d metrics %5d files: best of 5 = %s s   (%s)\n' \
    "$screens" $((screens * 10)) "$files" "$best" "$(tail -1 "$WORK/out.txt")"
done
