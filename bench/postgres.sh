#!/usr/bin/env bash
# PostgreSQL scale benchmark: a throwaway cluster (initdb in $BENCH_DIR, loopback only), then
#  1. import: `vitals import apple-health` of one synthetic export into a SQLite file, into the
#     server with COPY (the default) and with multi-row INSERTs (VITALS_PG_BULK_INSERT=insert);
#  2. scale: the demo data's subject `me` plus SUBJECTS-1 clones of it (older years added until
#     each subject holds SAMPLES/SUBJECTS samples), generated server-side with generate_series;
#  3. render: `render --all` for `me` on the server vs on me's own SQLite file, alternating runs;
#  4. WRITERS concurrent writers each running `vitals log` LOGS times, counting errors and rows.
#
# usage: bench/postgres.sh                       (SUBJECTS=1000 SAMPLES=50000000)
#        SAMPLES=5000000 RUNS=5 bench/postgres.sh (what fits in a few minutes)
#        IMPORT_RECORDS=200000 (0: no import step), WRITERS=50, LOGS=10 (each writer), RUNS=7,
#        BENCH_DIR=/tmp/vitals-pg-bench, VITALS_BIN=… (no build)
# Needs: Debian's postgresql (initdb, pg_ctl, psql), python3 for the export generator.
set -euo pipefail
cd "$(dirname "$0")/.."
SUBJECTS=${SUBJECTS:-1000}
SAMPLES=${SAMPLES:-50000000}
RUNS=${RUNS:-7}
WRITERS=${WRITERS:-50}
IMPORT_RECORDS=${IMPORT_RECORDS:-200000}
WORK=${BENCH_DIR:-/tmp/vitals-pg-bench}
AS_OF=2026-11-20
mkdir -p "$WORK"

if [ -n "${VITALS_BIN:-}" ]; then VITALS=$VITALS_BIN; else
  echo "== building vitals (release)" >&2
  swift build -c release --traits PostgreSQL --product vitals >&2
  VITALS=$(swift build -c release --traits PostgreSQL --show-bin-path)/vitals
fi
PGBIN=${PG_BINDIR:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)}
[ -x "$PGBIN/initdb" ] || { echo "bench/postgres.sh: no PostgreSQL server programs (apt-get install postgresql)" >&2; exit 2; }
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }

# The cluster: made once, started when not running; fast and unsafe settings for a benchmark.
PORT=${BENCH_PG_PORT:-55439}
if [ ! -d "$WORK/data" ]; then
  [ "$(id -u)" = 0 ] && chown postgres "$WORK"
  as_pg "$PGBIN/initdb" -D "$WORK/data" -U postgres --auth=trust --no-sync -E UTF8 --locale=C >/dev/null
fi
if ! as_pg "$PGBIN/pg_ctl" -D "$WORK/data" status >/dev/null 2>&1; then
  as_pg "$PGBIN/pg_ctl" -D "$WORK/data" -l "$WORK/server.log" -w start -o "-c listen_addresses=127.0.0.1 -p $PORT -k $WORK \
    -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200 -c shared_buffers=1GB \
    -c maintenance_work_mem=1GB -c max_wal_size=8GB -c timezone=UTC" >/dev/null
