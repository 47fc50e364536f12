#!/usr/bin/env python3
"""Tables of a judged sweep (bench/judged-sweep.sh): for each judge, the bytes quality per
file (`auto`) needs against the fixed setting's curve, at equal worst case and at equal mean.

  python3 bench/judged-tables.py bench/corpus/manifest.tsv sweep.csv [auto.csv...]

The fixed curve is, for each quality, the total bytes of a set of files and their mean and worst
score (SSIMULACRA 2: higher is better, worst is the lowest; butteraugli: lower is better, worst
is the highest). `auto`'s point is its total bytes and its mean and worst score on the same
files. "At equal worst" divides its bytes by the fixed curve's bytes interpolated where the
curve's worst equals `auto`'s worst, and likewise for the mean; ">" marks a point of `auto`
the curve does not reach within its qualities (the ratio is then against the curve's end).
Auto rows of a later CSV replace those of an earlier one (a changed `auto`, same fixed curve).
"""
import csv
import statistics
import sys
from collections import defaultdict

JUDGES = {"ssimulacra2": +1, "butteraugli": -1}  # +1: higher is better


def load(manifest, csvs):
    category = {}
    with open(manifest) as f:
        for row in csv.DictReader(f, delimiter="\t"):
            category[row["file"]] = row["category"]
    fixed = defaultdict(dict)  # quality -> file -> row
    auto = {}
    for i, path in enumerate(csvs):
        with open(path) as f:
            for row in csv.DictReader(f):
                if row["mode"] == "fixed" and i == 0:
                    fixed[int(row["quality"])][row["file"]] = row
                elif row["mode"] == "auto":
                    auto[row["file"]] = row
    return category, fixed, auto


def summary(rows, judge):
    scores = [float(r[judge]) for r in rows]
    worst = min(scores) if JUDGES[judge] > 0 else max(scores)
    return sum(int(r["bytes"]) for r in rows), statistics.mean(scores), worst


def bytes_at(curve, value, sign):
    """Bytes on a curve of (bytes, score) sorted by quality where the score reaches value."""
    points = sorted(curve)  # by bytes, which rise with quality
    for (b0, s0), (b1, s1) in zip(points, points[1:]):
        lo, hi = sorted((s0, s1))
        if lo <= value <= hi and s0 != s1:
            return b0 + (b1 - b0) * (value - s0) / (s1 - s0), ""
    better = [b for b, s in points if sign * (s - value) >= 0]
    if better:
        return min(better), "<"  # even the lowest quality is as good: the curve gives fewer bytes
    return points[-1][0], ">"


def ratios(files, fixed, auto, judge):
    files = [f for f in files if f in auto]
    qualities = [q for q, rows in fixed.items() if all(f in rows for f in files)]
    if not files or len(qualities) < 2:
        return None
    sign = JUDGES[judge]
    a_bytes, a_mean, a_worst = summary([auto[f] for f in files], judge)
    worst_curve, mean_curve = [], []
    for q in sorted(qualities):
        b, m, w = summary([fixed[q][f] for f in files], judge)
        worst_curve.append((b, w))
        mean_curve.append((b, m))
    bw, mark_w = bytes_at(worst_curve, a_worst, sign)
    bm, mark_m = bytes_at(mean_curve, a_mean, sign)
    return len(files), a_bytes / bw, mark_w, a_bytes / bm, mark_m, a_mean, a_worst


def main():
    category, fixed, auto = load(sys.argv[1], sys.argv[2:])
    preset = next(iter(auto.values()))["preset"] if auto else "?"
    groups = defaultdict(list)
    for f in auto:
        groups[category.get(f, "?")].append(f)
    print(f"### {preset}: bytes of auto / bytes of the fixed curve\n")
    print("| files | n | SSIMULACRA 2: at equal worst | at equal mean | auto mean, worst "
          "| butteraugli: at equal worst | at equal mean | auto mean, worst |")
    print("|---|---:|---:|---:|---|---:|---:|---|")
    for name, files in [("all", list(auto))] + sorted(groups.items()):
        cells = []
        n = 0
        for judge in JUDGES:
            r = ratios(files, fixed, auto, judge)
            if r is None:
                cells += ["–"] * 3
                continue
            n, rw, mw, rm, mm, mean, worst = r
            cells += [f"{mw}{rw:.2f}", f"{mm}{rm:.2f}", f"{mean:.2f}, {worst:.2f}"]
        print(f"| {name} | {n} | " + " | ".join(cells) + " |")
    cpu_auto = [float(r["cpu"]) for r in auto.values()]
    default_q = {"web": 80, "mobile": 75, "low-bandwidth": 50}.get(preset)
    print()
    if default_q in fixed:
        cpu_fixed = [float(fixed[default_q][f]["cpu"]) for f in auto if f in fixed[default_q]]
        ratio = sorted(a / max(b, 1e-6) for a, b in
                       zip(cpu_auto, [float(fixed[default_q][f]["cpu"]) for f in auto]))
        print(f"CPU per image: auto median {statistics.median(cpu_auto):.3f} s, fixed q{default_q} median "
              f"{statistics.median(cpu_fixed):.3f} s; auto/fixed per file median {statistics.median(ratio):.2f}, "
              f"p90 {ratio[int(0.9 * (len(ratio) - 1))]:.2f}")
    print()
    print("| quality | bytes | SSIMULACRA 2 mean, worst | butteraugli mean, worst |")
    print("|---:|---:|---|---|")
    files = list(auto)
    for q, rows in sorted(fixed.items()):
        if not all(f in rows for f in files):
            continue
        b, sm, sw = summary([rows[f] for f in files], "ssimulacra2")
        _, bm, bw = summary([rows[f] for f in files], "butteraugli")
        print(f"| {q} | {b} | {sm:.2f}, {sw:.2f} | {bm:.2f}, {bw:.2f} |")
    b, sm, sw = summary(list(auto.values()), "ssimulacra2")
    _, bm, bw = summary(list(auto.values()), "butteraugli")
    print(f"| auto | {b} | {sm:.2f}, {sw:.2f} | {bm:.2f}, {bw:.2f} |")
    if default_q in fixed:
        print(f"\n| file | category | auto quality | bytes auto/q{default_q} | SSIMULACRA 2 auto, q{default_q} "
              f"| butteraugli auto, q{default_q} |")
        print("|---|---|---:|---:|---|---|")
        for f in sorted(auto, key=lambda f: (category.get(f, "?"), f)):
            a, d = auto[f], fixed[default_q].get(f)
            if d is None:
                continue
            print(f"| {f} | {category.get(f, '?')} | {a['quality']} | {int(a['bytes']) / int(d['bytes']):.2f} "
                  f"| {float(a['ssimulacra2']):.1f}, {float(d['ssimulacra2']):.1f} "
                  f"| {float(a['butteraugli']):.2f}, {float(d['butteraugli']):.2f} |")


if __name__ == "__main__":
    main()
