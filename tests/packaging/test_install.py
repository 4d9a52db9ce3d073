"""What `meson install` put into the prefix (REEL_PREFIX, set by tools/test)."""
import os
import subprocess
from pathlib import Path

import pytest

APP_ID = "io.github.reelapp.Reel"


@pytest.fixture(scope="module")
def prefix() -> Path:
    value = os.environ.get("REEL_PREFIX")
    if not value:
        pytest.fail("REEL_PREFIX is not set: run through tools/test, or point it at a meson install prefix",
                    pytrace=False)
    return Path(value)


@pytest.mark.parametrize("relative", [
    "bin/reel",
    f"share/applications/{APP_ID}.desktop",
    f"share/metainfo/{APP_ID}.metainfo.xml",
    f"share/icons/hicolor/scalable/apps/{APP_ID}.svg",
    f"share/icons/hicolor/symbolic/apps/{APP_ID}-symbolic.svg",
    f"share/glib-2.0/schemas/{APP_ID}.gschema.xml",
    "share/glib-2.0/schemas/gschemas.compiled",
    f"share/reel/{APP_ID}.gresource",
    f"share/dbus-1/services/{APP_ID}.service",
    f"share/gnome-shell/search-providers/{APP_ID}.search-provider.ini",
    "share/locale/zh_CN/LC_MESSAGES/reel.mo",
    "share/locale/vi/LC_MESSAGES/reel.mo",
])
def test_installed(prefix, relative):
    assert (prefix / relative).is_file(), f"{relative} missing from the install prefix {prefix}"


def test_binary_has_no_shared_swift_runtime(prefix):
    """The Swift runtime is linked statically: the binary runs without /opt/swift."""
    libs = subprocess.run(["ldd", str(prefix / "bin/reel")], capture_output=True, text=True).stdout
    assert "libswiftCore" not in libs and "libFoundation" not in libs, libs
    assert "libgtk-4" in libs and "libadwaita-1" in libs and "libgstreamer-1.0" in libs, libs


def test_compiled_schema_has_the_window_keys(prefix):
    env = dict(os.environ, GSETTINGS_SCHEMA_DIR=str(prefix / "share/glib-2.0/schemas"))
    keys = subprocess.run(["gsettings", "list-keys", APP_ID], capture_output=True, text=True, env=env)
    assert keys.returncode == 0, keys.stderr
    assert {"window-width", "window-height", "window-maximized"} <= set(keys.stdout.split())


def test_installed_desktop_file_is_translated(prefix):
    text = (prefix / f"share/applications/{APP_ID}.desktop").read_text()
    assert "Exec=reel" in text
    assert "Comment[zh_CN]=" in text and "Comment[vi]=" in text


def test_resource_bundle_holds_the_stylesheet(prefix):
    listing = subprocess.run(["gresource", "list", str(prefix / f"share/reel/{APP_ID}.gresource")],
                             capture_output=True, text=True)
    assert "/io/github/reelapp/Reel/style.css" in listing.stdout.split(), listing.stdout + listing.stderr


def test_dbus_service_starts_the_installed_binary(prefix):
    """DBusActivatable=true: the session bus starts Reel by its id, as a
    GApplication service (the desktop file's name is the bus name)."""
    text = (prefix / f"share/dbus-1/services/{APP_ID}.service").read_text()
    assert f"Name={APP_ID}" in text.splitlines(), text
    assert f"Exec={prefix / 'bin/reel'} --gapplication-service" in text.splitlines(), text
    desktop = (prefix / f"share/applications/{APP_ID}.desktop").read_text()
    assert "DBusActivatable=true" in desktop.splitlines(), desktop


def test_search_provider_file_names_the_service_and_the_object(prefix):
    """GNOME Shell reads share/gnome-shell/search-providers/*.ini: the desktop
    file it belongs to, the bus name to call (the one the service file
    starts) and the object path of org.gnome.Shell.SearchProvider2, version 2.
    The interface's XML is in the resource bundle and the binary holds the
    object path (the UI test calls the object itself)."""
    import configparser
    ini = configparser.ConfigParser(interpolation=None)
    ini.optionxform = str
    path = prefix / f"share/gnome-shell/search-providers/{APP_ID}.search-provider.ini"
    ini.read(path, encoding="utf-8")
    assert ini.sections() == ["Shell Search Provider"], ini.sections()
    section = ini["Shell Search Provider"]
    assert set(section) == {"DesktopId", "BusName", "ObjectPath", "Version"}, set(section)
    assert section["Version"] == "2"
    assert section["DesktopId"] == f"{APP_ID}.desktop"
    assert (prefix / "share/applications" / section["DesktopId"]).is_file()
    service = (prefix / f"share/dbus-1/services/{APP_ID}.service").read_text().splitlines()
    assert f"Name={section['BusName']}" in service, service
    assert section["ObjectPath"].startswith("/" + APP_ID.replace(".", "/") + "/"), section["ObjectPath"]
    resource = prefix / f"share/reel/{APP_ID}.gresource"
    xml = subprocess.run(["gresource", "extract", str(resource), "/io/github/reelapp/Reel/dbus/search-provider.xml"],
                         capture_output=True, text=True)
    assert xml.returncode == 0, xml.stderr
    assert '<interface name="org.gnome.Shell.SearchProvider2">' in xml.stdout
    binary = (prefix / "bin/reel").read_bytes()
    assert section["ObjectPath"].encode() in binary, "the app does not export the object path the .ini names"


def test_metainfo_shows_each_area_with_a_screenshot_in_the_repository(prefix):
    """Software centres show the metainfo's screenshots: one of each area,
    each a file of data/screenshots/ (made by tools/screenshots) at the
    address given, with a caption translated like the rest."""
    import xml.etree.ElementTree as ET
    root = ET.parse(prefix / f"share/metainfo/{APP_ID}.metainfo.xml").getroot()
    repo = Path(__file__).resolve().parents[2]
    shots = root.findall("screenshots/screenshot")
    names = []
    for shot in shots:
        url = shot.find("image").text
        name = url.rsplit("/data/screenshots/", 1)[-1]
        assert (repo / "data/screenshots" / name).is_file(), f"{url}: no data/screenshots/{name}"
        captions = {c.get("{http://www.w3.org/XML/1998/namespace}lang"): c.text for c in shot.findall("caption")}
        assert None in captions and "zh_CN" in captions and "vi" in captions, captions
        names.append(name)
    assert {"main.png", "player.png", "picture-in-picture.png", "camera.png"} <= set(names), names
