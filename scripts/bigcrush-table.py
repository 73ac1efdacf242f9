#!/usr/bin/env python3
"""The table of docs/lab.md "The hashes against BigCrush", from rng test's JSON.

  scripts/bigcrush-table.py KEYING=BOTH.json,RENDERER.json ...

Each argument names a keying (paper, counter) and two `rng test --json-file`
reports of the same hashes: one of `--order both` (stream and consumed) and one
of `--order renderer`. For each hash it counts the FAIL verdicts per order (as
rng test graded them: Benjamini-Hochberg per generator and run) and prints a
Markdown row with the paper's BigCrush passes
(docs/data/jarzynski-olano-2020-bigcrush.csv); then, per keying, Spearman's
rank correlation (ties at their mean rank) between the passes and (a) the
stream + consumed FAILs, (b) the FAILs of all three orders, over the hashes in
both lists. `tea` with tea-rounds=N is the paper's teaN (4 rounds without it).
Rows run from the fewest BigCrush passes up. An argument bench=FILE (an
`rng bench --json` report of the same hashes, keyed both ways) fills the last
column with each hash's consumed floats per second, `counter` / `paper`;
without it the column is "—".
"""
import csv, json, math, os, sys

BIGCRUSH = os.path.join(os.path.dirname(__file__), "..", "docs", "data",
                        "jarzynski-olano-2020-bigcrush.csv")


def paper_name(generator):
    words = generator.split()
    if words[0] != "tea":
        return words[0]
    rounds = [w.split("=")[1] for w in words if w.startswith("tea-rounds=")]
    return "tea" + (rounds[0] if rounds else "4")


def fails(path):
    """FAILs per (paper name, order), and the hashes in the report's order."""
    counts, names = {}, []
    for r in json.load(open(path))["results"]:
        name = paper_name(r["generator"])
        if name not in names:
            names.append(name)
        key = (name, r["order"])
        counts[key] = counts.get(key, 0) + (r["verdict"] == "FAIL")
    return counts, names


def ranks(v):
    order = sorted(range(len(v)), key=lambda i: v[i])
    r, i = [0.0] * len(v), 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and v[order[j + 1]] == v[order[i]]:
            j += 1
        for k in range(i, j + 1):
            r[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return r


def spearman(x, y):
    rx, ry = ranks(x), ranks(y)
    mx, my = sum(rx) / len(rx), sum(ry) / len(ry)
    c = sum((a - mx) * (b - my) for a, b in zip(rx, ry))
    return c / math.sqrt(sum((a - mx) ** 2 for a in rx) * sum((b - my) ** 2 for b in ry))


def speeds(path):
    """Consumed floats/s per (paper name, keying) from an rng bench report."""
    out = {}
    for r in json.load(open(path))["results"]:
        opts = r["options"].split()
        name = paper_name(" ".join([r["generator"]] + opts))
        out[(name, "paper" if "hash-key=paper" in opts else "counter")] = r["consumed_per_s"]
    return out


bigcrush = {row[0]: int(row[2]) for row in csv.reader(open(BIGCRUSH)) if row[0] != "Hash"}
keyings, names, bench = [], None, {}
for arg in sys.argv[1:]:
    keying, paths = arg.split("=", 1)
    if keying == "bench":
        bench = speeds(paths)
        continue
    both, renderer = paths.split(",")
    c1, n1 = fails(both)
    c2, _ = fails(renderer)
    c1.update(c2)
    keyings.append((keying, c1))
    names = names or n1

names.sort(key=lambda n: (n not in bigcrush, bigcrush.get(n, 0)))
print("| hash |" + "".join(f" `{k}` S | C | R |" for k, _ in keyings)
      + " BigCrush passed (of 160) | H200 consumed floats/s, `counter` / `paper` |")
print("|---|" + "---:|---:|---:|" * len(keyings) + "---:|---:|")
for n in names:
    cells = "".join(f" {c.get((n, 'stream'), 0)} | {c.get((n, 'consumed'), 0)} | {c.get((n, 'renderer'), 0)} |"
                    for _, c in keyings)
    speed = "—"
    if (n, "counter") in bench:
        speed = f"{bench[(n, 'counter')]:.3g} / {bench.get((n, 'paper'), float('nan')):.3g}"
    print(f"| {n} |{cells} {bigcrush.get(n, '—')} | {speed} |")
for k, c in keyings:
    inboth = [n for n in names if n in bigcrush]
    y = [bigcrush[n] for n in inboth]
    sc = [c.get((n, "stream"), 0) + c.get((n, "consumed"), 0) for n in inboth]
    all3 = [s + c.get((n, "renderer"), 0) for s, n in zip(sc, inboth)]
    print(f"{k}: {len(inboth)} hashes; Spearman stream+consumed {spearman(sc, y):.3f}, "
          f"all three orders {spearman(all3, y):.3f}")
