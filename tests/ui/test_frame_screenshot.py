"""Ctrl+Alt+S in the player: the frame on screen saved as a PNG in
Pictures › Reel at the video's own size (not the full-screen window's),
whose pixels are the frame's, also when paused on a frame stepped to; a
toast says where it went, with Show in Files and Copy."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from harness import image_stats, pixel, words_on_screen
from player_helpers import gst_launch, keyfile, play, press, reveal, window_manager  # noqa: F401 (fixtures)

WIDTH, HEIGHT = 640, 360


@pytest.fixture(scope="module")
def media(tmp_path_factory) -> Path:
    """A clip of known pictures: 2 s of SMPTE bars, then 2 s of red, then
    2 s of green (H.264, 4:2:0, as videos are)."""
    folder = tmp_path_factory.mktemp("screenshot-media")
    caps = f"video/x-raw,format=I420,width={WIDTH},height={HEIGHT},framerate=30/1"
    segments = []
    for pattern, colour in (("smpte", None), ("solid-color", "0xffff0000"), ("solid-color", "0xff00ff00")):
        extra = [f"foreground-color={colour}"] if colour else []
        segments += ["videotestsrc", f"pattern={pattern}", *extra, "num-buffers=60", "!", caps, "!", "c."]
    gst_launch("concat", "name=c", "!", "x264enc", "speed-preset=ultrafast", "key-int-max=30", "!",
               "h264parse", "!", "mp4mux", "!", "filesink", f"location={folder / 'colours.mp4'}", *segments)
    return folder


def _size(path: Path) -> tuple:
    out = subprocess.run(["identify", "-format", "%m %w %h", str(path)], capture_output=True, text=True,
                         check=True, timeout=30)
    kind, w, h = out.stdout.split()
    return kind, int(w), int(h)


def _near(actual: tuple, expected: tuple, tolerance: int = 24) -> bool:
    return all(abs(a - e) <= tolerance for a, e in zip(actual, expected))


def _screenshot(app, trace) -> Path:
    i = press(app, trace, "ctrl+alt+s")
    saved = trace.wait("player-screenshot", after=i)
    assert saved["ok"], saved
    return Path(saved["path"])


def test_ctrl_alt_s_saves_the_frame_at_the_videos_size(play, media, profile):
    keyfile(profile, end_action="'stop'")
    app, win, trace = play(media / "colours.mp4")
    i = press(app, trace, "space")
    trace.wait("player-state", lambda e: e["state"] == "paused", after=i)

    # Paused in the red part, then one frame further with "." (a stepped frame).
    i = press(app, trace, "4")  # 40 %: 2.4 s
    trace.wait("player-seek-done", after=i)
    i = press(app, trace, "period")
    trace.wait("player-seek-done", after=i)
    red = _screenshot(app, trace)
    # The toast says where, with its two buttons, on screen: looked at
    # first, while it shows (it leaves after 5 s).
    words = app.find(win, role="label", name="Screenshot saved in Pictures › Reel", timeout=5)
    shot = app.screenshot("toast")
    sd, bright = words_on_screen(app, words, shot)
    assert sd > 0.1 and bright > 0.02, f"the toast is not visible (sd {sd:.3f}, bright {bright:.3f})"
    app.find(win, role="push button", name="Show in Files", timeout=1)
    app.find(win, role="push button", name="Copy", timeout=1)
    pictures = profile / "home" / "Pictures" / "Reel"
    assert red.parent == pictures
    assert re.fullmatch(r"Screenshot \d{4}-\d\d-\d\d \d\d-\d\d-\d\d( \(\d+\))?\.png", red.name), red.name
    assert not list(pictures.glob(".*")), "written under a hidden name, then named"
    # The video's own size, not the full-screen window's.
    assert _size(red) == ("PNG", WIDTH, HEIGHT)
    for x, y in ((WIDTH // 2, HEIGHT // 2), (10, 10), (WIDTH - 10, HEIGHT - 10)):
        assert _near(pixel(red, x, y), (255, 0, 0)), (x, y, pixel(red, x, y))


    # The bars at the start: the same pixels as the clip's first frame
    # decoded by a pipeline of the test's own (neither scaled, nor flipped,
    # nor shifted in colour).
    i = press(app, trace, "0")
    trace.wait("player-seek-done", after=i)
    bars = _screenshot(app, trace)
    assert bars != red
    assert _size(bars) == ("PNG", WIDTH, HEIGHT)
    reference = media / "first-frame.png"
    gst_launch("filesrc", f"location={media / 'colours.mp4'}", "!", "decodebin", "!", "videoconvert", "!",
               "pngenc", "snapshot=true", "!", "filesink", f"location={reference}")
    assert image_stats(reference)[1] > 0.1, "the reference is not the bars"
    out = subprocess.run(["compare", "-metric", "RMSE", str(bars), str(reference), "null:"],
                         capture_output=True, text=True, timeout=30)
    difference = float(out.stderr.split("(")[1].rstrip(")"))
    assert difference < 0.02, f"the screenshot differs from the frame (RMSE {difference:.4f})"
