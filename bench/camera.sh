#!/usr/bin/python3
# Camera recording: 20 s of 720p30 with sound, Reel against the
# same capture done by GStreamer alone, side by side in one run.
#
#   bench/camera.sh [--seconds 20] [--settle 3] [--reel BIN] [--keep DIR]
#
# Reel is $REEL_BIN or --reel (default _inst/bin/reel, made by tools/run).
#
# Every row runs alone on one Xvfb (1920x1080x24, no window manager) with
# its own session bus, a fresh profile and the private null-sink PulseAudio
# of tests/ui/soundserver.py -- the machinery of bench/playback.sh, imported
# from it. The camera is videotestsrc (pattern=ball, 1280x720 I420 at 30
# fps, live) and the microphone audiotestsrc (live), in every row; the
# encoders are the same: x264enc tune=zerolatency speed-preset=ultrafast
# bitrate=4976 key-int-max=30 (what Reel picks for 720p30) and avenc_aac
# 128 kb/s, into MP4.
#
#   reel        - Reel (1024x720 window) on its camera page in video mode,
#                 the preview in the window; Space starts the recording
#                 (trace "recording-started"), the window below is measured,
#                 Space stops it ("recording-finished": frames written,
#                 frames dropped for want of encoder time);
#   reel preview - the same without recording: what the preview alone costs;
#   camerabin   - camerabin (wrappercamerabinsrc, the same test sources as
#                 video-source and audio-source, ximagesink viewfinder, an
#                 MP4 H.264/AAC encoding profile whose encoders get the same
#                 settings), driven by bench/camerabin_record.py since
#                 gst-launch-1.0 cannot emit start-capture;
#   gst-launch  - gst-launch-1.0 -e with the equivalent tee pipeline: the
#                 source into a leaky queue and ximagesink, and into the
#                 encoders and mp4mux (fragmented, as Reel writes), SIGINT
#                 to stop.
#
# Measured from --settle seconds after the recording started, for --seconds:
# CPU seconds (utime+stime of every process in its session, from /proc) and
# the peak RSS; then, from the file once stopped: its duration, its video
# frames and the frames missing against duration x 30 (dropped).
#
# Needs: xvfb, x11-utils, xdotool, dbus, pulseaudio, gstreamer1.0-plugins-
# {base,good,bad,ugly}, gstreamer1.0-libav, python3-gi.
import argparse
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import gi

gi.require_version("Gst", "1.0")
from gi.repository import Gst  # noqa: E402

sys.dont_write_bytecode = True
ROOT = Path(__file__).resolve().parent.parent
from playback_module import pb  # noqa: E402

log, fmt, NAN = pb.log, pb.fmt, float("nan")
WIDTH, HEIGHT, FPS = 1280, 720, 30
X264 = "x264enc tune=zerolatency speed-preset=ultrafast bitrate=4976 key-int-max=30"
AAC = "avenc_aac bitrate=128000"


def file_facts(path):
    """(seconds, video frames) of an MP4, read by demuxing it."""
    Gst.init(None)
    pipeline = Gst.parse_launch("filesrc name=src ! qtdemux name=d d.video_0 ! fakesink name=v signal-handoffs=true sync=false")
    pipeline.get_by_name("src").set_property("location", str(path))
    seen = {"n": 0, "end": 0}

    def handoff(_sink, buffer, _pad):
        seen["n"] += 1
        if buffer.pts != Gst.CLOCK_TIME_NONE:
            seen["end"] = max(seen["end"], buffer.pts + max(buffer.duration, 0) if buffer.duration != Gst.CLOCK_TIME_NONE
                              else buffer.pts)
    pipeline.get_by_name("v").connect("handoff", handoff)
    pipeline.set_state(Gst.State.PLAYING)
    pipeline.get_bus().timed_pop_filtered(60 * Gst.SECOND, Gst.MessageType.EOS | Gst.MessageType.ERROR)
    pipeline.set_state(Gst.State.NULL)
    return seen["end"] / Gst.SECOND, seen["n"]


