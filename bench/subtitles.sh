#!/usr/bin/python3
# Subtitles: what showing them costs. Reel draws a line with a GTK label
# over the picture (the lines come from playbin's text sink); playbin alone
# blends them into every frame with its own subtitle overlay (textoverlay,
# plugged because the video sink takes no text). Side by side in one run:
#
#   bench/subtitles.sh [--seconds 15] [--settle 5] [--runs 3] [--players LIST]
#       [--reel BIN] [--keep DIR]
#
# LIST is a comma-separated subset of (default: all):
#   reel            - Reel on the clip alone (1280x720 window)
#   reel-srt        - Reel on the same clip with a .srt of its name beside it
#                     (loaded and shown: the trace must say so)
#   reel-ass        - the same with an .ass beside it (styled lines: Reel reads
#                     the file and shows its markup in the same label)
#   reel-ass-placed - the same .ass with a sign at the top (\an8) with each
#                     line: two labels at once
#   reel-ass-fade   - the same .ass with each line fading in and out over a
#                     quarter of a second (\fad): the label's opacity changes
#                     with the frames for 0.5 s of each 0.8 s line
#   playbin         - gst-launch-1.0 playbin, videoscale to 1280x720 ! ximagesink
#   playbin-srt     - the same with suburi= the .srt (its subtitle overlay)
#   playbin-fake    - playbin, video-sink="fakesink sync=true": decoding and
#                     the overlay without drawing
#   playbin-fake-srt - the same with the .srt
#   reel-mkv        - Reel on the clip remuxed into Matroska with a Blu-ray
#                     (PGS) subtitle track, the track off (remembered so)
#   reel-pgs        - the same with the PGS track shown (remembered so):
#                     Reel decodes the pictures and draws them with the frame
#   playbin-pgs     - playbin on that file, ximagesink 1280x720: its
#                     dvdspu blends each picture into every frame
#
# The PGS track holds a picture a second (a 1000x100 block, 0.1-0.9 s of
# it) on the 1920x1080 canvas, written by tests/ui/pgs.py and muxed by
# ffmpeg with the clip's streams copied.
#
# The clip is bench/playback.sh's (30 s of 1080p30 H.264 High + AAC, made
# once in $REEL_BENCH_MEDIA), and so is everything else: one Xvfb, a private
# session bus, a fresh profile and the null-sink PulseAudio per row, CPU
# seconds of every process in its session over --seconds after --settle
# seconds of playback, peak RSS; imported from it (bench/playback_module.py).
# The subtitle files hold a new two-line cue every second (0.1-0.9 s of it),
# so the line changes 15 times in 15 s, as fast dialogue does.
#
# Reel is $REEL_BIN or --reel (default _inst/bin/reel, made by tools/run).
# Prints the medians of --runs runs, and each row's cost over the same
# player without subtitles.
#
# Needs: xvfb, x11-utils, dbus, pulseaudio, pulseaudio-utils,
# gstreamer1.0-plugins-{base,good,ugly}, gstreamer1.0-libav, gstreamer1.0-x
# (textoverlay, ximagesink).
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

sys.dont_write_bytecode = True  # no __pycache__ for playback.sh's import
ROOT = Path(__file__).resolve().parent.parent
from playback_module import pb  # noqa: E402

log, fmt, NAN = pb.log, pb.fmt, float("nan")
SRT = pb.MEDIA / "subtitles-30s.srt"
PGS_FILM = pb.MEDIA / "clip-pgs-30s.mkv"
ASS = pb.MEDIA / "subtitles-30s.ass"
ASS_PLACED = pb.MEDIA / "subtitles-placed-30s.ass"
ASS_FADE = pb.MEDIA / "subtitles-fade-30s.ass"
ASS_HEADER = "\n".join([
    "[Script Info]", "ScriptType: v4.00+", "", "[V4+ Styles]",
    "Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, "
    "Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, "
    "MarginV, Encoding",
    "Style: Default,Sans,48,&H00FFFFFF,&H000000FF,&H00000000,&H00000000,0,0,0,0,100,100,0,0,1,2,0,2,10,10,40,1",
    "", "[Events]", "Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text", ""])


