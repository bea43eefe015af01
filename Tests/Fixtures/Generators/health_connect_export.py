#!/usr/bin/env python3
"""Writes a synthetic Health Connect export ("Export all data": a zip holding one SQLite file,
health_connect_export.db) from the documented format, and what a naive model expects of it.

The tables and columns are those of the Android HealthFitness module's record helpers (facts
only): epoch-millisecond UTC times with zone offsets in seconds and local_date in epoch days,
weight in grams, energy in small calories, basal metabolic rate in watts, 5e-324 for a nutrient
not recorded, sleep sessions with a stages table, heart rate series in a child table, the app
table, per-category app priorities. Two apps write steps over the same hours; some nights are
written as several sessions, some a few seconds long; the offset changes at daylight saving.
Deterministic for a given seed.

--first-day N starts N days after 1 January 2025 (88: 30 March, the spring-forward day).
--priority-gaps has the app Health Connect prefers for activity (shealth) leave some hours out,
and a third app (the scale's) write steps at 06:00 and 07:00, unranked: each hour then counts a
different source under the priority. --no-priority writes no priority rows.

--expect writes a JSON object of what a naive model computes from the rows as they are written
(per local day and series: the sum of the values in Vitals' base units, per source), for the
property tests to compare an import against.

usage: health_connect_export.py --days N --out export.zip [--db FILE] [--seed 1] [--expect FILE]
                                [--version 13] [--heart-per-day 288] [--first-day 0]
                                [--priority-gaps] [--no-priority]
"""
import argparse
import json
import os
import random
import sqlite3
import tempfile
import zipfile

