#!/usr/bin/env python3
"""Writes a synthetic Vitals catalog: N screens with 10 metrics each (1 primary, 9 children),
spread over 7 pillars and one metrics file per screen, plus a shared series file."""
import os
import sys

def main(root: str, screens: int) -> None:
    os.makedirs(f"{root}/screens", exist_ok=True)
    os.makedirs(f"{root}/metrics", exist_ok=True)
    pillars = ["healthful_nutrition", "movement_exercise", "restorative_sleep", "core_care",
               "cognitive_health", "stress_management", "connection_purpose"]
    with open(f"{root}/screens/pillars.yaml", "w") as f:
        f.write("pillars:\n")
        for i, p in enumerate(pillars):
            f.write(f"  - pillar_id: {p}\n    name: Pillar {i}\n    color: '#2E9E5B'\n    order: {i + 1}\n")
    with open(f"{root}/metrics/series.yaml", "w") as f:
        f.write("series:\n")
        for s in range(50):
            f.write(f"  - series_id: series_{s}\n    kind: quantity\n    unit: g\n    min: 0\n    max: 1000\n"
                    f"    healthkit: [HKQuantityTypeIdentifierDietaryProtein]\n")
    charts = ["bar_vertical", "line", "sparkline", "stat", "bar_stacked", "progress", "calendar_heatmap"]
    by_pillar = {p: [] for p in pillars}
    for n in range(screens):
        by_pillar[pillars[n % 7]].append(n)
    for p, numbers in by_pillar.items():
        with open(f"{root}/screens/{p}.yaml", "w") as f:
            f.write("screens:\n")
            for n in numbers:
                f.write(f"  - screen_id: SCREEN_S{n}\n    name: Screen {n}\n    pillar: {p}\n    order: {n}\n"
                        f"    description: Synthetic screen number {n}.\n")
    for n in range(screens):
        with open(f"{root}/metrics/s{n}.yaml", "w") as f:
            f.write("metrics:\n")
            for m in range(10):
                f.write(f"  - display_metric_id: S{n}_M{m}\n    display_screen_id: SCREEN_S{n}\n"
                        f"    display_name: Metric {m} of screen {n}\n    chart_type_id: {charts[m % len(charts)]}\n"
                        f"    is_primary: {'true' if m == 0 else 'false'}\n")
                if m > 0:
                    f.write(f"    parent_metric_id: S{n}_M{0 if m < 4 else m - 3}\n")
                f.write(f"    order: {m}\n    series: series_{(n + m) % 50}\n    aggregate: sum\n    bucket: day\n"
                        f"    range: 30d\n    unit: g\n    target: {{rule: at_least, value: {50 + m}}}\n"
                        f"    about_what: Grams per day of synthetic metric {m}.\n"
                        f"    about_why: Shows that validation cost grows linearly with the catalog.\n")

if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]))
