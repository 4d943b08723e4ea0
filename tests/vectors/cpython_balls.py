#!/usr/bin/env python3
"""Reference vectors from CPython's own `random` module, for tests/unit/lib/random and lib/balls,
and for the chapter-1 figures' experiments in tests/unit/experiments (balls-grid, balls-growth, ...).

Regenerate with:  python3 tests/vectors/cpython_balls.py > tests/vectors/cpython-balls.json
Standard library only. Seeds above 2**53 are written as decimal strings, because JSON readers
(JavaScript's among them) round larger numbers to doubles.
"""
import json
import platform
import random

STREAM_SEEDS = [0, 1, 7, 11, 42, 4294967295, 4294967296, 2**64 + 123, 12345678901234567890123]
RANDRANGE_NS = [1, 2, 3, 10, 1000, 100000, 2**31 + 1, 4294967295]
DRAWS = 16
FLOATS = 4

BALL_SEEDS = [0, 7, 11, 123]
BALL_NS = [1, 2, 10, 1000, 100000]
BALL_DS = [1, 2, 3]
HISTOGRAM_N = 1000

# Figure 1 (balls.grid): 900 balls into a 30 x 30 grid of bins. The per-bin loads are kept for
# GRID_BINS_SEED, so the grid can be checked bin by bin, not only through its maximum.
GRID_N = 900
GRID_SEEDS = [7, 1, 11, 123]
GRID_DS = [1, 2]
GRID_BINS_SEED = 7

# Figure 2 (balls.growth) and Figure 3 (balls.histogram): n = 10^3 ... 10^7, seed 7. The 10^7
# runs take about a minute in CPython; the script is run once, and the JSON is checked in.
GROWTH_SEED = 7
GROWTH_NS = [10**e for e in range(3, 8)]
GROWTH_DS = [1, 2, 3]


def max_load_bins(n, d, seed=7):
    # The article's program, verbatim apart from returning the bins instead of max(bins).
    rng = random.Random(seed)
    bins = [0] * n
    for _ in range(n):
        i = rng.randrange(n)
        for _ in range(d - 1):
            j = rng.randrange(n)
            if bins[j] < bins[i]:
                i = j
        bins[i] += 1
    return bins


def histogram(bins):
    counts = [0] * (max(bins) + 1)
    for load in bins:
        counts[load] += 1
    return counts


def json_seed(seed):
    return seed if seed <= 2**53 else str(seed)


def stream(seed):
    # Each sequence starts from a fresh generator, so a test can replay one without the others.
    bits = random.Random(seed)
    floats = random.Random(seed)
    ranges = {}
    for n in RANDRANGE_NS:
        rng = random.Random(seed)
        ranges[str(n)] = [rng.randrange(n) for _ in range(DRAWS)]
    return {
        "seed": json_seed(seed),
        "getrandbits32": [bits.getrandbits(32) for _ in range(DRAWS)],
        "randrange": ranges,
        "random": [floats.random() for _ in range(FLOATS)],
    }


def balls():
    runs = []
    for seed in BALL_SEEDS:
        for n in BALL_NS:
            for d in BALL_DS:
                bins = max_load_bins(n, d, seed)
                run = {"seed": seed, "n": n, "d": d, "maxLoad": max(bins)}
                if n == HISTOGRAM_N:
                    run["histogram"] = histogram(bins)
                runs.append(run)
    return runs


def grid():
    runs = []
    for seed in GRID_SEEDS:
        for d in GRID_DS:
            bins = max_load_bins(GRID_N, d, seed)
            run = {"seed": seed, "n": GRID_N, "d": d, "maxLoad": max(bins)}
            if seed == GRID_BINS_SEED:
                run["bins"] = bins
            runs.append(run)
    return runs


def growth():
    runs = []
    for d in GROWTH_DS:
        for n in GROWTH_NS:
            bins = max_load_bins(n, d, GROWTH_SEED)
            runs.append({"seed": GROWTH_SEED, "n": n, "d": d, "maxLoad": max(bins), "histogram": histogram(bins)})
    return runs


def to_json(value, depth=0):
    # Lists of numbers stay on one line, so a diff after regenerating shows which draw moved.
    pad, inner = " " * depth, " " * (depth + 1)
    if isinstance(value, dict):
        items = [f"{inner}{json.dumps(k)}: {to_json(v, depth + 1)}" for k, v in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + pad + "}"
    if isinstance(value, list) and any(isinstance(v, (dict, list)) for v in value):
        items = [inner + to_json(v, depth + 1) for v in value]
        return "[\n" + ",\n".join(items) + "\n" + pad + "]"
    return json.dumps(value)


def main():
    print(to_json({
        "source": "CPython random.Random(seed); made by tests/vectors/cpython_balls.py",
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "streams": [stream(seed) for seed in STREAM_SEEDS],
        "balls": balls(),
        "grid": grid(),
        "growth": growth(),
    }))


if __name__ == "__main__":
    main()
