"""Picture-in-picture, driven as a person drives it under a real
window manager (openbox, which honours EWMH): the player's video moves into
a floating mini window and back without a restart, the mini window stays on
top and keeps the video's shape, shows controls on hover, takes the keys,
remembers its place, pauses the preview strip, and keeps the app alive when
the main window closes.

Continuity is read from Reel's trace: every presented frame's timestamp
(`frame`), the switches (`pip-enter`, `pip-leave`) and the mini window's own
events (`pip-shown` with its X window id, `pip-size`, `pip-controls`,
`pip-saved`, `pip-closed`).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import time
from pathlib import Path

import pytest

from harness import APP_TIMEOUT, SCREEN_SIZE, find_all, image_stats, states, wait_until
from player_helpers import FRAME, Trace, keyfile, make_clip, net_wm_state, play, window_manager  # noqa: F401 (fixtures)
from player_helpers import window_property


@pytest.fixture(scope="module")
def media(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("pip-media")
    make_clip(folder / "bars.mp4", 30, 640, 360, 30)
    make_clip(folder / "square.mp4", 30, 480, 360, 30, pattern="ball")
    return folder


def mini_title(name: str) -> str:
    return f"{name} — Picture in Picture"


def wait_steady(trace: Trace) -> None:
    """Until the video plays on: a second of it shown (by the frames' own
    timestamps)."""
    wait_until(lambda: (lambda f: f and f[-1]["pts"] - f[0]["pts"] >= 1)(frames(trace)), 15,
               what="the video to play")


def enter(app, trace: Trace, window: str = "Reel") -> dict:
    """Presses p in the player; returns the mini window's `pip-shown`."""
    i = trace.count()
    app.key("p", window=window)
    shown = trace.wait("pip-shown", after=i)
    return shown


def mini_wid(shown: dict) -> str:
    return str(shown["xid"])


def placed_geometry(app, wid: str) -> dict:
    """The mini window's geometry once the window manager has configured it
    (a moment after it maps, the X window is still 1×1 at 0,0)."""
    def placed():
        geo = app.window_geometry(wid)
        return geo if geo.get("w", 1) > 1 and geo.get("x", 0) > 0 else None
    return wait_until(placed, 10, what="the window manager to place the mini window")


def frames(trace: Trace) -> list:
    return trace.named("frame")


def assert_continuous(trace: Trace, switch: dict) -> None:
    """Across a switch the video does not restart: the first new frame
    after it follows the last one before it by as much video time as
    running time (the pipeline's own clock: a flush or a new pipeline
    starts that again), and no frame goes back in time. (How long the
    switch takes against the wall clock is bench/trace_clocks.py's.)"""
    events = trace.events()
    k = events.index(switch)
    before = [e for e in events[:k] if e["event"] == "frame"][-1]

    def newer():
        return [f for f in trace.frames_after(k) if f["pts"] > before["pts"] + 0.001]
    wait_until(newer, 5, what="a new frame after the switch")
    after = newer()[0]
    video, running = after["pts"] - before["pts"], after["running"] - before["running"]
    assert 0 < running and abs(video - running) <= 0.001, \
        f"the video moved {video * 1000:.0f} ms in {running * 1000:.0f} ms of running time across the switch"
    went_back = [f for f in trace.frames_after(k) if f["pts"] < before["pts"] - 0.001]
    assert not went_back, f"frames from before the switch came again: {went_back[:3]}"


def our_streams(sound, app) -> list:
    return [(s["index"], s["corked"]) for s in sound.sink_inputs()
            if str(s.get("application.process.id")) == str(app.pid)]


