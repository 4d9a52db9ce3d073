"""The picture people with a GPU get: GTK's GL renderer draws the video
views, each frame handed over as a texture (VideoPaintable's texture path).
Without a GPU render node Reel picks GTK's cairo renderer itself, so every
other UI test draws through cairo surfaces; here GSK_RENDERER=gl (the
user's own choice, which Reel keeps) runs GL on Mesa's software rasteriser
(llvmpipe), through EGL on Xvfb.

One launch covers the three places a video shows: the preview strip, the
player and the mini window. Each says in the trace which renderer drew its
first frame and how (`video-renderer`), so the test cannot pass on a cairo
fallback, and the app's memory map shows Mesa's software driver loaded.
Screenshots are checked for videotestsrc's SMPTE bars, each bar's colour at
its place in the video's picture: not black, not red and blue swapped, not
shifted or sheared by a wrong stride.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from harness import APP_TIMEOUT, CMD_TIMEOUT, bad_log_lines, extents, find_all, foreign_log_lines, wait_until
from player_helpers import Trace, make_clip, window_manager  # noqa: F401 (fixture)

# What GL on Mesa's software rasteriser loads, relative to the system's
# library directory: libglvnd's EGL, Mesa's EGL behind it (GDK's first
# choice on X11) and the DRI driver that holds llvmpipe.
# tests/packaging/test_dependencies.py finds the Debian package of each in
# the test list of tools/deps.sh.
LOADED_LIBRARIES = ("libEGL.so.1", "libEGL_mesa.so.0", "dri/swrast_dri.so")

# videotestsrc's SMPTE pattern: the top two thirds of the picture are seven
# bars of full colour, left to right (its `smpte75` pattern is the 75 % one).
SMPTE_BARS = (("white", (255, 255, 255)), ("yellow", (255, 255, 0)), ("cyan", (0, 255, 255)),
              ("green", (0, 255, 0)), ("magenta", (255, 0, 255)), ("red", (255, 0, 0)),
              ("blue", (0, 0, 255)))
# H.264 at its default quality and the scaling blur edges, not a bar's middle.
TOLERANCE = 40
ASPECT = 16 / 9


@pytest.fixture(scope="module")
def bars(tmp_path_factory) -> Path:
    """Two pictures a second: llvmpipe on a busy machine takes about a
    tenth of a second for a frame of the strip, more for the player's, and
    a video that comes faster than GTK draws keeps the main loop from its
    idle callbacks (GTK's registration on the accessibility bus among
    them) and every accessibility call waiting behind a frame."""
    folder = tmp_path_factory.mktemp("gl-media")
    make_clip(folder / "Bars.mp4", 60, 640, 360, 2, pattern="smpte")
    return folder / "Bars.mp4"


def mini_title(name: str) -> str:
    return f"{name} — Picture in Picture"


def screen_box(app, node, window: str) -> tuple:
    """(x, y, w, h) of an accessible node on the screen."""
    x, y, w, h = extents(node, "window")
    geo = app.window_geometry(app.x_window(window))
    return geo["x"] + x, geo["y"] + y, w, h


def fitted(box: tuple) -> tuple:
    """Where a 16:9 picture goes in `box`, fit (bars at the sides or top and
    bottom)."""
    x, y, w, h = box
    if w / h > ASPECT:
        pw = h * ASPECT
        return x + (w - pw) / 2, y, pw, h
    ph = w / ASPECT
    return x, y + (h - ph) / 2, w, ph


def filled(box: tuple) -> tuple:
    """Where a 16:9 picture goes in a wider `box`, filling it: as wide as
    the box, its middle at the box's middle (the top and bottom cut off)."""
    x, y, w, h = box
    ph = w / ASPECT
    return x, y + (h - ph) / 2, w, ph


def pixels(shot: Path, points: list) -> list:
    """The (r, g, b) of each point of a screenshot, 0..255, in one read."""
    fmt = " ".join(f"%[fx:int(255*p{{{x},{y}}}.{c})]" for x, y in points for c in "rgb")
    out = subprocess.run(["convert", str(shot), "-format", fmt, "info:"], capture_output=True, text=True,
                         check=True, timeout=CMD_TIMEOUT).stdout.split()
    values = [int(v) for v in out]
    return [tuple(values[i:i + 3]) for i in range(0, len(values), 3)]


def wrong_bars(shot: Path, picture: tuple, rows: tuple) -> list:
    """What is wrong with the bars in a screenshot: `picture` is (x, y, w, h)
    of the video's whole picture on screen, `rows` the heights (fractions of
    the picture's) to look at. Empty when each bar has its colour at its
    middle."""
    px, py, pw, ph = picture
    points, names = [], []
    for row in rows:
        for i, (name, colour) in enumerate(SMPTE_BARS):
            points.append((round(px + (i + 0.5) * pw / 7), round(py + row * ph)))
            names.append((name, colour))
    wrong = []
    for (x, y), (name, colour), seen in zip(points, names, pixels(shot, points)):
        if any(abs(a - b) > TOLERANCE for a, b in zip(seen, colour)):
            wrong.append(f"the {name} bar at ({x}, {y}) is {seen}, not about {colour}")
    return wrong


