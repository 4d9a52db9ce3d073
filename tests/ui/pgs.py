"""Writes Blu-ray (PGS) subtitles as a .sup file, for test films with a
bitmap subtitle track: a display set per picture (a solid block of one
colour at a given place), and an empty one to take it away. ffmpeg reads
.sup files and copies the track into Matroska; nothing here can make PGS
from text."""

from __future__ import annotations

import struct
from pathlib import Path

PDS, ODS, PCS, WDS, END = 0x14, 0x15, 0x16, 0x17, 0x80


def _segment(kind: int, pts: float, payload: bytes) -> bytes:
    ticks = round(pts * 90000)
    return b"PG" + struct.pack(">IIBH", ticks, ticks, kind, len(payload)) + payload


def _rle_block(width: int, height: int, colour: int) -> bytes:
    """Each line: runs of `colour` (the long-run form), then end of line."""
    line = b""
    left = width
    while left:
        run = min(left, 16383)
        line += bytes([0, 0xC0 | run >> 8, run & 0xFF, colour]) if run > 63 else bytes([0, 0x80 | run, colour])
        left -= run
    return (line + b"\0\0") * height


def ycbcr(rgb: tuple) -> tuple:
    """BT.709 limited range, as Blu-ray discs carry HD colours."""
    r, g, b = rgb
    y = 16 + 0.1826 * r + 0.6142 * g + 0.0620 * b
    cb = 128 - 0.1006 * r - 0.3386 * g + 0.4392 * b
    cr = 128 + 0.4392 * r - 0.3989 * g - 0.0403 * b
    return round(y), round(cr), round(cb)


def display_set(pts: float, number: int, video: tuple, block: tuple | None, rgb: tuple = (0, 0, 0)) -> bytes:
    """A picture `block` = (x, y, width, height) in `rgb` from `pts`, or
    none (the screen cleared) when block is None."""
    width, height = video
    if block is None:
        pcs = struct.pack(">HHBHBBBB", width, height, 0x10, number, 0x00, 0, 0, 0)
        wds = struct.pack(">B", 0)
        return _segment(PCS, pts, pcs) + _segment(WDS, pts, wds) + _segment(END, pts, b"")
    x, y, w, h = block
    pcs = struct.pack(">HHBHBBBB", width, height, 0x10, number, 0x80, 0, 0, 1) + struct.pack(">HBBHH", 0, 0, 0, x, y)
    wds = struct.pack(">BBHHHH", 1, 0, x, y, w, h)
    yy, cr, cb = ycbcr(rgb)
    pds = struct.pack(">BB", 0, 0) + struct.pack(">BBBBB", 1, yy, cr, cb, 255)
    data = _rle_block(w, h, 1)
    ods = struct.pack(">HBB", 0, 0, 0xC0) + (len(data) + 4).to_bytes(3, "big") + struct.pack(">HH", w, h) + data
    return (_segment(PCS, pts, pcs) + _segment(WDS, pts, wds) + _segment(PDS, pts, pds)
            + _segment(ODS, pts, ods) + _segment(END, pts, b""))


def write_sup(path: Path, video: tuple, pictures: list) -> Path:
    """`pictures`: (start, end, block, rgb) each, in order."""
    data = b""
    for number, (start, end, block, rgb) in enumerate(pictures):
        data += display_set(start, 2 * number, video, block, rgb) + display_set(end, 2 * number + 1, video, None)
    path.write_bytes(data)
    return path
