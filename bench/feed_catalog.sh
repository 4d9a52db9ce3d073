#!/usr/bin/python3
# Feed with a big catalog: launch -> first screen of cards drawn,
# and memory, for catalogs of 100, 1,000 and 10,000 entries. Prints a table
# with ratios to the 100-entry case (Reel at small size is the peer: memory
# should stay flat as entries are added off screen).
#
#   bench/feed_catalog.sh [--runs N] [--sizes 100,1000,10000] [--no-build]
#       [--variants clips,missing] [--renderer cairo] [--mesa-cache warm|cold]
#       [--settle S] [--shot FILE] [--trace-dir DIR]
#
# Each run: a fresh profile (HOME and XDG_* in a temp dir, keyfile settings
# with show-samples=false and the one catalog), its own Xvfb 1280x800 and
# session bus, `reel` from /tmp/bench-inst (built with meson first unless
# --no-build), REEL_TRACE on. Per run it records:
#   window - our spawn of `reel` -> the window's first frame on the X screen;
#   wall   - our spawn -> the first card seen drawn on the X screen (the
#            screen is polled every 2 ms; see Screen). The app's own
#            "feed-first-paint" event is also recorded when present, but it
#            is not written at present (see bench/RESULTS.md);
#   t card / items - the trace's own t (from the app's "launch" event, i.e.
#            after process start-up) of "feed-first-card" and of the
#            "feed-items" event carrying the full count;
#   RSS / HWM (VmRSS, VmHWM from /proc/PID/status) at first paint and at
#           spawn + --settle seconds (default 10), CPU seconds (utime+stime,
#           all threads) over that time, thumbnails written by then.
# Then the app is killed. Medians of --runs (default 3) are printed.
#
# Two catalog variants: "clips" (every entry a hard link to one 1 s
# 320x180 H.264 clip, so each is probed and thumbnailed by the 2 background
# workers -- part of the real cost) and "missing" (entries name files that
# do not exist: error cards, probing fails fast, no thumbnails).
#
# Needs: xvfb, dbus, gstreamer1.0-plugins-ugly (x264enc), imagemagick (only
# for --shot). Media and catalogs are made once in $REEL_BENCH_FEED
# (default /tmp/reel-bench-feed); the GStreamer registry is kept there too so
# registry scanning is not measured.
import argparse
import ctypes
import ctypes.util
import json
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BUILD = "/tmp/bench-build"
PREFIX = "/tmp/bench-inst"
REEL = PREFIX + "/bin/reel"
MEDIA = os.environ.get("REEL_BENCH_FEED", "/tmp/reel-bench-feed")
CLK = os.sysconf("SC_CLK_TCK")
NAN = float("nan")


def log(*args):
    print(*args, file=sys.stderr, flush=True)


def build():
    log("Building Reel into", PREFIX, "...")
    if not os.path.exists(BUILD + "/build.ninja"):
        subprocess.run(["meson", "setup", BUILD, "--prefix=" + PREFIX], cwd=ROOT, check=True,
                       stdout=subprocess.DEVNULL)
    subprocess.run(["meson", "install", "-C", BUILD], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)


def make_media(sizes):
    os.makedirs(MEDIA, exist_ok=True)
    clip = os.path.join(MEDIA, "clip.mp4")
    if not os.path.exists(clip):
        log("Making", clip, "(once)...")
        subprocess.run(["gst-launch-1.0", "-q", "videotestsrc", "num-buffers=30", "!",
                        "video/x-raw,width=320,height=180,framerate=30/1", "!",
                        "x264enc", "speed-preset=ultrafast", "!", "mp4mux", "!",
                        "filesink", "location=" + clip + ".part"], check=True)
        os.rename(clip + ".part", clip)
    catalogs = {}
    for size in sizes:
        for variant in ("clips", "missing"):
            folder = os.path.join(MEDIA, "%s-%d" % (variant, size))
            path = os.path.join(folder, "catalog.json")
            catalogs[(variant, size)] = path
            if os.path.exists(path):
                continue
            os.makedirs(os.path.join(folder, "v"), exist_ok=True)
            entries = []
            for i in range(1, size + 1):
                name = "v/clip-%05d.mp4" % i
                if variant == "clips" and not os.path.exists(os.path.join(folder, name)):
                    os.link(clip, os.path.join(folder, name))
                entries.append({"title": "Clip %d" % i, "subtitle": "Bench catalog, %d entries" % size,
                                "local": name})
            with open(path + ".part", "w") as f:
                json.dump({"title": "Bench %d (%s)" % (size, variant), "entries": entries}, f, indent=1)
            os.rename(path + ".part", path)
    return catalogs


