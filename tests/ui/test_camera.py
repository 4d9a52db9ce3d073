"""The camera, driven as a person drives it: Reel's real camera and
recording pipelines, with videotestsrc and audiotestsrc standing in for the
camera and the microphone (`REEL_TEST_CAMERAS` names a file listing the
test cameras; editing it plugs and unplugs them, as udev would).

What the pipelines did is read from Reel's trace (`camera-started`,
`photo-saved`, `recording-started`, `recording-finished`, `camera-problem`),
what was written from the files, with GStreamer's own discoverer.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from harness import (HarnessError, all_strings, controls_under, find_all, on_screen, states, wait_until,
                     window_extents, words_on_screen)
from player_helpers import Trace, keyfile, window_manager  # noqa: F401 (fixture)

import gi

gi.require_version("Gst", "1.0")
gi.require_version("GstPbutils", "1.0")
from gi.repository import Gst, GstPbutils  # noqa: E402

Gst.init(None)


@pytest.fixture
def camera(launch_ready, artifacts, profile, tmp_path, window_manager):
    """camera(cameras=[...], env={}) → (app, window, Trace, cameras file):
    Reel launched with test cameras (cameras=None: none, the real device
    monitor or portal), the camera page open (Ctrl+T)."""
    def go(cameras=("Test Camera",), env=None, open_page=True):
        listing = tmp_path / "cameras.txt"
        listing.write_text("".join(f"{c}\n" for c in cameras or ()))
        trace = Trace(artifacts / f"trace-{time.monotonic_ns()}.jsonl")
        app, win = launch_ready(env={"REEL_TRACE": str(trace.path),
                                     "REEL_TEST_CAMERAS": str(listing) if cameras is not None else None,
                                     **(env or {})})
        app.desktop.xdotool("windowactivate", "--sync", app.x_window())
        if open_page:
            app.key("ctrl+t")
            trace.wait("camera-page-open")
            if cameras:
                trace.wait("camera-started")
        return app, win, trace, listing
    return go


def pictures(profile: Path) -> Path:
    return profile / "home" / "Pictures" / "Reel"


def videos(profile: Path) -> Path:
    return profile / "home" / "Videos" / "Reel"


def discover(path: Path):
    info = GstPbutils.Discoverer.new(15 * Gst.SECOND).discover_uri(Gst.filename_to_uri(str(path)))
    assert info.get_result() == GstPbutils.DiscovererResult.OK, f"{path} does not play"
    video = info.get_video_streams()
    audio = info.get_audio_streams()
    return {"duration": info.get_duration() / Gst.SECOND, "video": video, "audio": audio,
            "width": video[0].get_width() if video else 0, "height": video[0].get_height() if video else 0}


def decoded_seconds(path: Path) -> float:
    """Decodes the whole file: the end of its last video frame, in seconds."""
    pipeline = Gst.parse_launch("filesrc name=src ! parsebin ! decodebin ! video/x-raw ! "
                                "fakesink name=out sync=false signal-handoffs=true")
    pipeline.get_by_name("src").set_property("location", str(path))
    end = [0]

    def handoff(_sink, buffer, _pad):
        if buffer.pts != Gst.CLOCK_TIME_NONE:
            end[0] = max(end[0], buffer.pts + (buffer.duration if buffer.duration != Gst.CLOCK_TIME_NONE else 0))
    pipeline.get_by_name("out").connect("handoff", handoff)
    pipeline.set_state(Gst.State.PLAYING)
    message = pipeline.get_bus().timed_pop_filtered(60 * Gst.SECOND, Gst.MessageType.EOS | Gst.MessageType.ERROR)
    pipeline.set_state(Gst.State.NULL)
    assert message is not None, f"{path}: decoding did not finish"
    if message.type == Gst.MessageType.ERROR:
        # The end of a file cut short may be an error: what came before played.
        print(f"{path}: {message.parse_error()[0].message}")
    return end[0] / Gst.SECOND


def jpeg_facts(path: Path) -> tuple:
    out = subprocess.run(["identify", "-format", "%m %w %h %[EXIF:Orientation]", str(path)],
                         capture_output=True, text=True, check=True).stdout.split()
    return out[0], int(out[1]), int(out[2]), out[3] if len(out) > 3 else ""


def button(app, win, name: str):
    return app.find(win, name=name, timeout=5)


def click(app, win, name: str) -> None:
    app.click(button(app, win, name))


def choose_mode(app, win, mode: str, shutter: str) -> None:
    """Clicks the mode's toggle once it is on screen and waits for the
    shutter to follow."""
    toggle = button(app, win, mode)
    wait_until(lambda: on_screen(toggle) and "sensitive" in states(toggle), 5, what=f"the {mode} toggle on screen")
    app.click(toggle)
    wait_until(lambda: {"checked", "pressed"} & states(toggle), 5, what=f"{mode} pressed by one click")
    button(app, win, shutter)


def recorded(trace, after: int, seconds: float) -> float:
    """Waits until the recording begun after trace position `after` holds
    `seconds` by its frames' own timestamps; returns what it holds."""
    event = trace.wait("recording-progress", lambda e: e["recorded"] >= seconds, after=after, timeout=60)
    return event["recorded"]


