#!/usr/bin/python3
# Playback: 15 s of a 1080p30 (or --fps 60) H.264 High (or --clip hevc10: HEVC Main 10) + AAC file in a 1280x720
# window under Xvfb -- Reel against the decode-only floor and its peers, side
# by side in one run. Prints a table with ratios to decode-only.
#
#   bench/playback.sh [--seconds 15] [--runs 1] [--players LIST] [--reel BIN]
#       [--base BIN] [--no-warmup] [--keep DIR] [--fps 30|60] [--clip h264|hevc10|interlaced|telecine|hdr]
#
# LIST is a comma-separated subset of: decode, mpv, playbin, playbin-native,
# totem, clapper, reel (default: all). Reel is $REEL_BIN or --reel (default
# _inst/bin/reel, made by tools/run); if it is missing or shows no first
# frame within 10 s its row says "n/a (why)" and the peers are measured
# anyway. --base adds a second Reel (another build, say the one before a
# change), measured right after the first in every run, so both meet the
# same machine load.
#
# Every player runs alone, one after the other, on one Xvfb (1920x1080x24,
# no window manager) with its own private session bus (no services, so no
# accessibility bus: GTK_A11Y=none for every GTK app), a fresh profile
# (HOME, XDG_*; settings through GSettings' keyfile backend) and a private
# PulseAudio whose default sink is a null sink (tests/ui/soundserver.py), so
# every player really outputs audio, paced by the sink's clock. The
# GStreamer registry and Mesa's shader cache are shared and warmed first
# (--no-warmup skips the warm-up plays), so neither registry scanning nor
# shader compiling is measured.
#
# Per player:
#   start    - our spawn -> playback started: Reel, its "player-first-frame"
#              trace event (REEL_TRACE); peers, their audio stream running
#              (uncorked) on the sound server; decode-only (no audio
#              output), gst-launch printing "Setting pipeline to PLAYING";
#   CPU 15 s - CPU seconds (utime+stime of every process in its session,
#              reaped children included) from playback start to start + 15 s;
#   launch+  - CPU seconds from spawn to start + 15 s (start-up included,
#              nothing subtracted);
#   peak RSS - VmHWM summed over its processes at start + 15 s;
#   memory   - printed below the table: per process at start + 15 s, its
#              peak (VmHWM) and resident memory (VmRSS) split into
#              anonymous, file-backed and shared (RssAnon, RssFile,
#              RssShmem), so a peak can be told apart into heap and
#              libraries, and helper processes (Reel's media worker) show;
#   dropped  - mpv: frame-drop-count + decoder-frame-drop-count (IPC);
#              gst-launch rows: frames dropped according to QoS messages
#              (-m; none posted = 0); Reel: its last "player-stats" event
#              (written once a second while it plays); others n/a;
#   frames   - Reel only: "frame" trace events in the 15 s;
#   window   - the biggest top-level X window at the end;
#   audio    - media.role of its PulseAudio stream ("-" no role set).
# Then the player is killed (SIGTERM, then SIGKILL, to its process group).
#
# Input: 30 s of 1080p30 H.264 High (x264 veryfast, 8 Mb/s, 2 B-frames, a
# keyframe every 2 s; SMPTE bars scrolling with a clock; --clip hevc10: HEVC
# Main 10, x265 ultrafast, at the same bitrate) + AAC-LC 48 kHz
# stereo 128 kb/s in MP4, made once in $REEL_BENCH_MEDIA (default
# /tmp/reel-bench-media) with gst-launch-1.0.
#
# Needs: xvfb, x11-utils, dbus, pulseaudio, pulseaudio-utils,
# gstreamer1.0-plugins-{base,good,ugly}, gstreamer1.0-libav, mpv, totem,
# clapper. Missing peers are skipped.
import argparse
import json
import os
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "ui"))
from soundserver import SoundServer  # noqa: E402

MEDIA = Path(os.environ.get("REEL_BENCH_MEDIA", "/tmp/reel-bench-media"))
FPS = 30  # --fps sets it (30 or 60) before the clip is made
CLIP = MEDIA / "playback-1080p30-h264-aac-30s.mp4"


KIND = "h264"  # --clip sets it: h264 (8-bit H.264 High), hevc10 (HEVC Main 10), interlaced (576i50),
# telecine (24 fps film as 480i at 30000/1001, 3:2 pulldown), hdr (HDR10)


def use_clip(kind, fps):
    """Points CLIP at the clip of that kind and `fps` frames per second."""
    global FPS, CLIP, KIND
    FPS, KIND = fps, kind
    CLIP = MEDIA / {"interlaced": f"playback-576i50-{kind}-aac-30s.mp4",
                    "telecine": f"playback-480i-{kind}-aac-30s.mp4"}.get(kind, f"playback-1080p{fps}-{kind}-aac-30s.mp4")