def test_the_video_moves_into_a_mini_window_on_top_and_back_without_a_restart(play, media, sound):
    app, win, trace = play(media / "bars.mp4")
    wait_steady(trace)
    stream = our_streams(sound, app)
    assert len(stream) == 1 and not stream[0][1], stream
    shown = enter(app, trace)
    wid = mini_wid(shown)
    # Where the issue says: 320 px wide at the bottom-right, inside a margin.
    assert (shown["width"], shown["height"]) == (320, 180), shown
    geo = placed_geometry(app, wid)
    assert (geo["w"], geo["h"]) == (320, 180), geo
    width, height = SCREEN_SIZE
    assert geo["x"] + geo["w"] <= width - 16 and geo["y"] + geo["h"] <= height - 16, geo
    assert geo["x"] > width // 2 and geo["y"] > height // 2, geo
    # Always on top and on every workspace, as the window manager sees it.
    assert "_NET_WM_STATE_ABOVE" in window_property(app, "_NET_WM_STATE", wid)
    assert "4294967295" in window_property(app, "_NET_WM_DESKTOP", wid)
    assert_continuous(trace, trace.named("pip-enter")[-1])
    # The main window is back on the feed, no longer full screen.
    wait_until(lambda: "FULLSCREEN" not in net_wm_state(app), 10, what="the main window to leave full screen")
    app.find(win, role="label", name="bars", timeout=APP_TIMEOUT)  # its card

    def picture():
        shot = app.screenshot("mini-window")
        return image_stats(shot, (geo["x"] + 10, geo["y"] + 10, geo["w"] - 20, geo["h"] - 20))[1] > 0.15
    wait_until(picture, 5, what="the mini window's picture on screen")
    # No audible gap: the same sound stream plays on, never corked.
    assert our_streams(sound, app) == stream, "the sound stream changed or paused"
    # And back: Esc in the mini window puts the video back in the player.
    i = trace.count()
    app.key("Escape", window=mini_title("bars"))
    leave = trace.wait("pip-leave", after=i)
    trace.wait("pip-closed", after=i)
    assert_continuous(trace, leave)
    wait_until(lambda: "FULLSCREEN" in net_wm_state(app), 10, what="the player to go full screen again")
    assert len(trace.named("player-open")) == 1, "the video was opened again"
    assert our_streams(sound, app) == stream, "the sound stream changed or paused"
    assert not [e for e in trace.named("player-state") if e["state"] in ("opening", "buffering")
                and e["t"] > shown["t"]], "the pipeline went through opening or buffering again"


def test_the_mini_window_keeps_the_videos_shape(play, media):
    app, win, trace = play(media / "square.mp4")
    shown = enter(app, trace)
    wid = mini_wid(shown)
    assert (shown["width"], shown["height"]) == (320, 240), "not the 4:3 shape of the video"
    for width, height in ((560, 200), (300, 600)):
        i = trace.count()
        app.desktop.xdotool("windowsize", wid, str(width), str(height))
        trace.wait("pip-size", after=i)

        def shaped():
            geo = app.window_geometry(wid)
            return geo if geo["w"] != width or geo["h"] != height else None
        geo = wait_until(shaped, 5, what="the window to take the video's shape")
        # The window manager may configure it more than once on the way.
        geo = wait_until(lambda: (lambda g: g if abs(g["w"] / g["h"] - 4 / 3) < 0.01 else None)(
            app.window_geometry(wid)), 5, what=f"4:3 after asking for {width}×{height}",
            on_timeout=lambda: str(app.window_geometry(wid)))
    # The side that changed more wins: 560 wide stays 560 wide.
    sizes = [(e["width"], e["height"]) for e in trace.named("pip-size")]
    assert (560, 420) in sizes, sizes


