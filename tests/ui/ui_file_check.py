"""Loads every object of every GtkBuilder file in Reel's installed GResource
and checks what the code asks of them. Run by test_layout.py in a process of
its own on the test desktop (GTK needs a display, and the test process must
not load GTK itself).

usage: ui_file_check.py GRESOURCE EXPECTATIONS_JSON
EXPECTATIONS_JSON: [[file, id, type name], ...], the objects the code takes.
Prints one problem a line and exits 1 when there is any."""

from __future__ import annotations

import json
import sys
import xml.etree.ElementTree as ET

import gi

gi.require_version("Gtk", "4.0")
gi.require_version("Adw", "1")
from gi.repository import Adw, Gio, GLib, GObject, Gtk  # noqa: E402

UI_FOLDER = "/io/github/reelapp/Reel/ui"


def main() -> int:
    resource = Gio.Resource.load(sys.argv[1])
    resource._register()
    expected = json.loads(sys.argv[2])
    Gtk.init()
    Adw.init()  # registers libadwaita's types, which the files use too
    problems = []
    names = Gio.resources_enumerate_children(UI_FOLDER, Gio.ResourceLookupFlags.NONE)
    if not names:
        problems.append(f"no .ui files in {UI_FOLDER}")
    loaded = {}
    for name in names:
        path = f"{UI_FOLDER}/{name}"
        xml = Gio.resources_lookup_data(path, Gio.ResourceLookupFlags.NONE).get_data().decode()
        # A <menu> is a GMenu, and so is a <section> or <submenu> with an id.
        declared = [(e.get("id"), e.get("class") or "GMenu") for e in ET.fromstring(xml).iter()
                    if e.tag in ("object", "menu") or (e.tag in ("section", "submenu") and e.get("id"))]
        builder = Gtk.Builder()
        try:
            builder.add_from_string(xml)
        except GLib.Error as exc:
            problems.append(f"{name}: {exc.message}")
            continue
        loaded[name] = builder
        built = builder.get_objects()
        if len(built) != len(declared):
            problems.append(f"{name}: {len(declared)} objects declared, {len(built)} built")
        for object_id, class_name in declared:
            if object_id is None:
                continue
            obj = builder.get_object(object_id)
            if obj is None:
                problems.append(f"{name}: “{object_id}” was not built")
            elif GObject.type_name(obj.__gtype__) != class_name:
                problems.append(f"{name}: “{object_id}” is a {GObject.type_name(obj.__gtype__)}, not a {class_name}")
    for name, object_id, type_name in expected:
        builder = loaded.get(name)
        if builder is None:
            problems.append(f"the code loads {name}, which is not in {UI_FOLDER}")
            continue
        obj = builder.get_object(object_id)
        wanted = GObject.type_from_name(type_name)
        if obj is None:
            problems.append(f"the code takes “{object_id}” from {name}, which has no such id")
        elif not wanted or not GObject.type_is_a(obj.__gtype__, wanted):
            problems.append(f"the code takes “{object_id}” from {name} as a {type_name}, "
                            f"but it is a {GObject.type_name(obj.__gtype__)}")
    for problem in problems:
        print(problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
