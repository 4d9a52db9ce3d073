"""Opening videos: command-line arguments, Open URL (Ctrl+L) with its checks,
and the About window — through the real binary (see harness.py)."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

from harness import APP_TIMEOUT, all_strings, states, wait_until
from player_helpers import Trace, make_clip

APP_ID = "io.github.reelapp.Reel"

EMPTY_TITLE = "No Videos Yet"
UNSUPPORTED_FTP = "\u201cftp\u201d addresses are not supported. Use an http, https or file address."


def test_command_line_file_opens_the_player_and_back_returns(launch_ready, tmp_path):
    clip = tmp_path / "My Trip.mp4"
    clip.write_bytes(b"")
    trace = Trace(tmp_path / "trace.jsonl")
    app, win = launch_ready(args=[str(clip)], env={"REEL_TRACE": str(trace.path)})
    # An empty file cannot play: the player says so in plain words.
    app.find(win, role="label", name="Cannot Play This Video", timeout=APP_TIMEOUT)
    app.find(win, role="label", name="The file is damaged or incomplete.")
    back = app.find(win, role="push button", name=re.compile(r"(^|\s)Back$"))
    app.screenshot("video-page")
    i = trace.count()
    app.click(back)
    trace.wait("window-page", lambda e: e["page"] == "feed", after=i)
    # The feed now lists the opened file under Recent; an empty file is not
    # a video, so its card says so instead of pretending to play.
    app.find(win, role="label", name="My Trip", timeout=APP_TIMEOUT)
    app.find(win, role="label", name=re.compile("not a video|damaged"), timeout=APP_TIMEOUT)
    app.screenshot("recent-card")


def test_command_line_refuses_other_schemes_with_a_message(launch_ready):
    app, win = launch_ready(args=["ftp://example.com/clip.mp4"])
    app.find(win, name=UNSUPPORTED_FTP, timeout=4)
    app.find(win, role="label", name=EMPTY_TITLE)
    app.screenshot("refused")
    assert app.alive()


def test_open_url_checks_the_address_before_opening(launch_ready):
    app, win = launch_ready()
    app.key("ctrl+l")
    dialog = app.wait_window(name="Open URL")
    # GTK 4.8 names a mnemonic button "_Open Open".
    open_button = app.find(dialog, role="push button", name=re.compile(r"(^|\s)Open$"))
    assert "sensitive" not in states(open_button), "Open is enabled with an empty address"

    app.type_text("ftp://example.com/a.mp4", window="Open URL")
    app.find(dialog, name=UNSUPPORTED_FTP)
    assert "sensitive" not in states(open_button), "Open is enabled for an ftp address"
    app.screenshot("refused-scheme")

    app.key("ctrl+a", "BackSpace", window="Open URL")
    app.type_text("https://example.com/media/clip.webm", window="Open URL")
    wait_until(lambda: "sensitive" in states(open_button), 5, what="Open to become enabled")
    app.key("Return", window="Open URL")
    app.find(win, role="label", name="clip.webm", timeout=APP_TIMEOUT)
    wait_until(lambda: all(w.name != "Open URL" for w in app.windows()), 5,
               what="the dialog to close")


def test_about_window_names_app_and_version(launch_ready):
    app, win = launch_ready()
    # F10 opens the primary menu; Up wraps to its last item, About Reel.
    app.key("F10")
    app.find(win, role="menu item", name="About Reel", timeout=APP_TIMEOUT)
    app.screenshot("menu")
    app.desktop.xdotool("key", "--delay", "100", "Up", "Return")
    about = app.wait_window(name="About")
    app.wait_strings(["Reel", "0.1.0"], root=about)
    app.screenshot("about")
    # Its credits say what Reel is built with.
    app.click(app.find(about, role="list item", name="Acknowledgements"), window="About")
    app.wait_strings(["Built With", "GStreamer", "GTK", "libadwaita", "libyuv"], root=about)
    app.screenshot("credits")


def _gdbus(*args) -> str:
    out = subprocess.run(["gdbus", "call", "--session", *args], capture_output=True, text=True, timeout=20)
    assert out.returncode == 0, out.stderr
    return out.stdout


def _application(method: str, *args) -> str:
    return _gdbus("--dest", APP_ID, "--object-path", "/io/github/reelapp/Reel",
                  "--method", f"org.freedesktop.Application.{method}", *args)


def _has_owner() -> bool:
    return "true" in _gdbus("--dest", "org.freedesktop.DBus", "--object-path", "/org/freedesktop/DBus",
                            "--method", "org.freedesktop.DBus.NameHasOwner", APP_ID)


def test_the_session_bus_opens_files_in_reel_and_starts_it(launch_ready, desktop, reel_bin, artifacts, tmp_path):
    """What GNOME Shell and Files do with DBusActivatable=true: Open and
    Activate over org.freedesktop.Application, in the running Reel, and the
    bus starting Reel from its installed service file when none runs."""
    clip = tmp_path / "Bars.mp4"
    make_clip(clip, 2, 320, 180, 30)
    trace = Trace(artifacts / "trace.jsonl")
    app, win = launch_ready(env={"REEL_TRACE": str(trace.path)})
    _application("Open", f"['{clip.as_uri()}']", "{}")
    trace.wait("player-open", lambda e: e["uri"] == clip.as_uri())
    _application("Activate", "{}")
    # ActivateAction reaches the app's actions: quit ends it.
    _application("ActivateAction", "'quit'", "[]", "{}")
    wait_until(lambda: not app.alive(), APP_TIMEOUT, what="Reel to quit")
    wait_until(lambda: not _has_owner(), 5, what="the bus name to go")

    # No Reel runs: the bus starts the installed one by its service file.
    service = Path(reel_bin).parent.parent / "share" / "dbus-1" / "services" / f"{APP_ID}.service"
    shutil.copy(service, desktop.services_dir / service.name)
    _gdbus("--dest", "org.freedesktop.DBus", "--object-path", "/org/freedesktop/DBus",
           "--method", "org.freedesktop.DBus.ReloadConfig")
    started = Trace(artifacts / "started.jsonl")
    environment = {**app.env, "REEL_TRACE": str(started.path)}
    variant = "{" + ", ".join(f"'{k}': '{v}'" for k, v in environment.items() if "'" not in v) + "}"
    _gdbus("--dest", "org.freedesktop.DBus", "--object-path", "/org/freedesktop/DBus",
           "--method", "org.freedesktop.DBus.UpdateActivationEnvironment", variant)
    try:
        _application("Open", f"['{clip.as_uri()}']", "{}")
        started.wait("player-open", lambda e: e["uri"] == clip.as_uri(), timeout=APP_TIMEOUT)
        assert _has_owner()
    finally:
        if _has_owner():
            _application("ActivateAction", "'quit'", "[]", "{}")
        (desktop.services_dir / service.name).unlink()
