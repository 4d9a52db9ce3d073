"""Chapters in the player, driven as a person drives it: a Matroska file
with a table of contents (written by matroskamux through GstTocSetter, in
a pipeline of the test's own) gets a Chapters menu, PgDn and PgUp go to the
next and previous chapter (back to the current one's start after 2 s), and
the statistics name the chapter, on screen."""

from __future__ import annotations

import ctypes
import re
import subprocess
from pathlib import Path

import gi
import pytest

gi.require_version("Gst", "1.0")
from gi.repository import Gst  # noqa: E402

from harness import find_all, wait_until, words_on_screen  # noqa: E402
from player_helpers import keyfile, play, press, reveal, run_to_end, window_manager  # noqa: E402,F401 (fixtures)

# (title, start s, stop s); the last has no title.
CHAPTERS = [("Opening", 0, 4), ("Harbour", 4, 8), ("", 8, 12)]


def _make_chapters_clip(path: Path) -> None:
    """The clip, its muxer given the chapters through GstTocSetter. The TOC
    is built with GStreamer's C calls (ctypes): PyGObject keeps a reference
    to each entry it hands over, and a shared entry cannot be added."""
    Gst.init(None)
    pipeline = Gst.parse_launch(
        "videotestsrc pattern=ball num-buffers=360 ! video/x-raw,format=I420,width=320,height=180,framerate=30/1 "
        "! x264enc speed-preset=ultrafast key-int-max=15 ! h264parse ! matroskamux name=mux "
        f"! filesink location={path}")
    gst = ctypes.CDLL("libgstreamer-1.0.so.0")
    gst.gst_toc_new.restype = gst.gst_toc_entry_new.restype = gst.gst_tag_list_new_from_string.restype = ctypes.c_void_p
    gst.gst_toc_entry_new.argtypes = [ctypes.c_int, ctypes.c_char_p]
    gst.gst_toc_entry_set_start_stop_times.argtypes = [ctypes.c_void_p, ctypes.c_int64, ctypes.c_int64]
    gst.gst_tag_list_new_from_string.argtypes = [ctypes.c_char_p]
    for name in ("gst_toc_entry_set_tags", "gst_toc_entry_append_sub_entry", "gst_toc_append_entry",
                 "gst_toc_setter_set_toc"):
        getattr(gst, name).argtypes = [ctypes.c_void_p, ctypes.c_void_p]
    gst.gst_mini_object_unref.argtypes = [ctypes.c_void_p]
    toc = gst.gst_toc_new(int(Gst.TocScope.GLOBAL))
    edition = gst.gst_toc_entry_new(int(Gst.TocEntryType.EDITION), b"edition")
    for index, (title, start, stop) in enumerate(CHAPTERS):
        entry = gst.gst_toc_entry_new(int(Gst.TocEntryType.CHAPTER), f"chapter-{index}".encode())
        gst.gst_toc_entry_set_start_stop_times(entry, start * Gst.SECOND, stop * Gst.SECOND)
        if title:
            gst.gst_toc_entry_set_tags(entry, gst.gst_tag_list_new_from_string(f'taglist, title="{title}"'.encode()))
        gst.gst_toc_entry_append_sub_entry(edition, entry)
    gst.gst_toc_append_entry(toc, edition)
    capsule = pipeline.get_by_name("mux").__gpointer__
    ctypes.pythonapi.PyCapsule_GetPointer.restype = ctypes.c_void_p
    ctypes.pythonapi.PyCapsule_GetPointer.argtypes = [ctypes.py_object, ctypes.c_char_p]
    gst.gst_toc_setter_set_toc(ctypes.pythonapi.PyCapsule_GetPointer(capsule, None), toc)
    gst.gst_mini_object_unref(toc)
    run_to_end(pipeline)