fi
unset PGPASSWORD PGSERVICE; export PGPASSFILE=/nonexistent NO_COLOR=1
psql_() { "$PGBIN/psql" -X -q -A -t -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$PORT" -U postgres "$@"; }
url() { echo "postgres://postgres@127.0.0.1:$PORT/$1?sslmode=disable"; }
now() { date +%s.%N; }

echo "PostgreSQL $("$PGBIN/postgres" --version | awk '{print $3}'), $(nproc) cores, vitals $("$VITALS" --version)"

# 1. Import speed (IMPORT_RECORDS=0 leaves it out).
if [ "$IMPORT_RECORDS" -gt 0 ]; then
export_zip=$WORK/export-$IMPORT_RECORDS.zip
[ -f "$export_zip" ] || python3 bench/generate_export.py --records "$IMPORT_RECORDS" --out "$WORK/export-$IMPORT_RECORDS.xml" --zip "$export_zip" >/dev/null
echo
echo "== import apple-health, $IMPORT_RECORDS records (fresh database each time, best of 3)"
import_best() { # NAME SETUP TARGET [ENV…]
  local name=$1 setup=$2 target=$3; shift 3
  local best=
  for _ in 1 2 3; do
    eval "$setup"
    local s e; s=$(now); env "$@" "$VITALS" import apple-health "$export_zip" --db "$target" --quiet >/dev/null; e=$(now)
    best=$(awk -v a="${best:-1e9}" -v b="$(awk -v s="$s" -v e="$e" 'BEGIN{print e-s}')" 'BEGIN{print (b<a)?b:a}')
  done
  awk -v n="$name" -v t="$best" -v r="$IMPORT_RECORDS" 'BEGIN { printf "%-34s %6.2f s  %9.0f records/s\n", n, t, r / t }'
}
sqlite_setup='rm -f "$WORK/import.sqlite"*'
pg_setup='psql_ -d postgres -c "DROP DATABASE IF EXISTS vitals_import" -c "CREATE DATABASE vitals_import"'
import_best "SQLite file" "$sqlite_setup" "$WORK/import.sqlite" X=1
import_best "PostgreSQL, COPY" "$pg_setup" "$(url vitals_import)" X=1
copied=$(psql_ -d vitals_import -c "SELECT count(*) FROM sample")
import_best "PostgreSQL, multi-row INSERT" "$pg_setup" "$(url vitals_import)" VITALS_PG_BULK_INSERT=insert
inserted=$(psql_ -d vitals_import -c "SELECT count(*) FROM sample")
echo "rows stored: SQLite $(sqlite3 "$WORK/import.sqlite" 'SELECT count(*) FROM sample' 2>/dev/null || echo '?'), COPY $copied, INSERT $inserted"
fi

# 2. The scale database.
DB=vitals_scale_${SUBJECTS}_${SAMPLES}
file=$WORK/me.sqlite
[ -f "$file" ] || "$VITALS" demo --db "$file" --as-of "$AS_OF" >/dev/null
# The server keeps only me's demo samples (and the clones'); so does the file, so that the two
# renders are of the same data.
sqlite3 "$file" "DELETE FROM sample WHERE subject <> 'me'"
if [ "$(psql_ -d postgres -c "SELECT count(*) FROM pg_database WHERE datname = '$DB'")" = 0 ]; then
  echo
  echo "== generating $DB ($SUBJECTS subjects, about $SAMPLES samples)"
  # Made under another name and renamed when complete: an interrupted run leaves no database
  # that a later run would take for a finished one.
  final=$DB; DB=${final}_loading
  psql_ -d postgres -c "DROP DATABASE IF EXISTS $DB" -c "CREATE DATABASE $DB"
  "$VITALS" demo --db "$(url "$DB")" --as-of "$AS_OF" >/dev/null
  psql_ -d "$DB" -c "DELETE FROM sample WHERE subject <> 'me'"
  per=$(psql_ -d "$DB" -c "SELECT count(*) FROM sample")
  # Each clone holds me's samples once, and again shifted back 1, 2, … years, the last copy
  # thinned (samples whose id falls in the first `keep` of every 1,000) so that the clones
  # together hold about SAMPLES samples.
  want=$(( SAMPLES / SUBJECTS ))
  years=$(( (want + per - 1) / per ))
  keep=$(( (want - (years - 1) * per) * 1000 / per ))
  # Copies are shifted back by whole 365-day years beyond the span of me's data, so that no
  # copy lands on another's natural key.
  shift=$(psql_ -d "$DB" -c "SELECT (floor((max(\"end\") - min(start)) / 31536.0e3) + 1)::bigint * 31536000 FROM sample")
  echo "me holds $per demo samples; each clone gets them $((years - 1)) time(s) whole and once more $keep/1000 of them, shifted back $((shift / 31536000)) years each time"
  s=$(now)
  # Indexes and the trigger off while loading, back on after (what a bulk load does).
  psql_ -d "$DB" <<SQL
ALTER TABLE sample DROP CONSTRAINT sample_natural_key;
DROP INDEX sample_series_subject_local; DROP INDEX sample_key_hash; DROP INDEX sample_xact;
ALTER TABLE sample DISABLE TRIGGER sample_fill_local_start;
SQL
  chunk=50
  for ((first = 1; first < SUBJECTS; first += chunk)); do
    last=$(( first + chunk - 1 < SUBJECTS - 1 ? first + chunk - 1 : SUBJECTS - 1 ))
    psql_ -d "$DB" -c "
      INSERT INTO sample (series, subject, start, \"end\", utc_offset, value, category, tag, source, local_start)
      SELECT s.series, 'bench_' || lpad(g::text, 4, '0'), s.start - y * $shift, s.\"end\" - y * $shift,
             s.utc_offset, s.value, s.category, s.tag, s.source, s.local_start - y * $shift
      FROM sample s, generate_series($first, $last) g, generate_series(0, $((years - 1))) y
      WHERE s.subject = 'me' AND (y < $((years - 1)) OR s.id % 1000 < $keep)"
    printf '\r  subjects %d/%d' "$last" "$((SUBJECTS - 1))" >&2
  done
  echo >&2
  load=$(awk -v s="$s" -v e="$(now)" 'BEGIN{print e-s}')
  s=$(now)
  psql_ -d "$DB" <<SQL
ALTER TABLE sample ENABLE TRIGGER sample_fill_local_start;
ALTER TABLE sample ADD CONSTRAINT sample_natural_key UNIQUE (series, subject, start, "end", value, category, tag, source);
CREATE INDEX sample_series_subject_local ON sample(series, subject, local_start, value) INCLUDE (category, tag, source);
CREATE INDEX sample_key_hash ON sample(key_hash);
CREATE INDEX sample_xact ON sample(xact, id);
VACUUM ANALYZE sample;
SQL
  index=$(awk -v s="$s" -v e="$(now)" 'BEGIN{print e-s}')
  printf 'loaded in %.0f s, indexed and vacuumed in %.0f s\n' "$load" "$index"
  psql_ -d postgres -c "ALTER DATABASE $DB RENAME TO $final"
  DB=$final
fi
total=$(psql_ -d "$DB" -c "SELECT count(*) FROM sample")
subjects=$(psql_ -d "$DB" -c "SELECT count(DISTINCT subject) FROM sample")
echo
echo "== $DB: $total samples, $subjects subjects, $(psql_ -d "$DB" -c "SELECT pg_size_pretty(pg_database_size('$DB'))")"

# (A scale database left by an older vitals must first be brought to this build's schema by a
# writing command, e.g. one `vitals log … --db URL`: reading commands refuse an older schema.)
# 3. Render of me's screens (the catalog binds them to subject me) from three places: me's own
#    file; a server database holding only me's samples (what the backend itself costs); the
#    scale database, where me is one of SUBJECTS subjects (what the other subjects cost).
#    Alternating A B C A B C, medians of wall time and of the client's CPU time.
SMALL=vitals_me_only
if [ "$(psql_ -d postgres -c "SELECT count(*) FROM pg_database WHERE datname = '$SMALL'")" = 0 ]; then
  psql_ -d postgres -c "CREATE DATABASE ${SMALL}_loading"
  "$VITALS" demo --db "$(url ${SMALL}_loading)" --as-of "$AS_OF" >/dev/null
  psql_ -d ${SMALL}_loading -c "DELETE FROM sample WHERE subject <> 'me'" -c "VACUUM ANALYZE sample"
  psql_ -d postgres -c "ALTER DATABASE ${SMALL}_loading RENAME TO $SMALL"
fi
render() { "$VITALS" render --all --children --as-of "$AS_OF" --width 100 --db "$1" > "$2"; }
render "$file" "$WORK/render-file.txt"; render "$(url "$DB")" "$WORK/render-server.txt"
render "$(url "$SMALL")" "$WORK/render-small.txt"
same=identical
cmp -s "$WORK/render-file.txt" "$WORK/render-server.txt" || same=DIFFERENT
cmp -s "$WORK/render-file.txt" "$WORK/render-small.txt" || same=DIFFERENT
echo
echo "== render --all --children, me's screens ($RUNS alternating runs each; the three outputs $same)"
python3 - "$RUNS" "$VITALS" "$AS_OF" "$file" "$(url "$SMALL")" "$(url "$DB")" <<'PY'
import os, statistics, sys
sys.path.insert(0, "bench")
from measure import Command
runs, vitals, as_of, places = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4:]
labels = ["me.sqlite (me's own file)", "server, only me's samples", "server, all subjects"]
commands = [Command([vitals, "render", "--all", "--children", "--as-of", as_of, "--width", "100", "--db", place])
            for place in places]
for c in commands:
    c.run()
results = [[] for _ in commands]
for _ in range(runs):
    for c, r in zip(commands, results):
        r.append(c.run())
wall = [statistics.median(x.wall for x in r) for r in results]
cpu = [statistics.median(x.cpu for x in r) for r in results]
for label, w, c in zip(labels, wall, cpu):
    print(f"  {label:<28} wall {w * 1e3:7.1f} ms   client cpu {c * 1e3:6.1f} ms   wall / file {w / wall[0]:5.2f}x")
print(f"  all subjects / only me: wall {wall[2] / wall[1]:.2f}x (what the other subjects' samples cost)")
PY

# 4. Concurrent writers: WRITERS processes at once, each logging LOGS weights one after another
#    (values distinct across all of them, so every one is a new sample).
LOGS=${LOGS:-10}
rm -f "$WORK"/writer-*
before=$(psql_ -d "$DB" -c "SELECT count(*) FROM sample")
s=$(now)
pids=()
for i in $(seq "$WRITERS"); do
  (
    status=0
    for k in $(seq "$LOGS"); do
      "$VITALS" log body_mass "$((40 + i)).$(printf '%02d' "$k")" --subject me --note "writer $i, entry $k" --db "$(url "$DB")" \
        >>"$WORK/writer-$i.out" 2>>"$WORK/writer-$i.err" || status=1
    done
    exit "$status"
  ) &
  pids+=($!)
done
failed=0
for pid in "${pids[@]}"; do wait "$pid" || failed=$((failed + 1)); done
e=$(now)
after=$(psql_ -d "$DB" -c "SELECT count(*) FROM sample")
echo
echo "== $WRITERS concurrent writers, each running vitals log $LOGS times, against the server"
awk -v w="$WRITERS" -v f="$failed" -v n="$((after - before))" -v want="$((WRITERS * LOGS))" -v t="$(awk -v s="$s" -v e="$e" 'BEGIN{print e-s}')" \
  'BEGIN { printf "%d of %d writers had every log exit 0; %d new samples of %d logged; %.2f s (%.0f logs/s)\n", w - f, w, n, want, t, want / t }'
[ "$failed" = 0 ] || { echo "errors:"; cat "$WORK"/writer-*.err | sort | uniq -c | head; }
