#!/usr/bin/python3
"""A tiny GTK 4 window that starts a drag of the given file paths or URLs,
standing in for a file manager or a browser in the drag-and-drop test.
Usage: drag_source.py files PATH… | drag_source.py text URL…

It reports on stdout, one line each, so the test can tell a gesture that
never became a drag (the X server's timing) from a drop Reel ignored:
"ready" once its window is drawn, "begin" when a drag starts, "dropped"
when a target accepted the drop, "cancelled REASON" when it did not."""
import sys

import gi
gi.require_version("Gtk", "4.0")
gi.require_version("Gdk", "4.0")
from gi.repository import Gdk, Gio, GLib, GObject, Gtk  # noqa: E402

kind, items = sys.argv[1], sys.argv[2:]


def say(line):
    print(line, flush=True)


def content(*_):
    if kind == "files":
        files = Gdk.FileList.new_from_list([Gio.File.new_for_path(p) for p in items])
        return Gdk.ContentProvider.new_for_value(GObject.Value(Gdk.FileList, files))
    return Gdk.ContentProvider.new_for_value("\n".join(items))


outcome = []  # GTK emits drag-end after drag-cancel too: say only the first


def cancelled(_source, _drag, reason):
    outcome.append(reason)
    say(f"cancelled {reason.value_nick}")
    return False


def ended(*_):
    if not outcome:
        say("dropped")
    outcome.clear()


def activate(app):
    window = Gtk.ApplicationWindow(application=app, title="Drag source")
    window.set_default_size(200, 120)
    label = Gtk.Label(label="drag me")
    source = Gtk.DragSource(actions=Gdk.DragAction.COPY)
    source.connect("prepare", lambda *a: content())
    source.connect("drag-begin", lambda *a: say("begin"))
    source.connect("drag-end", ended)
    source.connect("drag-cancel", cancelled)
    label.add_controller(source)
    window.set_child(label)
    # "ready" after the first frame is painted: a press before that may land
    # on a window the X server has mapped but GTK has not yet drawn.
    def painted(clock):
        clock.disconnect(handler)
        GLib.idle_add(lambda: say("ready"))
    window.present()
    clock = window.get_frame_clock()
    handler = clock.connect("after-paint", painted)


app = Gtk.Application(application_id="io.github.reelapp.DragSource",
                      flags=Gio.ApplicationFlags.NON_UNIQUE)
app.connect("activate", activate)
app.run([sys.argv[0]])
