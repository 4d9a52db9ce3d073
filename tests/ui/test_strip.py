"""The looping preview strip: clips back to back, forever, muted,
without a seam; click for sound, double-click for 2x (never the sound
first), the same from the keyboard; it pauses while the player plays and
resumes at the same frame. Read through the trace (`strip-clip`,
`strip-frame` with each presented frame's timestamp in its clip, `strip-sound`,
`strip-rate`, `strip-paused`/`strip-resumed`) and the sound server.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from harness import APP_TIMEOUT, find_all, image_stats, on_screen, states, wait_until
from player_helpers import Trace, keyfile, launch_with_strip, make_clip, window_manager  # noqa: F401 (fixture)

FRAME = 1 / 30
# A boundary may take one frame period beyond the clip's own cadence (the
# issue's bound), plus a little for the test machine's scheduling.
BOUNDARY_SLACK = 0.015
# The last frame's time in each two-second clip.
CLIP_LAST = 2 - FRAME


@pytest.fixture(scope="module")
def clips(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("strip-clips")
    for name, pattern in (("Alpha", "ball"), ("Bravo", "smpte"), ("Charlie", "pinwheel")):
        make_clip(folder / f"{name}.mp4", 2, 320, 180, 30, pattern=pattern)
    return folder


@pytest.fixture
def media_copies(clips, profile) -> Path:
    """The three clips (first in the feed) and thirty more copies, so the
    feed scrolls."""
    videos = profile / "home" / "Videos"
    videos.mkdir(parents=True, exist_ok=True)
    for clip in clips.iterdir():
        shutil.copy(clip, videos / clip.name)
    for n in range(1, 31):
        shutil.copy(clips / "Alpha.mp4", videos / f"Clip {n:02d}.mp4")
    return videos


@pytest.fixture
def strip_app(launch_ready, clips, profile, artifacts):
    """Reel with the three clips in its Videos folder (so they are the
    strip's clips) and the strip switched on."""
    app, win, trace = launch_with_strip(launch_ready, clips, profile, artifacts)
    strip = app.find(win, name=re.compile(r"^Preview: "), timeout=APP_TIMEOUT)
    return app, win, trace, strip


def strip_events(trace: Trace, name: str, after: int = 0) -> list:
    return [e for e in trace.events()[after:] if e["event"] == name]


def assert_resumed_at_the_same_frame(trace: Trace, resumed: dict) -> None:
    """The first frame after resuming follows the last one shown before it
    (the same clip, at most one frame on): it did not run on while paused."""
    k = trace.events().index(resumed)
    wait_until(lambda: strip_events(trace, "strip-frame", after=k), 5, what="a frame after resuming")
    before = [e for e in trace.events()[:k] if e["event"] == "strip-frame"][-1]
    after = strip_events(trace, "strip-frame", after=k)[0]
    assert 0 <= after["pts"] - before["pts"] <= 2 * FRAME + 0.001, (before, after)


def played_a_second(trace: Trace, after: int) -> None:
    """Waits until the player has shown a second of its video (by its
    frames' own timestamps) after trace position `after`."""
    def span():
        pts = [f["pts"] for f in trace.frames_after(after)]
        return pts and max(pts) - min(pts) >= 1.0
    wait_until(span, APP_TIMEOUT, what="a second of the player's video")


def ours(sound, app) -> list:
    return [s for s in sound.sink_inputs() if str(s.get("application.process.id")) == str(app.pid)]


def test_three_loops_without_a_seam(strip_app):
    app, win, trace, strip = strip_app
    # Three full loops of three clips: nine starts, and the tenth begins.
    wait_until(lambda: len(strip_events(trace, "strip-clip")) >= 11, 30, what="three full loops")
    starts = [e["index"] for e in strip_events(trace, "strip-clip")]
    assert starts[:10] == [0, 1, 2, 0, 1, 2, 0, 1, 2, 0], starts
    frames = strip_events(trace, "strip-frame")
    at_boundaries = []
    for before, after in zip(frames, frames[1:]):
        if after["pts"] < before["pts"]:          # the next clip began
            at_boundaries.append((before, after))
            assert after["pts"] < FRAME / 2, f"the next clip began at {after['pts']}, not its first frame"
        else:
            assert after["pts"] > before["pts"], f"frame {before['pts']} shown twice"
    assert len(at_boundaries) >= 9, at_boundaries
    # No seam in the pipeline's own timeline: the next clip's first frame
    # is due one frame after the last one of the clip before (by their
    # running time, which a loaded machine does not change). A frame the
    # window had no time to draw just before the seam (a busy start) is
    # not shown at all, so the gap is counted from where the last frame
    # shown sits in its clip. How late frames reach the screen at a seam,
    # against the wall clock, is bench/strip.sh's "seam gap".
    seams = [(b["running"], a["running"]) for b, a in at_boundaries
             if not 0 < a["running"] - b["running"] - (CLIP_LAST - b["pts"]) <= FRAME + BOUNDARY_SLACK]
    assert not seams, f"running time across a seam (last, first): {seams}"
    # At a boundary the strip shows a picture, not black.
    box = strip.queryComponent().getExtents(1)
    geo = app.window_geometry(app.x_window())
    starts = len(strip_events(trace, "strip-clip"))
    wait_until(lambda: len(strip_events(trace, "strip-clip")) > starts, 10, interval=0.01,
               what="the next clip to start")
    shot = app.screenshot("boundary")
    mean, sd = image_stats(shot, (geo["x"] + box[0], geo["y"] + box[1], box[2], box[3]))
    assert sd > 0.05 or mean > 0.1, f"the strip looks black at a boundary (mean {mean}, sd {sd})"


def test_a_click_turns_the_sound_on_and_off_and_muted_opens_no_stream(strip_app, sound):
    app, win, trace, strip = strip_app
    # The strip's frames are on screen (launch_with_strip waited for one),
    # so its pipeline plays: a sound sink would have made its stream on the
    # sound server before (pulsesink waits for the server to make it).
    assert not ours(sound, app), "a muted strip must not open an audio stream"
    app.click(strip)
    trace.wait("strip-sound", lambda e: e["on"] == 1)
    wait_until(lambda: ours(sound, app), 10, what="the strip's stream on the sound server")
    app.find(win, name=re.compile(r"^Preview: (.+, )?sound on"))
    app.screenshot("sound-on")
    app.click(strip)
    trace.wait("strip-sound", lambda e: e["on"] == 0)
    wait_until(lambda: not [s for s in ours(sound, app) if not s["corked"]], 10,
               what="the strip's stream to go")
    app.find(win, name=re.compile(r"^Preview: (.+, )?sound off"))


def test_the_sound_setting_starts_the_strip_with_sound_and_is_followed_at_once(launch_ready, clips, profile,
                                                                               artifacts, sound):
    """Preferences › Strip Sound: the strip starts with its stream on the
    sound server; turned off from elsewhere, the playing strip goes quiet."""
    keyfile(profile, show_preview_strip="true", preview_strip_sound="true")
    app, win, trace = launch_with_strip(launch_ready, clips, profile, artifacts)
    app.find(win, name=re.compile(r"^Preview: (.+, )?sound on"), timeout=APP_TIMEOUT)
    wait_until(lambda: [s for s in ours(sound, app) if not s["corked"]], 10,
               what="the strip's stream on the sound server from the start")
    assert not strip_events(trace, "strip-sound"), "the sound was on from the start, not turned on"
    path = profile / "config" / "glib-2.0" / "settings" / "keyfile"
    path.write_text(path.read_text().replace("preview-strip-sound=true", "preview-strip-sound=false"))
    trace.wait("strip-sound", lambda e: e["on"] == 0)
    wait_until(lambda: not [s for s in ours(sound, app) if not s["corked"]], 10, what="the strip's stream to go")
    app.find(win, name=re.compile(r"^Preview: (.+, )?sound off"), timeout=5)


def test_a_double_click_doubles_the_speed_and_never_toggles_the_sound(strip_app, sound):
    app, win, trace, strip = strip_app
    x, y = app.screen_center(strip)
    app.desktop.move_pointer(x, y)
    i = trace.count()
    app.desktop.xdotool("click", "--repeat", "2", "--delay", "60", "1")
    trace.wait("strip-rate", lambda e: e["rate"] == 2, after=i)
    app.find(win, name=re.compile(r"^Preview: (.+, )?sound off, double speed$"))
    app.find(win, role="label", name="2×")
    # The click is settled once the double-click time after its second
    # press has passed (the strip says so): still no sound.
    settled = trace.wait("strip-click", after=i)
    assert (settled["presses"], settled["action"]) == (2, "speed"), settled
    assert not strip_events(trace, "strip-sound", after=i), "the double-click toggled the sound"
    assert not ours(sound, app)
    # At 2x the frames' timestamps move twice as fast as the running time
    # the strip's sink presents them at (against the wall clock:
    # bench/trace_clocks.py). Read over a whole clip after the change, from
    # its start to the one after. (The clip playing at the double-click may
    # finish at 1x: the instant rate change is applied again at each clip's
    # start.) A machine that stalled for a second has the sink drop a
    # clip's late frames to catch up: then the clip after it is read.
    start = trace.at(trace.wait("strip-rate", lambda e: e["rate"] == 2, after=i))
    for _ in range(4):
        start = trace.at(trace.wait("strip-clip", after=start))
        end = trace.at(trace.wait("strip-clip", after=start + 1))
        frames = [e for e in trace.events()[start:end] if e["event"] == "strip-frame"]
        pairs = [(b["pts"] - a["pts"], b["running"] - a["running"]) for a, b in zip(frames, frames[1:])
                 if b["pts"] > a["pts"]]   # (the clip before may show its last frame after the start)
        if len(pairs) >= 5:
            break
        start = end
    steps, runs = sum(p for p, _ in pairs), sum(r for _, r in pairs)
    assert len(pairs) >= 5 and abs(steps / runs - 2) < 0.01, (steps, runs, frames)
    app.screenshot("double-speed")
    i = trace.count()
    app.desktop.xdotool("click", "--repeat", "2", "--delay", "60", "1")
    trace.wait("strip-rate", lambda e: e["rate"] == 1, after=i)


def test_the_keyboard_does_the_same(strip_app, sound):
    app, win, trace, strip = strip_app
    # A click gives the strip the focus (and, once the double-click time has
    # passed, the sound); from there the keys take over.
    app.click(strip)
    trace.wait("strip-sound", lambda e: e["on"] == 1)
    i = trace.count()
    app.key("Return")
    trace.wait("strip-sound", lambda e: e["on"] == 0, after=i)
    wait_until(lambda: not [s for s in ours(sound, app) if not s["corked"]], 10, what="the stream to go")
    app.key("Return")
    trace.wait("strip-sound", lambda e: e["on"] == 1, after=i + 1)
    # Turning the sound on builds the strip's pipeline again; the strip
    # keeps the focus through it (else the next key goes elsewhere).
    wait_until(lambda: "focused" in states(strip), 10, what="the strip to keep the focus")
    app.key("2")
    trace.wait("strip-rate", lambda e: e["rate"] == 2, after=i)
    app.find(win, name=re.compile(r"^Preview: (.+, )?sound on, double speed$"))
    app.key("2")
    trace.wait("strip-rate", lambda e: e["rate"] == 1, after=i)


def test_the_player_pauses_the_strip_and_it_resumes_at_the_same_frame(strip_app):
    app, win, trace, strip = strip_app
    card = app.find(win, role="label", name="Bravo", timeout=APP_TIMEOUT)
    i = trace.count()
    app.click(card)
    paused = trace.wait("strip-paused", after=i)
    after_pause = trace.events().index(paused) + 1
    # A second of the player's own video shown after the strip paused: a
    # strip playing on would have shown as many frames in that time.
    played_a_second(trace, after_pause)
    assert len(strip_events(trace, "strip-frame", after=after_pause)) <= 1, \
        "the strip kept playing under the player"
    j = trace.count()
    app.key("Escape")
    resumed = trace.wait("strip-resumed", after=j)
    assert_resumed_at_the_same_frame(trace, resumed)
    k = trace.events().index(resumed)
    wait_until(lambda: strip_events(trace, "strip-frame", after=k), 5, what="the strip to play on")


def test_the_strip_stays_paused_while_the_mini_window_plays(strip_app):
    app, win, trace, strip = strip_app
    i = trace.count()
    app.click(app.find(win, role="label", name="Bravo", timeout=APP_TIMEOUT))
    trace.wait("strip-paused", after=i)
    trace.wait("player-first-frame", after=i)
    i = trace.count()
    app.key("p")
    shown = trace.wait("pip-shown", after=i)
    # The main window shows the feed again, strip and all, but the strip
    # waits while the mini window plays: a second of the mini window's
    # video later, it has neither resumed nor shown a frame.
    k = trace.events().index(shown)
    played_a_second(trace, k)
    assert not strip_events(trace, "strip-resumed", after=k), "the strip resumed while the mini window played"
    assert len(strip_events(trace, "strip-frame", after=k)) <= 1, "the strip played while the mini window did"
    j = trace.count()
    app.key("ctrl+w", window="Bravo — Picture in Picture")
    trace.wait("pip-closed", after=j)
    resumed = trace.wait("strip-resumed", after=j)
    assert_resumed_at_the_same_frame(trace, resumed)


def test_scrolling_the_strip_away_pauses_it_and_coming_back_resumes(launch_ready, clips, media_copies, profile,
                                                                   artifacts):
    trace = Trace(artifacts / "trace.jsonl")
    app, win = launch_ready(env={"REEL_TRACE": str(trace.path)}, strip=True)
    trace.wait("strip-frame")
    trace.wait("feed-items", lambda e: e["count"] == 33)
    # The grid holds its cards (there is something to scroll).
    card = re.compile(r"^(Alpha|Bravo|Charlie|Clip \d+)$")
    wait_until(lambda: [n for n in find_all(win, role="label", name=card) if on_screen(n)], APP_TIMEOUT,
               what="the cards on screen")
    geo = app.window_geometry(app.x_window())
    app.desktop.move_pointer(geo["x"] + geo["w"] // 2, geo["y"] + geo["h"] - 60)
    i = trace.count()
    # A wheel's notches, turned as a hand turns them (xdotool's delay
    # between clicks), not a wait for anything.
    app.desktop.xdotool("click", "--repeat", "5", "--delay", "50", "5")
    trace.wait("strip-paused", after=i)
    app.screenshot("scrolled-away")
    j = trace.count()
    app.desktop.xdotool("click", "--repeat", "30", "--delay", "20", "4")
    resumed = trace.wait("strip-resumed", after=j)
    assert_resumed_at_the_same_frame(trace, resumed)


def test_turning_the_strip_off_frees_its_pipeline_and_on_builds_it_again(strip_app):
    app, win, trace, strip = strip_app

    def toggle():
        # Popover menus report extents relative to their own surface, so
        # the item is reached by keyboard, as many people do anyway.
        app.click(app.find(win, role="push button", name="Main Menu"))
        item = app.find(win, role="check menu item", name="Show Preview Strip", timeout=5)
        wait_until(lambda: "focused" in states(app.find(win, role="menu item", name="Open URL…")), 5,
                   what="the menu to take the focus")
        # Down until the item has the focus, wherever it is in the menu.
        for _ in range(8):
            if "focused" in states(item):
                break
            app.key("Down")
        # The item's effect (the strip stopping or starting) is what the
        # caller waits for; the menu closes as the item is activated.
        app.key("Return")

    i = trace.count()
    toggle()
    stopped = trace.at(trace.wait("strip-stopped", after=i))
    toggle()
    # Between the old pipeline's end and the new one's first clip, no frame.
    started = trace.at(trace.wait("strip-clip", after=stopped))
    between = [e for e in trace.events()[stopped:started] if e["event"] == "strip-frame"]
    assert not between, "frames after the strip was turned off"
    trace.wait("strip-frame", after=started)
    app.screenshot("strip-back")


def test_minimizing_the_window_pauses_the_strip(strip_app, window_manager):
    app, win, trace, strip = strip_app
    wid = app.x_window()
    i = trace.count()
    app.desktop.xdotool("windowminimize", "--sync", wid)
    trace.wait("strip-paused", after=i)
    j = trace.count()
    app.desktop.xdotool("windowactivate", "--sync", wid)
    resumed = trace.wait("strip-resumed", after=j)
    assert_resumed_at_the_same_frame(trace, resumed)


def test_bad_clips_are_skipped_once_and_the_good_one_keeps_looping(launch_ready, clips, profile, artifacts):
    """A Videos folder with a garbled video and a cut-off one before a good
    clip: each bad one fails once and leaves the loop, the good one loops on
    (it is never taken for broken by the errors of the others)."""
    videos = profile / "home" / "Videos"
    write_bad_clips(clips, videos)
    shutil.copy(clips / "Charlie.mp4", videos / "C good.mp4")
    trace = Trace(artifacts / "trace.jsonl")
    app, win = launch_ready(env={"REEL_TRACE": str(trace.path)}, strip=True)
    good = lambda: [e for e in strip_events(trace, "strip-clip") if e["uri"].endswith("C%20good.mp4")]  # noqa: E731
    wait_until(lambda: len(good()) >= 3, 30, what="the good clip three times over")
    errors = strip_events(trace, "strip-error")
    assert not strip_events(trace, "strip-nothing-playable"), errors
    assert len(errors) <= 2, errors
    last = strip_events(trace, "strip-frame")[-1]["pts"]
    wait_until(lambda: strip_events(trace, "strip-frame")[-1]["pts"] != last, 5, what="frames still coming")


def write_bad_clips(clips: Path, videos: Path) -> None:
    """Two files that look like videos to the folder scan and do not play."""
    videos.mkdir(parents=True, exist_ok=True)
    data = (clips / "Bravo.mp4").read_bytes()
    (videos / "A garbled.mp4").write_bytes(data[:64] + bytes(range(256)) * 200)
    (videos / "B cut off.mp4").write_bytes(data[: len(data) // 4])


def test_a_strip_with_nothing_playable_hides(launch_ready, clips, tmp_path, artifacts):
    """A catalog whose strip clips are all broken: no black box with no
    words, no strip at all (the feed below still shows the catalog)."""
    write_bad_clips(clips, tmp_path)
    shutil.copy(clips / "Alpha.mp4", tmp_path / "Alpha.mp4")
    catalog = tmp_path / "catalog.json"
    catalog.write_text(json.dumps({"entries": [{"title": "Good Alpha", "local": "Alpha.mp4"}],
                                   "clips": ["A garbled.mp4", "B cut off.mp4"]}))
    trace = Trace(artifacts / "trace.jsonl")
    app, win = launch_ready(args=[str(catalog)], env={"REEL_TRACE": str(trace.path)}, strip=True)
    app.find(win, name=re.compile(r"Good Alpha"), timeout=APP_TIMEOUT)
    # It tried both clips.
    wait_until(lambda: len(strip_events(trace, "strip-error")) >= 2, 20, what="both clips failing")
    wait_until(lambda: not [n for n in find_all(win, name=re.compile(r"^Preview: ")) if on_screen(n)], 5,
               what="the strip to hide")
    app.screenshot("no-strip")
