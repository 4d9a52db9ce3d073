"""Drags under Xvfb with xdotool: the pointer pressed, moved in steps and
let go (XDND needs its motion events spread over time), within Reel's
window or from drag_source.py, a stand-in for a file manager."""
from __future__ import annotations

import queue
import subprocess
import threading
import time
from pathlib import Path

from harness import APP_TIMEOUT, wait_until


def drag_pointer(desktop, start: tuple, path: list, before_release=None) -> None:
    """Presses the first button at `start`, moves through each point of
    `path` and lets go at the last; `before_release`, if given, runs while
    the pointer still holds there (to look at the screen mid-drag)."""
    desktop.xdotool("mousemove", "--sync", str(start[0]), str(start[1]))
    desktop.xdotool("mousedown", "1")
    for x, y in path:
        desktop.xdotool("mousemove", "--sync", str(x), str(y))
        time.sleep(0.15)
    if before_release is not None:
        before_release()
    desktop.xdotool("mouseup", "1")


def drop_from_outside(app, desktop, kind: str, items: list, to: tuple, then=None) -> None:
    """Drags `items` ("files": paths, "text": addresses) from drag_source.py's
    window, placed at the screen's right, to the screen point `to`, and
    asserts the drop was taken. A synthetic gesture sometimes never becomes
    a drag (the press lands before the X server has the moved window) or is
    dropped before the target saw it: the source says which, and only those
    are tried again. `then`, if given, runs while the source still lives."""
    source = subprocess.Popen(["/usr/bin/python3", str(Path(__file__).with_name("drag_source.py")), kind, *items],
                              env=dict(app.env), stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    said: queue.Queue = queue.Queue()
    threading.Thread(target=lambda: [said.put(line.strip()) for line in source.stdout], daemon=True).start()

    def next_word(timeout):
        try:
            return said.get(timeout=timeout)
        except queue.Empty:
            return None

    try:
        assert next_word(APP_TIMEOUT) == "ready", "the drag source window was never drawn"
        wid = wait_until(lambda: desktop.xdotool("search", "--name", "^Drag source$", check=False).split(),
                         APP_TIMEOUT, what="the drag source window")[0]
        desktop.xdotool("windowmove", "--sync", wid, "1060", "100")
        # Above a full-screen Reel too.
        desktop.xdotool("windowraise", wid, check=False)
        tx, ty = to
        steps = [(1120, 180), (1000, 250), (tx + (1000 - tx) * 3 // 5, ty + (250 - ty) * 3 // 5),
                 (tx + (1000 - tx) // 5, ty + (250 - ty) // 5), (tx + 10, ty + 10), (tx, ty)]
        for _attempt in range(3):
            outcome = None
            drag_pointer(desktop, (1160, 160), steps)
            # Words until the drag is over: "begin" then "dropped" or
            # "cancelled …"; nothing within 5 s means no drag began.
            while (word := next_word(5 if outcome is None else 10)) is not None:
                outcome = word
                if word != "begin":
                    break
            if outcome == "dropped":
                break
        assert outcome == "dropped", f"the drop never reached Reel (last outcome: {outcome})"
        if then is not None:
            then()
    finally:
        source.terminate()
        source.wait(5)
