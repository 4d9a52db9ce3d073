"""Picture subtitles, driven as a person drives them: Blu-ray's (PGS) in a
Matroska film, television's (DVB) in an MPEG-TS recording and a DVD's
(VobSub) in Matroska. The video
plays (a text sink that took only text stopped it outright), its track is
in the Subtitles menu, and chosen, its picture is drawn with the video at
the place and in the colour the stream gives it; Off takes it away. The
picture is read back from the screenshot, as it has no words to read
over AT-SPI."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from harness import pixel, wait_until
from pgs import write_sup
from player_helpers import gst_launch, menu_item, play, window_manager  # noqa: F401 (fixtures)

VIDEO = (640, 360)
# A yellow block where a line of dialogue goes, from 1 s to 40 s.
BLOCK = (120, 280, 400, 50)
YELLOW = (255, 220, 0)


@pytest.fixture(scope="module")
def film(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("pgs-media")
    width, height = VIDEO
    gst_launch(*(f"videotestsrc pattern=black num-buffers=600 ! video/x-raw,format=I420,width={width},height={height},"
                 "framerate=15/1 ! x264enc speed-preset=ultrafast key-int-max=15 ! h264parse ! mp4mux ! "
                 f"filesink location={folder / 'video.mp4'}").split())
    sup = write_sup(folder / "subs.sup", VIDEO, [(1.0, 40.0, BLOCK, YELLOW)])
    subprocess.run(["ffmpeg", "-loglevel", "error", "-y", "-i", str(folder / "video.mp4"), "-i", str(sup),
                    "-map", "0", "-map", "1", "-c", "copy", "-metadata:s:s:0", "language=eng",
                    str(folder / "Film.mkv")], check=True, timeout=120)
    # The same subtitles as television sends them: ffmpeg's DVB encoder
    # from the PGS pictures, in MPEG-TS.
    subprocess.run(["ffmpeg", "-loglevel", "error", "-y", "-i", str(folder / "Film.mkv"), "-map", "0", "-c:v", "copy",
                    "-c:s", "dvbsub", "-metadata:s:s:0", "language=eng", str(folder / "Recording.ts")],
                   check=True, timeout=120)
    # And as a DVD's (VobSub): ffmpeg's DVD encoder, in Matroska.
    subprocess.run(["ffmpeg", "-loglevel", "error", "-y", "-i", str(folder / "Film.mkv"), "-map", "0", "-c:v", "copy",
                    "-c:s", "dvdsub", "-metadata:s:s:0", "language=eng", str(folder / "Disc.mkv")],
                   check=True, timeout=120)
    return folder


def _screen_point(app, x: float, y: float) -> tuple:
    """Where the video's pixel (x, y) is on the screen: the full-screen
    window shows the whole picture, letterboxed."""
    geo = app.window_geometry(app.x_window("Reel"))
    scale = min(geo["w"] / VIDEO[0], geo["h"] / VIDEO[1])
    left = geo["x"] + (geo["w"] - VIDEO[0] * scale) / 2
    top = geo["y"] + (geo["h"] - VIDEO[1] * scale) / 2
    return round(left + x * scale), round(top + y * scale)


def _is_yellow(rgb: tuple) -> bool:
    return all(abs(a - b) < 40 for a, b in zip(rgb, YELLOW))


def _is_black(rgb: tuple) -> bool:
    return max(rgb) < 40


@pytest.mark.parametrize("name", ["Film.mkv", "Recording.ts", "Disc.mkv"])
def test_a_picture_subtitle_track_plays_is_listed_and_draws_in_place(play, film, name):
    app, win, trace = play(film / name)
    assert not trace.named("player-error"), f"{name} with picture subtitles did not play"
    x, y, w, h = BLOCK
    inside = [_screen_point(app, x + 6, y + 6), _screen_point(app, x + w - 6, y + h - 6),
              _screen_point(app, x + w / 2, y + h / 2)]
    outside = [_screen_point(app, x - 6, y + h / 2), _screen_point(app, x + w + 6, y + h / 2),
               _screen_point(app, x + w / 2, y - 6), _screen_point(app, x + w / 2, y + h + 6)]

    def shown() -> bool:
        shot = app.screenshot("picture")
        return all(_is_yellow(pixel(shot, *p)) for p in inside) and all(_is_black(pixel(shot, *p)) for p in outside)

    english = menu_item(app, win, "Subtitles", "English")
    i = trace.count()
    english.queryAction().doAction(0)
    trace.wait("player-text-track", lambda e: e["index"] == 0, after=i)
    # The controls hide on their own; the block sits under their place.
    wait_until(shown, 20, interval=0.5, what="the yellow picture at its place in the video")

    off = menu_item(app, win, "Subtitles", "Off")
    i = trace.count()
    off.queryAction().doAction(0)
    trace.wait("player-text-track", lambda e: e["index"] == -1, after=i)
    centre = _screen_point(app, x + w / 2, y + h / 2)
    wait_until(lambda: _is_black(pixel(app.screenshot("off"), *centre)), 10, interval=0.5, what="the picture to go")
