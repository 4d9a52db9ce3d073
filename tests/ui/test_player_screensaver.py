"""The screensaver is inhibited only while a video plays.

Reel asks through GtkApplication, which (GTK 4.8, gtk/gtkapplication-dbus.c)
calls the session manager over D-Bus when org.gnome.SessionManager is on the
session bus as the app starts. A fake session manager on the test's private
bus (fake_session_manager.py) records the real calls: Inhibit with the
"idle" flag while a video plays, Uninhibit with the same cookie when it
pauses, ends, fails or closes.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from harness import APP_TIMEOUT, HarnessError, wait_until
from player_helpers import FPS, keyfile, make_clip, net_wm_state, play, press, window_manager  # noqa: F401 (fixtures)

HERE = Path(__file__).resolve().parent
INHIBIT_IDLE = 8  # GTK_APPLICATION_INHIBIT_IDLE


class SessionManagerLog:
    def __init__(self, path: Path):
        self.path = path

    def calls(self, method: str | None = None) -> list:
        if not self.path.exists():
            return []
        out = [json.loads(line) for line in self.path.read_text().splitlines() if line.strip()]
        return [c for c in out if method is None or c["call"] == method]

    def active(self, sender: str | None = None) -> list:
        """Inhibit calls not (yet) undone by an Uninhibit of their cookie."""
        undone = {c["cookie"] for c in self.calls("Uninhibit")}
        return [c for c in self.calls("Inhibit")
                if c["cookie"] not in undone and (sender is None or c["sender"] == sender)]

    def idle(self) -> list:
        return [c for c in self.active() if c["flags"] & INHIBIT_IDLE]


@pytest.fixture
def session_manager(desktop, tmp_path):
    """A fake org.gnome.SessionManager, owned before Reel starts (GTK looks
    for it only at start-up)."""
    log = tmp_path / "session-manager.jsonl"
    proc = subprocess.Popen([sys.executable, str(HERE / "fake_session_manager.py"), str(log)],
                            env=dict(os.environ, **desktop.env()),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        line = proc.stdout.readline().strip()
        if line != "ready":
            raise HarnessError(f"the fake session manager did not start: {line!r} {proc.stderr.read()}")
        yield SessionManagerLog(log)
    finally:
        proc.terminate()
        try:
            proc.wait(5)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(5)


@pytest.fixture(scope="module")
def clips(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("screensaver-media")
    make_clip(folder / "minute.mp4", 60, 160, 90, 5)
    make_clip(folder / "short.mp4", 2, 320, 180, FPS, pattern="ball")
    return folder


def test_the_screensaver_is_inhibited_only_while_a_video_plays(play, clips, session_manager, app):
    sm = session_manager
    reel, win, trace = play(clips / "minute.mp4")
    wait_until(lambda: sm.idle(), 5, what="an idle inhibition while the video plays")
    wait_until(lambda: trace.last_pts() > 1, 10, what="a second of playback")
    inhibit = sm.calls("Inhibit")
    assert len(inhibit) == 1 and len(sm.idle()) == 1, f"one inhibition while playing, not {inhibit}"
    first = inhibit[0]
    assert first["flags"] == INHIBIT_IDLE, first   # the screensaver only, not logout or suspend
    assert first["xid"] == int(reel.x_window()), first  # for Reel's window
    assert first["reason"], first

    # Paused: the inhibition goes, with the cookie it was given.
    i = press(reel, trace, "space")
    trace.wait("player-state", lambda e: e["state"] == "paused", after=i)
    wait_until(lambda: not sm.active(), 5, what="Uninhibit after pausing")
    assert [c["cookie"] for c in sm.calls("Uninhibit")] == [first["cookie"]]

    # Playing again: inhibited again.
    i = press(reel, trace, "k")
    trace.wait("player-state", lambda e: e["state"] == "playing", after=i)
    wait_until(lambda: len(sm.idle()) == 1, 5, what="a new idle inhibition after playing again")
    assert len(sm.calls("Inhibit")) == 2

    # Closed (Esc leaves full screen, then the player): nothing inhibited.
    press(reel, trace, "Escape")
    wait_until(lambda: "FULLSCREEN" not in net_wm_state(reel), 5, what="Esc to leave full screen")
    assert len(sm.idle()) == 1, "leaving full screen is not leaving the player"
    i = press(reel, trace, "Escape")
    trace.wait("player-close", after=i)
    wait_until(lambda: not sm.active(), 5, what="Uninhibit after closing the player")

    # A video that cannot play, opened in the running Reel (as from a file
    # manager): its error page inhibits nothing.
    calls = len(sm.calls("Inhibit"))
    i = trace.count()
    other = app(args=[str(clips / "missing.mp4")])
    other.wait_exit(APP_TIMEOUT)  # it hands the file to the running Reel
    reel.find(win, role="label", name="Cannot Play This Video", timeout=APP_TIMEOUT)
    trace.wait("player-error", after=i)
    assert len(sm.calls("Inhibit")) == calls and not sm.active(), sm.calls()[calls:]
    assert all(c["known"] for c in sm.calls("Uninhibit")), "Uninhibit of a cookie never given"


def test_the_end_of_a_video_lifts_the_inhibition(play, clips, session_manager, profile):
    keyfile(profile, end_action="'stop'")
    sm = session_manager
    reel, win, trace = play(clips / "short.mp4")
    wait_until(lambda: sm.idle(), 5, what="an idle inhibition while the video plays")
    trace.wait("player-state", lambda e: e["state"] == "ended", timeout=10)
    wait_until(lambda: not sm.active(), 5, what="Uninhibit at the end of the video")
    # Play after the end starts again, and inhibits again.
    i = press(reel, trace, "space")
    trace.wait("player-state", lambda e: e["state"] == "playing", after=i)
    wait_until(lambda: len(sm.idle()) == 1, 5, what="an idle inhibition when it plays again")



def test_the_preview_strip_never_inhibits_the_screensaver(launch_ready, clips, session_manager, profile, artifacts):
    """The strip loops forever: it must not keep the screen awake."""
    from player_helpers import Trace
    videos = profile / "home" / "Videos"
    videos.mkdir(parents=True, exist_ok=True)
    shutil.copy(clips / "short.mp4", videos / "Loop.mp4")
    trace = Trace(artifacts / "trace.jsonl")
    reel, win = launch_ready(env={"REEL_TRACE": str(trace.path)}, strip=True)
    trace.wait("strip-clip")
    # Past one loop of the clip, the strip still asked for nothing.
    wait_until(lambda: len([e for e in trace.events() if e["event"] == "strip-clip"]) >= 2, 10,
               what="the strip to loop")
    assert not session_manager.calls("Inhibit"), session_manager.calls()