CLK = os.sysconf("SC_CLK_TCK")
SCREEN = "1920x1080x24"
WINDOW = (1280, 720)
START_TIMEOUT = 20.0      # peers: spawn -> audio running
REEL_START_TIMEOUT = 10.0  # Reel: spawn -> first frame
NAN = float("nan")
MPV_TELECINE = "pullup"  # --mpv-telecine sets it: mpv's --vf for the telecine clip

DBUS_CONFIG = """<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:dir={dir}</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
"""


def log(*args):
    print(*args, file=sys.stderr, flush=True)


# --------------------------------------------------------------------------
# input
# --------------------------------------------------------------------------

def video():
    """The video part of the clip's pipeline, for KIND: 30 s of scrolling
    bars with a clock, encoded."""
    if KIND == "interlaced":
        # 576i50 as TV recordings and DVDs have it: 50 fields a second,
        # woven top field first into 25 frames, coded as interlaced H.264.
        return ["videotestsrc", "pattern=smpte", "horizontal-speed=4", "num-buffers=1500", "!",
                "video/x-raw,format=I420,width=720,height=576,framerate=50/1", "!",
                "timeoverlay", "font-desc=Sans 24", "!",
                "interlace", "top-field-first=true", "field-pattern=1:1", "!",
                "x264enc", "interlaced=true", "speed-preset=veryfast", "bitrate=4000", "key-int-max=50", "!",
                "h264parse"]
    return ["videotestsrc", "pattern=smpte", "horizontal-speed=8", f"num-buffers={30 * FPS}", "!",
            f"video/x-raw,format=I420,width=1920,height=1080,framerate={FPS}/1", "!",
            "timeoverlay", "font-desc=Sans 48", "!", *encoder()]


def encoder():
    """The video encoder's part of the clip's pipeline, for KIND."""
    bitrate = 8000 * FPS // 30
    if KIND in ("hevc10", "hdr"):
        # What phones and cameras record: 4:2:0 at 10 bits, HEVC Main 10;
        # hdr: the same marked PQ with BT.2020 (HDR10), which Reel tone-maps.
        colorimetry = ",colorimetry=bt2100-pq" if KIND == "hdr" else ""
        return ["videoconvert", "!", f"video/x-raw,format=I420_10LE{colorimetry}", "!",
                "x265enc", "speed-preset=ultrafast", f"bitrate={bitrate}", f"key-int-max={2 * FPS}", "!",
                "video/x-h265,profile=main-10", "!", "h265parse"]
    return ["x264enc", "speed-preset=veryfast", f"bitrate={bitrate}", f"key-int-max={2 * FPS}", "bframes=2", "!",
            "video/x-h264,profile=high", "!", "h264parse"]


def make_telecine_clip(part):
    """Film telecined as on NTSC DVDs and broadcasts: 24000/1001 frames a
    second of moving bars with a clock, spread over 60 fields by 3:2
    pulldown (ffmpeg's telecine), coded as interlaced H.264 top field first
    (every frame flagged interlaced, as hard telecine decodes: only the
    pictures tell it from 60i). ffmpeg rather than GStreamer's x264enc,
    whose interlaced output decodes without its field order."""
    subprocess.run(
        ["ffmpeg", "-hide_banner", "-loglevel", "error", "-y",
         "-f", "lavfi", "-i", "testsrc2=size=720x480:rate=24000/1001",
         "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000",
         "-t", "30", "-vf", "telecine=pattern=23,setfield=tff",
         "-c:v", "libx264", "-preset", "veryfast", "-b:v", "4M", "-flags", "+ildct+ilme",
         "-x264-params", "tff=1", "-pix_fmt", "yuv420p",
         "-c:a", "aac", "-b:a", "128k", "-ac", "2", "-f", "mp4", str(part)], check=True)


def make_clip():
    if CLIP.exists():
        return
    MEDIA.mkdir(parents=True, exist_ok=True)
    log(f"Making {CLIP} (once, ~15 s on 2 cores)...")
    part = CLIP.with_suffix(".part")
    if KIND == "telecine":
        make_telecine_clip(part)
        part.rename(CLIP)
        return
    subprocess.run(
        ["gst-launch-1.0", "-q",
         *video(), "!", "queue", "!", "mux.",
         "audiotestsrc", "wave=sine", "freq=440", "num-buffers=300", "samplesperbuffer=4800", "!",
         "audio/x-raw,rate=48000,channels=2", "!", "audioconvert", "!",
         "avenc_aac", "bitrate=128000", "!", "queue", "!", "mux.",
         "mp4mux", "name=mux", "!", "filesink", f"location={part}"], check=True)
    part.rename(CLIP)


