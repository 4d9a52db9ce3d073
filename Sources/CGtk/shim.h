// GTK 4 and libadwaita.
#include <gtk/gtk.h>
#include <adwaita.h>

#ifdef GDK_WINDOWING_X11
#include <gdk/x11/gdkx.h>
#endif

// X11 window-manager requests GTK 4 has no API for, used by the
// picture-in-picture window. Each returns FALSE (and does nothing) when the
// surface is not an X11 one, so Wayland and other backends fall through to
// their own handling.

/// Asks the window manager (EWMH) to keep the window above others and on
/// every workspace (both the STICKY state and the all-desktops number, as
/// window managers support one or the other), or to stop doing so.
static inline gboolean reel_x11_keep_above(GdkSurface *surface, gboolean above) {
#ifdef GDK_WINDOWING_X11
    if (!GDK_IS_X11_SURFACE(surface)) return FALSE;
    GdkDisplay *display = gdk_surface_get_display(surface);
    Display *xdisplay = gdk_x11_display_get_xdisplay(display);
    XClientMessageEvent message = {0};
    message.type = ClientMessage;
    message.window = gdk_x11_surface_get_xid(surface);
    message.message_type = gdk_x11_get_xatom_by_name_for_display(display, "_NET_WM_STATE");
    message.format = 32;
    message.data.l[0] = above ? 1 : 0; // _NET_WM_STATE_ADD or _REMOVE
    message.data.l[1] = gdk_x11_get_xatom_by_name_for_display(display, "_NET_WM_STATE_ABOVE");
    message.data.l[2] = gdk_x11_get_xatom_by_name_for_display(display, "_NET_WM_STATE_STICKY");
    message.data.l[3] = 1; // from a normal application
    XSendEvent(xdisplay, DefaultRootWindow(xdisplay), False,
               SubstructureRedirectMask | SubstructureNotifyMask, (XEvent *)&message);
    if (above) gdk_x11_surface_move_to_desktop(surface, 0xFFFFFFFF);
    else gdk_x11_surface_move_to_current_desktop(surface);
    XFlush(xdisplay);
    return TRUE;
#else
    return FALSE;
#endif
}

/// The window's top-left corner on the screen.
static inline gboolean reel_x11_position(GdkSurface *surface, int *x, int *y) {
#ifdef GDK_WINDOWING_X11
    if (!GDK_IS_X11_SURFACE(surface)) return FALSE;
    Display *xdisplay = gdk_x11_display_get_xdisplay(gdk_surface_get_display(surface));
    Window child;
    return XTranslateCoordinates(xdisplay, gdk_x11_surface_get_xid(surface), DefaultRootWindow(xdisplay),
                                 0, 0, x, y, &child) ? TRUE : FALSE;
#else
    return FALSE;
#endif
}

/// Moves the window's top-left corner to (x, y) on the screen.
static inline gboolean reel_x11_move(GdkSurface *surface, int x, int y) {
#ifdef GDK_WINDOWING_X11
    if (!GDK_IS_X11_SURFACE(surface)) return FALSE;
    Display *xdisplay = gdk_x11_display_get_xdisplay(gdk_surface_get_display(surface));
    XMoveWindow(xdisplay, gdk_x11_surface_get_xid(surface), x, y);
    XFlush(xdisplay);
    return TRUE;
#else
    return FALSE;
#endif
}

/// The X window id, for the trace (tests read its state with xprop); 0 elsewhere.
static inline unsigned long reel_x11_window_id(GdkSurface *surface) {
#ifdef GDK_WINDOWING_X11
    if (GDK_IS_X11_SURFACE(surface)) return gdk_x11_surface_get_xid(surface);
#endif
    return 0;
}

/// The monitor's work area (without panels) on X11, else its geometry.
static inline void reel_monitor_workarea(GdkMonitor *monitor, GdkRectangle *area) {
#ifdef GDK_WINDOWING_X11
    if (GDK_IS_X11_MONITOR(monitor)) {
        gdk_x11_monitor_get_workarea(monitor, area);
        return;
    }
#endif
    gdk_monitor_get_geometry(monitor, area);
}
