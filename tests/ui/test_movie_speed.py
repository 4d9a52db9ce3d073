"""A clip's speed on the movie page, driven as a person drives it: Speed
set to 0.5× from its menu (the clip twice as long in the filmstrip), Other
and a typed 3× (its sound then silent, until Keep Its Sound is switched
on), an export as long as the speeds make it, and each change gone with
one Undo."""

from __future__ import annotations

import re

from harness import APP_TIMEOUT, find_all, node_name, wait_until
from player_helpers import Trace
from soundserver import NO_SOUND_ENV
from test_movie import Gst, GstPbutils, choose_three, clips, put_clips, saved_edit, strip_names  # noqa: F401 (a fixture)
from test_movie_framing import choose, type_into

SPEEDS = ("0.25×", "0.5×", "0.75×", "Normal", "1.5×", "2×", "4×", "Other")


def first_clip(profile) -> dict:
    return saved_edit(profile)["clips"][0]


def first_length(win) -> str | None:
    """The first clip's length and speed as the filmstrip names them
    ("0:04, at 0.5×"; "0:02" at its own speed)."""
    for node in find_all(win, role="push button", name=re.compile(r"^Clip 1 of 3: "), visible=True):
        return re.match(r"^Clip 1 of 3: [^,]+, (.+)$", node_name(node)).group(1)
    return None


def test_a_clip_is_slowed_sped_up_and_exported_so(launch_ready, clips, profile, tmp_path):  # noqa: F811
    put_clips(profile, clips)
    trace = Trace(tmp_path / "trace.jsonl")
    app, win = launch_ready(env={**NO_SOUND_ENV, "REEL_TRACE": str(trace.path)})
    choose_three(app, win)
    wait_until(lambda: first_length(win) == "0:02", APP_TIMEOUT, what="the first clip two seconds long")

    choose(app, win, "Speed", None, "0.5×", SPEEDS, lambda: first_clip(profile).get("speed") == 0.5,
           current=SPEEDS.index("Normal"))
    wait_until(lambda: first_length(win) == "0:04, at 0.5×", APP_TIMEOUT, what="the first clip twice as long")
    app.screenshot("half-speed")

    # Any speed: Other shows a spin button for it.
    choose(app, win, "Speed", None, "Other", SPEEDS, lambda: app.find(win, role="spin button", name="Other Speed (times)"),
           current=SPEEDS.index("0.5×"))
    type_into(app, win, "Other Speed (times)", "3")
    wait_until(lambda: first_clip(profile).get("speed") == 3, APP_TIMEOUT, what="3× saved")
    # Faster than 2×, its sound is silent unless kept.
    keep = app.find(win, role="check box", name="Keep Its Sound Above 2×", timeout=APP_TIMEOUT)
    app.screenshot("three-times")
    app.click(keep)
    wait_until(lambda: first_clip(profile).get("keepsFastSound") is True, APP_TIMEOUT, what="the sound kept")

    # The export: the first clip a third as long, the other two as they are.
    saved = saved_edit(profile)["clips"]
    expected = sum((clip["trimOut"] - clip["trimIn"]) / clip.get("speed", 1) for clip in saved) / 1e9
    app.key("ctrl+e")
    app.find(win, role="label", name=re.compile(r"was saved in Videos$"), timeout=120)
    made = list((profile / "home" / "Videos" / "Reel").glob("*.mp4"))
    assert len(made) == 1, made
    info = GstPbutils.Discoverer.new(15 * Gst.SECOND).discover_uri(Gst.filename_to_uri(str(made[0])))
    assert abs(info.get_duration() / Gst.SECOND - expected) < 0.1, (info.get_duration(), expected)

    for _ in range(3):
        app.click(app.find(win, role="push button", name="Undo"))
    wait_until(lambda: "speed" not in first_clip(profile) and "keepsFastSound" not in first_clip(profile),
               APP_TIMEOUT, what="the speeds and the kept sound undone")
    wait_until(lambda: first_length(win) == "0:02", APP_TIMEOUT, what="the first clip two seconds long again")
