"""Titles and text on the movie page, driven as a person drives them: the
Add menu's Add Title Card puts a card after the chosen clip (shown in the
strip as its words) and Add Text a caption over the chosen clip; both are
listed in the Text and Pictures panel, saved in the movie's file at once,
and each goes with one Undo."""

from __future__ import annotations

import re
from pathlib import Path

import gi

gi.require_version("Gst", "1.0")
from gi.repository import Gst  # noqa: E402

from a11y_fixtures import focus_on  # noqa: E402
from dragging import drag_pointer  # noqa: E402
from harness import APP_TIMEOUT, extents, find_all, node_name, pixel, states, wait_until  # noqa: E402
from player_helpers import gst_launch  # noqa: E402
from soundserver import NO_SOUND_ENV  # noqa: E402
from test_movie import (CLIPS, choose_three, clip_folder, clips, put_clips, saved_edit,  # noqa: E402,F401 (a fixture)
                        strip_names)


ITEMS = ("Add Title Card", "Add Text", "Add Picture…", "Add Video Over the Clip…", "Add Videos and Photos…")


def add(app, win, item: str) -> None:
    """Opens the Add menu (by its name) and activates one of its items."""
    app.click(app.find(win, role="push button", name="Add Title, Text or Picture"))
    node = app.find(win, role="menu item", name=item, timeout=APP_TIMEOUT)
    # The keyboard, as the menu opens with its first item focused.
    wait_until(lambda: "focused" in states(app.find(win, role="menu item", name="Add Title Card")), APP_TIMEOUT,
               what="the menu's first item focused")
    app.key(*(["Down"] * ITEMS.index(item)), "Return")
    assert node_name(node) == item


def overlays(profile) -> list:
    return saved_edit(profile).get("overlays") or []


def texts(profile) -> list:
    return [(overlay.get("text") or {}).get("text") for overlay in overlays(profile)]


def test_a_title_card_and_a_text_are_added_listed_saved_and_undone(launch_ready, clips, profile):  # noqa: F811
    put_clips(profile, clips)
    app, win = launch_ready(env=NO_SOUND_ENV)
    a, b, c = choose_three(app, win)

    add(app, win, "Add Title Card")
    # After the chosen (first) clip, and chosen itself.
    wait_until(lambda: strip_names(win) == [a, "Title Card", b, c], APP_TIMEOUT, what="the title card second")
    wait_until(lambda: [clip.get("kind") for clip in saved_edit(profile)["clips"]] == [None, "title", None, None],
               APP_TIMEOUT, what="the title card saved")
    assert texts(profile) == ["Title"]
    # The panel lists its words and shows them to edit.
    app.find(win, role="label", name="Text and Pictures", timeout=APP_TIMEOUT)
    wait_until(lambda: any(node_name(node) == "Title" for node in find_all(win, role="label", visible=True)),
               APP_TIMEOUT, what="the title listed in the panel")
    app.screenshot("title-card")
    # On a blurred picture of the clip after it instead of its colour, and back.
    blurred = app.find(win, role="check box", name="On a Blurred Picture of the Next Clip", timeout=APP_TIMEOUT)
    app.click(blurred)
    wait_until(lambda: saved_edit(profile)["clips"][1].get("background") == "blurred", APP_TIMEOUT,
               what="the blurred background saved")
    app.click(app.find(win, role="push button", name="Undo"))
    wait_until(lambda: saved_edit(profile)["clips"][1].get("background") != "blurred", APP_TIMEOUT,
               what="the colour back")
    wait_until(lambda: "checked" not in states(blurred), APP_TIMEOUT, what="the switch off again")

    add(app, win, "Add Text")
    wait_until(lambda: texts(profile) == ["Title", "Text"], APP_TIMEOUT, what="the text saved")
    title_id = saved_edit(profile)["clips"][1]["id"]
    assert overlays(profile)[1]["anchor"] == title_id
    wait_until(lambda: any(node_name(node) == "Text" for node in find_all(win, role="label", visible=True)),
               APP_TIMEOUT, what="the text listed in the panel")
    app.screenshot("text")
    # Its entrance takes a second and a half, its exit stays as it was.
    # (By Tab: the field is down the scrolled panel, which follows the focus.)
    focus_on(app, "spin button", "Entrance Length (seconds)", limit=60)
    app.key("ctrl+a")
    app.type_text("1.5")
    app.key("Tab")
    wait_until(lambda: overlays(profile)[1]["entrance"]["duration"] == 1_500_000_000, APP_TIMEOUT,
               what="the entrance's length saved")
    assert overlays(profile)[1]["exit"]["duration"] == 500_000_000, overlays(profile)[1]

    # Undo takes the length, the text, then the card with its words.
    app.click(app.find(win, role="push button", name="Undo"))
    wait_until(lambda: overlays(profile)[1]["entrance"]["duration"] == 500_000_000, APP_TIMEOUT,
               what="the length undone")
    app.click(app.find(win, role="push button", name="Undo"))
    wait_until(lambda: texts(profile) == ["Title"], APP_TIMEOUT, what="the text undone")
    app.click(app.find(win, role="push button", name="Undo"))
    wait_until(lambda: strip_names(win) == [a, b, c], APP_TIMEOUT, what="the title card undone")
    wait_until(lambda: overlays(profile) == [] and all(clip.get("kind") is None for clip in saved_edit(profile)["clips"]),
               APP_TIMEOUT, what="the card undone in the file")
    assert not any(re.match(r"^Clip \d+ of \d+: Title Card", node_name(node))
                   for node in find_all(win, role="push button", visible=True))
    app.screenshot("undone")
    app.quit()