def shows(app, win, text: str) -> bool:
    return any(text in s for s in all_strings(win))


def camera_area(app, win):
    """The camera page's toast overlay: the stage (preview, countdown,
    recording badge) and the toasts over it (preview, stack page, stack,
    stage, toast overlay). Walking it alone takes a fraction of a walk of
    the window, the feed's cards with it, which on a busy machine can
    outlast a toast."""
    return app.find(win, role="image", name="Camera Preview").parent.parent.parent.parent


def choose_option(app, win, item: str) -> None:
    """Opens the Camera Options menu and picks `item` (through its
    accessible action: popover menus report extents relative to their own
    surface, so a click point cannot be worked out)."""
    click(app, win, "Camera Options")
    node = app.find(win, role="menu item", name=item, timeout=5, visible=False)
    node.queryAction().doAction(0)


# ---------------------------------------------------------------------------


def test_no_camera_then_plugged_then_unplugged(camera):
    app, win, trace, listing = camera(cameras=())
    trace.wait("camera-problem", lambda e: e["kind"] == "no-camera")
    wait_until(lambda: shows(app, win, "No Camera Found"), 5, what="the no-camera page")
    assert shows(app, win, "no other app is using it"), "the page says what to check"
    assert not [n for n in find_all(win, name="Take Photo") if "showing" in states(n)], "no shutter without a camera"
    heading = app.find(win, role="label", name="No Camera Found")
    # On screen once the stack's page transition is over.
    wait_until(lambda: words_on_screen(app, heading, app.screenshot("no-camera"))[0] > 0.1, 5,
               what="the heading visible on screen")

    i = trace.count()
    listing.write_text("USB Camera\n")  # plugged in
    trace.wait("camera-started", lambda e: e["camera"] == "USB Camera", after=i)
    wait_until(lambda: not shows(app, win, "No Camera Found"), 5, what="the preview to replace the page")
    assert "sensitive" in states(button(app, win, "Take Photo"))

    i = trace.count()
    listing.write_text("USB Camera\nSecond Camera\n")  # another one: the menu follows
    trace.wait("camera-devices", lambda e: e["cameras"] == ["USB Camera", "Second Camera"], after=i)
    # Choosing it in the menu moves the preview to it.
    i = trace.count()
    click(app, win, "Choose Camera")
    app.find(win, role="menu item", name="Second Camera", timeout=5, visible=False).queryAction().doAction(0)
    trace.wait("camera-started", lambda e: e["camera"] == "Second Camera", after=i)
    i = trace.count()
    click(app, win, "Choose Camera")
    app.find(win, role="menu item", name="USB Camera", timeout=5, visible=False).queryAction().doAction(0)
    trace.wait("camera-started", lambda e: e["camera"] == "USB Camera", after=i)

    i = trace.count()
    listing.write_text("Second Camera\n")  # the one in use unplugged: the other takes over
    trace.wait("camera-started", lambda e: e["camera"] == "Second Camera", after=i)
    i = trace.count()
    listing.write_text("")
    trace.wait("camera-problem", lambda e: e["kind"] == "no-camera", after=i)
    wait_until(lambda: shows(app, win, "No Camera Found"), 5, what="the no-camera page again")


