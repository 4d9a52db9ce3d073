"""The test session's sound server (soundserver.py, the ``sound`` fixture):
streams played with its environment show up on its null sink with their
properties, pausing corks them, and NO_SOUND_ENV really means no sound."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

from harness import App
from soundserver import NO_SOUND_ENV, SINK_NAME, SoundServerError

GST_LAUNCH = "gst-launch-1.0"


def gst_play(env: dict, role: str = "video", buffers: int = 200) -> subprocess.Popen:
    """audiotestsrc into pulsesink: 200 buffers of 1024 samples at 44.1 kHz
    play for ~4.6 s in real time (the null sink's clock paces them)."""
    return subprocess.Popen(
        [GST_LAUNCH, "-q", "audiotestsrc", f"num-buffers={buffers}", "!", "pulsesink",
         f"stream-properties=props,media.role={role}"],
        env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        text=True, start_new_session=True)


def finish(proc: subprocess.Popen, timeout: float = 20.0) -> tuple:
    try:
        out, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        out, err = proc.communicate()
        pytest.fail(f"{proc.args[0]} did not finish within {timeout}s: {err}")
    return proc.returncode, out, err


def test_null_sink_is_the_only_and_default_sink(sound):
    assert sound.sinks() == [SINK_NAME]
    info = sound.pactl("info")
    assert f"Default Sink: {SINK_NAME}" in info, info


def test_a_played_stream_appears_with_its_properties_then_goes(sound):
    proc = gst_play(sound.client_env(), role="video")
    try:
        # (A stream is made corked and uncorked when its pipeline plays:
        # on a busy machine the first look can come in between.)
        si = sound.wait_sink_input(lambda si: si["corked"] is False, pid=proc.pid, timeout=10)
        assert si["media.role"] == "video"
        assert si["application.name"] == GST_LAUNCH
        assert si["application.process.binary"] == GST_LAUNCH
        assert si["mute"] is False
        # The sink is really being played into, not just holding a stream.
        sinks = sound.pactl("list", "short", "sinks")
        assert "RUNNING" in sinks, sinks
    finally:
        rc, _out, err = finish(proc)
    assert rc == 0, err
    left = [s for s in sound.sink_inputs() if s.get("application.process.id") == str(proc.pid)]
    assert left == []


def test_pausing_corks_the_stream(sound, tmp_path):
    """What a player's pause looks like to the sound server (read by the
    player tests): the stream stays but is corked."""
    script = tmp_path / "pausable.py"
    script.write_text(textwrap.dedent("""
        import sys
        import gi
        gi.require_version("Gst", "1.0")
        from gi.repository import Gst
        Gst.init(None)
        p = Gst.parse_launch("audiotestsrc is-live=true ! pulsesink "
                             "stream-properties=props,media.role=video")
        p.set_state(Gst.State.PLAYING)
        p.get_state(10 * Gst.SECOND)
        print("playing", flush=True)
        sys.stdin.readline()
        p.set_state(Gst.State.PAUSED)
        p.get_state(10 * Gst.SECOND)
        print("paused", flush=True)
        sys.stdin.readline()
        p.set_state(Gst.State.NULL)
    """))
    proc = subprocess.Popen([sys.executable, str(script)], env=sound.client_env(),
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                            start_new_session=True)
    try:
        assert proc.stdout.readline().strip() == "playing"
        # (created corked in PAUSED, uncorked once PLAYING)
        si = sound.wait_sink_input(lambda s: not s["corked"], pid=proc.pid, timeout=10)
        assert si["media.role"] == "video"
        proc.stdin.write("\n")
        proc.stdin.flush()
        assert proc.stdout.readline().strip() == "paused"
        sound.wait_sink_input(lambda s: s["corked"], pid=proc.pid, timeout=10)
        proc.stdin.write("\n")
        proc.stdin.flush()
        assert proc.wait(timeout=10) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def test_no_sound_env_reaches_no_sound_server(sound):
    env = {**sound.client_env(), **NO_SOUND_ENV}
    proc = gst_play(env, buffers=20)
    rc, _out, err = finish(proc)
    # pulsesink cannot connect: the pipeline fails instead of playing.
    assert rc != 0
    assert "Failed to connect" in err, err
    assert not any(s.get("application.process.id") == str(proc.pid)
                   for s in sound.sink_inputs())
    with pytest.raises(SoundServerError):
        sound.wait_sink_input(pid=proc.pid, timeout=0.5)


def test_apps_get_the_sound_server_unless_a_test_says_otherwise(desktop, sound, profile,
                                                                tmp_path):
    """The environment the ``app`` fixture launches reel with (built without
    launching anything)."""
    def env_for(extra):
        a = App.__new__(App)
        a.desktop, a.profile, a.samples, a.strip = desktop, profile, False, False
        return a._make_env(extra)

    default = env_for({})
    for key, value in sound.env().items():
        assert default[key] == value, key
    assert env_for(NO_SOUND_ENV)["PULSE_SERVER"] == NO_SOUND_ENV["PULSE_SERVER"]
    assert "PULSE_SERVER" not in env_for({"PULSE_SERVER": ""})
    assert "PULSE_SERVER" not in env_for({"PULSE_SERVER": None})
