"""A movie exported as an animated GIF from the movie page, driven as a
person drives it: Format set to Animated GIF (No Sound) from the
keyboard, the Size menu then listing the GIF's widths and Frames a Second
its rates (Fit Under gone: a GIF has no size limit), 320 pixels at 10 a
second chosen and saved with the movie, the export a GIF of that size,
and one Undo back to the video."""

from __future__ import annotations

import re

from harness import APP_TIMEOUT, find_all, node_name, wait_until
from test_movie import choose_three, clips, put_clips, saved_edit  # noqa: F401 (a fixture)
from test_movie_framing import choose
from soundserver import NO_SOUND_ENV

FORMATS = ("MP4 (H.264, AAC)", "WebM (VP8, Opus)", "Matroska (H.264, Opus)", "Animated GIF (No Sound)")
WIDTHS = ("320 Pixels Wide", "480 Pixels Wide", "640 Pixels Wide")
RATES = ("10", "15", "20")


def shown_names(win) -> set:
    return {node_name(node) for node in find_all(win, visible=True)}


def test_a_movie_is_exported_as_a_gif(launch_ready, clips, profile):  # noqa: F811
    put_clips(profile, clips)
    app, win = launch_ready(env=NO_SOUND_ENV)
    choose_three(app, win)
    choose(app, win, "Format", "alt+f", "Animated GIF (No Sound)", FORMATS,
           lambda: saved_edit(profile).get("gif") == {"width": 480, "framesPerSecond": 15})
    # The GIF's own rows: its widths in Size, its rates; no size limit.
    wait_until(lambda: app.find(win, role="push button", name="Frames a Second"), APP_TIMEOUT, what="Frames a Second shown")
    assert not any(node_name(node) == "Fit Under" for node in find_all(win, role="push button", visible=True))
    choose(app, win, "Size", "alt+z", "320 Pixels Wide", WIDTHS,
           lambda: saved_edit(profile)["gif"]["width"] == 320, current=1)
    choose(app, win, "Frames a Second", None, "10", RATES,
           lambda: saved_edit(profile)["gif"]["framesPerSecond"] == 10, current=1)
    app.screenshot("gif-settings")

    app.key("ctrl+e")
    app.find(win, role="label", name=re.compile(r"was saved in Videos$"), timeout=120)
    # A picture to share, not a video to play here: its toast shows it in Files.
    app.find(win, role="push button", name="Show in Files", timeout=2)
    made = list((profile / "home" / "Videos" / "Reel").glob("*.gif"))
    assert len(made) == 1, list((profile / "home" / "Videos" / "Reel").iterdir())
    header = made[0].read_bytes()[:10]
    assert header[:6] == b"GIF89a"
    assert int.from_bytes(header[6:8], "little") == 320, header

    for _ in range(3):
        app.click(app.find(win, role="push button", name="Undo"))
    wait_until(lambda: saved_edit(profile).get("gif") is None, APP_TIMEOUT, what="back to a video")
    wait_until(lambda: app.find(win, role="push button", name="Fit Under"), APP_TIMEOUT, what="Fit Under back")
