#!/usr/bin/env python3
"""Makes the QR Model 1 fixtures of QRImagingTests (Fixtures/model1): QR Code Model 1 symbols (the
pre-2000 format, versions 1-14) written by this script's own small encoder, made from the facts of
the standard (JIS X 0510:1999 / ISO/IEC 18004:2000 Annex M) as zxing-cpp records them:

- EC blocks per version and level (versions 13 and 14 left out: zxing-cpp's placement there gives
  542 and 610 codeword slots, its table 540 and 606-610 codewords; it reads neither) (ec codewords per block, blocks, data codewords per block):
  zxing-cpp core/src/qrcode/QRVersion.cpp, Version::Model1 (ISO 18004:2000 M.4.2 Table M.2, M.5 Table M.4);
- codeword placement (2x4 and 4x2 module rectangles, the extension pattern gaps):
  zxing-cpp core/src/qrcode/QRBitMatrixParser.cpp (Model 1 codewords);
- blocks not interleaved: every block's data codewords, then every block's EC codewords (what
  zxing-cpp 3.1.1 reads; its issue #940 shows such a symbol that HALCON reads);
- format information: BCH(15,5) as in Model 2, XOR 0x2825 instead of 0x5412:
  zxing-cpp core/src/qrcode/QRFormatInformation.h;
- the bit stream: four 0 bits, then the segments with Model 2's character count lengths, no ECI:
  zxing-cpp core/src/qrcode/QRDecoder.cpp and QRCodecMode.cpp.

Every image is read back with zxing-cpp (the independent check: our encoder here and our Swift
decoder cannot be wrong together) and must give the payload with the symbology identifier ]Q0 (Model 1); the script
fails otherwise. Writes a manifest `file <TAB> payload hex (- for none) <TAB> version-level <TAB> note`.

    pip install zxing-cpp pillow
    python3 scripts/make-model1-fixtures.py Tests/QRImagingTests/Fixtures/model1
"""
import math
import os
import random
import sys

import zxingcpp
from PIL import Image, ImageDraw, ImageFilter

# (ec codewords per block, blocks, data codewords per block) for L, M, Q, H, by version 1-14.
EC_BLOCKS = [
    [(7, 1, 19), (10, 1, 16), (13, 1, 13), (17, 1, 9)],
    [(10, 1, 36), (16, 1, 30), (22, 1, 24), (30, 1, 16)],
    [(15, 1, 57), (28, 1, 44), (36, 1, 36), (48, 1, 24)],
    [(20, 1, 80), (40, 1, 60), (50, 1, 50), (66, 1, 34)],
    [(26, 1, 108), (52, 1, 82), (66, 1, 68), (44, 2, 23)],
    [(34, 1, 136), (32, 2, 53), (42, 2, 43), (56, 2, 29)],
    [(42, 1, 170), (40, 2, 66), (52, 2, 54), (46, 3, 24)],
    [(24, 2, 104), (48, 2, 80), (64, 2, 64), (56, 3, 29)],
    [(30, 2, 123), (60, 2, 93), (50, 3, 52), (68, 3, 34)],
    [(34, 2, 145), (68, 2, 111), (58, 3, 61), (58, 4, 31)],
    [(40, 2, 168), (40, 4, 64), (52, 4, 52), (54, 5, 29)],
    [(46, 2, 192), (46, 4, 73), (58, 4, 61), (62, 5, 33)],
    [(36, 3, 144), (52, 4, 83), (66, 4, 69), (58, 6, 32)],
    [(40, 3, 163), (60, 4, 92), (60, 5, 62), (66, 6, 35)],
]
LEVELS = "LMQH"
LEVEL_BITS = {"L": 1, "M": 0, "Q": 3, "H": 2}
FORMAT_MASK_MODEL1 = 0x2825
ALPHANUMERIC = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:"


