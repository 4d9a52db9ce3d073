"""GNOME Shell's search in the Activities overview, as the Shell does it:
org.gnome.Shell.SearchProvider2 called over the session bus (the running
Reel, and a Reel the bus starts only to answer, which shows no window),
results matched like the feed's search, their metas with thumbnails, a
chosen result playing in Reel, and "more results" opening the feed's search."""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from gi.repository import Gio, GLib

from harness import APP_TIMEOUT, all_strings, image_stats, on_screen, wait_until, window_extents
from player_helpers import Trace, make_clip

APP_ID = "io.github.reelapp.Reel"
PROVIDER_PATH = "/io/github/reelapp/Reel/SearchProvider"
PROVIDER = "org.gnome.Shell.SearchProvider2"

HANOI = "Hà Nội at night"
BUS = "Night bus"


@pytest.fixture(scope="module")
def clips(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("search-media")
    make_clip(folder / "a.mp4", 2, 320, 180, 30)
    make_clip(folder / "b.mp4", 2, 320, 180, 30, pattern="ball")
    return folder


def fill_videos(profile: Path, clips: Path) -> tuple:
    """The Videos folder: "Hà Nội at night" in Holidays, "Night bus" at the
    top, and "Harbour" in Holidays (found by its place only)."""
    videos = profile / "home" / "Videos"
    (videos / "Holidays").mkdir(parents=True, exist_ok=True)
    hanoi = videos / "Holidays" / f"{HANOI}.mp4"
    bus = videos / f"{BUS}.mp4"
    harbour = videos / "Holidays" / "Harbour.mp4"
    shutil.copy(clips / "a.mp4", hanoi)
    shutil.copy(clips / "b.mp4", bus)
    shutil.copy(clips / "b.mp4", harbour)
    return hanoi.as_uri(), bus.as_uri(), harbour.as_uri()


def thumbnail(profile: Path, uri: str) -> Path:
    return profile / "cache" / "thumbnails" / "large" / (hashlib.md5(uri.encode()).hexdigest() + ".png")


class Shell:
    """Calls the provider the way GNOME Shell does, on its own connection to
    the test session's bus."""

    def __init__(self):
        self.bus = Gio.DBusConnection.new_for_address_sync(
            os.environ["DBUS_SESSION_BUS_ADDRESS"],
            Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION, None, None)

    def call(self, method: str, args: str, reply: str, signature: str | None = None, path=PROVIDER_PATH,
             interface=PROVIDER, dest=APP_ID):
        params = GLib.Variant(signature, args) if signature else None
        result = self.bus.call_sync(dest, path, interface, method, params, GLib.VariantType(reply),
                                    Gio.DBusCallFlags.NONE, 30_000, None)
        return result.unpack()

    def initial(self, *terms: str) -> list:
        return self.call("GetInitialResultSet", (list(terms),), "(as)", "(as)")[0]

    def subsearch(self, previous: list, *terms: str) -> list:
        return self.call("GetSubsearchResultSet", (previous, list(terms)), "(as)", "(asas)")[0]

    def metas(self, *ids: str) -> dict:
        return {m["id"]: m for m in self.call("GetResultMetas", (list(ids),), "(aa{sv})", "(as)")[0]}

    def activate(self, result: str, *terms: str) -> None:
        self.call("ActivateResult", (result, list(terms), 0), "()", "(sasu)")

    def launch_search(self, *terms: str) -> None:
        self.call("LaunchSearch", (list(terms), 0), "()", "(asu)")

    def application(self, method: str, args, signature: str) -> None:
        self.call(method, args, "()", signature, path="/io/github/reelapp/Reel", interface="org.freedesktop.Application")

    def has_owner(self) -> bool:
        return self.call("NameHasOwner", (APP_ID,), "(b)", "(s)", path="/org/freedesktop/DBus",
                         interface="org.freedesktop.DBus", dest="org.freedesktop.DBus")[0]

    def owner_pid(self) -> int:
        return self.call("GetConnectionUnixProcessID", (APP_ID,), "(u)", "(s)", path="/org/freedesktop/DBus",
                         interface="org.freedesktop.DBus", dest="org.freedesktop.DBus")[0]


def test_the_shell_finds_plays_and_searches_the_running_feed(launch_ready, clips, profile, artifacts):
    hanoi, bus, harbour = fill_videos(profile, clips)
    trace = Trace(artifacts / "trace.jsonl")
    app, win = launch_ready(env={"REEL_TRACE": str(trace.path)})
    app.find(win, role="label", name=BUS, timeout=APP_TIMEOUT)
    # The feed thumbnails the cards on screen: those are what the Shell shows.
    for uri in (hanoi, bus, harbour):
        wait_until(lambda: thumbnail(profile, uri).is_file(), APP_TIMEOUT, what=f"a thumbnail of {uri}")
    shell = Shell()

    # Case and accents do not matter; every term must match.
    assert shell.initial("ha", "NOI") == [hanoi]
    # Title matches before those found by their place (Holidays).
    assert shell.initial("night") == [hanoi, bus]
    assert shell.initial("holidays") == [hanoi, harbour]
    assert shell.initial("holidays", "night") == [hanoi]
    assert shell.initial("zzz") == []
    # Typing on narrows the previous answer.
    assert shell.subsearch([hanoi, bus], "night", "bus") == [bus]
    assert shell.subsearch([hanoi], "bus") == [], "only the previous results are searched"

    metas = shell.metas(hanoi, bus)
    assert set(metas) == {hanoi, bus}
    assert metas[hanoi]["name"] == HANOI
    # The place (its folder; the Videos folder itself for a video at its top)
    # and the length the feed found.
    assert re.fullmatch(r"Holidays · 0:0[12]", metas[hanoi]["description"]), metas[hanoi]
    assert re.fullmatch(r"Videos · 0:0[12]", metas[bus]["description"]), metas[bus]
    for uri in (hanoi, bus):
        icon = Gio.Icon.new_for_string(metas[uri]["gicon"])
        assert isinstance(icon, Gio.FileIcon), metas[uri]["gicon"]
        assert Path(icon.get_file().get_path()) == thumbnail(profile, uri)

    # Choosing a result plays it in Reel's player.
    shell.activate(bus, "night", "bus")
    trace.wait("search-provider-activate", lambda e: e["id"] == bus)
    trace.wait("player-open", lambda e: e["uri"] == bus)
    trace.wait("player-first-frame")
    app.screenshot("activated")

    # "More results": the feed comes back with its search holding the words.
    shell.launch_search("night", "bus")
    # (GTK 4.8 does not give the entry's text to AT-SPI: the trace says it.)
    trace.wait("feed-search", lambda e: e["text"] == "night bus")
    entry = app.find(win, role="entry", name="Search videos", timeout=APP_TIMEOUT)
    wait_until(lambda: on_screen(entry), APP_TIMEOUT, what="the search entry to show")
    wait_until(lambda: HANOI not in all_strings(win), 5, what="the feed to be filtered")
    assert BUS in all_strings(win)
    shot = app.screenshot("launch-search")
    # The words, right of the entry's search icon: dark text on the light
    # entry, where an empty entry is flat.
    geo = app.window_geometry(app.x_window())
    x, y, w, h = window_extents(entry)
    _, deviation = image_stats(shot, (geo["x"] + x + 26, geo["y"] + y + 6, 70, h - 12))
    assert deviation > 0.12, f"the search entry's words are not visible (sd {deviation:.3f})"


def test_the_bus_starts_reel_for_a_search_without_a_window(launch_ready, clips, profile, artifacts, desktop,
                                                           reel_bin):
    hanoi, bus, harbour = fill_videos(profile, clips)
    # A first run thumbnails the feed; the thumbnail of one video is then
    # removed, so the windowless answer shows both kinds of icon.
    app, win = launch_ready()
    app.find(win, role="label", name=BUS, timeout=APP_TIMEOUT)
    for uri in (hanoi, bus):
        wait_until(lambda: thumbnail(profile, uri).is_file(), APP_TIMEOUT, what=f"a thumbnail of {uri}")
    shell = Shell()
    shell.application("ActivateAction", ("quit", [], {}), "(sava{sv})")
    wait_until(lambda: not app.alive(), APP_TIMEOUT, what="Reel to quit")
    wait_until(lambda: not shell.has_owner(), 5, what="the bus name to go")
    thumbnail(profile, bus).unlink()

    service = Path(reel_bin).parent.parent / "share" / "dbus-1" / "services" / f"{APP_ID}.service"
    shutil.copy(service, desktop.services_dir / service.name)
    shell.call("ReloadConfig", None, "()", path="/org/freedesktop/DBus", interface="org.freedesktop.DBus",
               dest="org.freedesktop.DBus")
    started = Trace(artifacts / "started.jsonl")
    environment = {**app.env, "REEL_TRACE": str(started.path)}
    shell.call("UpdateActivationEnvironment", (environment,), "()", "(a{ss})", path="/org/freedesktop/DBus",
               interface="org.freedesktop.DBus", dest="org.freedesktop.DBus")
    pid = 0
    try:
        # The first call starts Reel (--gapplication-service) and is answered
        # from the feed it loads without a window.
        assert shell.initial("night") == [hanoi, bus]
        pid = shell.owner_pid()
        assert shell.subsearch([hanoi, bus], "bus") == [bus]
        metas = shell.metas(hanoi, bus)
        assert metas[hanoi]["description"] == "Holidays", "no duration is known without the window's feed"
        icon = Gio.Icon.new_for_string(metas[hanoi]["gicon"])
        assert isinstance(icon, Gio.FileIcon) and Path(icon.get_file().get_path()) == thumbnail(profile, hanoi)
        assert metas[bus]["gicon"] == "video-x-generic", metas[bus]
        # It has answered three calls from the feed it loaded, so its start
        # and the feed's load are over: a window either made would have
        # been mapped before those answers.
        visible = subprocess.run(["xdotool", "search", "--onlyvisible", "--pid", str(pid)],
                                 capture_output=True, text=True, env={**os.environ, **desktop.env()})
        assert visible.stdout.strip() == "", "Reel showed a window to answer a search"

        shell.launch_search("harbour")
        wait_until(lambda: subprocess.run(["xdotool", "search", "--onlyvisible", "--pid", str(pid)],
                                          capture_output=True, text=True,
                                          env={**os.environ, **desktop.env()}).stdout.strip(),
                   APP_TIMEOUT, what="the window the Shell's More asked for")
        shell.activate(harbour)
        started.wait("player-open", lambda e: e["uri"] == harbour)
        assert shell.owner_pid() == pid, "one Reel answers and plays"
    finally:
        if shell.has_owner():
            shell.application("ActivateAction", ("quit", [], {}), "(sava{sv})")
        (desktop.services_dir / service.name).unlink()
        if pid:
            wait_until(lambda: not Path(f"/proc/{pid}").exists() or "Z" in Path(f"/proc/{pid}/stat").read_text().split()[2],
                       APP_TIMEOUT, what="Reel to quit")
