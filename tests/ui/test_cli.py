"""Command-line behaviour of reel that needs no display."""

from __future__ import annotations

import os
import re
import subprocess

import pytest

from harness import run_problems

TIMEOUT = 20


def run(reel_bin, tmp_path, *args, env_extra=None, status=0):
    """Runs reel and fails unless it ended with `status` and a clean log
    (harness.run_problems, the UI tests' end check)."""
    home = tmp_path / "home"
    home.mkdir(exist_ok=True)
    env = {k: os.environ[k] for k in ("PATH", "LD_LIBRARY_PATH") if k in os.environ}
    env.update({"HOME": str(home), "LANG": "C.UTF-8", "XDG_CONFIG_HOME": str(home / ".config"),
                "XDG_CACHE_HOME": str(home / ".cache"), "XDG_DATA_HOME": str(home / ".local/share"),
                "XDG_STATE_HOME": str(home / ".local/state"), "GSETTINGS_BACKEND": "memory"})
    env.update(env_extra or {})
    # No DISPLAY, no WAYLAND_DISPLAY, no session bus: these must not need one.
    try:
        r = subprocess.run([reel_bin, *args], env=env, capture_output=True, text=True,
                           timeout=TIMEOUT, stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired as exc:
        pytest.fail(f"reel {' '.join(args)} did not exit within {TIMEOUT}s "
                    f"(stdout={exc.stdout!r}, stderr={exc.stderr!r})")
    problems = run_problems(r.returncode, r.stderr, statuses=(status,))
    assert not problems, "\n".join(problems) + "\n" + show(r)
    return r


def project_version(reel_src):
    meson = reel_src / "meson.build"
    assert meson.is_file(), f"{meson} not found (set REEL_SRC to the source tree)"
    m = re.search(r"project\(\s*'reel'\s*,.*?version\s*:\s*'([^']+)'", meson.read_text(), re.S)
    assert m, f"no project version in {meson}"
    return m.group(1)


def show(r):
    return f"exit {r.returncode}\n--- stdout ---\n{r.stdout}\n--- stderr ---\n{r.stderr}"


def test_version(reel_bin, reel_src, tmp_path):
    r = run(reel_bin, tmp_path, "--version")
    assert r.returncode == 0, show(r)
    lines = [l for l in r.stdout.splitlines() if l.startswith("reel ")]
    assert lines, "no line starting with 'reel ' on stdout\n" + show(r)
    assert re.fullmatch(r"reel \d+\.\d+\.\d+\S*", lines[0].strip()), show(r)
    assert lines[0].strip() == f"reel {project_version(reel_src)}", show(r)


def test_help(reel_bin, tmp_path):
    r = run(reel_bin, tmp_path, "--help")
    assert r.returncode == 0, show(r)
    assert "--version" in r.stdout, "--help does not mention --version\n" + show(r)


def test_unknown_option(reel_bin, tmp_path):
    r = run(reel_bin, tmp_path, "--no-such-option-xyz", status=1)
    assert r.stderr.strip(), "no message on stderr\n" + show(r)
    assert "no-such-option-xyz" in r.stderr, show(r)


def test_debug_log_shows_trace_events(reel_bin, tmp_path):
    # The trace's events reach GLib's log under the domain Reel: asked for
    # with G_MESSAGES_DEBUG, they show what happened, for a bug report.
    r = run(reel_bin, tmp_path, "--version", env_extra={"G_MESSAGES_DEBUG": "Reel"})
    assert r.returncode == 0, show(r)
    assert re.search(r"^\(reel:\d+\): Reel-DEBUG: [\d:.]+: launch$", r.stdout + r.stderr, re.M), show(r)

    r = run(reel_bin, tmp_path, "--version")
    assert "Reel-DEBUG" not in r.stdout + r.stderr, "debug messages without G_MESSAGES_DEBUG\n" + show(r)