class CameraReel(pb.Reel):
    def __init__(self, binary, record):
        super().__init__(binary)
        self.record = record
        self.name = "reel" if record else "reel-preview"
        self.label = "Reel, camera page, recording" if record else "Reel, camera page, preview only"

    def setup(self, run):
        pb.write_keyfile(run, "io/github/reelapp/Reel",
                         {"show-samples": "false", "show-preview-strip": "false", "camera-mode": "'video'"})
        videos = run.dirs["HOME"] / "Videos"
        videos.mkdir(exist_ok=True)
        (run.dirs["XDG_CONFIG_HOME"] / "user-dirs.dirs").write_text(f'XDG_VIDEOS_DIR="{videos}"\n')
        cameras = run.work / "cameras.txt"
        cameras.write_text("Bench Camera\n")
        run.trace = run.work / "reel-trace.jsonl"
        run.env.update({"REEL_TRACE": str(run.trace), "REEL_TEST_CAMERAS": str(cameras)})

    def argv(self, run):
        return [self.binary]


class Camerabin(pb.Player):
    name, tool, label = "camerabin", "python3", "camerabin (wrappercamerabinsrc), same sources and encoders"

    def argv(self, run):
        return [sys.executable, str(ROOT / "bench" / "camerabin_record.py"), str(run.work / "camerabin.mp4"),
                str(WIDTH), str(HEIGHT), str(FPS)]


class GstTee(pb.Player):
    name, tool, label = "gst-launch", "gst-launch-1.0", "gst-launch-1.0 -e, tee pipeline, same encoders"

    def argv(self, run):
        return ["gst-launch-1.0", "-e",
                "videotestsrc", "is-live=true", "pattern=ball", "!",
                f"video/x-raw,format=I420,width={WIDTH},height={HEIGHT},framerate={FPS}/1", "!", "tee", "name=t",
                "t.", "!", "queue", "leaky=downstream", "max-size-buffers=2", "!", "videoconvert", "!", "ximagesink",
                "t.", "!", "queue", "!", "videoconvert", "!", *X264.split(), "!", "h264parse", "!", "queue", "!",
                "mp4mux", "name=mux", "fragment-duration=1000", "!", "filesink", f"location={run.work / 'tee.mp4'}",
                "audiotestsrc", "is-live=true", "!", "audioconvert", "!", "audioresample", "!", *AAC.split(), "!",
                "aacparse", "!", "queue", "!", "mux."]


class CameraRun(pb.Run):
    def _key(self, *keys):
        env = dict(os.environ, DISPLAY=self.bench.display)
        wid = subprocess.run(["xdotool", "search", "--name", "^Reel$"], capture_output=True, text=True,
                             env=env).stdout.split()
        if wid:
            subprocess.run(["xdotool", "windowfocus", "--sync", wid[0]], env=env, capture_output=True)
        subprocess.run(["xdotool", "key", *keys], env=env, capture_output=True)

    def _wait(self, proc, pred, timeout, what):
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if proc.poll() is not None:
                raise RuntimeError(f"exited with status {proc.returncode} waiting for {what}" + self._stderr_tail())
            found = pred()
            if found:
                return found
            time.sleep(0.05)
        raise RuntimeError(f"no {what} within {timeout:.0f} s" + self._stderr_tail())

    def _event(self, name, after=0):
        def find():
            events = pb.read_trace(self.trace)
            return next((e for e in events[after:] if e.get("event") == name), None)
        return find

    def _measure(self, proc, t0):
        p = self.player
        try:
            if isinstance(p, CameraReel):
                # Ctrl+T until the window is there to take it.
                def opened():
                    if self._event("camera-page-open")():
                        return True
                    self._key("ctrl+t")
                    time.sleep(0.3)
                    return False
                self._wait(proc, opened, 20, "camera page")
                self._wait(proc, self._event("camera-started"), 20, "camera")
                if p.record:
                    n = len(pb.read_trace(self.trace))
                    self._key("space")
                    self._wait(proc, self._event("recording-started", n), 10, "recording")
            elif isinstance(p, Camerabin):
                self._wait(proc, lambda: b"RECORDING" in self.stdout_path.read_bytes(), 20, "RECORDING")
            else:
                self._wait(proc, lambda: b"Setting pipeline to PLAYING" in self.stdout_path.read_bytes(), 20,
                           "PLAYING")
        except RuntimeError as e:
            return self.result(na=str(e))
        t_start = time.monotonic()
        time.sleep(self.settle)
        cpu_start = pb.tree_cpu(proc.pid)
        time.sleep(self.seconds)
        cpu = pb.tree_cpu(proc.pid) - cpu_start
        rss = pb.tree_hwm_mb(proc.pid)
        window = pb.biggest_window(self.bench.display)
        recorded = time.monotonic() - t_start
        path, dropped_queue = None, None
        try:
            if isinstance(p, CameraReel):
                if p.record:
                    n = len(pb.read_trace(self.trace))
                    self._key("space")
                    done = self._wait(proc, self._event("recording-finished", n), 30, "recording-finished")
                    path, dropped_queue = Path(done["path"]), done.get("dropped")
            else:
                proc.send_signal(signal.SIGINT)
                proc.wait(timeout=30)
                path = self.work / ("camerabin.mp4" if isinstance(p, Camerabin) else "tee.mp4")
        except (RuntimeError, subprocess.TimeoutExpired) as e:
            return self.result(na=f"stopping: {e}")
        res = self.result(cpu=cpu, rss=rss, window=window, start=recorded)
        if path is not None:
            if not path.exists():
                return self.result(na=f"no file at {path}")
            seconds, frames = file_facts(path)
            res.update(frames=frames, file_seconds=seconds, dropped=max(0, round(seconds * FPS) - frames),
                       queue_dropped=dropped_queue)
        return res


