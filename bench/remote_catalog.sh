#!/usr/bin/python3
# A huge remote catalog: what the feed asks of the server and costs once its
# first screen is shown. nginx on 127.0.0.1 serves a catalog of N entries
# (default 10,000), each a remote address of one small WebM clip; each given
# `reel` binary (for instance this build and an older one, side by side in
# one run) starts on it under its own Xvfb 1280x800 and session bus, with a
# fresh profile. Printed per binary: requests the server got by 10 s and by
# 20 s, how many entries were asked about and requests per entry asked, CPU
# seconds of the app and its children (the media worker) between 10 s and
# 20 s, and their RSS at 20 s.
#
#   bench/remote_catalog.sh REEL [REEL...] [--entries N]
#
# Needs: nginx, xvfb, dbus, gstreamer1.0-plugins-good (vp8enc, webmmux).
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "tests", "ui"))
from webserver import WebServer  # noqa: E402


def main():
    args = sys.argv[1:]
    entries = 10000
    if "--entries" in args:
        i = args.index("--entries")
        entries = int(args[i + 1])
        del args[i:i + 2]
    if not args:
        sys.exit("usage: bench/remote_catalog.sh REEL [REEL...] [--entries N]")
    for reel in args:
        measure(reel, entries)


def cpu(pids):
    """CPU seconds (user + system) of these processes so far."""
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])
        except FileNotFoundError:
            pass
    return total / os.sysconf("SC_CLK_TCK")


def group(pgid):
    """The processes of a process group (the app, its media worker, its bus)."""
    out = subprocess.run(["pgrep", "-g", str(pgid)], capture_output=True, text=True).stdout.split()
    return [int(p) for p in out]


def measure(reel: str, entries: int) -> None:
    work = Path(tempfile.mkdtemp(prefix="reel-bench-remote-"))
    root = work / "site"
    root.mkdir()
    subprocess.run(["gst-launch-1.0", "-q", "videotestsrc", "num-buffers=30", "!", "video/x-raw,width=320,height=180",
                    "!", "vp8enc", "!", "webmmux", "!", "filesink", f"location={root / 'clip.webm'}"], check=True)
    with WebServer(root, work / "nginx") as server:
        (root / "huge.json").write_text(json.dumps({"entries": [
            {"title": f"Entry {n:05d}", "remote": server.url(f"clip.webm?n={n}")} for n in range(entries)]}))
        home = work / "home"
        env = dict(os.environ, HOME=str(home), XDG_CONFIG_HOME=str(home / "c"), XDG_CACHE_HOME=str(home / "k"),
                   XDG_DATA_HOME=str(home / "d"), XDG_STATE_HOME=str(home / "s"), GSETTINGS_BACKEND="memory",
                   DISPLAY=":88", NO_AT_BRIDGE="1", GDK_BACKEND="x11")
        xvfb = subprocess.Popen(["Xvfb", ":88", "-screen", "0", "1280x800x24"], stderr=subprocess.DEVNULL)
        time.sleep(1)
        proc = subprocess.Popen(["dbus-run-session", "--", reel, server.url("huge.json")], env=env,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        time.sleep(10)
        pids = group(proc.pid)
        c0, r0 = cpu(pids), len(server.requests())
        time.sleep(10)
        pids = group(proc.pid)
        c1, r1 = cpu(pids), len(server.requests())
        rss = 0
        for pid in pids:
            try:
                for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                    if line.startswith("VmRSS:"):
                        rss += int(line.split()[1])
            except FileNotFoundError:
                pass
        asked = {line.split()[1] for line in server.requests() if "clip.webm" in line}
        print(f"{reel}: entries {entries}; requests by 10 s {r0}, by 20 s {r1} ({len(asked)} entries asked, "
              f"{r1 / max(1, len(asked)):.1f} per entry asked); CPU 10-20 s {c1 - c0:.2f} s "
              f"({(c1 - c0) / 10 * 100:.0f} %); RSS at 20 s {rss / 1024:.0f} MB (all processes)")
        os.killpg(proc.pid, 9)
        xvfb.kill()
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
