"""End-to-end UI harness for Reel.

The real ``reel`` binary runs under Xvfb with a private D-Bus session bus and
its own AT-SPI accessibility bus.  Tests drive it with xdotool (keys, clicks)
and read the widget tree over AT-SPI (pyatspi).  Everything is bounded by
timeouts: a hung app fails its test instead of hanging the suite.

Run with the system Python (it has pyatspi and PyGObject):

    REEL_BIN=<prefix>/bin/reel /usr/bin/python3 -m pytest tests/ui -v
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable, Iterator, Optional

REPO_ROOT = Path(__file__).resolve().parents[2]
# Screenshots, logs and tree dumps; REEL_UI_ARTIFACTS moves them (e.g. for a
# second run of the suite at the same time).
ARTIFACTS_ROOT = Path(os.environ.get("REEL_UI_ARTIFACTS") or REPO_ROOT / "tests" / "artifacts")

# Default bounds (seconds).
START_TIMEOUT = 20.0
APP_TIMEOUT = 20.0
QUIT_TIMEOUT = 10.0
CMD_TIMEOUT = 10.0

SCREEN_SIZE = (1280, 800)


class HarnessError(AssertionError):
    """A harness step failed; raised as an assertion so pytest shows it plainly."""


# --------------------------------------------------------------------------
# small process helpers
# --------------------------------------------------------------------------

def _kill_group(proc: subprocess.Popen, timeout: float = 5.0) -> None:
    """Terminate a process started with start_new_session=True and its group."""
    if proc is None:
        return
    for sig in (signal.SIGTERM, signal.SIGKILL):
        try:
            os.killpg(proc.pid, sig)
        except ProcessLookupError:
            pass
        try:
            proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            continue
        # The leader is gone; make sure stragglers in its group are too.
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        return


def _become_subreaper() -> None:
    """Adopt orphaned descendants (the AT-SPI bus's dbus-daemon and registry
    outlive at-spi-bus-launcher when its group is killed) so that stop() can
    reap them instead of leaving zombies behind."""
    try:
        import ctypes
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(36, 1, 0, 0, 0)  # PR_SET_CHILD_SUBREAPER
    except Exception:  # noqa: BLE001 - best effort, Linux only
        pass


def _reap_orphans(groups: set, timeout: float = 3.0) -> None:
    """Wait for adopted children that belong to our process groups."""
    me = os.getpid()
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        pending = []
        for entry in os.listdir("/proc"):
            if not entry.isdigit():
                continue
            try:
                with open(f"/proc/{entry}/stat") as f:
                    fields = f.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            ppid, pgid = int(fields[1]), int(fields[2])
            if ppid == me and pgid in groups:
                pending.append(int(entry))
        if not pending:
            return
        for pid in pending:
            try:
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, os.WNOHANG)
            except (ProcessLookupError, ChildProcessError):
                pass
        time.sleep(0.05)


def _read_line_from_fd(fd: int, timeout: float, what: str) -> str:
    """Read one line from a pipe fd with a deadline (select based)."""
    import select

    deadline = time.monotonic() + timeout
    buf = b""
    while b"\n" not in buf:
        left = deadline - time.monotonic()
        if left <= 0:
            raise HarnessError(f"timed out after {timeout}s waiting for {what}")
        ready, _, _ = select.select([fd], [], [], left)
        if not ready:
            continue
        chunk = os.read(fd, 4096)
        if not chunk:
            raise HarnessError(f"{what}: pipe closed before a line was read (got {buf!r})")
        buf += chunk
    return buf.split(b"\n", 1)[0].decode().strip()


# How many times longer than a test asks each wait may last
# (REEL_TEST_PATIENCE; tools/test sets 2): a wait's timeout only bounds a
# failure, and a loaded 2-core CI machine does everything slower.
PATIENCE = float(os.environ.get("REEL_TEST_PATIENCE", "1"))


def wait_until(pred: Callable[[], object], timeout: float, interval: float = 0.1,
               what: str = "condition", on_timeout: Optional[Callable[[], str]] = None):
    """Poll ``pred`` until it returns a truthy value; return that value.

    Exceptions raised by ``pred`` are treated as "not yet" (AT-SPI objects
    come and go while a window is being built) and reported on timeout.
    """
    timeout *= PATIENCE
    deadline = time.monotonic() + timeout
    last_exc: Optional[BaseException] = None
    while True:
        try:
            value = pred()
            if value:
                return value
        except Exception as exc:  # noqa: BLE001 - reported below
            last_exc = exc
        if time.monotonic() >= deadline:
            msg = f"timed out after {timeout:.1f}s waiting for {what}"
            if last_exc is not None:
                msg += f" (last error: {last_exc!r})"
            if on_timeout is not None:
                try:
                    msg += "\n" + on_timeout()
                except Exception as exc:  # noqa: BLE001
                    msg += f"\n(could not collect diagnostics: {exc!r})"
            raise HarnessError(msg)
        time.sleep(interval)


# --------------------------------------------------------------------------
# the desktop: Xvfb + session bus + accessibility bus
# --------------------------------------------------------------------------

_DBUS_CONFIG = """<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <keep_umask/>
  <listen>unix:dir={dir}</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
  <!-- Only services the tests put here can be activated: no portals, gvfs
       or dconf from the host make the run slow or non-deterministic. -->
  <servicedir>{services}</servicedir>
