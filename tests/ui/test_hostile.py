"""Hostile input, made at test time: special files named like videos (a
pipe, a socket, a device, a folder, a link to nothing) from the command
line, a catalog and its strip clips; a Matroska file in the Videos folder;
titles that try to reorder their text with direction overrides; catalog
entries that are refused. At each step the window keeps answering (AT-SPI
within two seconds) and the expected words are on screen.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import subprocess
import threading
from pathlib import Path

import pytest

from harness import APP_TIMEOUT, all_strings, find_all, wait_until, words_on_screen
from player_helpers import make_clip

PIPE = "This is not a file Reel can play: it is a pipe."
SOCKET = "This is not a file Reel can play: it is a socket."
DEVICE = "This is not a file Reel can play: it is a device."
FOLDER = "This is a folder, not a video."
BROKEN_LINK = "This is a link to a file that does not exist any more."


@pytest.fixture(scope="module")
def clip(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("hostile-media") / "good.mp4"
    make_clip(path, 2, 320, 180, 30, pattern="ball")
    return path


def special_files(folder: Path) -> dict:
    """name → words its card must show. The socket stays bound (and open)
    while the folder lives."""
    folder.mkdir(parents=True, exist_ok=True)
    os.mkfifo(folder / "pipe.mp4")
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    server.bind(str(folder / "socket.mp4"))
    special_files.sockets.append(server)
    (folder / "zero.mp4").symlink_to("/dev/zero")
    (folder / "dangling.mp4").symlink_to(folder / "gone.mp4")
    (folder / "folder.mp4").mkdir()
    return {"pipe.mp4": PIPE, "socket.mp4": SOCKET, "zero.mp4": DEVICE, "dangling.mp4": BROKEN_LINK,
            "folder.mp4": FOLDER}


special_files.sockets = []


def answers(app, win) -> None:
    """The main thread is free: a fresh AT-SPI read of the whole window
    comes back with its words (a hung app fails it: AT-SPI's calls time
    out). No timing bound: a loaded machine makes any one drift."""
    assert all_strings(win), "the window answered with no words"
    assert app.alive()


def test_a_pipe_on_the_command_line_is_said_and_the_app_answers(launch_ready, tmp_path):
    special_files(tmp_path)
    app, win = launch_ready(args=[str(tmp_path / "pipe.mp4")])
    heading = app.find(win, role="label", name="Cannot Play This Video", timeout=APP_TIMEOUT)
    reason = app.find(heading.parent, role="label", name=PIPE)
    answers(app, win)
    # Visible once the stack's page transition is over.
    wait_until(lambda: (lambda sd, bright: sd > 0.1 and bright > 0.02)(*words_on_screen(app, reason, app.screenshot("pipe"))),
               5, what="the reason visible on screen")
    # Back to the feed, where the pipe's card says the same; Ctrl+Q quits.
    app.key("Escape")
    app.key("Escape")
    wait_until(lambda: find_all(win, name=f"pipe, {PIPE}", visible=True), 10, what="the feed with the pipe's card")
    answers(app, win)
    app.key("ctrl+q")
    assert app.wait_exit().returncode == 0


def test_subtitle_files_that_are_pipes_or_huge_are_passed_over(launch_ready, tmp_path, clip):
    """Beside a video: a pipe named like its subtitle file (reading it
    would wait for a writer for ever), a device and a 30 MB file. The
    video plays, the window answers, the Subtitles menu lists none of
    them, and the proper file in a Subs folder is what shows."""
    shutil.copy(clip, tmp_path / "Film.mp4")
    os.mkfifo(tmp_path / "Film.srt")
    (tmp_path / "Film.de.srt").symlink_to("/dev/zero")
    with open(tmp_path / "Film.fr.srt", "wb") as huge:
        huge.write(b"1\n00:00:00,000 --> 00:00:02,000\nBeaucoup\n\n" * 700_000)
    (tmp_path / "Subs").mkdir()
    (tmp_path / "Subs" / "Film.srt").write_text("1\n00:00:00,100 --> 00:00:09,000\nThe one proper line\n")
    app, win = launch_ready(args=[str(tmp_path / "Film.mp4")])
    app.find(win, role="label", name="The one proper line", timeout=APP_TIMEOUT)
    answers(app, win)
    app.key("space")  # paused, so the menu stays put
    app.click(app.find(win, role="push button", name="Subtitles", timeout=APP_TIMEOUT))
    app.find(win, role="menu item", name="Off", timeout=APP_TIMEOUT)
    items = [n.name for n in find_all(win, role="menu item", visible=False)]
    assert "Film.srt" in items, items  # the one in Subs
    assert not [name for name in items if "Film.de.srt" in name or "Film.fr.srt" in name], items
    app.screenshot("subtitles-menu")
    app.key("Escape")
    answers(app, win)


def test_a_catalog_of_special_files_loads_and_says_what_each_is(launch_ready, tmp_path, clip):
    words = special_files(tmp_path)
    shutil.copy(clip, tmp_path / "good.mp4")
    entries = [{"title": f"Entry {name}", "local": name} for name in words]
    entries.append({"title": "Good one", "local": "good.mp4"})
    catalog = tmp_path / "hostile.json"
    # The strip's clips are special files too: it must not open them.
    catalog.write_text(json.dumps({"entries": entries, "clips": list(words)}))
    app, win = launch_ready(args=[str(catalog)], strip=True)
    app.find(win, role="label", name="Good one", timeout=APP_TIMEOUT)
    for name, said in words.items():
        app.find(win, name=f"Entry {name}, {said}", timeout=APP_TIMEOUT)
        answers(app, win)
    app.screenshot("special-cards")
    # A second start with the same remembered feed starts just as well.
    app.key("ctrl+q")
    assert app.wait_exit().returncode == 0


def test_a_matroska_file_in_the_videos_folder_is_listed(launch_ready, profile, clip):
    videos = profile / "home" / "Videos"
    videos.mkdir(parents=True, exist_ok=True)
    # Remuxed into Matroska (its bytes sniff as application/x-matroska).
    subprocess.run(["gst-launch-1.0", "-q", "filesrc", f"location={clip}", "!", "qtdemux", "!", "h264parse", "!",
                    "matroskamux", "!", "filesink", f"location={videos / 'holiday.mkv'}"], check=True, timeout=60)
    app, win = launch_ready()
    app.find(win, role="label", name="holiday", timeout=APP_TIMEOUT)
    card = app.find(win, name=re.compile(r"^holiday, Videos, 0:0[12]$"), timeout=APP_TIMEOUT)
    assert card is not None


def test_direction_overrides_cannot_disguise_a_title(launch_ready, tmp_path, clip):
    shutil.copy(clip, tmp_path / "a.mp4")
    catalog = tmp_path / "bidi.json"
    catalog.write_text(json.dumps({"entries": [
        {"title": "rtl \u202egnp.exe", "local": "a.mp4"},
        {"title": "Ftp", "remote": "ftp://example.org/a.mp4"},
        {"title": "Script", "remote": "javascript:alert(1)"},
        {"title": "Data", "remote": "data:video/mp4;base64,AAAA"},
    ]}, ensure_ascii=False))
    app, win = launch_ready(args=[str(catalog)])
    app.find(win, role="label", name="rtl gnp.exe", timeout=APP_TIMEOUT)
    # The refused entries are counted where the user sees them, not only on
    # stderr: looked for first, while the toast shows (it leaves after 5 s;
    # the walk of every string below can take longer on a loaded machine).
    toast = app.find(win, name=re.compile(r"^3 entries of the catalog .bidi\.json. were skipped, for example: "),
                     timeout=APP_TIMEOUT)
    assert toast is not None
    assert not [s for s in all_strings(win, visible_only=False) if "\u202e" in s], "an override reached the screen"
    assert not find_all(win, role="label", name="Ftp")


class SilentServer:
    """Takes connections on 127.0.0.1 and never answers (a hung server)."""

    def __init__(self):
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(16)
        self.sock.settimeout(0.2)
        self.port = self.sock.getsockname()[1]
        self.held: list = []
        self.running = True
        self.thread = threading.Thread(target=self._accept, daemon=True)
        self.thread.start()

    def _accept(self):
        while self.running:
            try:
                self.held.append(self.sock.accept()[0])
            except OSError:
                continue

    def close(self):
        self.running = False
        self.thread.join(2)
        for conn in self.held:
            conn.close()
        self.sock.close()


def test_a_silent_server_says_connecting_then_fails_clearly(launch_ready, artifacts):
    server = SilentServer()
    try:
        app, win = launch_ready(args=[f"http://127.0.0.1:{server.port}/clip.mp4"])
        connecting = app.find(win, role="label", name="Connecting to 127.0.0.1…", timeout=APP_TIMEOUT)
        wait_until(lambda: (lambda sd, bright: sd > 0.1 and bright > 0.02)(
            *words_on_screen(app, connecting, app.screenshot("connecting"))), 5, what="the connecting badge visible")
        heading = app.find(win, role="label", name="Cannot Play This Video", timeout=40)
        app.find(heading.parent, role="label", name="The server did not answer in time.")
        assert "Connection lost" not in " ".join(all_strings(win, visible_only=False)), "nothing was ever received"
        app.screenshot("no-answer")
    finally:
        server.close()


def test_a_start_that_hung_offers_to_remove_the_remembered_catalog(launch_ready, profile):
    """A remembered catalog on a server that never answers keeps the feed
    loading; the app is killed there, as a user would after waiting. The
    next start asks before loading it again; removing it ends the loop."""
    server = SilentServer()
    try:
        address = f"http://127.0.0.1:{server.port}/feed.json"
        first, win = launch_ready(args=[address])
        wait_until(lambda: server.held, 10, what="the catalog's request")
        first.kill()

        second, win = launch_ready()
        dialog = second.wait_window(name="Reel Did Not Finish Starting Last Time")
        assert second.find(dialog, name=re.compile(r"feed\.json"))
        second.screenshot("asked")
        second.click(second.find(dialog, role="push button", name=re.compile(r"Remove")))
        keyfile = profile / "config" / "glib-2.0" / "settings" / "keyfile"
        wait_until(lambda: address not in keyfile.read_text(), 5, what="the catalog to be forgotten")
        second.key("ctrl+q")
        assert second.wait_exit().returncode == 0

        third, win = launch_ready()
        third.find(win, role="label", name="No Videos Yet", timeout=APP_TIMEOUT)
        assert not [w for w in third.windows() if "Did Not Finish" in (w.name or "")], "asked again"
        assert len(server.held) == 1, "the catalog was fetched again"
    finally:
        server.close()


def test_a_video_that_crashes_the_reader_never_takes_the_app_down(launch_ready, profile, clip, artifacts):
    """Probes and thumbnails run in a process of their own: a video that
    crashes it (REEL_MEDIA_WORKER_CRASH_ON makes the worker abort on it, as a
    crashing decoder would) is read again alone, then marked and never read
    again; the app and the other videos carry on."""
    videos = profile / "home" / "Videos"
    videos.mkdir(parents=True, exist_ok=True)
    shutil.copy(clip, videos / "crash-me.mp4")
    shutil.copy(clip, videos / "fine.mp4")
    trace = artifacts / "trace.jsonl"
    app, win = launch_ready(env={"REEL_TRACE": str(trace), "REEL_MEDIA_WORKER_CRASH_ON": "crash-me"})
    app.expect(lines=[r"media-worker-stopped"])
    app.find(win, name="crash-me, Reading this video made Reel’s video reader stop, so it is not tried again.",
             timeout=APP_TIMEOUT)
    app.find(win, name=re.compile(r"^fine, Videos, 0:0[12]$"), timeout=APP_TIMEOUT)
    answers(app, win)
    events = [json.loads(line) for line in trace.read_text().splitlines()]
    stops = [e for e in events if e["event"] == "media-worker-stopped"]
    assert 2 <= len(stops) <= 3, stops
    assert stops[-1]["culprits"].endswith("crash-me.mp4"), stops
    assert "fine.mp4" not in " ".join(e["culprits"] for e in stops)
    app.screenshot("crash-card")
    assert app.alive()


def test_a_catalog_that_cannot_be_reached_says_why_in_the_players_words(launch_ready, tmp_path):
    from webserver import WebServer, free_port
    catalog = f"http://127.0.0.1:{free_port()}/feed.json"
    app, win = launch_ready(args=[catalog])
    app.find(win, name="The catalog “feed.json” could not be loaded: The server refused the connection.",
             timeout=APP_TIMEOUT)
    app.quit()
    with WebServer(tmp_path, tmp_path / "nginx", statuses={"/gone.json": 404}) as server:
        app, win = launch_ready(args=[server.url("gone.json")])
        app.find(win, name="The catalog “gone.json” could not be loaded: Network error: HTTP 404 (Not Found)",
                 timeout=APP_TIMEOUT)