def test_a_chosen_photos_folder_gets_the_photo_and_the_toast_names_it(camera, profile):
    chosen = profile / "home" / "Photos from Reel"
    keyfile(profile, photos_folder=f"'{chosen}'")
    app, win, trace, _ = camera()
    i = trace.count()
    click(app, win, "Take Photo")
    saved = trace.wait("photo-saved", after=i)
    assert saved["ok"], saved
    assert Path(saved["path"]).parent == chosen, "made where it was asked, if it was not there"
    assert not pictures(profile).exists(), "nothing in the standard folder"
    area = camera_area(app, win)
    wait_until(lambda: shows(app, area, "Photo saved in ~/Photos from Reel"), 5, what="the toast naming the folder")


def test_photo_flash_resolution_and_timer(camera, profile):
    app, win, trace, _ = camera()
    assert trace.named("camera-started")[-1]["mode"] == "1280x720", "720p by default"
    i = trace.count()
    click(app, win, "Take Photo")
    flashes = [app.screenshot("flash"), app.screenshot("flash")]
    saved = trace.wait("photo-saved", after=i)
    # The toast sits over the preview, never over the shutter bar. It is
    # found and measured first, in one look over the camera's stage: a
    # toast stays five seconds, which a busy machine's checks can outlast.
    area = camera_area(app, win)

    def toast_now():
        found = [n for n in find_all(area, name="Photo saved in Pictures › Reel") if n.parent is not None]
        return found and (found[0].parent, window_extents(found[0].parent))
    toast, toast_box = wait_until(toast_now, 5, what="the toast")
    assert controls_under(win, toast_box, inside=toast) == []
    assert saved["ok"], saved
    path = Path(saved["path"])
    assert path.parent == pictures(profile)
    assert re.fullmatch(r"Photo \d{4}-\d\d-\d\d \d\d-\d\d-\d\d( \(\d+\))?\.jpg", path.name), path.name
    assert jpeg_facts(path) == ("JPEG", 1280, 720, "1"), jpeg_facts(path)
    assert not list(pictures(profile).glob(".*")), "written under a hidden name, then named"
    shutter = window_extents(button(app, win, "Take Photo"))
    assert toast_box[1] + toast_box[3] <= shutter[1], "the toast is above the shutter"
    # The flash: the preview (black but for a ball) goes white right after
    # the shutter, and fades.
    mean = max(float(subprocess.run(["convert", str(shot), "-crop", "600x300+340+200", "-colorspace", "Gray",
                                     "-format", "%[fx:mean]", "info:"], capture_output=True, text=True).stdout)
               for shot in flashes)
    assert mean > 0.4, f"no flash over the preview (mean grey {mean:.2f})"

    # Another resolution, from the camera's own list.
    i = trace.count()
    choose_option(app, win, "640 × 480")
    trace.wait("camera-started", lambda e: e["mode"] == "640x480", after=i)
    i = trace.count()
    app.key("space")
    second = Path(trace.wait("photo-saved", after=i)["path"])
    assert second != path
    assert jpeg_facts(second)[1:3] == (640, 480)

    # A 10-second timer: the countdown shows, the photo comes after it.
    # (The longest, so that the countdown and its Cancel button are read
    # over AT-SPI while they show, however slow a busy machine makes that.)
    choose_option(app, win, "10 Seconds")
    # Looked for over the stage only (the preview's overlay: preview, stack
    # page, stack, overlay): a walk of the whole window, the feed's cards
    # with it, can take longer than the countdown lasts on a busy machine.
    stage = app.find(win, role="image", name="Camera Preview").parent.parent.parent
    i = trace.count()
    app.key("space")
    trace.wait("camera-shutter", lambda e: e["action"] == "startCountdown(10)", after=i)
    wait_until(lambda: {str(n) for n in range(1, 11)} & set(all_strings(stage)), 8, what="the countdown")
    assert button(app, win, "Cancel Timer")
    saved = trace.wait("photo-saved", after=i, timeout=20)
    # The photo waited for the countdown: its seconds went by first.
    events = trace.events()[i:]
    ticks = [e["left"] for e in events[:events.index(saved)] if e["event"] == "camera-countdown"]
    assert ticks == list(range(9, 0, -1)), f"the photo came after the countdown's seconds {ticks}, not 9 to 1"
    # Pressing again during a countdown cancels it (a 3-second one).
    choose_option(app, win, "3 Seconds")
    i = trace.count()
    app.key("space")
    trace.wait("camera-shutter", lambda e: e["action"] == "startCountdown(3)", after=i)
    app.key("space")
    cancelled = trace.at(trace.wait("camera-shutter", lambda e: e["action"] == "cancelCountdown", after=i))
    # A countdown started after the cancel takes its photo three seconds
    # later: by then the cancelled one would have taken its own.
    app.key("space")
    trace.wait("camera-shutter", lambda e: e["action"] == "startCountdown(3)", after=cancelled)
    photos = lambda: [e for e in trace.events()[i:] if e["event"] == "photo-saved"]  # noqa: E731
    wait_until(photos, 10, what="the next countdown's photo")
    after = trace.events()[cancelled:]
    assert len(photos()) == 1 and photos()[0] in after, "a cancelled timer takes no photo"
    assert [e["left"] for e in after if e["event"] == "camera-countdown"][:2] == [2, 1], \
        "the photo is the second countdown's, after its seconds"


