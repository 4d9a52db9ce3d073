// The movie maker's speed effect: a GStreamer element that plays a video
// faster or slower, every output frame on the movie's frame grid showing
// the source frame that covers its moment (see reelspeed.c for why GES's
// own videorate does not do).
#ifndef REEL_SPEED_H
#define REEL_SPEED_H
#include <glib.h>

/// Registers the "reelspeed" element (its "rate" property: 2.0 is twice as
/// fast) in this process. Call once, after gst_init(); true if it is there.
gboolean reel_speed_register(void);
#endif
