#!/usr/bin/env python3
"""How much one quality per file could save at all, and how much of that cheap features keep.

  python3 bench/judged-headroom.py bench/corpus/manifest.tsv training.csv evaluation.csv features.csv

training.csv and evaluation.csv are fixed-only judged sweeps (bench/judged-sweep.sh ... fixed-only)
of the two sets; features.csv is image/FeatureTable's (file, PictureFeatures...). For each judge
(SSIMULACRA 2, butteraugli) and each price λ of a byte in score, an oracle that knows every
file's curve picks, per file, the swept quality that maximises score − λ·bytes: the most any
choice of one quality per file can do at equal mean, on these qualities. A ridge regression of
the oracle's quality on the features, fitted on the training files, then picks for the
evaluation files from their features alone. Each choice is read against the fixed curve, as
judged-tables.py does, by both judges; the λ shown is the one that is best by the judge that
chose.
"""
import csv
import importlib.util
import os
import statistics
import sys

here = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("judged_tables", os.path.join(here, "judged-tables.py"))
tables = importlib.util.module_from_spec(spec)
spec.loader.exec_module(tables)
sys.path.insert(0, here)
quality_model = importlib.util.spec_from_file_location("quality_model", os.path.join(here, "quality-model.py"))
model = importlib.util.module_from_spec(quality_model)
quality_model.loader.exec_module(model)

FEATURES = ["meanLuma", "darkShare", "flatShare", "chroma", "gradient", "detail", "chromaEdge"]
PRICES = [0.5 * 1.1 ** i for i in range(70)]  # score points per 100 kB
OPERATING_POINTS = (70, 80)


def complete(fixed):
    """The files with a row at every quality of the sweep."""
    files = set.intersection(*(set(rows) for rows in fixed.values()))
    return sorted(files)


def oracle(fixed, files, judge, price, floors=None):
    """Per file, the quality worth its bytes at this price; with floors ({judge: score}), only qualities meeting them."""
    sign = tables.JUDGES[judge]
    scale = 10 if judge == "butteraugli" else 1  # a butteraugli unit is worth ~10 SSIMULACRA 2 points
    choice = {}
    for f in files:
        allowed = [q for q in fixed if all(tables.JUDGES[j] * (float(fixed[q][f][j]) - floor) >= 0
                                           for j, floor in (floors or {}).items())]
        choice[f] = max(allowed or [max(fixed)], key=lambda q: sign * scale * float(fixed[q][f][judge])
                        - price * int(fixed[q][f]["bytes"]) / 1e5)
    return choice


def rows_of(fixed, choice):
    return {f: fixed[q][f] for f, q in choice.items()}


def learned(train_fixed, train_files, eval_files, features, judge, price):
    picked = oracle(train_fixed, train_files, judge, price)
    rows = [([float(features[f][n]) for n in FEATURES], picked[f], f) for f in train_files]
    intercept, coef = model.fit([(x, y) for x, y, _ in rows], FEATURES)
    qualities = sorted(train_fixed)
    return {f: min(qualities, key=lambda q: abs(q - model.predict((intercept, coef),
                                                                  [float(features[f][n]) for n in FEATURES],
                                                                  FEATURES)))
            for f in eval_files}


def main():
    _, train_fixed, _ = tables.load(sys.argv[1], [sys.argv[2]])
    _, eval_fixed, _ = tables.load(sys.argv[1], [sys.argv[3]])
    with open(sys.argv[4]) as f:
        features = {row["file"]: row for row in csv.DictReader(f)}
    train_files = [f for f in complete(train_fixed) if f in features]
    eval_files = [f for f in complete(eval_fixed) if f in features]
    print(f"{len(train_files)} training, {len(eval_files)} evaluation files; qualities {sorted(eval_fixed)}\n")
    print("| chosen by | who knows the curves | mean as fixed q | SSIMULACRA 2: equal worst | equal mean "
          "| butteraugli: equal worst | equal mean | qualities chosen (median, p10–p90) |")
    print("|---|---|---:|---:|---:|---:|---:|---|")
    for judge in tables.JUDGES:
        sign = tables.JUDGES[judge]
        for at in OPERATING_POINTS:
            aim = tables.summary([eval_fixed[at][f] for f in eval_files], judge)[1]
            # the floors: fixed q's worst file by each judge, a score every file must reach
            worst = {j: tables.summary([eval_fixed[at][f] for f in eval_files], j)[2] for j in tables.JUDGES}
            floors = {"oracle": None, "oracle, its floor": {judge: worst[judge]}, "oracle, both floors": worst}
            for who in ("oracle", "oracle, its floor", "oracle, both floors", "features"):
                best = None
                for price in PRICES:
                    if who == "features":
                        choice = learned(train_fixed, train_files, eval_files, features, judge, price)
                    else:
                        choice = oracle(eval_fixed, eval_files, judge, price, floors[who])
                    mean = tables.summary(list(rows_of(eval_fixed, choice).values()), judge)[1]
                    # the price whose choice has the fixed quality's mean, or a little better
                    miss = sign * (aim - mean)
                    if miss <= 0 and (best is None or miss > best[0]):
                        best = (miss, choice)
                if best is None:
                    continue
                choice = best[1]
                cells = []
                for j in tables.JUDGES:
                    _, rw, mw, rm, mm, _, _ = tables.ratios(eval_files, eval_fixed, rows_of(eval_fixed, choice), j)
                    cells.append(f"{mw}{rw:.2f} | {mm}{rm:.2f}")
                qs = sorted(choice.values())
                spread = f"{statistics.median(qs):.0f}, {qs[len(qs) // 10]}–{qs[(9 * len(qs)) // 10]}"
                print(f"| {judge} | {who} | {at} | {' | '.join(cells)} | {spread} |")


if __name__ == "__main__":
    main()
