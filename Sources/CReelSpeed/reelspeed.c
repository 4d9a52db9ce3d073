/* reelspeed: a frame-exact speed change, for GES's time effects.
 *
 * Why not GES's videorate (its usual time effect): videorate shows the
 * source frame *nearest* each output moment, so a 0.5x clip shows its
 * frames unevenly (10,10,11,12,12,12,...), and it stops repeating frames
 * about a second before the end of a slowed clip, which then comes out
 * short.  Here output frame k (on the output's frame grid, counted from the
 * output segment's start) shows the input frame covering input time
 * start + k * rate / output rate: the one whose moment has come, never a
 * later one, in play and after a seek alike.  Each input buffer is
 * re-stamped onto the output grid with a whole number of frames; one that
 * gets no frame (speeding up) is dropped.
 *
 * The input should be the source's own frames, at its own (even variable)
 * rate: the movie maker takes the frame rate out of the caps GES's source
 * fits a clip to, so no frame is dropped or repeated before the speed is
 * applied.  The output's rate is whatever downstream asks (the movie's).
 *
 * GES maps times through a time effect by its "rate" property (registered
 * with ges_effect_class_register_rate_property) and expects the element to
 * do the same to the events and queries that cross it: segments and gaps
 * going down are divided by the rate, seeks going up multiplied by it. */
#include <math.h>
#include <gst/gst.h>
#include <gst/base/gstbasetransform.h>
#include "reelspeed.h"

GST_DEBUG_CATEGORY_STATIC (reel_speed_debug);
#define GST_CAT_DEFAULT reel_speed_debug

#define REEL_TYPE_SPEED (reel_speed_get_type ())
G_DECLARE_FINAL_TYPE (ReelSpeed, reel_speed, REEL, SPEED, GstBaseTransform)

struct _ReelSpeed {
  GstBaseTransform parent;
  gdouble rate;                 /* the property; under the object lock */
  gdouble current;              /* the rate the current segment was made with */
  gint out_n, out_d;            /* the output's frame rate */
  gint want_n, want_d;          /* the property: the rate to give (0/1: the input's) */
  GstClockTime out_start;       /* the output segment's start */
};

G_DEFINE_TYPE (ReelSpeed, reel_speed, GST_TYPE_BASE_TRANSFORM);

enum { PROP_0, PROP_RATE, PROP_FRAME_RATE };
/* Nanosecond rounding in frames: a time this close to a frame's start is on it. */
#define ROUNDING_IN_FRAMES 1e-4

static GstStaticPadTemplate sink_template = GST_STATIC_PAD_TEMPLATE ("sink",
    GST_PAD_SINK, GST_PAD_ALWAYS, GST_STATIC_CAPS ("video/x-raw(ANY)"));
static GstStaticPadTemplate src_template = GST_STATIC_PAD_TEMPLATE ("src",
    GST_PAD_SRC, GST_PAD_ALWAYS, GST_STATIC_CAPS ("video/x-raw(ANY)"));

static gdouble
rate_now (ReelSpeed * self)
{
  gdouble rate;
  GST_OBJECT_LOCK (self);
  rate = self->rate;
  GST_OBJECT_UNLOCK (self);
  return rate;
}

/* Where frame k of the output's grid starts, in ns. */
static GstClockTime
frame_time (ReelSpeed * self, gint64 k)
{
  return gst_util_uint64_scale (k, (guint64) self->out_d * GST_SECOND, self->out_n);
}

/* The first output frame starting at or after output-relative time x (ns). */
static gint64
frame_at_or_after (ReelSpeed * self, gdouble x)
{
  return (gint64) ceil (x * self->out_n / (self->out_d * 1e9) - ROUNDING_IN_FRAMES);
}

/* The caps on the other side: the same but for the frame rate, which
 * the element changes (any input rate, any output rate). */
