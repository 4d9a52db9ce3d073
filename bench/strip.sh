#!/usr/bin/python3
# Preview strip: what the looping strip costs, and whether its
# memory stays flat over many loops. Side by side in one run:
#
#   bench/strip.sh [--loops N] [--reel BIN] [--seconds 15] [--settle 3]
#       [--loop-clip 0.1] [--only cpu|rss] [--keep DIR]
#
# Reel is $REEL_BIN or --reel (default _inst/bin/reel, made by tools/run).
#
# 1. CPU. Four rows, each alone on the same Xvfb (1920x1080x24, no window
#    manager), with its own session bus, a fresh profile (HOME, XDG_*;
#    GSettings' keyfile backend with show-samples=false) and the private
#    null-sink PulseAudio of tests/ui/soundserver.py -- the machinery of
#    bench/playback.sh, imported from it:
#      strip   - Reel (default window size, 1024x720), its Videos folder
#                (XDG_VIDEOS_DIR in user-dirs.dirs) holding three 2 s 640x360
#                30 fps H.264 + AAC clips, so the feed shows three cards and
#                the strip loops the three clips, muted
#                (show-preview-strip=true); started = its first
#                "strip-frame" trace event;
#      idle    - the same, show-preview-strip=false: Reel showing the same
#                feed and nothing playing; started = "feed-first-card";
#      playbin - the issue's reference: `gst-launch-1.0 -m playbin
#                flags=video video-sink="videoconvert ! videoscale !
#                ximagesink" audio-sink=fakesink` of a 30 s 640x360 file made
#                of the very same three clips five times over (their H.264
#                streams concatenated, not re-encoded), video only like the
#                muted strip, in its own 640x360 window; started = "Setting
#                pipeline to PLAYING";
#      playbin 1024 - the same scaled to 1024x576 by videoscale, the size
#                the strip scales its picture to ("fill" in a 1024-pixel-wide
#                window, cropped to the strip's 220 rows). For comparison only.
#      gtk floor - not a player: bench/gtk_present.py, a bare GTK 4 window
#                (1024x720, GSK_RENDERER=cairo as Reel picks without a GPU)
#                given a new ready-made 1024x220 frame 30 times a second.
#                What GTK alone costs to present a strip's worth of video;
#                started = it printing PRESENTING.
#    Each is measured for --seconds (15) after --settle (3) seconds: CPU
#    seconds (utime+stime of every process in its session, reaped children
#    included, from /proc), peak RSS (VmHWM summed) at the end. Strip cost =
#    strip - idle; the issue's goal is strip cost below playbin. The strip
#    row also gives the frames presented in the window ("strip-frame" events
#    written between the two CPU samples) against seconds x 30, frames of a
#    clip never presented (a jump in pts), the longest interval between two
#    presented frames across a clip boundary (the wrap included) and within
#    a clip, and the clip starts in the window; both Reel rows the thumbnails
#    already made when the window opened (all 3: thumbnailing is not
#    measured) and Reel's streams on the sound server (muted: none); the
#    playbin rows the frames dropped per their QoS messages (whole run).
#    Both Reel rows run with REEL_TRACE on (one JSON line per strip frame).
#
# 2. Memory over loops. Reel alone with three very short clips (--loop-clip
#    seconds each, 160x90 30 fps H.264 + AAC), the strip on, until --loops
#    loops. A loop is a "strip-clip" event with index 0 whose previous
#    "strip-clip" had another index (back at the first clip), so a clip the
#    strip plays twice in a row does not count as a loop twice. VmRSS (summed
#    over its processes), RssAnon (heap and other anonymous memory), threads
#    and open fds of the process are sampled at loop 0 (its first frame) and every 100 loops (every N/10 when N < 1000).
#    Stops early, and says so, if no clip starts for 15 s or the app exits
#    (a crash is named by its signal). Clip starts that are the same clip
#    again, or not the next one, are counted.
#    Defaults: 1,000 loops of 0.1 s clips, 300 s of clips at 1x (the
#    strip plays in real time). Reel at 6272425 (the muted strip on
#    playbin) runs them; at ef621f5 (playbin3) the strip crashed (SIGSEGV in
#    libgstplayback) or stopped within the first loops with 0.1-0.3 s clips
#    and played many 0.5 s clips twice: see bench/RESULTS.md. `--loop-clip
#    0.5` is the fallback for such a build (1,000 loops then take 25 min).
#
# Media is made once with gst-launch-1.0 in $REEL_BENCH_MEDIA (default
# /tmp/reel-bench-media); the GStreamer registry and Mesa shader cache are
# shared with bench/playback.sh there. A short warm-up launch of Reel and of
# gst-launch comes first (page cache, registry), not measured.
#
# Needs: xvfb, x11-utils, dbus, pulseaudio, pulseaudio-utils,
# gstreamer1.0-plugins-{base,good,bad,ugly}, gstreamer1.0-libav.
import argparse
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.dont_write_bytecode = True  # no __pycache__ for playback.sh's import
ROOT = Path(__file__).resolve().parent.parent
from playback_module import pb  # noqa: E402

