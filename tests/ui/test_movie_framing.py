"""A clip's picture and the movie's shape on the movie page, driven as a
person drives them: the chosen clip turned with Rotate Right (the movie,
shaped as its first clip, turns upright in the preview), Fill the Frame on
with its middle moved, a crop, the Shape menu set to Vertical (9:16) from
the keyboard, Fit Under 8 MB and an export that keeps to it; each saved in
the movie's file at once and each gone with one Undo."""

from __future__ import annotations

import re

from harness import APP_TIMEOUT, SCREEN_SIZE, extents, find_all, node_name, states, wait_until
from player_helpers import Trace
from soundserver import NO_SOUND_ENV
from test_movie import Gst, GstPbutils, choose_three, clips, put_clips, saved_edit  # noqa: F401 (a fixture)


SHAPES = ("As the First Clip", "Wide (16:9)", "Vertical (9:16)", "Square (1:1)", "Portrait (4:5)")
LIMITS = ("No Limit", "8 MB", "25 MB", "50 MB", "100 MB")


def framing(profile) -> dict:
    return saved_edit(profile)["clips"][0].get("framing") or {}


def preview_shape(trace: Trace, after: int):
    """The width and height of the preview's frames since event `after`."""
    frames = [e for e in trace.events()[after:] if e["event"] == "movie-preview-frame"]
    return (frames[-1]["width"], frames[-1]["height"]) if frames else None


def choose(app, win, menu: str, keys: str | None, item: str, items: tuple, chosen, current: int = 0) -> None:
    """Chooses `item` of the drop-down named `menu` from the keyboard: its
    label's mnemonic `keys` focuses it (scrolling the settings to it), or
    (no mnemonic) a click and Escape; Return opens its list (`items[current]`
    is the one the menu shows), Home, the arrows and Return choose;
    `chosen()` says the choice was saved. The pointer waits off the window:
    the list chooses what it hovers, and it opens where the pointer may
    be. Should the list still close before the keys reach it (they then
    move the focus in the page), the person opens it again, up to three
    times."""
    others = [name for index, name in enumerate(items) if index != current]
    is_open = lambda: any(node_name(node) in others for node in find_all(win, visible=True))  # noqa: E731
    for attempt in range(3):
        if keys:
            app.key(keys)
        else:
            app.click(app.find(win, role="push button", name=menu, timeout=APP_TIMEOUT))
            wait_until(is_open, APP_TIMEOUT, what=f"the {menu} menu open")
            app.desktop.xdotool("key", "Escape")
        app.desktop.move_pointer(SCREEN_SIZE[0] - 4, SCREEN_SIZE[1] - 4)
        wait_until(lambda: "focused" in states(app.find(win, role="push button", name=menu)), APP_TIMEOUT,
                   what=f"the {menu} menu focused")
        # Return: Space plays the preview on this page.
        app.key("Return")
        wait_until(is_open, APP_TIMEOUT, what=f"the {menu} menu open")
        app.screenshot(f"{menu.lower()}-menu")
        # Straight to the list: app.key would first focus the main window,
        # and the list closes when its window loses the focus.
        app.desktop.xdotool("key", "--delay", "30", "Home", *(["Down"] * items.index(item)), "Return")
        try:
            wait_until(chosen, 10, what=f"{item!r} chosen in the {menu} menu")
            return
        except Exception:
            if attempt == 2:
                raise


