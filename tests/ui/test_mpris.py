"""MPRIS: Reel's player as the desktop's media controls see it, on the
harness's session bus. A client connection of the test's own
(Gio.DBusConnection) reads org.mpris.MediaPlayer2.Reel's properties, calls
its methods, writes its properties and collects its signals; what the
player did is read from Reel's trace (REEL_TRACE), the settings keyfile and
the window manager.
"""

from __future__ import annotations

import hashlib
import os
import shutil
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest
from gi.repository import Gio, GLib

from harness import APP_TIMEOUT, wait_until
from player_helpers import Trace, launch_with_strip, make_clip, menu_item, net_wm_state, window_manager  # noqa: F401

APP_ID = "io.github.reelapp.Reel"
NAME = "org.mpris.MediaPlayer2.Reel"
PATH = "/org/mpris/MediaPlayer2"
ROOT = "org.mpris.MediaPlayer2"
PLAYER = "org.mpris.MediaPlayer2.Player"
LENGTH = 30


@pytest.fixture(scope="module")
def media(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("mpris-media")
    make_clip(folder / "bars.mp4", LENGTH, 320, 180, 30)
    return folder


class Client:
    """A D-Bus client of its own, as GNOME Shell is one: calls, properties
    and every signal the player's object sends."""

    def __init__(self):
        address = os.environ["DBUS_SESSION_BUS_ADDRESS"]
        flags = Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION
        self.bus = Gio.DBusConnection.new_for_address_sync(address, flags, None, None)
        self.signals: list = []
        self.bus.signal_subscribe(None, None, None, PATH, None, Gio.DBusSignalFlags.NONE, self._signal)

    def _signal(self, _bus, _sender, _path, interface, name, parameters):
        self.signals.append((interface, name, parameters.unpack()))

    def close(self):
        self.bus.close_sync(None)

    def pump(self):
        context = GLib.MainContext.default()
        while context.iteration(False):
            pass

    def call(self, destination, path, interface, method, parameters=None, reply="()"):
        result = self.bus.call_sync(destination, path, interface, method, parameters, GLib.VariantType(reply),
                                    Gio.DBusCallFlags.NONE, 10_000, None)
        return result.unpack()

    def has_owner(self) -> bool:
        return self.call("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                         "NameHasOwner", GLib.Variant("(s)", (NAME,)), "(b)")[0]

    def get(self, interface: str, prop: str):
        return self.call(NAME, PATH, "org.freedesktop.DBus.Properties", "Get",
                         GLib.Variant("(ss)", (interface, prop)), "(v)")[0]

    def set(self, interface: str, prop: str, value: GLib.Variant):
        self.call(NAME, PATH, "org.freedesktop.DBus.Properties", "Set",
                  GLib.Variant("(ssv)", (interface, prop, value)))

    def player(self, method: str, parameters=None):
        self.call(NAME, PATH, PLAYER, method, parameters)

    def mark(self) -> int:
        self.pump()
        return len(self.signals)

    def wait_signal(self, name: str, pred=lambda args: True, after: int = 0, timeout: float = 10) -> tuple:
        """The arguments of the first signal `name` from index `after` on
        that satisfies pred."""
        found = []

        def check():
            self.pump()
            found[:] = [args for (_i, n, args) in self.signals[after:] if n == name and pred(args)][:1]
            return found
        wait_until(check, timeout, what=f"the signal {name}")
        return found[0]

    def wait_change(self, prop: str, value, after: int = 0) -> None:
        """PropertiesChanged carrying `prop` = `value`."""
        self.wait_signal("PropertiesChanged", lambda args: args[1].get(prop) == value, after=after)


@pytest.fixture
def client(desktop):
    c = Client()
    yield c
    c.close()


def _open(client: Client, uri: str) -> None:
    client.call(APP_ID, "/io/github/reelapp/Reel", "org.freedesktop.Application", "Open",
                GLib.Variant("(asa{sv})", ([uri], {})))


def _focus_player(app) -> None:
    wait_until(lambda: "FULLSCREEN" in net_wm_state(app), 10, what="the player to go full screen")
    app.desktop.xdotool("windowactivate", "--sync", app.x_window())


def _keyfile(profile: Path) -> str:
    return (profile / "config" / "glib-2.0" / "settings" / "keyfile").read_text()


def test_mpris_describes_and_drives_the_player(launch_ready, media, profile, artifacts, client, window_manager):
    clip = profile / "home" / "Videos" / "bars.mp4"
    clip.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(media / "bars.mp4", clip)
    uri = clip.as_uri()
    trace = Trace(artifacts / "trace.jsonl")
    app, win = launch_ready(env={"REEL_TRACE": str(trace.path)})
    # The feed's card gets its thumbnail in the shared cache: the art.
    thumbnail = profile / "cache" / "thumbnails" / "large" / (hashlib.md5(uri.encode()).hexdigest() + ".png")
    wait_until(thumbnail.exists, APP_TIMEOUT, what="the card's thumbnail")
    assert not client.has_owner(), "MPRIS is on the bus with no video in the player"

    start = client.mark()
    _open(client, uri)
    trace.wait("player-first-frame")
    wait_until(client.has_owner, 5, what=f"{NAME} on the bus")
    # What a client reads when the name appears (a busy machine may know
    # the length by then).
    first = client.get(PLAYER, "Metadata")
    _focus_player(app)

    # What the desktop shows of it.
    assert client.get(ROOT, "Identity") == "Reel"
    assert client.get(ROOT, "DesktopEntry") == APP_ID
    assert sorted(client.get(ROOT, "SupportedUriSchemes")) == ["file", "http", "https"]
    assert {"video/mp4", "video/webm", "application/x-mpegurl"} <= set(client.get(ROOT, "SupportedMimeTypes"))
    assert client.get(ROOT, "CanQuit") and client.get(ROOT, "CanRaise") and not client.get(ROOT, "HasTrackList")
    assert client.get(ROOT, "CanSetFullscreen") and client.get(ROOT, "Fullscreen")
    wait_until(lambda: client.get(PLAYER, "Metadata").get("mpris:length"), 5, what="the length in the metadata")
    metadata = client.get(PLAYER, "Metadata")
    assert metadata["xesam:title"] == "bars"
    assert metadata["xesam:url"] == uri
    assert abs(metadata["mpris:length"] - LENGTH * 1_000_000) < 200_000, metadata
    art = urlparse(metadata["mpris:artUrl"])
    assert art.scheme == "file" and Path(unquote(art.path)) == thumbnail and thumbnail.is_file(), metadata
    track = metadata["mpris:trackid"]
    assert track.startswith("/io/github/reelapp/Reel/Track/"), track
    assert "xesam:artist" not in metadata
    assert client.get(PLAYER, "PlaybackStatus") == "Playing"
    assert [client.get(PLAYER, p) for p in ("CanPlay", "CanPause", "CanSeek", "CanControl")] == [True] * 4
    assert not client.get(PLAYER, "CanGoNext") and not client.get(PLAYER, "CanGoPrevious")
    assert (client.get(PLAYER, "MinimumRate"), client.get(PLAYER, "MaximumRate")) == (0.5, 2.0)
    # A length that came after the name is a change the clients were told of.
    if "mpris:length" not in first:
        client.wait_signal("PropertiesChanged", lambda args: "mpris:length" in args[1].get("Metadata", {}), after=start)

    # PlayPause pauses and plays again.
    i, s = trace.count(), client.mark()
    client.player("PlayPause")
    trace.wait("player-state", lambda e: e["state"] == "paused", after=i)
    client.wait_change("PlaybackStatus", "Paused", after=s)
    assert client.get(PLAYER, "PlaybackStatus") == "Paused"
    i, s = trace.count(), client.mark()
    client.player("PlayPause")
    trace.wait("player-state", lambda e: e["state"] == "playing", after=i)
    client.wait_change("PlaybackStatus", "Playing", after=s)

    # Seek moves the video by the offset and says where it landed.
    position = client.get(PLAYER, "Position") / 1e6
    i, s = trace.count(), client.mark()
    client.player("Seek", GLib.Variant("(x)", (5_000_000,)))
    seek = trace.wait("player-seek", after=i)
    assert abs(seek["target"] - (position + 5)) < 1, (position, seek)
    landed = client.wait_signal("Seeked", after=s)[0] / 1e6
    assert abs(landed - seek["target"]) < 0.5, (landed, seek)

    # A seek of the person's own, with a key, is a jump too.
    i, s = trace.count(), client.mark()
    app.key("Right")
    seek = trace.wait("player-seek", after=i)
    landed = client.wait_signal("Seeked", after=s)[0] / 1e6
    assert abs(landed - seek["target"]) < 0.5, (landed, seek)

    # SetPosition: this track, an absolute place.
    i, s = trace.count(), client.mark()
    client.player("SetPosition", GLib.Variant("(ox)", (track, 20_000_000)))
    seek = trace.wait("player-seek", after=i)
    assert abs(seek["target"] - 20) < 0.01, seek
    assert abs(client.wait_signal("Seeked", after=s)[0] - 20_000_000) < 500_000
    assert abs(client.get(PLAYER, "Position") - 20_000_000) < 1_500_000

    # Stop: paused at the start, said as Stopped; Play goes on from there.
    i, s = trace.count(), client.mark()
    client.player("Stop")
    seek = trace.wait("player-seek", after=i)
    assert seek["target"] == 0, seek
    client.wait_change("PlaybackStatus", "Stopped", after=s)
    i, s = trace.count(), client.mark()
    client.player("Play")
    trace.wait("player-state", lambda e: e["state"] == "playing", after=i)
    client.wait_change("PlaybackStatus", "Playing", after=s)

    # Rate and Volume written by a client change the player.
    i, s = trace.count(), client.mark()
    client.set(PLAYER, "Rate", GLib.Variant("d", 1.5))
    trace.wait("player-rate", lambda e: e["rate"] == 1.5, after=i)
    client.wait_change("Rate", 1.5, after=s)
    i = trace.count()
    client.set(PLAYER, "Rate", GLib.Variant("d", 8.0))
    trace.wait("player-rate", lambda e: e["rate"] == 2, after=i)
    wait_until(lambda: client.get(PLAYER, "Rate") == 2.0, 5, what="the rate to stop at the fastest speed")
    i, s = trace.count(), client.mark()
    client.set(PLAYER, "Volume", GLib.Variant("d", 0.25))
    trace.wait("player-volume", lambda e: abs(e["volume"] - 0.25) < 0.01 and e["muted"] == 0, after=i)
    client.wait_signal("PropertiesChanged", lambda args: abs(args[1].get("Volume", -1) - 0.25) < 0.01, after=s)

    # LoopStatus is the end action, both ways: a client's "None"…
    s = client.mark()
    client.set(PLAYER, "LoopStatus", GLib.Variant("s", "Track"))
    client.wait_change("LoopStatus", "Track", after=s)
    wait_until(lambda: "end-action='loop'" in _keyfile(profile), 5, what="the end action loop to be kept")
    s = client.mark()
    client.set(PLAYER, "LoopStatus", GLib.Variant("s", "None"))
    client.wait_change("LoopStatus", "None", after=s)
    wait_until(lambda: "end-action='stop'" in _keyfile(profile), 5, what="the end action stop to be kept")
    # …and the person's choice in the player's menu, which then loops.
    s = client.mark()
    menu_item(app, win, "More Options", "Loop").queryAction().doAction(0)
    client.wait_change("LoopStatus", "Track", after=s)
    assert client.get(PLAYER, "LoopStatus") == "Track"
    i, s = trace.count(), client.mark()
    client.player("SetPosition", GLib.Variant("(ox)", (track, (LENGTH - 1) * 1_000_000)))
    end = trace.wait("player-state", lambda e: e["state"] == "ended", after=i, timeout=15)
    # Looping back to the start is a jump: Seeked says so.
    client.wait_signal("Seeked", lambda args: args[0] < 500_000, after=s)
    k = trace.events().index(end)
    wait_until(lambda: any(f["pts"] < 0.5 for f in trace.frames_after(k)), 5, what="the clip to start over")

    # Fullscreen is the player window's, both ways.
    s = client.mark()
    client.set(ROOT, "Fullscreen", GLib.Variant("b", False))
    wait_until(lambda: "FULLSCREEN" not in net_wm_state(app), 10, what="the player to leave full screen")
    client.wait_change("Fullscreen", False, after=s)
    s = client.mark()
    client.set(ROOT, "Fullscreen", GLib.Variant("b", True))
    wait_until(lambda: "FULLSCREEN" in net_wm_state(app), 10, what="the player to go full screen")
    client.wait_change("Fullscreen", True, after=s)

    # OpenUri plays an address: a new track, told to clients.
    i, s = trace.count(), client.mark()
    client.player("OpenUri", GLib.Variant("(s)", (uri,)))
    trace.wait("player-open", after=i)
    client.wait_signal("PropertiesChanged", lambda args: args[1].get("Metadata", {}).get("mpris:trackid", track) != track,
                       after=s)

    # The player closes: the name goes.
    # Esc leaves full screen, then the player.
    i = trace.count()
    app.key("Escape")
    wait_until(lambda: "FULLSCREEN" not in net_wm_state(app), 10, what="Esc to leave full screen")
    app.key("Escape")
    trace.wait("player-close", after=i)
    wait_until(lambda: not client.has_owner(), 5, what=f"{NAME} to leave the bus")


def test_mpris_is_for_the_chosen_video_in_the_player_or_the_mini_window(launch_ready, media, profile, artifacts,
                                                                        client, window_manager):
    app, win, trace = launch_with_strip(launch_ready, media, profile, artifacts)
    # The muted preview strip plays: nothing for the media controls.
    count = len(trace.named("strip-frame"))
    wait_until(lambda: len(trace.named("strip-frame")) > count + 10, 10, what="the strip to play on")
    assert not client.has_owner(), "the preview strip is on the bus as a media player"

    _open(client, (media / "bars.mp4").as_uri())
    trace.wait("player-first-frame")
    wait_until(client.has_owner, 5, what=f"{NAME} on the bus")
    _focus_player(app)
    i = trace.count()
    app.key("p")
    mini = str(trace.wait("pip-shown", after=i)["xid"])
    # Still the same video, playing, now in the mini window (no full screen
    # there), once the change is told (gathered when the main loop is idle).
    assert client.has_owner()
    wait_until(lambda: not client.get(ROOT, "CanSetFullscreen"), 5, what="no full screen in the mini window")
    assert client.get(PLAYER, "PlaybackStatus") == "Playing"
    assert client.get(PLAYER, "Metadata")["xesam:title"] == "bars"
    assert not client.get(ROOT, "Fullscreen")

    # Raise brings the window the video plays in to the front.
    main = app.x_window()
    app.desktop.xdotool("windowactivate", "--sync", main)
    wait_until(lambda: app.desktop.xdotool("getactivewindow").strip() == main, 5, what="the main window in front")
    client.call(NAME, PATH, ROOT, "Raise")
    wait_until(lambda: app.desktop.xdotool("getactivewindow").strip() == mini, 5, what="the mini window in front")

    # Closing the mini window ends playback: the name goes.
    i = trace.count()
    app.key("ctrl+w", window="bars — Picture in Picture")
    trace.wait("pip-closed", after=i)
    wait_until(lambda: not client.has_owner(), 5, what=f"{NAME} to leave the bus")

    # The camera page stops the player, and is no media player itself.
    _open(client, (media / "bars.mp4").as_uri())
    wait_until(client.has_owner, APP_TIMEOUT, what=f"{NAME} on the bus again")
    _focus_player(app)
    i = trace.count()
    app.key("ctrl+t")
    trace.wait("player-close", after=i)
    wait_until(lambda: not client.has_owner(), 5, what=f"{NAME} to leave the bus")

    # Quit ends Reel, and its name with it.
    _open(client, (media / "bars.mp4").as_uri())
    wait_until(client.has_owner, APP_TIMEOUT, what=f"{NAME} on the bus again")
    client.call(NAME, PATH, ROOT, "Quit")
    assert app.wait_exit().returncode == 0
    wait_until(lambda: not client.has_owner(), 5, what=f"{NAME} to leave the bus")
