#!/usr/bin/env python3
"""Fits the per-file quality predictor from bench/quality-model.sh's measurements.

  python3 bench/quality-model.py quality-training.csv quality-model.properties

For every (file, preset) curve of SSIMULACRA 2 over quality and every target from 55 to 80 by 5,
the label is the quality where the curve first reaches the target (linear between the measured
qualities; a curve already there at its lowest quality gives that quality; one that never gets
there is left out). Per format, a ridge regression of the label on the picture's features and
the target (features standardised, the intercept not penalised). Also written: the median rise
of the score per quality step where the curves cross the presets' targets (the step a miss is
corrected by) and the leave-one-file-out error (printed, with what each feature moves the answer by).
"""
import csv
import statistics
import sys
from collections import defaultdict

TARGETS = range(55, 81, 5)
PRESET_TARGETS = {"web": 70, "mobile": 65, "low-bandwidth": 60}
RIDGE = 1.0
META = {"file", "preset", "format", "quality", "score"}


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


def model_scaled(rows, names):
    """Each coefficient times its feature's spread: how many qualities the feature moves the answer."""
    intercept, coef = fit([(x, y) for x, y, _ in rows], names)
    cols = list(zip(*[x for x, _, _ in rows]))
    return [(n, coef[n] * statistics.pstdev(c)) for n, c in zip(names, cols)]


def predict(model, x, names):
    intercept, coef = model
    return intercept + sum(coef[n] * v for n, v in zip(names, x))


def main():
    curves = defaultdict(list)
    with open(sys.argv[1]) as f:
        reader = csv.DictReader(f)
        features = [n for n in reader.fieldnames if n not in META]
        for row in reader:
            curves[(row["file"], row["preset"], row["format"])].append(row)
    names = features + ["target"]
    samples = defaultdict(list)  # format -> [(x, label, file)]
    slopes = defaultdict(list)
    for (file, preset, fmt), rows in curves.items():
        rows.sort(key=lambda r: int(r["quality"]))
        qs = [int(r["quality"]) for r in rows]
        ss = [float(r["score"]) for r in rows]
        x = [float(rows[0][n]) for n in features]
        for t in TARGETS:
            i = next((i for i, s in enumerate(ss) if s >= t), None)
            if i is None:
                continue
            if i == 0:
                label = qs[0]
            else:
                rise = (ss[i] - ss[i - 1]) / (qs[i] - qs[i - 1])
                label = qs[i - 1] + (t - ss[i - 1]) / rise
                if t == PRESET_TARGETS.get(preset):
                    slopes[fmt].append(rise)
            samples[fmt].append((x + [t], label, file))
    lines = ["# Written by bench/quality-model.sh (bench/quality-model.py): ridge regression of the",
             "# quality meeting a SSIMULACRA 2 target on PictureFeatures and the target, per format,",
             "# fitted on the quality corpus's training files only."]
    for fmt, rows in sorted(samples.items()):
        model = fit([(x, y) for x, y, _ in rows], names)
        errors = []
        for held in sorted({f for _, _, f in rows}):
            m = fit([(x, y) for x, y, f in rows if f != held], names)
            errors += [predict(m, x, names) - y for x, y, f in rows if f == held]
        errors.sort()
        quantile = lambda p: errors[min(len(errors) - 1, int(p * len(errors)))]
        print(f"{fmt}: {len(rows)} labels from {len({f for _, _, f in rows})} files; leave-one-file-out error "
              f"(predicted - needed) p10 {quantile(0.1):.1f} median {quantile(0.5):.1f} p90 {quantile(0.9):.1f}, "
              f"mean |error| {statistics.mean(abs(e) for e in errors):.1f}; score per quality step at the presets' "
              f"targets: median {statistics.median(slopes[fmt]):.2f}")
        print("  coefficients x sd: " + ", ".join(f"{n} {coef:.1f}" for n, coef in model_scaled(rows, names)))
        intercept, coef = model
        lines.append(f"{fmt}.intercept={intercept:.6f}")
        lines += [f"{fmt}.{n}={coef[n]:.6f}" for n in names]
        lines.append(f"{fmt}.slope={statistics.median(slopes[fmt]):.4f}")
    with open(sys.argv[2], "w") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
