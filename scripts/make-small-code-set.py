#!/usr/bin/env python3
"""Makes a seeded set of small QR codes in large photo-like frames (issue 28, "small codes in larger
photos") under OUT/NNN.jpg or .png, with OUT/manifest.tsv (`name <TAB> payload hex`).

Each code (segno, error level L, M or Q, quiet zone of 1, 2 or 4 modules) is scaled to 1.4-3.2 px per
module (bilinear), turned by up to 35 degrees and pasted into a 1200-2800 px frame of smooth texture,
shapes and text; the frame gets a light gradient, a slight blur, sensor noise and, for half the images,
JPEG compression. Codes this small are what the finder search of a reduced working copy loses.

    pip install segno pillow numpy
    python3 scripts/make-small-code-set.py OUT [COUNT] [SEED]
"""
import os
import random
import sys

import numpy as np
import segno
from PIL import Image, ImageDraw, ImageFilter

out = sys.argv[1]
count = int(sys.argv[2]) if len(sys.argv) > 2 else 40
seed = int(sys.argv[3]) if len(sys.argv) > 3 else 3601
rng = random.Random(seed)
os.makedirs(out, exist_ok=True)
rows = []
letters = "abcdefghjkmnpqrstuvwxyz"
sizes = [(1600, 1200), (2000, 1500), (2400, 1800), (2800, 2100), (1920, 1080), (1200, 1600)]

for index in range(count):
    text = "https://bank.example/op?id=%d&t=%s" % (
        rng.randrange(10**9), "".join(rng.choice(letters) for _ in range(rng.randrange(4, 60))))
    code = segno.make_qr(text, error=rng.choice("lmq"))
    modules = np.array([[bool(v) for v in row] for row in code.matrix])
    n = modules.shape[0]
    border = rng.choice([1, 2, 4])
    symbol = np.full((n + 2 * border, n + 2 * border), 255, np.uint8)
    symbol[border:border + n, border:border + n] = np.where(modules, 0, 255)
    side = int(symbol.shape[0] * rng.uniform(1.4, 3.2))
    width, height = rng.choice(sizes)
    # The frame: smooth texture, some shapes and a few words of text.
    texture = np.random.default_rng(index + 1000 * seed).integers(60, 220, (height // 20 + 1, width // 20 + 1))
    frame = Image.fromarray(texture.astype(np.uint8)).resize((width, height), Image.Resampling.BICUBIC)
    draw = ImageDraw.Draw(frame)
    for _ in range(rng.randrange(0, 12)):
        x, y, r = rng.randrange(width), rng.randrange(height), rng.randrange(20, 300)
        shape = draw.ellipse if rng.random() < 0.5 else draw.rectangle
        shape([x, y, x + r, y + r * rng.uniform(0.3, 1.5)], fill=rng.randrange(0, 256))
    for _ in range(rng.randrange(0, 6)):
        draw.text((rng.randrange(width), rng.randrange(height)), "TEXT %d" % rng.randrange(1000),
                  fill=rng.randrange(0, 80))
    # The code, scaled, turned and pasted with its own outline as the mask.
    angle = rng.uniform(-35, 35)
    scaled = Image.fromarray(symbol).resize((side, side), Image.Resampling.BILINEAR)
    turned = scaled.rotate(angle, resample=Image.Resampling.BILINEAR, expand=True)
    mask = Image.new("L", scaled.size, 255).rotate(angle, expand=True)
    frame.paste(turned, (rng.randrange(0, width - turned.width), rng.randrange(0, height - turned.height)), mask)
    # Light: a horizontal gradient, a gain and an offset; then blur and noise.
    pixels = np.asarray(frame).astype(np.float32)
    gradient = np.linspace(rng.uniform(0.6, 1.0), rng.uniform(0.8, 1.1), width)[None, :]
    pixels = pixels * gradient * rng.uniform(0.7, 1.0) + rng.uniform(0, 40)
    image = Image.fromarray(np.clip(pixels, 0, 255).astype(np.uint8))
    image = image.filter(ImageFilter.GaussianBlur(rng.uniform(0, 0.9)))
    pixels = np.asarray(image).astype(np.float32)
    pixels += np.random.default_rng(index + 99 + 1000 * seed).normal(0, rng.uniform(1, 6), (height, width))
    image = Image.fromarray(np.clip(pixels, 0, 255).astype(np.uint8))
    if rng.random() < 0.5:
        name = f"{index:03d}.jpg"
        image.save(os.path.join(out, name), quality=rng.randrange(70, 95))
    else:
        name = f"{index:03d}.png"
        image.save(os.path.join(out, name))
    rows.append((name, text.encode().hex()))

with open(os.path.join(out, "manifest.tsv"), "w") as manifest:
    manifest.writelines(f"{name}\t{payload}\n" for name, payload in rows)
