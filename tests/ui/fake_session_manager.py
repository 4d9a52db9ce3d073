#!/usr/bin/python3
"""A stand-in for gnome-session on a test's session bus: it owns
org.gnome.SessionManager and answers what GTK 4's GtkApplication calls
(gtk/gtkapplication-dbus.c), recording every call as a JSON line.

GTK looks for the name once, when the application starts up: if it is
owned, gtk_application_inhibit() becomes Inhibit(app_id s, toplevel_xid u,
reason s, flags u) → cookie u, and gtk_application_uninhibit() becomes
Uninhibit(cookie u) (asynchronous). RegisterClient is called only for
applications with register-session set; IsInhibited answers
gtk_application_is_inhibited().

    fake_session_manager.py LOG      (prints "ready" once the name is owned)

Runs until killed; the bus address comes from DBUS_SESSION_BUS_ADDRESS.
"""

from __future__ import annotations

import json
import sys

from gi.repository import GLib

from dbus_stub import serve

NAME = "org.gnome.SessionManager"
PATH = "/org/gnome/SessionManager"
XML = """
<node>
  <interface name="org.gnome.SessionManager">
    <method name="RegisterClient">
      <arg name="app_id" type="s" direction="in"/>
      <arg name="client_startup_id" type="s" direction="in"/>
      <arg name="client_id" type="o" direction="out"/>
    </method>
    <method name="UnregisterClient">
      <arg name="client_id" type="o" direction="in"/>
    </method>
    <method name="Inhibit">
      <arg name="app_id" type="s" direction="in"/>
      <arg name="toplevel_xid" type="u" direction="in"/>
      <arg name="reason" type="s" direction="in"/>
      <arg name="flags" type="u" direction="in"/>
      <arg name="inhibit_cookie" type="u" direction="out"/>
    </method>
    <method name="Uninhibit">
      <arg name="inhibit_cookie" type="u" direction="in"/>
    </method>
    <method name="IsInhibited">
      <arg name="flags" type="u" direction="in"/>
      <arg name="is_inhibited" type="b" direction="out"/>
    </method>
  </interface>
</node>
"""


class SessionManager:
    def __init__(self, log_path: str):
        self.log = open(log_path, "a", buffering=1)
        self.active: dict[int, int] = {}  # cookie → flags
        self.next_cookie = 1000
        self.clients = 0

    def record(self, **fields) -> None:
        self.log.write(json.dumps(fields) + "\n")

    def call(self, connection, sender, path, interface, method, params, invocation):
        args = params.unpack()
        if method == "Inhibit":
            app_id, xid, reason, flags = args
            self.next_cookie += 1
            cookie = self.next_cookie
            self.active[cookie] = flags
            self.record(call=method, sender=sender, app_id=app_id, xid=xid, reason=reason, flags=flags,
                        cookie=cookie)
            invocation.return_value(GLib.Variant("(u)", (cookie,)))
        elif method == "Uninhibit":
            (cookie,) = args
            known = self.active.pop(cookie, None) is not None
            self.record(call=method, sender=sender, cookie=cookie, known=known)
            if known:
                invocation.return_value(None)
            else:  # what gnome-session says
                invocation.return_dbus_error("org.gnome.SessionManager.GeneralError",
                                             f"Unable to uninhibit: Invalid cookie {cookie}")
        elif method == "IsInhibited":
            (flags,) = args
            answer = any(f & flags for f in self.active.values())
            self.record(call=method, sender=sender, flags=flags, answer=answer)
            invocation.return_value(GLib.Variant("(b)", (answer,)))
        elif method == "RegisterClient":
            self.clients += 1
            client = f"{PATH}/Client{self.clients}"
            self.record(call=method, sender=sender, app_id=args[0], client=client)
            invocation.return_value(GLib.Variant("(o)", (client,)))
        elif method == "UnregisterClient":
            self.record(call=method, sender=sender, client=args[0])
            invocation.return_value(None)
        else:
            invocation.return_dbus_error("org.freedesktop.DBus.Error.UnknownMethod", method)


def main() -> int:
    return serve(NAME, PATH, XML, SessionManager(sys.argv[1]).call)


if __name__ == "__main__":
    sys.exit(main())
