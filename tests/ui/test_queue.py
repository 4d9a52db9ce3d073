"""The player's queue, driven as a person drives it: a video opened from a
filtered feed walks that feed (the buttons, Shift+N / Shift+P, mpv's < >,
the end action "Play the Next Video"), the title bar says where it is
("2 of 3"), and files opened together, or a playlist's entries, play in the
order given."""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest

from harness import APP_TIMEOUT, all_strings, find_all, states, wait_until, words_on_screen
from player_helpers import Trace, keyfile, reveal, window_manager  # noqa: F401 (fixtures)
from player_helpers import make_clip as _clip
from player_helpers import net_wm_state as _net_wm_state


@pytest.fixture(scope="module")
def media(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("queue-media")
    # Long enough that none ends while a test walks the queue.
    _clip(folder / "clip.mp4", 12, 320, 180, 30, pattern="ball")
    return folder


# The Videos folder: three whose titles hold "Harbour", one that does not.
NAMES = ["Harbour dawn", "Market", "Harbour noon", "Harbour dusk"]


def _fill_videos(profile: Path, media: Path, names=NAMES) -> None:
    videos = profile / "home" / "Videos"
    videos.mkdir(parents=True, exist_ok=True)
    for name in names:
        shutil.copy(media / "clip.mp4", videos / f"{name}.mp4")


def _name(uri: str) -> str:
    return Path(unquote(urlparse(uri).path)).stem


def _opened(trace: Trace, after: int) -> str:
    return _name(trace.wait("player-open", after=after)["uri"])


def _index(trace: Trace, name: str, pred=lambda e: True, after: int = 0) -> int:
    """Where the first event `name` at or after `after` is in the trace
    (waiting for it)."""
    trace.wait(name, pred, after=after)
    return next(n for n, e in enumerate(trace.events()) if n >= after and e["event"] == name and pred(e))


def _search_harbour(launch_ready, artifacts) -> tuple:
    """Reel on the Videos folder, searched for "harbour" as a person types
    it; (app, window, trace, the titles of the cards shown in the feed's
    order, its grid's reading order)."""
    trace = Trace(artifacts / "trace.jsonl")
    app, win = launch_ready(env={"REEL_TRACE": str(trace.path)})
    for name in NAMES:
        app.find(win, role="label", name=name, timeout=APP_TIMEOUT)
    app.key("ctrl+f")
    app.type_text("harbour")
    wait_until(lambda: "Market" not in all_strings(win), 5, what="the search to filter")
    order = [n.name for n in find_all(win, role="label", visible=True) if n.name in NAMES]
    assert sorted(order) == sorted(n for n in NAMES if "Harbour" in n), order
    return app, win, trace, order


def _wait_full_screen(app) -> None:
    wait_until(lambda: "FULLSCREEN" in _net_wm_state(app), 10, what="the window to go full screen")
    app.desktop.xdotool("windowactivate", "--sync", app.x_window())


def _place_shown(app, win, text: str) -> None:
    """The title bar says `text` ("2 of 3"), in the accessible tree and on
    the screen."""
    reveal(app)
    label = app.find(win, role="label", name=text, timeout=10)
    sd, bright = words_on_screen(app, label, app.screenshot("place"))
    assert sd > 0.1 and bright > 0.02, f"{text!r} is not visible (sd {sd:.3f}, bright {bright:.3f})"


def _button(app, win, name: str):
    reveal(app)
    return app.find(win, role="push button", name=name, timeout=10)


def test_next_and_previous_walk_the_filtered_feed_in_its_order(launch_ready, media, profile, artifacts,
                                                               window_manager):
    keyfile(profile, end_action="'stop'")
    _fill_videos(profile, media)
    app, win, trace, order = _search_harbour(launch_ready, artifacts)

    i = trace.count()
    app.click(app.find(win, role="label", name=order[0]))
    assert _opened(trace, i) == order[0]
    _wait_full_screen(app)
    _place_shown(app, win, "1 of 3")
    previous = _button(app, win, "Previous Video")
    assert "sensitive" not in states(previous), "Previous at the first video"

    # Shift+N, then the Next button: the feed's order, not the folder's.
    i = trace.count()
    app.key("shift+n")
    assert _opened(trace, i) == order[1]
    _place_shown(app, win, "2 of 3")
    i = trace.count()
    app.click(_button(app, win, "Next Video"))
    assert _opened(trace, i) == order[2]
    _place_shown(app, win, "3 of 3")
    wait_until(lambda: "sensitive" not in states(_button(app, win, "Next Video")), 5,
               what="Next to grey out at the last video")
    # Past the end nothing opens: the next video opened after this is the
    # one < asks for.
    i = trace.count()
    app.key("shift+n")
    app.key("greater")

    # mpv's < and the Previous button walk back.
    app.key("less")
    assert _opened(trace, i) == order[1]
    i = trace.count()
    app.click(_button(app, win, "Previous Video"))
    assert _opened(trace, i) == order[0]
    _place_shown(app, win, "1 of 3")
    i = trace.count()
    app.key("greater")
    assert _opened(trace, i) == order[1]
    i = trace.count()
    app.key("shift+p")
    assert _opened(trace, i) == order[0]
    assert "Market" not in [_name(e["uri"]) for e in trace.named("player-open")]


def test_the_end_action_next_follows_the_same_order_and_stops_at_the_end(launch_ready, media, profile,
                                                                         artifacts, window_manager, tmp_path):
    keyfile(profile, end_action="'next'")
    short = tmp_path / "short"
    short.mkdir()
    _clip(short / "clip.mp4", 2, 160, 90, 30, pattern="ball")
    _fill_videos(profile, short)
    app, win, trace, order = _search_harbour(launch_ready, artifacts)
    i = trace.count()
    app.click(app.find(win, role="label", name=order[1]))
    first = _index(trace, "player-open", after=i)
    assert _name(trace.events()[first]["uri"]) == order[1]
    assert _opened(trace, first + 1) == order[2]
    # The last one ends and nothing more opens: the queue is over. Two
    # presses of M go through the main loop after the end; an opening
    # queued at the end would come before them.
    last = _index(trace, "player-open", lambda e: _name(e["uri"]) == order[2], after=i)
    ended = _index(trace, "player-state", lambda e: e["state"] == "ended", after=last)
    app.key("m")
    trace.wait("player-volume", after=ended)
    app.key("m")
    done = _index(trace, "player-volume", lambda e: e["muted"] == 0, after=ended)
    assert not [e for e in trace.events()[ended:done] if e["event"] == "player-open"], "a video opened after the last"


def test_files_opened_together_play_in_their_order(launch_ready, media, profile, artifacts, window_manager,
                                                   tmp_path):
    keyfile(profile, end_action="'stop'")
    first, second = tmp_path / "zebra.mp4", tmp_path / "apple.mkv"
    shutil.copy(media / "clip.mp4", first)
    shutil.copy(media / "clip.mp4", second)
    trace = Trace(artifacts / "trace.jsonl")
    app, win = launch_ready(args=[str(first), str(second)], env={"REEL_TRACE": str(trace.path)})
    assert _opened(trace, 0) == "zebra"
    _wait_full_screen(app)
    _place_shown(app, win, "1 of 2")
    i = trace.count()
    app.key("shift+n")
    assert _opened(trace, i) == "apple"
    _place_shown(app, win, "2 of 2")


def test_one_video_alone_shows_no_queue(launch_ready, media, profile, artifacts, window_manager):
    keyfile(profile, end_action="'stop'")
    trace = Trace(artifacts / "trace.jsonl")
    app, win = launch_ready(args=[str(media / "clip.mp4")], env={"REEL_TRACE": str(trace.path)})
    trace.wait("player-first-frame")
    _wait_full_screen(app)
    reveal(app)
    app.find(win, role="push button", name="Pause", timeout=10)
    assert not find_all(win, role="push button", name="Next Video", visible=True)
    assert not find_all(win, role="push button", name="Previous Video", visible=True)
    assert not [s for s in all_strings(win) if s.endswith(" of 1")]


def test_mpris_next_and_previous_follow_the_queue(launch_ready, media, profile, artifacts, window_manager,
                                                  tmp_path, desktop):
    from test_mpris import PLAYER, Client
    keyfile(profile, end_action="'stop'")
    first, second = tmp_path / "one.mp4", tmp_path / "two.mp4"
    shutil.copy(media / "clip.mp4", first)
    shutil.copy(media / "clip.mp4", second)
    trace = Trace(artifacts / "trace.jsonl")
    client = Client()
    try:
        app, win = launch_ready(args=[str(first), str(second)], env={"REEL_TRACE": str(trace.path)})
        assert _opened(trace, 0) == "one"
        trace.wait("player-first-frame")
        wait_until(lambda: client.get(PLAYER, "CanGoNext"), 10, what="CanGoNext")
        assert not client.get(PLAYER, "CanGoPrevious")
        i, s = trace.count(), client.mark()
        client.player("Next")
        assert _opened(trace, i) == "two"
        client.wait_change("CanGoPrevious", True, after=s)
        assert not client.get(PLAYER, "CanGoNext")
        # Next at the end does nothing; Previous goes back.
        i, s = trace.count(), client.mark()
        client.player("Next")
        client.player("Previous")
        assert _opened(trace, i) == "one"
        client.wait_change("CanGoNext", True, after=s)
        assert not client.get(PLAYER, "CanGoPrevious")
        # LoopStatus "Playlist" repeats the queue (the end action Repeat the
        # Queue): Previous at the first goes round to the last, and back.
        from gi.repository import GLib
        s = client.mark()
        client.set(PLAYER, "LoopStatus", GLib.Variant("s", "Playlist"))
        client.wait_change("LoopStatus", "Playlist", after=s)
        client.wait_change("CanGoPrevious", True, after=s)
        settings = profile / "config" / "glib-2.0" / "settings" / "keyfile"
        wait_until(lambda: "end-action='repeat-queue'" in settings.read_text(), 5, what="the end action kept")
        i = trace.count()
        client.player("Previous")
        assert _opened(trace, i) == "two"
        wait_until(lambda: client.get(PLAYER, "CanGoNext"), 10, what="CanGoNext at the last, going round")
        i = trace.count()
        client.player("Next")
        assert _opened(trace, i) == "one"
    finally:
        client.close()


def test_a_playlist_opens_as_its_queue_and_names_what_it_leaves_out(launch_ready, media, profile, artifacts,
                                                                    window_manager, tmp_path):
    """An XSPF playlist from the command line: its entries are the queue
    (a relative one, one from an M3U it names, an absolute path there);
    a missing file, a pipe named like a video and the M3U's way back to
    the XSPF are left out, the first by its title, and none of them is
    opened (a pipe opened for reading would hang the reader)."""
    keyfile(profile, end_action="'stop'")
    videos, lists = tmp_path / "my videos", tmp_path / "lists"
    videos.mkdir()
    lists.mkdir()
    for name in ["zebra.mp4", "apple.mkv", "pear.mp4"]:
        shutil.copy(media / "clip.mp4", videos / name)
    os.mkfifo(videos / "pipe.mp4")
    (lists / "trip.xspf").write_text(f"""<?xml version="1.0" encoding="UTF-8"?>
<playlist version="1" xmlns="http://xspf.org/ns/0/"><trackList>
  <track><title>Zebra crossing</title><location>../my%20videos/zebra.mp4</location></track>
  <track><title>The missing one</title><location>../my%20videos/gone.mp4</location></track>
  <track><location>more.m3u</location></track>
  <track><location>{(videos / 'pipe.mp4').as_uri()}</location></track>
</trackList></playlist>
""")
    (lists / "more.m3u").write_text(f"#EXTM3U\n../my videos/apple.mkv\ntrip.xspf\n{videos / 'pear.mp4'}\n")
    trace = Trace(artifacts / "trace.jsonl")
    app, win = launch_ready(args=[str(lists / "trip.xspf")], env={"REEL_TRACE": str(trace.path)})
    assert _opened(trace, 0) == "zebra"
    skipped = trace.wait("playlist-skipped")
    assert skipped["count"] == 3 and not skipped["truncated"], skipped
    toast = app.find(win, name=re.compile("The missing one.* in the playlist is missing or is not a video file\\. "
                                          "2 more entries were left out\\."), timeout=APP_TIMEOUT)
    sd, bright = words_on_screen(app, toast, app.screenshot("playlist-toast"))
    assert sd > 0.1, f"the toast's words are not visible (sd {sd:.3f})"
    _wait_full_screen(app)
    _place_shown(app, win, "1 of 3")
    # The title the playlist gives it, rather than its file's name.
    reveal(app)
    title = app.find(win, role="label", name="Zebra crossing", timeout=10)
    sd, _ = words_on_screen(app, title, app.screenshot("playlist-title"))
    assert sd > 0.1, f"the playlist's title is not visible (sd {sd:.3f})"
    i = trace.count()
    app.key("shift+n")
    assert _opened(trace, i) == "apple"
    _place_shown(app, win, "2 of 3")
    i = trace.count()
    app.key("shift+n")
    assert _opened(trace, i) == "pear"
    assert not [e for e in trace.named("player-open") if "pipe" in e["uri"] or "gone" in e["uri"]]
    assert app.alive()


def _card_menu(app, win, title: str, item: str) -> None:
    """Chooses `item` on the menu of the card `title`, opened with a right
    click and driven by keyboard from its first item."""
    app.click(app.find(win, role="label", name=title, timeout=APP_TIMEOUT), button=3)
    app.find(win, role="menu item", name=item, timeout=5)
    wait_until(lambda: "focused" in states(app.find(win, role="menu item", name="Play")), 5,
               what="the menu to take the focus")
    items = [n.name for n in find_all(win, role="menu item", visible=True)]
    app.key(*(["Down"] * items.index(item)), "Return")


def test_play_next_and_add_to_queue_from_a_card_while_the_mini_window_plays(launch_ready, media, profile, artifacts,
                                                                           window_manager, tmp_path, desktop):
    """With a video in the mini window, the feed's cards go into its queue:
    Add to Queue at the end, Play Next right after it (said on a toast);
    MPRIS's Next then walks that order."""
    from test_mpris import PLAYER, Client
    keyfile(profile, end_action="'stop'")
    _fill_videos(profile, media)
    trace = Trace(artifacts / "trace.jsonl")
    client = Client()
    try:
        app, win = launch_ready(env={"REEL_TRACE": str(trace.path)})
        app.desktop.xdotool("windowactivate", "--sync", app.x_window())
        _card_menu(app, win, "Market", "Play in Picture in Picture")
        trace.wait("pip-shown")
        assert _opened(trace, 0) == "Market"
        trace.wait("player-first-frame")
        app.desktop.xdotool("windowactivate", "--sync", app.x_window())
        i = trace.count()
        _card_menu(app, win, "Harbour dawn", "Add to Queue")
        queued = trace.wait("player-queue", after=i)
        assert _name(queued["next"]) == "Harbour dawn", queued
        toast = app.find(win, name=re.compile("Harbour dawn.* was added to the queue\\."), timeout=APP_TIMEOUT)
        sd, _ = words_on_screen(app, toast, app.screenshot("added-to-queue"))
        assert sd > 0.1, f"the toast's words are not visible (sd {sd:.3f})"
        i = trace.count()
        _card_menu(app, win, "Harbour noon", "Play Next")
        queued = trace.wait("player-queue", after=i)
        # The queue was the feed (all four) from the start: moved, not added twice.
        assert _name(queued["next"]) == "Harbour noon" and queued["count"] == len(NAMES), queued
        app.find(win, name=re.compile("Harbour noon.* plays next\\."), timeout=APP_TIMEOUT)
        played = []
        while client.get(PLAYER, "CanGoNext") or not played:
            wait_until(lambda: client.get(PLAYER, "CanGoNext"), 10, what="CanGoNext")
            i = trace.count()
            client.player("Next")
            played.append(_opened(trace, i))
            trace.wait("player-first-frame", after=i)
        assert played[0] == "Harbour noon" and played[-1] == "Harbour dawn", played
        assert len(set(played)) == len(played), f"a video came twice: {played}"
    finally:
        client.close()


def test_the_queue_is_saved_as_a_playlist_that_opens_again(launch_ready, media, profile, artifacts, window_manager,
                                                           tmp_path):
    """More Options › Save Queue…: the queue in order as XSPF, the
    videos' addresses exactly as
    opened, their titles; a folder that cannot be written to is said in
    words. The file
    reads back with the same videos in order."""
    from player_helpers import menu_item
    import xml.etree.ElementTree as ET
    keyfile(profile, end_action="'stop'")
    first, second = tmp_path / "zebra & co.mp4", tmp_path / "apple.mkv"
    shutil.copy(media / "clip.mp4", first)
    shutil.copy(media / "clip.mp4", second)
    trace = Trace(artifacts / "trace.jsonl")
    app, win = launch_ready(args=[str(first), str(second)], env={"REEL_TRACE": str(trace.path)})
    assert _opened(trace, 0) == "zebra & co"
    _wait_full_screen(app)
    saved_as = tmp_path / "lists" / "Our Trip.xspf"
    saved_as.parent.mkdir()

    def save(path: Path) -> dict:
        i = trace.count()
        menu_item(app, win, "More Options", "Save Queue…").queryAction().doAction(0)
        app.x_window("Save Queue")
        app.key("ctrl+a", window="Save Queue")
        app.type_text(str(path), window="Save Queue")
        app.key("Return", window="Save Queue")
        return trace.wait("player-queue-saved", after=i)

    saved = save(saved_as)
    assert saved["path"] == str(saved_as) and saved["count"] == 2, saved
    toast = app.find(win, name=re.compile("The queue was saved as .*Our Trip\\.xspf"), timeout=APP_TIMEOUT)
    sd, _ = words_on_screen(app, toast, app.screenshot("queue-saved"))
    assert sd > 0.1, f"the toast's words are not visible (sd {sd:.3f})"
    space = {"x": "http://xspf.org/ns/0/"}
    root = ET.parse(saved["path"]).getroot()
    locations = [e.text for e in root.findall("x:trackList/x:track/x:location", space)]
    opened = trace.named("player-open")[0]["uri"]
    assert locations[0] == opened, (locations, opened)
    assert [unquote(urlparse(u).path) for u in locations] == [str(first), str(second)], locations
    assert [e.text for e in root.findall("x:trackList/x:track/x:title", space)] == ["zebra & co", "apple"]
    # Where nothing can be written (not even by root): words, and no file.
    failed = save(Path("/proc/q.m3u"))
    assert "error" in failed, failed
    app.find(win, name=re.compile("The queue could not be saved as .*q\\.m3u"), timeout=APP_TIMEOUT)