def make_subtitles():
    """A cue a second for 30 s, as SubRip and as ASS (italic and coloured
    words); the ASS again with a sign at the top, and with fades."""
    pb.MEDIA.mkdir(parents=True, exist_ok=True)
    srt, ass, placed, fade = [], [ASS_HEADER], [ASS_HEADER], [ASS_HEADER]
    for n in range(30):
        words = f"Line {n + 1}: somebody says something here,\nand somebody else answers at once."
        srt.append(f"{n + 1}\n00:00:{n:02d},100 --> 00:00:{n:02d},900\n{words}\n")
        event = f"Dialogue: 0,0:00:{n:02d}.10,0:00:{n:02d}.90,Default,,0,0,0,,"
        text = (words.replace("\n", "\\N").replace("somebody else", "{\\i1}somebody else{\\i0}")
                .replace("at once", "{\\c&H00FFFF&}at once"))
        ass.append(event + text)
        placed += [event + text, event + f"{{\\an8}}A SIGN ON THE WALL, {n + 1}"]
        fade.append(event + "{\\fad(250,250)}" + text)
    SRT.write_text("\n".join(srt))
    for path, lines in ((ASS, ass), (ASS_PLACED, placed), (ASS_FADE, fade)):
        path.write_text("\n".join(lines) + "\n")


def make_pictures():
    """The clip with a PGS track of a picture a second, in Matroska."""
    if PGS_FILM.exists():
        return
    sys.path.insert(0, str(ROOT / "tests" / "ui"))
    from pgs import write_sup  # noqa: E402 - the tests' PGS writer
    colours = [(255, 220, 0), (0, 200, 255), (255, 255, 255)]
    sup = write_sup(pb.MEDIA / "pictures-30s.sup", (1920, 1080),
                    [(n + 0.1, n + 0.9, (460, 900, 1000, 100), colours[n % 3]) for n in range(30)])
    subprocess.run(["ffmpeg", "-loglevel", "error", "-y", "-i", str(pb.CLIP), "-i", str(sup), "-map", "0", "-map", "1",
                    "-c", "copy", str(PGS_FILM)], check=True)


class PictureSubtitledReel(pb.Reel):
    """Reel on the PGS film, its subtitle track remembered as shown or off."""

    def __init__(self, binary, name, label, shown):
        super().__init__(binary, name, label)
        self.shown = shown

    def film(self, run):
        return run.work / "Film.mkv"

    def setup(self, run):
        super().setup(run)
        choice = {"embedded": {"_0": 0}} if self.shown else {"off": {}}
        state = run.dirs["XDG_STATE_HOME"] / "reel" / "state.json"
        state.parent.mkdir(parents=True, exist_ok=True)
        state.write_text(json.dumps({"version": 1, "hiddenIDs": [], "playbackPositions": {}, "recent": [],
                                     "trackChoices": {self.film(run).as_uri(): {"subtitle": choice}}}))

    def argv(self, run):
        if not self.film(run).exists():
            self.film(run).symlink_to(PGS_FILM)
        return [self.binary, str(self.film(run))]


class SubtitledReel(pb.Reel):
    """Reel on the clip in a folder of its own, a subtitle file of its name beside it."""

    def __init__(self, binary, name, label, subtitles):
        super().__init__(binary, name, label)
        self.subtitles = subtitles

    def argv(self, run):
        folder = run.work / "film"
        folder.mkdir(exist_ok=True)
        film = folder / "Film.mp4"
        film.symlink_to(pb.CLIP)
        (folder / f"Film{self.subtitles.suffix}").symlink_to(self.subtitles)
        return [self.binary, str(film)]


class PlaybinWith(pb.Playbin):
    """playbin with a video sink and, with `subtitles`, its suburi."""

    def __init__(self, name, label, sink, subtitles=None):
        self.name, self.label, self.sink, self.subtitles = name, label, sink, subtitles

    def argv(self, run):
        suburi = [f"suburi={self.subtitles.as_uri()}"] if self.subtitles and self.subtitles != PGS_FILM else []
        clip = PGS_FILM if self.subtitles == PGS_FILM else pb.CLIP
        return ["gst-launch-1.0", "-m", "playbin", f"uri={clip.as_uri()}", *suburi, f"video-sink={self.sink}"]


