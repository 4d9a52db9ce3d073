"""The end check the app fixture makes after every UI test (conftest.py,
harness.App.end_problems): a Reel that crashed, exited with a status the
test did not expect, or logged a CRITICAL fails the test, even after its
last check passed. These tests start Reel outside the fixture, make it go
wrong in each way and show that the check reports it."""

from __future__ import annotations

import os
import re
import shutil
import signal

import pytest

from harness import APP_TIMEOUT, App, ran_unclean
from player_helpers import Trace, make_clip


@pytest.fixture(scope="module")
def clip(tmp_path_factory):
    path = tmp_path_factory.mktemp("end-check-media") / "clip.mp4"
    make_clip(path, 1, 160, 90, 30)
    return path


def launch(desktop, reel_bin, artifacts, profile, clip, env) -> tuple:
    videos = profile / "home" / "Videos"
    videos.mkdir(parents=True, exist_ok=True)
    shutil.copy(clip, videos / "bad-one.mp4")
    trace = Trace(artifacts / "trace.jsonl")
    app = App(desktop, reel_bin, artifacts, profile, env={"REEL_TRACE": str(trace.path), **env}, label="unclean")
    return app, trace


def test_a_media_worker_that_crashes_fails_the_test(desktop, reel_bin, artifacts, profile, clip):
    app, trace = launch(desktop, reel_bin, artifacts, profile, clip, {"REEL_MEDIA_WORKER_CRASH_ON": "bad-one"})
    try:
        trace.wait("media-worker-stopped", timeout=APP_TIMEOUT)
        app.wait_window(name="Reel")
        result = app.quit()
        assert result.returncode == 0, result.stderr  # the app itself carried on
        unclean = ran_unclean([app])
        assert unclean and re.search(r"Reel-WARNING \*\*: .*media-worker-stopped", unclean), unclean
        # A test that makes the worker crash on purpose says so, and passes.
        app.expect(lines=[r"media-worker-stopped"])
        assert ran_unclean([app]) is None, ran_unclean([app])
    finally:
        app.kill()


def test_a_critical_in_the_log_fails_the_test(desktop, reel_bin, artifacts, profile, clip):
    app, trace = launch(desktop, reel_bin, artifacts, profile, clip, {"REEL_MEDIA_WORKER_CRITICAL_ON": "bad-one"})
    try:
        win = app.wait_window(name="Reel")
        # The card has its length once the worker answered, after the line.
        app.find(win, name=re.compile(r"^bad-one, Videos, 0:01$"), timeout=APP_TIMEOUT)
        assert app.quit().returncode == 0
        unclean = ran_unclean([app])
        assert unclean and "Reel-CRITICAL **: " in unclean and "a test asked for a CRITICAL" in unclean, unclean
    finally:
        app.kill()


def test_a_crash_fails_the_test(desktop, reel_bin, artifacts, profile, clip):
    # Swift's backtracer would take its time over the signal first.
    app, _ = launch(desktop, reel_bin, artifacts, profile, clip, {"SWIFT_BACKTRACE": "enable=no"})
    try:
        app.wait_window(name="Reel")
        os.kill(app.pid, signal.SIGSEGV)
        assert app.wait_exit().returncode == -signal.SIGSEGV
        unclean = ran_unclean([app])
        assert unclean and "died by signal 11 (SIGSEGV)" in unclean, unclean
    finally:
        app.kill()


def test_an_exit_status_the_test_did_not_ask_for_fails_it(desktop, reel_bin, artifacts, profile):
    app = App(desktop, reel_bin, artifacts, profile, args=["--no-such-option"], label="bad-option")
    result = app.wait_exit()
    assert result.returncode == 1, result.stderr
    assert "exited with status 1" in (ran_unclean([app]) or "")
    app.expect(status=1)
    assert ran_unclean([app]) is None
