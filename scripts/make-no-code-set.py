#!/usr/bin/env python3
"""Makes a seeded mixed set for timing "no code here": two thirds of the images hold one QR code (segno,
placed with a slight perspective into a photo-like frame, blurred, noisy, some JPEG), one third hold no
readable code: smooth photo-like scenes, textures (stripes, checkers, grids, text-like glyph rows), pure
noise, and near misses (finder-like squares with no code, a code whose data is wiped beyond repair).
Writes OUT/N.png|jpg and OUT/manifest.tsv (`file <TAB> payload hex`, or `none` where no code is readable).

    pip install segno pillow numpy
    python3 scripts/make-no-code-set.py OUT [COUNT] [SEED]
"""
import io
import os
import random
import sys

import numpy as np
import segno
from PIL import Image, ImageDraw, ImageFilter

out = sys.argv[1]
count = int(sys.argv[2]) if len(sys.argv) > 2 else 60
rng = random.Random(int(sys.argv[3]) if len(sys.argv) > 3 else 29)
nprng = np.random.default_rng(rng.randrange(2**32))
os.makedirs(out, exist_ok=True)


def size():
    return rng.choice([(640, 480), (800, 600), (1024, 768), (1280, 960), (1600, 1200)])


def scene(w, h):
    """A smooth photo-like background: gradients, blurred blobs and rectangles."""
    gx = np.linspace(0, 1, w)[None, :]
    gy = np.linspace(0, 1, h)[:, None]
    base = 90 + 100 * (rng.random() * gx + rng.random() * gy) / 2
    img = Image.fromarray(np.clip(base, 0, 255).astype(np.uint8))
    draw = ImageDraw.Draw(img)
    for _ in range(rng.randrange(4, 14)):
        x, y = rng.randrange(w), rng.randrange(h)
        r = rng.randrange(20, max(21, w // 4))
        shade = rng.randrange(20, 240)
        if rng.random() < 0.5:
            draw.ellipse([x - r, y - r, x + r, y + r], fill=shade)
        else:
            draw.rectangle([x - r, y - r // 2, x + r, y + r // 2], fill=shade)
    return img.filter(ImageFilter.GaussianBlur(rng.uniform(1, 6)))


def texture(w, h):
    kind = rng.choice(["stripes", "checkers", "grid", "glyphs"])
    a = np.zeros((h, w), np.uint8) + 230
    yy, xx = np.mgrid[0:h, 0:w]
    p = rng.randrange(4, 24)
    if kind == "stripes":
        a = np.where(((xx + yy * rng.random()) // p) % 2 == 0, 30, 220).astype(np.uint8)
    elif kind == "checkers":
        a = np.where(((xx // p) + (yy // p)) % 2 == 0, 25, 225).astype(np.uint8)
    elif kind == "grid":
        a = np.where((xx % p < 2) | (yy % p < 2), 20, 235).astype(np.uint8)
    else:
        img = Image.new("L", (w, h), 235)
        draw = ImageDraw.Draw(img)
        line = rng.randrange(12, 30)
        for y in range(8, h - line, line):
            x = 8
            while x < w - 20:
                gw = rng.randrange(line // 3, line)
                if rng.random() < 0.8:
                    draw.rectangle([x, y, x + gw - 3, y + line - 6], fill=rng.randrange(10, 80))
                x += gw + rng.randrange(2, line)
        a = np.array(img)
    return Image.fromarray(a)


def noise(w, h):
    a = nprng.integers(0, 256, (h // 4, w // 4), dtype=np.uint8)
    return Image.fromarray(a).resize((w, h), rng.choice([Image.NEAREST, Image.BILINEAR]))


def finder_patch(draw, x, y, m):
    draw.rectangle([x, y, x + 7 * m - 1, y + 7 * m - 1], fill=0)
    draw.rectangle([x + m, y + m, x + 6 * m - 1, y + 6 * m - 1], fill=255)
    draw.rectangle([x + 2 * m, y + 2 * m, x + 5 * m - 1, y + 5 * m - 1], fill=0)


def code_matrix(text):
    code = segno.make_qr(text, error=rng.choice("lmqh"))
    return np.array([[bool(v) for v in row] for row in code.matrix])


def near_miss(w, h):
    img = scene(w, h)
    draw = ImageDraw.Draw(img)
    m = rng.randrange(4, 10)
    if rng.random() < 0.5:
        # three finder-like squares at the corners of a right angle, nothing between them
        x, y = rng.randrange(w // 8, w // 2), rng.randrange(h // 8, h // 2)
        side = m * rng.randrange(21, 41)
        draw.rectangle([x - 4 * m, y - 4 * m, x + side + 4 * m, y + side + 4 * m], fill=250)
        for dx, dy in [(0, 0), (side - 7 * m, 0), (0, side - 7 * m)]:
            finder_patch(draw, x + dx, y + dy, m)
    else:
        # a real code whose data modules are overwritten with noise: far past its error correction
        mat = code_matrix("https://example.com/none/%d" % rng.randrange(10**6))
        n = mat.shape[0]
        wiped = mat.copy()
        inner = nprng.random((n, n)) < 0.5
        keep = np.zeros((n, n), bool)
        keep[:9, :9] = keep[:9, n - 8:] = keep[n - 8:, :9] = True
        wiped = np.where(keep, mat, inner)
        tile = Image.fromarray(np.where(np.pad(wiped, 4), 0, 255).astype(np.uint8))
        tile = tile.resize(((n + 8) * m, (n + 8) * m), Image.NEAREST)
        x, y = rng.randrange(0, max(1, w - tile.width)), rng.randrange(0, max(1, h - tile.height))
        img.paste(tile, (x, y))
    return img


def with_code(w, h, text):
    img = scene(w, h)
    mat = code_matrix(text)
    n = mat.shape[0]
    m = rng.randrange(3, 9)
    tile = Image.fromarray(np.where(np.pad(mat, 4), 0, 255).astype(np.uint8))
    tile = tile.resize(((n + 8) * m, (n + 8) * m), Image.NEAREST)
    if tile.width > min(w, h) * 0.9:
        s = int(min(w, h) * 0.9)
        tile = tile.resize((s, s), Image.BILINEAR)
    # a slight perspective
    t = tile.width
    d = t * rng.uniform(0.0, 0.12)
    quad = [rng.uniform(0, d), rng.uniform(0, d), rng.uniform(0, d), t - rng.uniform(0, d),
            t - rng.uniform(0, d), t - rng.uniform(0, d), t - rng.uniform(0, d), rng.uniform(0, d)]
    tile = tile.transform((t, t), Image.QUAD, quad, Image.BILINEAR, fillcolor=255)
    x, y = rng.randrange(0, max(1, w - t)), rng.randrange(0, max(1, h - t))
    img.paste(tile, (x, y))
    return img


def finish(img):
    img = img.filter(ImageFilter.GaussianBlur(rng.uniform(0.3, 1.5)))
    a = np.asarray(img, np.float32) + nprng.normal(0, rng.uniform(2, 10), (img.height, img.width))
    return Image.fromarray(np.clip(a, 0, 255).astype(np.uint8))


rows = []
for index in range(count):
    w, h = size()
    if index % 3 == 2:
        img, truth = rng.choice([scene, texture, noise, near_miss, near_miss])(w, h), "none"
    else:
        text = "https://example.com/pay?n=%d" % rng.randrange(10**9)
        img, truth = with_code(w, h, text), text.encode().hex()
    img = finish(img)
    if rng.random() < 0.4:
        name = "%03d.jpg" % index
        buffer = io.BytesIO()
        img.save(buffer, "JPEG", quality=rng.randrange(60, 92))
        open(os.path.join(out, name), "wb").write(buffer.getvalue())
    else:
        name = "%03d.png" % index
        img.save(os.path.join(out, name))
    rows.append((name, truth))
with open(os.path.join(out, "manifest.tsv"), "w") as handle:
    for name, truth in rows:
        handle.write("%s\t%s\n" % (name, truth))
