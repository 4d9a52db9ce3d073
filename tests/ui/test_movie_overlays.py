"""Titles and text on the movie page, driven as a person drives them: the
Add menu's Add Title Card puts a card after the chosen clip (shown in the
strip as its words) and Add Text a caption over the chosen clip; both are
listed in the Text and Pictures panel, saved in the movie's file at once,
and each goes with one Undo."""

from __future__ import annotations

import re

from harness import APP_TIMEOUT, find_all, node_name, states, wait_until
from soundserver import NO_SOUND_ENV
from test_movie import CLIPS, choose_three, clips, put_clips, saved_edit, strip_names  # noqa: F401 (a fixture)


ITEMS = ("Add Title Card", "Add Text", "Add Picture…")


def add(app, win, item: str) -> None:
    """Opens the Add menu (by its name) and activates one of its items."""
    app.click(app.find(win, role="push button", name="Add Title, Text or Picture"))
    node = app.find(win, role="menu item", name=item, timeout=APP_TIMEOUT)
    # The keyboard, as the menu opens with its first item focused.
    wait_until(lambda: "focused" in states(app.find(win, role="menu item", name="Add Title Card")), APP_TIMEOUT,
               what="the menu's first item focused")
    app.key(*(["Down"] * ITEMS.index(item)), "Return")
    assert node_name(node) == item


def overlays(profile) -> list:
    return saved_edit(profile).get("overlays") or []


def texts(profile) -> list:
    return [(overlay.get("text") or {}).get("text") for overlay in overlays(profile)]


def test_a_title_card_and_a_text_are_added_listed_saved_and_undone(launch_ready, clips, profile):  # noqa: F811
    put_clips(profile, clips)
    app, win = launch_ready(env=NO_SOUND_ENV)
    a, b, c = choose_three(app, win)

    add(app, win, "Add Title Card")
    # After the chosen (first) clip, and chosen itself.
    wait_until(lambda: strip_names(win) == [a, "Title Card", b, c], APP_TIMEOUT, what="the title card second")
    wait_until(lambda: [clip.get("kind") for clip in saved_edit(profile)["clips"]] == [None, "title", None, None],
               APP_TIMEOUT, what="the title card saved")
    assert texts(profile) == ["Title"]
    # The panel lists its words and shows them to edit.
    app.find(win, role="label", name="Text and Pictures", timeout=APP_TIMEOUT)
    wait_until(lambda: any(node_name(node) == "Title" for node in find_all(win, role="label", visible=True)),
               APP_TIMEOUT, what="the title listed in the panel")
    app.screenshot("title-card")

    add(app, win, "Add Text")
    wait_until(lambda: texts(profile) == ["Title", "Text"], APP_TIMEOUT, what="the text saved")
    title_id = saved_edit(profile)["clips"][1]["id"]
    assert overlays(profile)[1]["anchor"] == title_id
    wait_until(lambda: any(node_name(node) == "Text" for node in find_all(win, role="label", visible=True)),
               APP_TIMEOUT, what="the text listed in the panel")
    app.screenshot("text")

    # Undo takes the text, then the card with its words.
    app.click(app.find(win, role="push button", name="Undo"))
    wait_until(lambda: texts(profile) == ["Title"], APP_TIMEOUT, what="the text undone")
    app.click(app.find(win, role="push button", name="Undo"))
    wait_until(lambda: strip_names(win) == [a, b, c], APP_TIMEOUT, what="the title card undone")
    wait_until(lambda: overlays(profile) == [] and all(clip.get("kind") is None for clip in saved_edit(profile)["clips"]),
               APP_TIMEOUT, what="the card undone in the file")
    assert not any(re.match(r"^Clip \d+ of \d+: Title Card", node_name(node))
                   for node in find_all(win, role="push button", visible=True))
    app.screenshot("undone")
    app.quit()
