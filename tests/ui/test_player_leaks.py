"""Leaving and reopening the player 200 times leaves no growth in threads,
file descriptors or GObjects beyond a small bound.

Reel counts them itself and writes them to its trace each time the player
closes (`player-stopped`): threads and fds from /proc/self; "gst-objects",
the GstObjects and GstMiniObjects (elements, pads, buses, caps, buffers…)
created and not freed since the first player opened, counted by GStreamer's
leaks tracer (GST_TRACERS=leaks; GLib's own instance counts need a GLib
built with debugging, which Debian's is not). `player-first-frame` carries
the same object count while the video plays, which proves the counting
works.

The test drives the player as a person would: a click on the clip's card in
the feed, then Esc (leave full screen), Esc (back to the feed), and Return
on the card, which has the focus again, 200 times.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from harness import APP_TIMEOUT, HarnessError
from player_helpers import keyfile, make_clip, net_wm_state, window_manager  # noqa: F401 (fixture)

CYCLES = 200
WARM_UP = 10
# How far the counts may drift between the warm-up and the end: GStreamer's
# and GLib's thread pools keep a few idle threads for a while, and a late
# finalizer may still be on its way when the count is taken.
THREAD_SLACK = 3
FD_SLACK = 3
OBJECT_SLACK = 5
# How long one step of one cycle may take before the test gives up.
STEP_TIMEOUT = 10.0


class TraceTail:
    """Reads the trace as it grows (a line per frame): only what was written
    since the last look is parsed."""

    def __init__(self, path: Path):
        self.path = path
        self.offset = 0
        self.partial = b""
        self.events: list = []

    def poll(self) -> None:
        if not self.path.exists():
            return
        with open(self.path, "rb") as f:
            f.seek(self.offset)
            data = f.read()
        self.offset += len(data)
        lines = (self.partial + data).split(b"\n")
        self.partial = lines.pop()  # a line being written
        self.events.extend(json.loads(line) for line in lines if line.strip())

    def named(self, name: str) -> list:
        return [e for e in self.events if e["event"] == name]

    def seen(self, name: str) -> int:
        """How many `name` events there are now."""
        self.poll()
        return sum(1 for e in self.events if e["event"] == name)


def _wait(pred, what: str, app, timeout: float = STEP_TIMEOUT, interval: float = 0.02):
    """wait_until, polling faster: each cycle is a few short waits."""
    deadline = time.monotonic() + timeout
    while True:
        value = pred()
        if value:
            return value
        if not app.alive():
            raise HarnessError(f"reel exited while waiting for {what}\n{app.stderr_text()[-3000:]}")
        if time.monotonic() > deadline:
            raise HarnessError(f"timed out after {timeout}s waiting for {what}")
        time.sleep(interval)


# Two hundred rounds: a hang guard beyond the suite's five minutes a test,
# for a machine busy with the other test workers.
@pytest.mark.timeout(900)
def test_reopening_the_player_200_times_leaks_no_threads_fds_or_objects(
        launch_ready, profile, artifacts, window_manager):
    videos = profile / "home" / "Videos"
    videos.mkdir(parents=True, exist_ok=True)
    make_clip(videos / "Clip.mp4", 2, 320, 180, 30, pattern="ball")
    keyfile(profile, end_action="'stop'")
    trace = TraceTail(artifacts / "trace.jsonl")
    app, win = launch_ready(env={"REEL_TRACE": str(trace.path),
                                 "GST_TRACERS": "leaks"})
    card = app.find(win, role="label", name="Clip", timeout=APP_TIMEOUT)

    def fullscreen() -> bool:
        return "FULLSCREEN" in net_wm_state(app)

    started = time.monotonic()
    for cycle in range(1, CYCLES + 1):
        opened, shown = trace.seen("player-open"), trace.seen("player-first-frame")
        if cycle == 1:
            app.click(card)
        else:
            # The card got the focus with the click and gets it back when
            # the player closes: Return opens it again.
            app.desktop.xdotool("key", "Return")
        _wait(lambda: trace.seen("player-first-frame") > shown,
              f"cycle {cycle}: the player to show its first frame", app)
        assert trace.seen("player-open") == opened + 1, f"cycle {cycle}: one key, one player"
        # Esc leaves full screen, then the player (as in test_full_screen_keys_and_escape).
        _wait(fullscreen, f"cycle {cycle}: full screen", app)
        app.desktop.xdotool("key", "Escape")
        _wait(lambda: not fullscreen(), f"cycle {cycle}: Esc to leave full screen", app)
        closed = trace.seen("player-stopped")
        app.desktop.xdotool("key", "Escape")
        _wait(lambda: trace.seen("player-stopped") > closed, f"cycle {cycle}: Esc to close the player", app)
    elapsed = time.monotonic() - started

    opens, stops = trace.named("player-open"), trace.named("player-stopped")
    firsts = trace.named("player-first-frame")
    (artifacts / "counts.json").write_text(json.dumps({
        "cycles": CYCLES, "seconds": round(elapsed, 1),
        "playing": [{k: e.get(k) for k in ("gst-objects",)} for e in firsts],
        "stopped": [{k: e.get(k) for k in ("threads", "fds", "gst-objects")} for e in stops],
    }, indent=1))
    assert len(opens) == len(stops) == len(firsts) == CYCLES, (len(opens), len(stops), len(firsts))
    # The counts work: while a video plays, its pipeline's objects live.
    assert all(e.get("gst-objects", 0) > 0 for e in firsts), \
        f"no pipeline objects counted while playing (is GST_TRACERS=leaks reaching Reel?): {firsts[0]}"
    assert all(e["threads"] > 0 and e["fds"] > 0 and e["gst-objects"] >= 0 for e in stops), stops[0]
    checks = [("threads", THREAD_SLACK), ("fds", FD_SLACK), ("gst-objects", OBJECT_SLACK)]
    # After a little warm-up (caches, the thread pools' first threads), the
    # highest counts of the next ten closes against the lowest of the last
    # ten: a leak of one object every few cycles still shows as dozens.
    base, end = stops[WARM_UP - 1:WARM_UP + 9], stops[-10:]
    grown = []
    for key, slack in checks:
        before, after = max(e[key] for e in base), min(e[key] for e in end)
        if after > before + slack:
            grown.append(f"{key} grew from {before} (closes {WARM_UP}-{WARM_UP + 9}) "
                         f"to {after} (the last ten of {CYCLES})")
    assert not grown, "; ".join(grown)
