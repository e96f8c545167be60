#!/usr/bin/env python3
"""CPU per image of the scanner and of zxing-cpp, start-up excluded on both sides, one thread each, in one run.

    swift build -c release --package-path Benchmarks --scratch-path .build-bench --product scan-cpu
    scripts/bench-scan-cpu.py --set DIR [--set DIR ...] --scan-cpu .build-bench/release/scan-cpu [--rounds N]

DIR/manifest.tsv: `file <TAB> payload hex` (or `-`: truth unknown; `none`: no readable code), or the three
columns of scripts/bench-corpus.py (`file <TAB> class <TAB> hex`). qrauth is timed by Benchmarks' `scan-cpu`: the
scanning thread's CPU time (CLOCK_THREAD_CPUTIME_ID) of decoding each file and `QRScanner.scanReport` with the
default passes and budget, the file already read into memory. zxing-cpp (PyPI `zxing-cpp`, QR only, default
options) is timed in a Python child per image with `time.process_time()` around Pillow's open+load and
`read_barcodes` (file reads and imports excluded). Both run on core 0 (`taskset`), taking turns per round; one
untimed warm-up round, then --rounds timed rounds; a figure is the median over rounds.

Printed per set: codes read exactly (known truth), false reads (a code reported where there is none), CPU ms per
image for each tool and the ratio, and for qrauth the mean CPU of images read by the first pass that ran, of images
read later, and of images that yielded nothing, with "nothing / first-pass read".
"""
import argparse
import base64
import json
import os
import statistics
import subprocess
import sys

ONE_CORE = ["taskset", "-c", "0"]

CHILD = r"""
import base64, json, sys, time
import zxingcpp
from PIL import Image
rounds, paths = int(sys.argv[1]), sys.argv[2:]
blobs = [open(p, "rb").read() for p in paths]
import io
for r in range(rounds):
    for path, blob in zip(paths, blobs):
        start = time.process_time()
        image = Image.open(io.BytesIO(blob))
        image.load()
        found = [b.bytes for b in zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode)]
        cpu = time.process_time() - start
        print(json.dumps({"path": path, "round": r, "cpuNs": int(cpu * 1e9),
                          "symbols": [base64.b64encode(b).decode() for b in found]}))
"""


def load(directory):
    rows = []
    for line in open(os.path.join(directory, "manifest.tsv")):
        if not line.strip() or line.startswith("#"):
            continue
        cells = line.rstrip("\n").split("\t")
        name, truth = cells[0], cells[-1]
        path = name if os.path.isabs(name) else os.path.join(directory, name)
        if not os.path.exists(path):
            path = os.path.join(os.path.dirname(directory), name) if os.path.exists(
                os.path.join(os.path.dirname(directory), name)) else path
        rows.append((path, None if truth == "-" else (b"" if truth == "none" else bytes.fromhex(truth))))
    return rows


def collect(lines):
    per = {}
    for line in lines.splitlines():
        record = json.loads(line)
        entry = per.setdefault(record["path"], {"cpu": [], "symbols": None, "passes": None})
        if record["round"] == 0:
            entry["symbols"] = [base64.b64decode(s) for s in record["symbols"]]
            entry["passes"] = record.get("passes")
        else:
            entry["cpu"].append(record["cpuNs"] / 1e6)
    return per


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--set", action="append", required=True)
    parser.add_argument("--scan-cpu", required=True)
    parser.add_argument("--python", default=sys.executable)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--details", help="write per-image rows (TSV) here")
    args = parser.parse_args()
    details = []
    for directory in args.set:
        rows = load(directory)
        paths = [r[0] for r in rows]
        ours = collect(subprocess.run(ONE_CORE + [args.scan_cpu, "--rounds", str(args.rounds + 1)] + paths,
                                      capture_output=True, text=True, check=True).stdout)
        env = dict(os.environ, OMP_NUM_THREADS="1")
        theirs = collect(subprocess.run(ONE_CORE + [args.python, "-c", CHILD, str(args.rounds + 1)] + paths,
                                        capture_output=True, text=True, check=True, env=env).stdout)

        def score(per):
            exact = sum(1 for p, t in rows if t and t in per[p]["symbols"])
            false = sum(1 for p, t in rows if t == b"" and per[p]["symbols"])
            total = statistics.median(sum(per[p]["cpu"][r] for p in paths) for r in range(args.rounds))
            return exact, false, total / len(paths)

        def median_cpu(per, p):
            return statistics.median(per[p]["cpu"])

        q_exact, q_false, q_ms = score(ours)
        z_exact, z_false, z_ms = score(theirs)
        known = sum(1 for _, t in rows if t)
        none = sum(1 for _, t in rows if t == b"")
        first = [p for p in paths if ours[p]["symbols"] and len(ours[p]["passes"]) == 1]
        later = [p for p in paths if ours[p]["symbols"] and len(ours[p]["passes"]) > 1]
        nothing = [p for p in paths if not ours[p]["symbols"]]
        z_read = [p for p in paths if theirs[p]["symbols"]]
        z_nothing = [p for p in paths if not theirs[p]["symbols"]]

        def mean(per, group):
            return statistics.mean(median_cpu(per, p) for p in group) if group else float("nan")

        name = os.path.basename(os.path.normpath(directory))
        print("%s: %d images (%d known, %d without a code); %d timed rounds, core 0" % (
            name, len(rows), known, none, args.rounds))
        print("  read exactly: qrauth %d/%d, zxing-cpp %d/%d; false reads on no-code images: qrauth %d, zxing-cpp %d"
              % (q_exact, known, z_exact, known, q_false, z_false))
        print("  CPU ms/image: qrauth %.2f, zxing-cpp %.2f -> qrauth speed %.2fx zxing-cpp's" % (
            q_ms, z_ms, z_ms / q_ms))
        print("  qrauth ms: first-pass read %.2f (%d), later read %.2f (%d), nothing %.2f (%d) -> nothing/first %.1fx"
              % (mean(ours, first), len(first), mean(ours, later), len(later), mean(ours, nothing), len(nothing),
                 mean(ours, nothing) / mean(ours, first) if first else float("nan")))
        print("  zxing-cpp ms: read %.2f (%d), nothing %.2f (%d) -> nothing/read %.1fx" % (
            mean(theirs, z_read), len(z_read), mean(theirs, z_nothing), len(z_nothing),
            mean(theirs, z_nothing) / mean(theirs, z_read) if z_read else float("nan")))
        sys.stdout.flush()
        for p, t in rows:
            details.append("\t".join([name, os.path.relpath(p, directory),
                                      "none" if t == b"" else ("-" if t is None else "code"),
                                      "ok" if t and t in ours[p]["symbols"] else ("read" if ours[p]["symbols"] else "miss"),
                                      "%.2f" % median_cpu(ours, p), ",".join(ours[p]["passes"] or []),
                                      "ok" if t and t in theirs[p]["symbols"] else (
                                          "read" if theirs[p]["symbols"] else "miss"),
                                      "%.2f" % median_cpu(theirs, p)]))
    if args.details:
        with open(args.details, "w") as handle:
            handle.write("set\tfile\ttruth\tqrauth\tqrauth ms\tpasses\tzxing-cpp\tzxing-cpp ms\n")
            handle.write("\n".join(details) + "\n")


if __name__ == "__main__":
    main()
