"""The video (and sound) types the desktop file claims are ones GStreamer here plays:
each names the element that takes it apart, and that element must be in
this machine's registry (the packages tools/deps.sh installs). Playlist
types are read by Reel itself (ReelCore's Playlist), not by GStreamer."""
import re
from pathlib import Path

import gi

gi.require_version("Gst", "1.0")
from gi.repository import Gst  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
DESKTOP = ROOT / "data" / "io.github.reelapp.Reel.desktop.in"
PLAYLIST = ROOT / "Sources" / "ReelCore" / "Playlist.swift"

# Each claimed type and the demuxer (or adaptive demuxer) that opens it.
DEMUXERS = {
    "video/mp4": "qtdemux", "video/x-m4v": "qtdemux", "video/quicktime": "qtdemux",
    "video/3gpp": "qtdemux", "video/3gpp2": "qtdemux", "video/mj2": "qtdemux",
    "video/webm": "matroskademux", "video/x-matroska": "matroskademux", "application/x-matroska": "matroskademux",
    "video/ogg": "oggdemux", "video/x-ogm+ogg": "oggdemux", "video/x-theora+ogg": "oggdemux",
    "video/mpeg": "mpegpsdemux", "video/x-mpeg": "mpegpsdemux", "video/x-mpeg2": "mpegpsdemux",
    "video/mp2t": "tsdemux", "video/vnd.dlna.mpeg-tts": "tsdemux",
    "video/x-msvideo": "avidemux", "video/x-avi": "avidemux", "video/avi": "avidemux",
    "video/vnd.avi": "avidemux", "video/msvideo": "avidemux",
    "video/x-flv": "flvdemux", "video/flv": "flvdemux",
    "video/x-ms-wmv": "asfdemux", "video/x-ms-asf": "asfdemux", "application/vnd.ms-asf": "asfdemux",
    "video/dv": "dvdemux", "application/mxf": "mxfdemux", "video/x-ivf": "ivfparse",
    "application/vnd.rn-realmedia": "rmdemux", "video/vnd.rn-realvideo": "rmdemux",
    "application/vnd.apple.mpegurl": "hlsdemux2", "application/x-mpegurl": "hlsdemux2",
    "application/dash+xml": "dashdemux2",
    # Sound alone plays too (with its cover, or a quiet picture).
    "audio/mpeg": "mpegaudioparse", "audio/mp4": "qtdemux", "audio/x-m4a": "qtdemux", "audio/aac": "aacparse",
    "audio/ogg": "oggdemux", "audio/x-vorbis+ogg": "oggdemux", "audio/x-opus+ogg": "oggdemux", "audio/opus": "oggdemux",
    "audio/flac": "flacparse", "audio/x-flac": "flacparse", "audio/x-wav": "wavparse", "audio/wav": "wavparse",
    "audio/webm": "matroskademux", "audio/x-matroska": "matroskademux",
}


def claimed() -> list:
    for line in DESKTOP.read_text().splitlines():
        if line.startswith("MimeType="):
            return [t for t in line[len("MimeType="):].split(";") if t]
    raise AssertionError(f"no MimeType line in {DESKTOP}")


def playlist_types() -> set:
    """The types Reel's playlist reader says it takes (Playlist.mimeTypes)."""
    found = re.search(r"static let mimeTypes = \[([^\]]*)\]", PLAYLIST.read_text())
    assert found, f"no mimeTypes in {PLAYLIST}"
    return set(re.findall(r'"([^"]+)"', found.group(1)))


def test_every_claimed_type_has_a_demuxer_here():
    Gst.init(None)
    types = [t for t in claimed() if t not in playlist_types()]
    assert len(types) == len(set(types)), "a type listed twice"
    unknown = [t for t in types if t not in DEMUXERS]
    assert not unknown, f"claimed without a known demuxer: {unknown}"
    missing = {t: DEMUXERS[t] for t in types if Gst.ElementFactory.find(DEMUXERS[t]) is None}
    assert not missing, f"claimed, but GStreamer here lacks the element: {missing}"


def test_the_playlist_types_reel_reads_are_claimed():
    assert playlist_types() == {"audio/x-mpegurl", "audio/mpegurl", "audio/x-scpls", "application/xspf+xml"}
    assert playlist_types() <= set(claimed())


def test_web_addresses_stay_the_browsers():
    """http and https links belong to the browser; Reel opens them from its
    own Open Address dialog instead."""
    text = DESKTOP.read_text()
    assert "x-scheme-handler/http" not in text


def test_the_common_containers_are_claimed():
    assert {"video/mp4", "video/webm", "video/x-matroska", "video/quicktime", "video/mp2t", "video/x-msvideo",
            "application/vnd.apple.mpegurl", "application/dash+xml",
            "audio/mpeg", "audio/ogg", "audio/flac", "audio/x-opus+ogg"} <= set(claimed())
