#!/usr/bin/python3
# GNOME Shell's search in a 10,000-video feed: the time Reel takes to answer
# org.gnome.Shell.SearchProvider2 over D-Bus, as the overview asks while
# someone types "night market" (GetInitialResultSet for the first letter,
# then GetSubsearchResultSet for each further one, each followed by
# GetResultMetas for the first 5 results, as the overview shows them), and
# the worst case of one common letter ("a": nearly every title matches).
#
#   bench/search.sh [--entries 10000] [--rounds 20] [--reel PREFIX/bin/reel]
#       [--no-build]
#
# Two ways Reel answers:
#   window  - Reel started normally: its window's feed holds the catalog
#             (the feed's own cards are probed meanwhile, as in real use),
#             and the search begins 2 s later (the feed is folded for
#             searching on a worker thread a second after it changes);
#   service - Reel started by the session bus for the search
#             (`--gapplication-service`, from its service file): no window,
#             the feed loaded without one. Its first call includes starting
#             Reel and loading the catalog, reported on its own line.
# Each has a fresh profile (HOME and XDG_* in a temp dir, keyfile settings
# with the catalog, show-samples=false), its own Xvfb 1280x800 and session
# bus. The catalog: N web entries (127.0.0.1:9, refused at once) with
# titles of two words from a list with Vietnamese and French accents plus a
# number (every pair occurs: "night market" finds 50), and a place as
# subtitle; the first 50 have a valid thumbnail in
# the freedesktop cache, so GetResultMetas reads real PNGs (the Shell shows
# them). Times are wall clock in this process around each D-Bus call
# (Gio, synchronous): median and 95th percentile over --rounds rounds, per
# call. `reel` comes from /tmp/bench-inst (built with meson first unless
# --no-build), or --reel.
#
# Needs: xvfb, dbus, python3-gi (Gio, GdkPixbuf).
import argparse
import hashlib
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

import gi

gi.require_version("GdkPixbuf", "2.0")
from gi.repository import GdkPixbuf, Gio, GLib  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BUILD = "/tmp/bench-build"
PREFIX = "/tmp/bench-inst"
APP_ID = "io.github.reelapp.Reel"
PATH = "/io/github/reelapp/Reel/SearchProvider"
IFACE = "org.gnome.Shell.SearchProvider2"
WORDS = ["night", "market", "Hà Nội", "Đà Lạt", "beach", "crème", "brûlée", "train", "harbour", "mountain",
         "rice", "terraces", "street", "food", "river", "boat", "sunrise", "city", "lights", "rain"]
PLACES = ["Việt Nam", "France", "Holidays", "Family", "Work", "Saigon", "Paris", "Hội An"]


def log(*args):
    print(*args, file=sys.stderr, flush=True)


def build():
    log("Building Reel into", PREFIX, "...")
    if not os.path.exists(BUILD + "/build.ninja"):
        subprocess.run(["meson", "setup", BUILD, "--prefix=" + PREFIX], cwd=ROOT, check=True,
                       stdout=subprocess.DEVNULL)
    subprocess.run(["meson", "install", "-C", BUILD], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)


