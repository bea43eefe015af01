#!/usr/bin/env python3
"""Writes a synthetic Apple Health export (export.xml, optionally zipped) for benchmarks.

The file looks like a real export of several years: heart rate dominates, then steps, energy,
distance, sleep stages, weight in lb, body fat as a fraction, protein with meal metadata, blood
pressure correlations that repeat their records, workouts with statistics and routes, daily
activity summaries. It carries the quirks real exports have: a DTD with an unterminated
ATTLIST, a raw U+000B in a source name, device strings with escaped <>, attributes wrapped over
lines, metadata keys differing only in case, the same sample from two sources, and UTC offsets
that change at daylight saving. Deterministic for a given seed.

With --clean the same records are written without the three quirks that stop healthkit-to-sqlite
(the broken ATTLIST and the raw U+000B stop expat; `meal`/`Meal` make duplicate SQLite columns),
so that such tools can be timed on the same data.

usage: generate_export.py --records N --out export.xml [--zip export.zip] [--seed 1] [--clean]
"""
import argparse
import random
import zipfile
from datetime import datetime, timedelta

HEAD = """<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE HealthData [
<!-- HealthKit Export Version: 12 -->
<!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout|ActivitySummary|ClinicalRecord|Audiogram|VisionPrescription)*)>
<!ATTLIST HealthData
  locale CDATA #REQUIRED
>
<!ELEMENT ExportDate EMPTY>
<!ATTLIST ExportDate
  value CDATA #REQUIRED
<!ELEMENT Me EMPTY>
<!ATTLIST Me
  HKCharacteristicTypeIdentifierDateOfBirth         CDATA #REQUIRED
  HKCharacteristicTypeIdentifierBiologicalSex       CDATA #REQUIRED
>
<!ELEMENT Record ((MetadataEntry|HeartRateVariabilityMetadataList)*)>
<!ATTLIST Record
  type          CDATA #REQUIRED
  unit          CDATA #IMPLIED
  value         CDATA #IMPLIED
  sourceName    CDATA #REQUIRED
  sourceVersion CDATA #IMPLIED
  device        CDATA #IMPLIED
  creationDate  CDATA #IMPLIED
  startDate     CDATA #REQUIRED
  endDate       CDATA #REQUIRED
>
]>
<HealthData locale="en_US">
 <ExportDate value="2024-11-04 09:00:00 -0800"/>
 <Me HKCharacteristicTypeIdentifierDateOfBirth="1985-03-14" HKCharacteristicTypeIdentifierBiologicalSex="HKBiologicalSexFemale" HKCharacteristicTypeIdentifierBloodType="HKBloodTypeNotSet" HKCharacteristicTypeIdentifierFitzpatrickSkinType="HKFitzpatrickSkinTypeNotSet" HKCharacteristicTypeIdentifierCardioFitnessMedicationsUse="None"/>
"""

WATCH = ("&lt;&lt;HKDevice: 0x2835f1e50&gt;, name:Apple Watch, manufacturer:Apple Inc., model:Watch, "
         "hardware:Watch6,2, software:10.1&gt;")
PHONE = ("&lt;&lt;HKDevice: 0x2835f2a80&gt;, name:iPhone, manufacturer:Apple Inc., model:iPhone, "
         "hardware:iPhone14,5, software:17.1&gt;")
SLEEP = ["HKCategoryValueSleepAnalysisInBed", "HKCategoryValueSleepAnalysisAsleepCore",
         "HKCategoryValueSleepAnalysisAsleepDeep", "HKCategoryValueSleepAnalysisAsleepREM",
         "HKCategoryValueSleepAnalysisAwake", "HKCategoryValueSleepAnalysisAsleep"]


def offset_for(day):
    """US Pacific: -0700 from the second Sunday of March to the first Sunday of November."""
    march = datetime(day.year, 3, 8)
    dst_start = march + timedelta(days=(6 - march.weekday()) % 7)
    november = datetime(day.year, 11, 1)
    dst_end = november + timedelta(days=(6 - november.weekday()) % 7)
    return "-0700" if dst_start <= day < dst_end else "-0800"


def stamp(moment):
    return moment.strftime("%Y-%m-%d %H:%M:%S ") + offset_for(moment)


def uuid(rng):
    return "%08X-%04X-%04X-%04X-%012X" % (rng.getrandbits(32), rng.getrandbits(16), rng.getrandbits(16),
                                          rng.getrandbits(16), rng.getrandbits(48))