def bars_order(app, win) -> list:
    """The colour of each of SMPTE's seven top bars across the preview, as
    seen on screen, left to right (coarse: r, g, b each 0 or 1)."""
    shot = app.screenshot("bars")
    geo = app.window_geometry(app.x_window())
    # The preview spans the window's width; its top bars are at a third of its height.
    y = geo["y"] + geo["h"] // 3
    colours = []
    for k in range(7):
        x = geo["x"] + int((k + 0.5) * geo["w"] / 7)
        out = subprocess.run(["convert", f"{shot}[1x1+{x}+{y}]", "-format", "%[fx:int(r+0.5)]%[fx:int(g+0.5)]%[fx:int(b+0.5)]",
                              "info:"], capture_output=True, text=True).stdout
        colours.append(out.strip())
    return colours


def test_mirrored_preview_and_no_focus_controls(camera, profile):
    # The second test camera shows colour bars (white at the left, blue at the right).
    app, win, trace, _ = camera(cameras=("Ball", "Bars"))
    i = trace.count()
    click(app, win, "Choose Camera")
    app.find(win, role="menu item", name="Bars", timeout=5, visible=False).queryAction().doAction(0)
    trace.wait("camera-started", lambda e: e["camera"] == "Bars", after=i)
    # Once the Bars camera's picture is on screen (a mirror: blue at the
    # left, white at the right).
    wait_until(lambda: (lambda m: m[0] == "001" and m[-1] == "111")(bars_order(app, win)), 5,
               what="a mirror: blue at the left, white at the right", on_timeout=lambda: str(bars_order(app, win)))
    choose_option(app, win, "Mirror Preview")
    wait_until(lambda: bars_order(app, win)[0] == "111", 5, what="the bars the right way round")
    # A test camera has no V4L2 controls: no focus or exposure button.
    assert not [n for n in find_all(win, name="Focus and Exposure") if "showing" in states(n)]


