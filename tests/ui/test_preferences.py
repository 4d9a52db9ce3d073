"""The Preferences window: opened with Ctrl+, and from the main menu, every
row named and on screen, a switch turned by keyboard writing its setting
(and the main menu following it), a setting changed elsewhere showing in
the window, and a choice row writing its key."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from harness import (APP_TIMEOUT, all_strings, find_all, image_stats, node_children, node_name, node_role, on_screen, states,
                     wait_until, walk)
from player_helpers import Trace, keyfile as write_keyfile, make_clip

# The rows of each page, by its tab.
ROWS = {"General": ["Preview Strip", "Strip Sound", "Sample Videos", "Clear History", "Mirror the Preview"],
        "Player": ["At the End of a Video", "Resume Long Videos", "Resume Videos Longer Than", "Streaming Quality",
                   "Deinterlacing", "Hardware Decoding", "Subtitles", "Font", "Size"]}


def keyfile(profile: Path) -> str:
    path = profile / "config" / "glib-2.0" / "settings" / "keyfile"
    return path.read_text() if path.exists() else ""


def setting(profile: Path, key: str) -> str | None:
    match = re.search(rf"^{re.escape(key)}=(.*)$", keyfile(profile), re.M)
    return match.group(1) if match else None


def write_setting(profile: Path, key: str, value: str) -> None:
    """As another program would (the keyfile backend follows its file)."""
    path = profile / "config" / "glib-2.0" / "settings" / "keyfile"
    text = path.read_text()
    if re.search(rf"^{re.escape(key)}=", text, re.M):
        text = re.sub(rf"^{re.escape(key)}=.*$", f"{key}={value}", text, flags=re.M)
    else:
        text = text.rstrip("\n") + f"\n{key}={value}\n"
    path.write_text(text)


def row_switch(app, window, title: str):
    """The switch at the end of the row titled `title` (GTK 4.8 announces a
    GtkSwitch as a check box, named by the row's activatable widget)."""
    return app.find(window, role="check box", name=title)


def checked(node) -> bool:
    return "checked" in states(node) or "pressed" in states(node)


def test_preferences_open_with_ctrl_comma_and_every_row_shows(launch_ready, profile):
    app, win = launch_ready()
    app.find(win, role="label", name="No Videos Yet", timeout=APP_TIMEOUT)
    app.key("ctrl+comma")
    prefs = app.wait_window(name="Preferences")
    # Each page's rows are there and their words drawn (not a flat box), in
    # the Preferences window itself (once its first frames and the page's
    # transition are drawn).
    for page, titles in reversed(ROWS.items()):   # the first page last, for what follows
        app.click(app.find(prefs, role="page tab", name=page), window="Preferences")
        app.find(prefs, role="label", name=titles[0], timeout=5)

        def missing():
            shot = app.screenshot(f"preferences-{page.lower()}")
            return [title for title in titles
                    if not (label := [n for n in find_all(prefs, role="label", name=title) if on_screen(n)])
                    or not shown_in(app, "Preferences", label[0], shot)]
        wait_until(lambda: not missing(), 5, what=f"the {page} page's rows on screen",
                   on_timeout=lambda: f"not on screen: {missing()}")

    # No GPU here: the hardware decoding row says so, and cannot be turned.
    hardware = [n for n in find_all(prefs, name="Hardware Decoding") if node_role(n) == "list item"][0]
    assert "sensitive" not in states(hardware), states(hardware)
    app.find(prefs, role="label", name="No hardware video decoder was found on this computer")

    # The pages' switcher has the focus, and Tab goes on to the first row:
    # Space turns its switch on, and the setting (and the main menu's check
    # item) follow.
    assert setting(profile, "show-preview-strip") == "false"
    switch = row_switch(app, prefs, "Preview Strip")
    assert not checked(switch)
    row = [n for n in find_all(prefs, name="Preview Strip") if node_role(n) == "list item"][0]
    tab_until(app, prefs, row, 6)
    assert "focused" in states(row), "Tab never reaches the first row"
    app.key("space", window="Preferences")
    wait_until(lambda: setting(profile, "show-preview-strip") == "true", 5,
               what="the preview strip setting to be written", on_timeout=lambda: keyfile(profile))
    wait_until(lambda: checked(switch), 5, what="the switch to show it is on")

    # A setting changed elsewhere shows in the window at once.
    mirror = row_switch(app, prefs, "Mirror the Preview")
    assert checked(mirror)
    write_setting(profile, "camera-mirror", "false")
    wait_until(lambda: not checked(mirror), 5, what="the mirror switch to follow the setting")
    write_setting(profile, "end-action", "'loop'")
    app.click(app.find(prefs, role="page tab", name="Player"), window="Preferences")
    app.find(prefs, role="label", name="Loop", timeout=5)

    # Escape closes it; the main menu's check item says the strip is on.
    app.key("Escape", window="Preferences")
    wait_until(lambda: all(node_name(w) != "Preferences" for w in app.windows()), 5,
               what="the Preferences window to close")
    app.key("F10")
    item = app.find(win, role="check menu item", name=re.compile("Preview Strip"), timeout=APP_TIMEOUT)
    assert checked(item), "the menu does not follow the setting"
    app.key("Escape")


def test_preferences_from_the_menu_and_a_choice_by_keyboard(launch_ready, profile):
    app, win = launch_ready()
    app.find(win, role="label", name="No Videos Yet", timeout=APP_TIMEOUT)
    # F10 opens the primary menu; Up wraps to its last item (About Reel),
    # then Keyboard Shortcuts, then Preferences.
    app.key("F10")
    app.find(win, role="menu item", name=re.compile("Preferences"), timeout=APP_TIMEOUT)
    app.desktop.xdotool("key", "--delay", "150", "Up", "Up", "Up", "Return")
    prefs = app.wait_window(name="Preferences")
    # The Player page, by keyboard: Tab to its tab, Space.
    tab = app.find(prefs, role="page tab", name="Player")
    tab_until(app, prefs, tab, 4)
    assert "focused" in states(tab), "Tab never reaches the Player page's tab"
    app.key("space", window="Preferences")
    end = app.find(prefs, role="label", name="At the End of a Video")
    wait_until(lambda: on_screen(end), 5, what="the Player page")
    assert setting(profile, "end-action") in (None, "'stop'")
    # Tab until the end action's row has the focus, then open its list.
    row = [n for n in find_all(prefs, name="At the End of a Video") if node_role(n) != "label"][0]
    tab_until(app, prefs, row, 8)
    assert "focused" in states(row), "Tab never reaches the end action's row"
    app.key("Return", window="Preferences")
    # The list of choices pops up; Down moves to "Close the Player".
    app.find(prefs, name="Close the Player", timeout=5)
    app.key("Down", "Return", window="Preferences")
    wait_until(lambda: setting(profile, "end-action") == "'close'", 5,
               what="the end action to be written", on_timeout=lambda: keyfile(profile) + app.tree(prefs))
    app.screenshot("end-action")


@pytest.fixture(scope="module")
def long_clip(tmp_path_factory) -> Path:
    """Over three minutes, so its position is remembered; tiny and fast to make."""
    path = tmp_path_factory.mktemp("prefs-media") / "long.mp4"
    make_clip(path, 200, 160, 90, 5)
    return path


@pytest.mark.parametrize("choice", ["always", "never"])
def test_resume_setting_decides_where_a_long_video_starts(launch_ready, profile, artifacts, long_clip, choice):
    """Ask (the offer) is test_player's; here the other two choices of the
    Resume Long Videos row: start where it was left, or at the beginning."""
    write_keyfile(profile, resume=f"'{choice}'")
    state = profile / "state" / "reel" / "state.json"
    state.parent.mkdir(parents=True, exist_ok=True)
    state.write_text(json.dumps({"version": 1, "recent": [], "hiddenIDs": [],
                                 "playbackPositions": {long_clip.as_uri(): 100.0}}))
    trace = Trace(artifacts / f"trace-{choice}.jsonl")
    app, win = launch_ready(args=[str(long_clip)], env={"REEL_TRACE": str(trace.path)})
    trace.wait("player-first-frame")
    if choice == "always":
        seek = trace.wait("player-seek")
        assert abs(seek["target"] - 100) < 0.01, seek
        done = trace.wait("player-seek-done", after=trace.events().index(seek))
        assert done["position"] > 95, done
    else:
        # Two seconds of the video played from its start, and no seek.
        assert trace.named("frame")[0]["pts"] < 1, trace.named("frame")[0]
        wait_until(lambda: trace.last_pts() >= 2, 15, what="two seconds of the video")
        assert not trace.named("player-seek"), "the video did not start from the beginning"
    assert not [n for n in find_all(win, role="push button", name="Resume") if on_screen(n)], \
        "the resume offer is shown though the setting decided"


def focused_in(win):
    return next((n for n in walk(win, visible_only=True) if "focused" in states(n)), None)


def tab_until(app, win, node, most: int) -> None:
    """Presses Tab in the Preferences window until `node` has the focus (at
    most `most` times), each time waiting for the focus to move."""
    def where(n):
        return n and (node_role(n), node_name(n), tuple(n.queryComponent().getExtents(1)))
    for _ in range(most):
        if "focused" in states(node):
            return
        before = where(focused_in(win))
        app.key("Tab", window="Preferences")
        wait_until(lambda: (now := where(focused_in(win))) and now != before, 5, what="the focus to move on Tab")


def shown_in(app, window: str, node, shot: Path) -> bool:
    """Inside the window's visible area (not scrolled away) and drawn with
    words that contrast with what is behind them."""
    x, y, w, h = node.queryComponent().getExtents(1)
    geometry = app.window_geometry(app.x_window(window))
    if w <= 0 or h <= 0 or y < 0 or y + h > geometry["h"] or x + w > geometry["w"]:
        return False
    _, deviation = image_stats(shot, (geometry["x"] + x, geometry["y"] + y, w, h))
    # A row's subtitle spans the row but its words only part of it: small
    # grey words over a wide box measure about 0.06; a flat box is 0.
    return deviation > 0.03


def test_save_folders_show_where_things_go_and_the_feed_lists_them(launch_ready, profile, tmp_path):
    """A recordings folder chosen outside Videos: its videos are in the
    feed, its row says where it is, and Use the Standard Folder brings
    both back; the folder chooser opens by keyboard, named for its job."""
    elsewhere = tmp_path / "clips"
    elsewhere.mkdir()
    make_clip(elsewhere / "harbour at dusk.mp4", 2, 160, 90, 5)
    write_keyfile(profile, recordings_folder=f"'{elsewhere}'")
    app, win = launch_ready()
    app.find(win, role="label", name="harbour at dusk", timeout=APP_TIMEOUT)
    app.screenshot("feed")
    app.key("ctrl+comma")
    prefs = app.wait_window(name="Preferences")
    # The folders have a page of their own: its button in the header.
    app.click(app.find(prefs, role="page tab", name="Saving"), window="Preferences")
    app.find(prefs, role="label", name="Folders", timeout=5)
    # Tab to the recordings row's folder button (the second of three), as a
    # person would.
    choose = find_all(prefs, role="push button", name="Choose a Folder…")
    assert len(choose) == 3, [node_name(n) for n in choose]
    tab_until(app, prefs, choose[1], 40)
    assert "focused" in states(choose[1]), "Tab never reaches the recordings folder's button"
    # Both folders on screen once the scroll's animation is over.
    recordings = app.find(prefs, role="label", name=str(elsewhere))
    standard = app.find(prefs, role="label", name="~/Pictures/Reel")

    def both_shown():
        shot = app.screenshot("saving")
        return shown_in(app, "Preferences", recordings, shot) and shown_in(app, "Preferences", standard, shot)
    wait_until(both_shown, 5, what="the chosen folder and the photos' standard folder on screen")
    home = profile / "home"
    resets = [n for n in find_all(prefs, role="push button", name="Use the Standard Folder") if on_screen(n)]
    assert len(resets) == 1, "only the chosen folder's row can go back to the standard one"

    # Chosen elsewhere (another program): the row follows.
    pictures = home / "Photos from Reel"
    write_setting(profile, "photos-folder", f"'{pictures}'")
    app.find(prefs, role="label", name="~/Photos from Reel", timeout=5)

    # The folder chooser opens over Preferences, named for what it chooses;
    # Escape leaves the setting as it was.
    # (GTK 4.8 gives its file chooser dialog the role "filler".)
    def chooser_open() -> bool:
        return any(node_name(top) == "Save Recordings In" for top in node_children(app.application()))
    app.key("Return", window="Preferences")
    wait_until(chooser_open, 10, what="the folder chooser")
    app.screenshot("chooser")
    app.key("Escape", window="Save Recordings In")
    wait_until(lambda: not chooser_open(), 5, what="the folder chooser to close")
    assert setting(profile, "recordings-folder") == f"'{elsewhere}'"

    # Back to the standard folder (the recordings row's button, the second
    # of two now): the row says so and the feed lets the other folder go.
    resets = [n for n in find_all(prefs, role="push button", name="Use the Standard Folder") if on_screen(n)]
    assert len(resets) == 2
    app.click(resets[1], window="Preferences")
    wait_until(lambda: setting(profile, "recordings-folder") == "''", 5, what="the recordings folder to be the standard",
               on_timeout=lambda: keyfile(profile))
    assert setting(profile, "photos-folder") == f"'{pictures}'"
    wait_until(lambda: len(find_all(prefs, role="label", name="~/Videos/Reel")) == 2, 5,
               what="the recordings row to say the standard folder")
    app.screenshot("save-folders")
    wait_until(lambda: not find_all(win, role="label", name="harbour at dusk"), 10,
               what="the feed to let the other folder's video go")


def test_subtitle_size_is_a_setting_the_player_keys_change(launch_ready, profile, long_clip):
    """Ctrl+plus in the player makes subtitles bigger and keeps the size;
    Preferences shows it, and a size written elsewhere shows there."""
    app, win = launch_ready(args=[str(long_clip)])
    app.find(win, role="push button", name=re.compile("Pause|Play"), timeout=APP_TIMEOUT)
    app.key("ctrl+plus")
    wait_until(lambda: setting(profile, "subtitle-size") == "110", 5, what="the size to be kept",
               on_timeout=lambda: keyfile(profile))
    app.key("ctrl+comma")
    prefs = app.wait_window(name="Preferences")
    app.click(app.find(prefs, role="page tab", name="Player"), window="Preferences")
    size = app.find(prefs, role="spin button", name="Size", timeout=5)
    wait_until(lambda: size.queryValue().currentValue == 110, 5, what="the size row to show 110")
    write_setting(profile, "subtitle-size", "150")
    wait_until(lambda: size.queryValue().currentValue == 150, 5, what="the size row to follow the setting")
    # The font button is named, and shows the font.
    button = app.find(prefs, role="push button", name="Subtitle Font", timeout=5)
    assert "Sans Bold" in all_strings(button)
