"""The movie page's timeline, driven with the mouse as a person drives it:
clips as long as they last, the chosen clip's end trimmed by dragging its
grip, the playhead put where the ruler is clicked, zoomed in and back with
the keys, and a text on the lane under the clips moved onto another clip
and shortened by its grip; each drag one edit, saved at once."""

from __future__ import annotations

import re
import subprocess

from dragging import drag_pointer
from harness import APP_TIMEOUT, SCREEN_SIZE, extents, find_all, node_name, wait_until
from soundserver import NO_SOUND_ENV
from test_movie import RATE, choose_three, clips, put_clips, saved_edit  # noqa: F401 (a fixture)
from test_movie_overlays import add, overlays

SECOND = 1_000_000_000
FRAME = SECOND // RATE


def on_screen(app, node) -> tuple:
    """A node's box on screen (x, y, width, height): GTK gives it in its
    window, whose place the X server knows."""
    x, y, w, h = extents(node, "window")
    geo = app.window_geometry(app.x_window("Reel"))
    return geo["x"] + x, geo["y"] + y, w, h


def clip_boxes(app, win) -> list:
    """The clips' buttons on screen, in order."""
    found = []
    for node in find_all(win, role="push button", name=re.compile(r"^Clip \d+ of \d+: "), visible=True):
        found.append((int(re.match(r"^Clip (\d+)", node_name(node)).group(1)), on_screen(app, node)))
    return [box for _, box in sorted(found)]


def text_box(app, win, pattern: str):
    """The lane's button of a text whose accessible name matches."""
    nodes = find_all(win, role="push button", name=re.compile(pattern), visible=True)
    return on_screen(app, nodes[0]) if nodes else None