def proc_status(pid):
    out = {}
    try:
        with open("/proc/%d/status" % pid) as f:
            for line in f:
                key, _, value = line.partition(":")
                if key in ("VmRSS", "VmHWM", "Threads"):
                    out[key] = int(value.split()[0])  # kB, or a count
    except OSError:
        pass
    return out


def proc_cpu(pid):
    try:
        with open("/proc/%d/stat" % pid) as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / CLK  # utime + stime
    except OSError:
        return float("nan")


def read_trace(path):
    events = []
    try:
        with open(path) as f:
            for line in f:
                if line.endswith("\n"):
                    events.append(json.loads(line))
    except OSError:
        pass
    return events


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


def start_bus(env):
    """A session bus with the accessibility bus and registry already
    running, as on a desktop: otherwise GTK's first connection activates
    them and that start-up (~0.2-0.4 s here) lands in the launch time."""
    bus = subprocess.Popen(["dbus-daemon", "--session", "--nofork", "--print-address=1"],
                           stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env)
    address = bus.stdout.readline().decode().strip()
    env = dict(env, DBUS_SESSION_BUS_ADDRESS=address)
    out = subprocess.run(["gdbus", "call", "--session", "--dest", "org.a11y.Bus", "--object-path", "/org/a11y/bus",
                          "--method", "org.a11y.Bus.GetAddress"], env=env, capture_output=True, text=True)
    a11y = out.stdout.strip().strip("(),").strip("'")
    if a11y:
        subprocess.run(["gdbus", "call", "--address", a11y, "--dest", "org.a11y.atspi.Registry",
                        "--object-path", "/org/a11y/atspi/registry", "--method", "org.freedesktop.DBus.Peer.Ping"],
                       env=env, capture_output=True)
    return bus, address