def lines_loaded(run_dir):
    """Reel's trace: the subtitle file it loaded, or the text track it
    showed (else None)."""
    events = pb.read_trace(run_dir / "reel-trace.jsonl")
    loaded = [e for e in events if e.get("event") == "player-subtitle-file"]
    if loaded:
        return loaded[-1].get("uri")
    shown = [e for e in events if e.get("event") == "player-text-track"]
    return shown[-1]["index"] if shown and shown[-1].get("index", -1) >= 0 else None


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--seconds", type=float, default=15.0)
    ap.add_argument("--settle", type=float, default=5.0)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--players", default="reel,reel-srt,reel-ass,reel-mkv,reel-pgs,playbin,playbin-srt,playbin-pgs,"
                                          "playbin-fake,playbin-fake-srt")
    ap.add_argument("--reel", default=os.environ.get("REEL_BIN") or str(ROOT / "_inst" / "bin" / "reel"))
    ap.add_argument("--keep", help="keep each run's profile, logs and trace in this folder")
    args = ap.parse_args()
    pb.use_clip("h264", 30)
    binary = os.path.abspath(args.reel)
    fake = "fakesink sync=true"
    catalog = {p.name: p for p in (
        pb.Reel(binary),
        SubtitledReel(binary, "reel-srt", "Reel, .srt beside", SRT),
        SubtitledReel(binary, "reel-ass", "Reel, .ass beside", ASS),
        SubtitledReel(binary, "reel-ass-placed", "Reel, .ass with a sign at the top", ASS_PLACED),
        SubtitledReel(binary, "reel-ass-fade", "Reel, .ass with fades", ASS_FADE),
        PictureSubtitledReel(binary, "reel-mkv", "Reel, Matroska, PGS track off", False),
        PictureSubtitledReel(binary, "reel-pgs", "Reel, Matroska, PGS track shown", True),
        PlaybinWith("playbin", "playbin, ximagesink 1280x720", pb.Playbin.sink),
        PlaybinWith("playbin-srt", "playbin + suburi .srt, ximagesink 1280x720", pb.Playbin.sink, SRT),
        PlaybinWith("playbin-pgs", "playbin, Matroska with PGS, ximagesink", pb.Playbin.sink, PGS_FILM),
        PlaybinWith("playbin-fake", "playbin, fakesink", fake),
        PlaybinWith("playbin-fake-srt", "playbin + suburi .srt, fakesink", fake, SRT))}
    wanted = [n.strip() for n in args.players.split(",") if n.strip()]
    unknown = [n for n in wanted if n not in catalog]
    if unknown:
        ap.error(f"unknown players {unknown}; choose from {list(catalog)}")
    players = [catalog[n] for n in wanted]
    # Each row's cost is over this one (None: the row is a baseline).
    baseline = {"reel-srt": "reel", "reel-ass": "reel", "reel-ass-placed": "reel", "reel-ass-fade": "reel",
                "reel-pgs": "reel-mkv", "playbin-srt": "playbin",
                "playbin-pgs": "playbin", "playbin-fake-srt": "playbin-fake"}

    pb.make_clip()
    make_subtitles()
    make_pictures()
    subprocess.run(["cat", str(pb.CLIP)], stdout=subprocess.DEVNULL)  # page cache
    keep = Path(args.keep) if args.keep else None
    work = Path(tempfile.mkdtemp(prefix="reel-bench-subs-"))
    results, loaded = {}, {}
    try:
        with pb.Bench(work) as bench:
            for p in players:
                log(f"warming up {p.name}...")
                pb.Run(p, bench, 2.0).go()
            for i in range(args.runs):
                for p in players:
                    log(f"run {i + 1}/{args.runs}: {p.name} ...")
                    run = pb.Run(p, bench, args.seconds, args.settle)
                    res = run.go()
                    results.setdefault(p.name, []).append(res)
                    if isinstance(p, pb.Reel):
                        loaded[p.name] = lines_loaded(run.work)
                    log(f"  {p.name}: " + (f"n/a ({res['na']})" if res["na"] else f"CPU {res['cpu']:.2f} s"))
                    pb.keep_run(keep, p.name, i, run.work)
    finally:
        shutil.rmtree(work, ignore_errors=True)

    rows = {p.name: pb.median_row(results[p.name]) for p in players}
    gst = pb.version(["gst-launch-1.0", "--version"]).split()[-1]
    print()
    print(f"Subtitles: 1080p30 H.264 + AAC, a cue a second; Xvfb {pb.SCREEN}, null-sink PulseAudio; "
          f"{os.cpu_count()} cores; GStreamer {gst}; Reel: {binary}")
    print(f"CPU seconds over {args.seconds:g} s after {args.settle:g} s, median of {args.runs} runs")
    W = 46
    print(f"{'row':<{W}} {'CPU':>7} {'cost':>7} {'peak RSS':>9} {'file loaded':>12}")
    for p in players:
        r = rows[p.name]
        if r["na"]:
            print(f"{p.label:<{W}} n/a ({r['na']})")
            continue
        base = rows.get(baseline.get(p.name, ""), None)
        cost = r["cpu"] - base["cpu"] if base and not base["na"] else NAN
        shows = p.name not in ("reel", "reel-mkv")
        note = ("yes" if loaded.get(p.name) is not None else "NO") if isinstance(p, pb.Reel) and shows else ""
        print(f"{p.label:<{W}} {fmt(r['cpu'], '7.2f')} {fmt(cost, '+7.2f', '')} {fmt(r['rss'], '7.0f')} MB {note:>12}")


if __name__ == "__main__":
    main()
