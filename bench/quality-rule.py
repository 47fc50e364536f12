#!/usr/bin/env python3
"""Fits quality per file's rule on the training tables of image/RuleTable (bench/quality-rule.sh).

  python3 bench/quality-rule.py web.csv mobile.csv low-bandwidth.csv

The rule (image/PictureTraits#atRisk): a picture is checked, encoded at the preset's quality and
scored, when its share of dark blocks is at least DARK_SHARE or its share of flat blocks at least
FLAT_SHARE; every other picture gets the preset's quality unscored. The fit takes the pair of
thresholds that checks every training picture the preset's quality leaves under its target, and
as few pictures as it can besides (of equal pairs, the highest thresholds), rounded down to a
hundredth. A missed picture then raised (image/CheckedQuality) steps by its miss over the score
a quality step typically adds: the median over the checked training pictures of the score per
quality between the preset's quality and 5 above, per format (WebP for web and mobile, AVIF for
low-bandwidth).
"""
import csv
import math
import statistics
import sys

FORMAT = {"web": "WebP", "mobile": "WebP", "low-bandwidth": "AVIF"}


def load(paths):
    rows = []
    for path in paths:
        with open(path) as f:
            for r in csv.DictReader(f):
                qualities = sorted((int(k[1:]), float(v)) for k, v in r.items() if k.startswith("q"))
                rows.append({"file": r["file"], "preset": r["preset"], "target": float(r["target"]),
                             "dark": float(r["darkShare"]), "flat": float(r["flatShare"]), "scores": qualities})
    return rows


def fit(rows):
    misses = [r for r in rows if r["scores"][0][1] < r["target"]]
    # a threshold of 1.01 checks nothing on that trait
    candidates = sorted({r["dark"] for r in rows} | {1.01}), sorted({r["flat"] for r in rows} | {1.01})
    best = None
    for dark in candidates[0]:
        for flat in candidates[1]:
            checked = [r for r in rows if r["dark"] >= dark or r["flat"] >= flat]
            if any(r not in checked for r in misses):
                continue
            key = (len(checked), -dark - flat)
            if best is None or key < best[0]:
                best = (key, dark, flat, checked)
    _, dark, flat, checked = best
    # rounded down: a picture at the measured share stays checked
    return misses, math.floor(dark * 100) / 100, math.floor(flat * 100) / 100, checked


def slopes(checked):
    per_format = {}
    for r in checked:
        (q0, s0), (q1, s1) = r["scores"][0], r["scores"][1]
        per_format.setdefault(FORMAT[r["preset"]], []).append((s1 - s0) / (q1 - q0))
    return {k: statistics.median(v) for k, v in sorted(per_format.items())}


def main():
    rows = load(sys.argv[1:])
    misses, dark, flat, checked = fit(rows)
    print(f"{len(rows)} training pictures x presets; under the target at the preset's quality: "
          + (", ".join(f"{r['file']} ({r['preset']}, {r['scores'][0][1]:.1f} < {r['target']:.0f})" for r in misses)
             or "none"))
    print(f"checked: {len(checked)} of {len(rows)}")
    print(f"DARK_SHARE = {dark:.2f}" + ("  (no picture)" if dark > 1 else ""))
    print(f"FLAT_SHARE = {flat:.2f}" + ("  (no picture)" if flat > 1 else ""))
    for name, slope in slopes(checked).items():
        print(f"typical slope {name} = {slope:.2f} score points per quality")


if __name__ == "__main__":
    main()
