"""What the accessibility tests share (test_accessibility*.py, split in
three files so that their long walks run in parallel workers): the clips,
the feed Reel opens on, and the ways of moving the focus by keyboard."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from a11y import current_stop, press_and_wait_move
from harness import APP_TIMEOUT, wait_until
from player_helpers import launch_with_strip, make_clip

TITLES = ("Alpha", "Bravo", "Charlie")


@pytest.fixture(scope="module")
def clips(tmp_path_factory) -> Path:
    """Still pictures (SMPTE bars), so screenshots differ only by focus."""
    folder = tmp_path_factory.mktemp("a11y-clips")
    for name in TITLES:
        make_clip(folder / f"{name}.mp4", 3, 320, 180, 30, pattern="smpte")
    return folder


@pytest.fixture
def feed(launch_ready, clips, profile, artifacts):
    """Reel on a Videos folder of three clips, with the preview strip."""
    app, win, trace = launch_with_strip(launch_ready, clips, profile, artifacts)
    for title in TITLES:
        app.find(win, role="table cell", name=re.compile(rf"^{title}, .*0:03$"), timeout=APP_TIMEOUT)
    app.focus()
    return app, win, trace


def focus_on(app, role: str, name, window: str = "Reel", limit: int = 30):
    """Tabs until the stop named `name` has the focus."""
    for _ in range(limit):
        stop = current_stop(app)
        if stop and stop.role == role and (name.search(stop.name) if isinstance(name, re.Pattern) else stop.name == name):
            return stop
        press_and_wait_move(app, "Tab", window, stop)
    raise AssertionError(f"Tab never reached [{role}] {name!r}")


def wait_focus(app, role: str, name, what: str):
    def ok():
        stop = current_stop(app)
        if stop is None or stop.role != role:
            return None
        return stop if (name.search(stop.name) if isinstance(name, re.Pattern) else stop.name == name) else None
    return wait_until(ok, 5, what=what, on_timeout=lambda: f"focused: {current_stop(app)}")


def open_from_card(app, title: str):
    focus_on(app, "table cell", re.compile(rf"^{title}, "))
    app.key("Return")