# --------------------------------------------------------------------------
# processes
# --------------------------------------------------------------------------

def session_members(sid):
    """(pid, utime+stime+cutime+cstime ticks) of live processes in session sid."""
    out = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[3]) != sid:
            continue
        out.append((int(entry), sum(int(x) for x in fields[11:15])))
    return out


def tree_cpu(sid):
    return sum(t for _pid, t in session_members(sid)) / CLK


def tree_hwm_mb(sid):
    total = 0
    for pid, _t in session_members(sid):
        try:
            with open(f"/proc/{pid}/status") as f:
                for line in f:
                    if line.startswith("VmHWM:"):
                        total += int(line.split()[1])
        except OSError:
            pass
    return total / 1024


def tree_memory(sid):
    """[(name, VmHWM, VmRSS, RssAnon, RssFile, RssShmem in MB)] of the
    processes in session sid; a name is its executable's, plus its first
    argument if that is an option (`reel --media-worker`)."""
    out = []
    for pid, _t in session_members(sid):
        try:
            with open(f"/proc/{pid}/status") as f:
                fields = dict(line.split(":", 1) for line in f if ":" in line)
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                argv = [a.decode(errors="replace") for a in f.read().split(b"\0") if a]
            name = os.path.basename(os.readlink(f"/proc/{pid}/exe"))
        except OSError:
            continue
        if len(argv) > 1 and argv[1].startswith("--"):
            name += " " + argv[1]
        mb = [int(fields.get(k, "0 kB").split()[0]) / 1024
              for k in ("VmHWM", "VmRSS", "RssAnon", "RssFile", "RssShmem")]
        out.append((name, *mb))
    return out


def kill_group(proc):
    for sig in (signal.SIGTERM, signal.SIGKILL):
        try:
            os.killpg(proc.pid, sig)
        except ProcessLookupError:
            pass
        try:
            proc.wait(timeout=3)
            break
        except subprocess.TimeoutExpired:
            continue
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass


