// What Swift cannot express from the GLib headers: macros that expand to
// expressions (fundamental GType values) and sizeof of a bit-field struct.
#ifndef REEL_CSHIMS_H
#define REEL_CSHIMS_H
#include <glib-object.h>
#include <malloc.h>

static inline GType reel_type_invalid(void) { return G_TYPE_INVALID; }
static inline GType reel_type_boolean(void) { return G_TYPE_BOOLEAN; }
static inline GType reel_type_int(void) { return G_TYPE_INT; }
static inline GType reel_type_uint(void) { return G_TYPE_UINT; }
static inline GType reel_type_float(void) { return G_TYPE_FLOAT; }
static inline GType reel_type_double(void) { return G_TYPE_DOUBLE; }
static inline GType reel_type_string(void) { return G_TYPE_STRING; }
static inline GType reel_type_pointer(void) { return G_TYPE_POINTER; }
static inline GType reel_type_object(void) { return G_TYPE_OBJECT; }
static inline GType reel_type_variant(void) { return G_TYPE_VARIANT; }

/// GClosure has bit-fields; let C say how big it is.
static inline guint reel_closure_size(void) { return (guint)sizeof(GClosure); }

/// The GType of an instance (G_TYPE_FROM_INSTANCE is a macro).
static inline GType reel_instance_type(gpointer instance) {
    return G_TYPE_FROM_INSTANCE(instance);
}
/// At most `count` malloc arenas (M_ARENA_MAX is glibc's, from malloc.h).
static inline void reel_limit_malloc_arenas(int count) { mallopt(M_ARENA_MAX, count); }
#endif
