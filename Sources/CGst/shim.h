// GStreamer core, base, video, audio (its sinks' clocks), app and pbutils
// (discoverer, missing plugins).
#include <gst/gst.h>
#include <gst/base/base.h>
#include <gst/video/video.h>
#include <gst/audio/audio.h>
#include <gst/app/app.h>
#include <gst/pbutils/pbutils.h>
