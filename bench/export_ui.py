#!/usr/bin/python3
"""The interface while a movie exports: does the feed's preview strip keep
its frame rate, and what does the export add to the app's memory?

    bench/export_ui.py --clips A.mp4 B.mp4 C.mp4 [--reel BIN] [--baseline 10]
        [--keep DIR]

Reel installed (--reel, or $REEL_BIN, default _inst/bin/reel) runs under the
UI tests' machinery (tests/ui/harness.py: its own Xvfb, session bus, private
null-sink sound server and a fresh profile), with the clips copied into its
Videos folder and the preview strip on, so the strip loops them, muted, at
their own size. REEL_TRACE records each frame the strip presents
("strip-frame") and the export's start and end ("movie-export").

1. Without an export: the strip's frames over --baseline seconds (10),
   after 3 s to settle.
2. With one: the three cards chosen (Select, a click on each, Make Movie),
   Ctrl+E, then Escape back to the feed, as a person who keeps watching
   does; the strip's frames from its first frame back on the feed to the
   export's end. The movie is the three clips whole, as the movie page's
   defaults make it (no music).

Per part: frames presented per second, the intervals between them (median,
95th percentile, longest) and how many were over 50 ms (a stall a person
sees); the app's VmRSS and VmHWM (peak) from /proc at the end of each part.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "tests" / "ui"))

from harness import App, Desktop, find_all, wait_until  # noqa: E402
from soundserver import SoundServer  # noqa: E402


def events(trace: Path, name: str) -> list:
    found = []
    for line in trace.read_text().splitlines():
        try:
            event = json.loads(line)
        except ValueError:
            continue  # a line being written
        if event.get("event") == name:
            found.append(event)
    return found


def memory_mb(pid: int) -> dict:
    fields = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, value = line.partition(":")
        if key in ("VmRSS", "VmHWM"):
            fields[key] = int(value.split()[0]) / 1024
    return fields


def frames_between(trace: Path, start: float, end: float) -> dict:
    times = [e["t"] for e in events(trace, "strip-frame") if start <= e["t"] <= end]
    gaps = [(b - a) * 1000 for a, b in zip(times, times[1:])]
    if len(gaps) < 2:
        return {"fps": 0.0, "median": float("nan"), "p95": float("nan"), "max": float("nan"), "stalls": 0, "seconds": end - start}
    gaps_sorted = sorted(gaps)
    return {"fps": len(times) / (end - start), "median": statistics.median(gaps),
            "p95": gaps_sorted[int(0.95 * (len(gaps_sorted) - 1))], "max": gaps_sorted[-1],
            "stalls": sum(1 for g in gaps if g > 50), "seconds": end - start}


def last_t(trace: Path) -> float:
    for line in reversed(trace.read_text().splitlines()):
        try:
            return json.loads(line)["t"]
        except (ValueError, KeyError):
            continue
    return 0.0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clips", nargs=3, required=True)
    parser.add_argument("--reel", default=os.environ.get("REEL_BIN", str(REPO / "_inst" / "bin" / "reel")))
    parser.add_argument("--baseline", type=float, default=10)
    parser.add_argument("--keep", help="keep the trace and screenshots in this folder")
    args = parser.parse_args()
    return with_app(args.clips, args.reel, args.keep, "reel-export-ui.", strip=True,
                    body=lambda app, trace, names, _profile: measure(app, trace, names, args.baseline))


def with_app(clips: list, reel: str, keep, prefix: str, strip: bool, body) -> int:
    """Runs Reel (`reel`) under the UI tests' machinery with `clips` in a
    fresh profile's Videos folder and REEL_TRACE on; returns what
    body(app, trace, names, profile) returns. The trace and screenshots go
    to `keep` (kept) or a temporary folder (removed)."""
    work = Path(tempfile.mkdtemp(prefix=prefix))
    artifacts = Path(keep) if keep else work / "artifacts"
    artifacts.mkdir(parents=True, exist_ok=True)
    profile = work / "profile"
    videos = profile / "home" / "Videos"
    videos.mkdir(parents=True)
    names = []
    for clip in clips:
        shutil.copy(clip, videos / Path(clip).name)
        names.append(Path(clip).stem)
    trace = artifacts / "trace.jsonl"
    sound = SoundServer().start()
    try:
        with Desktop(sound=sound) as desktop:
            os.environ.pop("AT_SPI_BUS_ADDRESS", None)
            os.environ.update(desktop.env())
            app = App(desktop, reel, artifacts, profile, env={"REEL_TRACE": str(trace)}, strip=strip)
            try:
                return body(app, trace, names, profile)
            finally:
                app.kill()
    finally:
        sound.stop()
        if not keep:
            shutil.rmtree(work, ignore_errors=True)

def measure(app: App, trace: Path, names: list, baseline: float) -> int:
    win = app.wait_window(name="Reel")
    wait_until(lambda: events(trace, "strip-frame"), 60, what="the strip's first frame")
    time.sleep(3)
    start = last_t(trace)
    time.sleep(baseline)
    quiet = frames_between(trace, start, last_t(trace))
    quiet_memory = memory_mb(app.pid)

    app.click(app.find(win, role="push button", name="Select"))
    for name in names:
        app.click(app.find(win, role="label", name=name, timeout=30))
    app.click(app.find(win, role="push button", name=re.compile("Make Movie")))
    wait_until(lambda: len(find_all(win, role="push button", name=re.compile(r"^Clip \d+ of 3: "), visible=True)) == 3,
               30, what="the three clips on the movie page")
    app.key("ctrl+e")
    wait_until(lambda: events(trace, "movie-export"), 30, what="the export's start")
    back = len(events(trace, "strip-frame"))
    app.key("Escape")
    wait_until(lambda: len(events(trace, "strip-frame")) > back + 1, 30, what="the strip back on the feed")
    resumed = events(trace, "strip-frame")[back + 1]["t"]
    app.screenshot("exporting-on-the-feed")
    ended = wait_until(lambda: [e for e in events(trace, "movie-export") if e.get("state") != "started"], 600,
                       interval=0.5, what="the export's end")[0]
    busy = frames_between(trace, resumed, ended["t"])
    busy_memory = memory_mb(app.pid)
    started = events(trace, "movie-export")[0]["t"]

    print(f"The strip while Reel exports its three clips ({os.cpu_count()} cores; export "
          f"{ended['t'] - started:.1f} s, {ended['state']})")
    print(f"{'':24} {'frames/s':>9} {'median':>8} {'p95':>8} {'longest':>8} {'> 50 ms':>8} {'RSS':>8} {'peak RSS':>9}")
    for label, row, mem in (("no export", quiet, quiet_memory), ("exporting", busy, busy_memory)):
        print(f"{label:24} {row['fps']:9.1f} {row['median']:6.1f}ms {row['p95']:6.1f}ms {row['max']:6.0f}ms "
              f"{row['stalls']:8d} {mem.get('VmRSS', 0):6.0f}MB {mem.get('VmHWM', 0):7.0f}MB")
    return 0 if ended["state"] == "saved" else 1


if __name__ == "__main__":
    sys.exit(main())
