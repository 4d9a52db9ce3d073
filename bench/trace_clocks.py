#!/usr/bin/python3
# The wall-clock figures the UI tests no longer assert (a test checks what
# holds whatever the load: the frames' own timestamps and running time, the
# order of events), read from Reel's trace files (REEL_TRACE), as ratios to
# what an idle machine would give:
#
#   bench/trace_clocks.py TRACE.jsonl... (or a folder: its *.jsonl, searched
#                                          below it, as tests/artifacts holds)
#
#   pace        per run of frames at one speed (a "player-rate" or
#               "strip-rate" event starts one): video seconds per wall
#               second, over the speed asked for (1.00 = on time); the
#               tests check the same frames against their running time
#   seam        the preview strip's wall gap from a clip's last frame to
#               the next clip's first, over the gap between frames inside
#               a clip (1.00 = no seam to see)
#   switch      the player's wall gap across a move into or out of the mini
#               window ("pip-enter"/"pip-leave"), over the video time between
#               the two frames
#   reconnect   wall seconds from "player-reconnected" to the next frame
#   recording   frames dropped by the recorder over frames written
#               ("recording-finished")
#
# Each trace was written on the machine that ran it, so the figures are
# that machine's under its load then: compare runs on one machine, side by
# side (an idle one and one running the suite, say).
import json
import statistics
import sys
from pathlib import Path


def events(path: Path) -> list:
    out = []
    for line in path.read_text(errors="replace").splitlines():
        try:
            out.append(json.loads(line))
        except json.JSONDecodeError:
            pass
    return out


def pace(trace: list, frame: str, rate_event: str) -> list:
    """(speed asked, video seconds per wall second / speed) per run of frames."""
    out, rate, run = [], 1.0, []

    def close():
        pairs = [(b["pts"] - a["pts"], b["t"] - a["t"]) for a, b in zip(run, run[1:]) if b["pts"] > a["pts"]]
        video, wall = sum(p for p, _ in pairs), sum(w for _, w in pairs)
        if len(pairs) >= 10 and wall > 0:
            out.append((rate, video / wall / rate))
    for e in trace:
        if e["event"] == rate_event:
            close()
            rate, run = e["rate"], []
        elif e["event"] == frame:
            run.append(e)
    close()
    return out


def seams(trace: list) -> list:
    frames = [e for e in trace if e["event"] == "strip-frame"]
    inside = [b["t"] - a["t"] for a, b in zip(frames, frames[1:]) if b["pts"] > a["pts"]]
    at = [b["t"] - a["t"] for a, b in zip(frames, frames[1:]) if b["pts"] < a["pts"]]
    if not inside or not at:
        return []
    typical = statistics.median(inside)
    return [gap / typical for gap in at]


def switches(trace: list) -> list:
    out = []
    for k, e in enumerate(trace):
        if e["event"] not in ("pip-enter", "pip-leave"):
            continue
        before = [f for f in trace[:k] if f["event"] == "frame"]
        after = [f for f in trace[k:] if f["event"] == "frame" and before and f["pts"] > before[-1]["pts"]]
        if before and after:
            video, wall = after[0]["pts"] - before[-1]["pts"], after[0]["t"] - before[-1]["t"]
            out.append(wall / video if video > 0 else float("nan"))
    return out


def reconnects(trace: list) -> list:
    out = []
    for k, e in enumerate(trace):
        if e["event"] == "player-reconnected":
            later = [f for f in trace[k:] if f["event"] == "frame"]
            if later:
                out.append(later[0]["t"] - e["t"])
    return out


def recordings(trace: list) -> list:
    return [(e["dropped"], e["frames"]) for e in trace if e["event"] == "recording-finished"]


def main(argv: list) -> int:
    if not argv:
        print(__doc__ or "usage: bench/trace_clocks.py TRACE.jsonl... | FOLDER", file=sys.stderr)
        return 2
    paths = []
    for arg in map(Path, argv):
        paths += sorted(arg.rglob("*.jsonl")) if arg.is_dir() else [arg]
    print(f"{'trace':<60} {'figure':<10} {'value':>30}")
    for path in paths:
        trace = events(path)
        name = str(path)[-60:]
        rows = [(f"pace {rate:g}x", f"{ratio:.2f}") for rate, ratio in pace(trace, "frame", "player-rate")]
        rows += [(f"strip {rate:g}x", f"{ratio:.2f}") for rate, ratio in pace(trace, "strip-frame", "strip-rate")]
        gaps = seams(trace)
        if gaps:
            rows.append(("seam", f"median {statistics.median(gaps):.2f}, most {max(gaps):.2f}"))
        rows += [("switch", f"{ratio:.2f}") for ratio in switches(trace)]
        rows += [("reconnect", f"{seconds:.2f} s") for seconds in reconnects(trace)]
        rows += [("recording", f"{dropped}/{frames} dropped") for dropped, frames in recordings(trace)]
        for figure, value in rows:
            print(f"{name:<60} {figure:<10} {value:>30}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
