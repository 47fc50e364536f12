#!/usr/bin/env python3
"""How much one quality per file could save at all, and how much of that cheap features keep.

  python3 bench/judged-headroom.py bench/corpus/manifest.tsv training.csv evaluation.csv features.csv \
      [proxies.csv target]

training.csv and evaluation.csv are fixed-only judged sweeps (bench/judged-sweep.sh ... fixed-only)
of the two sets; features.csv is image/FeatureTable's (file, PictureFeatures...). For each judge
(SSIMULACRA 2, butteraugli) and each price λ of a byte in score, an oracle that knows every
file's curve picks, per file, the swept quality that maximises score − λ·bytes: the most any
choice of one quality per file can do at equal mean, on these qualities. A ridge regression of
the oracle's quality on the features, fitted on the training files, then picks for the
evaluation files from their features alone. Each choice is read against the fixed curve, as
judged-tables.py does, by both judges; the λ shown is the one that is best by the judge that
chose. With proxies.csv (image/ProxyCurves: trial encodes of each picture at a third of its
width), the choice read off two of those trial encodes per file, its price set on the training
files, alone and with a full-size check that raises a file under the preset's target.
"""
import csv
import importlib.util
import math
import os
import statistics
import sys

here = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("judged_tables", os.path.join(here, "judged-tables.py"))
tables = importlib.util.module_from_spec(spec)
spec.loader.exec_module(tables)

RIDGE = 1.0
FEATURES = ["meanLuma", "darkShare", "flatShare", "chroma", "gradient", "detail", "chromaEdge"]
PRICES = [0.5 * 1.1 ** i for i in range(70)]  # score points per 100 kB
OPERATING_POINTS = (70, 80)
PROXY_DIVISOR = 3


def solve(a, b):
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(n):
            if r != c and m[c][c] != 0:
                f = m[r][c] / m[c][c]
                m[r] = [x - f * y for x, y in zip(m[r], m[c])]
    return [m[i][n] / m[i][i] for i in range(n)]


def fit(rows, names):
    """Ridge on standardised columns; returns (intercept, {name: coefficient}) in raw units."""
    cols = list(zip(*[r[0] for r in rows]))
    means = [statistics.mean(c) for c in cols]
    sds = [statistics.pstdev(c) or 1.0 for c in cols]
    xs = [[(v - mu) / sd for v, mu, sd in zip(r[0], means, sds)] for r in rows]
    ys = [r[1] for r in rows]
    ybar = statistics.mean(ys)
    k = len(names)
    a = [[sum(x[i] * x[j] for x in xs) + (RIDGE if i == j else 0) for j in range(k)] for i in range(k)]
    b = [sum(x[i] * (y - ybar) for x, y in zip(xs, ys)) for i in range(k)]
    w = solve(a, b)
    coef = {n: wi / sd for n, wi, sd in zip(names, w, sds)}
    return ybar - sum(coef[n] * mu for n, mu in zip(names, means)), coef


def predict(model, x, names):
    intercept, coef = model
    return intercept + sum(coef[n] * v for n, v in zip(names, x))


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
    intercept, coef = fit([(x, y) for x, y, _ in rows], FEATURES)
    qualities = sorted(train_fixed)
    return {f: min(qualities, key=lambda q: abs(q - predict((intercept, coef),
                                                                  [float(features[f][n]) for n in FEATURES],
                                                                  FEATURES)))
            for f in eval_files}


def print_row(judge, who, at, files, fixed, choice):
    """One table row: the choice read against the fixed curve by both judges, and the qualities it chose."""
    cells = []
    for j in tables.JUDGES:
        _, rw, mw, rm, mm, _, _ = tables.ratios(files, fixed, rows_of(fixed, choice), j)
        cells.append(f"{mw}{rw:.2f} | {mm}{rm:.2f}")
    qs = sorted(choice.values())
    spread = f"{statistics.median(qs):.0f}, {qs[len(qs) // 10]}–{qs[(9 * len(qs)) // 10]}"
    print(f"| {judge} | {who} | {at} | {' | '.join(cells)} | {spread} |")


def load_proxies(path):
    """ProxyCurves' CSV: file -> quality -> (bytes, SSIMULACRA 2) of the trial encodes at a third of the width."""
    curves = {}
    with open(path) as f:
        for row in csv.DictReader(f):
            if int(row["divisor"]) == PROXY_DIVISOR and int(row["quality"]) > 0:
                curves.setdefault(row["file"], {})[int(row["quality"])] = (int(row["bytes"]), float(row["ssimulacra2"]))
    return curves


def proxied(fixed, files, proxies, at, price, target=None):
    """
    Per file, the quality worth its bytes at this price, read off two trial encodes of a third of
    the width (at the fixed quality − 5 and + 10): their score per log-byte (β) and log-bytes per
    quality step; score = a + β·ln(bytes) is best at bytes = β / price. With a target, a choice
    that scores under it at full size (the fixed curve's row: what a full-size check would find)
    is raised 5 qualities at a time, to at most the fixed quality + 10.
    """
    qa, qb = at - 5, at + 10
    qualities = sorted(fixed)
    choice = {}
    for f in files:
        (ba, sa), (bb, sb) = proxies[f][qa], proxies[f][qb]
        beta = max((sb - sa) / (math.log(bb) - math.log(ba)), 0.01)
        per_step = (math.log(bb) - math.log(ba)) / (qb - qa)
        best_bytes = beta / price * 1e5 / PROXY_DIVISOR ** 2
        q = qa + (math.log(best_bytes) - math.log(ba)) / per_step
        q = min(qualities, key=lambda x: abs(x - min(max(q, qualities[0]), at + 10)))
        while target is not None and float(fixed[q][f]["ssimulacra2"]) < target and q + 5 <= at + 10:
            q += 5
        choice[f] = q
    return choice


def print_proxied(train_fixed, train_files, eval_fixed, eval_files, proxies, target):
    """Rows for the trial encodes' choice; the price is set on the training files (their mean as fixed q's)."""
    judge = "ssimulacra2"
    for at in OPERATING_POINTS:
        aim = tables.summary([train_fixed[at][f] for f in train_files], judge)[1]
        for floor, who in ((None, "two trial encodes at a third of the width"),
                           (target, f"the same, then a full-size check raising misses of {target}")):
            price = max((p for p in PRICES
                         if tables.summary(list(rows_of(train_fixed, proxied(train_fixed, train_files, proxies, at, p,
                                                                              floor)).values()), judge)[1] >= aim),
                        default=None)
            if price is None:
                continue
            choice = proxied(eval_fixed, eval_files, proxies, at, price, floor)
            print_row(judge, who, at, eval_files, eval_fixed, choice)


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
                print_row(judge, who, at, eval_files, eval_fixed, choice)
    if len(sys.argv) > 6:
        proxies = load_proxies(sys.argv[5])
        print_proxied(train_fixed, [f for f in train_files if f in proxies], eval_fixed,
                      [f for f in eval_files if f in proxies], proxies, float(sys.argv[6]))


if __name__ == "__main__":
    main()
