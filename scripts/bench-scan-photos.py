#!/usr/bin/env python3
"""Scores qrauth scan and its peers on a corpus of real photos with a two-column manifest.

    scripts/bench-scan-photos.py --corpus DIR --qrauth BIN [--rounds N] [--details FILE]

DIR/manifest.tsv has one line per image, `file <TAB> expected payload bytes as hex`, or `-` where
the truth is unknown (lines starting with `#` are comments): the format of the jsqr-photos corpus.

For each tool, in one run: known-truth images read exactly (the expected bytes among the symbols),
unknown-truth images read at all (and how many of those another tool read with the same bytes),
and throughput per core: images per CPU-second, every tool on one core (core 0, `taskset`, so that
load on the other cores weighs on every tool alike). CPU time is what the tool's
processes used (user + system, from the kernel's child accounting), so load from other processes on
a shared machine changes it far less than wall time; wall time on one core is printed too.

Tools: qrauth (`scan --json --jobs 1`, one process for the corpus), zxing-cpp (PyPI `zxing-cpp`,
default options, QR only), OpenCV WeChatQRCode (PyPI `opencv-contrib-python-headless`, without the
CNN models; its Python binding returns text, so a payload that is not UTF-8 counts as a miss) and zbarimg (one process per file, so every file has its own result). Tools that are
not installed are skipped. The Python tools run in a child process that loads each image (Pillow or
OpenCV) and decodes it, timed from the first image on (interpreter start-up and imports excluded).
One untimed warm-up round, then --rounds timed rounds, the tools taking turns; figures are medians.
"""
import argparse
import base64
import json
import os
import resource
import statistics
import subprocess
import sys
import time

import benchargs

ZBAR = ["zbarimg", "-q", "--nodbus", "-Sdisable", "-Sqrcode.enable", "-Sbinary"]


def load_manifest(corpus):
    rows = []
    with open(os.path.join(corpus, "manifest.tsv")) as handle:
        for line in handle:
            if not line.strip() or line.startswith("#"):
                continue
            name, payload = line.rstrip("\n").split("\t")[:2]
            rows.append((os.path.join(corpus, name), None if payload == "-" else bytes.fromhex(payload)))
    return rows


# Every tool runs on core 0, so that load on the other cores weighs on every tool alike.
ONE_CORE = ["taskset", "-c", "0"]


def children_cpu():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed(command, **kwargs):
    """Runs a command; returns (stdout, wall seconds, CPU seconds of the process)."""
    cpu = children_cpu()
    start = time.perf_counter()
    out = subprocess.run(command, capture_output=True, check=False, **kwargs).stdout
    return out, time.perf_counter() - start, children_cpu() - cpu


def run_qrauth(binary, rows):
    out, wall, cpu = timed(ONE_CORE + [binary, "scan", "--json", "--jobs", "1"] + [r[0] for r in rows])
    found = {}
    for line in out.decode().splitlines():
        record = json.loads(line)
        found[record["path"]] = [base64.b64decode(s["bytes"]) for s in record["symbols"]]
    return [found.get(r[0], []) for r in rows], wall, cpu


def run_zbarimg(rows):
    outputs = []
    wall = cpu = 0.0
    for path, _ in rows:
        out, w, c = timed(ONE_CORE + ZBAR + [path])
        wall += w
        cpu += c
        # -Sbinary prints every symbol's bytes with no separator: one code per image is compared exactly.
        outputs.append([out] if out else [])
    return outputs, wall, cpu


CHILD = r"""
import base64, json, sys, time
tool, paths = sys.argv[1], sys.argv[2:]
if tool == "zxing-cpp":
    import zxingcpp
    from PIL import Image
    def read(path):
        image = Image.open(path)
        image.load()
        return [b.bytes for b in zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode)]
else:
    import cv2
    detector = cv2.wechat_qrcode_WeChatQRCode()
    def read(path):
        try:
            texts, _ = detector.detectAndDecode(cv2.imread(path))
        except UnicodeDecodeError:  # the binding returns str: a payload that is not UTF-8 is lost
            return []
        return [t.encode("utf-8") for t in texts]
outputs = []
cpu, wall = time.process_time(), time.perf_counter()
for path in paths:
    outputs.append([base64.b64encode(b).decode() for b in read(path)])
cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
print(json.dumps({"outputs": outputs, "cpu": cpu, "wall": wall}))
"""


