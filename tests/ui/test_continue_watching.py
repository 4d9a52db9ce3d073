"""Continue Watching, driven through the real app: a video left part way
shows in the row above the feed with a line along its thumbnail's foot,
continues from the row where it was left, leaves the row when marked
watched (its card gets the mark), and Clear History (with its Undo) empties
the row; with the desktop's file history off nothing is kept, and turning
it back on is followed at once."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from a11y import check_screen
from a11y_fixtures import focus_on
from harness import APP_TIMEOUT, find_all, node_name, pixel, wait_until, window_extents, words_on_screen
from player_helpers import KEYFILE_GROUP, Trace, make_clip, net_wm_state, play, press, seek_landing, window_manager  # noqa: F401 (fixtures)

TITLE = "Long walk"
PRIVACY_GROUP = "[org/gnome/desktop/privacy]"


@pytest.fixture(scope="module")
def media(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("continue-media")
    # Over three minutes, so its position is remembered (resume's rule);
    # tiny and fast to make.
    make_clip(folder / f"{TITLE}.mp4", 200, 160, 90, 5)
    return folder


def state(profile: Path) -> dict:
    path = profile / "state" / "reel" / "state.json"
    return json.loads(path.read_text()) if path.exists() else {}


def back_to_feed(app, trace: Trace) -> int:
    """Esc leaves full screen, then the player; returns the trace position
    before the player closed."""
    app.key("Escape")
    wait_until(lambda: "FULLSCREEN" not in net_wm_state(app), 5, what="Esc to leave full screen")
    i = press(app, trace, "Escape")
    trace.wait("player-close", after=i)
    return i


def play_part_way(app, trace: Trace) -> float:
    """Seeks to the middle (the 5 key) and goes back to the feed; returns
    where the seek landed."""
    i = press(app, trace, "5")
    target, _ = seek_landing(trace, i)
    assert 90 < target < 110, target
    return target


def row_card(app, win):
    """The row's button for the video: named like its card, with how much
    was watched."""
    return app.find(win, role="push button", name=re.compile(rf"^{TITLE}, .*\d+ % watched$"), timeout=APP_TIMEOUT)


def test_continue_watching_row_mark_and_clear(play, launch_ready, media, profile, artifacts):
    app, win, trace = play(media / f"{TITLE}.mp4")
    landed = play_part_way(app, trace)
    i = back_to_feed(app, trace)
    shown = trace.wait("feed-continue-watching", lambda e: e["count"] == 1, after=i)
    assert shown["uris"] == (media / f"{TITLE}.mp4").as_uri()
    saved = state(profile)["playbackPositions"][(media / f"{TITLE}.mp4").as_uri()]
    assert abs(saved - landed) < 3, (saved, landed)

    # The row: its heading and the card, named with how much was watched,
    # both drawn on screen.
    heading = app.find(win, role="label", name="Continue Watching", timeout=APP_TIMEOUT)
    card = row_card(app, win)
    assert re.search(r", (4[5-9]|5[0-5]) % watched$", node_name(card)), node_name(card)
    line = [n for n in find_all(card, role="progress bar") if "watched" in node_name(n)]
    assert line, app.tree(card)

    def drawn():
        shot = app.screenshot("continue-row")
        sd, _ = words_on_screen(app, heading, shot)
        return sd > 0.1 and line_is_drawn(app, line[0], shot)
    wait_until(drawn, 10, what="the row's heading and its card's line on screen",
               on_timeout=lambda: f"line at {window_extents(line[0])} in {app.window_geometry(app.x_window())}")

    # Continuing from the row starts where the video was left, without asking.
    i = trace.count()
    app.click(card)
    trace.wait("player-open", after=i)
    target, _ = seek_landing(trace, i)
    assert abs(target - saved) < 0.01, (target, saved)
    assert not find_all(win, role="push button", name="Resume"), "the row's video asked whether to resume"
    i = back_to_feed(app, trace)
    trace.wait("feed-continue-watching", lambda e: e["count"] == 1, after=i)

    # Clear History in Preferences empties the row; its Undo brings it back.
    card = row_card(app, win)
    app.key("ctrl+comma")
    prefs = app.wait_window(name="Preferences")
    i = trace.count()
    app.click(app.find(prefs, role="push button", name="Clear", timeout=APP_TIMEOUT), window="Preferences")
    assert trace.wait("feed-history-cleared", after=i)["entries"] == 1
    trace.wait("feed-continue-watching", lambda e: e["count"] == 0, after=i)
    assert not state(profile)["playbackPositions"] and not state(profile)["watchHistory"]
    undo = app.find(prefs, role="push button", name="Undo", timeout=APP_TIMEOUT)
    app.screenshot("history-cleared")
    i = trace.count()
    app.click(undo, window="Preferences")
    trace.wait("feed-continue-watching", lambda e: e["count"] == 1, after=i)
    app.key("Escape", window="Preferences")
    wait_until(lambda: all(node_name(w) != "Preferences" for w in app.windows()), 5,
               what="the Preferences window to close")

    # The next start shows the row again, on the keyboard's way, each card
    # named and ringed.
    app.quit()
    trace = Trace(artifacts / "trace-next-start.jsonl")
    app, win = launch_ready(env={"REEL_TRACE": str(trace.path)})
    trace.wait("feed-continue-watching", lambda e: e["count"] == 1)
    row_card(app, win)
    app.focus()
    stops = check_screen(app, "Reel", win, artifacts)
    assert [s for s in stops if s.role == "push button" and re.match(rf"^{TITLE}, .* % watched$", s.name)], stops

    # Mark as Watched from the row's card's menu (the Menu key): out of the
    # row, the mark on its card.
    focus_on(app, "push button", re.compile(rf"^{TITLE}, "))
    park_pointer(app)
    app.key("Menu")
    item = app.find(win, role="menu item", name=re.compile("Mark as Watched"), timeout=APP_TIMEOUT, visible=False)
    i = trace.count()
    item.queryAction().doAction(0)
    marked = trace.wait("feed-continue-watching", lambda e: e["count"] == 0, after=i)
    assert marked["watched"] == 1 and marked["lines"] == 0, marked
    mark = app.find(win, role="label", name="Watched", timeout=APP_TIMEOUT)
    cell = app.find(win, role="table cell", name=re.compile(rf"^{TITLE}, .*, Watched$"))
    wait_until(lambda: not find_all(win, role="push button", name=re.compile(rf"^{TITLE}, ")), 5,
               what="the row's card to go")
    wait_until(lambda: words_on_screen(app, mark, app.screenshot("watched"))[0] > 0.1, 10,
               what="the watched mark on screen")
    assert cell

    # Mark as Unwatched from the grid's card: as if never played.
    app.click(cell, button=3)
    item = app.find(win, role="menu item", name=re.compile("Mark as Unwatched"), timeout=APP_TIMEOUT, visible=False)
    park_pointer(app)
    i = trace.count()
    item.queryAction().doAction(0)
    cleared = trace.wait("feed-continue-watching", lambda e: e["watched"] == 0, after=i)
    assert cleared["count"] == 0 and cleared["lines"] == 0, cleared
    assert (media / f"{TITLE}.mp4").as_uri() not in state(profile)["playbackPositions"]


def line_is_drawn(app, node, shot: Path) -> bool:
    """The line's watched part is in the accent colour (Adwaita's blue) and
    the rest is not: read across the progress bar's height, a tenth of its
    width in from each end (GTK 4.8's extents may be off by a few pixels,
    so a few more rows are read below)."""
    geo = app.window_geometry(app.x_window())
    x, y, w, h = window_extents(node)
    if w < 20 or h < 1:
        return False
    blue = lambda rgb: rgb[2] > 150 and rgb[2] - rgb[0] > 80  # noqa: E731
    rows = range(geo["y"] + y - 2, geo["y"] + y + h + 8)
    start = [pixel(shot, geo["x"] + x + w // 10, row) for row in rows]
    end = [pixel(shot, geo["x"] + x + w - w // 10, row) for row in rows]
    return any(blue(p) for p in start) and not any(blue(p) for p in end)


def test_nothing_is_kept_while_the_desktop_keeps_no_file_history(play, media, profile):
    keyfile = profile / "config" / "glib-2.0" / "settings" / "keyfile"
    keyfile.parent.mkdir(parents=True, exist_ok=True)
    keyfile.write_text(f"{KEYFILE_GROUP}\nshow-samples=false\nshow-preview-strip=false\n"
                       f"{PRIVACY_GROUP}\nremember-recent-files=false\n")
    app, win, trace = play(media / f"{TITLE}.mp4")
    play_part_way(app, trace)
    back_to_feed(app, trace)
    # The quit writes nothing more: what is in the file is all that was kept.
    app.quit()
    kept = state(profile)
    assert not kept.get("playbackPositions") and not kept.get("watchHistory") and not kept.get("recent"), kept
    assert all(e["count"] == 0 for e in trace.named("feed-continue-watching")), trace.named("feed-continue-watching")

    # Turned on while Reel runs (as GNOME Settings does): followed at once.
    app, win, trace = play(media / f"{TITLE}.mp4")
    i = trace.count()
    subprocess.run(["gsettings", "set", "org.gnome.desktop.privacy", "remember-recent-files", "true"],
                   env=app.env, check=True, timeout=30)
    assert trace.wait("feed-file-history", after=i)["on"] == 1
    play_part_way(app, trace)
    i = back_to_feed(app, trace)
    trace.wait("feed-continue-watching", lambda e: e["count"] == 1, after=i)
    row_card(app, win)


def park_pointer(app) -> None:
    """Moves the pointer onto the window's header bar, away from where a
    card's menu opens. GTK 4.8 starts its tooltip timer on whatever surface
    the pointer is over; a menu closed within that half second takes its
    surface with it, and the timer then asks the gone surface where the
    pointer is (two criticals, which the clean-run check rightly reports)."""
    geo = app.window_geometry(app.x_window())
    app.desktop.move_pointer(geo["x"] + geo["w"] // 2, geo["y"] + 12)
