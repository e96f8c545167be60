#!/usr/bin/env python3
"""Makes a seeded set of QR codes photographed at a slant (issue 28, perspective): each code, made by
segno (PyPI), is put on a plane in 3-D, turned in its plane by a random angle, tilted away from the
camera by the class's angle about a random axis, and projected through a pinhole camera, then blurred,
lit unevenly, given noise and sometimes saved as JPEG. Classes by tilt: tilt30, tilt45, tilt55,
tilt65 (degrees from facing the camera); versions 1-8, error levels L-H, 3-9 px a module facing the
camera, quiet zones of 1-4 modules. Writes OUT/CLASS/N.(png|jpg) and OUT/manifest.tsv
(`class/N.ext <TAB> payload hex`), the format scripts/score-scan-classes.py scores.

    pip install segno pillow numpy
    python3 scripts/make-perspective-set.py OUT [COUNT_PER_CLASS] [SEED]
"""
import math
import os
import random
import sys

import numpy as np
import segno
from PIL import Image, ImageFilter

out = sys.argv[1]
count = int(sys.argv[2]) if len(sys.argv) > 2 else 10
rng = random.Random(int(sys.argv[3]) if len(sys.argv) > 3 else 45)
rows = []


def payload():
    alphabet = "abcdefghijklmnopqrstuvwxyz0123456789"
    length = rng.choice([12, 20, 30, 45, 60, 80, 110])
    return "https://ex.com/" + "".join(rng.choice(alphabet) for _ in range(length))


def render(text, scale, border):
    code = segno.make_qr(text, error=rng.choice("lmqh"))
    modules = np.array([[bool(v) for v in row] for row in code.matrix])
    n = modules.shape[0]
    image = np.full(((n + 2 * border) * scale,) * 2, 255, dtype=np.uint8)
    for y in range(n):
        for x in range(n):
            if modules[y, x]:
                y0, x0 = (y + border) * scale, (x + border) * scale
                image[y0 : y0 + scale, x0 : x0 + scale] = 0
    return Image.fromarray(image)


def projected_corners(side, tilt, spin, axis, distance):
    """The image positions of the code's corners (TL, TR, BR, BL): the square of `side` px centred at
    the origin, turned by `spin` in its plane, tilted by `tilt` about the in-plane axis at angle `axis`,
    seen by a pinhole camera `distance` side-lengths away whose focal length keeps the facing size."""
    half = side / 2
    points = np.array([[-half, -half, 0], [half, -half, 0], [half, half, 0], [-half, half, 0]], dtype=np.float64)
    c, s = math.cos(spin), math.sin(spin)
    points = points @ np.array([[c, -s, 0], [s, c, 0], [0, 0, 1]]).T
    # Tilt about the unit axis (cos a, sin a, 0) by Rodrigues' formula.
    k = np.array([math.cos(axis), math.sin(axis), 0.0])
    K = np.array([[0, -k[2], k[1]], [k[2], 0, -k[0]], [-k[1], k[0], 0]])
    R = np.eye(3) + math.sin(tilt) * K + (1 - math.cos(tilt)) * K @ K
    points = points @ R.T
    depth = distance * side
    focal = depth
    return [(focal * x / (depth + z), focal * y / (depth + z)) for x, y, z in points]


def perspective_coeffs(source, target):
    """PIL's PERSPECTIVE coefficients: the map from output (target) points to input (source) points."""
    matrix_rows = []
    for (x, y), (u, v) in zip(target, source):
        matrix_rows.append([x, y, 1, 0, 0, 0, -u * x, -u * y])
        matrix_rows.append([0, 0, 0, x, y, 1, -v * x, -v * y])
    return np.linalg.solve(np.array(matrix_rows, dtype=np.float64), np.array(source, dtype=np.float64).reshape(8)).tolist()


classes = [("tilt30", 30), ("tilt45", 45), ("tilt55", 55), ("tilt65", 65)]
for name, degrees in classes:
    for index in range(count):
        text = payload()
        scale = rng.randrange(3, 10)
        border = rng.randrange(1, 5)
        code = render(text, scale, border)
        side = code.width
        tilt = math.radians(degrees + rng.uniform(-4, 4))
        corners = projected_corners(side, tilt, rng.uniform(0, 2 * math.pi), rng.uniform(0, 2 * math.pi), rng.uniform(1.2, 3.0))
        xs = [x for x, _ in corners]
        ys = [y for _, y in corners]
        margin = rng.randrange(10, 60)
        width = int(max(xs) - min(xs)) + 2 * margin
        height = int(max(ys) - min(ys)) + 2 * margin
        target = [(x - min(xs) + margin, y - min(ys) + margin) for x, y in corners]
        source = [(0, 0), (side, 0), (side, side), (0, side)]
        paper = rng.randrange(200, 256)
        ink = rng.randrange(0, 70)
        code = code.point(lambda v: ink + (paper - ink) * v // 255)
        image = code.transform(
            (width, height), Image.Transform.PERSPECTIVE, perspective_coeffs(source, target), Image.Resampling.BICUBIC,
            fillcolor=rng.randrange(120, 230))
        image = image.filter(ImageFilter.GaussianBlur(rng.uniform(0, 1.3)))
        a = np.asarray(image).astype(np.float32)
        # Uneven light: a linear gradient of up to ±25 % across the image.
        gx, gy = rng.uniform(-0.25, 0.25), rng.uniform(-0.25, 0.25)
        yy, xx = np.mgrid[0:height, 0:width]
        a *= 1 + gx * (xx / width - 0.5) * 2 + gy * (yy / height - 0.5) * 2
        a += np.random.default_rng(rng.randrange(1 << 30)).normal(0, rng.uniform(1, 6), a.shape)
        image = Image.fromarray(np.clip(a, 0, 255).astype(np.uint8))
        os.makedirs(os.path.join(out, name), exist_ok=True)
        extension = "jpg" if rng.random() < 0.3 else "png"
        file = f"{name}/{index}.{extension}"
        if extension == "jpg":
            image.save(os.path.join(out, file), quality=rng.randrange(70, 95))
        else:
            image.save(os.path.join(out, file), optimize=True)
        rows.append((file, text.encode().hex()))

with open(os.path.join(out, "manifest.tsv"), "w") as manifest:
    for file, hexed in rows:
        manifest.write(f"{file}\t{hexed}\n")
