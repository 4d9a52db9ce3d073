// GStreamer core, base, video, audio (its sinks' clocks), app and pbutils
// (discoverer, missing plugins).
#include <gst/gst.h>
#include <gst/base/base.h>
#include <gst/video/video.h>
#include <gst/audio/audio.h>
#include <gst/app/app.h>
#include <gst/pbutils/pbutils.h>
// GStreamer Editing Services (the movie maker's timelines, GESPipeline) and
// the controller library (its volume envelopes). In this one module rather
// than a second one beside it: two modules that include GStreamer's headers
// each leave Swift unsure which one declares GST_FORMAT_TIME and the like,
// and files that import only one failed to build now and then.
#include <ges/ges.h>
#include <gst/controller/controller.h>