static GstCaps *
reel_speed_transform_caps (GstBaseTransform * base, GstPadDirection direction,
    GstCaps * caps, GstCaps * filter)
{
  GstCaps *other = gst_caps_copy (caps);
  guint i;
  for (i = 0; i < gst_caps_get_size (other); i++)
    gst_structure_set (gst_caps_get_structure (other, i), "framerate",
        GST_TYPE_FRACTION_RANGE, 0, 1, G_MAXINT, 1, NULL);
  if (filter) {
    GstCaps *both = gst_caps_intersect_full (filter, other, GST_CAPS_INTERSECT_FIRST);
    gst_caps_unref (other);
    other = both;
  }
  return other;
}

/* The output's rate: the one asked for (the movie's), else the input's. */
static GstCaps *
reel_speed_fixate_caps (GstBaseTransform * base, GstPadDirection direction,
    GstCaps * caps, GstCaps * other)
{
  ReelSpeed *self = REEL_SPEED (base);
  gint n = 0, d = 1;
  GstStructure *structure;
  GST_OBJECT_LOCK (self);
  n = self->want_n;
  d = self->want_d;
  GST_OBJECT_UNLOCK (self);
  other = gst_caps_truncate (gst_caps_make_writable (other));
  structure = gst_caps_get_structure (other, 0);
  if (direction == GST_PAD_SINK && n > 0)
    gst_structure_fixate_field_nearest_fraction (structure, "framerate", n, d);
  else if (gst_structure_get_fraction (gst_caps_get_structure (caps, 0), "framerate", &n, &d))
    gst_structure_fixate_field_nearest_fraction (structure, "framerate", n, d);
  return gst_caps_fixate (other);
}

static gboolean
reel_speed_set_caps (GstBaseTransform * base, GstCaps * in, GstCaps * out)
{
  ReelSpeed *self = REEL_SPEED (base);
  if (!gst_structure_get_fraction (gst_caps_get_structure (out, 0), "framerate", &self->out_n, &self->out_d)
      || self->out_n <= 0) {
    GST_ELEMENT_ERROR (self, CORE, NEGOTIATION, (NULL),
        ("a speed change needs a fixed output frame rate"));
    return FALSE;
  }
  return TRUE;
}

static gboolean
reel_speed_sink_event (GstBaseTransform * base, GstEvent * event)
{
  ReelSpeed *self = REEL_SPEED (base);
  if (GST_EVENT_TYPE (event) == GST_EVENT_SEGMENT) {
    GstSegment segment;
    guint32 seqnum = gst_event_get_seqnum (event);
    gst_event_copy_segment (event, &segment);
    if (segment.format == GST_FORMAT_TIME && segment.rate > 0) {
      gdouble rate = self->current = rate_now (self);
      GstClockTime out_start;
      out_start = (GstClockTime) (segment.start / rate);
      GST_DEBUG_OBJECT (self, "segment from %" G_GUINT64_FORMAT " -> %" G_GUINT64_FORMAT,
          segment.start, out_start);
      self->out_start = out_start;
      segment.time = (GstClockTime) MAX (0.0,
          segment.time / rate + ((gdouble) out_start - segment.start / rate));
      segment.start = segment.position = out_start;
      if (GST_CLOCK_TIME_IS_VALID (segment.stop))
        segment.stop = MAX (out_start, (GstClockTime) ceil (segment.stop / rate));
      segment.duration = GST_CLOCK_TIME_NONE;
      gst_event_unref (event);
      event = gst_event_new_segment (&segment);
      gst_event_set_seqnum (event, seqnum);
    }
  } else if (GST_EVENT_TYPE (event) == GST_EVENT_GAP) {
    GstClockTime timestamp, duration;
    gst_event_parse_gap (event, &timestamp, &duration);
    timestamp = (GstClockTime) (timestamp / self->current);
    if (GST_CLOCK_TIME_IS_VALID (duration))
      duration = (GstClockTime) (duration / self->current);
    gst_event_unref (event);
    event = gst_event_new_gap (timestamp, duration);
  }
  return GST_BASE_TRANSFORM_CLASS (reel_speed_parent_class)->sink_event (base, event);
}

