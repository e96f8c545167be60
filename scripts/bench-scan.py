#!/usr/bin/env python3
"""Runs qrauth scan, zbarimg and zxing-cpp on the same corpus; prints images/s and decode rates.

    scripts/bench-scan.py --corpus DIR --qrauth BIN [--jobs N] [--rounds N]

A decode counts when the tool returned the exact payload bytes of the manifest. The machine is
shared and noisy: one untimed warm-up round, then --rounds timed rounds in which the tools take
turns; times are medians (the range is printed too) and the ratios are ratios of medians.
"""
import argparse
import base64
import collections
import concurrent.futures
import json
import multiprocessing
import os
import statistics
import subprocess
import time

import benchargs

ZBAR = ["zbarimg", "-q", "--nodbus", "-Sdisable", "-Sqrcode.enable", "-Sbinary"]


def load_manifest(corpus):
    rows = []
    with open(os.path.join(corpus, "manifest.tsv")) as handle:
        for line in handle:
            path, cls, payload = line.rstrip("\n").split("\t")
            rows.append((os.path.join(corpus, path), cls, bytes.fromhex(payload)))
    return rows


def run_qrauth(binary, rows, jobs):
    start = time.perf_counter()
    out = subprocess.run([binary, "scan", "--json", "--jobs", str(jobs)] + [r[0] for r in rows],
                         capture_output=True, check=False).stdout
    elapsed = time.perf_counter() - start
    found = {}
    for line in out.decode().splitlines():
        record = json.loads(line)
        found[record["path"]] = [base64.b64decode(s["bytes"]) for s in record["symbols"]]
    return elapsed, [row[2] in found.get(row[0], []) for row in rows]


def zbar_one(path):
    return subprocess.run(ZBAR + [path], capture_output=True, check=False).stdout


def run_zbarimg(rows, jobs):
    start = time.perf_counter()
    with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
        outputs = list(pool.map(zbar_one, [r[0] for r in rows]))
    elapsed = time.perf_counter() - start
    # -Sbinary prints the bytes of every symbol with no separator: one code per image, so compare exactly.
    return elapsed, [output == row[2] for output, row in zip(outputs, rows)]


def run_zbarimg_batch(rows, jobs):
    """Throughput only: `jobs` zbarimg processes over slices of the corpus (no per-file result)."""
    paths = [r[0] for r in rows]
    slices = [paths[i::jobs] for i in range(jobs)]
    start = time.perf_counter()
    with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
        list(pool.map(lambda s: subprocess.run(ZBAR + s, capture_output=True, check=False), slices))
    return time.perf_counter() - start


def zxing_one(path):
    import zxingcpp
    from PIL import Image
    image = Image.open(path)
    image.load()
    return [b.bytes for b in zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode)]


def run_zxing(rows, jobs):
    start = time.perf_counter()
    with multiprocessing.Pool(jobs) as pool:
        outputs = pool.map(zxing_one, [r[0] for r in rows], chunksize=4)
    elapsed = time.perf_counter() - start
    return elapsed, [row[2] in output for output, row in zip(outputs, rows)]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--corpus", required=True)
    parser.add_argument("--qrauth", required=True)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--rounds", type=benchargs.rounds, default=3,
                        help="timed rounds after the untimed warm-up round (at least 1; default 3)")
    args = parser.parse_args()
    rows = load_manifest(args.corpus)
    n = len(rows)
    print("corpus: %d images, %d classes, %d jobs per tool" % (n, len(set(r[1] for r in rows)), args.jobs))

    runs = collections.OrderedDict(
        [("qrauth scan", lambda: run_qrauth(args.qrauth, rows, args.jobs)),
         ("zbarimg", lambda: run_zbarimg(rows, args.jobs)),
         ("zxing-cpp", lambda: run_zxing(rows, args.jobs)),
         ("zbarimg batched", lambda: (run_zbarimg_batch(rows, args.jobs), None))])
    results = collections.OrderedDict()
    times = collections.defaultdict(list)
    for round_index in range(args.rounds + 1):  # round 0 warms the page cache and is not timed
        for tool, run in runs.items():
            elapsed, found = run()
            if round_index == 0:
                if found is not None:
                    results[tool] = (None, found)
            else:
                times[tool].append(elapsed)
    median = {tool: statistics.median(values) for tool, values in times.items()}
    for tool in results:
        results[tool] = (median[tool], results[tool][1])
    zbar_batch = median["zbarimg batched"]

    classes = list(collections.OrderedDict.fromkeys(r[1] for r in rows))
    tools = list(results)
    print()
    print("%-14s" % "class" + "".join("%14s" % t for t in tools))
    for cls in classes:
        idx = [i for i, r in enumerate(rows) if r[1] == cls]
        cells = []
        for tool in tools:
            ok = sum(results[tool][1][i] for i in idx)
            cells.append("%14s" % ("%d/%d" % (ok, len(idx))))
        print("%-14s" % cls + "".join(cells))
    print("%-14s" % "all" + "".join("%14s" % ("%.1f%%" % (100.0 * sum(results[t][1]) / n)) for t in tools))
    print()
    print("median of %d rounds (range):" % args.rounds)
    labels = {"zbarimg batched": "zbarimg (batched, no per-file)"}
    for tool in list(tools) + ["zbarimg batched"]:
        elapsed = median[tool]
        print("%-30s %7.2f s  %8.1f images/s   (%.2f-%.2f s)"
              % (labels.get(tool, tool), elapsed, n / elapsed, min(times[tool]), max(times[tool])))
    ours = n / results["qrauth scan"][0]
    print()
    print("throughput ratio qrauth/zbarimg per-file: %.2fx" % (ours / (n / results["zbarimg"][0])))
    print("throughput ratio qrauth/zbarimg batched:  %.2fx" % (ours / (n / zbar_batch)))
    print("throughput ratio qrauth/zxing-cpp:        %.2fx" % (ours / (n / results["zxing-cpp"][0])))
    for cls in classes:
        idx = [i for i, r in enumerate(rows) if r[1] == cls]
        ours_ok = sum(results["qrauth scan"][1][i] for i in idx)
        zbar_ok = sum(results["zbarimg"][1][i] for i in idx)
        if ours_ok < zbar_ok:
            print("BELOW zbarimg on %s: %d < %d" % (cls, ours_ok, zbar_ok))


if __name__ == "__main__":
    main()
