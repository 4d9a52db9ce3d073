"""A part of a video marked in the player, as a person marks it: I on one
frame, O on a later one (the keys the movie page trims with), the part
shown over the seek bar, looped without a seam (every presented frame in
the trace, none repeated or skipped where the end joins the start), then
added to a new movie from the part's menu: the clip is trimmed to the
marked frames."""

from __future__ import annotations

import json
import re
from urllib.parse import unquote

from harness import APP_TIMEOUT, find_all, wait_until
from player_helpers import FRAME, Trace, play, press, reveal, window_manager  # noqa: F401 (fixtures)
from player_helpers import seek_landing
from test_movie import movies_folder, visible
from test_player import media  # noqa: F401 (a fixture)


def step_to(app, trace: Trace, frames: int) -> float:
    """Steps forward `frames` frames, paused; the frame then on screen."""
    for _ in range(frames):
        i = press(app, trace, "period")
        trace.wait("player-step", after=i)
        wait_until(lambda: trace.frames_after(i), 5, what="the next frame")
    return trace.last_pts()


def last_part(trace: Trace) -> dict:
    return trace.named("player-part")[-1]


def mark_part(app, trace: Trace) -> tuple:
    """Pauses at the start and marks frames 15 to 45; their times."""
    i = press(app, trace, "space")
    trace.wait("player-state", lambda e: e["state"] == "paused", after=i)
    i = press(app, trace, "Home")
    seek_landing(trace, i)
    start = step_to(app, trace, 15)
    i = press(app, trace, "i")
    trace.wait("player-part", lambda e: e["start"] >= 0, after=i)
    end = step_to(app, trace, 30)
    i = press(app, trace, "o")
    trace.wait("player-part", lambda e: e["end"] >= 0, after=i)
    return start, end


def add_to_new_movie(app, win) -> None:
    reveal(app)
    app.click(app.find(win, role="push button", name="Add This Part to a Movie"))
    item = app.find(win, role="menu item", name="Add to a New Movie", timeout=5, visible=False)
    item.queryAction().doAction(0)


def test_a_part_is_marked_looped_seamlessly_and_added_to_a_new_movie(play, media, profile):  # noqa: F811
    app, win, trace = play(media / "bars.mp4")
    start, end = mark_part(app, trace)
    part = last_part(trace)
    assert abs(part["start"] - start) < 0.001, (part, start)
    assert abs(part["end"] - end) < 0.001 and abs(part["to"] - (end + FRAME)) < 0.001, (part, end)

    # The part's row over the seek bar, in words a person sees.
    reveal(app)
    label = app.find(win, role="label", name="Part 0:00 – 0:01", timeout=APP_TIMEOUT)
    visible(app, label, "part-row")

    # Shift+L loops it; played, the end joins the start twice over.
    i = press(app, trace, "shift+l")
    trace.wait("player-loop", lambda e: e["start"] >= 0, after=i)
    press(app, trace, "space")
    trace.wait("player-loop-join", after=i)
    second = trace.wait("player-loop-join", after=trace.at(trace.wait("player-loop-join", after=i)) + 1)
    wait_until(lambda: len(trace.frames_after(trace.at(second))) > 40, APP_TIMEOUT, what="the part shown once more")
    shown = [f["pts"] for f in trace.frames_after(trace.at(trace.wait("player-loop-join", after=i)))]
    joins = 0
    for before, after in zip(shown, shown[1:]):
        if after < before:
            joins += 1
            assert abs(before - end) < 0.001 and abs(after - start) < 0.001, ("the join", before, after)
        else:
            assert abs(after - before - FRAME) < 0.001, ("a frame repeated or skipped", before, after, shown)
    assert joins >= 1, shown
    app.screenshot("looping")

    # Add This Part to a Movie › Add to a New Movie: the clip is the part.
    add_to_new_movie(app, win)
    added = trace.wait("player-part-added")
    assert abs(added["start"] - start) < 0.001 and abs(added["end"] - (end + FRAME)) < 0.001, (added, start, end)
    note = app.find(win, name="The part of “bars” was added to the movie.", timeout=APP_TIMEOUT)
    visible(app, note, "part-added")
    saved = movies_folder(profile) / f"{added['movie']}.json"
    wait_until(saved.exists, APP_TIMEOUT, what="the new movie saved")
    clip = json.loads(saved.read_text())["clips"][0]
    assert clip["uri"].endswith("/bars.mp4"), clip
    assert abs(clip["trimIn"] / 1e9 - start) < 0.001 and abs(clip["trimOut"] / 1e9 - (end + FRAME)) < 0.001, (clip, start, end)


