"""Every control named, reachable and visibly focused, on every screen: the
feed with its cards and strip, search, the player and its menus, the mini
window, the camera page with and without a camera, the shortcuts window, the
Preferences window and the dialogs (a11y.py walks each). And the keyboard paths between them: where
the focus lands when a page opens, and where it comes back to.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from a11y import check_screen, current_stop, focused, press_and_wait_move, screen_box, shows_itself
from harness import APP_TIMEOUT, find_all, node_name, node_role, on_screen, states, wait_until, window_extents
from player_helpers import Trace, launch_with_strip, make_clip, play, window_manager  # noqa: F401 (fixtures)
from soundserver import NO_SOUND_ENV

TITLES = ("Alpha", "Bravo", "Charlie")


@pytest.fixture(scope="module")
def clips(tmp_path_factory) -> Path:
    """Still pictures (SMPTE bars), so screenshots differ only by focus."""
    folder = tmp_path_factory.mktemp("a11y-clips")
    for name in TITLES:
        make_clip(folder / f"{name}.mp4", 3, 320, 180, 30, pattern="smpte")
    return folder


@pytest.fixture
def feed(launch_ready, clips, profile, artifacts):
    """Reel on a Videos folder of three clips, with the preview strip."""
    app, win, trace = launch_with_strip(launch_ready, clips, profile, artifacts)
    for title in TITLES:
        app.find(win, role="table cell", name=re.compile(rf"^{title}, .*0:03$"), timeout=APP_TIMEOUT)
    app.focus()
    return app, win, trace


def focus_on(app, role: str, name, window: str = "Reel", limit: int = 30):
    """Tabs until the stop named `name` has the focus."""
    for _ in range(limit):
        stop = current_stop(app)
        if stop and stop.role == role and (name.search(stop.name) if isinstance(name, re.Pattern) else stop.name == name):
            return stop
        press_and_wait_move(app, "Tab", window, stop)
    raise AssertionError(f"Tab never reached [{role}] {name!r}")


def wait_focus(app, role: str, name, what: str):
    def ok():
        stop = current_stop(app)
        if stop is None or stop.role != role:
            return None
        return stop if (name.search(stop.name) if isinstance(name, re.Pattern) else stop.name == name) else None
    return wait_until(ok, 5, what=what, on_timeout=lambda: f"focused: {current_stop(app)}")


def test_the_feed_its_cards_and_the_strip(feed, artifacts):
    app, win, _ = feed
    stops = check_screen(app, "Reel", win, artifacts,
                         must_reach=("Open Video…", "Camera", "Search", "Main Menu"))
    cards = [s for s in stops if s.role == "table cell"]
    # The focused cell carries the card's name: title, subtitle, duration.
    assert [re.match(r"^(\w+), ", s.name).group(1) for s in cards] == list(TITLES), cards
    strip = [s for s in stops if s.name.startswith("Preview: ")]
    assert len(strip) == 1, "the strip is one stop (its picture is not another)"
    # It says which clip shows, and its keys as well as the mouse.
    assert re.match(r"^Preview: (Alpha|Bravo|Charlie), sound off, normal speed$", strip[0].name), strip[0].name
    description = strip[0].node.description
    assert "Return" in description and "2" in description, description
    # The filters read as toggles that are on or off.
    chosen = [s for s in stops if s.name in ("All", "Local", "Remote", "Recent")]
    assert len(chosen) == 4
    assert [s.name for s in chosen if {"checked", "pressed"} & states(s.node)] == ["All"]


def test_search_goes_down_to_its_results_and_escape_closes_it_from_there(feed):
    app, win, _ = feed
    app.key("ctrl+f")
    wait_focus(app, "entry", "Search videos", "the search entry")
    app.type_text("brav")
    app.find(win, role="table cell", name=re.compile(r"^Bravo, "), timeout=5)
    wait_until(lambda: len([n for n in find_all(win, role="table cell", visible=True) if n.queryComponent().getExtents(1).width > 0]) == 1,
               5, what="the search to leave one card")
    # Down goes to the results, not to the strip between them.
    app.key("Down")
    wait_focus(app, "table cell", re.compile(r"^Bravo, "), "Down to move to the result")
    # Escape closes the search from there too (its text goes with it, so
    # the feed shows every card again).
    app.key("Escape")
    wait_until(lambda: [n for n in find_all(win, role="table cell", name=re.compile(r"^Alpha, "), visible=True)
                        if shows_itself(win, n)], 5, what="the search to close and every card to come back")
    search = app.find(win, role="push button", name="Search")
    assert not {"checked", "pressed"} & states(search), "the search bar is still open"


def open_from_card(app, title: str):
    focus_on(app, "table cell", re.compile(rf"^{title}, "))
    app.key("Return")


def test_the_player_its_menus_and_the_way_back_to_the_card(feed, artifacts):
    app, win, trace = feed
    # The third card: once played it moves to the top (Recent first).
    open_from_card(app, "Charlie")
    trace.wait("player-state", lambda e: e["state"] == "playing")
    # The player opens with the focus on Play/Pause.
    wait_focus(app, "push button", "Pause", "the focus on Pause when the player opens")
    app.key("space")
    trace.wait("player-state", lambda e: e["state"] == "paused")
    wait_focus(app, "push button", "Play", "Play after pausing")
    stops = check_screen(app, "Reel", win, artifacts,
                         must_reach=("Back to the Feed", "Back 15 Seconds", "Play", "Forward 15 Seconds", "Position",
                                     "Volume", "Speed, 1×", "Aspect", "More Options", "Picture in Picture"))
    # The video itself is a stop named after it (it keeps the keys while
    # the bars are hidden).
    assert any(s.role == "image" and s.name == "Charlie" for s in stops), stops
    # The position reads as time, not as seconds.
    position = next(s for s in stops if s.name == "Position")
    assert re.match(r"^\d+:\d\d of 0:03$", position.node.description), position.node.description
    volume = next(s for s in stops if s.name == "Volume")
    assert re.match(r"^\d+ %$|^Muted$", volume.node.description), volume.node.description
    # Its menus: every item named, the focus back on the button after Escape.
    focus_on(app, "push button", "Speed, 1×")
    app.key("Return")
    wait_until(lambda: (s := current_stop(app)) and s.role.endswith("menu item"), 5, what="the speed menu to take the focus")
    items = set()
    for _ in range(8):
        stop = current_stop(app)
        assert stop.name.strip(), f"a menu item without a name: {stop}"
        items.add(stop.name)
        press_and_wait_move(app, "Down", "Reel", stop)
    assert {"1×", "2×"} <= items, items
    app.key("Escape")
    wait_focus(app, "push button", "Speed, 1×", "the focus back on the Speed button")
    # Escape leaves the player and the focus comes back to the card of the
    # video just played, wherever it is now.
    app.key("Escape")
    card = wait_focus(app, "table cell", re.compile(r"^Charlie, "), "the focus back on Charlie's card")
    cells = [n for n in find_all(win, role="table cell", visible=True)]
    assert node_name(cells[0]).startswith("Charlie, "), "the card moved to the top as the most recent"
    assert card.box == tuple(cells[0].queryComponent().getExtents(1))


def test_the_mini_window_by_keyboard(feed, artifacts, window_manager):
    app, win, trace = feed
    open_from_card(app, "Alpha")
    trace.wait("player-state", lambda e: e["state"] == "playing")
    app.key("space")
    trace.wait("player-state", lambda e: e["state"] == "paused")
    app.key("p")
    trace.wait("pip-shown")
    title = "Alpha — Picture in Picture"
    mini = app.wait_window(name=title)
    trace.wait("pip-controls", lambda e: e["shown"] == 0, timeout=8)
    # Tab shows the controls, as hovering does, and goes to them.
    app.key("Tab", window=title)
    trace.wait("pip-controls", lambda e: e["shown"] == 1)
    stops = check_screen(app, title, mini, artifacts,
                         must_reach=("Back to the Player", "Close", "Back 15 Seconds", "Play", "Forward 15 Seconds"))
    assert any(s.role == "image" and s.name == "Alpha" for s in stops), stops
    progress = app.find(mini, role="progress bar", name="Position")
    assert re.match(r"^\d+:\d\d of 0:03$", progress.description), progress.description
    # The controls stay while the keyboard is on them.
    focus_on(app, "push button", "Play", window=title)
    i = trace.count()
    trace.wait("pip-controls-held", after=i)
    assert not [e for e in trace.events()[i:] if e["event"] == "pip-controls" and e["shown"] == 0]
    assert app.find(mini, role="push button", name="Play").queryComponent().getExtents(1).width > 0
    # Back to the player: the focus is on Play/Pause again, not the picture.
    focus_on(app, "push button", "Back to the Player", window=title)
    app.key("Return", window=title)
    trace.wait("pip-leave")
    wait_focus(app, "push button", "Play", "the focus on Play/Pause back in the player")


# The player's controls in the order Tab reaches them, top to bottom as on
# screen: the header, (the video,) then the bar from left to right.
PLAYER_CONTROLS = ("Back to the Feed", "Position", "Mute", "Volume", "Back 15 Seconds", "Pause",
                   "Forward 15 Seconds", "Subtitles", "Speed, 1×", "Aspect", "More Options", "Picture in Picture",
                   "Full Screen")
NO_SOUND_TOAST = "No sound output was found: the video plays without sound."
SUBTITLE_LINE = "A line over the picture"


@pytest.fixture(scope="module")
def long_clips(tmp_path_factory) -> Path:
    """A still picture that plays for two minutes (the bars fade while a
    video plays, and a walk takes a while), and the same with a .srt."""
    folder = tmp_path_factory.mktemp("a11y-long")
    make_clip(folder / "Harbour.mp4", 120, 320, 180, 30, pattern="smpte")
    shutil.copy(folder / "Harbour.mp4", folder / "Lines.mp4")
    # Several lines: GStreamer knows a file as SubRip by more than one.
    (folder / "Lines.srt").write_text(f"1\n00:00:00,500 --> 00:01:50,000\n{SUBTITLE_LINE}\n\n"
                                      "2\n00:01:51,000 --> 00:01:55,000\nA later line\n\n"
                                      "3\n00:01:56,000 --> 00:01:58,000\nThe last line\n\n")
    return folder


@pytest.mark.parametrize("state", ["toast", "hidden", "subtitle", "seek"])
def test_the_playing_player_by_keyboard_alone(play, long_clips, artifacts, state):
    """While the video plays and the bars have faded: the first Tab shows
    them and goes on from the video to the bar's first control (Shift+Tab:
    back to the header's; two quick Tabs: its second); the chain then goes through every control of the
    header and the bar in order, and round, whatever else is on screen: a
    toast (no sound output), a subtitle line, or after a seek from the seek
    bar. The keyboard on a control holds the bars."""
    clip = long_clips / ("Lines.mp4" if state == "subtitle" else "Harbour.mp4")
    app, win, trace = play(clip, env=dict(NO_SOUND_ENV) if state == "toast" else None)
    title = clip.stem
    trace.wait("player-state", lambda e: e["state"] == "playing")
    pointer = (1, 1)
    must_reach = PLAYER_CONTROLS
    if state == "toast":
        words = app.find(win, role="label", name=NO_SOUND_TOAST, timeout=5)
        # The pointer rests on the toast's words: libadwaita keeps a toast
        # while it is hovered, and the player under it sees no move.
        x, y, w, h = screen_box(app, "Reel", window_extents(words))
        pointer = (x + w // 2, y + h // 2)
        app.desktop.move_pointer(*pointer)
        must_reach = PLAYER_CONTROLS + ("Dismiss Notice",)
    if state == "subtitle":
        wait_until(lambda: [n for n in find_all(win, role="label", name=SUBTITLE_LINE) if on_screen(n)], 15,
                   what="the subtitle line on screen")
    wait_until(lambda: (shown := trace.named("player-controls")) and shown[-1]["shown"] == 0, 10,
               what="the bars to fade")
    wait_focus(app, "image", title, "the focus on the video once the bars faded")
    i = trace.count()
    if state == "subtitle":
        app.key("shift+Tab")
        trace.wait("player-controls", lambda e: e["shown"] == 1, after=i)
        wait_focus(app, "push button", "Back to the Feed", "the first Shift+Tab to land on the header's control")
    elif state == "hidden":
        # Two quick Tabs, the second before the bars are back: neither is lost.
        app.key("Tab", "Tab")
        trace.wait("player-controls", lambda e: e["shown"] == 1, after=i)
        wait_focus(app, "push button", "Mute", "two quick Tabs to land on the bar's second control")
    else:
        app.key("Tab")
        trace.wait("player-controls", lambda e: e["shown"] == 1, after=i)
        wait_focus(app, "slider", "Position", "the first Tab to land on the bar's first control")
    if state == "seek":
        i = trace.count()
        app.key("Right")
        trace.wait("player-seek-done", after=i)
    start = current_stop(app)
    stops = check_screen(app, "Reel", win, artifacts, must_reach=must_reach, rings=state == "toast", pointer=pointer)
    (artifacts / "tab-order.txt").write_text("".join(f"{s.role}|{s.name}\n" for s in stops))
    # In visual order: the header, then the bar from left to right.
    first = stops.index(next(s for s in stops if s.name == PLAYER_CONTROLS[0]))
    names = [s.name for s in stops[first:] + stops[:first]]
    assert [n for n in names if n in PLAYER_CONTROLS] == list(PLAYER_CONTROLS), names
    assert any(s.role == "image" and s.name == title for s in stops), stops
    # The walks came back to where they started, and the bars stay while the
    # keyboard is there: their fade comes due and is held.
    assert current_stop(app).key == start.key, current_stop(app)
    i = trace.count()
    trace.wait("player-controls-held", after=i)
    assert not [e for e in trace.events()[i:] if e["event"] == "player-controls" and e["shown"] == 0]
    assert current_stop(app).key == start.key, f"the focus left {start} for {current_stop(app)}"


def test_the_camera_page_with_and_without_a_camera(launch_ready, artifacts, tmp_path, window_manager):
    for cameras in ((), ("Test Camera",)):
        listing = tmp_path / "cameras.txt"
        listing.write_text("".join(f"{c}\n" for c in cameras))
        trace = Trace(artifacts / f"trace-{len(cameras)}.jsonl")
        app, win = launch_ready(env={"REEL_TRACE": str(trace.path), "REEL_TEST_CAMERAS": str(listing)})
        app.desktop.xdotool("windowactivate", "--sync", app.x_window())
        app.find(win, role="label", name="No Videos Yet", timeout=APP_TIMEOUT)
        # Opened from its button: Escape comes back to that button.
        focus_on(app, "push button", "Camera")
        app.key("Return")
        trace.wait("camera-page-open")
        if cameras:
            trace.wait("camera-started")
        else:
            app.find(win, role="label", name="No Camera Found", timeout=5)
        check_screen(app, "Reel", win, artifacts, must_reach=("Back",), rings=bool(cameras))
        app.key("Escape")
        wait_focus(app, "push button", "Camera", "the focus back on the Camera button")
        app.quit()


def test_the_feeds_selection_and_the_movie_page(feed, artifacts):
    app, win, trace = feed
    app.click(app.find(win, role="push button", name="Select"))
    focus_on(app, "table cell", re.compile(r"^Alpha, "))
    app.key("ctrl+a")
    app.find(win, role="label", name="3 videos selected", timeout=APP_TIMEOUT)
    # The selection bar's button is reached by Tab, named as read. (The
    # whole screen's walk is the feed's test: with the bar after the grid,
    # GTK 4.8's grid takes Shift+Tab from the bar through every card.)
    focus_on(app, "push button", "Make Movie…")
    app.key("Return")
    app.find(win, role="push button", name=re.compile(r"^Clip 3 of 3: "), timeout=APP_TIMEOUT)
    check_screen(app, "Reel", win, artifacts / "movie", must_reach=("Back to the Feed", "Start (seconds)", "Crossfade between Clips"))
    # Every clip removed: the page that says how to add some.
    focus_on(app, "push button", re.compile(r"^Clip 1 of 3: "))
    app.key("Delete", "Delete", "Delete")
    app.find(win, role="push button", name="Add Videos…", timeout=APP_TIMEOUT)
    check_screen(app, "Reel", win, artifacts / "movie-empty", must_reach=("Back to the Feed", "Add Videos…"))
    app.key("Escape")
    app.find(win, role="table cell", name=re.compile(r"^Alpha, "), timeout=APP_TIMEOUT)
    app.quit()


# Each Preferences page, what its walk must reach, and a label that says
# the page shows.
PREFERENCE_PAGES = {
    "General": (("Preview Strip", "Mirror the Preview", "Saving"), "Feed"),
    "Player": (("At the End of a Video", "Deinterlacing"), "Streaming Quality"),
    "Saving": (("Photos", "Choose a Folder…"), "Folders"),
}


@pytest.mark.parametrize("page", PREFERENCE_PAGES)
def test_each_preferences_page(feed, artifacts, page):
    """A page at a time: each walk takes tens of seconds."""
    app, win, _ = feed
    must_reach, label = PREFERENCE_PAGES[page]
    app.key("ctrl+comma")
    preferences = app.wait_window(name="Preferences")
    if page != "General":
        # By keyboard: the page's tab in the header.
        focus_on(app, "page tab", page, window="Preferences")
        app.key("space", window="Preferences")
    app.find(preferences, role="label", name=label, timeout=5)
    check_screen(app, "Preferences", preferences, artifacts, must_reach=must_reach)
    app.key("Escape", window="Preferences")
    wait_until(lambda: not [w for w in app.windows() if node_name(w) == "Preferences"], 5,
               what="the Preferences window to close")


def test_the_shortcuts_window(feed, artifacts):
    app, win, _ = feed
    app.key("ctrl+question")
    shortcuts = app.wait_window(name="Keyboard Shortcuts")
    check_screen(app, "Keyboard Shortcuts", shortcuts, artifacts, rings=False)
    app.key("Escape", window="Keyboard Shortcuts")
    wait_until(lambda: not [w for w in app.windows() if node_name(w) == "Keyboard Shortcuts"], 5,
               what="the shortcuts window to close")


def test_the_dialogs_and_the_main_menu(feed, artifacts):
    """Open URL, the main menu's items and the About window."""
    app, win, _ = feed
    app.key("ctrl+l")
    dialog = app.wait_window(name="Open URL")
    check_screen(app, "Open URL", dialog, artifacts, must_reach=("Cancel",))
    app.key("Escape", window="Open URL")
    wait_until(lambda: not [w for w in app.windows() if node_name(w) == "Open URL"], 5, what="the dialog to close")

    focus_on(app, "push button", "Main Menu")
    app.key("Return")
    wait_until(lambda: (s := current_stop(app)) and s.role.endswith("menu item"), 5, what="the main menu")
    about = None
    for _ in range(10):
        stop = current_stop(app)
        assert stop.name.strip(), f"a menu item without a name: {stop}"
        if stop.name == "About Reel":
            about = stop
            break
        press_and_wait_move(app, "Down", "Reel", stop)
    assert about, "the main menu has About Reel"
    app.key("Return")
    window = wait_until(lambda: [w for w in app.windows() if node_name(w) in ("About Reel", "About")], 5,
                        what="the About window")[0]
    check_screen(app, node_name(window), window, artifacts, rings=False)
    assert focused(app) is not None


def test_what_goes_wrong_is_an_alert(launch_ready, tmp_path):
    """A screen reader reads out an error page when it appears, as a person
    sees it: the page is an alert, with its words inside."""
    broken = tmp_path / "broken.mp4"
    broken.write_bytes(b"\0" * 4096)
    app, win = launch_ready(args=[str(broken)])
    heading = app.find(win, role="label", name="Cannot Play This Video", timeout=APP_TIMEOUT)
    node = heading
    while node is not None and node_role(node) != "alert":
        node = node.parent
    assert node is not None, "the error page is not an alert"
    wait_focus(app, "push button", re.compile(r"^(Back|Retry)$"), "the focus on the error page's buttons")
