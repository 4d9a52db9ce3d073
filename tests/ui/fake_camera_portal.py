#!/usr/bin/python3
"""A stand-in for xdg-desktop-portal's Camera portal on a test's session
bus: it owns org.freedesktop.portal.Desktop and answers AccessCamera the way
the real portal does (a Request object whose Response signal carries the
user's answer: 0 granted, 1 cancelled, 2 refused) and OpenPipeWireRemote
with a file descriptor. Every call is recorded as a JSON line.

    fake_camera_portal.py LOG ANSWER     (ANSWER: 0, 1 or 2; prints "ready")

Runs until killed; the bus address comes from DBUS_SESSION_BUS_ADDRESS.
"""

from __future__ import annotations

import json
import os
import sys

from gi.repository import Gio, GLib

from dbus_stub import serve

NAME = "org.freedesktop.portal.Desktop"
PATH = "/org/freedesktop/portal/desktop"
XML = """
<node>
  <interface name="org.freedesktop.portal.Camera">
    <method name="AccessCamera">
      <arg name="options" type="a{sv}" direction="in"/>
      <arg name="handle" type="o" direction="out"/>
    </method>
    <method name="OpenPipeWireRemote">
      <arg name="options" type="a{sv}" direction="in"/>
      <arg name="fd" type="h" direction="out"/>
    </method>
    <property name="IsCameraPresent" type="b" access="read"/>
    <property name="version" type="u" access="read"/>
  </interface>
</node>
"""


def main() -> int:
    log = open(sys.argv[1], "a", buffering=1)
    answer = int(sys.argv[2])
    def call(connection, sender, path, interface, method, params, invocation):
        options = params.unpack()[0]
        log.write(json.dumps({"call": method, "sender": sender, "options": options}) + "\n")
        if method == "AccessCamera":
            token = options.get("handle_token", "t")
            request = f"{PATH}/request/{sender[1:].replace('.', '_')}/{token}"
            invocation.return_value(GLib.Variant("(o)", (request,)))

            def respond():
                connection.emit_signal(sender, request, "org.freedesktop.portal.Request", "Response",
                                       GLib.Variant("(ua{sv})", (answer, {})))
                return False
            # As the real portal: the answer comes later, once the user chose.
            GLib.timeout_add(200, respond)
        elif method == "OpenPipeWireRemote":
            fds = Gio.UnixFDList.new()
            index = fds.append(os.open("/dev/null", os.O_RDWR))
            invocation.return_value_with_unix_fd_list(GLib.Variant("(h)", (index,)), fds)
        else:
            invocation.return_dbus_error("org.freedesktop.DBus.Error.UnknownMethod", method)

    def get_property(connection, sender, path, interface, name):
        return GLib.Variant("b", True) if name == "IsCameraPresent" else GLib.Variant("u", 4)

    return serve(NAME, PATH, XML, call, get_property)


if __name__ == "__main__":
    sys.exit(main())
