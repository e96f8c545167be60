#!/usr/bin/env python3
"""Makes a small seeded test set per class of code met in the wild (issue 28) under OUT/CLASS/N.png,
with OUT/manifest.tsv (`class/N.png <TAB> payload hex`): codes by segno (PyPI), transformed with
Pillow and numpy. Classes: inverted (light on dark, display-like), edge (little or no quiet zone),
small (a small code in a large photo-like frame), damage (a block of modules filled, within the
EC capacity), perspective (tilted past 45 degrees), curved (cylinder warp), dots (round modules),
logo (a logo over the centre, level H), colour (coloured modules and background).

    pip install segno pillow numpy
    python3 scripts/make-scan-classes.py OUT [COUNT]
"""
import io
import math
import os
import random
import sys

import numpy as np
import segno
from PIL import Image, ImageDraw, ImageFilter

out = sys.argv[1]
count = int(sys.argv[2]) if len(sys.argv) > 2 else 8
rng = random.Random(28)
rows = []


def payload(index):
    words = ["pay", "confirm", "login", "otp", "operation", "wultra", "token", "approve"]
    text = "https://example.com/" + "/".join(rng.choice(words) for _ in range(1 + index % 5)) + f"?n={rng.randrange(10**6)}"
    return text


def matrix(text, error="m"):
    code = segno.make_qr(text, error=error)
    return np.array([[bool(v) for v in row] for row in code.matrix]), code


def render(modules, scale, border, dark=0, light=255, dots=False):
    n = modules.shape[0]
    size = (n + 2 * border) * scale
    image = Image.new("L" if isinstance(dark, int) else "RGB", (size, size), light)
    draw = ImageDraw.Draw(image)
    for y in range(n):
        for x in range(n):
            if modules[y, x]:
                x0, y0 = (x + border) * scale, (y + border) * scale
                finder = (x < 7 and y < 7) or (x >= n - 7 and y < 7) or (x < 7 and y >= n - 7)
                if dots and not finder:
                    pad = scale * 0.1
                    draw.ellipse([x0 + pad, y0 + pad, x0 + scale - pad, y0 + scale - pad], fill=dark)
                else:
                    draw.rectangle([x0, y0, x0 + scale - 1, y0 + scale - 1], fill=dark)
    return image


def noise(image, sigma):
    a = np.asarray(image).astype(np.float32)
    a += np.random.default_rng(rng.randrange(1 << 30)).normal(0, sigma, a.shape)
    return Image.fromarray(np.clip(a, 0, 255).astype(np.uint8))


def perspective_coeffs(source, target):
    matrix_rows = []
    for (x, y), (u, v) in zip(target, source):
        matrix_rows.append([x, y, 1, 0, 0, 0, -u * x, -u * y])
        matrix_rows.append([0, 0, 0, x, y, 1, -v * x, -v * y])
    a = np.array(matrix_rows, dtype=np.float64)
    b = np.array(source, dtype=np.float64).reshape(8)
    return np.linalg.solve(a, b).tolist()


def save(cls, index, image, text):
    os.makedirs(os.path.join(out, cls), exist_ok=True)
    name = f"{cls}/{index}.png"
    image.save(os.path.join(out, name), optimize=True)
    rows.append((name, text.encode().hex()))