def record(out, rng, kind, unit, value, start, end, source="Vivian’s Apple Watch", version="10.1",
           device=WATCH, metadata=(), wrapped=False):
    sep = "\n  " if wrapped else " "
    attrs = [f'type="{kind}"', f'sourceName="{source}"', f'sourceVersion="{version}"']
    if device:
        attrs.append(f'device="{device}"')
    if unit:
        attrs.append(f'unit="{unit}"')
    attrs += [f'creationDate="{stamp(end)}"', f'startDate="{stamp(start)}"', f'endDate="{stamp(end)}"',
              f'value="{value}"']
    head = " <Record" + sep + sep.join(attrs)
    if not metadata:
        out.append(head + "/>\n")
        return
    out.append(head + ">\n")
    for key, val in metadata:
        out.append(f'  <MetadataEntry key="{key}" value="{val}"/>\n')
    out.append(" </Record>\n")


def generate(records, path, seed, clean=False):
    rng = random.Random(seed)
    head = HEAD.replace("  value CDATA #REQUIRED\n<!ELEMENT Me", "  value CDATA #REQUIRED\n>\n<!ELEMENT Me") if clean else HEAD
    scale = "Vivian's Scale" if clean else "Vivian\x0bs Scale"
    meal_key = "Slot" if clean else "Meal"
    written = 0
    moment = datetime(2024, 11, 4, 8, 0, 0) - timedelta(minutes=records * 0.25)
    with open(path, "w", encoding="utf-8", newline="\n") as file:
        file.write(head)
        out = []
        while written < records:
            moment += timedelta(seconds=rng.randint(5, 25))
            roll = rng.random()
            later = moment + timedelta(seconds=rng.randint(30, 600))
            sync = (("HKMetadataKeySyncIdentifier", uuid(rng)), ("HKMetadataKeySyncVersion", "1"))
            if roll < 0.42:
                meta = (("HKMetadataKeyHeartRateMotionContext", str(rng.randint(0, 2))),) if rng.random() < 0.5 else ()
                meta += sync if rng.random() < 0.3 else ()
                record(out, rng, "HKQuantityTypeIdentifierHeartRate", "count/min", rng.randint(48, 165),
                       moment, moment, metadata=meta, wrapped=rng.random() < 0.02)
                written += 1
            elif roll < 0.62:
                steps = rng.randint(10, 1400)
                record(out, rng, "HKQuantityTypeIdentifierStepCount", "count", steps, moment, later,
                       source="Vivian’s iPhone", version="17.1", device=PHONE,
                       metadata=sync if rng.random() < 0.5 else ())
                written += 1
                if rng.random() < 0.15 and written < records:  # the same sample from the watch
                    record(out, rng, "HKQuantityTypeIdentifierStepCount", "count", steps, moment, later)
                    written += 1
            elif roll < 0.76:
                record(out, rng, "HKQuantityTypeIdentifierActiveEnergyBurned", "Cal",
                       round(rng.uniform(0.1, 12), 3), moment, later, metadata=sync if rng.random() < 0.6 else ())
                written += 1
            elif roll < 0.86:
                record(out, rng, "HKQuantityTypeIdentifierDistanceWalkingRunning", "km",
                       round(rng.uniform(0.001, 0.9), 5), moment, later, device=PHONE, source="Vivian’s iPhone")
                written += 1
            elif roll < 0.91:
                record(out, rng, "HKCategoryTypeIdentifierSleepAnalysis", None, rng.choice(SLEEP), moment,
                       moment + timedelta(minutes=rng.randint(5, 95)), metadata=sync)
                written += 1
            elif roll < 0.93:
                record(out, rng, "HKQuantityTypeIdentifierBodyMass", "lb", round(rng.uniform(140, 160), 1),
                       moment, moment, source=scale, version="5.2", device=None,
                       metadata=(("HKWasUserEntered", "0"),) + sync)
                written += 1
            elif roll < 0.94:
                record(out, rng, "HKQuantityTypeIdentifierBodyFatPercentage", "%", round(rng.uniform(0.18, 0.3), 3),
                       moment, moment, source="Withings", version="6.1", device=None)
                written += 1
            elif roll < 0.965:
                meal = rng.choice(["Breakfast", "Lunch", "Dinner", "Snack"])
                record(out, rng, "HKQuantityTypeIdentifierDietaryProtein", "g", round(rng.uniform(2, 45), 1),
                       moment, moment, source="MyFitnessPal", version="23.1", device=None,
                       metadata=(("meal", meal), (meal_key, meal.lower()), ("HKFoodType", "Chicken &amp; rice")))
                written += 1
            elif roll < 0.975 and written + 2 <= records:
                sys_, dia = rng.randint(105, 140), rng.randint(65, 90)
                for kind, val in (("HKQuantityTypeIdentifierBloodPressureSystolic", sys_),
                                  ("HKQuantityTypeIdentifierBloodPressureDiastolic", dia)):
                    record(out, rng, kind, "mmHg", val, moment, moment, source="Omron", version="7.3", device=None)
                out.append(f' <Correlation type="HKCorrelationTypeIdentifierBloodPressure" sourceName="Omron" '
                           f'sourceVersion="7.3" creationDate="{stamp(moment)}" startDate="{stamp(moment)}" '
                           f'endDate="{stamp(moment)}">\n  <MetadataEntry key="HKWasUserEntered" value="0"/>\n')
                for kind, val in (("HKQuantityTypeIdentifierBloodPressureSystolic", sys_),
                                  ("HKQuantityTypeIdentifierBloodPressureDiastolic", dia)):
                    record(out, rng, kind, "mmHg", val, moment, moment, source="Omron", version="7.3", device=None)
                out.append(" </Correlation>\n")
                written += 2
            elif roll < 0.98:
                end = moment + timedelta(minutes=rng.randint(20, 70))
                minutes = (end - moment).seconds / 60
                out.append(f' <Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="{minutes:.2f}" '
                           f'durationUnit="min" sourceName="Vivian’s Apple Watch" sourceVersion="10.1" '
                           f'device="{WATCH}" creationDate="{stamp(end)}" startDate="{stamp(moment)}" '
                           f'endDate="{stamp(end)}">\n'
                           f'  <MetadataEntry key="HKIndoorWorkout" value="0"/>\n'
                           f'  <WorkoutEvent type="HKWorkoutEventTypeSegment" date="{stamp(moment)}" '
                           f'duration="10" durationUnit="min"/>\n'
                           f'  <WorkoutStatistics type="HKQuantityTypeIdentifierActiveEnergyBurned" '
                           f'startDate="{stamp(moment)}" endDate="{stamp(end)}" sum="{minutes * 9:.1f}" unit="Cal"/>\n'
                           f'  <WorkoutStatistics type="HKQuantityTypeIdentifierHeartRate" startDate="{stamp(moment)}" '
                           f'endDate="{stamp(end)}" average="148" minimum="95" maximum="172" unit="count/min"/>\n'
                           f'  <WorkoutRoute sourceName="Vivian’s Apple Watch" sourceVersion="10.1" '
                           f'creationDate="{stamp(end)}" startDate="{stamp(moment)}" endDate="{stamp(end)}">\n'
                           f'   <FileReference path="/workout-routes/route_{moment:%Y-%m-%d_%H.%M}.gpx"/>\n'
                           f'  </WorkoutRoute>\n </Workout>\n')
            else:
                out.append(f' <ActivitySummary dateComponents="{moment:%Y-%m-%d}" activeEnergyBurned="{rng.uniform(200, 900):.3f}" '
                           f'activeEnergyBurnedGoal="600" activeEnergyBurnedUnit="Cal" appleMoveTime="0" '
                           f'appleMoveTimeGoal="0" appleExerciseTime="{rng.randint(0, 90)}" appleExerciseTimeGoal="30" '
                           f'appleStandHours="{rng.randint(4, 16)}" appleStandHoursGoal="12"/>\n')
            if len(out) > 4096:
                file.write("".join(out))
                out.clear()
        file.write("".join(out))
        file.write("</HealthData>\n")
    return written


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--records", type=int, required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--zip")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--clean", action="store_true")
    args = parser.parse_args()
    count = generate(args.records, args.out, args.seed, args.clean)
    if args.zip:
        with zipfile.ZipFile(args.zip, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as archive:
            archive.write(args.out, "apple_health_export/export.xml")
            archive.writestr("apple_health_export/export_cda.xml", "<?xml version=\"1.0\"?><ClinicalDocument/>")
    print(count)


if __name__ == "__main__":
    main()