class Screen:
    """Watches the first card's place on the X screen (the window opens at
    0,0; the grid's first card sits at about 54,72-310,262 at any window
    width): "drawn" when most of it differs from the window background.
    The loading spinner and the empty page are centred, away from it. This
    is the first-screen time seen from outside, independent of the app's
    trace. One 256x190 XGetImage costs ~0.3 ms."""
    X, Y, W, H = 54, 72, 256, 190

    class XImage(ctypes.Structure):
        _fields_ = [("width", ctypes.c_int), ("height", ctypes.c_int), ("xoffset", ctypes.c_int),
                    ("format", ctypes.c_int), ("data", ctypes.c_void_p), ("byte_order", ctypes.c_int),
                    ("bitmap_unit", ctypes.c_int), ("bitmap_bit_order", ctypes.c_int), ("bitmap_pad", ctypes.c_int),
                    ("depth", ctypes.c_int), ("bytes_per_line", ctypes.c_int), ("bits_per_pixel", ctypes.c_int)]

    def __init__(self, display):
        x = ctypes.CDLL(ctypes.util.find_library("X11"))
        x.XOpenDisplay.restype = ctypes.c_void_p
        x.XOpenDisplay.argtypes = [ctypes.c_char_p]
        x.XDefaultRootWindow.restype = ctypes.c_ulong
        x.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
        x.XGetImage.restype = ctypes.POINTER(Screen.XImage)
        x.XGetImage.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_int, ctypes.c_uint,
                                ctypes.c_uint, ctypes.c_ulong, ctypes.c_int]
        x.XFree.argtypes = [ctypes.c_void_p]
        x.XCloseDisplay.argtypes = [ctypes.c_void_p]
        self.x = x
        self.display = x.XOpenDisplay(display.encode())
        self.root = x.XDefaultRootWindow(self.display)
        self.window_shown = False

    def card_drawn(self):
        """True when at least a quarter of the first card's box differs from
        the window background (sampled in the margin left of it, x=20)."""
        left = 20
        width = self.X + self.W - left
        image = self.x.XGetImage(self.display, self.root, left, self.Y, width, self.H, 0xFFFFFFFF, 2)
        if not image:
            return False
        stride = image.contents.bytes_per_line // 4
        data = ctypes.string_at(image.contents.data, image.contents.bytes_per_line * self.H)
        self.x.XFree(image.contents.data)
        self.x.XFree(image)
        pixels = memoryview(data).cast("I")
        background = pixels[(self.H // 2) * stride] & 0xFFFFFF
        self.window_shown = background != 0
        differing = 0
        for row in range(0, self.H, 3):
            base = row * stride + (self.X - left)
            differing += sum(1 for p in pixels[base:base + self.W:3] if (p & 0xFFFFFF) != background)
        return differing * 9 > self.W * self.H // 4

    def close(self):
        self.x.XCloseDisplay(self.display)


def stop(process):
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(3)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def one_run(catalog, settle, shot=None, keep_trace=None, renderer=None, mesa_cache="warm"):
    profile = tempfile.mkdtemp(prefix="reel-bench-profile.")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("XDG_", "DBUS_", "GTK_", "GDK_"))}
    for name, sub in (("HOME", ""), ("XDG_CONFIG_HOME", "config"), ("XDG_CACHE_HOME", "cache"),
                      ("XDG_STATE_HOME", "state"), ("XDG_DATA_HOME", "data"), ("XDG_RUNTIME_DIR", "run")):
        env[name] = os.path.join(profile, sub)
        os.makedirs(env[name], mode=0o700, exist_ok=True)
    settings = os.path.join(env["XDG_CONFIG_HOME"], "glib-2.0", "settings")
    os.makedirs(settings)
    with open(os.path.join(settings, "keyfile"), "w") as f:
        f.write("[io/github/reelapp/Reel]\nshow-samples=false\ncatalogs=['file://%s']\n" % catalog)
    trace = os.path.join(profile, "trace.jsonl")
    env.update(GSETTINGS_BACKEND="keyfile", GIO_USE_VFS="local", LANG="C.UTF-8", LC_ALL="C.UTF-8",
               GST_REGISTRY=os.path.join(MEDIA, "gst-registry.bin"), REEL_TRACE=trace,
               NO_AT_BRIDGE="1")
    # GTK draws with GL; here that is Mesa's llvmpipe, whose shaders are
    # compiled by LLVM on first use (~2 s) and kept in Mesa's disk cache
    # under XDG_CACHE_HOME. "warm" keeps that cache across runs (what every
    # launch after the first sees); "cold" leaves it in the fresh profile.
    if mesa_cache == "warm":
        env["MESA_SHADER_CACHE_DIR"] = os.path.join(MEDIA, "mesa-cache")
    if renderer:
        env["GSK_RENDERER"] = renderer
    xvfb, display = start_xvfb()
    env["DISPLAY"] = display
    bus, address = start_bus(env)
    env["DBUS_SESSION_BUS_ADDRESS"] = address
    result = {}
    reel = None
    try:
        screen = Screen(display)
        start = time.monotonic()
        reel = subprocess.Popen([REEL], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = start + 60
        thumbs = os.path.join(env["XDG_CACHE_HOME"], "thumbnails", "large")
        # Until the first card is drawn (polled every 2 ms) and spawn + settle
        # has passed (the second sample is taken then, even if the first card
        # is not drawn yet).
        while time.monotonic() < deadline and reel.poll() is None:
            now = time.monotonic()
            if "wall" not in result:
                text = open(trace, "rb").read() if os.path.exists(trace) else b""
                if "wall_launch" not in result and b'"launch"' in text:
                    result["wall_launch"] = now - start
                if "wall_trace" not in result and b"feed-first-paint" in text:
                    result["wall_trace"] = now - start
                drawn = screen.card_drawn()
                if "wall_window" not in result and screen.window_shown:
                    result["wall_window"] = now - start
                if drawn:
                    result["wall"] = time.monotonic() - start
                    st = proc_status(reel.pid)
                    result["rss_paint"] = st.get("VmRSS")
                    result["hwm_paint"] = st.get("VmHWM")
                    result["cpu_paint"] = proc_cpu(reel.pid)
                    if shot:
                        subprocess.run(["import", "-display", display, "-window", "root", shot + ".first.png"])
            if "rss_settle" not in result and now - start >= settle:
                st = proc_status(reel.pid)
                result.update(rss_settle=st.get("VmRSS"), hwm_settle=st.get("VmHWM"), threads=st.get("Threads"),
                              cpu_settle=proc_cpu(reel.pid))
                result["thumbs"] = len(os.listdir(thumbs)) if os.path.isdir(thumbs) else 0
            if "wall" in result and "rss_settle" in result:
                break
            time.sleep(0.002 if "wall" not in result else 0.05)
        screen.close()
        if "wall" not in result or "rss_settle" not in result:
            raise RuntimeError("no card on screen within 60 s (exit %s)" % reel.poll())
        if shot:
            subprocess.run(["import", "-display", display, "-window", "root", shot], check=False)
        events = read_trace(trace)
        full = max((e.get("count", 0) for e in events if e["event"] == "feed-items"), default=0)
        result["count"] = full
        for e in events:
            if e["event"] == "feed-items" and e.get("count") == full and "items" not in result:
                result["items"] = e["t"]
            if e["event"] == "feed-first-paint" and "t" not in result:
                result["t"] = e["t"]
            if e["event"] == "feed-first-card" and "t_card" not in result:
                result["t_card"] = e["t"]
                result["card_items"] = e.get("items")
        if keep_trace:
            shutil.copy(trace, keep_trace)
    finally:
        if reel:
            stop(reel)
        stop(bus)
        stop(xvfb)
        shutil.rmtree(profile, ignore_errors=True)
    return result


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--sizes", default="100,1000,10000")
    parser.add_argument("--variants", default="clips,missing")
    parser.add_argument("--settle", type=float, default=10.0)
    parser.add_argument("--no-build", action="store_true")
    parser.add_argument("--renderer", help="GSK_RENDERER for the app (default: GTK's choice, GL)")
    parser.add_argument("--mesa-cache", choices=("warm", "cold"), default="warm")
    parser.add_argument("--shot", help="screenshot of the last run of the largest clips catalog (PNG)")
    parser.add_argument("--trace-dir", help="keep each run's trace here")
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    variants = args.variants.split(",")

    if not args.no_build:
        build()
    catalogs = make_media(sizes)
    if args.trace_dir:
        os.makedirs(args.trace_dir, exist_ok=True)

    # One throw-away run builds the GStreamer registry and warms the page
    # cache (binary, libraries, icons, the catalogs).
    for path in catalogs.values():
        open(path, "rb").read()
    log("Warm-up run...")
    one_run(catalogs[(variants[0], sizes[0])], settle=2, renderer=args.renderer)

    table = {}
    for variant in variants:
        for size in sizes:
            runs = []
            for n in range(args.runs):
                last = n == args.runs - 1
                shot = args.shot if (args.shot and last and variant == "clips" and size == max(sizes)) else None
                keep = os.path.join(args.trace_dir, "%s-%d-%d.jsonl" % (variant, size, n)) if args.trace_dir else None
                r = one_run(catalogs[(variant, size)], args.settle, shot=shot, keep_trace=keep,
                            renderer=args.renderer, mesa_cache=args.mesa_cache)
                log("  %-7s %6d run %d: wall %.3f s (launch event %.3f s, window %.3f s, trace paint %s), t card %.3f s, items at %.3f s (%d),"
                    " RSS %d/%d MB, CPU %.2f s, thumbs %d"
                    % (variant, size, n + 1, r["wall"], r.get("wall_launch", NAN), r.get("wall_window", NAN), "%.3f s" % r["t"] if "t" in r else "none",
                       r.get("t_card", NAN), r.get("items", NAN), r["count"],
                       r["rss_paint"] // 1024, r["rss_settle"] // 1024, r["cpu_settle"], r["thumbs"]))
                runs.append(r)
            keys = {k for r in runs for k, v in r.items() if isinstance(v, (int, float))}
            table[(variant, size)] = {k: statistics.median(r[k] for r in runs if r.get(k) is not None)
                                      for k in keys}

    cpu = open("/proc/cpuinfo").read().split("model name")[1].split(":")[1].split("\n")[0].strip()
    print()
    print("Feed with one catalog, medians of %d runs; %d cores (%s); Xvfb 1280x800; GSK_RENDERER=%s,"
          " Mesa shader cache %s; CPU and the second RSS/HWM at spawn + %g s"
          % (args.runs, os.cpu_count(), cpu, args.renderer or "(default)", args.mesa_cache, args.settle))
    head = ("%-8s %6s %8s %8s %8s %8s %9s %9s %9s %9s %7s %6s %7s %7s %7s"
            % ("catalog", "items", "window", "wall", "t card", "t items", "RSS@pnt", "HWM@pnt", "RSS@set", "HWM@set",
               "CPU", "thumbs", "x wall", "x RSS", "x HWM"))
    print(head)
    for variant in variants:
        base = table[(variant, sizes[0])]
        for size in sizes:
            m = table[(variant, size)]
            print("%-8s %6d %6.3f s %6.3f s %6.3f s %6.3f s %6.1f MB %6.1f MB %6.1f MB %6.1f MB %5.2f s %6d %6.2fx %6.2fx %6.2fx"
                  % (variant, m["count"], m.get("wall_window", NAN), m["wall"], m.get("t_card", NAN), m.get("items", NAN),
                     m["rss_paint"] / 1024, m["hwm_paint"] / 1024, m["rss_settle"] / 1024, m["hwm_settle"] / 1024,
                     m["cpu_settle"], m["thumbs"], m["wall"] / base["wall"],
                     m["rss_settle"] / base["rss_settle"], m["hwm_settle"] / base["hwm_settle"]))
    print("(window: spawn -> the window's first frame on screen; wall: spawn -> the first card seen drawn on the X screen; t card / t items: the app's"
          " trace clock (from its 'launch' event) at the first card bound / the feed-items event with"
          " the full count; x: ratio to the %d-entry catalog of the same variant)" % sizes[0])


if __name__ == "__main__":
    main()
