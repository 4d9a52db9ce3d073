#!/usr/bin/python3
# Streaming: time to first frame over a loopback nginx limited to
# 2 Mbit/s, for the HLS multivariant stream (240p/720p/1080p) and the
# progressive 1080p MP4 of the same content -- Reel against mpv on the same
# URLs, side by side in one run. Prints medians and Reel/mpv ratios.
#
#   bench/streaming.sh [--runs 3] [--rate 250k] [--reel BIN] [--keep DIR]
#
# Every run starts the player alone on one Xvfb (1920x1080x24, no window
# manager) with a fresh profile and no sound server (both players then play
# silently: Reel's silent clock sink, mpv --ao=null), so only the network
# and the video path are measured.
#
#   spawn->frame  our spawn -> the first frame on screen: Reel, its
#                 "player-first-frame" trace event; mpv, its
#                 "playback-restart" event on its IPC socket;
#   open->frame   Reel only: its player opening -> first frame (the app's
#                 own start-up left out).
#
# Media: tests/ui/streams.py, made once in $REEL_BENCH_MEDIA (default
# /tmp/reel-bench-stream-media). Needs xvfb, nginx, mpv (skipped if missing).
import argparse
import json
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.dont_write_bytecode = True  # no __pycache__ for playback.sh's import
ROOT = Path(__file__).resolve().parent.parent
# Xvfb and process-group handling shared with bench/playback.sh.
from playback_module import pb  # noqa: E402
sys.path.insert(0, str(ROOT / "tests" / "ui"))
from streams import make_all  # noqa: E402
from webserver import WebServer  # noqa: E402


def fresh_env(display: str, home: Path) -> dict:
    env = {k: v for k, v in os.environ.items() if k in ("PATH", "LANG", "GST_PLUGIN_SYSTEM_PATH")}
    for name, sub in (("HOME", ""), ("XDG_CONFIG_HOME", "config"), ("XDG_DATA_HOME", "data"),
                      ("XDG_CACHE_HOME", "cache"), ("XDG_STATE_HOME", "state"), ("XDG_RUNTIME_DIR", "run")):
        path = home / sub
        path.mkdir(parents=True, exist_ok=True)
        env[name] = str(path)
    os.chmod(home / "run", 0o700)
    settings = home / "config" / "glib-2.0" / "settings" / "keyfile"
    settings.parent.mkdir(parents=True, exist_ok=True)
    settings.write_text("[io/github/reelapp/Reel]\nshow-samples=false\nshow-preview-strip=false\n")
    env.update(DISPLAY=display, GSETTINGS_BACKEND="keyfile", GTK_A11Y="none", NO_AT_BRIDGE="1",
               PULSE_SERVER="unix:/nonexistent", GDK_BACKEND="x11")
    return env


def run_reel(binary: str, url: str, env: dict, timeout: float = 20) -> tuple:
    trace = Path(env["HOME"]) / "trace.jsonl"
    start = time.monotonic()
    proc = subprocess.Popen(["dbus-run-session", "--", binary, url], env=dict(env, REEL_TRACE=str(trace)),
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        while time.monotonic() - start < timeout:
            if trace.exists():
                for line in trace.read_text().splitlines():
                    try:
                        event = json.loads(line)
                    except json.JSONDecodeError:
                        continue
                    if event["event"] == "player-first-frame":
                        return time.monotonic() - start, event["latency"]
                    if event["event"] == "player-error":
                        return None, f"error: {event.get('kind')}"
            time.sleep(0.01)
        return None, "no first frame"
    finally:
        pb.kill_group(proc)


def run_mpv(url: str, env: dict, timeout: float = 20) -> tuple:
    sock = Path(env["XDG_RUNTIME_DIR"]) / "mpv.sock"
    start = time.monotonic()
    proc = subprocess.Popen(["mpv", "--no-config", "--ao=null", "--force-window=yes", "--geometry=1280x720",
                             f"--input-ipc-server={sock}", url], env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        client = None
        while time.monotonic() - start < timeout and client is None:
            try:
                client = socket.socket(socket.AF_UNIX)
                client.connect(str(sock))
            except OSError:
                client = None
                time.sleep(0.005)
        if client is None:
            return None, "no IPC"
        client.settimeout(0.1)
        buffer = b""
        while time.monotonic() - start < timeout:
            try:
                buffer += client.recv(65536)
            except socket.timeout:
                continue
            for line in buffer.split(b"\n"):
                if b'"playback-restart"' in line:
                    return time.monotonic() - start, None
        return None, "no playback-restart"
    finally:
        pb.kill_group(proc)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--rate", default="250k", help="nginx limit_rate (bytes/s); 250k = 2 Mbit/s")
    parser.add_argument("--reel", default=os.environ.get("REEL_BIN", str(ROOT / "_inst" / "bin" / "reel")))
    parser.add_argument("--keep")
    args = parser.parse_args()

    media_dir = Path(os.environ.get("REEL_BENCH_MEDIA", "/tmp/reel-bench-stream-media"))
    if not (media_dir / "hls" / "master.m3u8").exists():
        print(f"making the media in {media_dir} …", flush=True)
        make_all(media_dir, seconds=24)
    work = Path(args.keep or tempfile.mkdtemp(prefix="reel-bench-streaming-"))
    server = WebServer(media_dir, work / "nginx", rate=args.rate).start()
    xvfb, display = pb.start_xvfb()
    sources = {"HLS (3 variants)": server.url("hls/master.m3u8"), "MP4 1080p": server.url("progressive.mp4")}
    players = ["reel"] + (["mpv"] if shutil.which("mpv") else [])
    results = {}
    try:
        for name, url in sources.items():
            for player in players:
                times, opens, notes = [], [], []
                for run in range(args.runs):
                    env = fresh_env(display, work / f"{player}-{len(results)}-{run}")
                    if player == "reel":
                        spawn, detail = run_reel(args.reel, url, env)
                        if isinstance(detail, float):
                            opens.append(detail)
                    else:
                        spawn, detail = run_mpv(url, env)
                    if spawn is None:
                        notes.append(str(detail))
                    else:
                        times.append(spawn)
                results[(name, player)] = (times, opens, notes)
    finally:
        pb.kill_group(xvfb)
        server.stop()

    print(f"\nTime to first frame over loopback at {args.rate}B/s, median of {args.runs} (seconds)\n")
    print(f"{'source':<18} {'player':<6} {'spawn->frame':>13} {'open->frame':>12} {'vs mpv':>7}  runs")
    for name in sources:
        mpv_times = results.get((name, "mpv"), ([], [], []))[0]
        for player in players:
            times, opens, notes = results[(name, player)]
            median = statistics.median(times) if times else None
            ratio = f"{median / statistics.median(mpv_times):.2f}x" if median and mpv_times and player == "reel" else ""
            print(f"{name:<18} {player:<6} {median if median is None else f'{median:13.3f}':>13} "
                  f"{f'{statistics.median(opens):.3f}' if opens else '-':>12} {ratio:>7}  "
                  f"{', '.join(f'{t:.2f}' for t in times)}{'  ' + '; '.join(notes) if notes else ''}")


if __name__ == "__main__":
    main()