static gboolean
reel_speed_src_event (GstBaseTransform * base, GstEvent * event)
{
  ReelSpeed *self = REEL_SPEED (base);
  if (GST_EVENT_TYPE (event) == GST_EVENT_SEEK) {
    gdouble seek_rate, rate = rate_now (self);
    GstFormat format;
    GstSeekFlags flags;
    GstSeekType start_type, stop_type;
    gint64 start, stop;
    guint32 seqnum = gst_event_get_seqnum (event);
    gst_event_parse_seek (event, &seek_rate, &format, &flags, &start_type, &start, &stop_type, &stop);
    if (format == GST_FORMAT_TIME && seek_rate > 0) {
      if (start_type == GST_SEEK_TYPE_SET && start >= 0) {
        GST_DEBUG_OBJECT (self, "seek %" G_GINT64_FORMAT " -> %" G_GINT64_FORMAT " upstream",
            start, (gint64) (start * rate));
        start = (gint64) (start * rate);
      }
      if (stop_type == GST_SEEK_TYPE_SET && stop >= 0)
        stop = (gint64) ceil (stop * rate);
      gst_event_unref (event);
      event = gst_event_new_seek (seek_rate, format, flags, start_type, start, stop_type, stop);
      gst_event_set_seqnum (event, seqnum);
    }
  } else if (GST_EVENT_TYPE (event) == GST_EVENT_QOS) {
    /* Lateness in output time means nothing to the source's clock. */
    gst_event_unref (event);
    return TRUE;
  }
  return GST_BASE_TRANSFORM_CLASS (reel_speed_parent_class)->src_event (base, event);
}

static GstFlowReturn
reel_speed_transform_ip (GstBaseTransform * base, GstBuffer * buffer)
{
  ReelSpeed *self = REEL_SPEED (base);
  GstClockTime pts = GST_BUFFER_PTS (buffer), duration = GST_BUFFER_DURATION (buffer);
  gint64 first, end;
  if (!GST_CLOCK_TIME_IS_VALID (pts) || self->out_n <= 0)
    return GST_FLOW_OK;
  /* A frame of unknown length lasts until one output frame of it is shown. */
  if (!GST_CLOCK_TIME_IS_VALID (duration))
    duration = (GstClockTime) (frame_time (self, 1) * self->current);
  /* The input frame covers [pts, pts + duration): the output frames whose
   * moments fall in it are [first, end). */
  first = frame_at_or_after (self, pts / self->current - (gdouble) self->out_start);
  end = frame_at_or_after (self, (pts + duration) / self->current - (gdouble) self->out_start);
  first = MAX (first, 0);
  if (end <= first)
    return GST_BASE_TRANSFORM_FLOW_DROPPED;
  GST_BUFFER_PTS (buffer) = self->out_start + frame_time (self, first);
  GST_BUFFER_DURATION (buffer) = frame_time (self, end) - frame_time (self, first);
  GST_BUFFER_DTS (buffer) = GST_CLOCK_TIME_NONE;
  return GST_FLOW_OK;
}

static gboolean
reel_speed_query (GstBaseTransform * base, GstPadDirection direction, GstQuery * query)
{
  ReelSpeed *self = REEL_SPEED (base);
  gboolean answered = GST_BASE_TRANSFORM_CLASS (reel_speed_parent_class)->query (base, direction, query);
  if (answered && direction == GST_PAD_SRC) {
    GstFormat format;
    gint64 value;
    if (GST_QUERY_TYPE (query) == GST_QUERY_DURATION) {
      gst_query_parse_duration (query, &format, &value);
      if (format == GST_FORMAT_TIME && value >= 0)
        gst_query_set_duration (query, format, (gint64) (value / rate_now (self)));
    } else if (GST_QUERY_TYPE (query) == GST_QUERY_POSITION) {
      gst_query_parse_position (query, &format, &value);
      if (format == GST_FORMAT_TIME && value >= 0)
        gst_query_set_position (query, format, (gint64) (value / rate_now (self)));
    }
  }
  return answered;
}

