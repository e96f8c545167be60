#!/usr/bin/env python3
"""Scores qrauth scan (and zxing-cpp from PyPI, when installed) per class on a set made by
scripts/make-scan-classes.py: how many images give the exact payload bytes, and CPU seconds.

    python3 scripts/score-scan-classes.py --set DIR --qrauth BIN
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
