"""Every GSettings key has a row in the Preferences window, or a reason to
have none: a row is an object of data/ui/preferences.ui whose id is the key,
and ReelUI/PreferencesWindow.swift takes it (or its switch) by id to bind it."""
import re
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = ROOT / "data" / "io.github.reelapp.Reel.gschema.xml"
LAYOUT = ROOT / "data" / "ui" / "preferences.ui"
CODE = ROOT / "Sources" / "ReelUI" / "PreferencesWindow.swift"
FOLDERS = ROOT / "Sources" / "ReelServices" / "ChosenFolders.swift"
SETTING_KEYS = ROOT / "Sources" / "GLibKit" / "SettingKey.swift"

# Keys that are not preferences, and why.
NO_ROW = {
    "window-width": "the main window's size, kept when it closes",
    "window-height": "the main window's size, kept when it closes",
    "window-maximized": "the main window's state, kept when it closes",
    "mini-window-width": "the mini window's size, kept when it is resized",
    "mini-window-position": "the mini window's place, kept when it is moved",
    "mini-window-above-hint-shown": "remembers that a hint was given once",
    "catalogs": "the feed's catalogs, added with Add Catalog… and removed from the feed",
    "feed-filter": "the feed's All / Local / Remote / Recent switch in the header, kept",
    "volume": "the player's volume control, kept",
    "muted": "the player's mute button, kept",
    "camera": "chosen in the camera page's menu, where the cameras are listed live",
    "camera-resolution": "chosen in the camera page's menu, from what the camera offers",
    "camera-timer": "chosen in the camera page's menu, for the next shot",
    "camera-mode": "the camera page's Photo / Video switch, kept",
}


def schema_keys() -> list:
    return [key.get("name") for key in ET.parse(SCHEMA).getroot().iter("key")]


def layout_ids() -> dict:
    return {element.get("id"): element.get("class") for element in ET.parse(LAYOUT).getroot().iter("object")
            if element.get("id")}


def taken_ids() -> set:
    return set(re.findall(r'"([a-z-]+)"', CODE.read_text()))


def folder_keys() -> set:
    """The keys of the save folders' rows: ChosenFolders.keys names their
    SettingKey cases, and PreferencesWindow takes each row's buttons by id."""
    raw = dict(re.findall(r'case (\w+) = "([a-z-]+)"', SETTING_KEYS.read_text()))
    listing = FOLDERS.read_text().split("static let keys", 1)[1].split("= [", 1)[1].split("]", 1)[0]
    return {raw[case] for case in re.findall(r"\.(\w+Folder)\b", listing)}


def test_every_key_has_a_row_or_a_reason():
    ids = layout_ids()
    taken = taken_ids()
    missing = []
    for key in schema_keys():
        if key in NO_ROW:
            assert key not in ids, f"{key} has a row now: remove it from NO_ROW"
            continue
        if key not in ids:
            missing.append(key)
            continue
        row_class = ids[key]
        if f"{key}-choose" in ids:  # a folder: a button to choose it, one to reset it
            assert f"{key}-reset" in ids, f"the row {key} has no {key}-reset"
            assert key in folder_keys(), f"ChosenFolders.keys does not list {key}, so its row does nothing"
            assert f'"{key}-choose"' in CODE.read_text() and f'"{key}-reset"' in CODE.read_text(), \
                f"PreferencesWindow.swift never takes {key}'s buttons"
            continue
        # A choice row is bound itself; an action row through its switch,
        # spin button or font button.
        bound = key if row_class == "AdwComboRow" else next(
            (f"{key}-{suffix}" for suffix in ("switch", "spin", "button") if f"{key}-{suffix}" in ids), f"{key}-switch")
        assert bound in ids, f"the row {key} has no {bound}"
        assert bound in taken, f"PreferencesWindow.swift never binds {bound}, so the row {key} does nothing"
    assert not missing, f"keys with neither a Preferences row nor a reason in NO_ROW: {missing}"


def test_reasons_name_real_keys():
    assert not set(NO_ROW) - set(schema_keys()), "NO_ROW names keys the schema no longer has"
    assert all(reason.strip() for reason in NO_ROW.values())
