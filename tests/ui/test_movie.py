"""The movie maker, driven as a person drives it: three clips chosen in the
feed's selection mode, Make Movie, reordered and trimmed with the keys,
exported with the real GES pipeline (the progress bar seen on screen), the
movie found in the feed and played; music chosen in the file chooser,
its fades and loop set and each undone; a web video refused with its reason;
and a movie being edited found again under Movies after `kill -9`, its
missing file named and Export disabled until it is back.

The clips are short (two seconds) so the export takes seconds."""

from __future__ import annotations

import json
import re
import signal
import subprocess
from pathlib import Path

import pytest

from dragging import drag_pointer, drop_from_outside
from harness import (APP_TIMEOUT, extents, find_all, node_name, pixel, states, wait_until,
                     words_on_screen)
from player_helpers import keyfile
from soundserver import NO_SOUND_ENV

import gi

gi.require_version("Gst", "1.0")
gi.require_version("GstPbutils", "1.0")
from gi.repository import Gst, GstPbutils  # noqa: E402

Gst.init(None)

CLIPS = ("Harbour", "Tram", "Beach")
RATE = 25


@pytest.fixture(scope="module")
def clips(tmp_path_factory) -> Path:
    """Three two-second clips (320x180, 25 fps, H.264 + AAC), each its own pattern."""
    folder = tmp_path_factory.mktemp("clips")
    for name, pattern in zip(CLIPS, ("smpte", "ball", "snow")):
        subprocess.run(["gst-launch-1.0", "-q", "videotestsrc", "num-buffers=50", f"pattern={pattern}", "!",
                        f"video/x-raw,width=320,height=180,framerate={RATE}/1", "!", "x264enc", "speed-preset=ultrafast",
                        "!", "mux.", "audiotestsrc", "num-buffers=90", "!", "audioconvert", "!", "avenc_aac", "!", "mux.",
                        "mp4mux", "name=mux", "!", "filesink", f"location={folder / (name + '.mp4')}"],
                       check=True, timeout=120, stdout=subprocess.DEVNULL)
    return folder


def make_music(path: Path) -> Path:
    """Three seconds of a sine wave in Ogg Vorbis."""
    subprocess.run(["gst-launch-1.0", "-q", "audiotestsrc", "num-buffers=130", "wave=sine", "!", "audioconvert", "!",
                    "vorbisenc", "!", "oggmux", "!", "filesink", f"location={path}"],
                   check=True, timeout=60, stdout=subprocess.DEVNULL)
    return path


def clip_folder(profile: Path) -> Path:
    return profile / "home" / "Videos" / "Clips"


def put_clips(profile: Path, clips: Path) -> Path:
    videos = clip_folder(profile)
    videos.mkdir(parents=True, exist_ok=True)
    for name in CLIPS:
        (videos / f"{name}.mp4").write_bytes((clips / f"{name}.mp4").read_bytes())
    return videos


def movies_folder(profile: Path) -> Path:
    return profile / "data" / "reel" / "movies"


def saved_edit(profile: Path) -> dict:
    files = list(movies_folder(profile).glob("*.json"))
    assert len(files) == 1, files
    return json.loads(files[0].read_text())


def strip_names(win) -> list:
    """The filmstrip's clips in order, from their accessible names."""
    found = []
    for node in find_all(win, role="push button", name=re.compile(r"^Clip \d+ of \d+: "), visible=True):
        match = re.match(r"^Clip (\d+) of \d+: (.+), \d+:\d\d", node_name(node))
        found.append((int(match.group(1)), match.group(2)))
    return [name for _, name in sorted(found)]


def visible(app, node, name: str) -> None:
    """The node's words are drawn (a bar may still be sliding in)."""
    def drawn():
        sd, _ = words_on_screen(app, node, app.screenshot(name))
        return sd > 0.05
    wait_until(drawn, APP_TIMEOUT, interval=0.5, what=f"{node_name(node)!r} drawn readably")