def choose_file(app, title: str, path: Path) -> None:
    """Types `path` into GTK's own file chooser called `title` (there is no
    portal here) and accepts it."""
    app.x_window(title)
    app.key("ctrl+l", window=title)
    app.type_text(str(path), window=title)
    app.key("Return", window=title)


def frame_at(path: Path, seconds: float) -> tuple:
    """A video's frame at `seconds` as (width, height, RGB bytes)."""
    Gst.init(None)
    pipeline = Gst.parse_launch(f'filesrc location="{path}" ! decodebin ! videoconvert ! video/x-raw,format=RGB '
                                '! appsink name=sink sync=false')
    sink = pipeline.get_by_name("sink")
    pipeline.set_state(Gst.State.PAUSED)
    assert pipeline.get_state(30 * Gst.SECOND)[0] == Gst.StateChangeReturn.SUCCESS
    pipeline.seek_simple(Gst.Format.TIME, Gst.SeekFlags.FLUSH | Gst.SeekFlags.ACCURATE, int(seconds * Gst.SECOND))
    pipeline.get_state(30 * Gst.SECOND)
    sample = sink.emit("pull-preroll")
    caps = sample.get_caps().get_structure(0)
    width, height = caps.get_value("width"), caps.get_value("height")
    buffer = sample.get_buffer()
    data = buffer.extract_dup(0, buffer.get_size())
    pipeline.set_state(Gst.State.NULL)
    return width, height, data


def mean_colour(frame: tuple, box: tuple) -> tuple:
    """The mean (R, G, B) of `box` (x, y, w, h as shares of the frame)."""
    width, height, data = frame
    stride = (width * 3 + 3) // 4 * 4
    x0, y0 = int(box[0] * width), int(box[1] * height)
    x1, y1 = int((box[0] + box[2]) * width), int((box[1] + box[3]) * height)
    sums, count = [0, 0, 0], 0
    for y in range(y0, y1):
        row = data[y * stride + x0 * 3:y * stride + x1 * 3]
        for c in range(3):
            sums[c] += sum(row[c::3])
        count += x1 - x0
    return tuple(s / count for s in sums)


def white_share(frame: tuple, box: tuple) -> float:
    """The share of `box`'s pixels that are light grey to white (the
    words, drawn smoothed at a small size)."""
    width, height, data = frame
    stride = (width * 3 + 3) // 4 * 4
    x0, y0 = int(box[0] * width), int(box[1] * height)
    x1, y1 = int((box[0] + box[2]) * width), int((box[1] + box[3]) * height)
    white = sum(1 for y in range(y0, y1) for x in range(x0, x1)
                if min(data[y * stride + x * 3:y * stride + x * 3 + 3]) > 120)
    return white / ((x1 - x0) * (y1 - y0))


