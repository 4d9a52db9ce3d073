#!/usr/bin/python3
"""The movie page's preview while a caption animates: does it keep its
frame rate?

    bench/movie_preview.py --clips A.mp4 B.mp4 C.mp4 [--reel BIN] [--keep DIR]

Reel installed (--reel, or $REEL_BIN, default _inst/bin/reel) runs under the
UI tests' machinery (tests/ui/harness.py: its own Xvfb, session bus, private
null-sink sound server and a fresh profile), with the clips in its Videos
folder. As a person would: Select, a click on each card, Make Movie (the
clips whole, in the feed's order), then the Add menu's Add Text, which puts
the movie page's default caption (fading in and out) over the first clip;
the preview's Play button plays it from the start until the second clip
has played.
REEL_TRACE records each frame the preview presents ("movie-preview-frame",
with its time in the movie).

Printed side by side, from the one playthrough: the frames presented while
the caption fades in or out (its raster is blended at another opacity each
frame), while it is fully shown, and over the second clip, where nothing is
drawn: frames per second, the intervals between presented frames (median,
95th percentile, longest) and how many were over 50 ms (a stall a person
sees). The caption's span and fades are read from the movie's saved file.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "tests" / "ui"))
sys.path.insert(0, str(REPO / "bench"))

from export_ui import events, with_app  # noqa: E402
from harness import App, find_all, states, wait_until  # noqa: E402


def summary(windows: list, seconds: float) -> dict:
    """Frames per second and intervals over windows of presented times."""
    gaps = sorted((b - a) * 1000 for times in windows for a, b in zip(times, times[1:]))
    count = sum(len(times) for times in windows)
    if len(gaps) < 2:
        return {"fps": 0.0, "median": float("nan"), "p95": float("nan"), "max": float("nan"), "stalls": 0}
    return {"fps": count / seconds if seconds else 0.0, "median": statistics.median(gaps),
            "p95": gaps[int(0.95 * (len(gaps) - 1))], "max": gaps[-1], "stalls": sum(1 for g in gaps if g > 50)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clips", nargs=3, required=True)
    parser.add_argument("--reel", default=os.environ.get("REEL_BIN", str(REPO / "_inst" / "bin" / "reel")))
    parser.add_argument("--keep", help="keep the trace and screenshots in this folder")
    args = parser.parse_args()
    return with_app(args.clips, args.reel, args.keep, "reel-movie-preview.", strip=False, body=measure)

def measure(app: App, trace: Path, names: list, profile: Path) -> int:
    win = app.wait_window(name="Reel")
    app.click(app.find(win, role="push button", name="Select"))
    for name in names:
        app.click(app.find(win, role="label", name=name, timeout=30))
    app.click(app.find(win, role="push button", name=re.compile("Make Movie")))
    wait_until(lambda: len(find_all(win, role="push button", name=re.compile(r"^Clip \d+ of 3: "), visible=True)) == 3,
               30, what="the three clips on the movie page")
    app.click(app.find(win, role="push button", name="Add Title, Text or Picture"))
    app.find(win, role="menu item", name="Add Text", timeout=30)
    wait_until(lambda: "focused" in states(app.find(win, role="menu item", name="Add Title Card")), 30,
               what="the Add menu open")
    app.key("Down", "Return")
    movies = profile / "data" / "reel" / "movies"

    def caption():
        for path in movies.glob("*.json"):
            overlays = json.loads(path.read_text()).get("overlays") or []
            if overlays:
                return overlays[0]
        return None

    saved = wait_until(caption, 30, what="the caption saved")
    wait_until(lambda: events(trace, "movie-preview-frame"), 60, what="the preview's first frame")
    shown = len(events(trace, "movie-preview-frame"))
    # The preview's Play button (the caption's words have the focus).
    app.click(app.find(win, role="push button", name="Play", timeout=30))
    # Through the second clip: the clips are read back from the movie file.
    clips = next(json.loads(path.read_text()) for path in movies.glob("*.json"))["clips"]
    lengths = [(clip.get("trimOut", 0) - clip.get("trimIn", 0)) / 1e9 for clip in clips]
    second_end = sum(lengths[:2]) if all(lengths[:2]) else 20.0
    wait_until(lambda: any(e.get("pts", 0) >= second_end - 0.2 for e in events(trace, "movie-preview-frame")[shown:]),
               second_end + 60, interval=0.5, what="the preview through the second clip")
    app.screenshot("movie-preview")
    frames = events(trace, "movie-preview-frame")[shown + 1:]
    start = (saved.get("offset") or 0) / 1e9
    length = (saved.get("length") or 0) / 1e9 or lengths[0]
    end = start + length
    fade_in = ((saved.get("entrance") or {}).get("duration") or 5e8) / 1e9
    fade_out = ((saved.get("exit") or {}).get("duration") or 5e8) / 1e9

    def part(*spans) -> dict:
        windows = [[e["t"] for e in frames if low <= e["pts"] < high] for low, high in spans]
        return summary(windows, sum(high - low for low, high in spans))

    rows = (("caption fading in or out", part((start, start + fade_in), (end - fade_out, end))),
            ("caption shown", part((start + fade_in, end - fade_out))),
            ("second clip, nothing drawn", part((lengths[0], second_end))))
    print(f"The movie page's preview, a caption over the first clip ({os.cpu_count()} cores; "
          f"caption {start:.1f}-{end:.1f} s, fades {fade_in:.2f} s / {fade_out:.2f} s)")
    print(f"{'':28} {'frames/s':>9} {'median':>8} {'p95':>8} {'longest':>8} {'> 50 ms':>8}")
    for label, row in rows:
        print(f"{label:28} {row['fps']:9.1f} {row['median']:6.1f}ms {row['p95']:6.1f}ms {row['max']:6.0f}ms {row['stalls']:8d}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