def choose_three(app, win, by_range: bool = False) -> list:
    """Chooses the three cards, makes a movie; its clips in order (the
    feed's). With the Select button and a click on each, or (by_range)
    Ctrl+click on the first card and Shift+click on the last."""
    for name in CLIPS:
        app.find(win, role="label", name=name, timeout=APP_TIMEOUT)
    if by_range:
        cells = sorted(find_all(win, role="table cell", name=re.compile(rf"^({'|'.join(CLIPS)}), "), visible=True),
                       key=lambda cell: extents(cell, "window")[1::-1])
        for modifier, cell in (("ctrl", cells[0]), ("shift", cells[-1])):
            app.desktop.move_pointer(*app.screen_center(cell))
            app.desktop.xdotool("keydown", modifier, "click", "1", "keyup", modifier)
    else:
        app.click(app.find(win, role="push button", name="Select"))
        for name in CLIPS:
            app.click(app.find(win, role="label", name=name))
    count = app.find(win, role="label", name="3 videos selected", timeout=APP_TIMEOUT)
    visible(app, count, "three-selected")
    app.click(app.find(win, role="push button", name=re.compile("Make Movie")))
    wait_until(lambda: sorted(strip_names(win)) == sorted(CLIPS), APP_TIMEOUT, what="the three clips on the movie page")
    return strip_names(win)


def test_three_cards_make_a_movie_reordered_trimmed_exported_and_played(launch_ready, clips, profile):
    # With the test's sound server: the preview's sound really plays.
    put_clips(profile, clips)
    app, win = launch_ready()
    a, b, c = choose_three(app, win)
    title = app.find(win, role="label", name=re.compile(r"^3 clips, 0:0[56]$"), timeout=APP_TIMEOUT)
    visible(app, title, "movie-page")
    # The keyboard is on the chosen (first) clip, not on Back, where it
    # went while the clips were being read.
    first = app.find(win, role="push button", name=re.compile(rf"^Clip 1 of 3: {a}, "), timeout=APP_TIMEOUT)
    wait_until(lambda: "focused" in states(first), APP_TIMEOUT, what="the first clip focused")

    # The first clip is chosen: Alt+Right moves it after the second.
    app.key("alt+Right")
    wait_until(lambda: strip_names(win) == [b, a, c], APP_TIMEOUT, what=f"{a} moved later")
    # Ctrl+Z puts it back, Shift+Ctrl+Z again.
    app.key("ctrl+z")
    wait_until(lambda: strip_names(win) == [a, b, c], APP_TIMEOUT, what="the move undone")
    app.key("shift+ctrl+z")
    wait_until(lambda: strip_names(win) == [b, a, c], APP_TIMEOUT, what="the move redone")

    # The moved clip (now second, still chosen): its end three frames
    # earlier, its start one second later.
    app.key("o", "comma", "comma", "comma")
    app.key("i", "shift+period")
    def trimmed():
        clip = next(clip for clip in saved_edit(profile)["clips"] if clip["uri"].endswith(f"/{a}.mp4"))
        return clip if clip["trimIn"] > 0 else None
    clip = wait_until(trimmed, APP_TIMEOUT, what="the trim saved")
    frame = 1_000_000_000 // RATE
    # The file ends with its sound, a little after its last frame starts:
    # three frames off the end leaves the frames before the last three.
    frames = (clip["sourceDuration"] - 1) // frame + 1
    assert clip["trimIn"] == RATE * frame, "one second in"
    assert clip["trimOut"] == (frames - 3) * frame, "three frames earlier"
    assert [Path(clip["uri"]).stem for clip in saved_edit(profile)["clips"]] == [b, a, c]

    # The preview plays (Space) and pauses again: its clock moves on.
    app.key("space")
    app.find(win, role="label", name=re.compile(r"^0:0[1-9] / 0:0\d$"), timeout=APP_TIMEOUT)
    app.key("space")
    app.find(win, role="push button", name="Play", timeout=APP_TIMEOUT)

    # Export: the progress shows, then the toast, then the file in Videos › Reel.
    app.key("ctrl+e")
    bar = app.find(win, role="progress bar", name="Export Progress", timeout=APP_TIMEOUT)
    app.screenshot("exporting")
    toast = app.find(win, role="label", name=re.compile(r"was saved in Videos$"), timeout=120)
    made = list((profile / "home" / "Videos" / "Reel").glob("*.mp4"))
    assert len(made) == 1, made
    info = GstPbutils.Discoverer.new(15 * Gst.SECOND).discover_uri(Gst.filename_to_uri(str(made[0])))
    assert info.get_result() == GstPbutils.DiscovererResult.OK
    expected = sum(clip["trimOut"] - clip["trimIn"] for clip in saved_edit(profile)["clips"])
    assert abs(info.get_duration() - expected) <= frame, (info.get_duration(), expected)
    del bar, toast

    # Back in the feed the movie is a card, and it plays.
    app.key("Escape")
    card = app.find(win, role="label", name=made[0].stem, timeout=APP_TIMEOUT)
    app.click(card)
    app.find(win, role="push button", name=re.compile("^Pause"), timeout=APP_TIMEOUT)
    app.quit()


