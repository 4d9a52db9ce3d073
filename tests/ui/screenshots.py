"""Makes the screenshots in data/screenshots/ (the README's and the AppStream
metainfo's) from the installed app on the test desktop, with the bundled
sample library and a test camera: `tools/screenshots`. Not part of the suite
(pytest collects test_*.py files only); run it after a change that shows."""

from __future__ import annotations

import re
import shutil
import time
from pathlib import Path

from harness import APP_TIMEOUT, REPO_ROOT
from player_helpers import Trace, reveal, window_manager  # noqa: F401 (fixture)

OUT = REPO_ROOT / "data" / "screenshots"


def shoot(app, name: str, window: str | None = None) -> None:
    """The main window (or the whole screen, window="root") as OUT/name.png."""
    target = app.x_window() if window is None else window
    shot = app.desktop.screenshot(app.artifacts / f"{name}.png", window=target)
    shutil.copy(shot, OUT / f"{name}.png")


def test_feed_player_mini_window_and_camera(launch_ready, artifacts, tmp_path, window_manager):
    trace = Trace(artifacts / "trace.jsonl")
    cameras = tmp_path / "cameras.txt"
    cameras.write_text("Test Camera\n")
    app, win = launch_ready(samples=True, env={"REEL_TRACE": str(trace.path), "REEL_TEST_CAMERAS": str(cameras)})
    # The feed, once the sample library's cards have their pictures.
    app.find(win, role="label", name="Morning on the Bay", timeout=120)
    time.sleep(4)  # their pictures, made in the background
    shoot(app, "main")
    # The player, paused on a frame with its controls showing.
    app.click(app.find(win, role="label", name="Morning on the Bay"))
    trace.wait("player-first-frame", timeout=APP_TIMEOUT)
    time.sleep(2.5)
    app.key("space")
    trace.wait("player-state", lambda e: e["state"] == "paused")
    reveal(app)
    shoot(app, "player")
    # Picture in picture: the mini window over the feed.
    app.key("p")
    trace.wait("pip-shown")
    time.sleep(1.5)
    shoot(app, "picture-in-picture", window="root")
    app.key("ctrl+w", window="Morning on the Bay — Picture in Picture")
    # The camera page with a test camera.
    app.key("Escape")
    app.key("ctrl+t")
    trace.wait("camera-open", timeout=APP_TIMEOUT)
    time.sleep(2)
    shoot(app, "camera")


def test_movie_maker(launch_ready, artifacts):
    """The movie page, three sample clips in it, the first one's picture shown."""
    app, win = launch_ready(samples=True)
    titles = ("Morning on the Bay", "Tram 28", "Spice Market")
    for title in titles:
        app.find(win, role="label", name=title, timeout=120)
    time.sleep(4)  # the cards' pictures, which the filmstrip shows too
    app.click(app.find(win, role="push button", name="Select"))
    for title in titles:
        app.click(app.find(win, role="label", name=title))
    app.click(app.find(win, role="push button", name="Make Movie…"))
    app.find(win, role="push button", name=re.compile(r"^Clip 3 of 3: "), timeout=APP_TIMEOUT)
    app.desktop.move_pointer(1, 1)
    time.sleep(3)  # the preview's first picture
    shoot(app, "movie")
