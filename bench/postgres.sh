#!/usr/bin/env bash
# PostgreSQL scale benchmark: a throwaway cluster (initdb in $BENCH_DIR, loopback only), then
#  1. import: `vitals import apple-health` of one synthetic export into a SQLite file, into the
#     server with COPY (the default) and with multi-row INSERTs (VITALS_PG_BULK_INSERT=insert);
#  2. scale: the demo data's subject `me` plus SUBJECTS-1 clones of it (older years added until
#     each subject holds SAMPLES/SUBJECTS samples), generated server-side with generate_series;
#  3. render: `render --all` for `me` on the server vs on me's own SQLite file, alternating runs;
#  4. WRITERS concurrent `vitals log` processes against the server, counting errors.
#
# usage: bench/postgres.sh                       (SUBJECTS=1000 SAMPLES=50000000)
#        SAMPLES=5000000 RUNS=5 bench/postgres.sh (what fits in a few minutes)
#        IMPORT_RECORDS=200000, WRITERS=50, BENCH_DIR=/tmp/vitals-pg-bench, VITALS_BIN=… (no build)
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
  swift build -c release --product vitals >&2
  VITALS=$(swift build -c release --show-bin-path)/vitals
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
  echo "me holds $per demo samples; each clone gets them $((years - 1)) time(s) whole and once more $keep/1000 of them, shifted back a year each time"
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
      SELECT s.series, 'bench_' || lpad(g::text, 4, '0'), s.start - y * 31536000, s.\"end\" - y * 31536000,
             s.utc_offset, s.value, s.category, s.tag, s.source, s.local_start - y * 31536000
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

# 3. Render of me's screens: server vs me's own file, alternating, median of RUNS each.
render() { "$VITALS" render --all --children --subject me --as-of "$AS_OF" --width 100 --db "$1" > "$2"; }
render "$file" "$WORK/render-file.txt"; render "$(url "$DB")" "$WORK/render-server.txt"
if cmp -s "$WORK/render-file.txt" "$WORK/render-server.txt"; then same="identical"; else same="DIFFERENT"; fi
file_times=(); server_times=()
for _ in $(seq "$RUNS"); do
  s=$(now); render "$file" /dev/null; e=$(now); file_times+=("$(awk -v s="$s" -v e="$e" 'BEGIN{print e-s}')")
  s=$(now); render "$(url "$DB")" /dev/null; e=$(now); server_times+=("$(awk -v s="$s" -v e="$e" 'BEGIN{print e-s}')")
done
median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {print (NR%2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }
mf=$(median "${file_times[@]}"); ms=$(median "${server_times[@]}")
echo
echo "== render --all --children --subject me ($RUNS alternating runs each, median wall time; output $same)"
awk -v f="$mf" -v s="$ms" 'BEGIN { printf "me.sqlite (own file)   %7.3f s\nserver (%s)  %7.3f s\nratio server/file      %7.2f\n", f, "all subjects", s, s / f }'

# 4. Concurrent writers.
before=$(psql_ -d "$DB" -c "SELECT count(*) FROM sample")
s=$(now)
pids=()
for i in $(seq "$WRITERS"); do
  "$VITALS" log body_mass "$((60 + i)).$((RANDOM % 10))5" --subject me --note "writer $i $RANDOM" --db "$(url "$DB")" \
    >"$WORK/writer-$i.out" 2>"$WORK/writer-$i.err" &
  pids+=($!)
done
failed=0
for pid in "${pids[@]}"; do wait "$pid" || failed=$((failed + 1)); done
e=$(now)
after=$(psql_ -d "$DB" -c "SELECT count(*) FROM sample")
echo
echo "== $WRITERS concurrent vitals log processes against the server"
awk -v w="$WRITERS" -v f="$failed" -v n="$((after - before))" -v t="$(awk -v s="$s" -v e="$e" 'BEGIN{print e-s}')" \
  'BEGIN { printf "%d of %d exited 0, %d new samples, all done in %.2f s\n", w - f, w, n, t }'
[ "$failed" = 0 ] || { echo "errors:"; cat "$WORK"/writer-*.err | sort | uniq -c | head; }
