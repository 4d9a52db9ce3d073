"""The player, driven as a person drives it: opened from the command
line or the feed, every key of the shortcut table's player section, the
controls, end-of-video settings, the resume offer, error pages, sound.

What happened is read from three places: the accessible tree (pyatspi),
screenshots, and Reel's own trace (REEL_TRACE: one JSON line per player
event and per presented frame, with its timestamp in the stream).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import time
from pathlib import Path

import pytest

from harness import (APP_TIMEOUT, HarnessError, controls_under, find_all, foreign_log_lines, image_stats,
                     states, wait_until, window_extents, words_on_screen)
from player_helpers import FPS, FRAME, Trace, keyfile, play, press, reveal, slider_value, window_manager  # noqa: F401 (fixtures)
from player_helpers import gst_launch, make_clip as _clip
from player_helpers import net_wm_state as _net_wm_state
from player_helpers import seek_landing as _seek_landing


# ---------------------------------------------------------------------------
# media, made once per module with real encoders
# ---------------------------------------------------------------------------

@pytest.fixture(scope="module")
def media(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("player-media")
    _clip(folder / "bars.mp4", 8, 640, 360, FPS)
    _clip(folder / "short.mp4", 2, 320, 180, FPS, pattern="ball")
    # Over three minutes, so its position is remembered; tiny and fast to make.
    _clip(folder / "long.mp4", 200, 160, 90, 5)
    (folder / "text.mp4").write_text("This is a shopping list, not a film.\n" * 20)
    data = (folder / "bars.mp4").read_bytes()
    (folder / "truncated.mp4").write_bytes(data[: len(data) // 5])
    os.mkfifo(folder / "pipe.mp4")
    (folder / "dangling.mp4").symlink_to(folder / "gone.mp4")
    (folder / "folder.mp4").mkdir()
    # 2 s of 576i: bars moving 8 pixels a field, woven top field first, as
    # TV recordings and DVDs are.
    gst_launch("videotestsrc", "pattern=smpte", "horizontal-speed=8", "num-buffers=100", "!",
               "video/x-raw,format=I420,width=720,height=576,framerate=50/1", "!",
               "interlace", "top-field-first=true", "field-pattern=1:1", "!",
               "x264enc", "interlaced=true", "speed-preset=ultrafast", "!", "h264parse", "!",
               "mp4mux", "!", "filesink", f"location={folder / 'interlaced.mp4'}")
    # 10 s of 24 fps film telecined to 480i (3:2 pulldown), coded as
    # interlaced H.264 top field first, as NTSC DVDs and broadcasts have it
    # (long enough to be playing still when a busy machine has read the
    # statistics).
    gst_launch("videotestsrc", "pattern=smpte75", "horizontal-speed=8", "num-buffers=240", "!",
               "video/x-raw,format=I420,width=720,height=480,framerate=24000/1001", "!",
               "interlace", "top-field-first=true", "field-pattern=2:3", "!",
               "capssetter", "caps=video/x-raw,interlace-mode=interleaved,field-order=top-field-first", "!",
               "x264enc", "interlaced=true", "speed-preset=ultrafast", "!", "h264parse", "!",
               "mp4mux", "!", "filesink", f"location={folder / 'telecined.mp4'}")
    return folder


# ---------------------------------------------------------------------------
# playing
# ---------------------------------------------------------------------------

def test_a_clip_plays_with_its_picture_on_screen(play, media):
    app, win, trace = play(media / "bars.mp4")
    first = trace.named("player-first-frame")[0]
    assert first["pts"] < 0.2, first
    # Frames keep coming with rising timestamps.
    wait_until(lambda: trace.last_pts() > 1.0, 10, what="a second of frames")
    pts = [e["pts"] for e in trace.named("frame")]
    assert pts == sorted(pts), "frames went back in time"
    shot = app.screenshot("playing")
    # The SMPTE bars: not black, not flat, and their yellow and cyan are there.
    geo = app.window_geometry(app.x_window())
    mean, sd = image_stats(shot, (geo["x"], geo["y"], geo["w"], geo["h"]))
    assert sd > 0.15 and mean > 0.15, f"the video area looks blank (mean {mean}, sd {sd})"
    colours = subprocess.run(["convert", str(shot), "-crop",
                              f"{geo['w']}x{geo['h']}+{geo['x']}+{geo['y']}", "+repage",
                              "-scale", "64x36!", "-depth", "8", "txt:-"],
                             capture_output=True, text=True, check=True).stdout
    hexes = set(re.findall(r"#([0-9A-F]{6})", colours))

    def near(target):
        tr, tg, tb = (int(target[i:i + 2], 16) for i in (0, 2, 4))
        return any(abs(int(h[0:2], 16) - tr) < 40 and abs(int(h[2:4], 16) - tg) < 40
                   and abs(int(h[4:6], 16) - tb) < 40 for h in hexes)
    assert near("BFBF00") or near("FFFF00"), "no yellow bar on screen"
    assert near("00BFBF") or near("00FFFF"), "no cyan bar on screen"
    app.find(win, role="label", name="bars")


def test_space_and_k_pause_and_play(play, media):
    app, win, trace = play(media / "bars.mp4")
    i = press(app, trace, "space")
    pause = trace.wait("player-state", lambda e: e["state"] == "paused", after=i)
    paused = trace.events().index(pause)  # read once the event is there
    paused_at = trace.last_pts()
    i = press(app, trace, "k")
    playing = trace.at(trace.wait("player-state", lambda e: e["state"] == "playing", after=i))
    # Until it played again, the frame already on its way when the pipeline
    # paused may still have been drawn (on a busy machine), and nothing
    # after it; and it plays on from there, not from where it would be had
    # it run on while paused.
    late = [e["pts"] for e in trace.events()[paused:playing] if e["event"] == "frame"]
    assert len(late) <= 1 and all(pts <= paused_at + FRAME + 0.001 for pts in late), \
        f"frames kept coming while paused: {late} after {paused_at}"
    wait_until(lambda: trace.frames_after(playing), 5, what="a frame after playing again")
    assert paused_at < trace.frames_after(playing)[0]["pts"] <= paused_at + 2 * FRAME + 0.001, \
        (paused_at, trace.frames_after(playing)[0])
    wait_until(lambda: trace.last_pts() > paused_at + 0.3, 5, what="playback to go on")
    i = press(app, trace, "k")
    trace.wait("player-state", lambda e: e["state"] == "paused", after=i)


@pytest.mark.parametrize("key,delta", [("Right", 5), ("Left", -5), ("l", 15), ("j", -15)])
def test_arrow_and_jkl_keys_seek_and_land_on_the_frame(play, media, key, delta):
    app, win, trace = play(media / "long.mp4")
    # Pause half-way so the position is known exactly.
    i = press(app, trace, "5")
    target, _ = _seek_landing(trace, i)
    i = press(app, trace, "space")
    trace.wait("player-state", lambda e: e["state"] == "paused", after=i)
    before = trace.last_pts()
    i = press(app, trace, key)
    target, landed = _seek_landing(trace, i)
    assert abs(target - (before + delta)) < 0.5, (before, target)
    assert abs(landed - target) <= 1 / 5 + 0.001, f"landed at {landed}, asked for {target}"


def test_number_keys_home_and_end(play, media):
    app, win, trace = play(media / "long.mp4")
    duration = 200
    for key, fraction in (("3", 0.3), ("0", 0.0), ("9", 0.9)):
        i = press(app, trace, key)
        target, landed = _seek_landing(trace, i)
        assert abs(target - duration * fraction) < 1, (key, target)
        assert abs(landed - target) <= 1 / 5 + 0.001, (key, landed, target)
    i = press(app, trace, "Home")
    target, landed = _seek_landing(trace, i)
    assert target == 0 and landed < 0.21
    i = press(app, trace, "End")
    trace.wait("player-state", lambda e: e["state"] == "ended", after=i)


def test_frame_step_keys_move_one_frame_while_paused(play, media):
    app, win, trace = play(media / "bars.mp4")
    i = press(app, trace, "space")
    trace.wait("player-state", lambda e: e["state"] == "paused", after=i)
    # A seek while paused puts a known frame on screen (the frame already
    # on its way when it paused, if any, is drawn before it).
    i = press(app, trace, "Home")
    _, start = _seek_landing(trace, i)
    i = press(app, trace, "period")
    trace.wait("player-step", after=i)
    wait_until(lambda: trace.frames_after(i), 5, what="the next frame")
    wait_until(lambda: abs(trace.last_pts() - (start + FRAME)) < 0.002, 5,
               what=f"one frame forward from {start} (now {trace.last_pts()})")
    i = press(app, trace, "period")
    wait_until(lambda: abs(trace.last_pts() - (start + 2 * FRAME)) < 0.002, 5, what="a second frame forward")
    i = press(app, trace, "comma")
    trace.wait("player-step", lambda e: e["forward"] == 0, after=i)
    wait_until(lambda: abs(trace.last_pts() - (start + FRAME)) < 0.002, 5,
               what=f"one frame back (now {trace.last_pts()})")


def test_speed_keys_change_speed_without_jumping_back(play, media):
    app, win, trace = play(media / "long.mp4")
    wait_until(lambda: trace.last_pts() > 2, 10, what="two seconds of playback")
    before = trace.last_pts()
    i = press(app, trace, "bracketright")
    rate = trace.wait("player-rate", after=i)
    assert rate["rate"] == 1.25
    frames = []
    wait_until(lambda: len(trace.frames_after(i)) > 3, 5, what="frames after the change")
    frames = trace.frames_after(i)
    assert frames[0]["pts"] >= before - 0.25, f"jumped back from {before} to {frames[0]['pts']}"
    press(app, trace, "bracketright", "bracketright", "bracketright")
    fast = trace.at(trace.wait("player-rate", lambda e: e["rate"] == 2.0))
    # At 2x the frames' timestamps move twice as fast as the pipeline's
    # running time (against the wall clock: bench/trace_clocks.py).
    # The instant rate change reaches the sink a few frames after the app
    # asks for it (frames already on their way keep the old rate, and one
    # interval straddles the switch), more of them on a loaded machine: the
    # ten newest of eighteen are all past it.
    wait_until(lambda: len(trace.frames_after(fast)) >= 18, 30, what="frames at 2x")
    frames = trace.frames_after(fast)[8:]
    pairs = [(b["pts"] - a["pts"], b["running"] - a["running"]) for a, b in zip(frames, frames[1:])
             if b["pts"] > a["pts"]]
    steps, runs = sum(p for p, _ in pairs), sum(r for _, r in pairs)
    assert pairs and abs(steps / runs - 2) < 0.05, f"not 2x: {steps:.2f} s of video in {runs:.2f} s"
    i = press(app, trace, "BackSpace")
    trace.wait("player-rate", lambda e: e["rate"] == 1.0, after=i)
    i = press(app, trace, "bracketleft")
    trace.wait("player-rate", lambda e: e["rate"] == 0.75, after=i)


def test_volume_and_mute_keys(play, media, sound):
    app, win, trace = play(media / "bars.mp4")
    reveal(app)
    volume = app.find(win, role="slider", name="Volume")
    start = slider_value(volume)
    i = press(app, trace, "Down", "Down")
    trace.wait("player-volume", after=i)
    wait_until(lambda: slider_value(volume) < start - 0.05, 5, what="the volume to go down")
    lowered = slider_value(volume)
    i = press(app, trace, "Up")
    wait_until(lambda: slider_value(volume) > lowered, 5, what="the volume to go up")
    i = press(app, trace, "m")
    trace.wait("player-volume", lambda e: e["muted"] == 1, after=i)
    reveal(app)
    app.find(win, role="push button", name="Unmute")
    i = press(app, trace, "m")
    trace.wait("player-volume", lambda e: e["muted"] == 0, after=i)


def test_aspect_key_cycles_fit_fill_stretch(play, media):
    app, win, trace = play(media / "bars.mp4")
    seen = []
    for _ in range(3):
        i = press(app, trace, "a")
        seen.append(trace.wait("player-content-mode", after=i)["mode"])
    assert seen == ["fill", "stretch", "fit"]


def test_full_screen_keys_and_escape(play, media):
    app, win, trace = play(media / "bars.mp4")
    # It opens full screen over the feed.
    wait_until(lambda: "FULLSCREEN" in _net_wm_state(app), 5, what="full screen on open")
    app.key("f")
    wait_until(lambda: "FULLSCREEN" not in _net_wm_state(app), 5, what="f to leave full screen")
    app.key("F11")
    wait_until(lambda: "FULLSCREEN" in _net_wm_state(app), 5, what="F11 to enter full screen")
    # Esc leaves full screen first, then the player.
    i = press(app, trace, "Escape")
    wait_until(lambda: "FULLSCREEN" not in _net_wm_state(app), 5, what="Esc to leave full screen")
    assert not trace.named("player-close")
    i = press(app, trace, "Escape")
    trace.wait("player-close", after=i)
    app.find(win, role="label", name="bars", timeout=APP_TIMEOUT)  # its card in the feed
    app.screenshot("back-in-feed")


def test_statistics_and_picture_in_picture_keys(play, media):
    app, win, trace = play(media / "bars.mp4")
    app.key("ctrl+i")
    stats = app.find(win, role="label", name=re.compile(r"^Video: H\.264"), timeout=5)
    text = stats.name
    assert "640×360" in text and "30" in text, text
    assert "Dropped frames: " in text and "Buffer: " in text and "Bitrate: " in text, text
    # The path the pictures take: the decoder's I420 straight to libyuv.
    assert "Pixels: I420, libyuv" in text, text
    assert "Interlaced" not in text, text
    sd, bright = words_on_screen(app, stats, app.screenshot("statistics"))
    assert sd > 0.1 and bright > 0.02, f"the statistics are not visible (sd {sd:.3f}, bright {bright:.3f})"
    i = trace.count()
    app.key("ctrl+i")
    trace.wait("player-statistics", lambda e: e["shown"] == 0, after=i)
    i = press(app, trace, "p")
    trace.wait("pip-shown", after=i)  # test_pip.py follows it from there


def test_an_opened_file_is_in_the_desktops_recent_files(play, media, profile):
    """GNOME Files' Recent and the Shell read GTK's recent files list."""
    play(media / "short.mp4")
    recent = profile / "data" / "recently-used.xbel"
    uri = (media / "short.mp4").as_uri()
    wait_until(lambda: recent.exists() and uri in recent.read_text(), 10, what="the file in recently-used.xbel")
    text = recent.read_text()
    assert 'name="Reel"' in text or 'name="reel"' in text, text


def test_interlaced_video_is_deinterlaced_and_the_menu_turns_it_off(play, media, profile):
    app, win, trace = play(media / "interlaced.mp4")
    app.key("ctrl+i")
    stats = app.find(win, role="label", name=re.compile(r"^Video: H\.264"), timeout=5)
    wait_until(lambda: "Interlaced: deinterlaced" in stats.name, 5, what="the statistics to say it is deinterlaced")
    assert "Pixels: I420, libyuv" in stats.name, stats.name
    # More Options › Deinterlacing › Off: said in the statistics, kept.
    reveal(app)
    app.click(app.find(win, role="push button", name="More Options"))
    off = app.find(win, role="menu item", name="Off", timeout=5, visible=False)
    off.queryAction().doAction(0)
    wait_until(lambda: "Interlaced: shown as it is" in stats.name, 5, what="the statistics to say it is shown as it is")
    settings = profile / "config" / "glib-2.0" / "settings" / "keyfile"
    wait_until(lambda: "deinterlace='off'" in settings.read_text(), 5, what="the choice to be kept")


def test_telecined_film_is_shown_as_its_own_frames_and_says_so(play, media):
    app, win, trace = play(media / "telecined.mp4")
    app.key("ctrl+i")
    stats = app.find(win, role="label", name=re.compile(r"^Video: H\.264"), timeout=5)
    wait_until(lambda: "Interlaced: telecined, shown as 24 fps film" in stats.name, 15,
               what="the statistics to say the film is shown as its own frames")
    sd, bright = words_on_screen(app, stats, app.screenshot("telecined-statistics"))
    assert sd > 0.1 and bright > 0.02, f"the statistics are not visible (sd {sd:.3f}, bright {bright:.3f})"
    # Frames 1/24 s apart once ivtc is in (before it, half a second at field rate).
    wait_until(lambda: trace.last_pts() > 2.0, 10, what="two seconds of film")
    pts = [e["pts"] for e in trace.named("frame") if e["pts"] > 1.0]
    steps = [b - a for a, b in zip(pts, pts[1:])]
    assert steps and min(steps) > 0.040, f"pictures closer than a film frame apart: {steps}"


def test_controls_hide_after_idle_and_come_back_on_move(play, media):
    app, win, trace = play(media / "long.mp4")
    reveal(app)
    app.find(win, role="push button", name="Pause")
    hidden = trace.wait("player-controls", lambda e: e["shown"] == 0, timeout=8)
    app.screenshot("controls-hidden")
    reveal(app)
    trace.wait("player-controls", lambda e: e["shown"] == 1, after=trace.events().index(hidden))
    app.screenshot("controls-shown")


def test_buttons_do_what_they_say(play, media):
    app, win, trace = play(media / "long.mp4")
    reveal(app)
    i = trace.count()
    app.click(app.find(win, role="push button", name="Pause"))
    trace.wait("player-state", lambda e: e["state"] == "paused", after=i)
    reveal(app)
    before = trace.last_pts()
    i = trace.count()
    app.click(app.find(win, role="push button", name="Forward 15 Seconds"))
    target, landed = _seek_landing(trace, i)
    assert abs(target - (before + 15)) < 0.5
    reveal(app)
    i = trace.count()
    app.click(app.find(win, role="push button", name="Back 15 Seconds"))
    target, landed = _seek_landing(trace, i)
    assert abs(target - before) < 0.5
    # A click on the seek bar lands where it was clicked.
    reveal(app)
    bar = app.find(win, role="slider", name="Position")
    x, y, w, h = bar.queryComponent().getExtents(1)  # window coordinates
    geo = app.window_geometry(app.x_window())
    i = trace.count()
    app.desktop.xdotool("mousemove", "--sync", str(geo["x"] + x + w * 3 // 4), str(geo["y"] + y + h // 2))
    app.desktop.xdotool("click", "1")
    target, landed = _seek_landing(trace, i)
    assert 100 < target < 200, target
    assert abs(landed - target) <= 1 / 5 + 0.001
    reveal(app)
    i = trace.count()
    app.click(app.find(win, role="push button", name="Mute"))
    trace.wait("player-volume", lambda e: e["muted"] == 1, after=i)
    reveal(app)
    i = trace.count()
    app.click(app.find(win, role="push button", name="Back to the Feed"))
    trace.wait("player-close", after=i)


# ---------------------------------------------------------------------------
# the end of a video
# ---------------------------------------------------------------------------

def test_play_after_the_end_starts_again(play, media, profile):
    keyfile(profile, end_action="'stop'")
    app, win, trace = play(media / "short.mp4")
    trace.wait("player-state", lambda e: e["state"] == "ended", timeout=10)
    i = press(app, trace, "space")
    trace.wait("player-state", lambda e: e["state"] == "playing", after=i)
    wait_until(lambda: trace.frames_after(i), 5, what="frames after restarting")
    assert trace.frames_after(i)[0]["pts"] < 0.5


def test_end_action_loop(play, media, profile):
    keyfile(profile, end_action="'loop'")
    app, win, trace = play(media / "short.mp4")
    end = trace.wait("player-state", lambda e: e["state"] == "ended", timeout=10)
    i = trace.events().index(end)
    wait_until(lambda: any(f["pts"] < 0.5 for f in trace.frames_after(i)), 5, what="the clip to start over")


def test_end_action_close(play, media, profile):
    keyfile(profile, end_action="'close'")
    app, win, trace = play(media / "short.mp4")
    trace.wait("player-close", timeout=10)
    app.find(win, role="label", name="short", timeout=APP_TIMEOUT)


def test_end_action_next_plays_the_next_video_in_the_feed(launch_ready, media, profile, artifacts, window_manager):
    keyfile(profile, end_action="'next'")
    videos = profile / "home" / "Videos"
    videos.mkdir(parents=True, exist_ok=True)
    shutil.copy(media / "short.mp4", videos / "First.mp4")
    shutil.copy(media / "short.mp4", videos / "Second.mp4")
    trace = Trace(artifacts / "trace.jsonl")
    app, win = launch_ready(env={"REEL_TRACE": str(trace.path)})
    cards = [app.find(win, role="label", name=n, timeout=APP_TIMEOUT) for n in ("First", "Second")]
    app.click(cards[0])
    opened = trace.wait("player-open")
    trace.wait("player-open", lambda e: e["uri"] != opened["uri"], timeout=15)


# ---------------------------------------------------------------------------
# resume
# ---------------------------------------------------------------------------

def test_long_videos_offer_to_resume_where_they_were_left(play, media, profile):
    app, win, trace = play(media / "long.mp4")
    i = press(app, trace, "5")
    target, _ = _seek_landing(trace, i)
    app.quit()
    state = json.loads((profile / "state" / "reel" / "state.json").read_text())
    saved = state["playbackPositions"][(media / "long.mp4").as_uri()]
    assert abs(saved - target) < 3, (saved, target)

    app, win, trace = play(media / "long.mp4")
    resume = app.find(win, role="push button", name="Resume", timeout=5)
    app.find(win, name=re.compile(r"^Resume from 1:4\d\?$"))
    app.screenshot("resume-offer")
    i = trace.count()
    app.click(resume)
    target, landed = _seek_landing(trace, i)
    assert abs(target - saved) < 0.01


# ---------------------------------------------------------------------------
# errors
# ---------------------------------------------------------------------------

@pytest.mark.parametrize("name,message", [
    ("missing.mp4", "The file does not exist."),
    ("text.mp4", "This file is not a video."),
    ("truncated.mp4", "The file is damaged or incomplete."),
    # Told by its type, never opened: opening a pipe with no writer would
    # block the app for good.
    ("pipe.mp4", "This is not a file Reel can play: it is a pipe."),
    ("dangling.mp4", "This is a link to a file that does not exist any more."),
    ("folder.mp4", "This is a folder, not a video."),
])
def test_files_that_cannot_play_get_a_page_that_says_why(play, media, name, message):
    app, win, trace = play(media / name, wait_frame=False)
    heading = app.find(win, role="label", name="Cannot Play This Video", timeout=APP_TIMEOUT)
    # (The feed under the player may show the same words on the video's card.)
    reason = app.find(heading.parent, role="label", name=message)
    app.find(win, role="push button", name=re.compile(r"(^|\s)Retry$"))
    # The words are on the screen, not only in the accessible tree: light
    # text on the dark page (once the stack's page transition is over).
    def visible():
        shot = app.screenshot("error")
        return all(sd > 0.1 and bright > 0.02 for sd, bright in (words_on_screen(app, w, shot) for w in (heading, reason)))
    wait_until(visible, 5, what="the error's words on screen")
    assert not trace.named("frame"), "an error page must not follow frames that look like playback"
    error = trace.wait("player-error")
    # Retry tries again and says the same; Back returns to the feed.
    i = trace.count()
    app.click(app.find(win, role="push button", name=re.compile(r"(^|\s)Retry$")))
    trace.wait("player-error", after=i)
    app.click(app.find(win, role="push button", name=re.compile(r"(^|\s)Back$")))
    trace.wait("player-close")
    assert error["kind"]
    assert app.alive()


def test_a_codec_without_a_decoder_is_named(play, media):
    # The H.264 decoder is installed; rank NONE makes playbin skip it, as if not.
    app, win, trace = play(media / "bars.mp4", wait_frame=False,
                           env={"GST_PLUGIN_FEATURE_RANK": "avdec_h264:NONE,openh264dec:NONE"})
    app.find(win, role="label", name="Cannot Play This Video", timeout=APP_TIMEOUT)
    app.find(win, role="label", name=re.compile(r"No decoder is installed for H\.264"))
    app.screenshot("no-decoder")


def test_http_404_shows_the_status(play, media, tmp_path):
    from webserver import WebServer
    with WebServer(media, tmp_path / "nginx", statuses={"/gone.mp4": 404}) as server:
        app, win, trace = play(server.url("/gone.mp4"), wait_frame=False)
        app.find(win, role="label", name="Cannot Play This Video", timeout=APP_TIMEOUT)
        app.find(win, role="label", name=re.compile(r"404"))
        app.screenshot("http-404")


def test_a_remote_clip_plays_from_nginx(play, media, tmp_path):
    from webserver import WebServer
    with WebServer(media, tmp_path / "nginx") as server:
        app, win, trace = play(server.url("/bars.mp4"))
        wait_until(lambda: trace.last_pts() > 1, 10, what="a second of remote playback")


# ---------------------------------------------------------------------------
# sound
# ---------------------------------------------------------------------------

def test_sound_plays_as_a_video_stream(play, media, sound):
    app, win, trace = play(media / "bars.mp4")

    def ours():
        return [s for s in sound.sink_inputs() if str(s.get("application.process.id")) == str(app.pid)]
    wait_until(ours, 10, what="Reel's stream on the sound server")
    stream = ours()[0]
    assert stream.get("media.role") == "video", stream


def test_without_a_sound_server_video_still_plays_and_says_so_above_the_controls(play, media):
    from soundserver import NO_SOUND_ENV
    app, win, trace = play(media / "bars.mp4", env=dict(NO_SOUND_ENV))
    said = app.find(win, name="No sound output was found: the video plays without sound.", timeout=5)
    wait_until(lambda: trace.last_pts() > 1, 10, what="video without sound")
    # The toast sits above the control bar, never over its buttons.
    reveal(app)
    toast = said.parent  # its text and its close button
    box = window_extents(toast)
    geo = app.window_geometry(app.x_window())
    assert box[2] > 0 and 0 <= box[1] and box[1] + box[3] <= geo["h"], (box, geo)
    pause = app.find(win, role="push button", name="Pause")
    assert window_extents(pause)[1] >= box[1] + box[3], "the control bar is below the toast"
    app.screenshot("toast-above-controls")
    assert controls_under(win, box, inside=toast) == [], f"the toast at {box} covers controls"
    # The libraries do not shout on stderr before Reel says it in its words.
    assert foreign_log_lines(app.stderr_text()) == []


def test_dragging_the_seek_bar_lands_exactly_where_it_is_let_go(play, media):
    app, win, trace = play(media / "long.mp4")
    i = press(app, trace, "space")
    trace.wait("player-state", lambda e: e["state"] == "paused", after=i)
    reveal(app)
    bar = app.find(win, role="slider", name="Position")
    x, y, w, h = bar.queryComponent().getExtents(1)  # window coordinates
    geo = app.window_geometry(app.x_window())
    row = geo["y"] + y + h // 2
    i = trace.count()
    app.desktop.xdotool("mousemove", "--sync", str(geo["x"] + x + w // 5), str(row))
    app.desktop.xdotool("mousedown", "1")
    for fraction in (0.3, 0.4, 0.5, 0.6):
        app.desktop.xdotool("mousemove", "--sync", str(geo["x"] + x + int(w * fraction)), str(row))
        # A hand dragging, not a jump: the pointer rests a moment at each
        # place (the player seeks to keyframes while the drag goes on).
        time.sleep(0.1)
    app.desktop.xdotool("mouseup", "1")
    # While dragging the player jumps between keyframes; where the pointer
    # stops it lands on the exact frame.
    seeks = lambda: [e for e in trace.events()[i:] if e["event"] == "player-seek"]  # noqa: E731
    wait_until(lambda: any(e["accurate"] == 1 for e in seeks()), 5, what="the exact seek at the end of the drag")
    assert any(e["accurate"] == 0 for e in seeks()), seeks()
    final = [e for e in seeks() if e["accurate"] == 1][-1]
    assert 100 < final["target"] < 140, final  # ~60 % of 200 s
    # Paused: the one frame after the exact seek is where it landed (it may
    # reach the screen just before the bus says the seek is done).
    start = trace.events().index(final)
    wait_until(lambda: trace.frames_after(start), 5, what="the frame where the drag ended")
    assert abs(trace.frames_after(start)[0]["pts"] - final["target"]) <= 1 / 5 + 0.001


def test_leaving_the_player_returns_to_the_same_place_in_the_feed(launch_ready, media, profile, artifacts,
                                                                  window_manager):
    keyfile(profile, end_action="'stop'")
    videos = profile / "home" / "Videos"
    videos.mkdir(parents=True, exist_ok=True)
    for n in range(1, 41):
        shutil.copy(media / "short.mp4", videos / f"Clip {n:02d}.mp4")
    trace = Trace(artifacts / "trace.jsonl")
    app, win = launch_ready(env={"REEL_TRACE": str(trace.path)})
    app.find(win, role="label", name="Clip 01", timeout=APP_TIMEOUT)
    # Scroll well down the grid, then open a card that is on screen there.
    geo = app.window_geometry(app.x_window())
    # Two moves, each --sync: the pointer may already be at the first spot.
    x, y = geo["x"] + geo["w"] // 2, geo["y"] + geo["h"] // 2
    app.desktop.xdotool("mousemove", "--sync", str(x + 7), str(y + 5))
    app.desktop.xdotool("mousemove", "--sync", str(x), str(y))
    # A wheel's notches, as a hand turns them (xdotool's delay between them).
    app.desktop.xdotool("click", "--repeat", "12", "--delay", "50", "5")
    # The card in the middle of the scrolled view (its title shows there),
    # once the first cards have gone.
    middle = geo["h"] / 2

    def middle_card():
        labels = find_all(win, role="label", name=re.compile(r"^Clip \d\d$"))
        shown = [n for n in labels if 0 < n.queryComponent().getExtents(1)[1] < geo["h"]]
        card = min(shown, key=lambda n: abs(n.queryComponent().getExtents(1)[1] - middle))
        return card if card.name not in ("Clip 01", "Clip 02", "Clip 03") else None
    card = wait_until(middle_card, 5, what="the feed to scroll")
    name = card.name
    # Opening a video files it under Recent, which heads the feed, so the
    # cards before it move by one; the cards after it stay put if, and only
    # if, the scroll position is kept. The card below it is the witness.
    number = int(name.split()[1])
    witness_name = f"Clip {number + 3:02d}" if number + 3 <= 40 else f"Clip {number + 1:02d}"
    witness = app.find(win, role="label", name=witness_name, timeout=5, visible=False)
    before = witness.queryComponent().getExtents(1)
    app.screenshot("scrolled")
    app.click(card)
    trace.wait("player-first-frame")
    app.key("Escape")
    wait_until(lambda: "FULLSCREEN" not in _net_wm_state(app), 5, what="leaving full screen")
    app.key("Escape")
    trace.wait("player-stopped")
    witness = app.find(win, role="label", name=witness_name, timeout=5, visible=False)
    wait_until(lambda: witness.queryComponent().getExtents(1) == before, 5,
               what=f"{witness_name} back where it was ({before}, now {witness.queryComponent().getExtents(1)})")
    app.screenshot("back-at-the-same-place")
