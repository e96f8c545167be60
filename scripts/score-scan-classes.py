#!/usr/bin/env python3
"""Scores qrauth scan (and zxing-cpp from PyPI, when installed) per class on a set made by
scripts/make-scan-classes.py or scripts/make-perspective-set.py: how many images give the exact
payload bytes, and CPU seconds. --per-image also times each tool's read and unread images apart
(qrauth: one process per group, less the CPU of `qrauth version`, its start-up), in ms an image,
and what an unread image costs against a read one.

    python3 scripts/score-scan-classes.py --set DIR --qrauth BIN [--per-image]
"""
import argparse
import base64
import collections
import json
import os
import resource
import subprocess
import time

parser = argparse.ArgumentParser()
parser.add_argument("--set", required=True)
parser.add_argument("--qrauth", required=True)
parser.add_argument("--per-image", action="store_true")
args = parser.parse_args()

rows = [line.rstrip("\n").split("\t") for line in open(os.path.join(args.set, "manifest.tsv")) if line.strip()]
paths = [os.path.join(args.set, name) for name, _ in rows]
expected = {os.path.join(args.set, name): bytes.fromhex(hexed) for name, hexed in rows}

before = resource.getrusage(resource.RUSAGE_CHILDREN)
output = subprocess.run([args.qrauth, "scan", "--json", "--jobs", "1"] + paths, capture_output=True, text=True).stdout
after = resource.getrusage(resource.RUSAGE_CHILDREN)
qrauth_cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
qrauth_hits = {}
for line in output.splitlines():
    record = json.loads(line)
    found = [base64.b64decode(symbol["bytes"]) for symbol in record["symbols"]]
    qrauth_hits[record["path"]] = expected[record["path"]] in found

zxing_hits = {}
zxing_cpu = None
try:
    import zxingcpp
    from PIL import Image

    start = time.process_time()
    for path in paths:
        results = zxingcpp.read_barcodes(Image.open(path), formats=zxingcpp.BarcodeFormat.QRCode)
        zxing_hits[path] = any(result.bytes == expected[path] for result in results)
    zxing_cpu = time.process_time() - start
except ImportError:
    pass

classes = collections.OrderedDict()
for name, _ in rows:
    classes.setdefault(name.split("/")[0], []).append(os.path.join(args.set, name))
print(f"{'class':<12} {'qrauth':>7} {'zxing-cpp':>9}")
for cls, members in classes.items():
    q = sum(qrauth_hits.get(path, False) for path in members)
    z = sum(zxing_hits.get(path, False) for path in members) if zxing_hits else "-"
    print(f"{cls:<12} {q:>4}/{len(members):<2} {z:>6}/{len(members)}")
print(f"{'all':<12} {sum(qrauth_hits.values()):>4}/{len(paths)} {sum(zxing_hits.values()) if zxing_hits else '-':>6}/{len(paths)}")
print(f"CPU s: qrauth {qrauth_cpu:.2f} (incl. start-up, one process)" + (f", zxing-cpp {zxing_cpu:.2f}" if zxing_cpu is not None else ""))


def qrauth_cpu_of(command):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(command, capture_output=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


if args.per_image:
    startup = min(qrauth_cpu_of([args.qrauth, "version"]) for _ in range(3))
    line = "per image ms:"
    for tool, hits in [("qrauth", qrauth_hits), ("zxing-cpp", zxing_hits)]:
        if not hits:
            continue
        figures = {}
        for label, want in [("read", True), ("unread", False)]:
            group = [path for path in paths if hits.get(path, False) == want]
            if not group:
                continue
            if tool == "qrauth":
                cpu = qrauth_cpu_of([args.qrauth, "scan", "--json", "--jobs", "1"] + group) - startup
            else:
                start = time.process_time()
                for path in group:
                    zxingcpp.read_barcodes(Image.open(path), formats=zxingcpp.BarcodeFormat.QRCode)
                cpu = time.process_time() - start
            figures[label] = 1000 * cpu / len(group)
        line += f" {tool} " + ", ".join(f"{label} {value:.1f} ({sum(1 for p in paths if hits.get(p, False) == (label == 'read'))})" for label, value in figures.items())
        if "read" in figures and "unread" in figures and figures["read"] > 0:
            line += f" [unread/read {figures['unread'] / figures['read']:.1f}x];"
    print(line)