log, fmt, NAN = pb.log, pb.fmt, float("nan")
MEDIA = pb.MEDIA
FPS = 30
CLIP_SECONDS = 2
PATTERNS = ("ball", "smpte", "pinwheel")
STRIP_CLIPS = [MEDIA / f"strip-640x360-{p}-{CLIP_SECONDS}s.mp4" for p in PATTERNS]
REFERENCE = MEDIA / "strip-640x360-3clips-x5-30s.mp4"


# --------------------------------------------------------------------------
# input
# --------------------------------------------------------------------------

def encode(path, pattern, seconds, width, height):
    """seconds of videotestsrc `pattern` with a clock, H.264 High (x264
    veryfast, a keyframe every 2 s) + AAC-LC 48 kHz stereo in MP4."""
    if path.exists():
        return
    MEDIA.mkdir(parents=True, exist_ok=True)
    part = path.with_suffix(".part")
    frames = round(seconds * FPS)
    samples = round(seconds * 48000)
    kbps = max(100, 1200 * width * height // (640 * 360))
    subprocess.run(
        ["gst-launch-1.0", "-q",
         "videotestsrc", f"pattern={pattern}", f"num-buffers={frames}", "!",
         f"video/x-raw,format=I420,width={width},height={height},framerate={FPS}/1", "!",
         "timeoverlay", f"font-desc=Sans {max(8, height // 12)}", "!",
         "x264enc", "speed-preset=veryfast", f"bitrate={kbps}", f"key-int-max={2 * FPS}", "!",
         "video/x-h264,profile=high", "!", "h264parse", "!", "queue", "!", "mux.",
         "audiotestsrc", "wave=sine", "freq=440", f"num-buffers={-(-samples // 1200)}", "samplesperbuffer=1200", "!",
         "audio/x-raw,rate=48000,channels=2", "!", "audioconvert", "!",
         "avenc_aac", "bitrate=128000", "!", "queue", "!", "mux.",
         "mp4mux", "name=mux", "!", "filesink", f"location={part}"], check=True)
    part.rename(path)


def make_media(loop_clip):
    for path, pattern in zip(STRIP_CLIPS, PATTERNS):
        encode(path, pattern, CLIP_SECONDS, 640, 360)
    if not REFERENCE.exists():
        # The strip's own three H.264 streams, five times over, one after
        # the other in one file (concat adjusts the timestamps; no re-encode).
        log(f"Making {REFERENCE} (once)...")
        part = REFERENCE.with_suffix(".part")
        argv = ["gst-launch-1.0", "-q", "concat", "name=c", "!", "h264parse", "!", "mp4mux", "!",
                "filesink", f"location={part}"]
        for i in range(30 // CLIP_SECONDS):
            clip = STRIP_CLIPS[i % len(STRIP_CLIPS)]
            argv += ["filesrc", f"location={clip}", "!", "qtdemux", f"name=d{i}",
                     f"d{i}.video_0", "!", "h264parse", "!", f"c.sink_{i}"]
        subprocess.run(argv, check=True)
        part.rename(REFERENCE)
    tag = f"{loop_clip:g}s".replace(".", "_")
    loop_clips = [MEDIA / f"strip-160x90-{p}-{tag}.mp4" for p in PATTERNS]
    for path, pattern in zip(loop_clips, PATTERNS):
        encode(path, pattern, loop_clip, 160, 90)
    for path in STRIP_CLIPS + [REFERENCE] + loop_clips:
        subprocess.run(["cat", str(path)], stdout=subprocess.DEVNULL)  # page cache
    return loop_clips


# --------------------------------------------------------------------------
# players
# --------------------------------------------------------------------------

class StripReel(pb.Reel):
    """Reel with `clips` in its Videos folder, the strip on or off."""
    start_by = "trace"

    def __init__(self, binary, clips, strip, name, label):
        super().__init__(binary)
        self.clips, self.strip, self.name, self.label = clips, strip, name, label
        self.clip_count = len(clips)

    def setup(self, run):
        pb.write_keyfile(run, "io/github/reelapp/Reel",
                         {"show-samples": "false", "show-preview-strip": "true" if self.strip else "false"})
        videos = run.dirs["HOME"] / "Videos"
        videos.mkdir(exist_ok=True)
        for clip in self.clips:
            shutil.copy(clip, videos / clip.name)
        (run.dirs["XDG_CONFIG_HOME"] / "user-dirs.dirs").write_text(f'XDG_VIDEOS_DIR="{videos}"\n')
        run.trace = run.work / "reel-trace.jsonl"
        run.env["REEL_TRACE"] = str(run.trace)

    def argv(self, run):
        return [self.binary]

    def started_event(self):
        return "strip-frame" if self.strip else "feed-first-card"


class PlaybinRef(pb.Player):
    name, tool, start_by = "playbin", "gst-launch-1.0", "gst-playing"
    label = "playbin flags=video, ximagesink 640x360"
    sink = "videoconvert ! videoscale ! ximagesink"

    def argv(self, run):
        return ["gst-launch-1.0", "-m", "playbin", f"uri={REFERENCE.as_uri()}", "flags=video",
                f"video-sink={self.sink}", "audio-sink=fakesink"]

    def dropped(self, run):
        return pb.qos_dropped(run.stdout_path)


class PlaybinScaled(PlaybinRef):
    """Not the issue's reference: the same, drawn at the size the strip
    scales its picture to (a 1024-pixel-wide window, "fill")."""
    name = "playbin-1024"
    label = "(same, videoscale to 1024x576)"
    sink = "videoconvert ! videoscale ! video/x-raw,width=1024,height=576 ! ximagesink"


class GtkFloor(pb.Player):
    """Not Reel: a bare GTK 4 window presenting ready-made 1024x220 frames at
    30 fps with the same renderer (bench/gtk_present.py). What GTK alone
    costs to show a strip's worth of video, decoding and conversion aside."""
    name, tool = "gtk-floor", "python3"
    label = "GTK 4 presenting 1024x220 @30 (no video)"
    started_text = b"PRESENTING"

    def setup(self, run):
        # Reel's own choice without a GPU (ReelCore.RendererChoice).
        run.env.update({"GSK_RENDERER": "cairo", "GDK_DEBUG": "gl-disable"})

    def argv(self, run):
        return [sys.executable, str(ROOT / "bench" / "gtk_present.py")]


class TraceTail:
    """The trace's events, read incrementally (complete lines only)."""

    def __init__(self, path):
        self.path, self.offset, self.events, self._buf = path, 0, [], b""

    def poll(self):
        try:
            with open(self.path, "rb") as f:
                f.seek(self.offset)
                data = f.read()
        except (OSError, TypeError):
            return []
        self.offset += len(data)
        self._buf += data
        *lines, self._buf = self._buf.split(b"\n")
        new = []
        for line in lines:
            try:
                new.append(json.loads(line))
            except ValueError:
                pass
        self.events += new
        return new

    def count(self, name):
        return sum(1 for e in self.events if e.get("event") == name)


def proc_status(pid, key):
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith(key + ":"):
                    return int(line.split()[1])
    except OSError:
        pass
    return None


def tree_rss_mb(sid):
    return sum(proc_status(pid, "VmRSS") or 0 for pid, _t in pb.session_members(sid)) / 1024


def fd_count(pid):
    try:
        return len(os.listdir(f"/proc/{pid}/fd"))
    except OSError:
        return None


def thumbnails(run):
    base = run.dirs["XDG_CACHE_HOME"] / "thumbnails"
    return sum(1 for p in base.rglob("*.png")) if base.exists() else 0


# --------------------------------------------------------------------------
# runs
# --------------------------------------------------------------------------

class StripRun(pb.Run):
    """playback.sh's Run (profile, bus, environment, spawn, kill) with this
    bench's own measurement: `mode` is "cpu" or "loops"."""

    def __init__(self, player, bench, seconds, settle, mode="cpu", loops=0):
        super().__init__(player, bench, seconds, settle)
        self.mode, self.loops = mode, loops

    def _measure(self, proc, t0):
        p = self.player
        tail = TraceTail(self.trace) if isinstance(p, StripReel) else None
        timeout = pb.REEL_START_TIMEOUT if tail else pb.START_TIMEOUT
        while True:
            if proc.poll() is not None:
                return {"na": f"{exit_text(proc.returncode)} before it started" + self._stderr_tail()}
            if time.monotonic() - t0 > timeout:
                what = p.started_event() if tail else "PLAYING"
                return {"na": f"no {what} within {timeout:.0f} s" + self._stderr_tail()}
            if tail:
                tail.poll()
                if tail.count(p.started_event()):
                    break
            elif getattr(p, "started_text", b"Setting pipeline to PLAYING") in self.stdout_path.read_bytes():
                break
            time.sleep(0.02)
        t_started = time.monotonic()
        if self.mode == "loops":
            return self._loops(proc, tail, t0, t_started)
        end = t_started + self.settle
        while time.monotonic() < end:
            if proc.poll() is not None:
                return {"na": f"{exit_text(proc.returncode)} while settling" + self._stderr_tail()}
            time.sleep(0.1)
        thumbs = thumbnails(self) if tail else None
        if tail:
            tail.poll()
        n_start = len(tail.events) if tail else 0
        cpu_start = pb.tree_cpu(proc.pid)
        end = time.monotonic() + self.seconds
        while time.monotonic() < end:
            if proc.poll() is not None:
                return {"na": f"{exit_text(proc.returncode)} during the window" + self._stderr_tail()}
            time.sleep(min(0.2, max(0.0, end - time.monotonic())))
        cpu_end = pb.tree_cpu(proc.pid)
        res = {"na": None, "start": t_started - t0, "cpu": cpu_end - cpu_start,
               "rss": pb.tree_hwm_mb(proc.pid), "window": pb.biggest_window(self.bench.display)}
        if not tail:
            res["dropped"] = p.dropped(self) if hasattr(p, "dropped") else None
        if tail:
            tail.poll()
            window = tail.events[n_start:]
            frames = [(float(e["t"]), float(e.get("pts", -1))) for e in window if e.get("event") == "strip-frame"]
            res["frames"] = len(frames)
            # A seam: the timestamp goes back (the next clip, or the wrap).
            seams = [b[0] - a[0] for a, b in zip(frames, frames[1:]) if b[1] < a[1]]
            within = [(b[0] - a[0], b[1] - a[1]) for a, b in zip(frames, frames[1:]) if b[1] >= a[1]]
            res["seam_gap"] = max(seams, default=NAN)
            res["clip_gap"] = max((dt for dt, _ in within), default=NAN)
            res["skipped"] = sum(max(0, round(dpts * FPS) - 1) for _, dpts in within)
            res["clips"] = sum(1 for e in window if e.get("event") == "strip-clip")
            res["errors"] = sum(1 for e in tail.events if e.get("event") == "strip-error")
            res["thumbs"] = thumbs
            pids = {str(pid) for pid, _ in pb.session_members(proc.pid)}
            res["streams"] = sum(1 for si in self.bench.sound.sink_inputs()
                                 if si.get("application.process.id") in pids)
        return res

    def _loops(self, proc, tail, t0, t_started):
        step = 100 if self.loops >= 1000 else max(1, self.loops // 10)
        samples = []
        count = self.player.clip_count
        starts = [e for e in tail.events if e.get("event") == "strip-clip"]
        clips = len(starts)
        prev = starts[-1].get("index") if starts else None
        repeats = jumps = 0
        hwm = 0.0

        def sample(loop):
            nonlocal hwm
            hwm = max(hwm, pb.tree_hwm_mb(proc.pid))
            samples.append({"loop": loop, "t": time.monotonic() - t_started,
                            "rss": tree_rss_mb(proc.pid), "anon": (proc_status(proc.pid, "RssAnon") or 0) / 1024,
                            "threads": proc_status(proc.pid, "Threads"),
                            "fds": fd_count(proc.pid), "clips": clips})

        sample(0)
        loops = 0
        t_last = last_progress = time.monotonic()
        stop = None
        while loops < self.loops:
            if proc.poll() is not None:
                stop = f"{exit_text(proc.returncode)} after {loops} loops" + self._stderr_tail()
                break
            for e in tail.poll():
                if e.get("event") != "strip-clip":
                    continue
                clips += 1
                t_last = last_progress = time.monotonic()
                index, was = e.get("index"), prev
                prev = index
                if was is not None and index == was:
                    repeats += 1
                elif was is not None and index != (was + 1) % count:
                    jumps += 1
                # A loop: back at the first clip from another one (so a
                # clip played twice in a row is not counted as two loops).
                if index != 0 or was == 0 or was is None:
                    continue
                loops += 1
                if loops % step == 0 or loops == self.loops:
                    sample(loops)
                    log(f"  {loops} loops, {t_last - t_started:.0f} s, VmRSS {samples[-1]['rss']:.1f} MB")
            if time.monotonic() - last_progress > 15:
                stop = f"no clip started for 15 s after {loops} loops"
                break
            time.sleep(0.05)
        if stop and proc.poll() is None and samples[-1]["loop"] != loops:
            sample(loops)
            samples[-1]["stopped"] = True
        return {"na": None, "samples": samples, "loops": loops, "stop": stop, "hwm": hwm,
                "start": t_started - t0, "seconds": t_last - t_started, "clips": clips,
                "repeats": repeats, "jumps": jumps, "errors": tail.count("strip-error"),
                "window": pb.biggest_window(self.bench.display)}


def exit_text(code):
    if code is not None and code < 0:
        try:
            return f"killed by signal {-code} ({signal.Signals(-code).name})"
        except ValueError:
            return f"killed by signal {-code}"
    return f"exited with status {code}"


def run_one(player, bench, args, keep, tag, **kw):
    r = StripRun(player, bench, args.seconds, args.settle, **kw)
    try:
        res = r.go()
    finally:
        if keep is not None:
            dest = keep / tag
            shutil.rmtree(dest, ignore_errors=True)
            shutil.copytree(r.work, dest, symlinks=True, ignore_dangling_symlinks=True,
                            ignore=shutil.ignore_patterns("bus", "runtime", "*.sock"))
    return res


# --------------------------------------------------------------------------
# main
# --------------------------------------------------------------------------

def main():
    ap = argparse.ArgumentParser(description="Preview strip bench; see the header of bench/strip.sh.")
    ap.add_argument("--loops", type=int, default=1000, help="loops for the memory run (default 1000)")
    ap.add_argument("--reel", default=os.environ.get("REEL_BIN") or str(ROOT / "_inst" / "bin" / "reel"))
    ap.add_argument("--seconds", type=float, default=15.0, help="CPU window (default 15)")
    ap.add_argument("--settle", type=float, default=3.0, help="seconds after start before the window (default 3)")
    ap.add_argument("--loop-clip", type=float, default=0.1, help="length of each memory-run clip (default 0.1 s)")
    ap.add_argument("--only", choices=("cpu", "rss"), help="run one part only")
    ap.add_argument("--keep", help="keep each run's profile, logs and trace in this folder")
    args = ap.parse_args()
    binary = os.path.abspath(args.reel)

    t_begin = time.monotonic()
    load_begin = open("/proc/loadavg").read().split()[0]
    loop_clips = make_media(args.loop_clip)
    keep = Path(args.keep) if args.keep else None
    work = Path(tempfile.mkdtemp(prefix="reel-bench-strip-"))
    strip = StripReel(binary, STRIP_CLIPS, True, "strip", "Reel, feed + strip (3 clips, muted)")
    idle = StripReel(binary, STRIP_CLIPS, False, "idle", "Reel, same feed, strip off")
    ref = PlaybinRef()
    scaled = PlaybinScaled()
    floor = GtkFloor()
    looper = StripReel(binary, loop_clips, True, "loops", "Reel, strip of 3 x 160x90")
    cpu, rss = {}, None
    try:
        with pb.Bench(work) as bench:
            if args.only != "rss":
                for p in (strip, ref):
                    log(f"warming up {p.name} (page cache, shader cache)...")
                    run_one(p, bench, argparse.Namespace(seconds=1.0, settle=0.0), None, "")
                for p in (strip, idle, ref, scaled, floor):
                    log(f"CPU: {p.name} ...")
                    cpu[p.name] = run_one(p, bench, args, keep, p.name)
                    r = cpu[p.name]
                    log(f"  {p.name}: " + (f"n/a ({r['na']})" if r["na"] else
                                           f"CPU {r['cpu']:.2f} s, peak RSS {r['rss']:.0f} MB"))
            if args.only != "cpu":
                log(f"Memory: {args.loops} loops of 3 x {args.loop_clip:g} s clips ...")
                rss = run_one(looper, bench, args, keep, "loops", mode="loops", loops=args.loops)
    finally:
        shutil.rmtree(work, ignore_errors=True)

    cpu_model = "?"
    try:
        cpu_model = next(ln.split(":", 1)[1].strip() for ln in open("/proc/cpuinfo") if ln.startswith("model name"))
    except (OSError, StopIteration):
        pass
    gst = pb.version(["gst-launch-1.0", "--version"]).split()[-1]
    print()
    print(f"Preview strip: Xvfb {pb.SCREEN}, null-sink PulseAudio; {os.cpu_count()} cores ({cpu_model}); "
          f"GStreamer {gst}; Reel: {binary}")

    if cpu:
        s, i, g = cpu["strip"], cpu["idle"], cpu["playbin"]
        cost = s["cpu"] - i["cpu"] if not s["na"] and not i["na"] else NAN
        ref_cpu = g["cpu"] if not g["na"] else NAN
        expected = args.seconds * FPS
        print()
        print(f"1. CPU over {args.seconds:g} s after {args.settle:g} s of settling. Input: 3 x {CLIP_SECONDS} s "
              f"640x360 {FPS} fps H.264 High + AAC;\n   playbin: the same 3 clips x 5 in one 30 s file, "
              f"video only. 1 run each.")
        W = 42
        print(f"{'run':<{W}} {'CPU':>7} {'/ playbin':>9} {'peak RSS':>9} {'frames':>8} {'skipped':>7} "
              f"{'seam gap':>8} {'clip gap':>8} {'clips':>5} {'thumbs':>6} {'streams':>7} {'window':>9}")
        for p in (strip, idle, ref, scaled, floor):
            r = cpu[p.name]
            if r["na"]:
                print(f"{p.label:<{W}} n/a ({r['na']})")
                continue
            reel = isinstance(p, StripReel)
            win = f"{r['window'][0]}x{r['window'][1]}" if r.get("window") else "-"
            frames = skipped = seam = gap = clips = "-"
            if p is strip:
                frames = f"{r['frames']}/{expected:.0f}"
                skipped = str(r["skipped"])
                seam = fmt(r["seam_gap"] * 1000, ".0f", "-") + " ms"
                gap = fmt(r["clip_gap"] * 1000, ".0f", "-") + " ms"
                clips = str(r["clips"])
            elif not reel and p is not floor:
                skipped = f"{r['dropped']} QoS" if r.get("dropped") is not None else "?"
            print(f"{p.label:<{W}} {r['cpu']:6.2f}s {fmt(r['cpu'] / ref_cpu, '8.2f')}x {r['rss']:6.0f} MB "
                  f"{frames:>8} {skipped:>7} {seam:>8} {gap:>8} {clips:>5} "
                  f"{(str(r['thumbs']) + '/3') if reel else '-':>6} "
                  f"{str(r['streams']) if reel else '-':>7} {win:>9}")
        print(f"{'strip cost = strip - idle':<{W}} {fmt(cost, '6.2f')}s {fmt(cost / ref_cpu, '8.2f')}x"
              f"   <- goal: below 1.00x (one playbin of the same clips)")
        print(f"(frames: strip frames presented in the window (strip-frame events) / {args.seconds:g} s x {FPS}.\n"
              f" skipped: frames of a clip never presented (a jump in pts within a clip); playbin rows: frames\n"
              f" dropped per its QoS messages (whole run). seam gap / clip gap: longest interval between two\n"
              f" presented strip frames across a clip boundary (the wrap included) / within a clip; one frame\n"
              f" is {1000 / FPS:.0f} ms. clips: clip starts in the window. thumbs: thumbnails already made when\n"
              f" the window opened. streams: Reel's sink inputs on the sound server. window: biggest X window.)")

    if rss is not None:
        print()
        print(f"2. Memory over {args.loops} loops: 3 clips of {args.loop_clip:g} s, 160x90 {FPS} fps H.264 + AAC, "
              f"strip on, muted (VmRSS summed over Reel's processes)")
        if rss["na"]:
            print(f"n/a ({rss['na']})")
        else:
            print(f"{'loop':>6} {'time':>8} {'clips':>6} {'VmRSS':>9} {'RssAnon':>9} {'threads':>7} {'fds':>5}")
            for x in rss["samples"]:
                print(f"{x['loop']:>6} {x['t']:7.1f}s {x['clips']:>6} {x['rss']:6.1f} MB {x['anon']:6.1f} MB "
                      f"{fmt(x['threads'], '7d', '?'):>7} {fmt(x['fds'], '5d', '?'):>5}"
                      + ("  (when it stopped)" if x.get("stopped") else ""))
            sm = rss["samples"]
            first, last = sm[0], sm[-1]
            biggest = max(sm, key=lambda x: x["rss"])
            after = sm[1] if len(sm) > 1 else first
            rate = rss["loops"] / rss["seconds"] if rss["seconds"] > 0 else NAN
            print(f"loops done: {rss['loops']} of {args.loops}" + (f" -- STOPPED: {rss['stop']}" if rss["stop"] else "")
                  + f"; {rss['clips']} clip starts, of which {rss['repeats']} the same clip again and "
                  f"{rss['jumps']} not the next one; "
                  f"strip-error events: {rss['errors']}; {rate:.2f} loops/s (real time: {1 / (3 * args.loop_clip):.2f})")
            print(f"VmRSS first (loop 0) {first['rss']:.1f} MB, last (loop {last['loop']}) {last['rss']:.1f} MB "
                  f"({last['rss'] - first['rss']:+.1f} MB), max {biggest['rss']:.1f} MB at loop {biggest['loop']}; "
                  f"loop {after['loop']} -> {last['loop']}: {last['rss'] - after['rss']:+.1f} MB; "
                  f"peak (VmHWM) {rss['hwm']:.1f} MB")
    print(f"\n(total bench time {time.monotonic() - t_begin:.0f} s; 1-minute load average "
          f"{load_begin} at the start, {open('/proc/loadavg').read().split()[0]} at the end)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
