#!/usr/bin/env python3
"""Writes the GIF and TIFF fixtures of Tests/QRImagingTests/Fixtures with Pillow (an encoder independent of ours).

    python3 scripts/make-gif-tiff-fixtures.py Tests/QRImagingTests/Fixtures

Every image but the interlaced GIF and the QR code is the 8 x 6 grey ramp (31x + 17y) mod 256 the other
pillow-* fixtures hold; the interlaced GIF is the same ramp at 24 x 20 (Pillow interlaces only images of at
least 16 pixels a side). The QR code is read from a PNG given as a second argument, if any.
"""
import sys
from pathlib import Path

from PIL import Image


def ramp(width, height):
    image = Image.new("L", (width, height))
    image.putdata([(31 * x + 17 * y) % 256 for y in range(height) for x in range(width)])
    return image


def main():
    out = Path(sys.argv[1])
    small = ramp(8, 6)
    small.save(out / "pillow-gray.gif")
    # One colour over 1500 × 1500: Pillow's LZW at about 1 000 pixels a byte, under the decoder's bound of what
    # a GIF's length can hold (4096 pixels per 12-bit code).
    Image.new("L", (1500, 1500), 255).save(out / "pillow-white-1500.gif")
    ramp(24, 20).save(out / "pillow-interlaced.gif", interlace=True)
    # Palette index 0 is grey 0, which only pixel (0, 0) has: it is transparent.
    small.save(out / "pillow-transparent.gif", transparency=0)
    # Two frames: the ramp, then its negative; the first frame is the image.
    negative = small.point(lambda value: 255 - value)
    small.save(out / "pillow-animated.gif", save_all=True, append_images=[negative], duration=100, loop=0)
    small.save(out / "pillow-gray.tif")
    small.convert("RGB").save(out / "pillow-rgb-lzw.tif", compression="tiff_lzw")
    small.convert("RGBA").save(out / "pillow-rgba-deflate.tif", compression="tiff_adobe_deflate")
    small.convert("RGB").save(out / "pillow-rgb-packbits.tif", compression="packbits")
    if len(sys.argv) > 2:
        code = Image.open(sys.argv[2]).convert("L")
        code.save(out / "pillow-qr.gif")
        code.convert("1").save(out / "pillow-qr-g4.tif", compression="group4")


if __name__ == "__main__":
    main()
