// GLib, GObject and GIO, plus libintl for gettext. CGtk and CGst include
// these headers again; Clang merges the declarations, so GObject and friends
// stay one type in Swift whichever module a pointer comes from.
#include <glib.h>
#include <glib-object.h>
#include <gio/gio.h>
#include <libintl.h>
#include <locale.h>
