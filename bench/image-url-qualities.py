#!/usr/bin/env python3
"""Reads bench/image-url-qualities.sh's CSV (file,width,format,quality,bytes,ssimulacra2,butteraugli,
encode_ms; older runs lack the last).

Per preset (its WebP quality) and each file at each width: the AVIF and JPEG qualities whose
butteraugli distance and SSIMULACRA 2 score match the WebP's, and the AVIF bytes at WebP's
quality by each judge, read off the AVIF curve (log bytes and quality interpolated linearly
between measured qualities; each curve made monotone first, as its best score so far), as a
ratio to WebP's bytes; and the encode CPU per image (median over files of each format's mean over
its qualities), when measured, and as a ratio to the renderer's AVIF timed in the same run (an
avifenc sweep's heifsave rows). Then, at the qualities a preset is set to (--at WEBP:AVIF:JPEG, by default
the median over files of the quality matching WebP by both judges), the bytes ratio and the files
where that quality is at least as good as WebP by each judge.
  python3 bench/image-url-qualities.py out.csv [more.csv ...] [--at 80:56:86 ...]
"""
import csv
import math
import statistics
import sys
from collections import defaultdict

PRESETS = {80: "web", 75: "mobile", 50: "low-bandwidth"}


def load(paths, cpu):
    rows = defaultdict(lambda: defaultdict(list))
    for path in paths:
        with open(path) as f:
            for r in csv.DictReader(f):
                rows[(r["file"], int(r["width"]))][r["format"]].append(
                    (int(r["quality"]), int(r["bytes"]), float(r["ssimulacra2"]), float(r["butteraugli"])))
                if r.get("encode_ms"):
                    cpu[r["format"]][(r["file"], int(r["width"]))].append(int(r["encode_ms"]))
    for by_format in rows.values():
        for points in by_format.values():
            points.sort()
    return rows


def monotone(values, better):
    out, best = [], None
    for v in values:
        best = v if best is None or better(v, best) else best
        out.append(best)
    return out


def match(points, target, judge):
    """(quality, bytes, mark) where the curve first reaches target by judge ('ss' or 'ba')."""
    if not points:
        return None, math.inf, "-"
    qs = [p[0] for p in points]
    logb = [math.log(p[1]) for p in points]
    if judge == "ss":
        score = monotone([p[2] for p in points], lambda a, b: a > b)
        reached = [s >= target for s in score]
    else:
        score = monotone([p[3] for p in points], lambda a, b: a < b)
        reached = [s <= target for s in score]
    if reached[0]:
        return qs[0], points[0][1], "<="
    for i in range(1, len(points)):
        if reached[i]:
            span = score[i] - score[i - 1]
            t = 1.0 if span == 0 else (target - score[i - 1]) / span
            return qs[i - 1] + t * (qs[i] - qs[i - 1]), math.exp(logb[i - 1] + t * (logb[i] - logb[i - 1])), ""
    return None, math.inf, ">"


def at(points, q):
    """bytes, ssimulacra2, butteraugli at quality q, interpolated between measured qualities."""
    for a, b in zip(points, points[1:]):
        if a[0] <= q <= b[0]:
            t = (q - a[0]) / (b[0] - a[0])
            return (math.exp(math.log(a[1]) + t * (math.log(b[1]) - math.log(a[1]))),
                    a[2] + t * (b[2] - a[2]), a[3] + t * (b[3] - a[3]))
    raise ValueError(f"quality {q} outside the measured {points[0][0]}..{points[-1][0]}")


def p90(values):
    return sorted(values)[max(0, math.ceil(0.9 * len(values)) - 1)]


def summary(values):
    finite = [v for v in values if math.isfinite(v)]
    worst = max(values)
    return (f"{statistics.median(values):.2f} / {p90(values):.2f} / "
            + ("beyond sweep" if not math.isfinite(worst) else f"{worst:.2f}")
            + ("" if len(finite) == len(values) else f" ({len(values) - len(finite)} beyond)"))