</busconfig>
"""


@dataclass
class Desktop:
    """A self-contained headless session. Use as a context manager."""

    root: Path = field(default_factory=lambda: Path(tempfile.mkdtemp(prefix="reel-ui-")))
    display: str = ""
    bus_address: str = ""
    a11y_address: str = ""
    # A soundserver.SoundServer (or anything with env()): its client settings
    # (PULSE_SERVER…) go into env(), so every app on this desktop plays into
    # its null sink.  None: no sound settings at all.
    sound: Optional[object] = None
    runtime_dir: Path = field(init=False)
    _procs: list = field(default_factory=list)

    def __post_init__(self) -> None:
        self.runtime_dir = self.root / "runtime"
        self.runtime_dir.mkdir(mode=0o700)
        self.services_dir = self.root / "dbus-services"
        self.services_dir.mkdir()

    # -- lifecycle ---------------------------------------------------------
    def __enter__(self) -> "Desktop":
        _become_subreaper()
        try:
            self._start_xvfb()
            self._start_session_bus()
            self._start_a11y_bus()
        except BaseException:
            self.stop()
            raise
        return self

    def __exit__(self, *exc) -> None:
        self.stop()

    def env(self) -> dict:
        """Environment for a process that lives on this desktop."""
        env = dict(self.sound.env()) if self.sound is not None else {}
        env.update({
            "DISPLAY": self.display,
            "DBUS_SESSION_BUS_ADDRESS": self.bus_address,
            "XDG_RUNTIME_DIR": str(self.runtime_dir),
        })
        return env

    def _spawn(self, name: str, argv: list, env: dict, **kw) -> subprocess.Popen:
        log = open(self.root / f"{name}.log", "wb")
        proc = subprocess.Popen(argv, env=env, stdin=subprocess.DEVNULL,
                                stderr=log, start_new_session=True, **kw)
        log.close()
        self._procs.append((name, proc))
        return proc

    def _base_env(self) -> dict:
        env = {k: v for k, v in os.environ.items()
               if not k.startswith(("DBUS_", "AT_SPI", "XDG_", "WAYLAND_", "GDK_", "GTK_"))
               and k not in ("DISPLAY", "XAUTHORITY", "SESSION_MANAGER")}
        env["XDG_RUNTIME_DIR"] = str(self.runtime_dir)
        env["GSETTINGS_BACKEND"] = "memory"
        env["HOME"] = str(self.root)
        return env

    def _start_xvfb(self) -> None:
        if not shutil.which("Xvfb"):
            raise HarnessError("Xvfb not found (apt-get install xvfb)")
        r, w = os.pipe()
        try:
            w_, h_ = SCREEN_SIZE
            self._spawn("xvfb", ["Xvfb", "-displayfd", str(w), "-screen", "0",
                                 f"{w_}x{h_}x24", "-nolisten", "tcp", "-noreset",
                                 "+extension", "GLX", "+extension", "RANDR"],
                        self._base_env(), pass_fds=(w,), stdout=subprocess.DEVNULL)
            os.close(w)
            w = -1
            num = _read_line_from_fd(r, START_TIMEOUT, "Xvfb display number")
        finally:
            os.close(r)
            if w >= 0:
                os.close(w)
        if not num.isdigit():
            raise HarnessError(f"Xvfb printed {num!r} instead of a display number")
        self.display = f":{num}"

    def _start_session_bus(self) -> None:
        conf = self.root / "session.conf"
        bus_dir = self.root / "bus"
        bus_dir.mkdir()
        conf.write_text(_DBUS_CONFIG.format(dir=bus_dir, services=self.services_dir))
        env = self._base_env()
        env["DISPLAY"] = self.display
        proc = self._spawn("dbus-session", ["dbus-daemon", f"--config-file={conf}",
                                            "--nofork", "--print-address=1"],
                           env, stdout=subprocess.PIPE)
        self.bus_address = _read_line_from_fd(proc.stdout.fileno(), START_TIMEOUT,
                                              "dbus-daemon address")
        proc.stdout.close()
        if not self.bus_address.startswith("unix:"):
            raise HarnessError(f"unexpected bus address {self.bus_address!r}")

    def _start_a11y_bus(self) -> None:
        launcher = "/usr/libexec/at-spi-bus-launcher"
        if not os.path.exists(launcher):
            raise HarnessError(f"{launcher} not found (apt-get install at-spi2-core)")
        env = self._base_env()
        env.update(self.env())
        self._spawn("at-spi-bus-launcher", [launcher, "--launch-immediately", "--a11y=1"], env,
                    stdout=subprocess.DEVNULL)

        def address():
            out = subprocess.run(
                ["dbus-send", "--session", "--print-reply=literal", "--dest=org.a11y.Bus",
                 "/org/a11y/bus", "org.a11y.Bus.GetAddress"],
                env=env, capture_output=True, text=True, timeout=CMD_TIMEOUT)
            return out.stdout.strip() if out.returncode == 0 else ""

        self.a11y_address = wait_until(address, START_TIMEOUT, 0.1, "the AT-SPI bus",
                                       on_timeout=lambda: self.logs())

    def logs(self) -> str:
        out = []
        for p in sorted(self.root.glob("*.log")):
            text = p.read_text(errors="replace").strip()
            if text:
                out.append(f"--- {p.name} ---\n{text}")
        return "\n".join(out)

    def stop(self) -> None:
        groups = {proc.pid for _name, proc in self._procs}
        for _name, proc in reversed(self._procs):
            _kill_group(proc)
        self._procs.clear()
        _reap_orphans(groups)
        shutil.rmtree(self.root, ignore_errors=True)

    # -- X helpers -----------------------------------------------------------
    def xdotool(self, *args: str, timeout: float = CMD_TIMEOUT, check: bool = True) -> str:
        env = dict(os.environ)
        env.update(self.env())
        try:
            out = subprocess.run(["xdotool", *args], env=env, capture_output=True, text=True,
                                 timeout=timeout)
        except subprocess.TimeoutExpired:
            raise HarnessError(f"xdotool {' '.join(args)} timed out after {timeout}s")
        if check and out.returncode != 0:
            raise HarnessError(f"xdotool {' '.join(args)} failed ({out.returncode}): "
                               f"{out.stderr.strip()}")
        return out.stdout

    def move_pointer(self, x: int, y: int) -> None:
        """Moves the pointer and waits until it is there. (xdotool's --sync
        waits for a move, so it would hang when the pointer is there already.)"""
        here = self.xdotool("getmouselocation", "--shell")
        vals = dict(line.split("=", 1) for line in here.split() if "=" in line)
        if (vals.get("X"), vals.get("Y")) == (str(x), str(y)):
            # Step off and back: GTK wants a motion before a click on a
            # window that appeared under a still pointer.
            self.xdotool("mousemove", "--sync", str(x + 1), str(y))
        self.xdotool("mousemove", "--sync", str(x), str(y))

    def screenshot(self, path: Path, window: str = "root") -> Path:
        env = dict(os.environ)
        env.update(self.env())
        path.parent.mkdir(parents=True, exist_ok=True)
        subprocess.run(["import", "-window", window, str(path)], env=env, check=True,
                       capture_output=True, timeout=CMD_TIMEOUT)
        return path


# --------------------------------------------------------------------------
# AT-SPI helpers
# --------------------------------------------------------------------------

_pyatspi = None


def atspi():
    """Import pyatspi lazily: it binds to the session bus of the environment
    at import time, so the Desktop must have exported its addresses first."""
    global _pyatspi
    if _pyatspi is None:
        import pyatspi  # noqa: WPS433
        _pyatspi = pyatspi
    return _pyatspi


def node_role(node) -> str:
    try:
        return node.getRoleName()
    except Exception:  # noqa: BLE001
        return "?"


def node_name(node) -> str:
    try:
        return node.name or ""
    except Exception:  # noqa: BLE001
        return ""


def node_text(node) -> str:
    """Contents of the Text interface, if the node has one."""
    try:
        t = node.queryText()
    except Exception:  # noqa: BLE001
        return ""
    try:
        return t.getText(0, -1) or ""
    except Exception:  # noqa: BLE001
        return ""


def node_children(node) -> list:
    try:
        n = node.childCount
    except Exception:  # noqa: BLE001
        return []
    out = []
    for i in range(n):
        try:
            c = node.getChildAtIndex(i)
        except Exception:  # noqa: BLE001
            continue
        if c is not None:
            out.append(c)
    return out


def walk(node, max_depth: int = 60, visible_only: bool = False) -> Iterator:
    """Depth-first walk over a node and its descendants.  ``visible_only``
    prunes subtrees whose root is not in the "visible" state (hidden pages,
    closed popovers, a shortcuts window's search results)."""
    stack = [(node, 0)]
    seen = 0
    while stack:
        n, d = stack.pop()
        seen += 1
        if seen > 20000:
            raise HarnessError("accessible tree is absurdly large (>20000 nodes)")
        if visible_only and "visible" not in states(n):
            continue
        yield n
        if d < max_depth:
            stack.extend((c, d + 1) for c in reversed(node_children(n)))


def node_strings(node) -> list:
    """Name, description and text of one node (non-empty, de-duplicated)."""
    out = []
    for s in (node_name(node), node_text(node)):
        if s and s not in out:
            out.append(s)
    try:
        d = node.description
        if d and d not in out:
            out.append(d)
    except Exception:  # noqa: BLE001
        pass
    return out


def laid_out(node) -> bool:
    """The node has a non-empty area on screen.  GTK 4.8 marks every widget
    of a GtkStack "visible", current page or not (and never sets "showing"
    below a toplevel); widgets that were never allocated report 0x0."""
    try:
        _, _, w, h = extents(node, "window")
    except Exception:  # noqa: BLE001 - no Component interface
        return False
    return w > 0 and h > 0


def on_screen(node) -> bool:
    return "visible" in states(node) and laid_out(node)


def all_strings(node, visible_only: bool = True) -> list:
    """Every name/text/description under ``node``, in tree order.  By default
    only from widgets a person can see (see ``on_screen``)."""
    out = []
    for n in walk(node, visible_only=visible_only):
        if not visible_only or laid_out(n):
            out.extend(node_strings(n))
    return out


def states(node) -> set:
    pyatspi = atspi()
    try:
        ss = node.getState()
        return {pyatspi.stateToString(s) for s in ss.getStates()}
    except Exception:  # noqa: BLE001
        return set()


def dump_tree(node, max_depth: int = 40) -> str:
    lines = []

    def rec(n, d):
        if d > max_depth:
            return
        extra = ""
        t = node_text(n)
        if t and t != node_name(n):
            extra = f" text={t!r}"
        st = states(n)
        flags = "".join(f for f, s in (("V", "visible"), ("S", "showing"), ("F", "focused"))
                        if s in st)
        lines.append(f"{'  ' * d}[{node_role(n)}] {node_name(n)!r}{extra} {flags}")
        for c in node_children(n):
            rec(c, d + 1)

    rec(node, 0)
    return "\n".join(lines)


def matches(node, role: Optional[str] = None, name=None, text=None) -> bool:
    """role: AT-SPI role name ("push button", "label", "frame"…).
    name/text: exact string, compiled regex, or callable."""
    def ok(pattern, value):
        if pattern is None:
            return True
        if callable(pattern) and not isinstance(pattern, re.Pattern):
            return bool(pattern(value))
        if isinstance(pattern, re.Pattern):
            return bool(pattern.search(value))
        return value == pattern

    if role is not None and node_role(node) != role:
        return False
    if not ok(name, node_name(node)):
        return False
    if text is not None and not ok(text, node_text(node)):
        return False
    return True


def find_all(root, role=None, name=None, text=None, visible: bool = False) -> list:
    """All matching nodes under root.  ``visible``: only nodes a person can
    see (see ``on_screen``)."""
    out = []
    for n in walk(root, visible_only=visible):
        if matches(n, role, name, text) and (not visible or laid_out(n)):
            out.append(n)
    return out


def extents(node, coords: str = "screen") -> tuple:
    """(x, y, width, height) of a node."""
    pyatspi = atspi()
    ct = pyatspi.DESKTOP_COORDS if coords == "screen" else pyatspi.WINDOW_COORDS
    e = node.queryComponent().getExtents(ct)
    return (e.x, e.y, e.width, e.height)


# --------------------------------------------------------------------------
# the app under test
# --------------------------------------------------------------------------

@dataclass
class Result:
    returncode: int
    stdout: str
    stderr: str


class App:
    """One running instance of ``reel`` on a Desktop."""

    def __init__(self, desktop: Desktop, binary: str, artifacts: Path, profile: Path,
                 args: Iterable[str] = (), env: Optional[dict] = None, label: str = "run",
                 samples: bool = False, strip: bool = False):
        self.desktop = desktop
        self.samples = samples
        self.strip = strip
        self.binary = binary
        self.artifacts = artifacts
        self.profile = profile
        self.label = label
        self.env = self._make_env(env or {})
        artifacts.mkdir(parents=True, exist_ok=True)
        self.stdout_path = artifacts / f"{label}.stdout.log"
        self.stderr_path = artifacts / f"{label}.stderr.log"
        out = open(self.stdout_path, "wb")
        err = open(self.stderr_path, "wb")
        try:
            self.proc = subprocess.Popen([binary, *args], env=self.env, stdin=subprocess.DEVNULL,
                                         stdout=out, stderr=err, start_new_session=True,
                                         cwd=str(profile))
        finally:
            out.close()
            err.close()
        self._app_node = None
        self._shots = 0
        # What this test expects of the app's end beyond a clean one: exit
        # statuses (a signal as its negative number, as Popen reports it)
        # and log lines (regular expressions) it provokes on purpose.
        self.expected_statuses = {0}
        self.expected_lines: list = []

    # -- environment ---------------------------------------------------------
    def _make_env(self, extra: dict) -> dict:
        p = self.profile
        dirs = {
            "HOME": p / "home",
            "XDG_CONFIG_HOME": p / "config",
            "XDG_DATA_HOME": p / "data",
            "XDG_CACHE_HOME": p / "cache",
            "XDG_STATE_HOME": p / "state",
        }
        for d in dirs.values():
            d.mkdir(parents=True, exist_ok=True)
        # user-dirs.dirs makes g_get_user_special_dir(VIDEOS) point inside
        # the profile instead of falling back to $HOME.
        videos = dirs["HOME"] / "Videos"
        pictures = dirs["HOME"] / "Pictures"
        videos.mkdir(exist_ok=True)
        pictures.mkdir(exist_ok=True)
        (dirs["XDG_CONFIG_HOME"] / "user-dirs.dirs").write_text(
            f'XDG_VIDEOS_DIR="{videos}"\nXDG_PICTURES_DIR="{pictures}"\n')
        # The sample library is off unless a test asks for it (samples=True):
        # most tests want an empty feed, and making samples costs seconds.
        keyfile = dirs["XDG_CONFIG_HOME"] / "glib-2.0" / "settings" / "keyfile"
        if not keyfile.exists():
            keyfile.parent.mkdir(parents=True, exist_ok=True)
            # The preview strip is off too unless asked for (strip=True): it
            # would play whatever videos a test puts in the feed.
            keyfile.write_text("[io/github/reelapp/Reel]\nshow-samples=" + ("true" if self.samples else "false")
                               + "\nshow-preview-strip=" + ("true" if self.strip else "false") + "\n")

        keep = ("PATH", "LD_LIBRARY_PATH", "SHELL", "TERM", "TZ", "USER", "LOGNAME",
                "GST_PLUGIN_SYSTEM_PATH", "GST_PLUGIN_PATH", "GST_REGISTRY")
        env = {k: os.environ[k] for k in keep if k in os.environ}
        env.update({k: str(v) for k, v in dirs.items()})
        env.update(self.desktop.env())
        env.update({
            "GSETTINGS_BACKEND": "keyfile",
            "LANG": "C.UTF-8",
            "LC_ALL": "",  # never override LANG/LANGUAGE unless a test asks
            "NO_AT_BRIDGE": "0",
            "GTK_A11Y": "atspi",
            "GDK_BACKEND": "x11",
            "G_MESSAGES_DEBUG": "",
            # GIO's extra modules (gvfs, dconf) have nothing to talk to here.
            "GIO_USE_VFS": "local",
        })
        # Last, so a test's env wins over the desktop's: e.g. NO_SOUND_ENV
        # (soundserver.py) points PULSE_SERVER nowhere; "" or None removes a
        # variable.
        env.update({k: ("" if v is None else str(v)) for k, v in extra.items()})
        return {k: v for k, v in env.items() if v is not None and v != ""}

    @property
    def pid(self) -> int:
        return self.proc.pid

    def alive(self) -> bool:
        return self.proc.poll() is None

    def stderr_text(self) -> str:
        return self.stderr_path.read_text(errors="replace")

    def stdout_text(self) -> str:
        return self.stdout_path.read_text(errors="replace")

    def _diag(self) -> str:
        parts = [f"app pid {self.pid}, alive={self.alive()}, rc={self.proc.poll()}"]
        err = self.stderr_text().strip()
        if err:
            parts.append("--- app stderr ---\n" + err[-4000:])
        try:
            pyatspi = atspi()
            desktop = pyatspi.Registry.getDesktop(0)
            apps = [f"{node_name(a)!r} pid={a.get_process_id()}" for a in node_children(desktop)]
            parts.append("AT-SPI applications: " + (", ".join(apps) or "(none)"))
        except Exception as exc:  # noqa: BLE001
            parts.append(f"(AT-SPI not reachable: {exc!r})")
        return "\n".join(parts)

    # -- accessibility ---------------------------------------------------------
    def application(self, timeout: float = APP_TIMEOUT):
        """The app's AT-SPI application node, matched by process id."""
        if self._app_node is not None:
            return self._app_node
        pyatspi = atspi()

        def find():
            if not self.alive():
                raise HarnessError(f"reel exited early with status {self.proc.returncode}\n"
                                   + self._diag())
            for a in node_children(pyatspi.Registry.getDesktop(0)):
                try:
                    if a.get_process_id() == self.pid:
                        return a
                except Exception:  # noqa: BLE001
                    continue
            return None

        deadline = time.monotonic() + timeout
        while True:
            node = find()
            if node is not None:
                self._app_node = node
                return node
            if time.monotonic() > deadline:
                raise HarnessError(f"the app never registered on the AT-SPI bus within "
                                   f"{timeout}s\n" + self._diag())
            time.sleep(0.1)

    def windows(self) -> list:
        return [c for c in node_children(self.application())
                if node_role(c) in ("frame", "window", "dialog")]

    def wait_window(self, name=None, role: Optional[str] = None,
                    timeout: float = APP_TIMEOUT, showing: bool = True):
        """Wait for a top-level window of the app (by title) to appear."""
        self.application(timeout)

        def find():
            if not self.alive():
                raise HarnessError(f"reel exited with status {self.proc.returncode}\n"
                                   + self._diag())
            for w in self.windows():
                if matches(w, role, name) and (not showing or "showing" in states(w)
                                               or "visible" in states(w)):
                    return w
            return None

        return self._wait(find, timeout, f"window {name!r}", self.application)

    def _wait(self, pred, timeout, what, root_fn):
        def diag():
            try:
                return self._diag() + "\n--- accessible tree ---\n" + dump_tree(root_fn())
            except Exception as exc:  # noqa: BLE001
                return self._diag() + f"\n(no tree: {exc!r})"
        try:
            return wait_until(pred, timeout, 0.1, what, on_timeout=diag)
        except HarnessError as exc:
            # an app that died while we waited: say so, not "timed out"
            if isinstance(exc.__context__, HarnessError) and not self.alive():
                raise exc.__context__
            raise

    def find(self, root=None, role=None, name=None, text=None, timeout: float = 5.0,
             visible: bool = True):
        """Wait for one matching node under ``root`` (default: the app)."""
        root_fn = (lambda: root) if root is not None else self.application
        what = f"node role={role!r} name={name!r}" + (f" text={text!r}" if text else "")

        def pred():
            hits = find_all(root_fn(), role, name, text, visible)
            return hits[0] if hits else None

        return self._wait(pred, timeout, what, root_fn)

    def find_each(self, patterns: Iterable, root=None, timeout: float = 5.0) -> None:
        """Wait until a node named by each pattern has been seen, not
        necessarily at the same time: toasts take turns on screen, in the
        order their causes happened to finish."""
        root_fn = (lambda: root) if root is not None else self.application
        waiting = list(patterns)

        def pred():
            tree = root_fn()
            waiting[:] = [p for p in waiting if not find_all(tree, None, p, None, True)]
            return not waiting

        self._wait(pred, timeout, f"nodes named {waiting!r}", root_fn)

    def wait_strings(self, expected: Iterable[str], root=None, timeout: float = 5.0) -> list:
        """Wait until every expected string is among the texts under root."""
        expected = list(expected)
        root_fn = (lambda: root) if root is not None else self.application
        last = {"strings": []}

        def pred():
            s = all_strings(root_fn())
            last["strings"] = s
            return s if all(e in s for e in expected) else None

        try:
            return self._wait(pred, timeout, "strings", root_fn)
        except HarnessError as exc:
            missing = [e for e in expected if e not in last["strings"]]
            raise HarnessError(f"missing strings {missing!r}\n{exc}") from None

    def tree(self, root=None) -> str:
        """Text dump of the accessible tree (of the app by default)."""
        if root is None:
            try:
                root = self.application(timeout=1.0)
            except HarnessError as exc:
                return f"(no accessible tree: {str(exc).splitlines()[0]})"
        return dump_tree(root)

    # -- X11 ---------------------------------------------------------------------
    def x_windows(self) -> list:
        """Visible X windows of this process, as dicts (id, name, x, y, w, h)."""
        out = self.desktop.xdotool("search", "--onlyvisible", "--pid", str(self.pid), check=False)
        wins = []
        for wid in out.split():
            name = self.desktop.xdotool("getwindowname", wid, check=False).strip()
            geo = self.window_geometry(wid)
            wins.append({"id": wid, "name": name, **geo})
        return wins

    def x_window(self, name: str = "Reel", timeout: float = APP_TIMEOUT) -> str:
        def find():
            if not self.alive():
                raise HarnessError(f"reel exited with status {self.proc.returncode}")
            # A tooltip or popover is an X window too, and may carry the
            # same name: the window itself is the largest.
            named = [w for w in self.x_windows() if w["name"] == name]
            return max(named, key=lambda w: w["w"] * w["h"])["id"] if named else None
        return wait_until(find, timeout, 0.1, f"X window named {name!r}",
                          on_timeout=lambda: f"X windows: {self.x_windows()}\n" + self._diag())

    def window_geometry(self, wid: str) -> dict:
        out = self.desktop.xdotool("getwindowgeometry", "--shell", wid, check=False)
        vals = dict(line.split("=", 1) for line in out.split() if "=" in line)
        return {k.lower(): int(vals[K]) for k, K in (("x", "X"), ("y", "Y"), ("w", "WIDTH"),
                                                    ("h", "HEIGHT")) if K in vals}

    def focus(self, name: str = "Reel") -> str:
        wid = self.x_window(name)
        # No window manager: set the input focus directly.
        self.desktop.xdotool("windowfocus", "--sync", wid)
        return wid

    def key(self, *keys: str, window: str = "Reel") -> None:
        """Press keys (xdotool syntax, e.g. "ctrl+q") into the named window."""
        self.focus(window)
        self.desktop.xdotool("key", "--clearmodifiers", "--delay", "30", *keys)

    def type_text(self, text: str, window: str = "Reel") -> None:
        self.focus(window)
        self.desktop.xdotool("type", "--delay", "20", "--", text)

    def click(self, node, button: int = 1, window: str = "Reel") -> tuple:
        """Click the centre of an accessible node; returns the screen point."""
        x, y = self.screen_center(node, window)
        self.desktop.move_pointer(x, y)
        self.desktop.xdotool("click", str(button))
        return x, y

    def screen_center(self, node, window: str = "Reel") -> tuple:
        # GTK 4 reports extents relative to its toplevel even for screen
        # coordinates, so add the X window's origin ourselves.
        x, y, w, h = extents(node, "window")
        if w <= 0 or h <= 0:
            raise HarnessError(f"node {node_role(node)} {node_name(node)!r} has no extents "
                               f"({x},{y},{w},{h})")
        geo = self.window_geometry(self.x_window(window))
        return geo["x"] + x + w // 2, geo["y"] + y + h // 2

    def screenshot(self, name: str = "") -> Path:
        self._shots += 1
        fname = f"{self.label}-{self._shots:02d}{'-' + name if name else ''}.png"
        return self.desktop.screenshot(self.artifacts / fname)

    # -- ending --------------------------------------------------------------------
    def wait_exit(self, timeout: float = QUIT_TIMEOUT) -> Result:
        try:
            rc = self.proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            diag = self._diag()
            self.kill()
            raise HarnessError(f"reel did not exit within {timeout}s (killed it)\n"
                               + diag) from None
        _reap_orphans({self.pid}, timeout=1.0)  # helpers it left behind
        return Result(rc, self.stdout_text(), self.stderr_text())

    def quit(self, timeout: float = QUIT_TIMEOUT) -> Result:
        """Quit the way a person does (Ctrl+Q) and return the result."""
        self.key("ctrl+q")
        return self.wait_exit(timeout)

    def kill(self) -> None:
        """Ends the app from outside, as a person's kill or a crash would; a
        test's kill is not a crash of Reel's."""
        if self.alive():
            self.expected_statuses |= {-signal.SIGTERM, -signal.SIGKILL}
        _kill_group(self.proc, timeout=3.0)
        _reap_orphans({self.pid}, timeout=1.0)

    def expect(self, *, status: Optional[int] = None, lines: Iterable[str] = ()) -> None:
        """Tells the end check that this test provokes `status` or log lines
        matching `lines` (regular expressions) on purpose."""
        if status is not None:
            self.expected_statuses.add(status)
        self.expected_lines.extend(re.compile(line) for line in lines)

    def end_problems(self) -> list:
        """What went wrong with this run, once it has ended (the app fixture
        asks at the end of every test): a death by a signal, an exit status
        the test did not expect, a fault in the log (fault_lines)."""
        problems = []
        code = self.proc.poll()
        if code is not None and code not in self.expected_statuses:
            problems.append(f"{self.label}: reel " + (f"died by signal {-code} ({signal.Signals(-code).name})"
                                                      if code < 0 else f"exited with status {code}"))
        problems += [f"{self.label}: {line}" for line in fault_lines(self.stderr_text(), self.expected_lines)]
        return problems


def bad_log_lines(stderr: str) -> list:
    """GLib CRITICAL/WARNING lines (``(reel:123): Gtk-CRITICAL **`` and the like)."""
    return [line for line in stderr.splitlines()
            if "CRITICAL" in line or "WARNING **" in line]


# Log lines that fail any test they appear in, whatever it checks: GLib's
# CRITICAL (a broken precondition: a bug in the code that called) and ERROR
# (it aborts; so does a failed g_assert, "ERROR: … assertion failed"), a
# GObject warning (a property or signal that does not exist:
# a bug in the code, never in the input), and the media worker stopped by a
# crash or a hang (its trace events are warnings: ReelCore.Trace.severity).
FAULT_LINE = re.compile(r"-(CRITICAL|ERROR) \*\*|GLib-GObject-WARNING \*\*|GLib-GObject-CRITICAL|"
                        r"^ERROR:.*assertion failed|Reel-WARNING \*\*: .*media-worker-(stopped|hung)")
# Messages of libraries Reel cannot change that match FAULT_LINE but come
# from no fault of Reel's: (pattern, the library's bug, in words). Only here.
UPSTREAM_FAULTS = [
    # GStreamer 1.22's playbin3 asserts (and aborts) in reconfigure_output
    # when a stream's output is linked again while its old pad is still
    # there: rarely, when an HLS demuxer gives up a missing segment and
    # exposes its streams anew (tests/stress/hls_launches.py counts it). A
    # test that meets it says so (test_streaming's missing segment).
    (r"gstplaybin3\.c:\d+:reconfigure_output: assertion failed: \(combine->sinkpad == NULL\)",
     "GStreamer 1.22 playbin3's reconfigure_output assertion"),
]


def fault_lines(stderr: str, expected=()) -> list:
    """The lines of `stderr` that fail a test (FAULT_LINE), less the known
    upstream ones and those the test provokes on purpose (`expected`:
    compiled patterns)."""
    allowed = [re.compile(pattern) for pattern, _why in UPSTREAM_FAULTS] + list(expected)
    return [line for line in stderr.splitlines()
            if FAULT_LINE.search(line) and not any(p.search(line) for p in allowed)]


def ran_unclean(apps: Iterable["App"]) -> Optional[str]:
    """Why the app fixture fails a test whose launches did not all end well
    (App.end_problems), or None."""
    problems = [p for a in apps for p in a.end_problems()]
    if not problems:
        return None
    logs = sorted({str(a.artifacts) for a in apps})
    return "the app did not run clean:\n  " + "\n  ".join(problems) + f"\n(logs in {', '.join(logs)})"


def run_problems(returncode: int, stderr: str, statuses=(0,), expected=()) -> list:
    """The end check of the app fixture (App.end_problems) for a reel run
    with subprocess.run, as the command-line tests start it."""
    problems = []
    if returncode not in statuses:
        problems.append(f"reel died by signal {-returncode}" if returncode < 0
                        else f"reel exited with status {returncode}")
    return problems + fault_lines(stderr, [re.compile(p) for p in expected])


def window_extents(node) -> tuple:
    """(x, y, w, h) in the window's coordinates (GTK 4.8 reports no screen
    coordinates)."""
    return tuple(node.queryComponent().getExtents(1))


def overlaps(a: tuple, b: tuple) -> bool:
    ax, ay, aw, ah = a
    bx, by, bw, bh = b
    return ax < bx + bw and bx < ax + aw and ay < by + bh and by < ay + ah


def controls_under(win, box: tuple, inside=None) -> list:
    """The visible buttons and sliders of `win` whose extents overlap `box`
    (window coordinates), but for those of `inside` (the toast's own)."""
    controls = [c for role in ("push button", "toggle button", "slider")
                for c in find_all(win, role=role, visible=True)]
    found = []
    for c in controls:
        try:
            if (inside is None or c.parent != inside) and overlaps(box, window_extents(c)):
                found.append((c.name, window_extents(c)))
        except NotImplementedError:
            continue  # gone since the walk (a menu closed, a toast left): not under anything
    return found


def words_on_screen(app, node, shot: Path, window: str = "Reel") -> tuple:
    """(standard deviation, share of bright pixels) of the screenshot's pixels
    under `node` (in the X window titled `window`): words a person can read
    contrast with what is behind them (a deviation near 0 is a flat box: text
    drawn in the background's colour or not drawn at all); light words on a
    dark page add bright pixels."""
    geo = app.window_geometry(app.x_window(window))
    x, y, w, h = window_extents(node)
    box = (geo["x"] + x, geo["y"] + y, max(w, 1), max(h, 1))
    _, sd = image_stats(shot, box)
    out = subprocess.run(["convert", str(shot), "-crop", f"{box[2]}x{box[3]}+{box[0]}+{box[1]}", "+repage",
                          "-colorspace", "Gray", "-threshold", "60%", "-format", "%[fx:mean]", "info:"],
                         capture_output=True, text=True, timeout=CMD_TIMEOUT, check=True)
    return sd, float(out.stdout)


def foreign_log_lines(stderr: str) -> list:
    """Lines that neither Reel ("reel: …") nor GLib's logging ("(reel:123):
    Gtk-WARNING **: …") wrote: a library printing on its own (ALSA, OpenAL,
    JACK, …), which a quiet start must not show."""
    return [line for line in stderr.splitlines()
            if line.strip() and not line.startswith(("reel:", "(reel:"))]


def artifact_dir_for(nodeid: str) -> Path:
    safe = re.sub(r"[^A-Za-z0-9_.-]+", "_", nodeid.split("::", 1)[-1]).strip("_")
    module = Path(nodeid.split("::", 1)[0]).stem
    return ARTIFACTS_ROOT / f"{module}.{safe}"


def image_stats(path: Path, box: Optional[tuple] = None) -> tuple:
    """(mean, standard deviation) of an image's pixels, 0..1, optionally of a
    (x, y, w, h) box.  A blank or black render has a deviation near 0."""
    args = ["convert", str(path)]
    if box is not None:
        x, y, w, h = box
        args += ["-crop", f"{w}x{h}+{x}+{y}", "+repage"]
    args += ["-colorspace", "Gray", "-format", "%[fx:mean] %[fx:standard_deviation]", "info:"]
    out = subprocess.run(args, capture_output=True, text=True, timeout=CMD_TIMEOUT, check=True)
    mean, sd = out.stdout.split()
    return float(mean), float(sd)


def pixel(path: Path, x: int, y: int) -> tuple:
    """The (r, g, b) of an image's pixel, 0..255."""
    out = subprocess.run(["convert", str(path), "-format", f"%[fx:int(255*p{{{x},{y}}}.r)] "
                          f"%[fx:int(255*p{{{x},{y}}}.g)] %[fx:int(255*p{{{x},{y}}}.b)]", "info:"],
                         capture_output=True, text=True, check=True, timeout=CMD_TIMEOUT)
    return tuple(int(v) for v in out.stdout.split())


_TITLE_RE = re.compile(r'title:\s*N_\(\s*"((?:[^"\\]|\\.)*)"\s*\)')


def shortcut_titles(source: Path) -> list:
    """Titles of the shortcut table, as written in ShortcutTable.swift."""
    text = source.read_text(encoding="utf-8")
    return [re.sub(r'\\(.)', r'\1', m) for m in _TITLE_RE.findall(text)]
