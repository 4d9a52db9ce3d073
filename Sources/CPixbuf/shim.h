// GdkPixbuf: PNG thumbnails with the freedesktop Thumb:: text keys.
#include <gdk-pixbuf/gdk-pixbuf.h>