def test_a_web_videos_part_is_saved_then_added_and_a_dead_server_is_said(play, media, profile, tmp_path):  # noqa: F811
    from webserver import WebServer
    server = WebServer(media, tmp_path / "nginx").start()
    try:
        app, win, trace = play(server.url("/bars.mp4"))
        start, end = mark_part(app, trace)
        add_to_new_movie(app, win)
        trace.wait("player-part-saving")
        saved = trace.wait("player-part-saved", timeout=120)
        assert "path" in saved, saved
        added = trace.wait("player-part-added")
        assert unquote(added["uri"]) == "file://" + saved["path"], (added, saved)
        assert saved["path"].split("/")[-1].startswith("Part "), saved
        note = app.find(win, name="The part of “bars.mp4” was added to the movie.", timeout=APP_TIMEOUT)
        visible(app, note, "web-part-added")
        movie = movies_folder(profile) / f"{added['movie']}.json"
        wait_until(movie.exists, APP_TIMEOUT, what="the new movie saved")
        clip = json.loads(movie.read_text())["clips"][0]
        # The saved file is the part: the clip is all of it.
        assert clip["trimIn"] == 0, clip
        assert abs(clip["trimOut"] / 1e9 - (end + FRAME - start)) < 1.5 * FRAME, (clip, start, end)

        # The server gone, a second part cannot be saved: said in words,
        # and the row offers Add again.
        server.stop()
        i = trace.count()
        add_to_new_movie(app, win)
        failed = trace.wait("player-part-saved", after=i, timeout=120)
        assert failed.get("problem") == "unreachable", failed
        port = server.url("/").split(":")[2].split("/")[0]
        words = app.find(win, name=f"“127.0.0.1:{port}” could not be reached, so the part was not saved.", timeout=APP_TIMEOUT)
        visible(app, words, "web-part-unreachable")
        app.find(win, role="push button", name="Add This Part to a Movie", timeout=APP_TIMEOUT)
    finally:
        server.stop()


def test_a_marked_part_becomes_a_vertical_slow_movie_and_a_gif(play, media, profile):  # noqa: F811
    """The whole way: a part marked in the player, added to a new movie,
    opened from the toast; there 9:16, Fill and 0.5×, exported as a GIF
    and, under 8 MB, as an MP4 that plays in Reel."""
    from test_movie import Gst, GstPbutils, saved_edit
    from test_movie_framing import LIMITS, SHAPES, choose
    from test_movie_gif import FORMATS
    from test_movie_speed import SPEEDS

    app, win, trace = play(media / "bars.mp4")
    start, end = mark_part(app, trace)
    add_to_new_movie(app, win)
    trace.wait("player-part-added")
    app.click(app.find(win, role="push button", name="Edit the Movie", timeout=APP_TIMEOUT))
    trace.wait("window-page", lambda e: e["page"] == "movie")
    clip = lambda: saved_edit(profile)["clips"][0]  # noqa: E731
    assert abs(clip()["trimIn"] / 1e9 - start) < 0.001, clip()

    app.click(app.find(win, role="check box", name="Fill the Frame", timeout=APP_TIMEOUT))
    wait_until(lambda: clip().get("framing", {}).get("fill") is True, APP_TIMEOUT, what="the fill saved")
    choose(app, win, "Speed", None, "0.5×", SPEEDS, lambda: clip().get("speed") == 0.5, current=SPEEDS.index("Normal"))
    choose(app, win, "Shape", "alt+h", "Vertical (9:16)", SHAPES, lambda: saved_edit(profile).get("shape") == "vertical")
    app.screenshot("part-vertical-slow")

    # As a GIF: twice the part's frames at half speed, on the GIF's clock.
    choose(app, win, "Format", "alt+f", "Animated GIF (No Sound)", FORMATS,
           lambda: saved_edit(profile).get("gif") is not None)
    i = trace.count()
    app.key("ctrl+e")
    # The export's own end, not the toast's words: the first export's toast
    # may still be on screen when the second starts.
    trace.wait("movie-export", lambda e: e["state"] == "saved", after=i, timeout=120)
    app.find(win, role="label", name=re.compile(r"was saved in Videos$"), timeout=APP_TIMEOUT)
    videos = profile / "home" / "Videos" / "Reel"
    gif = list(videos.glob("*.gif"))
    assert len(gif) == 1 and gif[0].read_bytes()[:6] == b"GIF89a", gif

    # Back to MP4, under 8 MB: it plays in Reel from the toast.
    app.click(app.find(win, role="push button", name="Undo"))
    wait_until(lambda: saved_edit(profile).get("gif") is None, APP_TIMEOUT, what="back to a video")
    choose(app, win, "Fit Under", "alt+u", "8 MB", LIMITS, lambda: saved_edit(profile).get("sizeLimit") == 8)
    i = trace.count()
    app.key("ctrl+e")
    trace.wait("movie-export", lambda e: e["state"] == "saved", after=i, timeout=120)
    made = list(videos.glob("*.mp4"))
    assert len(made) == 1 and made[0].stat().st_size <= 8_000_000, made
    info = GstPbutils.Discoverer.new(15 * Gst.SECOND).discover_uri(Gst.filename_to_uri(str(made[0])))
    video = info.get_video_streams()[0]
    assert video.get_height() > video.get_width(), (video.get_width(), video.get_height())
    assert abs(info.get_duration() / Gst.SECOND - 2 * (end + FRAME - start)) < 0.1, info.get_duration()
    i = trace.count()
    # The toast's Play, not the preview's (the toast is drawn over the page).
    wait_until(lambda: len(find_all(win, role="push button", name="Play", visible=True)) >= 2, APP_TIMEOUT,
               what="the toast's Play")
    app.click(find_all(win, role="push button", name="Play", visible=True)[-1])
    trace.wait("player-open", lambda e: e["uri"].endswith(made[0].name.replace(" ", "%20")), after=i)
    trace.wait("player-first-frame", after=i)
