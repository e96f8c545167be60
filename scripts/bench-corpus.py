#!/usr/bin/env python3
"""Builds the scan benchmark corpus: QR codes made with the `qrencode` CLI, then degraded per class.

Deterministic (seeded). Writes <out>/<class>/<nnn>.png|jpg and <out>/manifest.tsv
(path, class, payload as hex). Needs Pillow and numpy.

    scripts/bench-corpus.py OUT [--per-class N] [--seed S]
"""
import argparse
import io
import math
import os
import random
import subprocess
import sys
import warnings

warnings.filterwarnings("ignore", category=UserWarning)  # qrencode PNGs are paletted with transparency

import numpy as np
from PIL import Image, ImageFilter

CLASSES = [
    "clean", "rotated", "perspective", "blur", "noise", "jpeg", "low-contrast", "inverted", "tiny", "huge",
    "screenshot",
]


def payload(rng: random.Random, index: int) -> bytes:
    kind = index % 4
    if kind == 0:  # offline operation: multi-line, '*' fields, escaped '\n' and '\\' in texts
        op = "%08x-%04x-4%03x-8%03x-%012x" % (rng.getrandbits(32), rng.getrandbits(16), rng.getrandbits(12),
                                               rng.getrandbits(12), rng.getrandbits(48))
        amount = rng.randint(1, 99999)
        lines = [op, "Potvrzení platby", "Částka %d,00 Kč\\nna účet \\\\ 2730300000" % amount,
                 "A1*A%dCZK*ICZ2730300000001165254011*D020109" % amount, "B",
                 "%032X" % rng.getrandbits(128), "0" + "".join(rng.choice("ABCDEFabcdef0123456789+/") for _ in range(88))]
        return "\n".join(lines).encode("utf-8")
    if kind == 1:
        return ("Žádost o platbu %d Kč — přihlášení" % rng.randint(1, 9999)).encode("utf-8")
    if kind == 2:
        return bytes(rng.getrandbits(8) for _ in range(rng.randint(16, 96)))
    return ("mtoken://pac?oid=%032x&potp=%08d" % (rng.getrandbits(128), rng.randint(0, 99999999))).encode()


def qr_modules(data: bytes) -> np.ndarray:
    """The code with a 4-module quiet zone, one pixel per module (0 = dark, 255 = light)."""
    png = subprocess.run(["qrencode", "-8", "-l", "M", "-s", "1", "-m", "4", "-t", "PNG", "-o", "-"],
                         input=data, capture_output=True, check=True).stdout
    return np.array(Image.open(io.BytesIO(png)).convert("L"), dtype=np.uint8)


def scaled(modules: np.ndarray, module: int) -> Image.Image:
    return Image.fromarray(np.kron(modules, np.ones((module, module), dtype=np.uint8)))


def perspective_coefficients(source, target):
    """Coefficients for PIL's PERSPECTIVE transform mapping output points `target` to input `source`."""
    rows = []
    for (x, y), (u, v) in zip(target, source):
        rows.append([x, y, 1, 0, 0, 0, -u * x, -u * y])
        rows.append([0, 0, 0, x, y, 1, -v * x, -v * y])
    b = [c for point in source for c in point]
    return np.linalg.solve(np.array(rows, dtype=float), np.array(b, dtype=float)).tolist()