def test_web_video_is_refused_with_a_reason(launch_ready, clips, profile, tmp_path):
    catalog = tmp_path / "catalog.json"
    catalog.write_text(json.dumps({"title": "Web", "entries": [
        {"title": "Faraway", "remote": "https://example.invalid/faraway.mp4"}]}))
    app, win = launch_ready(args=[str(catalog)], env=NO_SOUND_ENV)
    card = app.find(win, role="label", name="Faraway", timeout=APP_TIMEOUT)
    app.click(card, button=3)
    app.find(win, role="menu item", name=re.compile("Add to Movie"), timeout=APP_TIMEOUT, visible=False)
    app.desktop.xdotool("key", "--delay", "100", "Up", "Up", "Return")
    app.find(win, role="label", name=re.compile("is on the web. Only videos on this computer"), timeout=APP_TIMEOUT)
    app.quit()


def test_a_movie_being_made_survives_kill_9(launch_ready, clips, profile):
    put_clips(profile, clips)
    app, win = launch_ready(env=NO_SOUND_ENV)
    a, b, c = choose_three(app, win, by_range=True)
    app.key("Delete")
    wait_until(lambda: strip_names(win) == [b, c], APP_TIMEOUT, what=f"{a} removed")
    wait_until(lambda: len(saved_edit(profile)["clips"]) == 2, APP_TIMEOUT, what="the removal saved")
    app.expect(status=-signal.SIGKILL)  # a crash, on purpose
    app.proc.send_signal(signal.SIGKILL)
    app.proc.wait(timeout=10)
    # Meanwhile one of its files goes away.
    (clip_folder(profile) / f"{c}.mp4").unlink()

    app2, win2 = launch_ready(env=NO_SOUND_ENV)
    app2.find(win2, role="label", name=b, timeout=APP_TIMEOUT)
    # Main Menu › Movies › the saved movie, by keys (a popover's items
    # report no place on screen to click): Movies is the third item; in
    # it come its heading, New Movie, then the saved movies.
    app2.click(app2.find(win2, role="push button", name="Main Menu"))
    app2.find(win2, role="menu item", name="Movies", timeout=APP_TIMEOUT)
    app2.desktop.xdotool("key", "--delay", "150", "Down", "Down", "Return")
    app2.find(win2, role="menu item", name=f"{b} (2 clips)", timeout=APP_TIMEOUT, visible=False)
    app2.desktop.xdotool("key", "--delay", "150", "Down", "Down", "Return")
    # A file no longer in the feed goes by its file name.
    wait_until(lambda: strip_names(win2) == [b, f"{c}.mp4"], APP_TIMEOUT, what="the saved movie reopened")
    # The missing file is named on the page, and the export refused.
    banner = app2.find(win2, role="label", name=f"“{c}.mp4” is missing. Put it back, or remove it from the movie.",
                       timeout=APP_TIMEOUT)
    visible(app2, banner, "missing")
    # Export is disabled, and says why (its tooltip, read as its description).
    export = app2.find(win2, role="push button", name="Export")
    assert "sensitive" not in states(export)
    assert export.description == f"“{c}.mp4” cannot be found. Put it back, or remove it from the movie."
    app2.key("ctrl+e")
    assert not list((profile / "home" / "Videos" / "Reel").glob("*")), "nothing written"
    # The file put back: the banner goes and Export is enabled, no click needed.
    (clip_folder(profile) / f"{c}.mp4").write_bytes((clips / f"{c}.mp4").read_bytes())
    wait_until(lambda: "sensitive" in states(export), APP_TIMEOUT, what="Export enabled again")
    assert export.description == ""
    wait_until(lambda: not find_all(win2, role="label", name=re.compile("is missing")), APP_TIMEOUT, what="the banner gone")
    app2.quit()