def test_hover_controls_and_their_buttons(play, media):
    app, win, trace = play(media / "bars.mp4")
    shown = enter(app, trace)
    wid = mini_wid(shown)
    mini = app.wait_window(name=mini_title("bars"))
    # The controls hide by themselves, and come back when the pointer enters.
    trace.wait("pip-controls", lambda e: e["shown"] == 0, timeout=8)
    geo = placed_geometry(app, wid)
    i = trace.count()
    app.desktop.move_pointer(geo["x"] + geo["w"] // 2 + 40, geo["y"] + geo["h"] // 2 + 30)
    trace.wait("pip-controls", lambda e: e["shown"] == 1, after=i)
    app.screenshot("hover-controls")
    i = trace.count()
    app.click(app.find(mini, role="push button", name="Pause"), window=mini_title("bars"))
    trace.wait("player-state", lambda e: e["state"] == "paused", after=i)
    i = trace.count()
    app.click(app.find(mini, role="push button", name="Play"), window=mini_title("bars"))
    trace.wait("player-state", lambda e: e["state"] == "playing", after=i)
    position = trace.last_pts()
    i = trace.count()
    app.click(app.find(mini, role="push button", name="Forward 15 Seconds"), window=mini_title("bars"))
    seek = trace.wait("player-seek", after=i)
    assert abs(seek["target"] - (position + 15)) < 1, (position, seek)
    i = trace.count()
    app.click(app.find(mini, role="push button", name="Back 15 Seconds"), window=mini_title("bars"))
    trace.wait("player-seek", after=i)
    # Away from the window, the controls go.
    i = trace.count()
    app.desktop.move_pointer(200, 200)
    trace.wait("pip-controls", lambda e: e["shown"] == 0, after=i, timeout=5)
    # Back to the player, exactly where it is.
    app.desktop.move_pointer(geo["x"] + geo["w"] // 2 + 20, geo["y"] + geo["h"] // 2 + 20)
    i = trace.count()
    app.click(app.find(mini, role="push button", name="Back to the Player"), window=mini_title("bars"))
    leave = trace.wait("pip-leave", after=i)
    assert_continuous(trace, leave)
    wait_until(lambda: "FULLSCREEN" in net_wm_state(app), 10, what="the player to go full screen again")


def test_keys_in_the_mini_window(play, media):
    app, win, trace = play(media / "bars.mp4")
    enter(app, trace)
    title = mini_title("bars")
    i = trace.count()
    app.key("space", window=title)
    trace.wait("player-state", lambda e: e["state"] == "paused", after=i)
    i = trace.count()
    app.key("k", window=title)
    trace.wait("player-state", lambda e: e["state"] == "playing", after=i)
    position = trace.last_pts()
    i = trace.count()
    app.key("Right", window=title)
    seek = trace.wait("player-seek", after=i)
    assert abs(seek["target"] - (position + 5)) < 1, (position, seek)
    i = trace.count()
    app.key("Left", window=title)
    trace.wait("player-seek", after=i)
    i = trace.count()
    app.key("m", window=title)
    trace.wait("player-volume", lambda e: e["muted"] == 1, after=i)
    # I and O mark a part as in the player; Shift+L loops it.
    i = trace.count()
    app.key("i", window=title)
    start = trace.wait("player-part", lambda e: e["start"] >= 0, after=i)["start"]
    wait_until(lambda: trace.last_pts() > start + 0.5, 10, what="half a second more")
    i = trace.count()
    app.key("o", window=title)
    end = trace.wait("player-part", lambda e: e["end"] >= 0, after=i)["end"]
    assert end > start, (start, end)
    i = trace.count()
    app.key("shift+l", window=title)
    loop = trace.wait("player-loop", lambda e: e["start"] >= 0, after=i)
    assert loop["start"] == start, (loop, start)
    # p goes back to the player; p there comes back to the mini window.
    i = trace.count()
    app.key("p", window=title)
    trace.wait("pip-leave", after=i)
    wait_until(lambda: "FULLSCREEN" in net_wm_state(app), 10, what="the player to go full screen again")
    enter(app, trace)
    # Ctrl+W closes the mini window and stops the video; the feed is there.
    i = trace.count()
    app.key("ctrl+w", window=title)
    trace.wait("pip-closed", after=i)
    trace.wait("player-stopped", after=i)
    app.find(win, role="label", name="bars", timeout=APP_TIMEOUT)


def frame_of(app, wid: str) -> int:
    """The window manager's frame around window `wid`: its ancestor that is
    a child of the root (what xdotool says is under the pointer)."""
    env = dict(os.environ)
    env.update(app.desktop.env())
    window = int(wid)
    while True:
        tree = subprocess.run(["xwininfo", "-tree", "-id", str(window)], env=env, capture_output=True, text=True,
                              timeout=10).stdout
        root = int(re.search(r"Root window id: (0x[0-9a-f]+)", tree).group(1), 16)
        parent = int(re.search(r"Parent window id: (0x[0-9a-f]+)", tree).group(1), 16)
        if parent == root:
            return window
        window = parent


def wm_drag(app, trace: Trace, wid: str, start: tuple, step: tuple, steps: int, handed: str, arrived, what: str):
    """Drags the mini window ``wid`` with the first button from ``start`` by ``steps`` moves of
    ``step`` as a hand would, and lets go once ``arrived()`` says the window
    manager has followed. The app hands the drag over (``handed``: "move" or
    the edge) after its first moves; the window manager follows only the
    moves it sees after it has taken the pointer, which on a busy machine
    can be after the last one: so the pointer is nudged at the end until
    the window is there."""
    # The window manager has finished the switch: the main window has left
    # full screen and the mini window is above it (else the main window,
    # raised as it leaves full screen, can take the press).
    wait_until(lambda: "_NET_WM_STATE_ABOVE" in window_property(app, "_NET_WM_STATE", wid)
               and "FULLSCREEN" not in net_wm_state(app), 10, what="the mini window above a main window out of full screen")
    i = trace.count()
    app.desktop.move_pointer(*start)
    # The mini window is the one under the pointer (on a busy machine the
    # window manager may not have put it above the main window yet).
    def under_pointer():
        here = app.desktop.xdotool("getmouselocation", "--shell")
        window = int(dict(line.split("=", 1) for line in here.split() if "=" in line).get("WINDOW", "0"))
        return window == int(wid) or window == frame_of(app, wid)
    wait_until(under_pointer, 5, what="the mini window under the pointer")
    # The app has seen the pointer there (so the window manager has let the
    # window have it), and then the press: only then does the hand move.
    def pointer_seen() -> list:
        return [e for e in trace.events()[i:] if e["event"] == "pip-pointer"]
    def seen_there():
        geo = app.window_geometry(wid)
        return any(abs(e["x"] - (start[0] - geo["x"])) <= 2 and abs(e["y"] - (start[1] - geo["y"])) <= 2
                   for e in pointer_seen())
    wait_until(seen_there, 10, what=f"the app to see the pointer at {start}",
               on_timeout=lambda: f"it saw {pointer_seen()} in the window at {app.window_geometry(wid)}")
    app.desktop.xdotool("mousedown", "1")
    trace.wait("pip-drag-begin", after=i)
    for n in range(1, steps + 1):
        app.desktop.move_pointer(start[0] + step[0] * n, start[1] + step[1] * n)
        time.sleep(0.03)  # a hand's drag: the moves come over time, not at once
    try:
        trace.wait("pip-handed-over", lambda e: e["what"] == handed, after=i)
    except Exception:
        app.desktop.xdotool("mouseup", "1")
        raise AssertionError(f"the {handed} drag from {start} was not handed over; the mini window's events since: "
                             f"{[e for e in trace.events()[i:] if e['event'].startswith('pip')]}")
    end = (start[0] + step[0] * steps, start[1] + step[1] * steps)
    def there():
        app.desktop.move_pointer(end[0], end[1] + 1)
        app.desktop.move_pointer(*end)
        return arrived()
    try:
        return wait_until(there, 5, what=what)
    finally:
        app.desktop.xdotool("mouseup", "1")


def test_drag_moves_it_double_click_returns_and_the_place_survives_a_restart(play, media, profile, launch_ready):
    app, win, trace = play(media / "bars.mp4")
    shown = enter(app, trace)
    wid = mini_wid(shown)
    geo = placed_geometry(app, wid)
    # Drag from the middle of the video: the window follows.
    x, y = geo["x"] + geo["w"] // 2 + 30, geo["y"] + geo["h"] // 2 + 40
    def followed():
        now = app.window_geometry(wid)
        return now if abs(now["x"] - (geo["x"] - 600)) <= 2 and abs(now["y"] - (geo["y"] - 400)) <= 2 else None
    moved = wm_drag(app, trace, wid, (x, y), (-60, -40), 10, "move", followed, "the window to follow the drag")
    # Drag its right edge: it grows, and keeps its shape.
    edge_x, edge_y = moved["x"] + moved["w"] - 3, moved["y"] + moved["h"] // 2
    i = trace.count()
    wm_drag(app, trace, wid, (edge_x, edge_y), (20, 0), 8, "east",
            lambda: app.window_geometry(wid)["w"] >= moved["w"] + 150, "the window to follow its edge")
    size = trace.wait("pip-size", lambda e: e["width"] >= 450, after=i)
    assert abs(size["width"] / size["height"] - 16 / 9) < 0.01, size
    # A double-click on the video goes back to the player (once the window
    # has the size the drag ended on).
    resized = wait_until(lambda: (lambda g: g if g["w"] == trace.named("pip-size")[-1]["width"] else None)(
        app.window_geometry(wid)), 5, what="the window at its last size")
    # (Away from the buttons in its middle.)
    app.desktop.move_pointer(resized["x"] + resized["w"] // 4, resized["y"] + resized["h"] * 2 // 3)
    i = trace.count()
    app.desktop.xdotool("click", "--repeat", "2", "--delay", "80", "1")
    trace.wait("pip-leave", after=i)
    saved = trace.wait("pip-saved", after=i)
    assert (saved["x"], saved["y"], saved["width"]) == (resized["x"], resized["y"], resized["w"]), (saved, resized)
    app.quit()

    # The next run opens the mini window where this one left it.
    trace2 = Trace(trace.path.with_name("trace-restart.jsonl"))
    app2, win2 = launch_ready(args=[str(media / "bars.mp4")], env={"REEL_TRACE": str(trace2.path)})
    trace2.wait("player-first-frame")
    wait_until(lambda: "FULLSCREEN" in net_wm_state(app2), 10, what="the window to go full screen")
    shown2 = enter(app2, trace2)
    assert (shown2["x"], shown2["y"], shown2["width"]) == (saved["x"], saved["y"], saved["width"]), (shown2, saved)
    geo2 = placed_geometry(app2, mini_wid(shown2))
    assert (geo2["x"], geo2["y"], geo2["w"]) == (saved["x"], saved["y"], saved["width"]), geo2


def test_closing_the_main_window_keeps_the_app_until_the_mini_window_closes(play, media):
    app, win, trace = play(media / "bars.mp4")
    wait_steady(trace)  # frames are counted below
    shown = enter(app, trace)
    i = trace.count()
    app.key("ctrl+w")  # into the main window
    wait_until(lambda: "Reel" not in [w["name"] for w in app.x_windows()], 5, what="the main window to close")
    # A second of video shown after the main window went: the app lives on
    # and the mini window plays.
    gone = trace.count()
    wait_until(lambda: (lambda f: f and f[-1]["pts"] - f[0]["pts"] >= 1)(trace.frames_after(gone)), 10,
               what="the video to play on when the main window closed")
    assert app.alive(), "closing the main window ended the app while the mini window played"
    assert not trace.named("pip-closed")
    # Back to the player brings the main window back, full screen.
    i = trace.count()
    app.key("Escape", window=mini_title("bars"))
    trace.wait("pip-leave", after=i)
    wait_until(lambda: "FULLSCREEN" in net_wm_state(app), 10, what="the main window to come back full screen")
    shown = enter(app, trace)
    app.key("ctrl+w")
    wait_until(lambda: "Reel" not in [w["name"] for w in app.x_windows()], 5, what="the main window to close")
    mini = app.wait_window(name=mini_title("bars"))
    geo = placed_geometry(app, mini_wid(shown))
    app.desktop.move_pointer(geo["x"] + geo["w"] // 2 + 10, geo["y"] + geo["h"] // 2 + 10)
    app.click(app.find(mini, role="push button", name="Close"), window=mini_title("bars"))
    result = app.wait_exit()
    assert result.returncode == 0, result.stderr
    assert trace.named("pip-closed") and trace.named("player-stopped")


def test_the_feed_menu_plays_in_the_mini_window_and_another_video_takes_over(launch_ready, media, profile, artifacts,
                                                                              window_manager):
    videos = profile / "home" / "Videos"
    videos.mkdir(parents=True, exist_ok=True)
    for name in ("bars.mp4", "square.mp4"):
        shutil.copy(media / name, videos / name)
    trace = Trace(artifacts / "trace.jsonl")
    app, win = launch_ready(env={"REEL_TRACE": str(trace.path)})
    app.desktop.xdotool("windowactivate", "--sync", app.x_window())
    card = app.find(win, role="label", name="bars", timeout=APP_TIMEOUT)
    app.click(card, button=3)
    app.find(win, role="menu item", name="Play in Picture in Picture", timeout=5)
    wait_until(lambda: "focused" in states(app.find(win, role="menu item", name="Play")), 5,
               what="the menu to take the focus")
    app.key("Down", "Return")
    shown = trace.wait("pip-shown")
    trace.wait("player-first-frame")
    assert "FULLSCREEN" not in net_wm_state(app), "the main window went full screen"
    assert (shown["width"], shown["height"]) == (320, 180), shown
    # Opening another video from the feed: it plays in the full player, and
    # the mini window goes (one video plays at a time).
    i = trace.count()
    app.click(app.find(win, role="label", name="square", timeout=APP_TIMEOUT))
    trace.wait("pip-closed", after=i)
    opened = trace.wait("player-open", after=i)
    assert opened["uri"].endswith("square.mp4"), opened
    wait_until(lambda: "FULLSCREEN" in net_wm_state(app), 10, what="the player to go full screen")
    assert mini_title("bars") not in [w["name"] for w in app.x_windows()]


# ---------------------------------------------------------------------------
# Wayland: no protocol lets an app keep a window on top, so Reel says once
# where the user can (a real compositor: weston's headless backend)
# ---------------------------------------------------------------------------

@pytest.fixture(scope="module")
def wayland(tmp_path_factory):
    """A headless weston; yields the absolute path of its socket."""
    if not shutil.which("weston"):
        pytest.fail("weston is missing: apt-get install weston", pytrace=False)
    runtime = tmp_path_factory.mktemp("wayland")
    runtime.chmod(0o700)
    log = open(runtime / "weston.log", "w")
    proc = subprocess.Popen(["weston", "--backend=headless-backend.so", "--socket=reel-test",
                             "--width=1280", "--height=800", "--idle-time=0"],
                            env=dict(os.environ, XDG_RUNTIME_DIR=str(runtime)), stdout=log, stderr=log,
                            start_new_session=True)
    socket = runtime / "reel-test"
    wait_until(socket.exists, 10, what="weston to start")
    yield str(socket)
    proc.terminate()
    try:
        proc.wait(timeout=5)
    except subprocess.TimeoutExpired:
        proc.kill()
    log.close()


def press_button(node) -> None:
    """Clicks a button through its accessible action (there is no input
    injection into a headless compositor)."""
    node.queryAction().doAction(0)  # a GTK button's one action: click


def test_on_wayland_it_says_once_where_to_keep_the_mini_window_on_top(launch_ready, media, wayland, artifacts, profile):
    trace = Trace(artifacts / "trace.jsonl")
    env = {"REEL_TRACE": str(trace.path), "GDK_BACKEND": "wayland", "WAYLAND_DISPLAY": wayland, "DISPLAY": None}
    app, win = launch_ready(args=[str(media / "bars.mp4")], env=env)
    trace.wait("player-first-frame")
    button = app.find(win, role="push button", name="Picture in Picture", timeout=APP_TIMEOUT)
    press_button(button)
    shown = trace.wait("pip-shown")
    assert (shown["above"], shown["xid"], shown["placed"]) == (0, 0, 0), shown
    hint = re.compile(r"“Always on Top” in its window menu")
    app.find(win, name=hint, timeout=5)
    mini = app.wait_window(name=mini_title("bars"))
    # Once: the next time it goes without saying.
    wait_until(lambda: not [n for n in find_all(win, name=hint) if "showing" in states(n)], 10,
               what="the hint to time out")
    i = trace.count()
    press_button(app.find(mini, role="push button", name="Back to the Player"))
    trace.wait("pip-leave", after=i)
    press_button(app.find(win, role="push button", name="Picture in Picture", timeout=APP_TIMEOUT))
    trace.wait("pip-shown", after=i)
    # The window manager cannot keep it above again; the hint is not said.
    assert trace.wait("pip-above-hint", after=i)["shown"] == 0, "the hint came again"
    assert not [n for n in find_all(win, name=hint) if "showing" in states(n)], "the hint came again"
    settings = (profile / "config" / "glib-2.0" / "settings" / "keyfile")
    assert "mini-window-above-hint-shown=true" in settings.read_text()