def run_python(tool, python, rows):
    env = dict(os.environ, OMP_NUM_THREADS="1", OPENCV_FOR_THREADS_NUM="1")
    out, _, _ = timed(ONE_CORE + [python, "-c", CHILD, tool] + [r[0] for r in rows], env=env)
    result = json.loads(out)
    return [[base64.b64decode(b) for b in o] for o in result["outputs"]], result["wall"], result["cpu"]


def python_has(python, module):
    return subprocess.run([python, "-c", "import " + module], capture_output=True).returncode == 0


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--corpus", required=True)
    parser.add_argument("--qrauth", required=True)
    parser.add_argument("--python", default=sys.executable, help="the Python with zxing-cpp / OpenCV")
    parser.add_argument("--rounds", type=benchargs.rounds, default=3,
                        help="timed rounds after the untimed warm-up round (at least 1; default 3)")
    parser.add_argument("--details", help="write per-image results (TSV) here")
    parser.add_argument("--tools", default="qrauth,zxing-cpp,wechat,zbarimg")
    args = parser.parse_args()
    rows = load_manifest(args.corpus)
    known = [i for i, r in enumerate(rows) if r[1] is not None]
    unknown = [i for i, r in enumerate(rows) if r[1] is None]

    wanted = args.tools.split(",")
    runs = {}
    if "qrauth" in wanted:
        runs["qrauth"] = lambda: run_qrauth(args.qrauth, rows)
    if "zxing-cpp" in wanted and python_has(args.python, "zxingcpp"):
        runs["zxing-cpp"] = lambda: run_python("zxing-cpp", args.python, rows)
    if "wechat" in wanted and python_has(args.python, "cv2; cv2.wechat_qrcode_WeChatQRCode"):
        runs["OpenCV WeChat"] = lambda: run_python("wechat", args.python, rows)
    if "zbarimg" in wanted and subprocess.run(["which", "zbarimg"], capture_output=True).returncode == 0:
        runs["zbarimg"] = lambda: run_zbarimg(rows)

    outputs, walls, cpus = {}, {t: [] for t in runs}, {t: [] for t in runs}
    for round_index in range(args.rounds + 1):  # round 0 warms the page cache and is not timed
        for tool, run in runs.items():
            found, wall, cpu = run()
            if round_index == 0:
                outputs[tool] = found
            else:
                walls[tool].append(wall)
                cpus[tool].append(cpu)

    print("corpus: %s: %d images, %d with known truth, %d unknown; %d timed rounds, one core per tool"
          % (args.corpus, len(rows), len(known), len(unknown), args.rounds))
    print()
    print("%-14s %12s %12s %10s %12s %10s %10s" % ("tool", "known exact", "unknown read", "confirmed",
                                                  "images/cpu-s", "cpu s", "wall s"))
    for tool in runs:
        exact = sum(rows[i][1] in outputs[tool][i] for i in known)
        read = [i for i in unknown if outputs[tool][i]]
        confirmed = sum(any(set(outputs[tool][i]) & set(outputs[other][i]) for other in runs if other != tool)
                        for i in read)
        cpu = statistics.median(cpus[tool])
        wall = statistics.median(walls[tool])
        print("%-14s %8d/%-3d %8d/%-3d %10d %12.1f %10.2f %10.2f" % (tool, exact, len(known), len(read), len(unknown),
                                                                  confirmed, len(rows) / cpu, cpu, wall))
    if "qrauth" in runs:
        ours = statistics.median(cpus["qrauth"])
        print()
        for tool in runs:
            if tool != "qrauth":
                print("throughput per core, qrauth / %s: %.2fx" % (tool, statistics.median(cpus[tool]) / ours))
    if args.details:
        with open(args.details, "w") as handle:
            handle.write("file\ttruth\t" + "\t".join(runs) + "\n")
            for i, (path, truth) in enumerate(rows):
                cells = []
                for tool in runs:
                    got = outputs[tool][i]
                    if truth is not None:
                        cells.append("ok" if truth in got else ("wrong" if got else "miss"))
                    else:
                        cells.append(",".join(g.hex()[:16] for g in got) or "miss")
                handle.write("%s\t%s\t%s\n" % (os.path.basename(path), "known" if truth else "unknown",
                                               "\t".join(cells)))


if __name__ == "__main__":
    main()
