"""The volume goes above 100 %, up to 150 %, for quiet recordings: Up
reaches it and stops there, the bar shows a mark at 100 % (on screen), and
the level is remembered for the next video and the next start."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from harness import wait_until
from player_helpers import keyfile, make_clip, play, press, reveal, slider_value, window_manager  # noqa: F401

KEYFILE = Path("config") / "glib-2.0" / "settings" / "keyfile"


@pytest.fixture(scope="module")
def media(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("volume-media")
    make_clip(folder / "quiet.mp4", 20, 320, 180, 30)
    return folder


def test_up_goes_to_150_percent_with_a_mark_at_100_and_is_remembered(play, media, profile):
    keyfile(profile, end_action="'stop'")
    app, win, trace = play(media / "quiet.mp4")
    volume = app.find(win, role="slider", name="Volume", timeout=5)
    assert abs(slider_value(volume) - 1) < 0.01
    for _ in range(12):
        i = press(app, trace, "Up")
        trace.wait("player-volume", after=i)
    assert abs(trace.named("player-volume")[-1]["volume"] - 1.5) < 0.01, trace.named("player-volume")[-1]
    wait_until(lambda: abs(slider_value(volume) - 1.5) < 0.01, 5, what="the bar at 150 %")
    assert volume.queryValue().maximumValue == pytest.approx(1.5)
    wait_until(lambda: "volume=1.5" in (profile / KEYFILE).read_text(), 5, what="the level to be kept")

    # The mark at 100 %: light under the bar at two thirds of its length,
    # none at one third (the knob is at the far end).
    reveal(app)
    shot = app.screenshot("volume")
    geo = app.window_geometry(app.x_window())
    x, y, w, h = volume.queryComponent().getExtents(1)

    def brightest(fraction: float) -> float:
        """The brightest grey in the bottom third of the bar, around `fraction` of its length."""
        centre = geo["x"] + x + int(w * fraction)
        box = f"24x{h // 3}+{centre - 12}+{geo['y'] + y + h * 2 // 3}"
        out = subprocess.run(["convert", str(shot), "-crop", box, "+repage", "-colorspace", "Gray",
                              "-format", "%[fx:maxima]", "info:"], capture_output=True, text=True, check=True)
        return float(out.stdout)
    assert brightest(2 / 3) > 0.5 and brightest(1 / 3) < 0.2, (brightest(2 / 3), brightest(1 / 3))

    # Once more up: it stays at 150 %.
    i = press(app, trace, "Up")
    assert trace.wait("player-volume", after=i)["volume"] == pytest.approx(1.5, abs=0.01)
    app.quit()

    # The next start plays at the level left.
    app, win, trace = play(media / "quiet.mp4")
    volume = app.find(win, role="slider", name="Volume", timeout=5)
    wait_until(lambda: abs(slider_value(volume) - 1.5) < 0.01, 5, what="the remembered level")
