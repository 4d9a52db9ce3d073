#!/usr/bin/python3
"""The floor under any GTK 4 video view, for bench/strip.sh: a window the
size of Reel's showing a 1024x220 picture (the preview strip's size) that
gets a new frame 30 times a second. The frames are made before it starts
(three, in turn), so nothing is decoded or converted: what it costs is GTK
presenting them (a texture per frame, snapshot, render, X upload). Prints
PRESENTING once the window is up.
"""
import gi

gi.require_version("Gtk", "4.0")
gi.require_version("Gdk", "4.0")
from gi.repository import Gdk, GLib, Gtk  # noqa: E402

WIDTH, HEIGHT, FPS = 1024, 220, 30
frames = [GLib.Bytes.new(bytes((i * 40 + x) % 256 for x in range(256)) * (WIDTH * HEIGHT * 4 // 256))
          for i in range(3)]
shown = [0]


def activate(app):
    window = Gtk.ApplicationWindow(application=app, default_width=1024, default_height=720)
    box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL)
    picture = Gtk.Picture()
    picture.set_size_request(WIDTH, HEIGHT)
    picture.set_content_fit(Gtk.ContentFit.FILL)
    box.append(picture)
    window.set_child(box)

    def tick():
        shown[0] += 1
        picture.set_paintable(Gdk.MemoryTexture.new(WIDTH, HEIGHT, Gdk.MemoryFormat.B8G8R8A8_PREMULTIPLIED,
                                                    frames[shown[0] % 3], WIDTH * 4))
        return True

    GLib.timeout_add(1000 // FPS, tick)
    window.present()
    print("PRESENTING", flush=True)


app = Gtk.Application(application_id="io.github.reelapp.BenchPresent")
app.connect("activate", activate)
app.run([])
