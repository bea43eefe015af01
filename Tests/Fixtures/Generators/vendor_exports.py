#!/usr/bin/env python3
"""Writes synthetic Withings, Cronometer and Health Auto Export files from their documented
formats, with what a naive model expects of each (per local day, series and source: the sum
of the values in Vitals' base units), for the property tests. Deterministic for a seed.

  vendor_exports.py withings --days N --out withings.zip --expect expect.json [--tz-offset 3600]
  vendor_exports.py cronometer --days N --out servings.csv --summary dailysummary.csv --expect expect.json
  vendor_exports.py health-auto-export --days N --out export.json --expect expect.json
  vendor_exports.py health-auto-export-csv --days N --out export.csv --expect expect.json

Health Auto Export's JSON has metrics and workouts (its documented version 2 workout fields:
name, start, end, duration in seconds, activeEnergyBurned and distance as {qty, units}; every
third day the version 1 spelling activeEnergy). Its CSV is one row per hour, a Date column and
a column per metric with the unit in the header ("Step Count (count)").

Withings and Cronometer write local times without an offset: the generator writes them at a
fixed offset (--tz-offset seconds, default 0) and the tests read them in a zone of that offset.
"""
import argparse
import json
import random
import zipfile
from datetime import datetime, timedelta, timezone

START = datetime(2025, 3, 1)


class Model:
    def __init__(self):
        self.sums = {}

    def add(self, series, source, local, value):
        day = str((local - datetime(1970, 1, 1)).days)
        per = self.sums.setdefault(series, {}).setdefault(source, {})
        per[day] = per.get(day, 0.0) + value

    def write(self, path, **extra):
        with open(path, "w") as out:
            json.dump({"sums": self.sums, **extra}, out, sort_keys=True)


