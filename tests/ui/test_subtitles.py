"""Subtitles and sound streams in the player, driven as a person drives
them: a film with two sound streams (English at 440 Hz, German at 880 Hz,
5.1) and a .srt beside it; another .srt from elsewhere, dropped on the
player or chosen with Add Subtitle File…. The line is read over AT-SPI and checked on the
screenshot; the choices are read from Reel's trace (REEL_TRACE)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import subprocess

from a11y import current_stop, press_and_wait_move
from dragging import drop_from_outside
from harness import APP_TIMEOUT, find_all, on_screen, states, wait_until, window_extents, words_on_screen
from player_helpers import gst_launch, menu_item, play, window_manager  # noqa: F401 (fixtures)

LINE = "Hello from the subtitle file"
BROUGHT = "Words from a file brought along"


@pytest.fixture(scope="module")
def film(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("subtitle-media")
    sound = "audiotestsrc freq={} num-buffers=2000 samplesperbuffer=960 ! audio/x-raw,rate=48000,channels={}" \
            " ! taginject tags=\"language-code={}{}\" ! audioconvert ! opusenc ! queue ! mux."
    gst_launch(*("videotestsrc pattern=black num-buffers=600 ! video/x-raw,format=I420,width=640,height=360,framerate=15/1"
                 " ! x264enc speed-preset=ultrafast key-int-max=15 ! h264parse ! queue ! mux. "
                 + sound.format(440, 2, "eng", "") + " "
                 + sound.format(880, 6, "ger", ",title=Kommentar") + " "
                 + f"matroskamux name=mux ! filesink location={folder / 'Film.mkv'}").split())
    # Beside the film, with its name: loaded and shown (someone put it there
    # for this film). Long enough for GStreamer to know it as SubRip.
    (folder / "Film.srt").write_text(f"1\n00:00:01,000 --> 00:00:35,000\n{LINE}\n\n"
                                     "2\n00:00:36,000 --> 00:00:38,000\nA second line, later on\n\n"
                                     "3\n00:00:39,000 --> 00:00:40,000\nAnd a third one to end with\n\n")
    return folder


@pytest.fixture(scope="module")
def brought(tmp_path_factory) -> Path:
    """A subtitle file away from the film, as one downloaded for it."""
    path = tmp_path_factory.mktemp("downloads") / "Brought along.srt"
    path.write_text(f"1\n00:00:00,500 --> 00:00:40,000\n{BROUGHT}\n\n"
                    "2\n00:00:41,000 --> 00:00:42,000\nThe last words of the brought file\n\n")
    return path


def _tab_to(app, name: str, limit: int = 30):
    """Tabs until the button named `name` has the focus."""
    stop = current_stop(app)
    for _ in range(limit):
        if stop and stop.name == name:
            return stop
        stop = press_and_wait_move(app, "Tab", "Reel", stop)
    raise AssertionError(f"Tab never reached {name!r}")


def _line(app, win, line: str = LINE):
    return [n for n in find_all(win, role="label", name=line) if on_screen(n)]


def _readable(app, win, line: str, shot_name: str) -> None:
    """The line is read over AT-SPI and stands out on the screenshot."""
    wait_until(lambda: _line(app, win, line), 15, what=f"the line {line!r}")
    shot = app.screenshot(shot_name)
    sd, bright = words_on_screen(app, _line(app, win, line)[0], shot)
    assert sd > 0.1 and bright > 0.02, f"the line is not readable on screen (sd {sd}, bright {bright})"


def _listed_and_chosen(app, win, name: str) -> None:
    """The Subtitles menu lists the file `name`, chosen."""
    item = menu_item(app, win, "Subtitles", name)
    assert on_screen(item)
    wait_until(lambda: "checked" in states(item), 5, what=f"{name} checked in the menu")
    app.screenshot("menu")
    app.key("Escape")


def test_the_file_beside_the_film_shows_its_line_on_screen_and_off_hides_it(play, film):
    app, win, trace = play(film / "Film.mkv")
    loaded = trace.wait("player-subtitle-file")
    assert loaded["uri"] == (film / "Film.srt").as_uri() and loaded["encoding"] == "UTF-8", loaded
    wait_until(lambda: _line(app, win), 15, what="the subtitle line")
    assert trace.last_pts() >= 0.9, "the line shows from 1 s on"
    shot = app.screenshot("line")
    sd, bright = words_on_screen(app, _line(app, win)[0], shot)
    assert sd > 0.1 and bright > 0.02, f"the line is not readable on screen (sd {sd}, bright {bright})"

    # Subtitles › Off: the menu opened by mouse.
    off = menu_item(app, win, "Subtitles", "Off")
    assert on_screen(off)
    i = trace.count()
    off.queryAction().doAction(0)
    trace.wait("player-text-track", lambda e: e["index"] == -1, after=i)
    wait_until(lambda: not _line(app, win), 5, what="the line to go")
    app.screenshot("off")

    # Back on, by keyboard (paused, so that the bars stay): Tab to the menu
    # button, Return opens the menu, Down goes past Off to the file, Return
    # chooses it.
    app.key("space")
    trace.wait("player-state", lambda e: e["state"] == "paused")
    _tab_to(app, "Subtitles")
    i = trace.count()
    app.key("Return")
    app.find(win, role="menu item", name="Film.srt", timeout=5)
    app.key("Down", "Return")
    trace.wait("player-text-track", lambda e: e["index"] >= 0, after=i)
    wait_until(lambda: _line(app, win), 10, what="the line to come back, though paused")


def test_a_forced_file_in_the_users_language_shows_by_itself(play, film, tmp_path):
    """Signs.en.forced.srt beside an English film, for an English-speaking
    person: nothing chosen, its lines show (the forced rule: signs and
    foreign words a person would otherwise miss), and the menu says so."""
    (tmp_path / "Signs.mkv").symlink_to(film / "Film.mkv")
    sign = "A sign on the wall, read aloud by nobody"
    # One line, as forced files often have: too short for GStreamer to
    # tell it is SubRip, so Reel reads it itself.
    (tmp_path / "Signs.en.forced.srt").write_text(f"1\n00:00:00,500 --> 00:00:35,000\n{sign}\n")
    app, win, trace = play(tmp_path / "Signs.mkv", env={"LANGUAGE": "en"})
    loaded = trace.wait("player-subtitle-file")
    assert loaded["uri"] == (tmp_path / "Signs.en.forced.srt").as_uri(), loaded
    _readable(app, win, sign, "forced-line")
    item = menu_item(app, win, "Subtitles", "English (Forced) — Signs.en.forced.srt")
    wait_until(lambda: "checked" in states(item), 5, what="the forced file checked in the menu")
    app.key("Escape")


def test_the_audio_menu_switches_the_sound_and_remembers_it(play, film, profile):
    app, win, trace = play(film / "Film.mkv")
    app.find(win, role="push button", name="Audio", timeout=10)
    english = menu_item(app, win, "Audio", "English (Stereo)")
    german = app.find(win, role="menu item", name="German — Kommentar (5.1)", timeout=5)
    assert on_screen(english) and on_screen(german)
    before = trace.last_pts()
    i = trace.count()
    german.queryAction().doAction(0)
    assert trace.wait("player-audio-track", after=i)["index"] == 1
    # The old stream's queued sound is flushed by a seek to where the film
    # is: neither a pause nor a jump back.
    switched = trace.wait("player-audio-switched", after=i)
    assert switched["ms"] >= 0
    wait_until(lambda: trace.last_pts() > before + 1, 10, what="the film to play on")
    assert not [e for e in trace.events()[i:] if e["event"] == "player-state" and e["state"] == "paused"]
    seeks = [e for e in trace.events()[i:] if e["event"] == "player-seek"]
    assert len(seeks) == 1 and seeks[0]["target"] >= before - 0.1, (seeks, before)
    frames = [e["pts"] for e in trace.frames_after(i)]
    assert frames == sorted(frames), "no frame from before the switch came again"
    state = profile / "state" / "reel" / "state.json"
    wait_until(lambda: state.exists() and json.loads(state.read_text()).get("trackChoices"), 5, what="the choice kept")
    assert json.loads(state.read_text())["trackChoices"][(film / "Film.mkv").as_uri()]["audio"] == 1

    # By keyboard, paused: back to English.
    app.key("space")
    trace.wait("player-state", lambda e: e["state"] == "paused")
    _tab_to(app, "Audio")
    i = trace.count()
    app.key("Return")
    app.find(win, role="menu item", name="English (Stereo)", timeout=5)
    app.key("Return")
    assert trace.wait("player-audio-track", after=i)["index"] == 0


def test_delay_keys_and_the_encoding_menu(play, film):
    app, win, trace = play(film / "Film.mkv")
    wait_until(lambda: _line(app, win), 15, what="the subtitle line")
    # x later, z earlier, a tenth of a second each, said in a toast.
    app.key("x", "x")
    wait_until(lambda: [e for e in trace.named("player-text-offset") if abs(e["seconds"] - 0.2) < 1e-6], 5,
               what="a delay of 0.2 s")
    app.find(win, role="label", name="Subtitle delay +0.2 s", timeout=5)
    app.key("z", "z", "z")
    wait_until(lambda: abs(trace.named("player-text-offset")[-1]["seconds"] + 0.1) < 1e-6, 5, what="-0.1 s")

    # Subtitles › Encoding › Chinese: the file is read again in GBK, from
    # where the film was, and its (ASCII) line shows again. Paused, so that
    # the bars stay; it stays paused.
    app.key("space")
    trace.wait("player-state", lambda e: e["state"] == "paused")
    menu_item(app, win, "Subtitles", "Encoding").queryAction().doAction(0)
    chinese = app.find(win, role="menu item", name="Chinese Simplified (GBK)", timeout=5, visible=False)
    before = trace.last_pts()
    i = trace.count()
    chinese.queryAction().doAction(0)
    reloaded = trace.wait("player-subtitle-file", lambda e: e.get("encoding") == "GBK", after=i)
    assert reloaded["uri"] == (film / "Film.srt").as_uri()
    seek = trace.wait("player-seek", after=i)
    assert abs(seek["target"] - before) < 0.2, (seek, before)
    wait_until(lambda: _line(app, win), 15, what="the line again")
    assert trace.named("player-state")[-1]["state"] == "paused"


def test_the_choices_are_kept_for_the_film(play, film):
    app, win, trace = play(film / "Film.mkv")
    wait_until(lambda: _line(app, win), 15, what="the subtitle line")
    menu_item(app, win, "Subtitles", "Off").queryAction().doAction(0)
    menu_item(app, win, "Audio", "German — Kommentar (5.1)").queryAction().doAction(0)
    trace.wait("player-audio-track", lambda e: e["index"] == 1)
    app.quit()

    # Opened again: German, no subtitles, though the file is still beside it.
    app, win, trace = play(film / "Film.mkv")
    trace.wait("player-audio-track", lambda e: e["index"] == 1)
    trace.wait("player-text-track", lambda e: e["index"] == -1)
    wait_until(lambda: trace.last_pts() > 2, 10, what="two seconds of the film")
    assert not _line(app, win), "the line shows though Off was chosen"


def test_a_subtitle_file_dropped_on_the_player_shows_and_is_listed(play, film, brought):
    app, win, trace = play(film / "Film.mkv")
    wait_until(lambda: _line(app, win), 15, what="the line of the file beside the film")
    i = trace.count()
    drop_from_outside(app, app.desktop, "files", [str(brought)], to=(490, 370))
    # The video opens again with it, read as UTF-8.
    loaded = trace.wait("player-subtitle-file", lambda e: e["uri"] == brought.as_uri() and "encoding" in e, after=i)
    assert loaded["encoding"] == "UTF-8", loaded
    _readable(app, win, BROUGHT, "dropped")
    assert not _line(app, win), "the line of the file beside the film still shows"
    _listed_and_chosen(app, win, "Brought along.srt")


def test_add_subtitle_file_chooses_one_in_the_file_chooser(play, film, brought):
    app, win, trace = play(film / "Film.mkv")
    wait_until(lambda: _line(app, win), 15, what="the line of the file beside the film")
    menu_item(app, win, "Subtitles", "Add Subtitle File…").queryAction().doAction(0)
    # GTK's own dialog (there is no portal here), over the player.
    app.x_window("Add Subtitle File")
    app.screenshot("chooser")
    i = trace.count()
    app.key("ctrl+l", window="Add Subtitle File")
    app.type_text(str(brought), window="Add Subtitle File")
    app.key("Return", window="Add Subtitle File")
    trace.wait("player-subtitle-file", lambda e: e["uri"] == brought.as_uri(), after=i, timeout=APP_TIMEOUT)
    _readable(app, win, BROUGHT, "added")
    assert not _line(app, win), "the line of the file beside the film still shows"
    _listed_and_chosen(app, win, "Brought along.srt")


def _into_the_mini_window(app, trace, title: str = "Film — Picture in Picture"):
    """`p`: the video goes into the mini window; (its AT-SPI window, its
    pip-shown event) once the window manager has sized it."""
    i = trace.count()
    app.key("p")
    shown = trace.wait("pip-shown", after=i)
    mini = app.wait_window(name=title)
    wait_until(lambda: app.window_geometry(str(shown["xid"])).get("w", 1) > 1, 10, what="the mini window placed")
    return mini, shown


def _mini_window_controls_gone(app, trace) -> None:
    """The pointer away: the mini window's controls (and their shade) go.
    (They may have gone already, on their own timer: what counts is that
    the last word on them is "hidden".)"""
    app.desktop.move_pointer(200, 200)
    wait_until(lambda: trace.named("pip-controls")[-1]["shown"] == 0, 8, what="the mini window's controls hidden")


def _readable_in(app, nodes, title: str, name: str) -> None:
    """Each node's words readable in window `title`'s screenshot (once the
    controls' fade is over)."""
    def readable():
        shot = app.screenshot(name)
        return all((lambda sd, bright: sd > 0.1 and bright > 0.02)(*words_on_screen(app, n, shot, window=title))
                   for n in nodes)
    wait_until(readable, 5, what=f"{[n.name for n in nodes]} readable in the mini window",
               on_timeout=lambda: str([words_on_screen(app, n, app.screenshot(name), window=title) for n in nodes]))


def test_the_line_follows_the_video_into_the_mini_window_at_its_size(play, film):
    app, win, trace = play(film / "Film.mkv")
    wait_until(lambda: _line(app, win), 15, what="the subtitle line")
    big = window_extents(_line(app, win)[0])
    i = trace.count()
    title = "Film — Picture in Picture"
    # The mini window's own line.
    mini, shown = _into_the_mini_window(app, trace, title)

    def line():
        return [n for n in find_all(mini, role="label", name=LINE) if on_screen(n)]
    wait_until(line, 15, what="the line in the mini window")
    x, y, w, h = window_extents(line()[0])
    width, height = shown["width"], shown["height"]
    # Inside the picture (the window has the video's shape), in its lower
    # part, and smaller than in the player, which is four times as high.
    assert x >= 0 and y >= 0 and x + w <= width and y + h <= height, ((x, y, w, h), (width, height))
    assert y > height / 2, f"the line is not in the lower half ({y} of {height})"
    assert h < big[3] * 0.75, f"the line is as big as in the player ({h} px high, {big[3]} px there)"
    assert not _line(app, win), "the line still shows in the main window"
    shot = app.screenshot("mini-window")
    sd, bright = words_on_screen(app, line()[0], shot, window=title)
    assert sd > 0.1 and bright > 0.02, f"the line is not readable in the mini window (sd {sd}, bright {bright})"
    # The controls (and their shade) go with the pointer away; the line stays.
    _mini_window_controls_gone(app, trace)
    _readable_in(app, [line()[0]], title, "mini-window-alone")
    # The delay and size keys work here too, said over the picture (the
    # player's toasts are out of sight).
    k = trace.count()
    app.key("x", window=title)
    assert trace.wait("player-text-offset", after=k)["seconds"] == 0.1
    note = app.find(mini, role="label", name="Subtitle delay +0.1 s", timeout=5)
    shot = app.screenshot("mini-window-delay")
    sd, bright = words_on_screen(app, note, shot, window=title)
    assert sd > 0.1 and bright > 0.02, f"the delay note is not readable (sd {sd}, bright {bright})"
    before = window_extents(line()[0])[3]
    app.key("ctrl+plus", window=title)
    app.find(mini, role="label", name="Subtitle size 110 %", timeout=5)
    wait_until(lambda: window_extents(line()[0])[3] > before, 5, what="a bigger line in the mini window")
    app.key("ctrl+minus", window=title)
    app.key("z", window=title)
    wait_until(lambda: [e for e in trace.named("player-text-offset") if e["seconds"] == 0.0], 5, what="the delay back to 0")
    # Back in the player, the line is the player's again.
    app.key("p", window=title)
    trace.wait("pip-leave", after=i)
    wait_until(lambda: _line(app, win), 15, what="the line back in the player")


FORMAT = ("Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic,"
          " Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR,"
          " MarginV, Encoding")
# A white style and a yellow bold one (ASS colours are &HAABBGGRR), and a
# line whose tags turn words italic and red.
STYLED = "\n".join([
    "[Script Info]", "ScriptType: v4.00+", "", "[V4+ Styles]", FORMAT,
    "Style: Default,Sans,28,&H00FFFFFF,&H000000FF,&H00000000,&H00000000,0,0,0,0,100,100,0,0,1,2,0,2,10,10,20,1",
    "Style: Sign,Sans,28,&H0000FFFF,&H000000FF,&H00000000,&H00000000,-1,0,0,0,100,100,0,0,1,2,0,2,10,10,20,1", "",
    "[Events]", "Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text",
    "Dialogue: 0,0:00:00.50,0:00:30.00,Sign,,0,0,0,,YELLOW SIGN",
    "Dialogue: 0,0:00:00.50,0:00:30.00,Default,,0,0,0,,white {\\i1}slanted{\\i0} {\\c&H0000FF&}RED WORDS", ""])


def _coloured(shot: Path, box: tuple) -> dict:
    """How many pixels in `box` (x, y, w, h on the screen) are strongly
    red, yellow, white and green."""
    x, y, w, h = box
    out = subprocess.run(["convert", str(shot), "-crop", f"{w}x{h}+{x}+{y}", "+repage", "-depth", "8", "txt:-"],
                         capture_output=True, text=True, check=True, timeout=60).stdout
    counts = {"red": 0, "yellow": 0, "white": 0, "green": 0}
    for line in out.splitlines()[1:]:
        rgb = line.split("(", 1)[1].split(")", 1)[0].split(",")[:3]
        r, g, b = (int(float(v)) for v in rgb)
        if r > 200 and g < 70 and b < 70:
            counts["red"] += 1
        elif r < 70 and g > 200 and b < 70:
            counts["green"] += 1
        elif r > 200 and g > 200 and b < 70:
            counts["yellow"] += 1
        elif r > 220 and g > 220 and b > 220:
            counts["white"] += 1
    return counts


def test_an_ass_file_shows_with_its_colours(play, film, tmp_path):
    """An .ass beside the film (GStreamer reads none by itself): its lines
    show in their styles' and tags' colours, read back from the screen."""
    folder = tmp_path / "styled"
    folder.mkdir()
    (folder / "Film.mkv").symlink_to(film / "Film.mkv")
    (folder / "Film.ass").write_text(STYLED)
    app, win, trace = play(folder / "Film.mkv")
    loaded = trace.wait("player-subtitle-file", lambda e: "encoding" in e)
    assert loaded["uri"] == (folder / "Film.ass").as_uri(), loaded

    def line():
        return [n for n in find_all(win, role="label") if "RED WORDS" in (n.name or "") and on_screen(n)]
    wait_until(line, 15, what="the styled lines")
    node = line()[0]
    assert node.name == "YELLOW SIGN\nwhite slanted RED WORDS", repr(node.name)
    shot = app.screenshot("styled")
    sd, bright = words_on_screen(app, node, shot)
    assert sd > 0.1 and bright > 0.02, f"the lines are not readable on screen (sd {sd}, bright {bright})"
    geo = app.window_geometry(app.x_window())
    x, y, w, h = window_extents(node)
    top = _coloured(shot, (geo["x"] + x, geo["y"] + y, w, h // 2))
    bottom = _coloured(shot, (geo["x"] + x, geo["y"] + y + h // 2, w, h - h // 2))
    assert top["yellow"] > 100 and top["red"] < 10, f"the sign is not yellow: {top}"
    assert bottom["red"] > 100 and bottom["white"] > 100 and bottom["yellow"] < 10, f"not white and red: {bottom}"
    # Listed in the menu, chosen.
    _listed_and_chosen(app, win, "Film.ass")


SIGN = "SIGN AT THE TOP"
DIALOGUE = "GREEN WORDS BELOW"
POINT = "CENTRED ON A POINT"
PLAIN = "Plain words of the other track"
# A sign put at the top by its tag (and made yellow), a line of a green
# bold style at the bottom and one centred on a point at a quarter of the
# picture's width, at once: a line a second, as a Matroska track is read
# from where a seek lands.
PLACED = "\n".join([
    "[Script Info]", "ScriptType: v4.00+", "PlayResX: 640", "PlayResY: 360", "", "[V4+ Styles]", FORMAT,
    "Style: Default,Sans,28,&H00FFFFFF,&H000000FF,&H00000000,&H00000000,0,0,0,0,100,100,0,0,1,2,0,2,10,10,20,1",
    "Style: Green,Sans,28,&H0000FF00,&H000000FF,&H00000000,&H00000000,-1,0,0,0,100,100,0,0,1,2,0,2,10,10,20,1", "",
    "[Events]", "Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text",
    *[f"Dialogue: 0,0:00:{t:02d}.00,0:00:{t + 1:02d}.00,Default,,0,0,0,,{{\\an8\\c&H00FFFF&}}{SIGN}" for t in range(40)],
    *[f"Dialogue: 0,0:00:{t:02d}.00,0:00:{t + 1:02d}.00,Green,,0,0,0,,{DIALOGUE}" for t in range(40)],
    *[f"Dialogue: 0,0:00:{t:02d}.00,0:00:{t + 1:02d}.00,Default,,0,0,0,,{{\\an5\\pos(160,180)}}{POINT}" for t in range(40)],
    ""])


@pytest.fixture(scope="module")
def embedded(film, tmp_path_factory) -> Path:
    """The film's picture with two subtitle tracks muxed by ffmpeg: the
    styled ASS above and a SubRip track, both English."""
    folder = tmp_path_factory.mktemp("embedded")
    (folder / "placed.ass").write_text(PLACED)
    (folder / "plain.srt").write_text("".join(f"{t + 1}\n00:00:{t:02d},000 --> 00:00:{t + 1:02d},000\n{PLAIN}\n\n"
                                              for t in range(40)))
    path = folder / "Tracks" / "Tracks.mkv"
    path.parent.mkdir()
    subprocess.run(["ffmpeg", "-loglevel", "error", "-y", "-i", str(film / "Film.mkv"), "-i", str(folder / "placed.ass"),
                    "-i", str(folder / "plain.srt"), "-map", "0:v", "-map", "1", "-map", "2", "-c:v", "copy",
                    "-c:s:0", "ass", "-c:s:1", "srt", "-metadata:s:s:0", "language=eng", "-metadata:s:s:0", "title=Styled",
                    "-metadata:s:s:1", "language=eng", "-metadata:s:s:1", "title=Plain", str(path)],
                   check=True, timeout=120, capture_output=True)
    return path


def _placed_lines(app, win, shot_name: str) -> None:
    """The sign and the dialogue show at once, readable, the sign in the
    picture's upper half and the dialogue in its lower half (the picture is
    centred in the full-screen window), each in its colour; the line at a
    point is centred there (the picture is as wide as the window)."""
    def lines():
        found = {name: _line(app, win, name) for name in (SIGN, DIALOGUE, POINT)}
        return found if all(found.values()) else None
    wait_until(lines, 15, what="the sign and the dialogue")
    shot = app.screenshot(shot_name)
    sign, dialogue = lines()[SIGN][0], lines()[DIALOGUE][0]
    for node in (sign, dialogue):
        sd, bright = words_on_screen(app, node, shot)
        assert sd > 0.1 and bright > 0.02, f"{node.name!r} is not readable on screen (sd {sd}, bright {bright})"
    geo = app.window_geometry(app.x_window())
    middle = geo["h"] / 2
    sx, sy, sw, sh = window_extents(sign)
    dx, dy, dw, dh = window_extents(dialogue)
    assert sy + sh < middle < dy, f"not the sign above the middle and the dialogue below: {(sy, sh)}, {(dy, dh)}, {middle}"
    px, py, pw, ph = window_extents(lines()[POINT][0])
    assert abs(px + pw / 2 - geo["w"] / 4) < geo["w"] * 0.02 and abs(py + ph / 2 - middle) < geo["h"] * 0.02, \
        f"the line at a point is not centred on it: {(px, py, pw, ph)} in {geo}"
    assert ph < sh * 1.5, f"the line at a point wrapped though the view has room: {ph} px high, the sign {sh}"
    top = _coloured(shot, (geo["x"] + sx, geo["y"] + sy, sw, sh))
    bottom = _coloured(shot, (geo["x"] + dx, geo["y"] + dy, dw, dh))
    assert top["yellow"] > 100 and top["green"] < 10, f"the sign is not yellow: {top}"
    assert bottom["green"] > 100 and bottom["yellow"] < 10, f"the dialogue is not green: {bottom}"


def test_an_ass_sign_shows_at_the_top_while_the_dialogue_shows_at_the_bottom(play, film, tmp_path):
    """An .ass beside the film puts a sign at the top (\\an8) while a line
    is spoken at the bottom: two labels, each at its place in the picture."""
    folder = tmp_path / "placed"
    folder.mkdir()
    (folder / "Film.mkv").symlink_to(film / "Film.mkv")
    (folder / "Film.ass").write_text(PLACED)
    app, win, trace = play(folder / "Film.mkv")
    _placed_lines(app, win, "placed")
    # In the mini window too, scaled with its picture.
    title = "Film — Picture in Picture"
    mini, shown = _into_the_mini_window(app, trace, title)

    def line(name):
        return [n for n in find_all(mini, role="label", name=name) if on_screen(n)]
    wait_until(lambda: line(SIGN) and line(DIALOGUE), 15, what="the lines in the mini window")
    _, sy, _, sh = window_extents(line(SIGN)[0])
    _, dy, _, dh = window_extents(line(DIALOGUE)[0])
    height = shown["height"]
    assert sy >= 0 and sy + sh < height / 2 < dy and dy + dh <= height, ((sy, sh), (dy, dh), height)
    # Read once the controls' shade has gone with the pointer.
    _mini_window_controls_gone(app, trace)
    _readable_in(app, [line(SIGN)[0], line(DIALOGUE)[0]], title, "placed-mini-window")


def test_an_ass_track_in_the_film_keeps_its_styles_and_places(play, embedded):
    """The film's own ASS track, chosen in the Subtitles menu: GStreamer's
    parser would drop its styles and places; here they show as in a file.
    Its SubRip track, chosen next, shows its line in their stead."""
    app, win, trace = play(embedded)
    i = trace.count()
    menu_item(app, win, "Subtitles", "English — Styled").queryAction().doAction(0)
    trace.wait("player-text-track", lambda e: e["index"] >= 0, after=i)
    _placed_lines(app, win, "embedded")
    i = trace.count()
    menu_item(app, win, "Subtitles", "English — Plain").queryAction().doAction(0)
    trace.wait("player-text-track", lambda e: e["index"] >= 0, after=i)
    _readable(app, win, PLAIN, "plain-track")
    wait_until(lambda: not _line(app, win, SIGN) and not _line(app, win, DIALOGUE), 5, what="the styled lines to go")


def test_a_subrip_sign_marked_an8_shows_at_the_top(play, film, tmp_path):
    """A SubRip file as fan subtitles write signs: `{\\an8}` before the
    sign's words puts it at the top of the picture while the dialogue
    shows at the bottom."""
    folder = tmp_path / "signs"
    folder.mkdir()
    (folder / "Film.mkv").symlink_to(film / "Film.mkv")
    (folder / "Film.srt").write_text(
        f"1\n00:00:00,000 --> 00:00:40,000\n{{\\an8}}{SIGN}\n\n2\n00:00:00,000 --> 00:00:40,000\n{DIALOGUE}\n\n")
    app, win, trace = play(folder / "Film.mkv")
    wait_until(lambda: _line(app, win, SIGN) and _line(app, win, DIALOGUE), 15, what="the sign and the dialogue")
    shot = app.screenshot("signs")
    sign, dialogue = _line(app, win, SIGN)[0], _line(app, win, DIALOGUE)[0]
    for node in (sign, dialogue):
        sd, bright = words_on_screen(app, node, shot)
        assert sd > 0.1 and bright > 0.02, f"{node.name!r} is not readable on screen (sd {sd}, bright {bright})"
    middle = app.window_geometry(app.x_window())["h"] / 2
    _, sy, _, sh = window_extents(sign)
    _, dy, _, _ = window_extents(dialogue)
    assert sy + sh < middle < dy, f"not the sign above the middle and the dialogue below: {sy + sh}, {dy}, {middle}"
