"""A buffering stall resumes on its own and shows a percentage meanwhile.

nginx (webserver.py) serves a clip slower than it plays: a snowy picture
that x264 cannot squeeze, at about 2 Mbit/s (250 kB/s), over a link of
100 kB/s. GStreamer's queue2 (playbin puts one in front of the demuxer for
network sources) posts buffering messages; Reel pauses, says
"Buffering… N %" and plays on at 100 %. No key is pressed in these tests.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from harness import states, wait_until
from player_helpers import make_clip, play, window_manager  # noqa: F401 (fixtures)
from webserver import WebServer

BUFFERING = re.compile(r"^Buffering… \d+ %$")


@pytest.fixture(scope="module")
def heavy(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("buffering-media")
    # Index first, as files made for the web are (faststart): one request.
    make_clip(folder / "snow.mp4", 12, 640, 360, 30, pattern="snow", bitrate=2000, faststart=True)
    return folder


def _badge(app, win):
    """The buffering badge, once it shows; its text over AT-SPI."""
    return app.find(win, role="label", name=BUFFERING, timeout=10)


def _state_index(trace, state: str, after: int, timeout: float = 20) -> int:
    event = trace.wait("player-state", lambda e: e["state"] == state, after=after, timeout=timeout)
    return trace.events().index(event)


def test_a_stall_in_the_middle_shows_a_percentage_and_resumes_by_itself(play, heavy, tmp_path):
    # The first megabyte comes at once (four seconds of video), then the
    # link slows to 40 % of the bitrate: playback starts, runs dry, stalls.
    with WebServer(heavy, tmp_path / "nginx", rate="100k", rate_after="1m") as server:
        app, win, trace = play(server.url("/snow.mp4"))
        playing = _state_index(trace, "playing", 0)
        wait_until(lambda: trace.last_pts() > 1, 10, what="a second of playback before the stall")
        stall = _state_index(trace, "buffering", playing)
        _badge(app, win)
        app.screenshot("buffering")
        stalled_at = trace.last_pts()
        assert stalled_at > 1, "the stall came before playback got going"

        # It plays on by itself once the buffer has refilled.
        _state_index(trace, "playing", stall, timeout=20)
        wait_until(lambda: trace.last_pts() > stalled_at + 0.5, 10, what="new frames after the stall")
        trace.wait("player-waiting", lambda e: e["shown"] == 0, after=stall, timeout=5)
        seen = [e["text"] for e in trace.events()[stall:] if e["event"] == "player-waiting" and e["shown"]]
        assert seen and all(BUFFERING.match(text) for text in seen), seen
        frames = [e["pts"] for e in trace.frames_after(stall)]
        assert frames == sorted(frames), "frames went back in time after the stall"


def test_a_slow_link_from_the_start_buffers_then_plays_by_itself(play, heavy, tmp_path):
    # Slow from the first byte: the first frame shows while the buffer
    # fills; playback must start by itself at 100 %, not run on starved
    # while the badge says it buffers.
    with WebServer(heavy, tmp_path / "nginx", rate="200k") as server:
        app, win, trace = play(server.url("/snow.mp4"), wait_frame=False)
        buffering = _state_index(trace, "buffering", 0)
        _badge(app, win)
        first = trace.wait("player-first-frame", timeout=20)
        _state_index(trace, "playing", buffering, timeout=25)
        wait_until(lambda: trace.last_pts() > first["pts"] + 0.5, 20, what="playback to go on")
        trace.wait("player-waiting", lambda e: e["shown"] == 0, after=buffering, timeout=5)
        assert trace.named("player-state")[0]["state"] == "buffering", trace.named("player-state")
