"""Every control named, reachable and visibly focused, on every screen
(a11y.py walks each), and the keyboard paths between them: where the focus
lands when a page opens, and where it comes back to. This file: the feed
with its cards and strip, search, the player and its menus, the mini
window, the movie page, error pages. test_accessibility_keyboard.py: the
playing player by keyboard alone and the camera page;
test_accessibility_windows.py: Preferences, shortcuts, dialogs.
"""

from __future__ import annotations

import re

from a11y import check_screen, current_stop, press_and_wait_move, shows_itself
from a11y_fixtures import TITLES, clips, feed, focus_on, open_from_card, wait_focus  # noqa: F401 (fixtures)
from harness import APP_TIMEOUT, find_all, node_name, node_role, states, wait_until
from player_helpers import window_manager  # noqa: F401 (fixture)


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
    # A part marked (I, a frame on, O): its row's controls are stops too,
    # walked while the "End marked" toast shows.
    for key in ("i", "period", "o"):
        i = trace.count()
        app.key(key)
        trace.wait("player-part" if key != "period" else "player-step", after=i)
    trace.wait("player-part", lambda e: e["start"] >= 0 and e["end"] >= 0)
    stops = check_screen(app, "Reel", win, artifacts,
                         must_reach=("Back to the Feed", "Back 15 Seconds", "Play", "Forward 15 Seconds", "Position",
                                     "Volume", "Speed, 1×", "Aspect", "More Options", "Picture in Picture",
                                     "Loop the Part", "Add This Part to a Movie", "Clear the Marks"))
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