def type_into(app, win, name: str, value: str) -> None:
    """Clicks the spin button `name` on its number (its middle is its −
    button), types `value` over it and leaves it with Tab."""
    spin = app.find(win, role="spin button", name=name, timeout=APP_TIMEOUT)
    x, y, _, h = extents(spin, "window")
    geo = app.window_geometry(app.x_window())
    app.desktop.move_pointer(geo["x"] + x + 12, geo["y"] + y + h // 2)
    app.desktop.xdotool("click", "1")
    wait_until(lambda: "focused" in states(spin) or any("focused" in states(child) for child in spin),
               APP_TIMEOUT, what=f"{name!r} focused")
    app.key("ctrl+a")
    app.type_text(value)
    app.key("Tab")


def test_a_clip_is_turned_filled_and_cropped_and_the_movie_made_vertical(launch_ready, clips, profile,  # noqa: F811
                                                                         tmp_path):
    put_clips(profile, clips)
    trace = Trace(tmp_path / "trace.jsonl")
    app, win = launch_ready(env={**NO_SOUND_ENV, "REEL_TRACE": str(trace.path)})
    choose_three(app, win)
    # The clips are 320×180: so is the movie, as its first clip.
    wait_until(lambda: preview_shape(trace, 0) == (320, 180), APP_TIMEOUT, what="the preview at 320×180")

    i = trace.count()
    app.click(app.find(win, role="push button", name="Rotate Right", timeout=APP_TIMEOUT))
    wait_until(lambda: framing(profile).get("quarterTurns") == 1, APP_TIMEOUT, what="the turn saved")
    wait_until(lambda: preview_shape(trace, i) == (180, 320), APP_TIMEOUT, what="the preview upright")
    app.screenshot("turned")
    app.click(app.find(win, role="push button", name="Undo"))
    wait_until(lambda: framing(profile) == {}, APP_TIMEOUT, what="the turn undone")

    app.click(app.find(win, role="check box", name="Fill the Frame", timeout=APP_TIMEOUT))
    wait_until(lambda: framing(profile).get("fill") is True, APP_TIMEOUT, what="the fill saved")
    # Its middle, now shown, and a crop, each an edit.
    type_into(app, win, "Middle Across (percent)", "20")
    wait_until(lambda: framing(profile).get("focus", [0])[0] == 0.2, APP_TIMEOUT, what="the middle saved")
    # The crop, folded away until asked for.
    app.click(app.find(win, role="push button", name="Crop"))
    type_into(app, win, "Crop Top (percent)", "10")
    wait_until(lambda: framing(profile).get("crop", [0, 0])[1] == 0.1, APP_TIMEOUT, what="the crop saved")
    i = trace.count()
    choose(app, win, "Shape", "alt+h", "Vertical (9:16)", SHAPES, lambda: saved_edit(profile).get("shape") == "vertical")
    # 9:16 at the first clip's short side: 180 less the tenth cropped.
    wait_until(lambda: preview_shape(trace, i) == (162, 288), APP_TIMEOUT, what="the preview vertical")
    app.screenshot("vertical-filled")
    # Fit under 8 MB, and exported so: vertical, filled, under the limit
    # and not far below it (the encoder pads its rate).
    choose(app, win, "Fit Under", "alt+u", "8 MB", LIMITS, lambda: saved_edit(profile).get("sizeLimit") == 8)
    app.key("ctrl+e")
    app.find(win, role="label", name=re.compile(r"was saved in Videos$"), timeout=120)
    made = list((profile / "home" / "Videos" / "Reel").glob("*.mp4"))
    assert len(made) == 1, made
    assert 0.85 * 8_000_000 <= made[0].stat().st_size <= 8_000_000, made[0].stat().st_size
    info = GstPbutils.Discoverer.new(15 * Gst.SECOND).discover_uri(Gst.filename_to_uri(str(made[0])))
    video = info.get_video_streams()[0]
    assert (video.get_width(), video.get_height()) == (162, 288)
    for _ in range(5):
        app.click(app.find(win, role="push button", name="Undo"))
    wait_until(lambda: framing(profile) == {} and saved_edit(profile).get("shape") == "asFirstClip"
               and saved_edit(profile).get("sizeLimit") is None, APP_TIMEOUT,
               what="the framing, the shape and the limit undone")
    # The names a screen reader gives the buttons are theirs, not the row's.
    names = [node_name(node) for node in find_all(win, role="push button", visible=True)]
    for name in ("Rotate Left", "Rotate Right", "Flip Horizontally", "Flip Vertically"):
        assert name in names, names