def test_a_movie_with_a_title_card_a_moved_caption_a_logo_and_a_photo_is_exported_with_them(
        launch_ready, clips, profile, tmp_path, desktop):  # noqa: F811
    """A title card with typed words, a caption dragged to the middle of
    the third clip (snapped there), a red logo over the whole movie, a
    green photo as the last clip: all saved, and all in the exported
    movie's frames where they were put."""
    logo, photo = tmp_path / "logo.png", tmp_path / "Green field.jpg"
    gst_launch("videotestsrc", "pattern=solid-color", "foreground-color=0xffff0000", "num-buffers=1", "!",
               "video/x-raw,width=120,height=60", "!", "videoconvert", "!", "pngenc", "!", "filesink", f"location={logo}")
    gst_launch("videotestsrc", "pattern=solid-color", "foreground-color=0xff00c000", "num-buffers=1", "!",
               "video/x-raw,width=640,height=480", "!", "videoconvert", "!", "jpegenc", "!", "filesink",
               f"location={photo}")
    put_clips(profile, clips)
    app, win = launch_ready(env=NO_SOUND_ENV)
    a, b, c = choose_three(app, win)

    # The title card, its words typed in the panel.
    add(app, win, "Add Title Card")
    wait_until(lambda: strip_names(win) == [a, "Title Card", b, c], APP_TIMEOUT, what="the title card second")
    words = app.find(win, role="text", name="Words", timeout=APP_TIMEOUT)
    app.click(words)
    app.key("ctrl+a")
    app.type_text("Our Trip")
    wait_until(lambda: texts(profile) == ["Our Trip"], APP_TIMEOUT, what="the typed title saved")

    # A caption over the third clip (colour bars), dragged from the lower
    # third to the middle: it snaps onto the centre lines.
    app.find(win, role="push button", name=re.compile(rf"^Clip 3 of 4: {b}, ")).queryAction().doAction(0)
    add(app, win, "Add Text")
    wait_until(lambda: texts(profile) == ["Our Trip", "Text"], APP_TIMEOUT, what="the caption saved")
    caption = overlays(profile)[1]
    assert caption["place"][:2] == [0.5, 0.82] and caption["entrance"]["kind"] == "fade", caption
    preview = app.find(win, role="image", name="Movie Preview", timeout=APP_TIMEOUT)
    x, y = app.screen_center(preview)
    _, _, width, height = extents(preview, "window")
    frame_height = min(height, width * 9 / 16)
    start = (x, int(y + 0.32 * frame_height))
    drag_pointer(desktop, start, [(start[0] + 10, start[1] - 20), (start[0] + 3, start[1] - int(0.2 * frame_height)),
                                  (x + 4, y + 3)],
                 before_release=lambda: app.screenshot("caption-dragged"))
    wait_until(lambda: overlays(profile)[1]["place"][:2] == [0.5, 0.5], APP_TIMEOUT, what="the caption snapped to the middle")

    # A photo at the movie's end, and a logo over the whole movie.
    add(app, win, "Add Videos and Photos…")
    choose_file(app, "Add Videos and Photos", photo)
    wait_until(lambda: strip_names(win) == [a, "Title Card", b, c, "Green field.jpg"], APP_TIMEOUT, what="the photo added last")
    assert saved_edit(profile)["clips"][4].get("kind") == "photo", saved_edit(profile)["clips"][4]
    # On the timeline it shows itself along its length (green), not an icon.
    photo_clip = app.find(win, role="push button", name=re.compile(r"^Clip 5 of 5: Green field"))
    x, y = app.screen_center(photo_clip)
    _, _, _, clip_height = extents(photo_clip, "window")
    wait_until(lambda: (lambda r, g, b_: g > 150 and r < 80 and b_ < 80)(
        *pixel(app.screenshot("photo-clip"), x, y - clip_height // 6)), APP_TIMEOUT, what="the photo along its clip")
    # Chosen, it offers its slow pan and zoom, on.
    photo_clip.queryAction().doAction(0)
    pan_zoom = app.find(win, role="check box", name="Pan and Zoom", timeout=APP_TIMEOUT)
    wait_until(lambda: "checked" in states(pan_zoom), APP_TIMEOUT, what="pan and zoom on")
    # It zooms in to half its framing by its end, typed in percent.
    app.click(app.find(win, role="spin button", name="Framing at the End (percent)", timeout=APP_TIMEOUT))
    app.key("ctrl+a")
    app.type_text("50")
    app.key("Tab")
    wait_until(lambda: abs(saved_edit(profile)["clips"][4]["panZoom"]["end"][2] - 0.5) < 1e-6, APP_TIMEOUT,
               what="the photo's end framing saved")
    # And ends at the right edge: panned across as it zooms.
    app.click(app.find(win, role="spin button", name="End Framing Across (percent)", timeout=APP_TIMEOUT))
    app.key("ctrl+a")
    app.type_text("100")
    app.key("Tab")
    wait_until(lambda: (lambda end: abs(end[0] + end[2] - 1) < 1e-6 and abs(end[2] - 0.5) < 1e-6)(
        saved_edit(profile)["clips"][4]["panZoom"]["end"]), APP_TIMEOUT, what="the photo's end framing at the right edge")
    app.screenshot("photo-framed")
    add(app, win, "Add Picture…")
    choose_file(app, "Add Picture", logo)
    wait_until(lambda: len(overlays(profile)) == 3, APP_TIMEOUT, what="the logo saved")
    assert overlays(profile)[2]["anchor"] == "movie", overlays(profile)[2]
    # Sent back behind the caption it meets (the title card's words it
    # meets too are further back): Send Backward goes off at the back.
    # (Pressed by its accessible action: it is down the scrolled panel.)
    backward = app.find(win, role="push button", name="Send Backward", timeout=APP_TIMEOUT)
    backward.queryAction().doAction(0)
    wait_until(lambda: [o["anchor"] == "movie" for o in overlays(profile)] == [False, True, False], APP_TIMEOUT,
               what="the logo one step back")
    backward = app.find(win, role="push button", name="Send Backward")
    backward.queryAction().doAction(0)
    wait_until(lambda: overlays(profile)[0]["anchor"] == "movie", APP_TIMEOUT, what="the logo at the back")
    wait_until(lambda: "sensitive" not in states(backward), APP_TIMEOUT, what="Send Backward off at the back")
    app.screenshot("made")

    app.key("ctrl+e")
    app.find(win, role="label", name=re.compile(r"was saved in Videos$"), timeout=180)
    made = list((profile / "home" / "Videos" / "Reel").glob("*.mp4"))
    assert len(made) == 1, made
    # The bars (from about 5.1 s) with the caption in the middle, faded in
    # by a second into them; the title card's words in its middle; the
    # photo green; the logo red in the top right corner throughout.
    red_corner = (0.84, 0.08, 0.06, 0.05)
    middle = (0.45, 0.46, 0.1, 0.08)
    first, card, last = frame_at(made[0], 6.2), frame_at(made[0], 3.5), frame_at(made[0], 10.5)
    source = frame_at(clip_folder(profile) / f"{b}.mp4", 1.0)
    for frame in (first, card, last):
        r, g, b_ = mean_colour(frame, red_corner)
        assert r > 150 and g < 90 and b_ < 90, f"no logo in the corner: {(r, g, b_)}"
    # (None of the green bar's pixels there are light; the words' are.)
    shares = white_share(first, middle), white_share(source, middle)
    assert shares[0] > shares[1] + 0.05, f"the caption is not in the middle of the bars: {shares}"
    assert max(mean_colour(card, middle)) > 40, "the title's words are not in the card's middle"
    r, g, b_ = mean_colour(last, (0.3, 0.3, 0.2, 0.2))
    assert g > 150 and r < 80 and b_ < 80, f"the photo is not shown: {(r, g, b_)}"
    app.quit()