SCHEMA = """
CREATE TABLE application_info_table (row_id INTEGER PRIMARY KEY AUTOINCREMENT, package_name TEXT NOT NULL UNIQUE,
    app_name TEXT, app_icon BLOB, record_types_used TEXT);
CREATE TABLE health_data_category_priority_table (row_id INTEGER PRIMARY KEY AUTOINCREMENT,
    health_data_category INTEGER UNIQUE, app_id_priority_order TEXT);
CREATE TABLE steps_record_table (row_id INTEGER PRIMARY KEY AUTOINCREMENT, uuid BLOB UNIQUE, last_modified_time INTEGER,
    client_record_id TEXT, client_record_version TEXT, device_info_id INTEGER, app_info_id INTEGER, recording_method INTEGER,
    start_time INTEGER NOT NULL, start_zone_offset INTEGER, end_time INTEGER NOT NULL, end_zone_offset INTEGER,
    local_date INTEGER, count INTEGER NOT NULL);
CREATE TABLE distance_record_table (row_id INTEGER PRIMARY KEY AUTOINCREMENT, uuid BLOB UNIQUE, app_info_id INTEGER,
    start_time INTEGER NOT NULL, start_zone_offset INTEGER, end_time INTEGER NOT NULL, end_zone_offset INTEGER,
    local_date INTEGER, distance REAL NOT NULL);
CREATE TABLE active_calories_burned_record_table (row_id INTEGER PRIMARY KEY AUTOINCREMENT, uuid BLOB UNIQUE,
    app_info_id INTEGER, start_time INTEGER NOT NULL, start_zone_offset INTEGER, end_time INTEGER NOT NULL,
    end_zone_offset INTEGER, local_date INTEGER, energy REAL NOT NULL);
CREATE TABLE total_calories_burned_record_table (row_id INTEGER PRIMARY KEY AUTOINCREMENT, uuid BLOB UNIQUE,
    app_info_id INTEGER, start_time INTEGER NOT NULL, start_zone_offset INTEGER, end_time INTEGER NOT NULL,
    end_zone_offset INTEGER, local_date INTEGER, energy REAL NOT NULL);
CREATE TABLE weight_record_table (row_id INTEGER PRIMARY KEY AUTOINCREMENT, uuid BLOB UNIQUE, app_info_id INTEGER,
    time INTEGER NOT NULL, zone_offset INTEGER, local_date INTEGER, weight REAL NOT NULL);
CREATE TABLE body_fat_record_table (row_id INTEGER PRIMARY KEY AUTOINCREMENT, uuid BLOB UNIQUE, app_info_id INTEGER,
    time INTEGER NOT NULL, zone_offset INTEGER, local_date INTEGER, percentage REAL NOT NULL);
CREATE TABLE height_record_table (row_id INTEGER PRIMARY KEY AUTOINCREMENT, uuid BLOB UNIQUE, app_info_id INTEGER,
    time INTEGER NOT NULL, zone_offset INTEGER, local_date INTEGER, height REAL NOT NULL);
CREATE TABLE blood_pressure_record_table (row_id INTEGER PRIMARY KEY AUTOINCREMENT, uuid BLOB UNIQUE, app_info_id INTEGER,
    time INTEGER NOT NULL, zone_offset INTEGER, local_date INTEGER, measurement_location INTEGER, systolic REAL NOT NULL,
    diastolic REAL NOT NULL, body_position INTEGER);
CREATE TABLE blood_glucose_record_table (row_id INTEGER PRIMARY KEY AUTOINCREMENT, uuid BLOB UNIQUE, app_info_id INTEGER,
    time INTEGER NOT NULL, zone_offset INTEGER, local_date INTEGER, specimen_source INTEGER, level REAL NOT NULL,
    relation_to_meal INTEGER, meal_type INTEGER);
CREATE TABLE oxygen_saturation_record_table (row_id INTEGER PRIMARY KEY AUTOINCREMENT, uuid BLOB UNIQUE,
    app_info_id INTEGER, time INTEGER NOT NULL, zone_offset INTEGER, local_date INTEGER, percentage REAL NOT NULL);
CREATE TABLE resting_heart_rate_record_table (row_id INTEGER PRIMARY KEY AUTOINCREMENT, uuid BLOB UNIQUE,
    app_info_id INTEGER, time INTEGER NOT NULL, zone_offset INTEGER, local_date INTEGER, beats_per_minute INTEGER NOT NULL);
CREATE TABLE heart_rate_variability_rmssd_record_table (row_id INTEGER PRIMARY KEY AUTOINCREMENT, uuid BLOB UNIQUE,
    app_info_id INTEGER, time INTEGER NOT NULL, zone_offset INTEGER, local_date INTEGER,
    heart_rate_variability_millis REAL NOT NULL);
CREATE TABLE hydration_record_table (row_id INTEGER PRIMARY KEY AUTOINCREMENT, uuid BLOB UNIQUE, app_info_id INTEGER,
    start_time INTEGER NOT NULL, start_zone_offset INTEGER, end_time INTEGER NOT NULL, end_zone_offset INTEGER,
    local_date INTEGER, volume REAL NOT NULL);
CREATE TABLE nutrition_record_table (row_id INTEGER PRIMARY KEY AUTOINCREMENT, uuid BLOB UNIQUE, app_info_id INTEGER,
    start_time INTEGER NOT NULL, start_zone_offset INTEGER, end_time INTEGER NOT NULL, end_zone_offset INTEGER,
    local_date INTEGER, meal_type INTEGER, meal_name TEXT, energy REAL, protein REAL, total_fat REAL, dietary_fiber REAL);
CREATE TABLE basal_metabolic_rate_record_table (row_id INTEGER PRIMARY KEY AUTOINCREMENT, uuid BLOB UNIQUE,
    app_info_id INTEGER, time INTEGER NOT NULL, zone_offset INTEGER, local_date INTEGER, basal_metabolic_rate REAL NOT NULL);
CREATE TABLE heart_rate_record_table (row_id INTEGER PRIMARY KEY AUTOINCREMENT, uuid BLOB UNIQUE, app_info_id INTEGER,
    start_time INTEGER NOT NULL, start_zone_offset INTEGER, end_time INTEGER NOT NULL, end_zone_offset INTEGER,
    local_date INTEGER);
CREATE TABLE heart_rate_record_series_table (row_id INTEGER PRIMARY KEY AUTOINCREMENT, parent_key INTEGER NOT NULL,
    beats_per_minute INTEGER NOT NULL, epoch_millis INTEGER NOT NULL,
    FOREIGN KEY (parent_key) REFERENCES heart_rate_record_table(row_id) ON DELETE CASCADE);
CREATE TABLE exercise_session_record_table (row_id INTEGER PRIMARY KEY AUTOINCREMENT, uuid BLOB UNIQUE, app_info_id INTEGER,
    start_time INTEGER NOT NULL, start_zone_offset INTEGER, end_time INTEGER NOT NULL, end_zone_offset INTEGER,
    local_date INTEGER, notes TEXT, exercise_type INTEGER NOT NULL, title TEXT);
CREATE TABLE sleep_session_record_table (row_id INTEGER PRIMARY KEY AUTOINCREMENT, uuid BLOB UNIQUE, app_info_id INTEGER,
    start_time INTEGER NOT NULL, start_zone_offset INTEGER, end_time INTEGER NOT NULL, end_zone_offset INTEGER,
    local_date INTEGER, notes TEXT, title TEXT);
CREATE TABLE sleep_stages_table (row_id INTEGER PRIMARY KEY AUTOINCREMENT, parent_key INTEGER NOT NULL,
    stage_start_time INTEGER NOT NULL, stage_end_time INTEGER NOT NULL, stage_type INTEGER NOT NULL,
    FOREIGN KEY (parent_key) REFERENCES sleep_session_record_table(row_id) ON DELETE CASCADE);
"""