def main():
    args = sys.argv[1:]
    chosen, paths = {}, []
    for i, a in enumerate(args):
        if a == "--at":
            w, av, jp = (int(x) for x in args[i + 1].split(":"))
            chosen[w] = (av, jp)
        elif i == 0 or args[i - 1] != "--at":
            paths.append(a)
    cpu = defaultdict(lambda: defaultdict(list))
    rows = load(paths, cpu)
    widths = sorted({w for _, w in rows})
    print(f"{len(rows)} file-widths ({len({f for f, _ in rows})} files at {widths} px or their own width)\n")
    if cpu:
        means = {fmt: {k: statistics.mean(v) for k, v in per.items()} for fmt, per in cpu.items()}
        print("encode CPU per image, median over files: " + ", ".join(
            f"{fmt} {statistics.median(m.values()):.0f} ms" for fmt, m in sorted(means.items())))
        if "avif" in means and "webp" in means:
            ratios = [means["avif"][k] / means["webp"][k] for k in means["avif"] if means["webp"].get(k)]
            print(f"AVIF / WebP encode CPU per file, median: {statistics.median(ratios):.1f}\n")
        if "avif" in means and "heifsave" in means:
            ratios = [means["avif"][k] / means["heifsave"][k] for k in means["avif"] if means["heifsave"].get(k)]
            print(f"AVIF / the renderer's AVIF (heifsave rows) encode CPU per file, median: "
                  f"{statistics.median(ratios):.2f}\n")
    for webp_q, preset in PRESETS.items():
        per = []
        for key, fmt in sorted(rows.items()):
            webp = [p for p in fmt["webp"] if p[0] == webp_q]
            if not webp:
                continue
            _, wb, ws, wba = webp[0]
            aq_ba, ab_ba, m1 = match(fmt["avif"], wba, "ba")
            aq_ss, ab_ss, m2 = match(fmt["avif"], ws, "ss")
            jq_ba, _, _ = match(fmt["jpeg"], wba, "ba")
            jq_ss, _, _ = match(fmt["jpeg"], ws, "ss")
            per.append(dict(key=key, wb=wb, ws=ws, wba=wba, aq_ba=aq_ba, aq_ss=aq_ss, jq_ba=jq_ba, jq_ss=jq_ss,
                            r_ba=ab_ba / wb, r_ss=ab_ss / wb, marks=m1 + m2))
        if not per:
            continue
        print(f"== {preset}: WebP q{webp_q}, {len(per)} file-widths")
        print(f"AVIF bytes / WebP bytes at equal butteraugli   median / p90 / worst: "
              f"{summary([p['r_ba'] for p in per])}")
        print(f"AVIF bytes / WebP bytes at equal SSIMULACRA 2  median / p90 / worst: "
              f"{summary([p['r_ss'] for p in per])}")
        print(f"AVIF bytes / WebP bytes at equal quality by both: "
              f"{summary([max(p['r_ba'], p['r_ss']) for p in per])}")

        def qmed(name):
            vals = [p[name] if p[name] is not None else math.inf for p in per]
            return statistics.median(vals)
        print(f"quality matching WebP q{webp_q} (median): AVIF {qmed('aq_ba'):.1f} by butteraugli, "
              f"{qmed('aq_ss'):.1f} by SSIMULACRA 2; JPEG {qmed('jq_ba'):.1f} by butteraugli, "
              f"{qmed('jq_ss'):.1f} by SSIMULACRA 2")
        both_a = statistics.median([max(p["aq_ba"] or math.inf, p["aq_ss"] or math.inf) for p in per])
        both_j = statistics.median([max(p["jq_ba"] or math.inf, p["jq_ss"] or math.inf) for p in per])
        av, jp = chosen.get(webp_q, tuple(math.ceil(q) if math.isfinite(q) else 0 for q in (both_a, both_j)))
        print(f"at AVIF q{av}, JPEG q{jp} (median of the quality matching by both: AVIF {both_a:.1f}, "
              f"JPEG {both_j:.1f}):")
        for name, q in (("avif", av), ("jpeg", jp)):
            if not all(rows[p["key"]][name] for p in per):
                continue
            ratios, ss_ok, ba_ok, ss_d, ba_d = [], 0, 0, [], []
            for p in per:
                b, s, d = at(rows[p["key"]][name], q)
                ratios.append(b / p["wb"])
                ss_ok += s >= p["ws"]
                ba_ok += d <= p["wba"]
                ss_d.append(s - p["ws"])
                ba_d.append(d - p["wba"])
            print(f"  {name.upper()} q{q}: bytes / WebP median / p90 / worst {summary(ratios)}; "
                  f"as good by SSIMULACRA 2 on {ss_ok}/{len(per)} (median {statistics.median(ss_d):+.2f}, "
                  f"worst {min(ss_d):+.2f}), by butteraugli on {ba_ok}/{len(per)} "
                  f"(median {statistics.median(ba_d):+.3f}, worst {max(ba_d):+.3f})")
        worst = sorted(per, key=lambda p: -max(p["r_ba"], p["r_ss"]))[:4]
        for p in worst:
            print(f"  worst {p['key'][0]} @{p['key'][1]}: ratio {p['r_ba']:.2f} by butteraugli, "
                  f"{p['r_ss']:.2f} by SSIMULACRA 2 {p['marks']}; WebP {p['wb']} B, s2 {p['ws']:.1f}, "
                  f"ba {p['wba']:.2f}; AVIF matches at q{(p['aq_ba'] or 0):.0f} / q{(p['aq_ss'] or 0):.0f}")
        print()


if __name__ == "__main__":
    main()
