"""What the player tests share (test_player.py and the tests that stress
the player: leaks, screensaver, buffering): clips made with real encoders,
openbox for a real full screen, Reel's trace (REEL_TRACE, one JSON line per
player event and per presented frame), and the ways a person drives the
player (keys, pointer moves that reveal the controls)."""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import shutil
import subprocess
import time
from pathlib import Path

import pytest

from harness import APP_TIMEOUT, wait_until

FPS = 30
FRAME = 1.0 / FPS
KEYFILE_GROUP = "[io/github/reelapp/Reel]"


# ---------------------------------------------------------------------------
# media, made with real encoders
# ---------------------------------------------------------------------------

def gst_launch(*pipeline: str) -> None:
    """Runs a gst-launch-1.0 pipeline to its end. One that writes one file
    (it ends with `filesink location=PATH`) is made once per run: the test
    files run in parallel workers (tools/run_suite.py), and the first to
    need a file makes it in the run's shared media folder, REEL_TEST_MEDIA,
    while the others wait for it and copy it."""
    *rest, last = pipeline
    shared = os.environ.get("REEL_TEST_MEDIA")
    if not (shared and rest and rest[-1] == "filesink" and last.startswith("location=")):
        return _run_gst_launch(pipeline)
    target = Path(last[len("location="):])
    made = Path(shared) / (hashlib.sha256("\0".join(rest).encode()).hexdigest()[:32] + target.suffix)
    made.parent.mkdir(parents=True, exist_ok=True)
    with open(made.with_name(made.name + ".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not made.exists():
            partial = made.with_name(made.name + ".part" + target.suffix)
            _run_gst_launch((*rest, f"location={partial}"))
            partial.rename(made)
    shutil.copyfile(made, target)


def _run_gst_launch(pipeline) -> None:
    subprocess.run(["gst-launch-1.0", "-q", *pipeline], check=True, timeout=300,
                   stdout=subprocess.DEVNULL)


def run_to_end(pipeline) -> None:
    """Plays a pipeline built in the test (PyGObject's Gst) to its end."""
    from gi.repository import Gst
    pipeline.set_state(Gst.State.PLAYING)
    message = pipeline.get_bus().timed_pop_filtered(120 * Gst.SECOND, Gst.MessageType.EOS | Gst.MessageType.ERROR)
    pipeline.set_state(Gst.State.NULL)
    assert message and message.type == Gst.MessageType.EOS, message and message.parse_error()


def make_clip(path: Path, seconds: int, width: int, height: int, fps: int, pattern: str = "smpte",
          bitrate: int | None = None, faststart: bool = False) -> None:
    """An H.264 + AAC MP4 of a test pattern, 4:2:0 like the video people
    have (videotestsrc's default format would make x264 encode 4:4:4, which
    the player takes through videoconvert). `bitrate` (kbit/s) sets x264's
    target instead of its default quality; `faststart` puts the index first,
    as files made for the web have it."""
    frames = seconds * fps
    rate = [f"bitrate={bitrate}", "pass=cbr", f"vbv-buf-capacity={1000}"] if bitrate else []
    gst_launch("videotestsrc", f"num-buffers={frames}", f"pattern={pattern}", "!",
            f"video/x-raw,format=I420,width={width},height={height},framerate={fps}/1", "!",
            "x264enc", "speed-preset=ultrafast", f"key-int-max={fps}", *rate, "!", "h264parse", "!", "queue", "!", "mux.",
            "audiotestsrc", f"num-buffers={seconds * 44100 // 1024 + 1}", "samplesperbuffer=1024", "!",
            "audioconvert", "!", "avenc_aac", "!", "queue", "!", "mux.",
            "mp4mux", "name=mux", *(["faststart=true"] if faststart else []), "!", "filesink", f"location={path}")


def launch_with_strip(launch_ready, clips: Path, profile: Path, artifacts: Path):
    """Reel with `clips` copied into its Videos folder (so they are the
    strip's clips), the strip on and showing; returns (app, window, Trace)."""
    videos = profile / "home" / "Videos"
    videos.mkdir(parents=True, exist_ok=True)
    for clip in clips.iterdir():
        shutil.copy(clip, videos / clip.name)
    trace = Trace(artifacts / "trace.jsonl")
    app, win = launch_ready(env={"REEL_TRACE": str(trace.path)}, strip=True)
    trace.wait("strip-frame")
    return app, win, trace


@pytest.fixture(scope="module")
def window_manager(desktop):
    """openbox, so full screen is a real window state (_NET_WM_STATE)."""
    if not shutil.which("openbox"):
        pytest.fail("openbox is missing: apt-get install openbox", pytrace=False)
    env = dict(os.environ, DISPLAY=desktop.display)
    proc = subprocess.Popen(["openbox", "--sm-disable"], env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, start_new_session=True)

    def managing():  # openbox says so on the root window once it manages the screen
        return "window id" in subprocess.run(["xprop", "-root", "_NET_SUPPORTING_WM_CHECK"], capture_output=True,
                                             text=True, env=env).stdout
    wait_until(managing, 10, what="openbox to manage the screen")
    yield proc
    proc.terminate()
    try:
        proc.wait(timeout=5)
    except subprocess.TimeoutExpired:
        proc.kill()


# ---------------------------------------------------------------------------
# the trace
# ---------------------------------------------------------------------------

class Trace:
    def __init__(self, path: Path):
        self.path = path

    def events(self) -> list:
        if not self.path.exists():
            return []
        out = []
        for line in self.path.read_text().splitlines():
            try:
                out.append(json.loads(line))
            except json.JSONDecodeError:
                pass  # a line being written
        return out

    def named(self, name: str) -> list:
        return [e for e in self.events() if e["event"] == name]

    def count(self) -> int:
        return len(self.events())

    def wait(self, name: str, pred=lambda e: True, after: int = 0, timeout: float = APP_TIMEOUT) -> dict:
        """The first event `name` (at or after index `after`) that satisfies pred."""
        found = {}

        def check():
            for e in self.events()[after:]:
                if e["event"] == name and pred(e):
                    found["e"] = e
                    return True
            return False
        wait_until(check, timeout, what=f"trace event {name}")
        return found["e"]

    def at(self, event: dict) -> int:
        """Where `event` (one read from this trace) is in it. Called as
        trace.at(trace.wait(…)), the file is read after the wait, where
        trace.events().index(trace.wait(…)) reads it before."""
        return self.events().index(event)

    def frames_after(self, index: int) -> list:
        return [e for e in self.events()[index:] if e["event"] == "frame"]

    def last_pts(self) -> float:
        frames = self.named("frame")
        return frames[-1]["pts"] if frames else -1


def keyfile(profile: Path, **values: str) -> None:
    """Settings for the next launch (GVariant text values)."""
    path = profile / "config" / "glib-2.0" / "settings" / "keyfile"
    path.parent.mkdir(parents=True, exist_ok=True)
    settings = {"show-samples": "false", "show-preview-strip": "false"}
    settings.update({k.replace("_", "-"): v for k, v in values.items()})
    lines = [KEYFILE_GROUP] + [f"{k}={v}" for k, v in settings.items()]
    path.write_text("\n".join(lines) + "\n")


@pytest.fixture
def play(launch_ready, artifacts, window_manager):
    """play(file, **launch) → (app, window, Trace): Reel launched on `file`,
    waiting until its first frame is on screen."""
    def go(target, env=None, wait_frame=True, **kw):
        trace = Trace(artifacts / f"trace-{time.monotonic_ns()}.jsonl")
        app, win = launch_ready(args=[str(target)], env={"REEL_TRACE": str(trace.path), **(env or {})}, **kw)
        # The player opens full screen; let the window manager finish that
        # and hand the window the focus before a test types into it.
        wait_until(lambda: "FULLSCREEN" in net_wm_state(app), 10, what="the window to go full screen")
        app.desktop.xdotool("windowactivate", "--sync", app.x_window())
        if wait_frame:
            trace.wait("player-first-frame")
        return app, win, trace
    return go


_reveals = iter(range(10_000))


def reveal(app) -> None:
    """Moves the pointer over the video so the controls show: each time to a
    new spot, so the move is a real one wherever the pointer was. With the
    app's trace, waits until they are shown ("player-controls") and, while
    the video plays, a frame drawn after that (so GTK has laid them out: a
    click sent before lands on the video, as nobody clicks a bar not yet
    there; sound alone has no frames). AT-SPI cannot tell: GTK 4.8 reports
    the hidden bar's buttons visible, at their place."""
    wid = app.x_window()
    geo = app.window_geometry(wid)
    step = 10 + 13 * (next(_reveals) % 8)
    x, y = geo["x"] + geo["w"] // 3 + step, geo["y"] + geo["h"] // 3 + step
    app.desktop.xdotool("mousemove", "--sync", str(x), str(y))
    app.desktop.xdotool("mousemove", "--sync", str(x + 7), str(y + 5))
    if not app.env.get("REEL_TRACE"):
        return
    trace = Trace(Path(app.env["REEL_TRACE"]))

    def shown_and_drawn():
        events = trace.events()
        controls = [k for k, e in enumerate(events) if e["event"] == "player-controls"]
        if not controls:
            return True   # shown since the player opened
        if events[controls[-1]]["shown"] != 1:
            return False
        states = [e["state"] for e in events if e["event"] == "player-state"]
        playing = bool(states) and states[-1] == "playing"
        # Sound alone (a song and its cover) draws no frames to wait for.
        has_frames = any(e["event"] == "frame" for e in events)
        return not playing or not has_frames or any(e["event"] == "frame" for e in events[controls[-1] + 1:])
    wait_until(shown_and_drawn, 5, what="the player's bars shown and drawn")


def press(app, trace: Trace, *keys: str) -> int:
    """Presses keys; returns the trace position before them."""
    index = trace.count()
    app.key(*keys)
    return index


def slider_value(node) -> float:
    return node.queryValue().currentValue


def seek_landing(trace: Trace, after: int) -> tuple:
    """(target, pts of the first frame shown after the seek finished).

    While paused, the seek brings one new frame, and it may be drawn before
    the pipeline says the seek is done (the picture prerolls before the
    sound does): then it is the last frame drawn between the request and
    that. While playing, frames from before the jump may be drawn until it
    is done, so it is the first frame after that."""
    seek = trace.wait("player-seek", after=after)
    events = trace.events()
    start = events.index(seek)
    states = [e["state"] for e in events[:start] if e["event"] == "player-state"]
    paused = bool(states) and states[-1] == "paused"
    finished = trace.wait("player-seek-done", after=start)
    done = trace.events().index(finished)  # read once the event is there
    early = [e for e in trace.events()[start:done] if e["event"] == "frame"]
    if paused and early:
        return seek["target"], early[-1]["pts"]
    wait_until(lambda: trace.frames_after(done), 10, what="a frame after the seek")
    return seek["target"], trace.frames_after(done)[0]["pts"]


def window_property(app, prop: str, wid: str | None = None) -> str:
    """xprop's line for `prop` of window `wid` (default: the main window)."""
    return subprocess.run(["xprop", "-id", wid or app.x_window(), prop], capture_output=True,
                          text=True, env=dict(os.environ, DISPLAY=app.desktop.display)).stdout


def net_wm_state(app) -> str:
    return window_property(app, "_NET_WM_STATE")


def menu_item(app, win, button: str, name):
    """The item `name` (a string or a pattern) of the bar's menu `button`,
    opened by one click once the bars are on screen (the button found
    first: a long AT-SPI walk could outlast the bars' 3 s)."""
    node = app.find(win, role="push button", name=button, timeout=10)
    reveal(app)
    app.click(node)
    return app.find(win, role="menu item", name=name, timeout=10)
