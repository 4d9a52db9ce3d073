"""The keyboard and screen-reader check that runs over every screen: walk
the focus chain with Tab and Shift+Tab over AT-SPI, and fail for a stop
without a name (or named after its GTK class), without a role a screen
reader announces, a control on screen that Tab never reaches, a chain that
traps the focus or loses it, and a stop whose focus does not show on screen.

The visible-focus check compares two screenshots: one with the focus on a
stop, one with the focus moved on to the next. Around the stop (its box and
a few pixels outside it, where rings are drawn) enough pixels must change
in brightness by a visible amount; the next stop's own box is left out, as
its ring appears there. The screens are kept still while it runs (the test
clips are still pictures, the player is paused).
"""

from __future__ import annotations

import re
import subprocess
import time
from dataclasses import dataclass, replace
from pathlib import Path

from harness import (CMD_TIMEOUT, HarnessError, atspi, node_name, node_role, on_screen, overlaps, states, walk,
                     wait_until, window_extents)

# Roles a screen reader announces as something to act on or read.
ANNOUNCED = {
    "push button", "toggle button", "check box", "radio button", "slider", "table cell", "entry", "text",
    "password text", "menu item", "check menu item", "radio menu item", "image", "link", "combo box",
    "spin button", "list item", "page tab", "progress bar", "tree item",
}
# Controls that a keyboard user must reach when they are on screen.
CONTROLS = ("push button", "toggle button", "slider", "entry", "check box", "spin button", "combo box")
GTK_CLASS_NAME = re.compile(r"^(Gtk|Adw)[A-Za-z]+$")
# The title bar's window buttons are the window manager's business (Alt+F4,
# Super+Up): GTK keeps them out of the Tab chain, as every GNOME app has it.
WINDOW_BUTTONS = {"Minimize", "Maximize", "Restore", "Close"}
# A ring is a line of pixels around a control: a few dozen at least.
RING_PIXELS = 60
# How much brighter or darker a ring pixel must be than what it covers (of
# the full range): more than the noise of a still screen, as little as
# Adwaita's own half-transparent ring on a grey button.
RING_CONTRAST = "10%"
# GTK 4.8 reports a button's content box; its ring is on the border box.
RING_MARGIN = 10


@dataclass
class Stop:
    role: str
    name: str
    box: tuple          # window coordinates
    node: object

    def same(self, other: "Stop | None") -> bool:
        """The same control: the same widget (its accessible's object path),
        or one of the same name in the very same place. The widget alone is
        not enough: the strip makes its clips' buttons anew when one is
        chosen. The place alone is not either: a scrolled pane moves its
        controls as the focus goes down it, so another menu button can come
        to stand where one stood (Size where Speed was)."""
        return other is not None and self.role == other.role and \
            (self.node.path == other.node.path or (self.box == other.box and self.name == other.name))

    def __str__(self) -> str:
        return f"[{self.role}] {self.name!r}"


class FocusWatch:
    """Follows the focus as a screen reader does, by AT-SPI's focus events:
    the newest object of each process that said it took the focus. Walking
    the tree to find the focus costs hundreds of D-Bus round trips a look
    (GTK 4.8 offers AT-SPI no cache), which made the walks most of these
    tests' time."""

    def __init__(self):
        self.newest: dict = {}
        atspi().Registry.registerEventListener(self._event, "object:state-changed:focused")

    def _event(self, event) -> None:
        if not event.detail1:
            return
        try:
            self.newest[event.source.get_process_id()] = event.source
        except Exception:  # noqa: BLE001 - gone already
            pass

    def of(self, pid: int):
        """The newest object of `pid` that took the focus, if it still has
        it; None when unknown (no event yet, or the focus went where no
        event said)."""
        from gi.repository import GLib
        context = GLib.MainContext.default()
        while context.pending():
            context.iteration(False)
        node = self.newest.get(pid)
        return node if node is not None and "focused" in states(node) else None


_focus_watch: FocusWatch | None = None


def focused(app):
    """The object with the keyboard focus: as the focus events said, else
    by a walk: in the active window (each window keeps the widget it last
    focused), else in any of the app's."""
    global _focus_watch
    if _focus_watch is None:
        _focus_watch = FocusWatch()
    node = _focus_watch.of(app.pid)
    if node is not None:
        return node
    windows = app.windows()
    for window in sorted(windows, key=lambda w: "active" not in states(w)):
        for node in walk(window, visible_only=True):
            if "focused" in states(node):
                return node
    return None


def stop_of(node) -> Stop:
    return Stop(node_role(node), node_name(node), tuple(window_extents(node)), node)


def current_stop(app) -> Stop | None:
    node = focused(app)
    return stop_of(node) if node is not None else None


def is_window_button(node) -> bool:
    return node_name(node) in WINDOW_BUTTONS and window_extents(node)[1] < 60