@pytest.fixture(scope="module")
def media(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("chapters-media")
    _make_chapters_clip(folder / "voyage.mkv")
    return folder


def _seek_target(trace, after: int) -> float:
    return trace.wait("player-seek", after=after)["target"]


def test_pgdn_pgup_the_menu_and_the_statistics_follow_the_chapters(play, media, profile):
    keyfile(profile, end_action="'stop'")
    app, win, trace = play(media / "voyage.mkv")
    i = press(app, trace, "space")
    trace.wait("player-state", lambda e: e["state"] == "paused", after=i)

    # PgDn: the next chapter's start.
    i = press(app, trace, "Next")
    assert abs(_seek_target(trace, i) - 4) < 0.01
    trace.wait("player-seek-done", after=i)
    i = press(app, trace, "Next")
    assert abs(_seek_target(trace, i) - 8) < 0.01
    trace.wait("player-seek-done", after=i)

    # The statistics name the chapter: the untitled third by its number.
    app.key("ctrl+i")
    stats = app.find(win, role="label", name=re.compile(r"^Video: H\.264"), timeout=5)
    wait_until(lambda: "Chapter: Chapter 3" in stats.name, 5, what="the chapter in the statistics")
    sd, bright = words_on_screen(app, stats, app.screenshot("statistics"))
    assert sd > 0.1 and bright > 0.02, f"the statistics are not visible (sd {sd:.3f}, bright {bright:.3f})"

    # PgUp just after a chapter began: the one before; 2 s into one: its start.
    i = press(app, trace, "Prior")
    assert abs(_seek_target(trace, i) - 4) < 0.01
    trace.wait("player-seek-done", after=i)
    wait_until(lambda: "Chapter: Harbour" in stats.name, 5, what="the statistics to follow")
    # Under the title too.
    reveal(app)
    under_title = app.find(win, role="label", name="Harbour", timeout=5)
    sd, bright = words_on_screen(app, under_title, app.screenshot("chapter-under-title"))
    assert sd > 0.1 and bright > 0.02, f"the chapter under the title is not visible (sd {sd:.3f}, bright {bright:.3f})"
    i = press(app, trace, "9")  # 90 %: 10.8 s, in the last chapter
    trace.wait("player-seek-done", after=i)
    i = press(app, trace, "Prior")
    assert abs(_seek_target(trace, i) - 8) < 0.01

    # Hovering over the seek bar in the middle chapter names it.
    reveal(app)
    bar = app.find(win, role="slider", name="Position", timeout=5)
    geo = app.window_geometry(app.x_window())
    x, y, w, h = bar.queryComponent().getExtents(1)  # window coordinates
    pointer = (geo["x"] + x + w // 2, geo["y"] + y + h // 3)
    app.desktop.xdotool("mousemove", "--sync", str(pointer[0] - 30), str(pointer[1]))
    before = app.screenshot("before-tooltip")
    app.desktop.xdotool("mousemove", "--sync", *map(str, pointer))

    def tooltip():
        """The title in the tooltip's window."""
        return [n for window in find_all(win, name="GtkTooltipWindow")
                for n in find_all(window, role="label", name="Harbour")]
    wait_until(tooltip, 5, what="the chapter's title as the seek bar's tooltip")
    # The tooltip is a window of its own, whose place AT-SPI does not give
    # on X11: it shows under the pointer, where the screen changed.
    box = f"200x60+{pointer[0] - 100}+{pointer[1] + 4}"
    out = subprocess.run(["compare", "-metric", "AE", "-fuzz", "10%", "-extract", box, str(before),
                          str(app.screenshot("tooltip")), "null:"], capture_output=True, text=True, timeout=30)
    changed = float(out.stderr.split()[0])
    assert changed > 300, f"no tooltip drawn under the pointer ({changed:.0f} pixels changed)"

    # The Chapters menu, by mouse: each chapter by its title and start.
    reveal(app)
    app.click(app.find(win, role="push button", name="Chapters", timeout=5))
    item = app.find(win, role="menu item", name=re.compile(r"^Harbour"), timeout=5, visible=False)
    app.find(win, role="menu item", name=re.compile(r"^Opening"), timeout=1, visible=False)
    app.find(win, role="menu item", name=re.compile(r"^Chapter 3"), timeout=1, visible=False)
    i = trace.count()
    item.queryAction().doAction(0)
    assert abs(_seek_target(trace, i) - 4) < 0.01


def test_a_video_without_chapters_has_no_chapters_menu(play, media, tmp_path, profile):
    keyfile(profile, end_action="'stop'")
    plain = tmp_path / "plain.mp4"
    Gst.init(None)
    pipeline = Gst.parse_launch(
        "videotestsrc num-buffers=60 ! video/x-raw,format=I420,width=320,height=180,framerate=30/1 "
        f"! x264enc speed-preset=ultrafast ! h264parse ! mp4mux ! filesink location={plain}")
    run_to_end(pipeline)
    app, win, trace = play(plain)
    reveal(app)
    app.find(win, role="push button", name="Pause", timeout=5)
    assert not find_all(win, role="push button", name="Chapters", visible=True)
    i = press(app, trace, "Next")
    app.key("m")
    trace.wait("player-volume", after=i)
    assert not [e for e in trace.events()[i:] if e["event"] == "player-seek"], "PgDn without chapters moved"
