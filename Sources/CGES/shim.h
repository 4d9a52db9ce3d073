// GStreamer Editing Services: timelines of clips on layers, rendered or
// previewed through a GESPipeline (the movie maker). Its headers include
// GStreamer's and pbutils' (encoding profiles), so CGES sits beside CGst
// and GObject pointers stay one Swift type across them.
#include <ges/ges.h>
#include <gst/gst.h>
#include <gst/controller/controller.h>
#include <gst/pbutils/encoding-profile.h>