def grips(app, y: int, name: str) -> list:
    """The middles of the grips drawn across screen row `y`, left to right:
    runs of GNOME's accent blue at least 4 px wide (a chosen item's outline
    is 2 px). Found on the screen as a person finds them: over AT-SPI, GTK
    4.8 puts the timeline's children a few pixels off."""
    shot = app.screenshot(name)
    out = subprocess.run(["convert", str(shot), "-crop", f"{SCREEN_SIZE[0]}x1+0+{y}", "+repage", "rgb:-"],
                         capture_output=True, check=True, timeout=30).stdout
    blue = [abs(out[i] - 0x35) < 24 and abs(out[i + 1] - 0x84) < 24 and abs(out[i + 2] - 0xe4) < 24
            for i in range(0, len(out) - 2, 3)]
    found, x = [], 0
    while x < len(blue):
        if blue[x]:
            end = x
            while end < len(blue) and blue[end]:
                end += 1
            if end - x >= 4:
                found.append((x + end - 1) // 2)
            x = end
        else:
            x += 1
    return found


def time_label(win) -> str:
    labels = find_all(win, role="label", name=re.compile(r"^\d+:\d\d / \d+:\d\d$"), visible=True)
    return node_name(labels[0]) if labels else ""


def test_clips_are_trimmed_sought_zoomed_and_a_text_moved_on_the_timeline(launch_ready, clips, profile):  # noqa: F811
    put_clips(profile, clips)
    app, win = launch_ready(env=NO_SOUND_ENV)
    a, b, c = choose_three(app, win)

    # Three clips of two seconds: three buttons as wide, side by side. (Over
    # AT-SPI a button's box leaves out its padding, which the chosen one
    # has more of, and stops where the timeline is cut off: a few pixels.)
    boxes = wait_until(lambda: (lambda found: found if len(found) == 3 else None)(clip_boxes(app, win)), APP_TIMEOUT,
                       what="three clips on the timeline")
    app.screenshot("timeline")
    widths = [box[2] for box in boxes]
    assert max(widths) - min(widths) <= 14, boxes
    assert boxes[0][0] < boxes[1][0] < boxes[2][0] and boxes[0][1] == boxes[1][1] == boxes[2][1], boxes
    per_second = (boxes[2][0] - boxes[1][0]) / 2.12  # 53 frames of 25 fps

    # The first clip is chosen: its end grip, dragged half a clip to the
    # left, trims a second off its end (on its own frames).
    middle = boxes[0][1] + boxes[0][3] // 2
    found = [x for x in grips(app, middle, "grips") if boxes[0][0] - 16 < x < boxes[1][0]]
    assert len(found) == 2, found
    end = (found[1], middle)
    drag_pointer(app.desktop, end, [(end[0] - int(per_second) // 2, end[1]), (end[0] - int(per_second), end[1])])

    def trimmed():
        clip = saved_edit(profile)["clips"][0]
        return clip if clip["trimOut"] < 2 * SECOND else None
    clip = wait_until(trimmed, APP_TIMEOUT, what="the dragged trim saved")
    assert clip["trimIn"] == 0
    # From the end of its last frame, 25 frames earlier.
    frames = -(-clip["sourceDuration"] // FRAME)
    assert abs(clip["trimOut"] - (frames - RATE) * FRAME) <= FRAME, clip
    assert clip["trimOut"] % FRAME == 0, "on a frame"
    # Drawn at half the others' length (the whole movie still fits).
    wait_until(lambda: (lambda found: len(found) == 3 and abs(found[0][2] * 2 - found[1][2]) <= 16)(clip_boxes(app, win)),
               APP_TIMEOUT, what="the first clip half as long as the second")
    app.screenshot("trimmed")

    # Ctrl+plus zooms in around the playhead: with it at the start (a
    # click on the ruler there), the first clip is half as wide again;
    # Ctrl+0 fits the movie back.
    boxes = clip_boxes(app, win)
    app.desktop.move_pointer(boxes[0][0] + 2, boxes[0][1] - 10)
    app.desktop.xdotool("click", "1")
    wait_until(lambda: time_label(win) == "0:00 / 0:05", APP_TIMEOUT, what="the preview at the start")
    app.key("ctrl+plus")
    # (The box is inside the button's 8 px of padding each side, which does not grow.)
    wait_until(lambda: (lambda found: found and abs(found[0][2] + 16 - (boxes[0][2] + 16) * 1.5) <= 6)(clip_boxes(app, win)),
               APP_TIMEOUT, what="the timeline zoomed in")
    app.screenshot("zoomed")
    app.key("ctrl+0")
    wait_until(lambda: (lambda found: len(found) == 3 and abs(found[1][2] - boxes[1][2]) <= 2)(clip_boxes(app, win)),
               APP_TIMEOUT, what="the whole movie fitted again")

    # A click on the ruler above the third clip's middle puts the playhead,
    # and the preview, there: 1 s + 2 s + 1 s = 0:04.
    x, y, w, h = boxes[2]
    app.desktop.move_pointer(x + w // 2, y - 10)
    app.desktop.xdotool("click", "1")
    wait_until(lambda: time_label(win) == "0:04 / 0:05", APP_TIMEOUT, what="the preview at 0:04")

    # A text over the first clip shows on the lane under it, all its length.
    # (Added where the preview is: i shows the clip's start.)
    app.click(app.find(win, role="push button", name=re.compile(rf"^Clip 1 of 3: {a},")))
    app.key("i")
    wait_until(lambda: time_label(win) == "0:00 / 0:05", APP_TIMEOUT, what="the preview at the first clip's start")
    add(app, win, "Add Text")
    wait_until(lambda: len(overlays(profile)) == 1, APP_TIMEOUT, what="the text saved")
    first_id = saved_edit(profile)["clips"][0]["id"]
    assert overlays(profile)[0]["anchor"] == first_id
    text = wait_until(lambda: text_box(app, win, r"^Text “Text”, 0:00 to 0:01$"), APP_TIMEOUT, what="the text on the lane")
    boxes = clip_boxes(app, win)
    per_second = (boxes[2][0] - boxes[1][0]) / 2.12  # refitted to the shorter movie
    assert text[1] > boxes[0][1] + boxes[0][3], "under the clips"
    assert abs(text[0] - boxes[0][0]) <= 8 and abs(text[2] - boxes[0][2]) <= 8, (text, boxes[0])

    # Dragged by its middle onto the third clip, 0.5 s into it: it goes
    # with that clip, keeping its length.
    start = (text[0] + text[2] // 2, text[1] + text[3] // 2)
    lengths = [round((c["trimOut"] - c["trimIn"]) / FRAME) * FRAME for c in saved_edit(profile)["clips"]]
    target = round(per_second * (lengths[0] + lengths[1] + SECOND // 2) / SECOND)
    drag_pointer(app.desktop, start, [(start[0] + target // 2, start[1]), (start[0] + target, start[1])])
    third_id = saved_edit(profile)["clips"][2]["id"]
    moved = wait_until(lambda: (lambda o: o if o and o[0]["anchor"] == third_id else None)(overlays(profile)),
                       APP_TIMEOUT, what="the text moved onto the third clip")[0]
    assert abs(moved["offset"] - SECOND // 2) <= 2 * FRAME, moved
    assert abs(moved["length"] - clip["trimOut"]) <= FRAME, "as long as it was (the trimmed clip)"
    app.screenshot("text-moved")

    # Its end grip dragged a quarter of a second to the left shortens it.
    text = wait_until(lambda: text_box(app, win, r"^Text “Text”, 0:0\d to 0:0\d$"), APP_TIMEOUT, what="the text redrawn")
    middle = text[1] + text[3] // 2
    found = [x for x in grips(app, middle, "text-grips") if text[0] - 16 < x < text[0] + text[2] + 16]
    assert len(found) == 2, found
    end = (found[1], middle)
    drag_pointer(app.desktop, end, [(end[0] - int(per_second / 8), end[1]), (end[0] - int(per_second / 4), end[1])])
    shortened = wait_until(lambda: (lambda o: o[0] if o[0]["length"] < moved["length"] - FRAME else None)(overlays(profile)),
                           APP_TIMEOUT, what="the text shortened")
    assert abs(shortened["length"] - (moved["length"] - SECOND // 4)) <= 2 * FRAME, shortened
    assert shortened["offset"] == moved["offset"] and shortened["anchor"] == third_id

    # Each drag was one edit: Undo takes back the shortening, then the move.
    app.click(app.find(win, role="push button", name="Undo"))
    wait_until(lambda: overlays(profile)[0]["length"] == moved["length"], APP_TIMEOUT, what="the shortening undone")
    app.click(app.find(win, role="push button", name="Undo"))
    wait_until(lambda: overlays(profile)[0]["anchor"] == first_id, APP_TIMEOUT, what="the move undone")
    app.quit()
