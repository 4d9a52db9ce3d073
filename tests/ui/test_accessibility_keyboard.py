"""The playing player by keyboard alone (whatever is on screen over it)
and the camera page with and without a camera: see test_accessibility.py.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from a11y import check_screen, current_stop, screen_box
from a11y_fixtures import focus_on, wait_focus
from harness import APP_TIMEOUT, find_all, on_screen, wait_until, window_extents
from player_helpers import Trace, make_clip, play, window_manager  # noqa: F401 (fixtures)
from soundserver import NO_SOUND_ENV


PLAYER_CONTROLS = ("Back to the Feed", "Position", "Mute", "Volume", "Back 15 Seconds", "Pause",
                   "Forward 15 Seconds", "Subtitles", "Speed, 1×", "Aspect", "More Options", "Picture in Picture",
                   "Full Screen")
NO_SOUND_TOAST = "No sound output was found: the video plays without sound."
SUBTITLE_LINE = "A line over the picture"


@pytest.fixture(scope="module")
def long_clips(tmp_path_factory) -> Path:
    """A still picture that plays for two minutes (the bars fade while a
    video plays, and a walk takes a while), and the same with a .srt."""
    folder = tmp_path_factory.mktemp("a11y-long")
    make_clip(folder / "Harbour.mp4", 120, 320, 180, 30, pattern="smpte")
    shutil.copy(folder / "Harbour.mp4", folder / "Lines.mp4")
    # Several lines: GStreamer knows a file as SubRip by more than one.
    (folder / "Lines.srt").write_text(f"1\n00:00:00,500 --> 00:01:50,000\n{SUBTITLE_LINE}\n\n"
                                      "2\n00:01:51,000 --> 00:01:55,000\nA later line\n\n"
                                      "3\n00:01:56,000 --> 00:01:58,000\nThe last line\n\n")
    return folder


@pytest.mark.parametrize("state", ["toast", "hidden", "subtitle", "seek"])
def test_the_playing_player_by_keyboard_alone(play, long_clips, artifacts, state):
    """While the video plays and the bars have faded: the first Tab shows
    them and goes on from the video to the bar's first control (Shift+Tab:
    back to the header's; two quick Tabs: its second); the chain then goes through every control of the
    header and the bar in order, and round, whatever else is on screen: a
    toast (no sound output), a subtitle line, or after a seek from the seek
    bar. The keyboard on a control holds the bars."""
    clip = long_clips / ("Lines.mp4" if state == "subtitle" else "Harbour.mp4")
    app, win, trace = play(clip, env=dict(NO_SOUND_ENV) if state == "toast" else None)
    title = clip.stem
    trace.wait("player-state", lambda e: e["state"] == "playing")
    pointer = (1, 1)
    must_reach = PLAYER_CONTROLS
    if state == "toast":
        words = app.find(win, role="label", name=NO_SOUND_TOAST, timeout=5)
        # The pointer rests on the toast's words: libadwaita keeps a toast
        # while it is hovered, and the player under it sees no move.
        x, y, w, h = screen_box(app, "Reel", window_extents(words))
        pointer = (x + w // 2, y + h // 2)
        app.desktop.move_pointer(*pointer)
        must_reach = PLAYER_CONTROLS + ("Dismiss Notice",)
    if state == "subtitle":
        wait_until(lambda: [n for n in find_all(win, role="label", name=SUBTITLE_LINE) if on_screen(n)], 15,
                   what="the subtitle line on screen")
    wait_until(lambda: (shown := trace.named("player-controls")) and shown[-1]["shown"] == 0, 10,
               what="the bars to fade")
    wait_focus(app, "image", title, "the focus on the video once the bars faded")
    i = trace.count()
    if state == "subtitle":
        app.key("shift+Tab")
        trace.wait("player-controls", lambda e: e["shown"] == 1, after=i)
        wait_focus(app, "push button", "Back to the Feed", "the first Shift+Tab to land on the header's control")
    elif state == "hidden":
        # Two quick Tabs, the second before the bars are back: neither is lost.
        app.key("Tab", "Tab")
        trace.wait("player-controls", lambda e: e["shown"] == 1, after=i)
        wait_focus(app, "push button", "Mute", "two quick Tabs to land on the bar's second control")
    else:
        app.key("Tab")
        trace.wait("player-controls", lambda e: e["shown"] == 1, after=i)
        wait_focus(app, "slider", "Position", "the first Tab to land on the bar's first control")
    if state == "seek":
        i = trace.count()
        app.key("Right")
        trace.wait("player-seek-done", after=i)
    start = current_stop(app)
    stops = check_screen(app, "Reel", win, artifacts, must_reach=must_reach, rings=state == "toast", pointer=pointer)
    (artifacts / "tab-order.txt").write_text("".join(f"{s.role}|{s.name}\n" for s in stops))
    # In visual order: the header, then the bar from left to right.
    first = stops.index(next(s for s in stops if s.name == PLAYER_CONTROLS[0]))
    names = [s.name for s in stops[first:] + stops[:first]]
    assert [n for n in names if n in PLAYER_CONTROLS] == list(PLAYER_CONTROLS), names
    assert any(s.role == "image" and s.name == title for s in stops), stops
    # The walks came back to where they started, and the bars stay while the
    # keyboard is there: their fade comes due and is held.
    assert current_stop(app).same(start), current_stop(app)
    i = trace.count()
    trace.wait("player-controls-held", after=i)
    assert not [e for e in trace.events()[i:] if e["event"] == "player-controls" and e["shown"] == 0]
    assert current_stop(app).same(start), f"the focus left {start} for {current_stop(app)}"


def test_the_camera_page_with_and_without_a_camera(launch_ready, artifacts, tmp_path, window_manager):
    for cameras in ((), ("Test Camera",)):
        listing = tmp_path / "cameras.txt"
        listing.write_text("".join(f"{c}\n" for c in cameras))
        trace = Trace(artifacts / f"trace-{len(cameras)}.jsonl")
        app, win = launch_ready(env={"REEL_TRACE": str(trace.path), "REEL_TEST_CAMERAS": str(listing)})
        app.desktop.xdotool("windowactivate", "--sync", app.x_window())
        app.find(win, role="label", name="No Videos Yet", timeout=APP_TIMEOUT)
        # Opened from its button: Escape comes back to that button.
        focus_on(app, "push button", "Camera")
        app.key("Return")
        trace.wait("camera-page-open")
        if cameras:
            trace.wait("camera-started")
        else:
            app.find(win, role="label", name="No Camera Found", timeout=5)
        check_screen(app, "Reel", win, artifacts, must_reach=("Back",), rings=bool(cameras))
        app.key("Escape")
        wait_focus(app, "push button", "Camera", "the focus back on the Camera button")
        app.quit()
