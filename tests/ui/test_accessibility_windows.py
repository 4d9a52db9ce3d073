"""The Preferences window a page at a time, the shortcuts window, the
dialogs and the main menu: see test_accessibility.py.
"""

from __future__ import annotations

import pytest

from a11y import check_screen, current_stop, focused, press_and_wait_move
from a11y_fixtures import clips, feed, focus_on  # noqa: F401 (fixtures)
from harness import node_name, wait_until


# Each Preferences page, what its walk must reach, and a label that says
# the page shows.
PREFERENCE_PAGES = {
    "General": (("Preview Strip", "Mirror the Preview", "Saving"), "Feed"),
    "Player": (("At the End of a Video", "Deinterlacing"), "Streaming Quality"),
    "Saving": (("Photos", "Choose a Folder…"), "Folders"),
}


def escape_closes(app, title: str) -> None:
    """Escape closes the window titled `title`."""
    app.key("Escape", window=title)
    wait_until(lambda: not [w for w in app.windows() if node_name(w) == title], 5, what=f"{title} to close")


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
    escape_closes(app, "Preferences")


def test_the_shortcuts_window(feed, artifacts):
    app, win, _ = feed
    app.key("ctrl+question")
    shortcuts = app.wait_window(name="Keyboard Shortcuts")
    check_screen(app, "Keyboard Shortcuts", shortcuts, artifacts, rings=False)
    escape_closes(app, "Keyboard Shortcuts")


def test_the_dialogs_and_the_main_menu(feed, artifacts):
    """Open URL, the main menu's items and the About window."""
    app, win, _ = feed
    app.key("ctrl+l")
    dialog = app.wait_window(name="Open URL")
    check_screen(app, "Open URL", dialog, artifacts, must_reach=("Cancel",))
    escape_closes(app, "Open URL")

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