def check_bars(app, name: str, picture: tuple, rows: tuple) -> Path:
    """Waits until a screenshot shows the bars where they belong (GTK draws
    the frame a moment after the trace says it was handed over); returns
    the screenshot."""
    seen = {}

    def right():
        shot = app.screenshot(name)
        seen["shot"], seen["wrong"] = shot, wrong_bars(shot, picture, rows)
        return shot if not seen["wrong"] else None

    try:
        return wait_until(right, 10, interval=0.5, what=f"the bars in the {name}")
    except AssertionError:
        raise AssertionError(f"the {name} (picture at {picture}) does not show the video's bars, "
                             f"in {seen.get('shot')}:\n  " + "\n  ".join(seen.get("wrong", []))) from None


def mapped_files(pid: int) -> set:
    """The files mapped into a process: the libraries it loaded."""
    maps = Path(f"/proc/{pid}/maps").read_text()
    return {line.split()[-1] for line in maps.splitlines() if line.split()[-1].startswith("/")}


def test_the_strip_the_player_and_the_mini_window_draw_through_gl(launch_ready, bars, profile, artifacts,
                                                                   window_manager):
    if not shutil.which("convert"):
        pytest.fail("ImageMagick's convert is missing: apt-get install imagemagick", pytrace=False)
    videos = profile / "home" / "Videos"
    videos.mkdir(parents=True, exist_ok=True)
    shutil.copy(bars, videos / bars.name)
    trace = Trace(artifacts / "trace.jsonl")
    # LIBGL_ALWAYS_SOFTWARE: llvmpipe even on a machine whose X server has
    # a GPU behind it.
    app, win = launch_ready(env={"REEL_TRACE": str(trace.path), "GSK_RENDERER": "gl",
                                 "LIBGL_ALWAYS_SOFTWARE": "1"}, strip=True)
    app.desktop.xdotool("windowactivate", "--sync", app.x_window())

    # The strip: a banner the picture fills, its middle band showing.
    trace.wait("strip-frame")
    trace.wait("video-renderer", lambda e: e["view"] == "strip")
    strip = app.find(win, name=re.compile(r"^Preview: "), timeout=APP_TIMEOUT)
    box = screen_box(app, strip, "Reel")
    check_bars(app, "strip", filled(box), rows=(0.45, 0.5, 0.55))

    # The player, from the video's card, once its controls have hidden.
    i = trace.count()
    app.click(app.find(win, role="label", name="Bars", timeout=APP_TIMEOUT))
    trace.wait("player-first-frame", after=i)
    trace.wait("video-renderer", lambda e: e["view"] == "player", after=i)
    trace.wait("player-controls", lambda e: e["shown"] == 0, after=i)
    view = next(n for n in find_all(win, name="Bars", visible=True) if n.getRoleName() != "label")
    check_bars(app, "player", fitted(screen_box(app, view, "Reel")), rows=(0.15, 0.4, 0.6))

    # The mini window, its own window with its own renderer, once its
    # controls have hidden.
    i = trace.count()
    app.key("p")
    trace.wait("pip-shown", after=i)
    trace.wait("video-renderer", lambda e: e["view"] == "pip", after=i)
    trace.wait("pip-controls", lambda e: e["shown"] == 0, after=i)
    mini = app.wait_window(name=mini_title("Bars"))
    view = next(n for n in find_all(mini, name="Bars", visible=True))
    check_bars(app, "mini window", fitted(screen_box(app, view, mini_title("Bars"))), rows=(0.15, 0.4, 0.6))

    # Each was drawn by GTK's GL renderer, the frame as a texture: not a
    # cairo renderer GTK fell back to.
    drawn = {e["view"]: (e["renderer"], e["picture"]) for e in trace.named("video-renderer")}
    assert drawn == {name: ("GskGLRenderer", "texture") for name in ("strip", "player", "pip")}, drawn
    # ...and GL was Mesa's software rasteriser (a file's name goes on past
    # its soname: libEGL.so.1.1.0).
    loaded = mapped_files(app.pid)
    missing = [name for name in LOADED_LIBRARIES if not any("/" + name in path for path in loaded)]
    gl = sorted(path for path in loaded if re.search(r"/lib(E?GL|GLX)\w*\.so|/dri/", path))
    assert not missing, f"Mesa's software GL did not draw: {missing} not loaded (GL files: {gl})"

    result = app.quit()
    assert result.returncode == 0, result.stderr[-2000:]
    # No warning from GTK's drawing or GL (the app fixture fails a CRITICAL
    # anywhere), and nothing GL's libraries printed on their own (Mesa's
    # loader, EGL).
    said = [line for line in bad_log_lines(result.stderr) if re.search(r"Gdk-|Gsk-|\bE?GL\b|mesa", line, re.I)]
    said += foreign_log_lines(result.stderr)
    assert not said, said