static gboolean
reel_speed_start (GstBaseTransform * base)
{
  ReelSpeed *self = REEL_SPEED (base);
  self->current = rate_now (self);
  self->out_start = 0;
  return TRUE;
}

static void
reel_speed_set_property (GObject * object, guint id, const GValue * value, GParamSpec * spec)
{
  ReelSpeed *self = REEL_SPEED (object);
  if (id == PROP_RATE) {
    GST_OBJECT_LOCK (self);
    self->rate = g_value_get_double (value);
    GST_OBJECT_UNLOCK (self);
  } else if (id == PROP_FRAME_RATE) {
    GST_OBJECT_LOCK (self);
    self->want_n = gst_value_get_fraction_numerator (value);
    self->want_d = gst_value_get_fraction_denominator (value);
    GST_OBJECT_UNLOCK (self);
  } else {
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, id, spec);
  }
}

static void
reel_speed_get_property (GObject * object, guint id, GValue * value, GParamSpec * spec)
{
  ReelSpeed *self = REEL_SPEED (object);
  if (id == PROP_RATE) {
    g_value_set_double (value, rate_now (self));
  } else if (id == PROP_FRAME_RATE) {
    GST_OBJECT_LOCK (self);
    gst_value_set_fraction (value, self->want_n, self->want_d);
    GST_OBJECT_UNLOCK (self);
  } else
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, id, spec);
}

static void
reel_speed_class_init (ReelSpeedClass * klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GstElementClass *element_class = GST_ELEMENT_CLASS (klass);
  GstBaseTransformClass *transform_class = GST_BASE_TRANSFORM_CLASS (klass);
  object_class->set_property = reel_speed_set_property;
  object_class->get_property = reel_speed_get_property;
  g_object_class_install_property (object_class, PROP_RATE, g_param_spec_double ("rate",
      "Rate", "How fast the video plays (2.0 is twice as fast)", 0.01, 100.0, 1.0,
      G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | GST_PARAM_MUTABLE_PLAYING));
  g_object_class_install_property (object_class, PROP_FRAME_RATE, gst_param_spec_fraction ("frame-rate",
      "Frame rate", "The output's frame rate (0/1: the input's)", 0, 1, G_MAXINT, 1, 0, 1,
      G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS));
  GST_DEBUG_CATEGORY_INIT (reel_speed_debug, "reelspeed", 0, "Reel's speed effect");
  gst_element_class_add_static_pad_template (element_class, &sink_template);
  gst_element_class_add_static_pad_template (element_class, &src_template);
  gst_element_class_set_static_metadata (element_class, "Speed", "Filter/Effect/Video",
      "Plays a video faster or slower, frame-exact on the frame grid", "Reel");
  transform_class->transform_caps = reel_speed_transform_caps;
  transform_class->fixate_caps = reel_speed_fixate_caps;
  transform_class->set_caps = reel_speed_set_caps;
  transform_class->start = reel_speed_start;
  transform_class->sink_event = reel_speed_sink_event;
  transform_class->src_event = reel_speed_src_event;
  transform_class->transform_ip = reel_speed_transform_ip;
  transform_class->query = reel_speed_query;
}

static void
reel_speed_init (ReelSpeed * self)
{
  self->rate = self->current = 1.0;
  self->want_d = 1;
  gst_base_transform_set_in_place (GST_BASE_TRANSFORM (self), TRUE);
}

gboolean
reel_speed_register (void)
{
  /* No plugin: the element lives in this process only, never in the registry cache. */
  return gst_element_register (NULL, "reelspeed", GST_RANK_NONE, REEL_TYPE_SPEED);
}
