#!/usr/bin/python3
"""A tiny GTK 4 window that starts a drag of the given file paths or URLs,
standing in for a file manager or a browser in the drag-and-drop test.
Usage: drag_source.py files PATH… | drag_source.py text URL…"""
import sys

import gi
gi.require_version("Gtk", "4.0")
gi.require_version("Gdk", "4.0")
from gi.repository import Gdk, Gio, GObject, Gtk  # noqa: E402

kind, items = sys.argv[1], sys.argv[2:]


def content(*_):
    if kind == "files":
        files = Gdk.FileList.new_from_list([Gio.File.new_for_path(p) for p in items])
        return Gdk.ContentProvider.new_for_value(GObject.Value(Gdk.FileList, files))
    return Gdk.ContentProvider.new_for_value("\n".join(items))


def activate(app):
    window = Gtk.ApplicationWindow(application=app, title="Drag source")
    window.set_default_size(200, 120)
    label = Gtk.Label(label="drag me")
    source = Gtk.DragSource(actions=Gdk.DragAction.COPY)
    source.connect("prepare", lambda *a: content())
    label.add_controller(source)
    window.set_child(label)
    window.present()


app = Gtk.Application(application_id="io.github.reelapp.DragSource",
                      flags=Gio.ApplicationFlags.NON_UNIQUE)
app.connect("activate", activate)
app.run([sys.argv[0]])