def withings(args, rng):
    model = Model()
    offset = timedelta(seconds=args.tz_offset)
    zone = "%+03d:%02d" % divmod(args.tz_offset // 60, 60) if args.tz_offset >= 0 else "-%02d:%02d" % divmod(-args.tz_offset // 60, 60)
    weight = ['Date,"Weight (kg)","Fat mass (kg)","Bone mass (kg)","Muscle mass (kg)","Hydration (kg)",Comments']
    bp = ["Date,Heart rate,Systolic,Diastolic,Comments"]
    sleep = ["from,to,light (s),deep (s),rem (s),awake (s),wake up,Duration to sleep (s)"]
    steps = ["start,duration,value"]
    for d in range(args.days):
        day = START + timedelta(days=d)
        at = day + timedelta(hours=7, minutes=rng.randint(0, 59))
        kg = round(rng.uniform(70, 74), 2)
        fat = round(kg * rng.uniform(0.18, 0.22), 2)
        weight.append(f'{at:%Y-%m-%d %H:%M:%S},{kg},{fat},3.1,{round(kg - fat - 3.1, 2)},{round(kg * 0.55, 2)},')
        model.add("body_mass", "withings", at, kg)
        model.add("body_fat", "withings", at, fat / kg * 100)
        sys_, dia, hr = rng.randint(110, 130), rng.randint(70, 85), rng.randint(55, 70)
        bp.append(f"{at:%Y-%m-%d %H:%M:%S},{hr},{sys_},{dia},")
        model.add("blood_pressure_systolic", "withings", at, sys_)
        model.add("blood_pressure_diastolic", "withings", at, dia)
        model.add("heart_rate", "withings", at, hr)
        start = day + timedelta(hours=23, minutes=rng.randint(0, 30))
        light, deep, rem, awake = (rng.randint(10, 20) * 600 for _ in range(4))
        end = start + timedelta(seconds=light + deep + rem + awake)
        sleep.append(f"{start:%Y-%m-%dT%H:%M:%S}{zone},{end:%Y-%m-%dT%H:%M:%S}{zone},{light},{deep},{rem},{awake},1,600")
        model.add("sleep_analysis:in_bed", "withings", start, (end - start).total_seconds() / 60)
        cursor = start
        for category, seconds in (("core", light), ("deep", deep), ("rem", rem), ("awake", awake)):
            model.add("sleep_analysis:" + category, "withings", cursor, seconds / 60)
            cursor += timedelta(seconds=seconds)
        for hour in range(8, 21, 4):
            begin = day + timedelta(hours=hour)
            counts = [rng.randint(0, 400) for _ in range(6)]
            steps.append(f'{begin:%Y-%m-%dT%H:%M:%S}{zone},"[{",".join(["600"] * 6)}]","[{",".join(map(str, counts))}]"')
            for i, count in enumerate(counts):
                model.add("steps", "withings", begin + timedelta(seconds=600 * i), count)
    with zipfile.ZipFile(args.out, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, lines in (("weight.csv", weight), ("bp.csv", bp), ("sleep.csv", sleep), ("raw_tracker_steps.csv", steps)):
            archive.writestr(name, "\n".join(lines) + "\n")
    model.write(args.expect)


NUTRIENTS = ["Energy (kcal)", "Alcohol (g)", "Caffeine (mg)", "Water (g)", "B1 (Thiamine) (mg)", "Fiber (g)",
             "Protein (g)", "Fat (g)", "Carbs (g)"]


def cronometer(args, rng):
    model = Model()
    servings = ["Day,Time,Group,Food Name,Amount," + ",".join(NUTRIENTS) + ",Category"]
    summary = ["Date,Energy (kcal),Protein (g),Fiber (g),Completed"]
    for d in range(args.days):
        day = START + timedelta(days=d)
        protein_total = fiber_total = energy_total = 0.0
        for group, hour in (("Breakfast", 8), ("Lunch", 12), ("Dinner", 19), ("Snacks", 16)):
            for _ in range(rng.randint(1, 3)):
                at = day + timedelta(hours=hour, minutes=rng.choice([0, 15, 30]))
                food = rng.choice(["Eggs, Whole", "Oats, Rolled", "Chicken Breast", "Greek Yogurt", "Apple"])
                protein, fiber, energy = round(rng.uniform(1, 35), 2), round(rng.uniform(0, 8), 2), round(rng.uniform(50, 600), 1)
                values = {"Energy (kcal)": energy, "Protein (g)": protein, "Fiber (g)": fiber, "Water (g)": 120.0,
                          "Caffeine (mg)": 0.0 if group != "Breakfast" else 80.0}
                row = [f"{day:%Y-%m-%d}", f"{at:%H:%M}", group, f'"{food}"', "1.00 serving"]
                row += [str(values.get(name, "")) for name in NUTRIENTS] + ["Food"]
                servings.append(",".join(row))
                tag = "snack" if group == "Snacks" else group.lower()
                model.add("protein", "cronometer", at, protein)
                model.add("fiber", "cronometer", at, fiber)
                model.add("water", "cronometer", at, 0.12)
                protein_total += protein
                fiber_total += fiber
                energy_total += energy
        completed = "true" if d % 4 else "false"
        summary.append(f"{day:%Y-%m-%d},{energy_total:.1f},{protein_total:.2f},{fiber_total:.2f},{completed}")
        model.add("cronometer_day_completed", "cronometer", day, 1.0 if completed == "true" else 0.0)
    with open(args.out, "w") as out:
        out.write("\n".join(servings) + "\n")
    with open(args.summary, "w") as out:
        out.write("\n".join(summary) + "\n")
    model.write(args.expect)


def health_auto_export(args, rng):
    model = Model()
    tz = timezone(timedelta(hours=1))
    steps, weights, hearts, proteins, pressures = [], [], [], [], []
    for d in range(args.days):
        day = datetime(2025, 12, 1, tzinfo=tz) + timedelta(days=d)
        local = day.replace(tzinfo=None)
        for hour in range(7, 22, 2):
            for source in ("iPhone", "Apple Watch"):
                at = day + timedelta(hours=hour, minutes=12, seconds=43)
                qty = rng.randint(0, 900)
                steps.append({"date": at.strftime("%Y-%m-%d %H:%M:%S %z"), "qty": qty, "source": source})
                model.add("steps", "health-auto-export:" + source, local + timedelta(hours=hour), qty)
        at = day + timedelta(hours=7)
        lb = round(rng.uniform(150, 160), 1)
        weights.append({"date": at.strftime("%Y-%m-%d %H:%M:%S %z"), "qty": lb, "source": "Withings"})
        model.add("body_mass", "health-auto-export:Withings", local, lb * 0.45359237)
        for hour in range(0, 24, 6):
            at = day + timedelta(hours=hour)
            avg = rng.randint(55, 90)
            hearts.append({"date": at.strftime("%Y-%m-%d %H:%M:%S %z"), "Min": avg - 5, "Avg": avg, "Max": avg + 9,
                           "source": "Apple Watch"})
            model.add("heart_rate", "health-auto-export:Apple Watch", local, avg)
        at = day + timedelta(hours=12)
        grams = round(rng.uniform(20, 40), 1)
        proteins.append({"date": at.strftime("%Y-%m-%d %H:%M:%S %z"), "qty": grams, "source": "Cronometer"})
        model.add("protein", "health-auto-export:Cronometer", local, grams)
        pressures.append({"date": (day + timedelta(hours=8)).strftime("%Y-%m-%d %H:%M:%S %z"), "systolic": 121,
                          "diastolic": 79, "source": "Omron"})
        model.add("blood_pressure_systolic", "health-auto-export:Omron", local, 121)
        model.add("blood_pressure_diastolic", "health-auto-export:Omron", local, 79)
    workouts = []
    for d in range(args.days):
        day = datetime(2025, 12, 1, tzinfo=tz) + timedelta(days=d)
        local = day.replace(tzinfo=None)
        # name, series the minutes go to ("" when kept under HKWorkoutTypeIdentifier), hour
        for name, series, hour in (("Running", "cardio", 6), ("Functional Strength Training", "strength", 18),
                                   ("Outdoor Walk", "cardio", 12), ("Golf", "HKWorkoutTypeIdentifier", 15)):
            if (d + hour) % 3 == 0 and name == "Outdoor Walk":
                continue
            start = day + timedelta(hours=hour, minutes=rng.randint(0, 40))
            seconds = rng.randint(15, 75) * 60 + rng.randint(0, 59)
            paused = rng.choice([0, 0, 120, 300])
            end = start + timedelta(seconds=seconds + paused)
            energy = {"qty": round(seconds / 60 * rng.uniform(6, 11), 1), "units": "kcal"}
            workout = {"id": "%08x-0000-4000-8000-%012x" % (d, hour), "name": name,
                       "start": start.strftime("%Y-%m-%d %H:%M:%S %z"), "end": end.strftime("%Y-%m-%d %H:%M:%S %z"),
                       "duration": seconds, ("activeEnergy" if d % 3 == 2 else "activeEnergyBurned"): energy,
                       "location": "Outdoor"}
            if series == "cardio":
                workout["distance"] = {"qty": round(seconds / 360, 2), "units": "km"}
            workouts.append(workout)
            # The minutes moving (duration) for a mapped activity; start to end for the others.
            minutes = seconds / 60 if series != "HKWorkoutTypeIdentifier" else (seconds + paused) / 60
            model.add(series, "health-auto-export:unknown", local + timedelta(hours=hour), minutes)
    document = {"data": {"workouts": workouts, "metrics": [
        {"name": "step_count", "units": "count", "data": steps},
        {"name": "weight_body_mass", "units": "lb", "data": weights},
        {"name": "heart_rate", "units": "count/min", "data": hearts},
        {"name": "protein", "units": "g", "data": proteins},
        {"name": "blood_pressure", "units": "mmHg", "data": pressures},
        {"name": "vo2_max_of_the_moon", "units": "ml", "data": [{"date": "2025-12-01 08:00:00 +0100", "qty": 1}]},
    ]}}
    with open(args.out, "w") as out:
        json.dump(document, out, indent=1)
    model.write(args.expect, unknown=1, workouts=len(workouts))


CSV_COLUMNS = ["Step Count (count)", "Weight & Body Mass (kg)", "Heart Rate [Min] (count/min)",
               "Heart Rate [Max] (count/min)", "Heart Rate [Avg] (count/min)", "Protein (g)", "Water (mL)",
               "Blood Pressure [Systolic] (mmHg)", "Blood Pressure [Diastolic] (mmHg)",
               "Body Fat Percentage (%)", "Cardio Recovery (count/min)"]


def health_auto_export_csv(args, rng):
    """One row per hour: steps every hour, the rest at some hours only (empty cells elsewhere)."""
    model = Model()
    tz = timezone(timedelta(hours=1))
    source = "health-auto-export:unknown"
    rows = ["Date," + ",".join(CSV_COLUMNS)]
    unknown = 0
    for d in range(args.days):
        day = datetime(2025, 12, 1, tzinfo=tz) + timedelta(days=d)
        for hour in range(24):
            at = day + timedelta(hours=hour, minutes=12, seconds=43)
            local = at.replace(tzinfo=None)
            cells = {"Step Count (count)": rng.randint(0, 1500)}
            model.add("steps", source, local, cells["Step Count (count)"])
            if hour == 7:
                kg = round(rng.uniform(70, 74), 2)
                fat = round(rng.uniform(18, 22), 1)
                cells.update({"Weight & Body Mass (kg)": kg, "Body Fat Percentage (%)": fat})
                model.add("body_mass", source, local, kg)
                model.add("body_fat", source, local, fat)
                sys_, dia = rng.randint(110, 130), rng.randint(70, 85)
                cells.update({"Blood Pressure [Systolic] (mmHg)": sys_, "Blood Pressure [Diastolic] (mmHg)": dia})
                model.add("blood_pressure_systolic", source, local, sys_)
                model.add("blood_pressure_diastolic", source, local, dia)
            if hour % 6 == 0:
                avg = rng.randint(55, 90)
                cells.update({"Heart Rate [Min] (count/min)": avg - 5, "Heart Rate [Avg] (count/min)": avg,
                              "Heart Rate [Max] (count/min)": avg + 9})
                model.add("heart_rate", source, local, avg)
            if hour in (8, 13, 19):
                grams = round(rng.uniform(10, 40), 1)
                ml = rng.randint(150, 500)
                cells.update({"Protein (g)": grams, "Water (mL)": ml})
                model.add("protein", source, local, grams)
                model.add("water", source, local, ml / 1000)
            if hour == 9:
                cells["Cardio Recovery (count/min)"] = 23
                unknown += 1
            rows.append(at.strftime("%Y-%m-%d %H:%M:%S %z") + "," + ",".join(str(cells.get(c, "")) for c in CSV_COLUMNS))
    with open(args.out, "w") as out:
        out.write("\n".join(rows) + "\n")
    model.write(args.expect, unknown=unknown, rows=len(rows) - 1)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("format", choices=["withings", "cronometer", "health-auto-export", "health-auto-export-csv"])
    parser.add_argument("--days", type=int, default=10)
    parser.add_argument("--out", required=True)
    parser.add_argument("--summary")
    parser.add_argument("--expect", required=True)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--tz-offset", type=int, default=0)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    {"withings": withings, "cronometer": cronometer, "health-auto-export": health_auto_export,
     "health-auto-export-csv": health_auto_export_csv}[args.format](args, rng)


if __name__ == "__main__":
    main()