def test_record_stop_see_it_in_the_feed_and_play_it(camera, profile):
    app, win, trace, _ = camera()
    choose_mode(app, win, "Video", "Start Recording")
    i = trace.count()
    click(app, win, "Start Recording")
    started = trace.wait("recording-started", after=i)
    assert started["sound"] is True
    area = camera_area(app, win)
    wait_until(lambda: re.search(r"\b0:0[1-9]\b", " ".join(all_strings(area))), 10, what="the recording timer")
    app.screenshot("recording")
    assert "sensitive" not in states(button(app, win, "Photo")), "the mode is locked while recording"
    recorded(trace, i, 2.5)
    click(app, win, "Stop Recording")
    finished = trace.wait("recording-finished", after=i)
    assert finished["outcome"] == "saved", finished
    # Frames the machine could not encode in time are counted, not hidden
    # (how many on a loaded machine: bench/camera.sh).
    assert finished["frames"] > 0 and finished["dropped"] >= 0, finished
    path = Path(finished["path"])
    assert path.parent == videos(profile) and path.suffix == ".mp4", path
    facts = discover(path)
    # As long as its frames say it was recorded (their own timestamps,
    # plus the last one's length); the sound may run a little past them.
    length = finished["recorded"] + 1 / 30
    assert abs(facts["duration"] - length) <= 0.3, (facts["duration"], finished)
    assert (facts["width"], facts["height"]) == (1280, 720)
    assert facts["audio"], "the microphone was recorded"
    wait_until(lambda: shows(app, area, "Recording saved"), 5, what="the toast")
    assert button(app, win, "Play")

    # Back to the feed: the folder watcher has found the new clip; it plays.
    j = trace.count()
    app.key("Escape")
    # Clicked once the feed rests (its media worker let go, the new card
    # probed): the click point is read from where the card is, and a grid
    # still placing its cards may move it before the click lands.
    trace.wait("media-worker-idle-exit", after=j, timeout=30)
    # (However long a busy machine let it record: 0:03, or 0:10.)
    card = app.find(win, name=re.compile(re.escape(path.stem) + r", .*\d+:\d\d$"), timeout=15)
    i = trace.count()
    app.click(card)
    trace.wait("player-first-frame", after=i, timeout=20)
    assert trace.named("player-open")[-1]["uri"].endswith(path.name.replace(" ", "%20"))


def record_by_keys(app, win, trace, stop: str) -> dict:
    """Video mode (m), a recording started with Space and ended with the
    key `stop` a second and a half later: its recording-finished event,
    saved."""
    app.key("m")  # to video
    button(app, win, "Start Recording")
    i = trace.count()
    app.key("space")
    trace.wait("recording-started", after=i)
    recorded(trace, i, 1.5)
    app.key(stop)
    finished = trace.wait("recording-finished", after=i)
    assert finished["outcome"] == "saved"
    return finished


def test_keyboard_and_leaving_saves_the_recording(camera, profile):
    app, win, trace, _ = camera()
    # Escape leaves the camera: the recording is saved, not lost.
    finished = record_by_keys(app, win, trace, "Escape")
    assert discover(Path(finished["path"]))["duration"] > 1
    wait_until(lambda: shows(app, win, "Recording saved"), 5, what="the toast on the feed")


def test_a_recordings_toast_makes_a_movie_of_it(camera, profile):
    app, win, trace, _ = camera()
    path = Path(record_by_keys(app, win, trace, "space")["path"])
    # The toast offers Play and Make Movie…, both drawn.
    area = camera_area(app, win)
    wait_until(lambda: shows(app, area, "Recording saved"), 5, what="the toast")
    make = app.find(area, role="push button", name="Make Movie…")
    shot = app.screenshot("toast")
    assert words_on_screen(app, make, shot)[0] > 0.05, "Make Movie… drawn"
    assert words_on_screen(app, app.find(area, role="push button", name="Play"), shot)[0] > 0.05, "Play drawn"
    app.click(make)
    # The movie page, with the recording as its one clip.
    app.find(win, role="push button", name=re.compile(r"^Clip 1 of 1: " + re.escape(path.stem)), timeout=15)
    app.find(win, role="label", name=re.compile(r"^1 clip, \d+:\d\d$"), timeout=15)
    app.screenshot("movie")


def test_kill_during_recording_keeps_a_playable_file(camera):
    app, win, trace, _ = camera()
    app.key("m")
    i = trace.count()
    app.key("space")
    started = trace.wait("recording-started", after=i)
    # Four seconds by the frames' own timestamps.
    elapsed = recorded(trace, i, 4)
    app.expect(status=-signal.SIGKILL)  # a crash mid-recording, on purpose
    os.kill(app.pid, signal.SIGKILL)
    app.wait_exit()
    path = Path(started["path"])
    assert path.name.startswith(".Recording "), "hidden while it is written"
    played = decoded_seconds(path)
    assert played >= elapsed - 1.5, f"{played:.2f} s of {elapsed:.2f} s survived"

    # The next start recovers it: a plain MP4 under its visible name, said.
    app, win, trace, _ = camera(open_page=False)
    recovered = Path(trace.wait("recording-recovered")["path"])
    assert recovered.name == path.name[1:] and not path.exists()
    assert discover(recovered)["duration"] >= elapsed - 1.5, "its length is known now"
    wait_until(lambda: shows(app, win, "was recovered"), 5, what="the toast")


