"""Drops files or addresses on Reel the way a person does from a file
manager or a browser: drag_source.py (a small GTK window that starts a real
XDND drag) and the pointer moved by xdotool onto Reel. Shared by the feed's
drop test and the player's subtitle drop."""

from __future__ import annotations

import queue
import subprocess
import threading
import time
from pathlib import Path

from harness import APP_TIMEOUT, wait_until

# Where the source window goes and where its label is pressed: the top
# right of the 1280×800 screen, clear of Reel's controls.
SOURCE_AT = (1060, 100)
PRESS_AT = (1160, 160)
# The way to the middle of Reel's window, with motion spread out.
PATH = ((1120, 180), (1000, 250), (800, 300), (600, 350), (500, 360), (490, 370))


def drop(app, kind: str, *items: str) -> None:
    """Drags `items` (kind "files": paths; "text": addresses) onto Reel and
    lets go there; fails unless the drop was accepted. A synthetic gesture
    sometimes never becomes a drag (the press lands before the X server has
    the moved window) or ends before the target saw it: the source says
    which, and only those are tried again."""
    desktop = app.desktop
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
        desktop.xdotool("windowmove", "--sync", wid, *map(str, SOURCE_AT))
        # Above a full-screen Reel too.
        desktop.xdotool("windowraise", wid, check=False)
        outcome = None
        for _attempt in range(3):
            outcome = None
            desktop.xdotool("mousemove", "--sync", *map(str, PRESS_AT))
            desktop.xdotool("mousedown", "1")
            for x, y in PATH:
                desktop.xdotool("mousemove", "--sync", str(x), str(y))
                time.sleep(0.15)  # XDND needs motion events spread over time
            desktop.xdotool("mouseup", "1")
            # Words until the drag is over: "begin" then "dropped" or
            # "cancelled …"; nothing within 5 s means no drag began.
            while (word := next_word(5 if outcome is None else 10)) is not None:
                outcome = word
                if word != "begin":
                    break
            if outcome == "dropped":
                break
        assert outcome == "dropped", f"the drop never reached Reel (last outcome: {outcome})"
    finally:
        source.terminate()
        source.wait(5)