def test_music_is_chosen_in_the_file_chooser_and_saved(launch_ready, clips, profile, tmp_path):
    music = make_music(tmp_path / "Sea breeze.ogg")
    put_clips(profile, clips)
    app, win = launch_ready(env=NO_SOUND_ENV)
    choose_three(app, win)
    app.click(app.find(win, role="push button", name="Choose Music"))
    app.x_window("Choose Music")   # GTK's own dialog: there is no portal here
    app.key("ctrl+l", window="Choose Music")
    app.type_text(str(music), window="Choose Music")
    app.key("Return", window="Choose Music")
    app.find(win, role="label", name="Sea breeze.ogg", timeout=APP_TIMEOUT)
    app.find(win, role="push button", name="Remove Music", timeout=APP_TIMEOUT)
    saved = wait_until(lambda: saved_edit(profile).get("music"), APP_TIMEOUT, what="the music saved")
    assert saved["uri"].endswith("Sea%20breeze.ogg") and saved["volume"] == 1
    assert (saved["fadeIn"], saved["fadeOut"], saved["ending"]) == (1_000_000_000, 1_000_000_000, "loop")

    # Its fades (a second each) and whether it loops, each control named
    # by its label, the labels drawn.
    for label in ("Fade In (seconds)", "Fade Out (seconds)", "Loop the Music"):
        visible(app, app.find(win, role="label", name=label), "music-settings")
    fade_in = app.find(win, role="spin button", name="Fade In (seconds)")
    assert "sensitive" in states(fade_in)
    assert fade_in.queryValue().currentValue == 1
    # Alt+I reaches the fade in; 2.5 typed there.
    app.key("alt+i", "ctrl+a")
    app.type_text("2.5")
    app.key("Tab")
    wait_until(lambda: saved_edit(profile)["music"]["fadeIn"] == 2_500_000_000, APP_TIMEOUT, what="the fade in saved")
    loop = app.find(win, role="check box", name="Loop the Music")
    app.click(loop)
    wait_until(lambda: saved_edit(profile)["music"]["ending"] == "cut", APP_TIMEOUT, what="the loop turned off")
    # The keys go to the page again (not the spin button's text), and each
    # change undoes on its own, the music last.
    app.click(app.find(win, role="push button", name=re.compile(r"^Clip 1 of 3: ")))
    app.key("ctrl+z")
    wait_until(lambda: saved_edit(profile)["music"]["ending"] == "loop", APP_TIMEOUT, what="the loop undone")
    app.key("ctrl+z")
    wait_until(lambda: saved_edit(profile)["music"]["fadeIn"] == 1_000_000_000, APP_TIMEOUT, what="the fade undone")
    wait_until(lambda: fade_in.queryValue().currentValue == 1, APP_TIMEOUT, what="the control showing a second again")
    app.key("ctrl+z")
    wait_until(lambda: saved_edit(profile).get("music") is None, APP_TIMEOUT, what="the music undone")
    app.find(win, role="label", name="No Music", timeout=APP_TIMEOUT)
    app.quit()


def test_an_empty_movie_says_how_to_add_clips(launch_ready, clips, profile):
    put_clips(profile, clips)
    app, win = launch_ready(env=NO_SOUND_ENV)
    a, b, c = choose_three(app, win)
    # Every clip removed: the page says so, and how to add some.
    app.key("Delete", "Delete", "Delete")
    title = app.find(win, role="label", name="No Clips", timeout=APP_TIMEOUT)
    visible(app, title, "no-clips")
    visible(app, app.find(win, role="label", name=re.compile("^Add videos from this computer, or choose some in the feed")),
            "no-clips-how")
    assert strip_names(win) == []
    export = app.find(win, role="push button", name="Export")
    assert "sensitive" not in states(export)
    assert export.description == "Add a clip to make a movie."
    # Undo brings the last one back, and the editor with it.
    app.key("ctrl+z")
    wait_until(lambda: strip_names(win) == [c], APP_TIMEOUT, what=f"{c} back")
    assert "sensitive" in states(export)
    app.key("Delete")
    wait_until(lambda: strip_names(win) == [], APP_TIMEOUT, what=f"{c} removed again")
    # Add Videos… has the focus and opens the file chooser: a clip from there.
    app.key("Return")
    app.x_window("Add Videos and Photos")   # GTK's own dialog: there is no portal here
    app.key("ctrl+l", window="Add Videos and Photos")
    app.type_text(str(clip_folder(profile) / f"{a}.mp4"), window="Add Videos and Photos")
    app.key("Return", window="Add Videos and Photos")
    wait_until(lambda: strip_names(win) == [a], APP_TIMEOUT, what=f"{a} added from the file chooser")
    app.screenshot("added")
    app.quit()


