"""The main window, the shortcuts window, translations, quitting and the
remembered window size — driven through the real binary (see harness.py)."""

from __future__ import annotations

import re

import pytest

from harness import (APP_TIMEOUT, all_strings, bad_log_lines, extents, find_all, node_role,
                     image_stats, shortcut_titles, wait_until)
from player_helpers import make_clip

EMPTY_TITLE = "No Videos Yet"
EMPTY_DESCRIPTION = "Open a video file or a link to start watching."
OPEN_VIDEO = "Open Video\u2026"
OPEN_URL = "Open URL\u2026"


def assert_window_drawn(app, shot, what):
    """The window's region of a screenshot is not one flat colour (a failed
    GL render under Xvfb shows up as a black or empty window)."""
    geo = app.window_geometry(app.x_window())
    mean, sd = image_stats(shot, (geo["x"], geo["y"], geo["w"], geo["h"]))
    assert sd > 0.02, f"{what}: window area of {shot} looks blank (mean={mean:.3f}, sd={sd:.4f})"


def test_main_window_shows_empty_state(launch_ready):
    app, win = launch_ready()
    assert win.name == "Reel"

    title = app.find(win, role="label", name=EMPTY_TITLE)
    description = app.find(win, role="label", name=EMPTY_DESCRIPTION)
    title_y = extents(title, "window")[1]
    assert title_y < extents(description, "window")[1], "description is not below the title"

    # The page's own buttons, below its title (the header bar may have an
    # icon button with the same accessible name).
    def below_title(name):
        def pred():
            hits = [b for b in find_all(win, role="push button", name=name, visible=True)
                    if extents(b, "window")[1] > title_y]
            return hits[0] if hits else None
        return wait_until(pred, 5, what=f"button {name!r} below the title",
                          on_timeout=lambda: app.tree(win))

    for name in (OPEN_VIDEO, OPEN_URL):
        below_title(name)

    shot = app.screenshot("empty-state")
    assert_window_drawn(app, shot, "empty state")


def test_shortcuts_window_lists_every_shortcut(launch_ready, reel_src, tmp_path):
    """Pages opened on the one for what the user is doing: the feed's keys
    from the feed, the player's from the player (with its sound and
    subtitles, and the mini window's, a title menu away), the camera's from
    the camera, the movie maker's from the movie page. Between them every
    title of the shortcut table shows."""
    source = reel_src / "Sources" / "ReelCore" / "ShortcutTable.swift"
    assert source.is_file(), f"{source} not found (set REEL_SRC to the source tree)"
    titles = shortcut_titles(source)
    assert titles, f"no `title: N_(\"…\")` entries found in {source}"
    clip = tmp_path / "clip.mp4"
    make_clip(clip, 2, 320, 180, 30)

    def shown_page(app, main, name):
        app.key("ctrl+question")
        sw = wait_until(lambda: next((w for w in app.windows() if w != main), None), APP_TIMEOUT,
                        what="the shortcuts window (Ctrl+?)", on_timeout=app.tree)
        # Its shortcuts read once the window has them (built at once from
        # its layout: a title there means the others are too).
        shown = wait_until(lambda: (strings := set(all_strings(sw))) & set(titles) and strings, APP_TIMEOUT,
                           what="the shortcuts window's titles")
        app.screenshot(f"shortcuts-{name}")
        return shown

    app, main = launch_ready()
    feed = shown_page(app, main, "feed")
    assert "Open Video" in feed and "Back 5 Seconds" not in feed, sorted(feed)
    app.kill()
    app, main = launch_ready(args=[str(clip)])
    player = shown_page(app, main, "player")
    assert "Back 5 Seconds" in player and "Open Video" not in player, sorted(player)
    # The player's second section, Sound and Subtitles, which the window's
    # title menu switches to: its words, shown or not.
    sw = next(w for w in app.windows() if w != main)
    section = [n for n in find_all(sw, name="Sound and Subtitles") if node_role(n) == "panel"][0]
    sound = set(all_strings(section, visible_only=False))
    assert "Subtitles 0.1 s Later" in sound and "Back 5 Seconds" not in sound, sorted(sound)
    # The mini window's: its own keys, the subtitle keys among them.
    section = [n for n in find_all(sw, name="Picture in Picture") if node_role(n) == "panel"][0]
    mini = set(all_strings(section, visible_only=False))
    assert "Back to the Player" in mini and "Subtitles 0.1 s Later" in mini and "Open Video" not in mini, sorted(mini)
    assert app.find(sw, name="Player", role="push button"), "no title menu to reach the other sections"
    app.kill()
    # The camera's page, from the camera (no camera here: the page is the
    # no-camera one, the keys are listed all the same).
    app, main = launch_ready()
    app.key("ctrl+t")
    app.find(main, name="No Camera Found", timeout=APP_TIMEOUT)
    camera = shown_page(app, main, "camera")
    assert "Take Photo, Start or Stop Recording" in camera and "Back 5 Seconds" not in camera, sorted(camera)
    app.kill()
    # The movie page's, from the movie page (Main Menu › Movies › New Movie,
    # by keys: a popover's items report no place on screen to click).
    app, main = launch_ready()
    app.click(app.find(main, role="push button", name="Main Menu"))
    app.find(main, role="menu item", name="Movies", timeout=APP_TIMEOUT)
    app.desktop.xdotool("key", "--delay", "150", "Down", "Down", "Return")
    app.find(main, role="menu item", name="New Movie", timeout=APP_TIMEOUT, visible=False)
    app.desktop.xdotool("key", "--delay", "150", "Down", "Return")
    app.find(main, role="push button", name="Back to the Feed", timeout=APP_TIMEOUT)
    movie = shown_page(app, main, "movie")
    assert "Move Clip Earlier" in movie and "Open Video" not in movie, sorted(movie)
    missing = [t for t in titles if t not in feed | player | sound | mini | camera | movie]
    assert not missing, f"listed on no page: {missing}"