def codeword_rects(size):
    """The modules of each codeword slot in placement order, most significant bit first."""
    columns = size // 4 + 3
    slots = []
    for j in range(columns):
        if j <= 1:  # two-module-wide columns on the right, bottom up
            rows = (size - 8) // 4
            for i in range(rows):
                if j == 0 and i % 2 == 0 and 0 < i < rows - 1:
                    continue  # extension pattern on the right edge
                x, y = size - 1 - 2 * j, size - 1 - 4 * i
                slots.append([(x - b % 2, y - b // 2) for b in range(8)])
        elif columns - j <= 4:  # two-module-wide columns left of the timing column, between the finders
            for i in range((size - 16) // 4):
                x = (columns - j - 1) * 2 + 1 + (1 if columns - j == 4 else 0)
                y = size - 9 - 4 * i
                slots.append([(x - b % 2, y - b // 2) for b in range(8)])
        else:  # four-module-wide columns, bottom up, skipping the timing row
            rows = size // 2
            for i in range(rows):
                if j == 2 and i >= rows - 4:
                    continue  # beside the top-right finder
                if i == 0 and j % 2 == 1 and j + 1 != columns - 4:
                    continue  # extension pattern on the bottom edge
                x = size - 5 - (j - 2) * 4
                y = size - 1 - 2 * i - (1 if i >= rows - 3 else 0)
                slots.append([(x - b % 4, y - b // 4) for b in range(8)])
    return slots


def mask_bit(mask, x, y):
    return [
        (x + y) % 2 == 0, y % 2 == 0, x % 3 == 0, (x + y) % 3 == 0,
        (x // 3 + y // 2) % 2 == 0, x * y % 2 + x * y % 3 == 0,
        (x * y % 2 + x * y % 3) % 2 == 0, ((x + y) % 2 + x * y % 3) % 2 == 0,
    ][mask]


# GF(256), polynomial 0x11D, as in Model 2.
EXP = [0] * 512
LOG = [0] * 256
value = 1
for power in range(255):
    EXP[power] = value
    LOG[value] = power
    value <<= 1
    if value & 0x100:
        value ^= 0x11D
for power in range(255, 512):
    EXP[power] = EXP[power - 255]


def rs_ecc(data, count):
    generator = [1]
    for power in range(count):
        generator = [
            (generator[i] if i < len(generator) else 0)
            ^ (EXP[LOG[generator[i - 1]] + power] if 0 < i <= len(generator) and generator[i - 1] else 0)
            for i in range(len(generator) + 1)
        ]
    remainder = list(data) + [0] * count
    for i in range(len(data)):
        factor = remainder[i]
        if factor:
            for k in range(1, len(generator)):
                if generator[k]:
                    remainder[i + k] ^= EXP[LOG[generator[k]] + LOG[factor]]
    return remainder[len(data):]


class Bits:
    def __init__(self):
        self.bits = []

    def put(self, value, length):
        self.bits += [(value >> (length - 1 - i)) & 1 for i in range(length)]


def count_bits(mode, version):
    index = 0 if version <= 9 else 1
    return {"numeric": (10, 12), "alphanumeric": (9, 11), "byte": (8, 16)}[mode][index]


def encode(segments, version, level, mask):
    """The module grid (list of rows, True dark) of a Model 1 symbol holding `segments`."""
    size = 17 + 4 * version
    ecc, blocks, data_per_block = EC_BLOCKS[version - 1][LEVELS.index(level)]
    capacity = blocks * data_per_block
    bits = Bits()
    bits.put(0, 4)  # Model 1 bit streams start with four 0 bits
    for mode, payload in segments:
        if mode == "numeric":
            bits.put(1, 4)
            bits.put(len(payload), count_bits(mode, version))
            for i in range(0, len(payload), 3):
                group = payload[i:i + 3]
                bits.put(int(group), [4, 7, 10][len(group) - 1])
        elif mode == "alphanumeric":
            bits.put(2, 4)
            bits.put(len(payload), count_bits(mode, version))
            for i in range(0, len(payload) - 1, 2):
                bits.put(ALPHANUMERIC.index(payload[i]) * 45 + ALPHANUMERIC.index(payload[i + 1]), 11)
            if len(payload) % 2:
                bits.put(ALPHANUMERIC.index(payload[-1]), 6)
        else:
            bits.put(4, 4)
            bits.put(len(payload), count_bits(mode, version))
            for byte in payload:
                bits.put(byte, 8)
    if len(bits.bits) > capacity * 8:
        raise ValueError(f"payload too long for {version}-{level}")
    bits.put(0, min(4, capacity * 8 - len(bits.bits)))
    bits.put(0, (-len(bits.bits)) % 8)
    data = [int("".join(map(str, bits.bits[i:i + 8])), 2) for i in range(0, len(bits.bits), 8)]
    pad = [0xEC, 0x11]
    while len(data) < capacity:
        data.append(pad[(len(data) - len(bits.bits) // 8) % 2])
    block_data = [data[b * data_per_block:(b + 1) * data_per_block] for b in range(blocks)]
    block_ecc = [rs_ecc(block, ecc) for block in block_data]
    # Not interleaved: every block's data codewords, then every block's error-correction codewords.
    stream = [c for block in block_data for c in block] + [c for block in block_ecc for c in block]

    grid = [[False] * size for _ in range(size)]
    used = [[False] * size for _ in range(size)]

    def put(x, y, dark):
        grid[y][x] = dark
        used[y][x] = True

    # Finder patterns with separators.
    for cx, cy in [(0, 0), (size - 7, 0), (0, size - 7)]:
        for dy in range(-1, 8):
            for dx in range(-1, 8):
                x, y = cx + dx, cy + dy
                if 0 <= x < size and 0 <= y < size:
                    ring = max(abs(dx - 3), abs(dy - 3))
                    put(x, y, ring != 2 and ring != 4)
    # Timing patterns.
    for i in range(8, size - 8):
        put(i, 6, i % 2 == 0)
        put(6, i, i % 2 == 0)
    # Format information, both copies, at Model 2's positions; the dark module beside the second.
    data_bits = LEVEL_BITS[level] << 3 | mask
    remainder = data_bits
    for _ in range(10):
        remainder = (remainder << 1) ^ ((remainder >> 9) * 0x537)
    word = (data_bits << 10 | remainder) ^ FORMAT_MASK_MODEL1
    first = [(8, i) for i in range(6)] + [(8, 7), (8, 8), (7, 8)] + [(14 - i, 8) for i in range(9, 15)]
    second = [(size - 1 - i, 8) for i in range(8)] + [(8, size - 15 + i) for i in range(8, 15)]
    for positions in (first, second):
        for index, (x, y) in enumerate(positions):
            put(x, y, (word >> index) & 1 == 1)
    put(8, size - 8, True)
    # Codewords, masked; slots past the blocks' codewords are left 0.
    slots = codeword_rects(size)
    assert len(slots) >= len(stream), (version, len(slots), len(stream))
    for index, slot in enumerate(slots):
        codeword = stream[index] if index < len(stream) else 0
        for bit, (x, y) in enumerate(slot):
            assert not used[y][x], (version, x, y)
            put(x, y, ((codeword >> (7 - bit)) & 1 == 1) != mask_bit(mask, x, y))
    # What is left are the extension patterns' modules on the right and bottom edges. Their shape is not in
    # the sources at hand, so they get a fixed filler of our own; neither zxing-cpp nor our reader reads them.
    for y in range(size):
        for x in range(size):
            if not used[y][x]:
                grid[y][x] = (x + y) % 3 != 1
    return grid


def render(grid, scale=4, border=4):
    size = len(grid)
    image = Image.new("L", ((size + 2 * border) * scale,) * 2, 255)
    draw = ImageDraw.Draw(image)
    for y, row in enumerate(grid):
        for x, dark in enumerate(row):
            if dark:
                left, top = (x + border) * scale, (y + border) * scale
                draw.rectangle([left, top, left + scale - 1, top + scale - 1], fill=0)
    return image


def check(image, payload):
    """How zxing-cpp reads `payload` from `image` as QR Model 1 (symbology identifier ]Q0): `detected` with
    its default detector, `pure` only as a pure (axis-aligned, undistorted) symbol, else None. zxing-cpp's
    detector finds no Model 1 symbol from version 7 (45 modules) on; its pure-symbol reader reads them."""
    for mode, pure in (("detected", False), ("pure", True)):
        results = zxingcpp.read_barcodes(image, is_pure=pure)
        if any(result.symbology_identifier == "]Q0" and result.bytes == payload for result in results):
            return mode
    return None


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    rows = []

    def save(name, image, payload, tag, note):
        read = check(image, payload)
        if read is None:
            sys.exit(f"zxing-cpp does not read {name} as QR Model 1 with its payload")
        image.save(os.path.join(out, name), optimize=True)
        rows.append((name, payload.hex(), tag, f"{note}; zxing-cpp: {read}"))

    fixtures = [
        ("v1-m-byte.png", [("byte", b"Model 1")], 1, "M", 2),
        ("v1-h-numeric.png", [("numeric", "0123456789")], 1, "H", 5),
        ("v2-l-alnum.png", [("alphanumeric", "QR MODEL 1 V2 LEVEL L")], 2, "L", 0),
        ("v3-q-mixed.png", [("alphanumeric", "ABC-123"), ("byte", "Grüße".encode("utf-8"))], 3, "Q", 3),
        ("v5-h-byte.png", [("byte", b"two blocks at H: 5-H")], 5, "H", 6),
        ("v6-m-byte.png", [("byte", b"https://example.com/model1?v=6&level=M")], 6, "M", 7),
        ("v10-q-alnum.png", [("alphanumeric", "VERSION 10 Q THREE BLOCKS " * 3)], 10, "Q", 4),
        ("v12-l-numeric.png", [("numeric", "31415926535897932384626433832795028841971693993751" * 4)], 12, "L", 1),
    ]
    for name, segments, version, level, mask in fixtures:
        payload = b"".join(p.encode("latin-1") if isinstance(p, str) else p for _, p in segments)
        save(name, render(encode(segments, version, level, mask)), payload, f"{version}-{level}", f"mask {mask}")

    # Transformed: rotated, perspective + blur, a photo-like one (grey, uneven light, noise, JPEG-free).
    segments = [("byte", b"rotated model 1")]
    image = render(encode(segments, 4, "M", 1), scale=4).rotate(23, resample=Image.BICUBIC, expand=True, fillcolor=255)
    save("v4-m-rotated.png", image, b"rotated model 1", "4-M", "rotated 23 degrees")

    segments = [("byte", b"perspective, blurred")]
    flat = render(encode(segments, 3, "L", 5), scale=4)
    side = flat.size[0]
    # Quad to square: the far side 10 % wider (zxing-cpp, which has no alignment pattern to lean on in
    # Model 1, stops reading at about 20 %).
    quad = (0, 0, side * 0.05, side, side * 0.95, side, side, 0)
    tilted = flat.transform((side, side), Image.QUAD, quad, resample=Image.BICUBIC, fillcolor=255)
    save("v3-l-perspective.png", tilted.filter(ImageFilter.GaussianBlur(1.2)), b"perspective, blurred", "3-L",
         "perspective and blur")

    payload = b"photo-like: grey paper"
    flat = render(encode([("byte", payload)], 2, "Q", 4), scale=4)
    rng = random.Random(28)
    pixels = flat.load()
    width, height = flat.size
    for y in range(height):
        for x in range(width):
            light = 200 - 60 * x / width + rng.gauss(0, 8)
            dark = 50 + 20 * y / height + rng.gauss(0, 8)
            pixels[x, y] = int(max(0, min(255, dark if pixels[x, y] < 128 else light)))
    photo = flat.rotate(-8, resample=Image.BICUBIC, expand=True, fillcolor=150).filter(ImageFilter.GaussianBlur(0.8))
    save("v2-q-photo.png", photo, payload, "2-Q", "grey, uneven light, noise, rotated, blurred")

    # Damage: a block of modules blacked out in the data region, within the error correction's
    # capacity (read) and beyond it (read by nobody: the manifest's payload is `-`).
    payload = b"damaged, still read"
    grid = encode([("byte", payload)], 4, "H", 2)
    for y in range(14, 20):
        for x in range(14, 20):
            grid[y][x] = True
    save("v4-h-damaged.png", render(grid), payload, "4-H", "6x6 modules blacked out")

    grid = encode([("byte", b"too much damage")], 2, "L", 3)
    for y in range(12, 24):
        for x in range(12, 24):
            grid[y][x] = (x * y) % 2 == 0
    image = render(grid)
    if any(result.valid for pure in (False, True) for result in zxingcpp.read_barcodes(image, is_pure=pure)):
        sys.exit("zxing-cpp reads v2-l-beyond.png, which should be damaged beyond its capacity")
    image.save(os.path.join(out, "v2-l-beyond.png"), optimize=True)
    rows.append(("v2-l-beyond.png", "-", "2-L", "12x12 modules overwritten, beyond capacity; zxing-cpp: none"))

    with open(os.path.join(out, "manifest.tsv"), "w") as manifest:
        manifest.write("# file\tpayload (hex)\tversion-level\tnote\n")
        for row in rows:
            manifest.write("\t".join(row) + "\n")
    print(f"{len(rows)} fixtures, each checked with zxing-cpp")


if __name__ == "__main__":
    main()
