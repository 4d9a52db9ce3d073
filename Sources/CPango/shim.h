// Pango laid out and drawn with cairo: the movie maker's titles and
// captions, drawn at the movie's own pixels.
#include <pango/pangocairo.h>