def shows_itself(win, node) -> bool:
    """What the window has at the node's centre is the node (or inside it):
    GTK 4.8 reports the widgets of a stack's hidden pages as visible, with
    the size they last had. Unknown (nothing accessible there, as over an
    icon) counts as shown."""
    x, y, w, h = window_extents(node)
    hit = win.queryComponent().getAccessibleAtPoint(x + w // 2, y + h // 2, 1)
    stop = stop_of(node)
    for _ in range(12):
        if hit is None:
            return True
        try:
            if stop_of(hit).same(stop):
                return True
        except NotImplementedError:  # no Component interface: look higher
            pass
        hit = hit.parent
    return False


def scrolled_away(node) -> bool:
    """The node's centre is outside a scroll pane it is in: scrolled out of
    sight (or left there by a stack page now hidden), so not on screen."""
    x, y, w, h = window_extents(node)
    cx, cy = x + w // 2, y + h // 2
    ancestor = node.parent
    while ancestor is not None:
        if node_role(ancestor) == "scroll pane":
            px, py, pw, ph = window_extents(ancestor)
            if not (px <= cx < px + pw and py <= cy < py + ph):
                return True
        ancestor = ancestor.parent
    return False


def index_path(node) -> tuple:
    """Where the node is in its window: its index in each parent."""
    path = []
    while node is not None and node_role(node) not in ("frame", "dialog", "window"):
        path.append(node.getIndexInParent())
        node = node.parent
    return tuple(reversed(path))


def on_hidden_page(node, chain: list) -> bool:
    """The node is on a stack's hidden page: one of its ancestors has a
    sibling with the very same box (stacked pages overlap exactly) that
    holds part of the Tab chain `chain` (index paths), while the ancestor
    holds none of it. GTK 4.8 reports hidden pages as showing, and the
    point under a hidden control can be empty on the page shown."""
    path = index_path(node)
    ancestor = node
    for depth in range(len(path), 0, -1):
        mine = path[:depth]
        if any(stop[:depth] == mine for stop in chain):
            return False
        parent = ancestor.parent
        if parent is None:
            return False
        try:
            box = window_extents(ancestor)
        except NotImplementedError:  # no Component interface: look higher
            ancestor = parent
            continue
        for i in range(parent.childCount):
            if i == mine[-1] or not any(stop[:depth] == mine[:-1] + (i,) for stop in chain):
                continue
            try:
                if window_extents(parent.getChildAtIndex(i)) == box:
                    return True
            except NotImplementedError:
                continue
        ancestor = parent
    return False


def problems_of(stop: Stop) -> list:
    out = []
    if not stop.name.strip() or GTK_CLASS_NAME.match(stop.name):
        out.append(f"{stop} has no name a person can understand")
    if stop.role not in ANNOUNCED:
        out.append(f"{stop} has a role a screen reader does not announce as a control")
    return out


def press_and_wait_move(app, key: str, window: str, before: Stop | None, timeout: float = 3.0) -> Stop | None:
    app.key(key, window=window)
    try:
        return wait_until(lambda: (s := current_stop(app)) is not None and not s.same(before) and s,
                          timeout, what=f"the focus to move on {key}")
    except HarnessError:
        return current_stop(app)


def screen_box(app, window: str, box: tuple) -> tuple:
    geo = app.window_geometry(app.x_window(window))
    x, y, w, h = box
    return geo["x"] + x, geo["y"] + y, w, h


def changed_pixels(shot_a: Path, shot_b: Path, box: tuple, masked: tuple | None, work: Path) -> int:
    """Pixels around `box` (screen coordinates, with RING_MARGIN) whose
    brightness differs by RING_CONTRAST between the two screenshots, not
    counting those in `masked`."""
    x, y, w, h = box
    ox, oy, ow, oh = x - RING_MARGIN, y - RING_MARGIN, w + 2 * RING_MARGIN, h + 2 * RING_MARGIN
    draw = []
    if masked is not None:
        mx, my, mw, mh = masked
        m = RING_MARGIN + 2
        draw = ["-fill", "black", "-draw",
                f"rectangle {mx - ox - m},{my - oy - m} {mx - ox + mw + m},{my - oy + mh + m}"]
    crops = []
    for n, shot in enumerate((shot_a, shot_b)):
        out = work / f"ring-{n}.png"
        subprocess.run(["convert", str(shot), "-crop", f"{ow}x{oh}+{ox}+{oy}", "+repage",
                        "-colorspace", "Gray", *draw, str(out)], check=True, timeout=CMD_TIMEOUT)
        crops.append(out)
    result = subprocess.run(["compare", "-metric", "AE", "-fuzz", RING_CONTRAST, str(crops[0]), str(crops[1]), "null:"],
                            capture_output=True, text=True, timeout=CMD_TIMEOUT)
    return int(float(result.stderr.split()[0]))


def walk_chain(app, window: str, key: str = "Tab", limit: int = 40, shots: bool = False,
               work: Path | None = None) -> list:
    """Presses `key` until the focus comes back to where it started; returns
    the stops in order (with a screenshot each when `shots`). Fails when the
    focus is lost, stays put, or circles without coming back."""
    start = current_stop(app)
    stops: list = []
    shot_paths: list = []
    before = start
    for _ in range(limit):
        stop = press_and_wait_move(app, key, window, before)
        if stop is None:
            raise AssertionError(f"{key} after {before} left nothing focused")
        if stop.same(before):
            if not stops and start is not None:
                return [stop], []   # the window's only stop
            raise AssertionError(f"{key} does not move the focus on from {stop}: a trap")
        if stops and stop.same(stops[0]):
            return stops, shot_paths
        if any(stop.same(s) for s in stops):
            raise AssertionError(f"{key} circles back to {stop} without reaching the start: "
                                 + " → ".join(map(str, stops)))
        stops.append(stop)
        if shots:
            time.sleep(0.35)  # the ring's transition
            # Where it is now: a scrolled pane slides to a control the focus
            # reaches below its fold, after the focus has moved.
            stops[-1] = replace(stop, box=tuple(window_extents(stop.node)))
            shot_paths.append(app.desktop.screenshot(work / f"focus-{key}-{len(stops):02d}.png"))
        before = stop
    raise AssertionError(f"{key} did not come back to the start in {limit} presses: " + " → ".join(map(str, stops)))


def reshoot(app, window: str, stops: list, i: int, other: int, work: Path) -> tuple:
    """Screenshots with the focus on stop `i`, then on its neighbour
    `other`, each a second after the focus got there."""
    for _ in range(len(stops) + 2):
        if (current := current_stop(app)) is not None and current.same(stops[i]):
            break
        app.key("Tab", window=window)
        time.sleep(0.2)
    time.sleep(1)
    shot_a = app.desktop.screenshot(work / f"focus-again-{i:02d}.png")
    app.key("Tab" if other == (i + 1) % len(stops) else "shift+Tab", window=window)
    time.sleep(1)
    return shot_a, app.desktop.screenshot(work / f"focus-again-{other:02d}-after-{i:02d}.png")


def check_screen(app, window_title: str, win, work: Path, must_reach=(), rings: bool = True,
                 pointer: tuple = (1, 1)) -> list:
    """The whole check on one screen. Returns the stops (Tab order).
    `pointer`: where the pointer rests during the walk (screen coordinates):
    by default in a corner, so no hover state shows in the screenshots; over
    a toast, it keeps the toast on screen for the walk."""
    app.desktop.move_pointer(*pointer)
    forward, shots = walk_chain(app, window_title, "Tab", shots=rings, work=work)
    problems = [p for stop in forward for p in problems_of(stop)]
    backward, _ = walk_chain(app, window_title, "shift+Tab")
    if not (all(any(f.same(b) for b in backward) for f in forward)
            and all(any(b.same(f) for f in forward) for b in backward)):
        problems.append("Shift+Tab does not reach the same stops as Tab: "
                        f"{sorted(map(str, forward))} against {sorted(map(str, backward))}")
    chain = None  # the stops' index paths, read only if a control is left out
    for node in walk(win, visible_only=True):
        role = node_role(node)
        if role not in CONTROLS:
            continue
        st = states(node)
        if (any(stop_of(node).same(s) for s in forward) or not on_screen(node) or "sensitive" not in st
                or "focusable" not in st or is_window_button(node) or scrolled_away(node)
                or not shows_itself(win, node)):
            continue
        if chain is None:
            chain = [index_path(s.node) for s in forward]
        if not on_hidden_page(node, chain):
            problems.append(f"[{role}] {node_name(node)!r} is on screen but Tab never reaches it")
    for name in must_reach:
        if not any(s.name == name for s in forward):
            problems.append(f"{name!r} is not in the Tab chain: " + " → ".join(map(str, forward)))
    if rings and len(forward) > 1:
        for i, stop in enumerate(forward):
            # Against the screen with the focus on the next stop (or the one
            # before, when the next overlaps this one, as the video does; or
            # one further, when a scrolled pane brings each of its controls
            # to the same place at its edge): the other's own place is left
            # out of the comparison, so it must not be this one's.
            other = next((j % len(forward) for j in (i + 1, i - 1, i + 2, i - 2)
                          if not overlaps(forward[j % len(forward)].box, stop.box)), None)
            if other is None:
                continue
            box, masked = screen_box(app, window_title, stop.box), screen_box(app, window_title, forward[other].box)
            count = changed_pixels(shots[i], shots[other], box, masked, work)
            if count < RING_PIXELS:
                # Once more, slowly. Not an input Reel lost (the focus is
                # checked over AT-SPI at each stop): the harness's screenshot
                # can come before GTK draws the ring's frame on a loaded
                # machine, and nothing tells when a frame reached the X
                # server.
                shot_a, shot_b = reshoot(app, window_title, forward, i, other, work)
                count = changed_pixels(shot_a, shot_b, box, masked, work)
            if count < RING_PIXELS:
                problems.append(f"{stop}: the focus does not show ({count} pixels change around it)")
    assert not problems, f"on {window_title!r}:\n  " + "\n  ".join(problems) + \
        "\nTab order: " + " → ".join(map(str, forward))
    return forward