for index in range(count):
    text = payload(index)
    modules, _ = matrix(text)
    n = modules.shape[0]
    # inverted: light modules on a dark display, some with a grey glow and noise, some on a round screen.
    light, dark = rng.randrange(170, 256), rng.randrange(0, 60)
    image = render(modules, 4, 4, dark=light, light=dark)
    image = noise(image.filter(ImageFilter.GaussianBlur(rng.uniform(0, 1.2))), rng.uniform(0, 8))
    if index % 2:
        frame = Image.new("L", (image.width + 120, image.height + 120), 0)
        frame.paste(image, (60, 60))
        mask = Image.new("L", frame.size, 0)
        ImageDraw.Draw(mask).ellipse([0, 0, frame.width - 1, frame.height - 1], fill=255)
        image = Image.composite(frame, Image.new("L", frame.size, 90), mask)
    save("inverted", index, image, text)
    # edge: the quiet zone cut to 0 or 1 module on one to four sides.
    scale = 4
    image = render(modules, scale, 4)
    cut = [rng.choice([3, 4]) * scale for _ in range(4)]
    image = image.crop((cut[0], cut[1], image.width - cut[2], image.height - cut[3]))
    save("edge", index, noise(image, 4), text)
    # small: a 2–3 px/module code in a 1600 x 1200 textured frame.
    scale = rng.choice([2, 3])
    code = render(modules, scale, 2)
    background = Image.fromarray(np.random.default_rng(index).integers(90, 200, (1200, 1600), dtype=np.uint8))
    background = background.filter(ImageFilter.GaussianBlur(6))
    background.paste(code, (rng.randrange(0, 1600 - code.width), rng.randrange(0, 1200 - code.height)))
    save("small", index, noise(background, 3), text)
    # damage: level H, a filled block of up to ~20 % of the modules away from the finders.
    modules_h, _ = matrix(text, error="h")
    nh = modules_h.shape[0]
    image = render(modules_h, 4, 4)
    side = int(nh * rng.uniform(0.3, 0.42))
    x0, y0 = rng.randrange(8, nh - side - 8 + 1) if nh - side - 8 > 8 else 8, rng.randrange(9, nh - side)
    ImageDraw.Draw(image).rectangle(
        [(x0 + 4) * 4, (y0 + 4) * 4, (x0 + 4 + side) * 4 - 1, (y0 + 4 + side) * 4 - 1], fill=rng.choice([0, 255]))
    save("damage", index, image, text)
    # perspective: one side shrunk so the code is seen at 50–70 degrees.
    image = render(modules, 6, 4)
    w = image.width
    squeeze = rng.uniform(0.35, 0.6)
    canvas = w + 40
    target = [(20, 20), (20 + w, 20 + (w * (1 - squeeze)) / 2), (20 + w, 20 + w - (w * (1 - squeeze)) / 2), (20, 20 + w)]
    foreshorten = rng.uniform(0.35, 0.6)
    target = [(x * foreshorten + (1 - foreshorten) * 20 if i in (1, 2) else x, y) for i, (x, y) in enumerate(target)]
    coeffs = perspective_coeffs([(0, 0), (w, 0), (w, w), (0, w)], target)
    image = image.transform((canvas, canvas), Image.Transform.PERSPECTIVE, coeffs, Image.Resampling.BILINEAR, fillcolor=255)
    if index % 2:
        image = image.transpose(Image.Transpose.ROTATE_90)
    save("perspective", index, noise(image, 3), text)
    # curved: the code on a cylinder (x compressed towards the sides), axis vertical.
    image = np.asarray(render(modules, 5, 4)).astype(np.float32)
    h, w = image.shape
    radius = w / rng.uniform(1.6, 2.4)
    out_w = int(2 * radius * math.sin(w / 2 / radius)) + 2
    xs = np.arange(out_w) - out_w / 2
    source = radius * np.arcsin(np.clip(xs / radius, -1, 1)) + w / 2
    warped = np.stack([np.interp(source, np.arange(w), row) for row in image])
    bend = rng.uniform(2, 8)
    warped = np.stack([np.roll(warped[:, x], int(bend * (xs[x] / (out_w / 2)) ** 2)) for x in range(out_w)], axis=1)
    save("curved", index, noise(Image.fromarray(warped.astype(np.uint8)), 3), text)
    # dots: round modules (finders square), as stylised generators draw them.
    save("dots", index, render(modules, 6, 4, dots=True), text)
    # logo: level H with a square logo over the centre, ~12 % of the area.
    image = render(modules_h, 5, 4).convert("RGB")
    side = int(nh * 0.34) * 5
    cx = image.width // 2
    ImageDraw.Draw(image).rectangle([cx - side // 2, cx - side // 2, cx + side // 2, cx + side // 2], fill=(200, 30, 40))
    ImageDraw.Draw(image).ellipse([cx - side // 3, cx - side // 3, cx + side // 3, cx + side // 3], fill=(255, 255, 255))
    save("logo", index, image, text)
    # colour: dark-ish coloured modules on a coloured background.
    fg = rng.choice([(20, 40, 140), (120, 20, 90), (10, 90, 40), (150, 60, 0)])
    bg = rng.choice([(250, 230, 120), (200, 230, 255), (255, 200, 210), (220, 255, 220)])
    save("colour", index, render(modules, 5, 4, dark=fg, light=bg), text)

with open(os.path.join(out, "manifest.tsv"), "w") as manifest:
    for name, hexed in rows:
        manifest.write(f"{name}\t{hexed}\n")
