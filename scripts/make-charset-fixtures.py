#!/usr/bin/env python3
"""Makes the charset fixtures of QRImagingTests (Fixtures/charsets): QR codes written by encoders
independent of ours (segno from PyPI; the qrencode CLI of libqrencode for Kanji mode mixed with other
modes), one per rule of `QRTextDecoder`, with a manifest `file <TAB> expected text as UTF-8 hex <TAB>
charsets` (charset:source pairs joined by `,`).

    pip install segno && apt-get install qrencode
    python3 scripts/make-charset-fixtures.py Tests/QRImagingTests/Fixtures/charsets
"""
import os
import subprocess
import sys

import segno

out = sys.argv[1]
os.makedirs(out, exist_ok=True)
rows = []


def segno_code(name, text, charsets, **kwargs):
    code = segno.make_qr(text, error="m", **kwargs)
    code.save(os.path.join(out, name), scale=3, border=4)
    rows.append((name, text, charsets))


def qrencode_code(name, raw, text, charsets, *flags):
    """qrencode splits its input into modes itself: with -k, Shift JIS pairs go to Kanji mode."""
    path = os.path.join(out, name)
    subprocess.run(["qrencode", "-o", path, "-s", "3", "-m", "4", "-l", "M", *flags], input=raw, check=True)
    rows.append((name, text, charsets))


# A byte segment without ECI: UTF-8 when valid, else Shift JIS when valid, else ISO-8859-1.
segno_code("byte-utf8.png", "Grüße aus Köln, 東京", "UTF-8:guessed", mode="byte", encoding="utf-8")
segno_code("byte-sjis.png", "東京都の天気は晴れ", "Shift_JIS:guessed", mode="byte", encoding="shift_jis")
segno_code("byte-latin1.png", "Crème brûlée, señor", "ISO-8859-1:guessed", mode="byte", encoding="latin-1")
# Kanji mode.
segno_code("kanji.png", "漢字モード", "Shift_JIS:kanji-mode", mode="kanji")
# ECI designators.
segno_code("eci-iso8859-2.png", "Zażółć gęślą jaźń", "ISO-8859-2:eci", encoding="iso8859-2", eci=True)
segno_code("eci-iso8859-7.png", "Καλημέρα κόσμε", "ISO-8859-7:eci", encoding="iso8859-7", eci=True)
segno_code("eci-utf8.png", "Ünïcödé ✓", "UTF-8:eci", encoding="utf-8", eci=True)
segno_code("eci-sjis.png", "日本語のテキスト", "Shift_JIS:eci", mode="byte", encoding="shift_jis", eci=True)
segno_code("eci-cp1251.png", "Привет, мир", "windows-1251:eci", encoding="cp1251", eci=True)
segno_code("eci-utf16be.png", "Hello ✓ 世界", "UTF-16BE:eci", encoding="utf-16-be", eci=True)
segno_code("eci-big5.png", "臺灣繁體中文", "Big5:eci", encoding="big5", eci=True)
segno_code("eci-gb18030.png", "简体中文测试", "GB2312:eci", encoding="gb18030", eci=True)
segno_code("eci-euckr.png", "안녕하세요 세계", "EUC-KR:eci", encoding="euc_kr", eci=True)
# Mixed: alphanumeric, then Kanji, then bytes; each segment by its own rule.
mixed = "ABC123 ".encode("ascii") + "漢字".encode("shift_jis") + "xyz".encode("ascii")
qrencode_code("mixed-kanji.png", mixed, "ABC123 漢字xyz", "UTF-8:guessed,Shift_JIS:kanji-mode", "-k")

with open(os.path.join(out, "manifest.tsv"), "w") as manifest:
    manifest.write("# file\texpected text (UTF-8 hex)\tcharset:source,...\n")
    for name, text, charsets in rows:
        manifest.write(f"{name}\t{text.encode('utf-8').hex()}\t{charsets}\n")