@pytest.mark.parametrize("language, title, buttons", [
    ("zh_CN", "还没有视频", ("打开视频\u2026", "打开链接\u2026")),
    ("vi", "Chưa có video", ("Mở video\u2026", "Mở URL\u2026")),
], ids=["zh_CN", "vi"])
def test_empty_state_is_translated(launch_ready, language, title, buttons):
    # glibc honours LANGUAGE with LANG=C.UTF-8 (it only ignores it for the
    # plain "C" locale), so no generated locale is needed.
    app, win = launch_ready(env={"LANG": "C.UTF-8", "LANGUAGE": language})
    app.find(win, role="label", name=title)
    for b in buttons:
        app.find(win, role="push button", name=b)
    texts = all_strings(win)
    assert EMPTY_TITLE not in texts, f"untranslated title still shown for {language}"
    app.screenshot(language)


@pytest.mark.parametrize("language,about", [("zh_CN", "关于 Reel(A)"), ("vi", "Giới thiệu Reel")],
                         ids=["zh_CN", "vi"])
def test_primary_menu_is_translated(launch_ready, language, about):
    # The menu comes from data/ui/main-window.ui: GtkBuilder translates it
    # through the app's gettext domain.
    app, win = launch_ready(env={"LANG": "C.UTF-8", "LANGUAGE": language})
    app.key("F10")
    app.find(win, role="menu item", name=about, timeout=APP_TIMEOUT)
    app.screenshot(language)


def test_ctrl_q_quits_cleanly(launch_ready):
    app, _ = launch_ready()
    result = app.quit(timeout=10)
    bad = bad_log_lines(result.stderr)
    assert result.returncode == 0, f"exit status {result.returncode}\n--- stderr ---\n{result.stderr}"
    assert not bad, "GLib warnings/criticals on stderr:\n" + "\n".join(bad) + \
        f"\n--- full stderr ---\n{result.stderr}"


def test_window_size_is_remembered(launch_ready):
    app, win = launch_ready()
    wid = app.x_window()
    before = app.window_geometry(wid)
    frame_before = extents(win, "window")
    # CSD margins: the X window is a little larger than the GTK frame.
    dw, dh = before["w"] - frame_before[2], before["h"] - frame_before[3]

    target = (before["w"] - 173, before["h"] - 119)
    assert target[0] >= 400 and target[1] >= 320, f"default window too small to shrink: {before}"
    app.desktop.xdotool("windowsize", "--sync", wid, str(target[0]), str(target[1]))

    # Wait until GTK itself has taken the new size, not just the X server.
    def resized():
        _, _, w, h = extents(win, "window")
        return abs(w + dw - target[0]) <= 2 and abs(h + dh - target[1]) <= 2
    wait_until(resized, 5, what=f"the window to take the size {target}",
               on_timeout=lambda: f"frame extents {extents(win, 'window')}, X {app.window_geometry(wid)}")
    after = app.window_geometry(wid)
    app.screenshot("resized")

    result = app.quit()
    assert result.returncode == 0, result.stderr

    again, _ = launch_ready()
    got = again.window_geometry(again.x_window())
    again.screenshot("relaunched")
    assert abs(got["w"] - after["w"]) <= 4 and abs(got["h"] - after["h"]) <= 4, (
        f"window size not remembered: resized to {after['w']}x{after['h']}, "
        f"relaunched at {got['w']}x{got['h']} (first launch was {before['w']}x{before['h']})")
    assert again.quit().returncode == 0


def test_clicking_close_quits(launch_ready):
    app, win = launch_ready()
    close = app.find(win, role="push button", name="Close")
    app.click(close)
    result = app.wait_exit(timeout=10)
    assert result.returncode == 0, f"exit status {result.returncode}\n{result.stderr}"