APPS = ["com.google.android.apps.fitness", "com.sec.android.app.shealth", "com.withings.wiscale2"]
NOT_RECORDED = 5e-324
# Sleep stage types and the category Vitals stores them as (out of bed: skipped).
STAGES = {1: "awake", 4: "core", 5: "deep", 6: "rem"}
START = 1735689600  # 2025-01-01 00:00:00 UTC


def offset_at(utc):
    """Central European time: +01:00, +02:00 from 30 March to 26 October 2025 (01:00 UTC)."""
    return 7200 if 1743296400 <= utc < 1761440400 else 3600


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--days", type=int, default=10)
    parser.add_argument("--out", required=True, help="the zip to write (or the database with --db-only)")
    parser.add_argument("--db-only", action="store_true", help="write the database itself, not a zip")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--expect", help="where to write the naive model's per-day sums (JSON)")
    parser.add_argument("--version", type=int, default=13, help="the database's user_version")
    parser.add_argument("--heart-per-day", type=int, default=288, help="heart rate samples a day")
    parser.add_argument("--first-day", type=int, default=0, help="days after 1 January 2025 the export starts")
    parser.add_argument("--priority-gaps", action="store_true", help="steps hours only some apps write")
    parser.add_argument("--no-priority", action="store_true", help="no per-category app priorities")
    args = parser.parse_args()
    rng = random.Random(args.seed)

    handle, db_path = tempfile.mkstemp(suffix=".db", dir=os.path.dirname(os.path.abspath(args.out)))
    os.close(handle)
    os.unlink(db_path)
    db = sqlite3.connect(db_path)
    db.executescript(SCHEMA)
    db.execute(f"PRAGMA user_version = {args.version}")
    for name in APPS:
        db.execute("INSERT INTO application_info_table (package_name, app_name) VALUES (?, ?)", (name, name.split(".")[-1]))
    if not args.no_priority:
        db.execute("INSERT INTO health_data_category_priority_table (health_data_category, app_id_priority_order) VALUES (1, '2,1')")
        db.execute("INSERT INTO health_data_category_priority_table (health_data_category, app_id_priority_order) VALUES (2, '3,1')")

    expect = {}  # series -> source -> local day -> sum
    skipped = {"not_recorded": 0, "micro_alone": 0}

    def add(series, app, utc, offset, value):
        day = (utc + offset) // 86400
        source = "health-connect:" + APPS[app - 1]
        per = expect.setdefault(series, {}).setdefault(source, {})
        per[str(day)] = per.get(str(day), 0.0) + value

    uuid = [0]

    def next_uuid():
        uuid[0] += 1
        return uuid[0].to_bytes(16, "big")

    for d in range(args.first_day, args.first_day + args.days):
        midnight = START + d * 86400 - offset_at(START + d * 86400)
        # Steps: both phone apps write the same hours (the peers' double counting), 07:00-22:00.
        for app in (1, 2, 3) if args.priority_gaps else (1, 2):
            for hour in (6, 7) if app == 3 else range(7, 22):
                if args.priority_gaps and app == 2 and rng.random() < 0.3:
                    continue
                utc = midnight + hour * 3600
                off = offset_at(utc)
                count = rng.randint(0, 1500)
                db.execute("INSERT INTO steps_record_table (uuid, app_info_id, start_time, start_zone_offset, end_time,"
                           " end_zone_offset, local_date, count) VALUES (?,?,?,?,?,?,?,?)",
                           (next_uuid(), app, utc * 1000, off, (utc + 3600) * 1000, off, (utc + off) // 86400, count))
                add("steps", app, utc, off, count)
        for hour in range(8, 20, 3):
            utc = midnight + hour * 3600
            off = offset_at(utc)
            energy = rng.randint(20_000, 180_000)  # small calories
            db.execute("INSERT INTO active_calories_burned_record_table (uuid, app_info_id, start_time, start_zone_offset,"
                       " end_time, end_zone_offset, local_date, energy) VALUES (?,?,?,?,?,?,?,?)",
                       (next_uuid(), 1, utc * 1000, off, (utc + 3600) * 1000, off, (utc + off) // 86400, float(energy)))
            add("active_energy", 1, utc, off, energy / 1000)
            meters = rng.uniform(100, 2000)
            db.execute("INSERT INTO distance_record_table (uuid, app_info_id, start_time, start_zone_offset, end_time,"
                       " end_zone_offset, local_date, distance) VALUES (?,?,?,?,?,?,?,?)",
                       (next_uuid(), 1, utc * 1000, off, (utc + 3600) * 1000, off, (utc + off) // 86400, meters))
            add("HKQuantityTypeIdentifierDistanceWalkingRunning", 1, utc, off, meters)
        # Weight in grams, every morning, from the scale's app.
        utc = midnight + 7 * 3600 + rng.randint(0, 1800)
        off = offset_at(utc)
        grams = round(rng.uniform(68_000, 72_000), 1)
        db.execute("INSERT INTO weight_record_table (uuid, app_info_id, time, zone_offset, local_date, weight) VALUES (?,?,?,?,?,?)",
                   (next_uuid(), 3, utc * 1000, off, (utc + off) // 86400, grams))
        add("body_mass", 3, utc, off, grams / 1000)
        fat = round(rng.uniform(18, 24), 1)
        db.execute("INSERT INTO body_fat_record_table (uuid, app_info_id, time, zone_offset, local_date, percentage) VALUES (?,?,?,?,?,?)",
                   (next_uuid(), 3, utc * 1000, off, (utc + off) // 86400, fat))
        add("body_fat", 3, utc, off, fat)
        db.execute("INSERT INTO blood_pressure_record_table (uuid, app_info_id, time, zone_offset, local_date, systolic, diastolic)"
                   " VALUES (?,?,?,?,?,?,?)", (next_uuid(), 3, utc * 1000, off, (utc + off) // 86400, 118.0 + d % 7, 76.0 + d % 5))
        add("blood_pressure_systolic", 3, utc, off, 118.0 + d % 7)
        add("blood_pressure_diastolic", 3, utc, off, 76.0 + d % 5)
        rhr = rng.randint(52, 64)
        db.execute("INSERT INTO resting_heart_rate_record_table (uuid, app_info_id, time, zone_offset, local_date, beats_per_minute)"
                   " VALUES (?,?,?,?,?,?)", (next_uuid(), 2, utc * 1000, off, (utc + off) // 86400, rhr))
        add("resting_heart_rate", 2, utc, off, rhr)
        db.execute("INSERT INTO basal_metabolic_rate_record_table (uuid, app_info_id, time, zone_offset, local_date,"
                   " basal_metabolic_rate) VALUES (?,?,?,?,?,?)", (next_uuid(), 3, utc * 1000, off, (utc + off) // 86400, 80.0))
        add("health_connect_basal_metabolic_rate", 3, utc, off, 80.0 * 86400 / 4184)
        # Meals: protein in grams, energy in small calories; a snack without protein recorded.
        for meal, hour in ((1, 8), (2, 12), (3, 19), (4, 16)):
            utc = midnight + hour * 3600
            off = offset_at(utc)
            protein = NOT_RECORDED if meal == 4 else round(rng.uniform(10, 45), 1)
            db.execute("INSERT INTO nutrition_record_table (uuid, app_info_id, start_time, start_zone_offset, end_time,"
                       " end_zone_offset, local_date, meal_type, energy, protein) VALUES (?,?,?,?,?,?,?,?,?,?)",
                       (next_uuid(), 1, utc * 1000, off, (utc + 900) * 1000, off, (utc + off) // 86400, meal,
                        float(rng.randint(200_000, 700_000)), protein))
            if protein == NOT_RECORDED:
                skipped["not_recorded"] += 1
            else:
                add("protein", 1, utc, off, protein)
        utc = midnight + 10 * 3600
        off = offset_at(utc)
        db.execute("INSERT INTO hydration_record_table (uuid, app_info_id, start_time, start_zone_offset, end_time,"
                   " end_zone_offset, local_date, volume) VALUES (?,?,?,?,?,?,?,?)",
                   (next_uuid(), 1, utc * 1000, off, utc * 1000, off, (utc + off) // 86400, 0.25))
        add("water", 1, utc, off, 0.25)
        # Heart rate: one record a day with its series in the child table.
        utc = midnight
        off = offset_at(utc)
        cursor = db.execute("INSERT INTO heart_rate_record_table (uuid, app_info_id, start_time, start_zone_offset, end_time,"
                            " end_zone_offset, local_date) VALUES (?,?,?,?,?,?,?)",
                            (next_uuid(), 2, utc * 1000, off, (utc + 86399) * 1000, off, (utc + off) // 86400))
        parent = cursor.lastrowid
        step = 86400 // max(1, args.heart_per_day)
        rows = []
        for i in range(args.heart_per_day):
            bpm = rng.randint(50, 150)
            rows.append((parent, bpm, (utc + i * step) * 1000 + 250))
            add("heart_rate", 2, utc + i * step, off, bpm)
        db.executemany("INSERT INTO heart_rate_record_series_table (parent_key, beats_per_minute, epoch_millis) VALUES (?,?,?)", rows)
        # A run on odd days: 30 to 60 minutes.
        if d % 2:
            utc = midnight + 18 * 3600
            off = offset_at(utc)
            minutes = rng.randint(30, 60)
            db.execute("INSERT INTO exercise_session_record_table (uuid, app_info_id, start_time, start_zone_offset, end_time,"
                       " end_zone_offset, local_date, exercise_type, title) VALUES (?,?,?,?,?,?,?,?,?)",
                       (next_uuid(), 2, utc * 1000, off, (utc + minutes * 60) * 1000, off, (utc + off) // 86400, 56, "Run"))
            add("cardio", 2, utc, off, minutes)
        # The night from 23:00: stages of 30 minutes; every third night also written as a few
        # sessions, two of them under a minute (one beside the night, one alone at noon).
        night = midnight + 23 * 3600
        off = offset_at(night)
        cursor = db.execute("INSERT INTO sleep_session_record_table (uuid, app_info_id, start_time, start_zone_offset, end_time,"
                            " end_zone_offset, local_date, title) VALUES (?,?,?,?,?,?,?,?)",
                            (next_uuid(), 2, night * 1000, off, (night + 8 * 3600) * 1000, off, (night + off) // 86400, "Night"))
        session = cursor.lastrowid
        add("sleep_analysis:in_bed", 2, night, off, 8 * 60)
        for i in range(16):
            stage = rng.choice([1, 4, 4, 5, 6])
            start = night + i * 1800
            db.execute("INSERT INTO sleep_stages_table (parent_key, stage_start_time, stage_end_time, stage_type) VALUES (?,?,?,?)",
                       (session, start * 1000, (start + 1800) * 1000, stage))
            add("sleep_analysis:" + STAGES[stage], 2, start, off, 30)
        if d % 3 == 0:
            micro = night + 8 * 3600 + 120
            db.execute("INSERT INTO sleep_session_record_table (uuid, app_info_id, start_time, start_zone_offset, end_time,"
                       " end_zone_offset, local_date) VALUES (?,?,?,?,?,?,?)",
                       (next_uuid(), 2, micro * 1000, off, (micro + 30) * 1000, off, (micro + off) // 86400))
            add("sleep_analysis:asleep_unspecified", 2, micro, off, 0.5)
            # Merged into the night, the micro-session extends its time in bed to its end.
            add("sleep_analysis:in_bed", 2, night, off, (micro + 30 - (night + 8 * 3600)) / 60)
            alone = midnight + 12 * 3600
            db.execute("INSERT INTO sleep_session_record_table (uuid, app_info_id, start_time, start_zone_offset, end_time,"
                       " end_zone_offset, local_date) VALUES (?,?,?,?,?,?,?)",
                       (next_uuid(), 2, alone * 1000, off, (alone + 40) * 1000, off, (alone + off) // 86400))
            skipped["micro_alone"] += 1
    db.commit()
    db.close()
    if args.db_only:
        os.replace(db_path, args.out)
    else:
        with zipfile.ZipFile(args.out, "w", zipfile.ZIP_DEFLATED) as archive:
            archive.write(db_path, "health_connect_export.db")
        os.unlink(db_path)
    if args.expect:
        with open(args.expect, "w") as out:
            json.dump({"sums": expect, "skipped": skipped}, out, sort_keys=True)


if __name__ == "__main__":
    main()
