#!/usr/bin/python3
"""camerabin recording for bench/camera.sh: the reference row. Records
videotestsrc + audiotestsrc (live) through camerabin and
wrappercamerabinsrc into an MP4 with the encoders Reel uses at 720p30, the
viewfinder on ximagesink. Prints RECORDING once capture has started;
SIGINT stops the capture, and it exits once camerabin says the video is
done. (gst-launch-1.0 cannot emit camerabin's start-capture signal.)

    camerabin_record.py OUT.mp4 WIDTH HEIGHT FPS
"""
import signal
import sys

import gi

gi.require_version("Gst", "1.0")
gi.require_version("GstPbutils", "1.0")
from gi.repository import GLib, Gst, GstPbutils  # noqa: E402

Gst.init(None)
path, width, height, fps = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
bitrate = 4976

camerabin = Gst.ElementFactory.make("camerabin")
source = Gst.ElementFactory.make("wrappercamerabinsrc")
video = Gst.ElementFactory.make("videotestsrc")
video.set_property("is-live", True)
video.set_property("pattern", "ball")
source.set_property("video-source", video)
camerabin.set_property("camera-source", source)
audio = Gst.ElementFactory.make("audiotestsrc")
audio.set_property("is-live", True)
camerabin.set_property("audio-source", audio)
camerabin.set_property("viewfinder-sink", Gst.parse_bin_from_description("videoconvert ! ximagesink", True))
caps = Gst.Caps.from_string(f"video/x-raw,width={width},height={height},framerate={fps}/1")
camerabin.set_property("video-capture-caps", caps)
camerabin.set_property("viewfinder-caps", caps)
profile = GstPbutils.EncodingContainerProfile.new("mp4", None, Gst.Caps.from_string("video/quicktime,variant=iso"), None)
profile.add_profile(GstPbutils.EncodingVideoProfile.new(Gst.Caps.from_string("video/x-h264"), None, None, 0))
profile.add_profile(GstPbutils.EncodingAudioProfile.new(Gst.Caps.from_string("audio/mpeg,mpegversion=4"), None, None, 0))
# encodebin picks encoders by rank: make it pick the ones Reel uses.
registry = Gst.Registry.get()
for name, rank in (("x264enc", Gst.Rank.PRIMARY + 10), ("avenc_aac", Gst.Rank.PRIMARY + 10)):
    feature = registry.lookup_feature(name)
    if feature is not None:
        feature.set_rank(rank)
camerabin.set_property("video-profile", profile)
camerabin.set_property("mode", 2)  # video
camerabin.set_property("location", path)


def added(_bin, _sub, element):
    factory = element.get_factory().get_name() if element.get_factory() else ""
    if factory == "x264enc":
        Gst.util_set_object_arg(element, "tune", "zerolatency")
        Gst.util_set_object_arg(element, "speed-preset", "ultrafast")
        element.set_property("bitrate", bitrate)
        element.set_property("key-int-max", fps)
    elif factory in ("avenc_aac", "voaacenc", "fdkaacenc"):
        element.set_property("bitrate", 128000)
    if "enc" in factory or factory.endswith("mux"):
        print(f"element {factory}", flush=True)


camerabin.connect("deep-element-added", added)
loop = GLib.MainLoop()


def on_message(_bus, message):
    if message.type == Gst.MessageType.ERROR:
        print("error:", message.parse_error()[0].message, file=sys.stderr, flush=True)
        loop.quit()
    elif message.type == Gst.MessageType.ELEMENT and message.get_structure().get_name() == "video-done":
        loop.quit()


bus = camerabin.get_bus()
bus.add_signal_watch()
bus.connect("message", on_message)
camerabin.set_state(Gst.State.PLAYING)


def start():
    if not source.get_property("ready-for-capture"):
        return True
    camerabin.emit("start-capture")
    print("RECORDING", flush=True)
    return False


GLib.timeout_add(100, start)
GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, signal.SIGINT, lambda: camerabin.emit("stop-capture") or False)
loop.run()
camerabin.set_state(Gst.State.NULL)