def start_xvfb():
    r, w = os.pipe()
    xvfb = subprocess.Popen(["Xvfb", "-displayfd", str(w), "-screen", "0", SCREEN, "-nolisten", "tcp",
                             "-noreset", "+extension", "GLX", "+extension", "RANDR"],
                            pass_fds=(w,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            start_new_session=True)
    os.close(w)
    display = b""
    while not display.endswith(b"\n"):
        chunk = os.read(r, 16)
        if not chunk:
            raise RuntimeError("Xvfb did not start")
        display += chunk
    os.close(r)
    return xvfb, ":" + display.decode().strip()


def start_bus(work):
    d = work / "bus"
    d.mkdir(exist_ok=True)
    conf = work / "bus.conf"
    conf.write_text(DBUS_CONFIG.format(dir=d))
    bus = subprocess.Popen(["dbus-daemon", f"--config-file={conf}", "--nofork", "--print-address=1"],
                           stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, start_new_session=True)
    address = bus.stdout.readline().decode().strip()
    bus.stdout.close()
    if not address.startswith("unix:"):
        raise RuntimeError(f"dbus-daemon printed {address!r}")
    return bus, address


def biggest_window(display):
    """(w, h) of the biggest child of the root window (no WM: the top levels)."""
    try:
        out = subprocess.run(["xwininfo", "-root", "-children", "-display", display],
                             capture_output=True, text=True, timeout=5).stdout
    except (OSError, subprocess.TimeoutExpired):
        return None
    best = None
    for line in out.splitlines():
        for tok in line.split():
            if "x" in tok and "+" in tok:
                size = tok.split("+", 1)[0]
                try:
                    w, h = (int(v) for v in size.split("x"))
                except ValueError:
                    continue
                if best is None or w * h > best[0] * best[1]:
                    best = (w, h)
                break
    return best


# --------------------------------------------------------------------------
# players
# --------------------------------------------------------------------------

class Player:
    """How to launch one player and read what only it can tell."""
    name = ""
    label = ""
    tool = ""
    start_by = "audio"          # audio | gst-playing | trace

    def available(self):
        return shutil.which(self.tool) is not None

    def argv(self, run):
        raise NotImplementedError

    def setup(self, run):
        pass

    def dropped(self, run):
        return None


class DecodeOnly(Player):
    name, tool, start_by = "decode", "gst-launch-1.0", "gst-playing"
    label = "decode only (decodebin ! fakesink sync=true)"

    def argv(self, run):
        return ["gst-launch-1.0", "filesrc", f"location={CLIP}", "!", "decodebin", "name=d",
                "d.", "!", "queue", "!", "fakesink", "sync=true",
                "d.", "!", "queue", "!", "fakesink", "sync=true"]


class Mpv(Player):
    name, tool = "mpv", "mpv"
    label = "mpv --vo=x11 --geometry=1280x720"

    def argv(self, run):
        run.ipc = run.work / "mpv.sock"
        return ["mpv", "--no-config", "--vo=x11", f"--geometry={WINDOW[0]}x{WINDOW[1]}",
                "--hwdec=no", "--no-terminal", "--force-window=yes",
                *(["--deinterlace=yes"] if KIND == "interlaced" else []),
                *(([f"--vf={MPV_TELECINE}"] if MPV_TELECINE != "deinterlace" else ["--deinterlace=yes"])
                  if KIND == "telecine" else []),
                f"--input-ipc-server={run.ipc}", str(CLIP)]

    def dropped(self, run):
        total = 0
        for prop in ("frame-drop-count", "decoder-frame-drop-count"):
            value = mpv_get(run.ipc, prop)
            if value is None:
                return None
            total += int(value)
        return total


def mpv_get(path, prop):
    try:
        with socket.socket(socket.AF_UNIX) as s:
            s.settimeout(2)
            s.connect(str(path))
            s.sendall(json.dumps({"command": ["get_property", prop], "request_id": 1}).encode() + b"\n")
            buf = b""
            while True:
                chunk = s.recv(4096)
                if not chunk:
                    return None
                buf += chunk
                while b"\n" in buf:
                    line, buf = buf.split(b"\n", 1)
                    msg = json.loads(line)
                    if msg.get("request_id") == 1:
                        return msg.get("data") if msg.get("error") == "success" else None
    except (OSError, ValueError):
        return None


class Playbin(Player):
    name, tool, start_by = "playbin", "gst-launch-1.0", "audio"
    label = "gst-launch playbin, videoscale ! ximagesink 1280x720"
    sink = f"videoscale ! video/x-raw,width={WINDOW[0]},height={WINDOW[1]} ! ximagesink"

    def argv(self, run):
        return ["gst-launch-1.0", "-m", "playbin", f"uri={CLIP.as_uri()}", f"video-sink={self.sink}"]

    def dropped(self, run):
        return qos_dropped(run.stdout_path)


class PlaybinNative(Playbin):
    name = "playbin-native"
    label = "gst-launch playbin video-sink=ximagesink (1920x1080)"
    sink = "ximagesink"


def qos_dropped(path):
    """Frames dropped per GstMessageQOS (gst-launch -m): the largest
    'dropped' each element reported, summed over elements."""
    per_element = {}
    source = None
    try:
        text = Path(path).read_text(errors="replace")
    except OSError:
        return None
    for line in text.splitlines():
        if line.startswith("Got message #"):
            source = line.split('from element "', 1)[1].split('"', 1)[0] if 'from element "' in line else None
        if "GstMessageQOS" in line and "dropped=(guint64)" in line and source:
            n = int(line.split("dropped=(guint64)", 1)[1].split(",", 1)[0].split(";", 1)[0])
            per_element[source] = max(per_element.get(source, 0), n)
    return sum(per_element.values())


class Totem(Player):
    name, tool = "totem", "totem"
    label = "totem 1280x720"

    def setup(self, run):
        # Totem keeps its window size in a key file, not in GSettings.
        state = f"[State]\nwindow_w={WINDOW[0]}\nwindow_h={WINDOW[1]}\nmaximised=false\n"
        for base in (run.dirs["XDG_CONFIG_HOME"], run.dirs["XDG_DATA_HOME"]):
            (base / "totem").mkdir(parents=True, exist_ok=True)
            (base / "totem" / "state.ini").write_text(state)

    def argv(self, run):
        return ["totem", str(CLIP)]


class Clapper(Player):
    name, tool = "clapper", "clapper"
    label = "clapper 1280x720"

    def setup(self, run):
        write_keyfile(run, "com/github/rafostar/Clapper",
                      {"window-size": f"'[{WINDOW[0]}, {WINDOW[1]}]'"})

    def argv(self, run):
        return ["clapper", str(CLIP)]


class Reel(Player):
    name, start_by = "reel", "trace"
    label = "Reel"

    def __init__(self, binary, name="reel", label="Reel"):
        self.binary = binary
        self.name, self.label = name, label

    def available(self):
        return True  # a missing binary is reported in the row

    def setup(self, run):
        write_keyfile(run, "io/github/reelapp/Reel",
                      {"window-width": str(WINDOW[0]), "window-height": str(WINDOW[1]),
                       "show-samples": "false"})
        videos = run.dirs["HOME"] / "Videos"
        videos.mkdir(exist_ok=True)
        (run.dirs["XDG_CONFIG_HOME"] / "user-dirs.dirs").write_text(f'XDG_VIDEOS_DIR="{videos}"\n')
        run.trace = run.work / "reel-trace.jsonl"
        run.env["REEL_TRACE"] = str(run.trace)

    def argv(self, run):
        return [self.binary, str(CLIP)]

    def dropped(self, run):
        stats = [e for e in read_trace(run.trace) if e.get("event") == "player-stats"]
        if stats and "dropped" in stats[-1]:
            return int(stats[-1]["dropped"])
        return None


def write_keyfile(run, group, values):
    keyfile = run.dirs["XDG_CONFIG_HOME"] / "glib-2.0" / "settings" / "keyfile"
    keyfile.parent.mkdir(parents=True, exist_ok=True)
    with open(keyfile, "a") as f:
        f.write(f"[{group}]\n" + "".join(f"{k}={v}\n" for k, v in values.items()) + "\n")


def read_trace(path):
    events = []
    try:
        with open(path) as f:
            for line in f:
                if line.endswith("\n"):
                    try:
                        events.append(json.loads(line))
                    except ValueError:
                        pass
    except (OSError, TypeError):
        pass
    return events


# --------------------------------------------------------------------------
# one run
# --------------------------------------------------------------------------

class Run:
    def __init__(self, player, bench, seconds, settle=0.0):
        self.player, self.bench, self.seconds, self.settle = player, bench, seconds, settle
        self.work = Path(tempfile.mkdtemp(prefix=f"play-{player.name}-", dir=bench.work))
        self.dirs = {k: self.work / v for k, v in (
            ("HOME", "home"), ("XDG_CONFIG_HOME", "config"), ("XDG_DATA_HOME", "data"),
            ("XDG_CACHE_HOME", "cache"), ("XDG_STATE_HOME", "state"))}
        for d in self.dirs.values():
            d.mkdir()
        self.runtime = self.work / "runtime"
        self.runtime.mkdir(mode=0o700)
        self.env = {k: os.environ[k] for k in ("PATH", "TZ", "USER", "LOGNAME", "GSK_RENDERER") if k in os.environ}
        self.env.update({k: str(v) for k, v in self.dirs.items()})
        self.env.update(bench.sound.env())
        self.env.update({
            "DISPLAY": bench.display,
            "XDG_RUNTIME_DIR": str(self.runtime),
            "LANG": "C.UTF-8",
            "GSETTINGS_BACKEND": "keyfile",
            "GDK_BACKEND": "x11",
            "GTK_A11Y": "none",
            "NO_AT_BRIDGE": "1",
            "GIO_USE_VFS": "local",
            "GST_REGISTRY": str(bench.registry),
            "MESA_SHADER_CACHE_DIR": str(bench.mesa_cache),
        })
        self.stdout_path = self.work / "stdout.log"
        self.stderr_path = self.work / "stderr.log"
        self.ipc = None
        self.trace = None

    def result(self, **kw):
        r = {"name": self.player.name, "label": self.player.label, "na": None, "start": NAN,
             "cpu": NAN, "cpu_launch": NAN, "rss": NAN, "dropped": None, "frames": None,
             "window": None, "role": None, "first": None, "memory": []}
        r.update(kw)
        return r

    def go(self):
        p = self.player
        if isinstance(p, Reel) and not (os.path.isfile(p.binary) and os.access(p.binary, os.X_OK)):
            return self.result(na=f"no binary at {p.binary}")
        bus, address = start_bus(self.work)
        self.env["DBUS_SESSION_BUS_ADDRESS"] = address
        p.setup(self)
        out = open(self.stdout_path, "wb")
        err = open(self.stderr_path, "wb")
        t0 = time.monotonic()
        proc = subprocess.Popen(p.argv(self), env=self.env, cwd=str(self.work), stdin=subprocess.DEVNULL,
                                stdout=out, stderr=err, start_new_session=True)
        out.close()
        err.close()
        try:
            return self._measure(proc, t0)
        finally:
            kill_group(proc)
            kill_group(bus)

    def _started(self, proc):
        """Playback start: a truthy value (extra info) once it has started."""
        p = self.player
        if p.start_by == "gst-playing":
            return "playing" if b"Setting pipeline to PLAYING" in self.stdout_path.read_bytes() else None
        if p.start_by == "trace":
            for e in read_trace(self.trace):
                if e.get("event") == "player-first-frame":
                    return e
            return None
        pids = {str(pid) for pid, _ in session_members(proc.pid)}
        for si in self.bench.sound.sink_inputs():
            if si.get("application.process.id") in pids and not si.get("corked"):
                return si
        return None

    def _measure(self, proc, t0):
        p = self.player
        timeout = REEL_START_TIMEOUT if isinstance(p, Reel) else START_TIMEOUT
        info = None
        while info is None:
            if proc.poll() is not None:
                return self.result(na=f"exited with status {proc.returncode} before playback started"
                                   + self._stderr_tail())
            if time.monotonic() - t0 > timeout:
                what = "player-first-frame" if isinstance(p, Reel) else "playback"
                return self.result(na=f"no {what} within {timeout:.0f} s" + self._stderr_tail())
            info = self._started(proc)
            if info is None:
                # pactl is a process of its own: poll it less often
                time.sleep(0.05 if p.start_by == "audio" else 0.02)
        # The test sound server's null sink barely moves its clock for the
        # first ~2 s of a stream (PulseAudio 16 ramping its timer-based
        # scheduling), which holds every audio-synced player back: measure
        # the steady state, after a settling time, for every player alike.
        settle_end = time.monotonic() + self.settle
        while time.monotonic() < settle_end:
            if proc.poll() is not None:
                return self.result(na=f"exited with status {proc.returncode} while settling"
                                   + self._stderr_tail())
            time.sleep(0.1)
        t_start = time.monotonic()
        cpu_start = tree_cpu(proc.pid)
        end = t_start + self.seconds
        while time.monotonic() < end:
            if proc.poll() is not None:
                return self.result(na=f"exited with status {proc.returncode} during playback"
                                   + self._stderr_tail())
            time.sleep(min(0.2, max(0.0, end - time.monotonic())))
        cpu_end = tree_cpu(proc.pid)
        t_end = time.monotonic()
        rss = tree_hwm_mb(proc.pid)
        memory = tree_memory(proc.pid)
        window = biggest_window(self.bench.display) if p.name != "decode" else None
        pids = {str(pid) for pid, _ in session_members(proc.pid)}
        roles = [si.get("media.role", "(no role)") for si in self.bench.sound.sink_inputs()
                 if si.get("application.process.id") in pids]
        dropped = p.dropped(self)
        frames = None
        if isinstance(p, Reel):
            events = read_trace(self.trace)
            t_ff = float(info.get("t", NAN)) + self.settle
            t_last = t_ff + (t_end - t_start)
            frames = sum(1 for e in events if e.get("event") == "frame"
                         and t_ff <= float(e.get("t", -1)) <= t_last)
        return self.result(start=t_start - t0, cpu=cpu_end - cpu_start, cpu_launch=cpu_end, rss=rss, memory=memory,
                           dropped=dropped, frames=frames, window=window,
                           role=", ".join(roles) if roles else ("none" if p.name != "decode" else "fakesink"),
                           first=info if isinstance(p, Reel) else None)

    def _stderr_tail(self):
        try:
            lines = [ln for ln in self.stderr_path.read_text(errors="replace").splitlines() if ln.strip()]
        except OSError:
            return ""
        return f"; stderr: {lines[-1][:120]}" if lines else ""


# --------------------------------------------------------------------------
# the bench
# --------------------------------------------------------------------------

class Bench:
    def __init__(self, work):
        self.work = work
        self.registry = MEDIA / "gst-registry.bin"
        self.mesa_cache = MEDIA / "mesa-shader-cache"
        self.mesa_cache.mkdir(parents=True, exist_ok=True)
        self.sound = None
        self.xvfb = None
        self.display = ""

    def __enter__(self):
        self.sound = SoundServer().start()
        self.xvfb, self.display = start_xvfb()
        subprocess.run(["gst-inspect-1.0"], env=dict(os.environ, GST_REGISTRY=str(self.registry)),
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        return self

    def __exit__(self, *exc):
        if self.xvfb is not None:
            kill_group(self.xvfb)
        if self.sound is not None:
            self.sound.stop()


def version(argv):
    try:
        out = subprocess.run(argv, capture_output=True, text=True, timeout=10)
        return (out.stdout or out.stderr).strip().splitlines()[0]
    except (OSError, IndexError, subprocess.TimeoutExpired):
        return "?"


def fmt(v, spec, na="n/a"):
    if v is None or (isinstance(v, float) and v != v):
        return na
    return format(v, spec)


def keep_run(keep, name, i, work):
    """With --keep, a run's folder (logs, trace) as keep/NAME-N, without
    its sockets."""
    if keep is None:
        return
    dest = keep / f"{name}-{i + 1}"
    shutil.rmtree(dest, ignore_errors=True)
    shutil.copytree(work, dest, symlinks=True, ignore_dangling_symlinks=True,
                    ignore=shutil.ignore_patterns("bus", "runtime", "*.sock"))


def median_row(rows):
    ok = [r for r in rows if r["na"] is None]
    if not ok:
        return rows[-1]
    out = dict(ok[0])
    for k in ("start", "cpu", "cpu_launch", "rss"):
        out[k] = statistics.median(r[k] for r in ok)
    for k in ("dropped", "frames"):
        vals = [r[k] for r in ok if r[k] is not None]
        out[k] = statistics.median(vals) if vals else None
    out["runs"] = len(ok)
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--seconds", type=float, default=15.0)
    ap.add_argument("--runs", type=int, default=1)
    ap.add_argument("--fps", type=int, default=30, choices=(30, 60), help="the clip's frame rate")
    ap.add_argument("--clip", default="h264", choices=("h264", "hevc10", "interlaced", "telecine", "hdr"),
                    help="the clip's video: 1080p 8-bit H.264 High, 1080p 10-bit HEVC Main 10, "
                         "576i50 interlaced H.264 (mpv then gets --deinterlace=yes), "
                         "24 fps film telecined to 480i at 30000/1001 (made with ffmpeg; mpv then "
                         "gets --vf=pullup, or what --mpv-telecine says), "
                         "or HEVC Main 10 in PQ/BT.2020 (HDR10)")
    ap.add_argument("--settle", type=float, default=5.0,
                    help="seconds of playback before measuring (the null sink's slow start)")
    ap.add_argument("--players", default="decode,mpv,playbin,playbin-native,totem,clapper,reel")
    ap.add_argument("--reel", default=os.environ.get("REEL_BIN") or str(ROOT / "_inst" / "bin" / "reel"))
    ap.add_argument("--base", help="another Reel build to measure after --reel in every run")
    ap.add_argument("--no-warmup", action="store_true")
    ap.add_argument("--keep", help="keep each run's profile, logs and trace in this folder")
    ap.add_argument("--mpv-telecine", default="pullup",
                    help="mpv's --vf for --clip telecine (pullup: its inverse telecine; "
                         "or 'deinterlace' for --deinterlace=yes)")
    args = ap.parse_args()
    use_clip(args.clip, args.fps)
    global MPV_TELECINE
    MPV_TELECINE = args.mpv_telecine

    catalog = {p.name: p for p in (DecodeOnly(), Mpv(), Playbin(), PlaybinNative(), Totem(), Clapper(),
                                   Reel(os.path.abspath(args.reel)))}
    wanted = [n.strip() for n in args.players.split(",") if n.strip()]
    if args.base:
        catalog["reel-base"] = Reel(os.path.abspath(args.base), "reel-base", "Reel --base")
        wanted.insert(wanted.index("reel") + 1 if "reel" in wanted else len(wanted), "reel-base")
    unknown = [n for n in wanted if n not in catalog]
    if unknown:
        ap.error(f"unknown players {unknown}; choose from {list(catalog)}")
    players = []
    for n in wanted:
        if catalog[n].available():
            players.append(catalog[n])
        else:
            log(f"skipping {n}: {catalog[n].tool} is not installed")

    make_clip()
    subprocess.run(["cat", str(CLIP)], stdout=subprocess.DEVNULL)  # page cache
    keep = Path(args.keep) if args.keep else None
    work = Path(tempfile.mkdtemp(prefix="reel-bench-play-"))
    results = {}
    try:
        with Bench(work) as bench:
            if not args.no_warmup:
                for p in players:
                    if p.name in ("decode",) or (isinstance(p, Reel) and not os.path.exists(p.binary)):
                        continue
                    log(f"warming up {p.name} (shader cache, page cache)...")
                    Run(p, bench, 2.0).go()
            for i in range(args.runs):
                for p in players:
                    log(f"run {i + 1}/{args.runs}: {p.name} ...")
                    r = Run(p, bench, args.seconds, args.settle)
                    res = r.go()
                    results.setdefault(p.name, []).append(res)
                    if res["na"]:
                        log(f"  {p.name}: n/a ({res['na']})")
                    else:
                        log(f"  {p.name}: start {res['start']:.2f} s, CPU {res['cpu']:.2f} s "
                            f"(launch+ {res['cpu_launch']:.2f} s), peak RSS {res['rss']:.0f} MB")
                    keep_run(keep, p.name, i, r.work)
    finally:
        shutil.rmtree(work, ignore_errors=True)

    rows = [median_row(results[p.name]) for p in players]
    floor = next((r for r in rows if r["name"] == "decode" and r["na"] is None), None)
    cpu_model = "?"
    try:
        cpu_model = next(ln.split(":", 1)[1].strip() for ln in open("/proc/cpuinfo") if ln.startswith("model name"))
    except (OSError, StopIteration):
        pass
    print()
    what = {"hevc10": f"1080p{FPS} HEVC Main 10", "hdr": f"1080p{FPS} HEVC Main 10 HDR10 (PQ)",
            "interlaced": "576i50 H.264",
            "telecine": "24 fps film telecined to 480i H.264"}.get(KIND, f"1080p{FPS} H.264 High")
    print(f"Playback: {args.seconds:g} s of {what} + AAC, {WINDOW[0]}x{WINDOW[1]} window, "
          f"Xvfb {SCREEN}, null-sink PulseAudio; {os.cpu_count()} cores ({cpu_model}); "
          f"{'median of %d runs' % args.runs if args.runs > 1 else '1 run'}")
    gst = version(["gst-launch-1.0", "--version"]).split()[-1]
    mpv = version(["mpv", "--version"]).split(" Copyright")[0]
    clapper = version(["dpkg-query", "-W", "-f=${Version}", "clapper"])
    print(f"GStreamer {gst}, {mpv}, {version(['totem', '--version'])}, clapper {clapper}; "
          f"Reel: {os.path.abspath(args.reel)}" + (f"; Reel --base: {os.path.abspath(args.base)}" if args.base else ""))
    head = (f"{'player':<52} {'start':>7} {'CPU 15s':>8} {'x floor':>7} {'launch+':>8} {'x floor':>7} "
            f"{'peak RSS':>9} {'dropped':>7} {'frames':>6} {'window':>10}  audio")
    print(head.replace("CPU 15s", f"CPU {args.seconds:g}s"))
    for r in rows:
        if r["na"] is not None:
            print(f"{r['label']:<52} n/a ({r['na']})")
            continue
        ratio = r["cpu"] / floor["cpu"] if floor and floor["cpu"] > 0 else NAN
        ratio_l = r["cpu_launch"] / floor["cpu_launch"] if floor and floor["cpu_launch"] > 0 else NAN
        win = f"{r['window'][0]}x{r['window'][1]}" if r["window"] else "-"
        print(f"{r['label']:<52} {fmt(r['start'], '6.2f')}s {fmt(r['cpu'], '7.2f')}s {fmt(ratio, '6.2f')}x "
              f"{fmt(r['cpu_launch'], '7.2f')}s {fmt(ratio_l, '6.2f')}x {fmt(r['rss'], '6.0f')} MB "
              f"{fmt(r['dropped'], '7.0f')} {fmt(r['frames'], '6.0f', '-')} {win:>10}  {r['role']}")
    for r in rows:
        if isinstance(catalog[r["name"]], Reel) and r["na"] is None and r.get("first"):
            ff = r["first"]
            print(f"{r['label']}'s trace: first frame at t={fmt(ff.get('t'), '.3f', '?')} s (its own clock), "
                  f"latency={fmt(ff.get('latency'), '.3f', '?')} s after open, pts={ff.get('pts', '?')}; "
                  f"{fmt(r['frames'], '.0f')} frames presented in {args.seconds:g} s "
                  + (f"(the file has {50 * args.seconds:.0f} fields, shown as frames)" if KIND == "interlaced"
                     else f"(the film has {24000 / 1001 * args.seconds:.0f} frames, the file "
                          f"{60000 / 1001 * args.seconds:.0f} fields)" if KIND == "telecine"
                     else f"(the file has {FPS * args.seconds:.0f})"))
    print("Memory per process at the end of the first run, MB: peak (VmHWM), resident (VmRSS) = "
          "anonymous + file-backed + shared")
    for r in rows:
        for name, hwm, now, anon, file_backed, shmem in r.get("memory") or []:
            print(f"  {r['name']:<16} {name:<28} peak {hwm:6.1f}  resident {now:6.1f} = "
                  f"{anon:6.1f} + {file_backed:6.1f} + {shmem:5.1f}")
    print("(start: spawn -> playback started (Reel: first frame; peers: their audio stream running;\n"
          " decode only: PLAYING). CPU: all processes of the player, from playback start for the\n"
          " given seconds; launch+: from spawn to the same end, start-up included. x floor: / decode only.)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
