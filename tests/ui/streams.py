"""Streaming media for the tests and the bench, made with GStreamer's own
encoders and muxers: an HLS VOD in three variants of one source (240p, 720p,
1080p, MPEG-TS segments) with a multivariant playlist (and one more with
WebVTT subtitle renditions), a DASH stream of the
same (dashsink; and with a WebVTT text set), progressive MP4 and WebM, and a live HLS producer
(hlssink2 with a short sliding playlist) that runs while a test needs it.

Run as a script to make the media into a folder:
    python3 tests/ui/streams.py OUT [SECONDS]
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

# 4:2:0 (format=I420) like the video people stream: videotestsrc's own
# default would make x264 encode High 4:4:4.
# (name, width, height, video kbit/s); BANDWIDTH in the playlist adds the
# sound and the muxing, as encoders' rates are averages.
VARIANTS = (("240p", 426, 240, 400), ("720p", 1280, 720, 2000), ("1080p", 1920, 1080, 4500))
AUDIO_KBITS = 128
SEGMENT_SECONDS = 2
FPS = 30


def bandwidth(kbits: int) -> int:
    return int((kbits + AUDIO_KBITS) * 1000 * 1.15)


def run(*pipeline: str, timeout: float = 600) -> None:
    subprocess.run(["gst-launch-1.0", "-q", *pipeline], check=True, timeout=timeout,
                   stdout=subprocess.DEVNULL)


def audio_buffers(seconds: float) -> int:
    return int(seconds * 44100 / 1024) + 1


def make_hls(out: Path, seconds: int) -> Path:
    """out/hls/{240p,720p,1080p}/index.m3u8 and out/hls/master.m3u8."""
    hls = out / "hls"
    branches, sinks, audio = [], [], []
    for name, width, height, kbits in VARIANTS:
        (hls / name).mkdir(parents=True, exist_ok=True)
        scale = [] if width == 1920 else ["videoscale", "!", f"video/x-raw,format=I420,width={width},height={height}", "!"]
        branches += ["v.", "!", "queue", "!", *scale, "x264enc", "speed-preset=ultrafast", f"bitrate={kbits}",
                     f"key-int-max={FPS * SEGMENT_SECONDS}", "!", "h264parse", "!", f"s{name}.video"]
        audio += ["a.", "!", "queue", "!", f"s{name}.audio"]
        sinks += ["hlssink2", f"name=s{name}", f"target-duration={SEGMENT_SECONDS}", "playlist-length=0",
                  "max-files=0", f"location={hls / name}/segment%05d.ts", f"playlist-location={hls / name}/index.m3u8"]
    run("videotestsrc", f"num-buffers={seconds * FPS}", "pattern=smpte", "!",
        f"video/x-raw,format=I420,width=1920,height=1080,framerate={FPS}/1", "!", "timeoverlay", "!", "tee", "name=v", *branches,
        "audiotestsrc", f"num-buffers={audio_buffers(seconds)}", "samplesperbuffer=1024", "!", "audioconvert", "!",
        "avenc_aac", "!", "aacparse", "!", "tee", "name=a", *audio, *sinks)
    lines = ["#EXTM3U", "#EXT-X-VERSION:3"]
    for name, width, height, kbits in VARIANTS:
        lines += [f'#EXT-X-STREAM-INF:BANDWIDTH={bandwidth(kbits)},RESOLUTION={width}x{height},'
                  f'CODECS="avc1.640028,mp4a.40.2"', f"{name}/index.m3u8"]
    (hls / "master.m3u8").write_text("\n".join(lines) + "\n")
    return hls / "master.m3u8"


# The words of each subtitle rendition: one line over nearly all of each
# segment, "<word> <segment>".
SUBTITLES = (("en", "English", "Hello", True), ("de", "Deutsch", "Hallo", False))


def first_pts(segment: Path) -> int:
    """The first video timestamp of an MPEG-TS segment, in 90 kHz ticks
    (the muxer starts the clock well above zero): the PTS of the first
    video PES packet."""
    data = segment.read_bytes()
    for at in range(0, len(data) - 187, 188):
        packet = data[at:at + 188]
        if packet[0] != 0x47 or not packet[1] & 0x40:  # sync byte; a payload's start
            continue
        payload = 4 + (1 + packet[4] if packet[3] & 0x20 else 0)  # after the adaptation field
        pes = packet[payload:]
        if pes[:3] == b"\0\0\1" and 0xE0 <= pes[3] <= 0xEF and pes[7] & 0x80:
            p = pes[9:14]
            return ((p[0] >> 1) & 7) << 30 | p[1] << 22 | (p[2] >> 1) << 15 | p[3] << 7 | p[4] >> 1
    raise ValueError(f"no video timestamp in {segment}")


def vtt_time(seconds: float) -> str:
    minutes, rest = divmod(seconds, 60)
    return f"{int(minutes) // 60:02d}:{int(minutes) % 60:02d}:{rest:06.3f}"


def make_subtitled_hls(hls: Path, seconds: int) -> Path:
    """hls/subtitled.m3u8: the same variants with two WebVTT subtitle
    renditions (English by default, German), segmented like the video and
    tied to its clock by X-TIMESTAMP-MAP, as packagers write them."""
    base = first_pts(hls / VARIANTS[0][0] / "segment00000.ts")
    lines = ["#EXTM3U", "#EXT-X-VERSION:3"]
    for code, name, word, default in SUBTITLES:
        folder = hls / f"subs-{code}"
        folder.mkdir(exist_ok=True)
        playlist = ["#EXTM3U", "#EXT-X-VERSION:3", f"#EXT-X-TARGETDURATION:{SEGMENT_SECONDS}",
                    "#EXT-X-PLAYLIST-TYPE:VOD"]
        for n in range(seconds // SEGMENT_SECONDS):
            start = n * SEGMENT_SECONDS
            # A cue ends with a blank line: hlsdemux2 hands each segment to
            # the parser alone, which keeps an unfinished last cue back.
            (folder / f"{n:05d}.vtt").write_text(
                f"WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:{base},LOCAL:00:00:00.000\n\n"
                f"{vtt_time(start + 0.05)} --> {vtt_time(start + SEGMENT_SECONDS - 0.05)}\n{word} {n}\n\n")
            playlist += [f"#EXTINF:{SEGMENT_SECONDS}.0,", f"{n:05d}.vtt"]
        (folder / "index.m3u8").write_text("\n".join(playlist + ["#EXT-X-ENDLIST"]) + "\n")
        lines.append(f'#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="{name}",LANGUAGE="{code}",'
                     f'DEFAULT={"YES" if default else "NO"},AUTOSELECT=YES,URI="subs-{code}/index.m3u8"')
    for name, width, height, kbits in VARIANTS:
        lines += [f'#EXT-X-STREAM-INF:BANDWIDTH={bandwidth(kbits)},RESOLUTION={width}x{height},'
                  f'CODECS="avc1.640028,mp4a.40.2",SUBTITLES="subs"', f"{name}/index.m3u8"]
    (hls / "subtitled.m3u8").write_text("\n".join(lines) + "\n")
    # The same with the German rendition's playlist missing on the server.
    (hls / "subtitled-broken.m3u8").write_text("\n".join(lines).replace("subs-de/index.m3u8", "subs-gone/index.m3u8") + "\n")
    return hls / "subtitled.m3u8"


def make_subtitled_dash(mpd: Path, seconds: int) -> Path:
    """dash/subtitled.mpd: the same video with a WebVTT text adaptation set
    (one file) per subtitle language, their lines as the HLS renditions
    have them."""
    sets = []
    for number, (code, name, word, default) in enumerate(SUBTITLES):
        cues = [f"{vtt_time(start + 0.05)} --> {vtt_time(start + SEGMENT_SECONDS - 0.05)}\n{word} {n}\n"
                for n, start in enumerate(range(0, seconds, SEGMENT_SECONDS))]
        (mpd.parent / f"subs-{code}.vtt").write_text("WEBVTT\n\n" + "\n".join(cues) + "\n")
        sets.append(f'<AdaptationSet id="{90 + number}" contentType="text" mimeType="text/vtt" lang="{code}">'
                    f'<Representation id="subs_{code}" bandwidth="256"><BaseURL>subs-{code}.vtt</BaseURL></Representation>'
                    '</AdaptationSet>')
    subtitled = mpd.parent / "subtitled.mpd"
    subtitled.write_text(mpd.read_text().replace("</Period>", "".join(sets) + "</Period>", 1))
    return subtitled


def make_dash(out: Path, seconds: int) -> Path | None:
    """out/dash/manifest.mpd (one 360p representation in MPEG-TS segments:
    dashsink's MP4 muxing stalls after two segments in GStreamer 1.22). Its
    TS muxing at times never ends after writing everything, so the
    manifest's duration says when it is done."""
    dash = out / "dash"
    dash.mkdir(parents=True, exist_ok=True)
    mpd = dash / "manifest.mpd"
    proc = subprocess.Popen(
        ["gst-launch-1.0", "-q", "videotestsrc", f"num-buffers={seconds * FPS}", "pattern=ball", "!",
         f"video/x-raw,format=I420,width=640,height=360,framerate={FPS}/1", "!", "x264enc", "speed-preset=ultrafast",
         "bitrate=800", f"key-int-max={FPS * SEGMENT_SECONDS}", "!", "h264parse", "!", "d.video_0",
         "dashsink", "name=d", f"mpd-root-path={dash}", "mpd-filename=manifest.mpd", "muxer=ts",
         f"target-duration={SEGMENT_SECONDS}"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 120
    try:
        while time.monotonic() < deadline and proc.poll() is None:
            if mpd_seconds(mpd) >= seconds - 0.5:
                break
            time.sleep(0.2)
    finally:
        if proc.poll() is None:
            proc.terminate()
            proc.wait(10)
    return mpd if mpd_seconds(mpd) >= seconds - 0.5 else None


def mpd_seconds(mpd: Path) -> float:
    """The mediaPresentationDuration of an MPD dashsink wrote (0 if none)."""
    match = re.search(r'mediaPresentationDuration="P[^T"]*T(?:(\d+)H)?(?:(\d+)M)?(?:([\d.]+)S)?"',
                      mpd.read_text() if mpd.exists() else "")
    if not match:
        return 0.0
    hours, minutes, secs = (float(g) if g else 0.0 for g in match.groups())
    return hours * 3600 + minutes * 60 + secs


def make_progressive(out: Path, seconds: int) -> tuple:
    """out/progressive.mp4 (1080p, index first, as for the web) and
    out/progressive.webm (VP8 + Vorbis, 480p)."""
    mp4, webm = out / "progressive.mp4", out / "progressive.webm"
    run("videotestsrc", f"num-buffers={seconds * FPS}", "pattern=smpte", "!",
        f"video/x-raw,format=I420,width=1920,height=1080,framerate={FPS}/1", "!", "timeoverlay", "!",
        "x264enc", "speed-preset=ultrafast", "bitrate=4500", f"key-int-max={FPS * SEGMENT_SECONDS}", "!",
        "h264parse", "!", "queue", "!", "m.",
        "audiotestsrc", f"num-buffers={audio_buffers(seconds)}", "samplesperbuffer=1024", "!", "audioconvert", "!",
        "avenc_aac", "!", "queue", "!", "m.", "mp4mux", "name=m", "faststart=true", "!", "filesink", f"location={mp4}")
    short = min(seconds, 5)
    run("videotestsrc", f"num-buffers={short * FPS}", "pattern=ball", "!",
        f"video/x-raw,format=I420,width=854,height=480,framerate={FPS}/1", "!", "vp8enc", "deadline=1", "cpu-used=16", "!",
        "queue", "!", "m.", "audiotestsrc", f"num-buffers={audio_buffers(short)}", "samplesperbuffer=1024", "!",
        "audioconvert", "!", "vorbisenc", "!", "queue", "!", "m.", "webmmux", "name=m", "!", "filesink",
        f"location={webm}")
    return mp4, webm


class LiveProducer:
    """A live HLS stream into `folder`: a sliding playlist of the last twenty
    1 s segments (older ones deleted), in real time, until stopped."""

    def __init__(self, folder: Path):
        self.folder = Path(folder)
        self.folder.mkdir(parents=True, exist_ok=True)
        self.playlist = self.folder / "live.m3u8"
        self.proc = subprocess.Popen(
            ["gst-launch-1.0", "-q", "videotestsrc", "is-live=true", "pattern=smpte", "!",
             f"video/x-raw,format=I420,width=640,height=360,framerate={FPS}/1", "!", "timeoverlay", "!",
             "x264enc", "speed-preset=ultrafast", "tune=zerolatency", "bitrate=800", f"key-int-max={FPS}", "!",
             "h264parse", "!", "s.video",
             "audiotestsrc", "is-live=true", "!", "audioconvert", "!", "avenc_aac", "!", "aacparse", "!", "s.audio",
             "hlssink2", "name=s", "target-duration=1", "playlist-length=20", "max-files=25",
             f"location={self.folder}/live%05d.ts", f"playlist-location={self.playlist}"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)

    def wait_ready(self, segments: int = 4, timeout: float = 20) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.playlist.exists() and self.playlist.read_text().count("#EXTINF") >= segments:
                return
            if self.proc.poll() is not None:
                raise RuntimeError("the live HLS producer exited")
            time.sleep(0.2)
        raise RuntimeError("the live HLS producer wrote no playlist")

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.proc.kill()


def make_all(out: Path, seconds: int = 24) -> dict:
    out.mkdir(parents=True, exist_ok=True)
    master = make_hls(out, seconds)
    subtitled = make_subtitled_hls(master.parent, seconds)
    mp4, webm = make_progressive(out, seconds)
    dash = make_dash(out, seconds)
    return {"master": master, "subtitled": subtitled, "dash": dash,
            "subtitled_dash": dash and make_subtitled_dash(dash, seconds), "mp4": mp4, "webm": webm}


if __name__ == "__main__":
    target = Path(sys.argv[1])
    if target.exists():
        shutil.rmtree(target)
    made = make_all(target, int(sys.argv[2]) if len(sys.argv) > 2 else 24)
    for key, value in made.items():
        print(f"{key}: {value}")
