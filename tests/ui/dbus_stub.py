"""What the tests' stand-in D-Bus services share (fake_session_manager.py,
fake_camera_portal.py): owning a well-known name on the session bus
(DBUS_SESSION_BUS_ADDRESS), exporting one interface, printing "ready" once
the name is owned, and running until killed.
"""

from __future__ import annotations

import sys

from gi.repository import Gio, GLib


def serve(name: str, path: str, xml: str, call, get_property=None) -> int:
    """Exports the first interface of `xml` at `path` with the handlers
    `call(connection, sender, path, interface, method, params, invocation)`
    and `get_property(connection, sender, path, interface, name)`. Returns 1
    if the name could not be owned."""
    loop = GLib.MainLoop()
    bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
    info = Gio.DBusNodeInfo.new_for_xml(xml).interfaces[0]
    bus.register_object(path, info, call, get_property, None)

    def lost(*_):
        print(f"could not own {name}", file=sys.stderr, flush=True)
        loop.quit()

    Gio.bus_own_name_on_connection(bus, name, Gio.BusNameOwnerFlags.DO_NOT_QUEUE,
                                   lambda *_: print("ready", flush=True), lost)
    loop.run()
    return 1