def test_full_disk_stops_keeps_and_says_so(camera, profile):
    folder = videos(profile)
    folder.mkdir(parents=True, exist_ok=True)
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=300k", "tmpfs", str(folder)]).returncode != 0:
        pytest.skip("a tmpfs cannot be mounted here (not root)")
    try:
        app, win, trace, _ = camera()
        app.key("m")
        i = trace.count()
        app.key("space")
        finished = trace.wait("recording-finished", after=i, timeout=30)
        assert finished["outcome"] == "disk-full-kept", finished
        wait_until(lambda: shows(app, camera_area(app, win), "The disk is full"), 5, what="the full-disk message")
        assert decoded_seconds(Path(finished["path"])) > 0.5, "what was written plays"
        # The preview goes on, and the shutter is ready again.
        assert button(app, win, "Start Recording")
        app.screenshot("disk-full")
    finally:
        subprocess.run(["umount", "-l", str(folder)])


def test_no_microphone_records_video_only(camera):
    app, win, trace, _ = camera(env={"REEL_TEST_MICROPHONE": "none"})
    app.key("m")
    i = trace.count()
    app.key("space")
    # The notice first: it shows for five seconds from the start, which a
    # loaded machine can spend on the trace alone.
    wait_until(lambda: shows(app, camera_area(app, win), "No microphone was found"), 5, what="the notice")
    assert trace.wait("recording-started", after=i)["sound"] is False
    recorded(trace, i, 1.5)
    app.key("space")
    finished = trace.wait("recording-finished", after=i)
    facts = discover(Path(finished["path"]))
    assert facts["video"] and not facts["audio"]


def test_camera_unplugged_mid_recording_keeps_it(camera):
    app, win, trace, listing = camera()
    app.key("m")
    i = trace.count()
    app.key("space")
    trace.wait("recording-started", after=i)
    recorded(trace, i, 2)
    listing.write_text("")
    finished = trace.wait("recording-finished", after=i)
    assert finished["outcome"] == "saved", finished
    assert discover(Path(finished["path"]))["duration"] > 1.5
    wait_until(lambda: shows(app, win, "The recording was saved"), 5, what="the message")


def fake_portal(desktop, log: Path, answer: int) -> subprocess.Popen:
    proc = subprocess.Popen([sys.executable, str(Path(__file__).with_name("fake_camera_portal.py")), str(log),
                             str(answer)], env=dict(os.environ, **desktop.env()),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
    line = proc.stdout.readline().strip()
    if line != "ready":
        proc.kill()
        raise HarnessError(f"the fake camera portal did not start: {line!r} {proc.stderr.read()}")
    return proc


def portal_calls(log: Path) -> list:
    return [json.loads(line)["call"] for line in log.read_text().splitlines()] if log.exists() else []


@pytest.mark.parametrize("answer", [2, 0], ids=["refused", "granted"])
def test_sandbox_asks_the_camera_portal(camera, desktop, tmp_path, answer):
    """In a Flatpak (REEL_CAMERA_ACCESS=portal takes that way here) the
    Camera portal is asked first. Refused: a page says how to allow it.
    Granted: the PipeWire connection is opened (no PipeWire camera here, so
    then the no-camera page)."""
    log = tmp_path / "portal.jsonl"
    portal = fake_portal(desktop, log, answer)
    try:
        app, win, trace, _ = camera(cameras=None, env={"REEL_CAMERA_ACCESS": "portal"})
        if answer == 2:
            trace.wait("camera-problem", lambda e: e["kind"] == "access-denied")
            wait_until(lambda: shows(app, win, "No Access to the Camera"), 5, what="the page")
            assert shows(app, win, "Privacy → Camera"), "the page says where to allow it"
            assert portal_calls(log) == ["AccessCamera"], "nothing more is asked once refused"
            app.screenshot("refused")
        else:
            trace.wait("camera-problem", lambda e: e["kind"] == "no-camera")
            assert portal_calls(log) == ["AccessCamera", "OpenPipeWireRemote"]
    finally:
        portal.terminate()
        portal.wait(5)