def main():
    ap = argparse.ArgumentParser(description="Camera recording bench; see the header of bench/camera.sh.")
    ap.add_argument("--reel", default=os.environ.get("REEL_BIN") or str(ROOT / "_inst" / "bin" / "reel"))
    ap.add_argument("--seconds", type=float, default=20.0, help="CPU window (default 20)")
    ap.add_argument("--settle", type=float, default=3.0, help="seconds after the start before the window (default 3)")
    ap.add_argument("--keep", help="keep each run's profile, logs and files in this folder")
    args = ap.parse_args()
    binary = os.path.abspath(args.reel)
    keep = Path(args.keep) if args.keep else None
    work = Path(tempfile.mkdtemp(prefix="reel-bench-camera-"))
    rows = []
    load = open("/proc/loadavg").read().split()[0]
    try:
        with pb.Bench(work) as bench:
            for player in (CameraReel(binary, True), GstTee(), Camerabin(), CameraReel(binary, False)):
                log(f"{player.name} ...")
                run = CameraRun(player, bench, args.seconds, args.settle)
                try:
                    r = run.go()
                finally:
                    if keep is not None:
                        shutil.copytree(run.work, keep / player.name, dirs_exist_ok=True,
                                        ignore=shutil.ignore_patterns("bus", "runtime", "*.sock"))
                rows.append(r)
                log(f"  {player.name}: " + (f"n/a ({r['na']})" if r["na"] else f"CPU {r['cpu']:.2f} s"))
    finally:
        shutil.rmtree(work, ignore_errors=True)

    gst = pb.version(["gst-launch-1.0", "--version"]).split()[-1]
    print()
    print(f"Camera recording, {WIDTH}x{HEIGHT}@{FPS} + sound, {args.seconds:g} s window after {args.settle:g} s; "
          f"Xvfb {pb.SCREEN}; {os.cpu_count()} cores; GStreamer {gst}; load at start {load}; Reel: {binary}")
    ref = next((r for r in rows if r["name"] == "camerabin" and not r["na"]), None)
    print(f"{'row':<14} {'CPU s':>7} {'/camerabin':>10} {'RSS MB':>7} {'file s':>7} {'frames':>7} {'dropped':>8}  what")
    for r in rows:
        if r["na"]:
            print(f"{r['name']:<14} n/a ({r['na']})")
            continue
        ratio = r["cpu"] / ref["cpu"] if ref else NAN
        print(f"{r['name']:<14} {r['cpu']:>7.2f} {fmt(ratio, '>9.2f') + 'x':>10} {r['rss']:>7.0f} "
              f"{fmt(r.get('file_seconds', NAN), '>7.2f'):>7} {fmt(r.get('frames'), '>7'):>7} "
              f"{fmt(r.get('dropped'), '>8'):>8}  {r['label']}")
    reel = next((r for r in rows if r["name"] == "reel" and not r["na"]), None)
    if reel and reel.get("queue_dropped") is not None:
        print(f"Reel's recorder dropped {reel['queue_dropped']} frames waiting for the encoder.")


if __name__ == "__main__":
    main()
