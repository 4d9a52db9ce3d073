"""pytest fixtures for the Reel UI tests (see harness.py)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from harness import REPO_ROOT, App, Desktop, HarnessError, artifact_dir_for, fault_lines, ran_unclean
from soundserver import NO_SOUND_ENV, SoundServer, SoundServerError

REQUIRED_TOOLS = ("Xvfb", "dbus-daemon", "dbus-send", "xdotool", "import")


def pytest_configure(config):
    # pyatspi itself calls libatspi's deprecated *_iface getters.
    config.addinivalue_line("filterwarnings",
                            "ignore::DeprecationWarning:pyatspi.Accessibility")
    # A hung app must fail its test, never hang the suite (pytest-timeout, if
    # installed, is the last line of defence behind the harness's own bounds).
    if config.pluginmanager.hasplugin("timeout") and not config.getoption("timeout", None):
        config.option.timeout = 300


@pytest.fixture(scope="session")
def reel_bin() -> str:
    path = os.environ.get("REEL_BIN", "")
    if not path:
        pytest.fail("REEL_BIN is not set: point it at an installed reel, e.g. "
                    "REEL_BIN=<prefix>/bin/reel (the binary finds its schema and "
                    "translations at <prefix>/share)", pytrace=False)
    p = Path(path)
    if not (p.is_file() and os.access(p, os.X_OK)):
        pytest.fail(f"REEL_BIN={path!r} is not an executable file", pytrace=False)
    return str(p.resolve())


@pytest.fixture(scope="session")
def reel_src() -> Path:
    """Where to read source files from (default: this checkout)."""
    return Path(os.environ.get("REEL_SRC", str(REPO_ROOT))).resolve()


@pytest.fixture(scope="session")
def sound():
    """The session's sound server: a private PulseAudio whose default sink is
    a null sink (soundserver.SoundServer).  Every app on the ``desktop``
    plays into it; ``sound.sink_inputs()`` lists the streams playing now
    (dicts of stream properties: ``application.process.id``, ``media.role``,
    ``application.name``… plus ``corked``, ``mute``, ``index``),
    ``sound.wait_sink_input(pid=app.pid)`` waits for an app's stream.  To run
    an app with no sound server at all: ``app(env=NO_SOUND_ENV)``."""
    missing = [t for t in ("pulseaudio", "pactl") if not shutil.which(t)]
    if missing:
        pytest.fail(f"missing tools {missing}: apt-get install pulseaudio pulseaudio-utils",
                    pytrace=False)
    try:
        server = SoundServer().start()
    except SoundServerError as exc:
        pytest.fail(f"the sound server did not start: {exc}", pytrace=False)
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def desktop(sound):
    missing = [t for t in REQUIRED_TOOLS if not shutil.which(t)]
    if missing:
        pytest.fail(f"missing tools {missing}: apt-get install xvfb dbus xdotool imagemagick",
                    pytrace=False)
    with Desktop(sound=sound) as d:
        # pyatspi (imported lazily by the harness) binds to these; the sound
        # server's variables let the tests' own pactl/gst-launch reach it.
        keys = {"DISPLAY", "DBUS_SESSION_BUS_ADDRESS", "XDG_RUNTIME_DIR",
                "AT_SPI_BUS_ADDRESS", *d.env()}
        saved = {k: os.environ.get(k) for k in keys}
        os.environ.pop("AT_SPI_BUS_ADDRESS", None)
        os.environ.update(d.env())
        try:
            yield d
        finally:
            for k, v in saved.items():
                if v is None:
                    os.environ.pop(k, None)
                else:
                    os.environ[k] = v


@pytest.fixture
def artifacts(request) -> Path:
    d = artifact_dir_for(request.node.nodeid)
    shutil.rmtree(d, ignore_errors=True)
    d.mkdir(parents=True)
    return d


@pytest.fixture
def profile(tmp_path) -> Path:
    """The per-test user profile (HOME, XDG dirs): shared by every launch in
    one test, so settings written by one run are read by the next."""
    p = tmp_path / "profile"
    p.mkdir()
    return p


@pytest.fixture
def app(desktop, reel_bin, artifacts, profile, request):
    """Factory: ``app(args=[...], env={...}, profile=None)`` launches reel.

    ``env`` wins over everything else; ``env=NO_SOUND_ENV`` (from
    soundserver) runs reel as on a machine with no sound server or device.

    Every instance is killed at the end of the test if still running; on a
    failed test a final screenshot and the accessible tree are saved.
    """
    launched: list[App] = []
    # A Reel the session bus starts (D-Bus activation) writes to the bus's
    # log: what this test adds to it is checked like a launch's own.
    bus_log = desktop.root / "dbus-session.log"
    bus_log_start = bus_log.stat().st_size if bus_log.exists() else 0

    def launch(args=(), env=None, profile_dir: Path | None = None, samples: bool = False,
               strip: bool = False) -> App:
        label = f"run{len(launched) + 1}"
        a = App(desktop, reel_bin, artifacts, profile_dir or profile, args=args, env=env,
                label=label, samples=samples, strip=strip)
        launched.append(a)
        return a

    # The launches so far, for a test that must look at one whose launch
    # failed (launch_ready raised before handing it over).
    launch.launched = launched
    yield launch

    failed = getattr(request.node, "rep_call", None) is not None and request.node.rep_call.failed
    for a in launched:
        if a.alive():
            if failed:
                try:
                    a.screenshot("at-failure")
                    (artifacts / f"{a.label}-tree.txt").write_text(a.tree())
                except Exception:  # noqa: BLE001 - best effort diagnostics
                    pass
            a.kill()
    # Every launch must have ended well: a crash, an unexpected exit status
    # or a CRITICAL after the test's last check still fails it.
    unclean = ran_unclean(launched)
    with open(bus_log, "rb") as log:
        log.seek(bus_log_start)
        started_by_bus = fault_lines(log.read().decode(errors="replace"))
    if started_by_bus:
        unclean = (unclean or "") + "\na Reel the session bus started:\n  " + "\n  ".join(started_by_bus)
    if unclean:
        pytest.fail(unclean, pytrace=False)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    rep = outcome.get_result()
    setattr(item, f"rep_{rep.when}", rep)


@pytest.fixture
def launch_ready(app):
    """Launch reel and wait for its main window; returns (App, window node)."""
    def go(args=(), env=None, profile_dir=None, title="Reel", samples=False, strip=False):
        a = app(args=args, env=env, profile_dir=profile_dir, samples=samples, strip=strip)
        w = a.wait_window(name=title)
        return a, w
    return go


__all__ = ["HarnessError", "NO_SOUND_ENV"]
