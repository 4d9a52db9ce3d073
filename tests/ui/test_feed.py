"""The feed, driven through the real app: the Videos folder followed live,
catalogs (good, malformed, hostile, remote over nginx), error cards for bad
files, search, removing a card, and the sample library on a fresh profile."""

from __future__ import annotations

import json
import re
import shutil
import struct
import subprocess
import zlib
from pathlib import Path

import pytest

from dragging import drop_from_outside
from harness import APP_TIMEOUT, all_strings, find_all, foreign_log_lines, node_name, wait_until
from player_helpers import Trace
from soundserver import NO_SOUND_ENV
from webserver import WebServer

NOT_A_VIDEO = "This file is not a video."
MISSING = "The file does not exist."
DAMAGED = "The file is damaged or incomplete."
FIRST_PAUSE = 30  # seconds a failing server is left alone first (ServerBackoff.firstPause)


@pytest.fixture(scope="module")
def media(tmp_path_factory) -> Path:
    """Made once per module with real encoders: a good MP4 and WebM, a text
    file named .mp4, a truncated MP4."""
    folder = tmp_path_factory.mktemp("media")
    def launch(*pipeline):
        subprocess.run(["gst-launch-1.0", "-q", *pipeline], check=True, timeout=120,
                       stdout=subprocess.DEVNULL)
    launch("videotestsrc", "num-buffers=45", "pattern=smpte", "!", "video/x-raw,width=320,height=240,framerate=30/1",
           "!", "x264enc", "speed-preset=ultrafast", "!", "mux.", "audiotestsrc", "num-buffers=70", "!",
           "audioconvert", "!", "avenc_aac", "!", "mux.", "mp4mux", "name=mux", "!",
           "filesink", f"location={folder / 'good.mp4'}")
    launch("videotestsrc", "num-buffers=30", "pattern=ball", "!", "video/x-raw,width=320,height=240,framerate=30/1",
           "!", "vp8enc", "deadline=1", "!", "webmmux", "!", "filesink", f"location={folder / 'good.webm'}")
    (folder / "text.mp4").write_text("This is a shopping list, not a film.\n" * 20)
    data = (folder / "good.mp4").read_bytes()
    (folder / "truncated.mp4").write_bytes(data[: len(data) // 3])
    return folder


def card_titles(win) -> list:
    return all_strings(win)


def test_videos_folder_is_followed_live(launch_ready, media, profile):
    app, win = launch_ready()
    app.find(win, role="label", name="No Videos Yet", timeout=APP_TIMEOUT)
    videos = profile / "home" / "Videos"
    (videos / "Harbour").mkdir()
    shutil.copy(media / "good.mp4", videos / "Harbour" / "Evening ferry.mp4")
    app.find(win, role="label", name="Evening ferry", timeout=APP_TIMEOUT)
    app.find(win, role="label", name="Harbour")          # the folder is the subtitle
    app.find(win, role="label", name="0:01", timeout=APP_TIMEOUT)   # discovery ran
    app.screenshot("new-file")
    (videos / "Harbour" / "Evening ferry.mp4").unlink()
    app.find(win, role="label", name="No Videos Yet", timeout=APP_TIMEOUT)


def write_catalog(folder: Path, entries: list, name: str = "trips.json") -> Path:
    path = folder / name
    path.write_text(json.dumps({"title": "Trips", "entries": entries}, ensure_ascii=False, indent=2))
    return path


def test_catalog_error_cards_and_malformed_catalog(launch_ready, media, tmp_path):
    for name in ("good.mp4", "text.mp4", "truncated.mp4"):
        shutil.copy(media / name, tmp_path / name)
    catalog = write_catalog(tmp_path, [
        {"title": "Harbour at noon", "subtitle": "Hải Phòng", "local": "good.mp4"},
        {"title": "Lost tape", "local": "missing.mp4"},
        {"title": "Shopping list", "local": "text.mp4"},
        {"title": "Cut short", "local": "truncated.mp4"},
        {"title": "Sneaky script", "remote": "javascript:alert(1)"},
        {"title": "Escape artist", "local": "../../etc/passwd"},
        {"title": "Harbour at noon", "local": "good.mp4"},
    ])
    broken = tmp_path / "broken.json"
    broken.write_text('{\n  "entries": [\n    {"title": "x" "local": "a.mp4"}\n  ]\n}\n')

    app, win = launch_ready(args=[str(catalog), str(broken)])
    app.find(win, name=re.compile(r"broken\.json.*line 3"), timeout=APP_TIMEOUT)
    app.find(win, role="label", name="Harbour at noon", timeout=APP_TIMEOUT)
    app.find(win, role="label", name=MISSING, timeout=APP_TIMEOUT)
    app.find(win, role="label", name=NOT_A_VIDEO, timeout=APP_TIMEOUT)
    app.find(win, role="label", name=DAMAGED, timeout=APP_TIMEOUT)
    app.screenshot("error-cards")
    shown = all_strings(win)
    assert "Sneaky script" not in shown and "Escape artist" not in shown, "a hostile entry reached the feed"
    assert shown.count("Harbour at noon") == 1, "a duplicate entry was not merged"
    assert "skipped" in app.stderr_text(), "rejected entries were not logged"
    assert app.alive()


def test_search_and_no_results(launch_ready, media, tmp_path):
    shutil.copy(media / "good.mp4", tmp_path / "a.mp4")
    shutil.copy(media / "good.webm", tmp_path / "b.webm")
    catalog = write_catalog(tmp_path, [
        {"title": "Night market", "subtitle": "Đà Lạt", "local": "a.mp4"},
        {"title": "Rice terraces", "subtitle": "Sa Pa", "local": "b.webm"},
    ])
    app, win = launch_ready(args=[str(catalog)])
    app.find(win, role="label", name="Rice terraces", timeout=APP_TIMEOUT)
    app.key("ctrl+f")
    app.type_text("da lat")          # no diacritics typed, still found
    wait_until(lambda: "Rice terraces" not in all_strings(win), 5, what="the search to filter",
               on_timeout=lambda: app.tree(win))
    assert "Night market" in all_strings(win)
    app.screenshot("search")
    app.type_text(" zzz")
    app.find(win, role="label", name="No Results Found")


def test_remove_from_feed_is_remembered(launch_ready, media, tmp_path):
    shutil.copy(media / "good.mp4", tmp_path / "a.mp4")
    shutil.copy(media / "good.webm", tmp_path / "b.webm")
    catalog = write_catalog(tmp_path, [
        {"title": "Keep me", "local": "a.mp4"},
        {"title": "Drop me", "local": "b.webm"},
    ])
    app, win = launch_ready(args=[str(catalog)])
    card = app.find(win, role="label", name="Drop me", timeout=APP_TIMEOUT)
    app.click(card, button=3)
    item = app.find(win, role="menu item", name=re.compile("Remove from Feed"), timeout=APP_TIMEOUT, visible=False)
    app.screenshot("context-menu")
    app.desktop.xdotool("key", "--delay", "100", "Up", "Return")
    wait_until(lambda: "Drop me" not in all_strings(win), 5, what="the card to go")
    assert "Keep me" in all_strings(win)
    app.quit()

    # The catalog is remembered (GSettings) and the removal too (state file).
    app2, win2 = launch_ready()
    app2.find(win2, role="label", name="Keep me", timeout=APP_TIMEOUT)
    assert "Drop me" not in all_strings(win2)


def test_remote_catalog_over_http_and_a_dead_one(launch_ready, media, tmp_path):
    root = tmp_path / "site"
    root.mkdir()
    shutil.copy(media / "good.webm", root / "clip.webm")
    with WebServer(root, tmp_path / "nginx", statuses={"/gone.json": 404},
                   redirects={"/looping.json": "/looping.json", "/away.mp4": "file:///etc/passwd"}) as server:
        (root / "feed.json").write_text(json.dumps({"entries": [
            {"title": "Streamed river", "subtitle": "Mekong", "remote": server.url("clip.webm")},
            {"title": "Moved away", "remote": server.url("away.mp4")}]}))
        app, win = launch_ready(args=[server.url("feed.json"), server.url("gone.json"), server.url("looping.json")])
        # Each failed catalog is said on a toast of its own; the two take
        # turns on screen in whichever order their servers answered.
        app.find_each([re.compile(r"gone\.json.*404"), re.compile(r"looping\.json.*redirects in a loop")],
                      win, timeout=APP_TIMEOUT)
        app.find(win, role="label", name="Streamed river", timeout=APP_TIMEOUT)
        app.find(win, role="label", name="Remote", timeout=APP_TIMEOUT)
        # A redirect that ends nowhere is said as such on its card.
        app.find(win, name="Moved away, The address redirects to a place that is not on the web, "
                           "which Reel does not follow.", timeout=APP_TIMEOUT)
        app.screenshot("remote")


def test_a_failing_server_is_left_alone_for_a_while(launch_ready, tmp_path, artifacts):
    """A server that answers every entry with 503: after a few failures in
    a row it is not asked about its other cards for a while, and those
    cards say what its failure was all the same."""
    root = tmp_path / "site"
    root.mkdir()
    with WebServer(root, tmp_path / "nginx", statuses={"/down.mp4": 503}) as server:
        entries = [{"title": f"Entry {n:03d}", "remote": server.url(f"down.mp4?n={n}")} for n in range(200)]
        (root / "down.json").write_text(json.dumps({"entries": entries}))
        trace = Trace(artifacts / "trace.jsonl")
        app, win = launch_ready(args=[server.url("down.json")], env={"REEL_TRACE": str(trace.path)})
        words = "Network error: HTTP 503 (Service Unavailable)"
        app.find(win, role="table cell", name=re.compile(r"^Entry 000, "), timeout=APP_TIMEOUT)

        def said():  # cards that say the server's failure
            return [n for n in find_all(win, role="table cell") if words in n.name]
        # The first rows of cards (GTK 4.8 reports no usable extents for
        # the grid's cells, so counted, not placed: 12 is two rows and more).
        wait_until(lambda: len(said()) >= 12, 30, what="the cards near the screen to say the server's failure")
        # Until the app rests: its media worker, idle for its time, is let go.
        trace.wait("media-worker-idle-exit", timeout=60)
        timed = [(when, line.split()[1]) for when, line in server.timed_requests() if "down.mp4" in line]
        # Within the first pause (30 s from the third failure, so from the
        # first request on): three failures in a row, plus the one already
        # on its way on the other worker; the workers stop by themselves,
        # however busy the app's main thread. A slow machine may reach the
        # end of the pause before the test does, and the entry asked then
        # is the pause working.
        first = timed[0][0]
        asked = {path for when, path in timed if when < first + FIRST_PAUSE - 1}
        assert len(asked) <= 4, f"{len(asked)} entries asked of a server that fails them all"
        assert len(said()) > len(asked), "every card was asked for"
        app.screenshot("server-down")


def test_a_huge_remote_catalog_asks_only_for_what_is_on_screen(launch_ready, media, tmp_path, artifacts):
    """3,000 remote entries: the server is asked about the cards on screen
    and near it, not about every entry, and the app rests once those are
    done; scrolling to the end asks for the last ones then."""
    root = tmp_path / "site"
    root.mkdir()
    shutil.copy(media / "good.webm", root / "clip.webm")
    with WebServer(root, tmp_path / "nginx") as server:
        entries = [{"title": f"Entry {n:04d}", "remote": server.url(f"clip.webm?n={n}")} for n in range(3000)]
        (root / "huge.json").write_text(json.dumps({"entries": entries}))
        trace = Trace(artifacts / "trace.jsonl")
        app, win = launch_ready(args=[server.url("huge.json")], env={"REEL_TRACE": str(trace.path)})
        app.find(win, name=re.compile(r"^Entry 0000, .*0:01$"), timeout=APP_TIMEOUT)

        def asked():
            return {line.split()[1] for line in server.requests() if "clip.webm" in line}
        # The first screen's cards are done, then nothing more is asked.
        wait_until(lambda: len(asked()) >= 6, 30, what="the first screen's probes")
        # The app rests: its media worker, idle for its time, is let go.
        trace.wait("media-worker-idle-exit", timeout=60)
        entries_asked = len(asked())
        assert entries_asked < 150, f"{entries_asked} of 3000 entries asked for with one screen shown"
        # An entry costs one download: probe and thumbnail share it, and
        # this clip's first frame being flat, its thumbnail is looked for in
        # the frames that follow, not by a seek (another request, and for a
        # WebM one more before it, for the index at the end of the file).
        per_entry = sum("clip.webm" in line for line in server.requests()) / entries_asked
        assert per_entry <= 1, f"{per_entry:.1f} requests per entry"
        app.screenshot("huge-first-screen")
        # Scrolling down brings later entries near the screen: asked for then.
        furthest = max(int(path.rsplit("=", 1)[1]) for path in asked())
        x, y = app.screen_center(app.find(win, name=re.compile(r"^Entry 0000, ")))
        app.desktop.xdotool("mousemove", "--sync", str(x), str(y))
        app.desktop.xdotool("click", "--repeat", "30", "--delay", "20", "5")
        wait_until(lambda: max(int(path.rsplit("=", 1)[1]) for path in asked()) > furthest + 20, 30,
                   what="entries further down asked for after scrolling")
        assert len(asked()) < 1000, "scrolling a little asked for much more"


def png_text_chunks(path: Path) -> dict:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG"
    chunks, offset = {}, 8
    while offset < len(data):
        length, kind = struct.unpack(">I4s", data[offset:offset + 8])
        body = data[offset + 8: offset + 8 + length]
        if kind == b"tEXt":
            key, _, value = body.partition(b"\0")
            chunks[key.decode()] = value.decode("latin-1")
        elif kind == b"zTXt":
            key, _, rest = body.partition(b"\0")
            chunks[key.decode()] = zlib.decompress(rest[1:]).decode("latin-1")
        offset += 12 + length
    return chunks


@pytest.fixture(scope="module")
def made_samples(tmp_path_factory) -> Path:
    """Where the first start's sample videos are kept for the next start
    (making them takes both cores half a minute)."""
    return tmp_path_factory.mktemp("made") / "samples"


@pytest.mark.parametrize("output", ["sound server", "no sound server"])
def test_sample_library_fills_a_fresh_feed_quietly(launch_ready, profile, artifacts, output, made_samples):
    """The first start makes the sample videos; a start that finds them
    made (as the first start's, when the other case ran first) shows them
    at once. Either way the feed fills, the strip plays them and nothing
    is said on stderr, with a sound server or without."""
    trace = artifacts / "trace.jsonl"
    env = {"REEL_TRACE": str(trace), **(NO_SOUND_ENV if output == "no sound server" else {})}
    samples = profile / "cache" / "reel" / "samples"
    found = made_samples.exists()
    if found:
        shutil.copytree(made_samples, samples)
    app, win = launch_ready(samples=True, strip=True, env=env)
    if not found:
        # Also guards against a busy main loop while samples are encoded:
        # the app must reach the accessibility bus within the usual time.
        app.find(win, role="label", name="Loading Videos", timeout=APP_TIMEOUT)
        # The progress bar says what its line says (a screen reader reads
        # the bar), counting files from 1 to their number, never past it.
        bar = app.find(win, role="progress bar", name=re.compile(r"^Preparing sample videos"), timeout=APP_TIMEOUT)
        counted = wait_until(lambda: re.search(r"\((\d+) of (\d+)\)", node_name(bar)), APP_TIMEOUT,
                             what="the progress bar's count", on_timeout=lambda: node_name(bar))
        assert 1 <= int(counted.group(1)) <= int(counted.group(2)), node_name(bar)
    titles = ["Morning on the Bay", "Old Quarter at Dusk", "Northern Snow", "Tram 28", "Bamboo Path", "Spice Market"]
    app.wait_strings(titles, root=win, timeout=120)
    thumbnails = profile / "cache" / "thumbnails" / "large"
    wait_until(lambda: len(list(thumbnails.glob("*.png"))) >= 6, 60, what="six thumbnails in the cache")
    # The strip plays the sample clips (each with sound, muted here).
    wait_until(lambda: trace.read_text().count('"strip-clip"') >= 2, 30, what="the strip on its second clip")
    app.screenshot("samples")
    # A normal start, with or without a sound server, says nothing on
    # stderr: no library probes an output and prints its failure.
    assert foreign_log_lines(app.stderr_text()) == []
    for png in thumbnails.glob("*.png"):
        keys = png_text_chunks(png)
        assert keys.get("Thumb::URI", "").startswith("file://"), keys
        assert keys.get("Thumb::MTime", "").isdigit(), keys
    if not found:
        shutil.copytree(samples, made_samples)


@pytest.mark.parametrize("kind", ["files", "text"])
def test_drag_and_drop_opens_the_video(launch_ready, media, tmp_path, desktop, kind):
    clip = tmp_path / "Dropped clip.mp4"
    shutil.copy(media / "good.mp4", clip)
    app, win = launch_ready()
    app.find(win, role="label", name="No Videos Yet", timeout=APP_TIMEOUT)
    item = str(clip) if kind == "files" else clip.as_uri()
    # A drop Reel accepted must open the player; one it refused fails.
    drop_from_outside(app, desktop, kind, [item], to=(490, 370))
    # The player opens on it, titled as its card is.
    app.find(win, role="push button", name="Back to the Feed", timeout=APP_TIMEOUT)
    app.find(win, role="label", name="Dropped clip")
    app.screenshot("dropped")