def test_clips_are_dragged_into_place_and_a_dropped_sound_is_the_music(launch_ready, clips, profile, tmp_path, desktop):
    music = make_music(tmp_path / "Dropped tune.ogg")
    put_clips(profile, clips)
    app, win = launch_ready(env=NO_SOUND_ENV)
    a, b, c = choose_three(app, win)

    def clip_button(index, name):
        return app.find(win, role="push button", name=re.compile(rf"^Clip {index} of 3: {name}, "))

    # The first clip taken by the pointer and let go over the right half
    # of the last one: it goes last.
    # While it is held there, an accent bar marks the gap after the last clip.
    marked = []

    def look_at_the_gap(right: int, y: int) -> None:
        # Above the pointer (the dragged clip hangs below it), a little to
        # the right of the clip's reported edge (AT-SPI's extents and the
        # screenshot differ by a few pixels).
        shot = app.screenshot("drop-marker")
        marked.append(max((pixel(shot, right + dx, y) for dx in range(0, 24, 2)), key=lambda rgb: rgb[2] - rgb[0]))

    start = app.screen_center(clip_button(1, a))
    x, y = app.screen_center(clip_button(3, c))
    _, _, width, height = extents(clip_button(3, c), "window")
    right, top = x - width // 2 + width, y - height // 2
    drag_pointer(desktop, start, [(start[0] + 20, start[1]), (start[0] + 60, y), (x, y), (x + width // 4, y)],
                 before_release=lambda: look_at_the_gap(right, top + height // 4))
    wait_until(lambda: strip_names(win) == [b, c, a], 5, what=f"{a} dragged last by one drag")
    assert strip_names(win) == [b, c, a]
    red, green, blue = marked[-1]
    assert blue > 150 and blue - red > 80, f"no accent bar beside the last clip mid-drag: {marked}"
    wait_until(lambda: [Path(clip["uri"]).stem for clip in saved_edit(profile)["clips"]] == [b, c, a], APP_TIMEOUT,
               what="the new order saved")
    app.screenshot("dragged")
    # One step to undo.
    app.key("ctrl+z")
    wait_until(lambda: strip_names(win) == [a, b, c], APP_TIMEOUT, what="the drag undone")

    # A sound file dropped on the page from a file manager is the music.
    preview = app.find(win, role="slider", name="Preview Position")
    drop_from_outside(app, desktop, "files", [str(music)], to=app.screen_center(preview))
    app.find(win, role="label", name="Dropped tune.ogg", timeout=APP_TIMEOUT)
    saved = wait_until(lambda: saved_edit(profile).get("music"), APP_TIMEOUT, what="the music saved")
    assert saved["uri"].endswith("Dropped%20tune.ogg")
    assert strip_names(win) == [a, b, c], "no clip added"
    app.quit()


def test_a_chosen_movies_folder_gets_the_movie_and_loses_a_cut_short_export(launch_ready, clips, profile):
    chosen = profile / "home" / "Films"
    keyfile(profile, movies_folder=f"'{chosen}'")
    # An export a crash cut short, under the renderer's hidden name.
    chosen.mkdir(parents=True)
    cut_short = chosen / ".Movie 2026-11-30 15-21-07.mp4"
    cut_short.write_bytes((clips / "Tram.mp4").read_bytes()[:5000])
    put_clips(profile, clips)
    app, win = launch_ready(env=NO_SOUND_ENV)
    wait_until(lambda: not cut_short.exists(), APP_TIMEOUT, what="the cut-short export removed at start")
    choose_three(app, win)
    app.key("ctrl+e")
    toast = app.find(win, role="label", name=re.compile(r"^“Movie .*\.mp4” was saved in ~/Films$"), timeout=120)
    visible(app, toast, "saved-in-films")
    made = [p.name for p in chosen.iterdir()]
    assert len(made) == 1 and made[0].startswith("Movie "), made
    assert not (profile / "home" / "Videos" / "Reel").exists(), "nothing in the standard folder"
    app.quit()