def make_profile(root, entries):
    dirs = {name: os.path.join(root, name) for name in ("home", "config", "data", "cache", "state")}
    for d in dirs.values():
        os.makedirs(d, exist_ok=True)
    videos = os.path.join(dirs["home"], "Videos")
    os.makedirs(videos, exist_ok=True)
    with open(os.path.join(dirs["config"], "user-dirs.dirs"), "w") as f:
        f.write('XDG_VIDEOS_DIR="%s"\n' % videos)
    items = []
    for i in range(entries):
        a, b = WORDS[i % len(WORDS)], WORDS[i // len(WORDS) % len(WORDS)]
        items.append({"title": "%s %s %d" % (a.capitalize(), b, i), "subtitle": PLACES[i % len(PLACES)],
                      "remote": "http://127.0.0.1:9/v/%05d.mp4" % i})
    catalog = os.path.join(root, "catalog.json")
    with open(catalog, "w") as f:
        json.dump({"title": "Bench", "entries": items}, f)
    uri = "file://" + catalog
    settings = os.path.join(dirs["config"], "glib-2.0", "settings")
    os.makedirs(settings, exist_ok=True)
    with open(os.path.join(settings, "keyfile"), "w") as f:
        f.write("[io/github/reelapp/Reel]\nshow-samples=false\nshow-preview-strip=false\ncatalogs=['%s']\n" % uri)
    large = os.path.join(dirs["cache"], "thumbnails", "large")
    os.makedirs(large, exist_ok=True)
    pixbuf = GdkPixbuf.Pixbuf.new(GdkPixbuf.Colorspace.RGB, False, 8, 256, 144)
    pixbuf.fill(0x3366aaff)
    for item in items[:50]:
        name = hashlib.md5(item["remote"].encode()).hexdigest() + ".png"
        pixbuf.savev(os.path.join(large, name), "png", ["tEXt::Thumb::URI"], [item["remote"]])
    env = {"HOME": dirs["home"], "XDG_CONFIG_HOME": dirs["config"], "XDG_DATA_HOME": dirs["data"],
           "XDG_CACHE_HOME": dirs["cache"], "XDG_STATE_HOME": dirs["state"], "GSETTINGS_BACKEND": "keyfile",
           "GIO_USE_VFS": "local", "GDK_BACKEND": "x11", "LANG": "C.UTF-8"}
    return env


def start_xvfb():
    r, w = os.pipe()
    xvfb = subprocess.Popen(["Xvfb", "-displayfd", str(w), "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
                            pass_fds=(w,), stderr=subprocess.DEVNULL)
    os.close(w)
    display = b""
    while not display.endswith(b"\n"):
        chunk = os.read(r, 16)
        if not chunk:
            raise RuntimeError("Xvfb did not start")
        display += chunk
    os.close(r)
    return xvfb, ":" + display.decode().strip()


def start_bus(services):
    config = os.path.join(services, "bus.conf")
    with open(config, "w") as f:
        f.write("""<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig><type>session</type><listen>unix:tmpdir=%s</listen>
<servicedir>%s</servicedir>
<policy context="default"><allow send_destination="*" eavesdrop="true"/><allow eavesdrop="true"/>
<allow own="*"/></policy></busconfig>
""" % (services, services))
    bus = subprocess.Popen(["dbus-daemon", "--config-file", config, "--nofork", "--print-address=1"],
                           stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    address = bus.stdout.readline().decode().strip()
    connection = Gio.DBusConnection.new_for_address_sync(
        address, Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION,
        None, None)
    return bus, address, connection


def call(connection, method, args, signature, reply):
    start = time.perf_counter()
    result = connection.call_sync(APP_ID, PATH, IFACE, method, GLib.Variant(signature, args),
                                  GLib.VariantType(reply), Gio.DBusCallFlags.NONE, 120_000, None)
    return time.perf_counter() - start, result.unpack()[0]


def typing(connection, text, timings):
    """One person typing `text` into the overview."""
    results = []
    for n in range(1, len(text) + 1):
        terms = text[:n].split()
        if not terms or text[n - 1] == " ":
            continue
        if not results and n == 1:
            t, results = call(connection, "GetInitialResultSet", (terms,), "(as)", "(as)")
            timings.setdefault("GetInitialResultSet", []).append(t)
        else:
            t, results = call(connection, "GetSubsearchResultSet", (results, terms), "(asas)", "(as)")
            timings.setdefault("GetSubsearchResultSet", []).append(t)
        t, _ = call(connection, "GetResultMetas", (results[:5],), "(as)", "(aa{sv})")
        timings.setdefault("GetResultMetas (5)", []).append(t)
    return results


def run(mode, reel, entries, rounds):
    root = tempfile.mkdtemp(prefix="reel-bench-search-")
    xvfb = bus = app = None
    try:
        env = make_profile(root, entries)
        xvfb, display = start_xvfb()
        services = os.path.join(root, "services")
        os.makedirs(services)
        bus, address, connection = start_bus(services)
        env.update({"DISPLAY": display, "DBUS_SESSION_BUS_ADDRESS": address,
                    "PATH": os.environ.get("PATH", "/usr/bin:/bin"), "NO_AT_BRIDGE": "1"})
        if "GST_REGISTRY" in os.environ:
            env["GST_REGISTRY"] = os.environ["GST_REGISTRY"]
        timings = {}
        if mode == "window":
            trace = os.path.join(root, "trace.jsonl")
            app = subprocess.Popen([reel], env=dict(env, REEL_TRACE=trace), stdout=subprocess.DEVNULL,
                                   stderr=subprocess.DEVNULL)
            deadline = time.monotonic() + 60
            while time.monotonic() < deadline:
                if os.path.exists(trace) and any(json.loads(line).get("count") == entries
                                                 for line in open(trace) if '"feed-items"' in line):
                    break
                time.sleep(0.1)
            else:
                raise RuntimeError("the window's feed never held the catalog")
            # Reel folds the feed for searching a second after it changes,
            # on a worker thread; a search before that waits for the fold.
            time.sleep(2)
        else:
            with open(os.path.join(services, APP_ID + ".service"), "w") as f:
                f.write("[D-BUS Service]\nName=%s\nExec=%s --gapplication-service\n" % (APP_ID, reel))
            connection.call_sync("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                                 "UpdateActivationEnvironment", GLib.Variant("(a{ss})", (env,)), None,
                                 Gio.DBusCallFlags.NONE, 10_000, None)
            t, found = call(connection, "GetInitialResultSet", (["night"],), "(as)", "(as)")
            timings["first call (starts Reel, loads the feed)"] = [t]
        total = 0
        for _ in range(rounds):
            found = typing(connection, "night market", timings)
            total = len(found)
            t, common = call(connection, "GetInitialResultSet", (["a"],), "(as)", "(as)")
            timings.setdefault("GetInitialResultSet \"a\" (worst)", []).append(t)
        return timings, total, len(common)
    finally:
        if app:
            app.terminate()
            app.wait(10)
        if bus:
            bus.terminate()
            bus.wait(10)
        if xvfb:
            xvfb.terminate()
            xvfb.wait(10)
        shutil.rmtree(root, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--entries", type=int, default=10_000)
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--reel")
    parser.add_argument("--no-build", action="store_true")
    args = parser.parse_args()
    reel = args.reel or PREFIX + "/bin/reel"
    if not args.reel and not args.no_build:
        build()
    print("%d entries, %d rounds; ms: median / 95th percentile (n calls)" % (args.entries, args.rounds))
    for mode in ("window", "service"):
        timings, found, common = run(mode, reel, args.entries, args.rounds)
        print("\n%s: \"night market\" finds %d, \"a\" answers %d (the limit)" % (mode, found, common))
        for name, values in timings.items():
            values = sorted(values)
            p95 = values[min(len(values) - 1, int(len(values) * 0.95))]
            print("  %-44s %7.1f / %7.1f  (%d)" % (name, statistics.median(values) * 1000, p95 * 1000, len(values)))


if __name__ == "__main__":
    main()
