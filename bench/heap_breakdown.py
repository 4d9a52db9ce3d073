#!/usr/bin/python3
"""Where a process's heap went at its peak, from a heaptrack recording:
the peak's allocations grouped by what made them (the decoder's pools,
Reel's converted frames, libav's own tables, demuxed data, cairo images...),
each allocation site counted once, under the first group its backtrace
matches (the order below).

Recording Reel in bench/playback.sh's setup (heaptrack's preload library,
written raw to a file, so the bench's SIGTERM at the end loses nothing):

    printf '#!/bin/sh\\nLD_PRELOAD=/usr/lib/heaptrack/libheaptrack_preload.so \\
    DUMP_HEAPTRACK_OUTPUT=/tmp/reel-heap.$$ exec %s "$@"\\n' $PWD/_inst/bin/reel > /tmp/reel-heaptrack
    chmod +x /tmp/reel-heaptrack
    bench/playback.sh --players reel --no-warmup --reel /tmp/reel-heaptrack
    bench/heap_breakdown.py /tmp/reel-heap.*

Needs heaptrack (tools/deps.sh, REEL_BENCH_PACKAGES).
"""
import os
import re
import subprocess
import sys
import tempfile
from collections import Counter

INTERPRET = "/usr/lib/heaptrack/libexec/heaptrack_interpret"

GROUPS = [
    ("decoder: frames copied out (gst_video_decoder_allocate_output_frame)",
     r"gst_video_decoder_allocate_output_frame"),
    ("decoder: libav decodes into (get_buffer2 -> GstBufferPool)", r"gst_buffer_pool_acquire_buffer[\s\S]*libavcodec"),
    ("Reel: converted frames (FramePool)", r"FramePool"),
    ("Reel: conversion scratch (FrameConverter)", r"FrameConverter"),
    ("libav: contexts and per-thread tables", r"av_malloc\n|av_mallocz|av_buffer_pool_get|avcodec_open2|avcodec_alloc_context3"),
    ("cairo/pixman images (GTK's cairo renderer)", r"pixman|cairo_image_surface"),
    ("demuxed data (qtdemux, multiqueue, parsers)", r"qtdemux|multiqueue|gst_base_parse|gst_adapter"),
    ("audio (pulsesink, decoder, scaletempo)", r"pulse|avdec_aac|scaletempo|libgstaudio"),
    ("GTK, fonts, icons", r"libgtk|libgdk|fontconfig|libfreetype|librsvg|pango|harfbuzz"),
    ("GStreamer registry and plugins", r"registry|gst_plugin|gst_init"),
]


def megabytes(number, unit):
    return float(number) * {"B": 1 / 1048576, "K": 1 / 1024, "M": 1, "G": 1024}[unit]


def breakdown(recording):
    source = recording
    if not recording.endswith(".gz") and not recording.endswith(".zst"):
        interpreted = tempfile.NamedTemporaryFile(suffix=".gz", delete=False).name
        with open(recording, "rb") as raw, open(interpreted, "wb") as out:
            interpret = subprocess.Popen([INTERPRET], stdin=raw, stdout=subprocess.PIPE)
            subprocess.run(["gzip"], stdin=interpret.stdout, stdout=out, check=True)
            interpret.wait()
        recording = interpreted
    text = subprocess.run(["heaptrack_print", "-f", recording, "-a", "0", "-T", "0", "-l", "0", "-p", "1",
                           "-n", "60", "-s", "40"], capture_output=True, text=True, check=True).stdout
    peak = re.search(r"peak heap memory consumption: ([\d.]+)([BKMG])", text)
    section = text.split("PEAK MEMORY CONSUMERS", 1)[1].split("MOST TEMPORARY", 1)[0]
    groups = Counter()
    for entry in re.split(r"\n(?=[\d.]+[BKMG] consumed over)", section):
        size = re.match(r"([\d.]+)([BKMG]) consumed over", entry)
        if not size:
            continue
        name = next((name for name, pattern in GROUPS if re.search(pattern, entry, re.M)), "other")
        groups[name] += megabytes(*size.groups())
    if recording != source:
        os.unlink(recording)
    print(f"{source}: peak heap {megabytes(*peak.groups()):.1f} MB")
    for name, size in groups.most_common():
        print(f"  {size:6.1f} MB  {name}")


if __name__ == "__main__":
    for path in sys.argv[1:]:
        breakdown(path)