def make(cls: str, rng: random.Random, nrng: np.random.Generator, data: bytes):
    modules = qr_modules(data)
    fmt = "png"
    if cls == "clean":
        img = scaled(modules, rng.randint(3, 8))
    elif cls == "rotated":
        img = scaled(modules, rng.randint(2, 6)).rotate(rng.uniform(0, 90), Image.BILINEAR, expand=True,
                                                          fillcolor=255)
    elif cls == "perspective":
        img = scaled(modules, rng.randint(4, 7))
        w, h = img.size
        d = lambda: rng.uniform(0, 0.22)
        target = [(w * d(), h * d()), (w * (1 - d()), h * d()), (w * (1 - d()), h * (1 - d())), (w * d(), h * (1 - d()))]
        source = [(0, 0), (w, 0), (w, h), (0, h)]
        img = img.transform((w, h), Image.PERSPECTIVE, perspective_coefficients(source, target), Image.BILINEAR,
                            fillcolor=255)
    elif cls == "blur":
        module = rng.randint(4, 8)
        img = scaled(modules, module).filter(ImageFilter.GaussianBlur(module * rng.uniform(0.3, 0.6)))
    elif cls == "noise":
        base = np.asarray(scaled(modules, rng.randint(4, 8)), dtype=float)
        img = Image.fromarray(np.clip(base + nrng.normal(0, rng.uniform(25, 50), base.shape), 0, 255).astype(np.uint8))
    elif cls == "jpeg":
        img = scaled(modules, rng.randint(3, 6))
        img = img.resize((int(img.width * 0.85), int(img.height * 0.85)), Image.BILINEAR)
        buffer = io.BytesIO()
        img.save(buffer, "JPEG", quality=rng.randint(20, 40))
        return buffer.getvalue(), "jpg"
    elif cls == "low-contrast":
        dark = rng.randint(90, 130)
        light = dark + rng.randint(8, 30)
        base = np.asarray(scaled(modules, rng.randint(4, 7)), dtype=float) / 255
        img = Image.fromarray((dark + base * (light - dark)).astype(np.uint8))
    elif cls == "inverted":
        img = Image.fromarray(255 - np.asarray(scaled(modules, rng.randint(4, 8))))
    elif cls == "tiny":
        img = scaled(modules, rng.choice([1, 2, 2]))
    elif cls == "huge":
        module = max(30, 1700 // modules.shape[0] + rng.randint(0, 40))
        img = scaled(modules, module).filter(ImageFilter.GaussianBlur(module * 0.2))
    elif cls == "screenshot":
        w, h = 1280, 800
        canvas = np.full((h, w), 242, dtype=np.uint8)
        canvas[:56, :] = 60  # title bar
        canvas[56:, :220] = 225  # side bar
        for y in range(80, h - 20, 22):  # text-like clutter: words of small dark blocks
            x = rng.randint(230, 300)
            while x < w - 40:
                word = rng.randint(20, 90)
                canvas[y:y + 11, x:x + word] = rng.randint(30, 90)
                canvas[y + 3:y + 8, x:x + word:3] = 242
                x += word + rng.randint(6, 14)
        code = np.asarray(scaled(modules, rng.randint(3, 5)))
        ch, cw = code.shape
        top, left = rng.randint(60, h - ch - 4), rng.randint(230, w - cw - 4)
        canvas[top:top + ch, left:left + cw] = code
        img = Image.fromarray(canvas)
    else:
        raise ValueError(cls)
    buffer = io.BytesIO()
    img.save(buffer, "PNG")
    return buffer.getvalue(), fmt


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("out")
    parser.add_argument("--per-class", type=int, default=25)
    parser.add_argument("--seed", type=int, default=20261122)
    args = parser.parse_args()
    manifest = []
    for ci, cls in enumerate(CLASSES):
        os.makedirs(os.path.join(args.out, cls), exist_ok=True)
        rng = random.Random(args.seed * 100 + ci)
        nrng = np.random.default_rng(args.seed * 100 + ci)
        for index in range(args.per_class):
            data = payload(rng, index)
            blob, ext = make(cls, rng, nrng, data)
            path = os.path.join(cls, "%03d.%s" % (index, ext))
            with open(os.path.join(args.out, path), "wb") as handle:
                handle.write(blob)
            manifest.append("%s\t%s\t%s" % (path, cls, data.hex()))
    with open(os.path.join(args.out, "manifest.tsv"), "w") as handle:
        handle.write("\n".join(manifest) + "\n")
    print("bench-corpus: %d images in %d classes under %s" % (len(manifest), len(CLASSES), args.out), file=sys.stderr)


if __name__ == "__main__":
    main()
