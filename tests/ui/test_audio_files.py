"""Sound without a picture (an Opus song in Ogg with its cover in the
tags) plays in the player, showing its cover, title and artist where a
picture would be, with the same controls; without a cover, a quiet note
icon and the file's name."""

from __future__ import annotations

import base64
import struct
from pathlib import Path

import gi
import pytest

gi.require_version("Gst", "1.0")
from gi.repository import Gst  # noqa: E402

from harness import find_all, pixel, window_extents, words_on_screen  # noqa: E402
from player_helpers import gst_launch, keyfile, play, reveal, run_to_end, window_manager  # noqa: E402,F401 (fixtures)

ORANGE = (255, 128, 0)


def _encode(path: Path, tags: str | None, encoder: str = "opusenc") -> None:
    """A minute of a tone, with `tags` (taginject's syntax) in its header:
    long enough to be playing still when a busy machine's checks are done."""
    Gst.init(None)
    pipeline = Gst.parse_launch(f"audiotestsrc num-buffers=2600 ! taginject name=tags ! audioconvert ! {encoder} "
                                f'! oggmux ! filesink location="{path}"')
    if tags:
        pipeline.get_by_name("tags").set_property("tags", tags)
    run_to_end(pipeline)


@pytest.fixture(scope="module")
def media(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("audio-media")
    cover = folder / "cover.png"
    gst_launch("videotestsrc", "pattern=solid-color", "foreground-color=0xffff8000", "num-buffers=1", "!",
               "video/x-raw,width=200,height=200", "!", "videoconvert", "!", "pngenc", "!", "filesink",
               f"location={cover}")
    # The cover as Vorbis comments carry it: a FLAC picture block (type 3,
    # the front cover), base64 in METADATA_BLOCK_PICTURE.
    data, mime = cover.read_bytes(), b"image/png"
    block = (struct.pack(">II", 3, len(mime)) + mime + struct.pack(">I", 0) + struct.pack(">IIII", 200, 200, 24, 0)
             + struct.pack(">I", len(data)) + data)
    picture = base64.b64encode(block).decode()
    _encode(folder / "song.opus", f'title="Evening Song",artist="The Harbour Choir",'
                                  f'extended-comment="METADATA_BLOCK_PICTURE={picture}"')
    _encode(folder / "field recording.ogg", None, encoder="vorbisenc")
    return folder


def test_an_opus_song_plays_with_its_cover_title_and_artist(play, media, profile):
    keyfile(profile, end_action="'stop'")
    app, win, trace = play(media / "song.opus", wait_frame=False)
    trace.wait("player-state", lambda e: e["state"] == "playing")
    assert not trace.named("player-error"), "an audio file is not an error"
    title = app.find(win, role="label", name="Evening Song", timeout=10)
    artist = app.find(win, role="label", name="The Harbour Choir", timeout=5)
    cover = app.find(win, role="image", name="Cover", timeout=5)
    reveal(app)
    shot = app.screenshot("song")
    for words in (title, artist):
        sd, bright = words_on_screen(app, words, shot)
        assert sd > 0.1 and bright > 0.01, f"{words.name!r} is not visible (sd {sd:.3f}, bright {bright:.3f})"
    geo = app.window_geometry(app.x_window())
    x, y, w, h = window_extents(cover)
    colour = pixel(shot, geo["x"] + x + w // 2, geo["y"] + y + h // 2)
    assert all(abs(a - b) <= 8 for a, b in zip(colour, ORANGE)), f"the cover is not on screen: {colour}"
    # The same controls: Space pauses.
    i = trace.count()
    app.key("space")
    trace.wait("player-state", lambda e: e["state"] == "paused", after=i)
    app.find(win, role="push button", name="Play", timeout=5)


def test_a_song_without_tags_shows_its_name_and_a_quiet_icon(play, media, profile):
    keyfile(profile, end_action="'stop'")
    app, win, trace = play(media / "field recording.ogg", wait_frame=False)
    trace.wait("player-state", lambda e: e["state"] == "playing")
    # The file's name, under the note icon and in the title bar.
    app.find(win, role="label", name="field recording", timeout=10)
    assert len(find_all(win, role="label", name="field recording", visible=True)) >= 2
    assert not find_all(win, role="image", name="Cover", visible=True), "no cover to show"
