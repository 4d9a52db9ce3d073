"""The static layout in data/ui/: every object of every .ui file in the
installed GResource loads, with the class its file says, and every object
the code takes by id (UIFile.widget(id, type)) is there with that type."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
TIMEOUT = 60


def snake_to_type_name(getter: str) -> str:
    """gtk_label_get_type -> GtkLabel, adw_header_bar_get_type -> AdwHeaderBar."""
    return "".join(part.capitalize() for part in getter.removesuffix("_get_type").split("_"))


def typed_getters(src: Path) -> dict:
    """UIFile's typed getters and the class each checks: `label` -> gtk_label_get_type."""
    text = (src / "Sources/ReelUI/UIFile.swift").read_text()
    getters = dict(re.findall(r'func (\w+)\(_ id: String\) -> \w+ \{ \w+\(widget: widget\(id, (\w+_get_type)\(\)\)\) \}', text))
    assert getters, "no typed getter found in UIFile.swift: the search is out of date"
    return getters


def objects_the_code_takes(src: Path) -> list:
    """[file, id, type name] for each `UIFile("x.ui")` and the `.widget("id",
    gtk_x_get_type())`, `.object(…)` and typed getter (`.label("id")`) calls
    in the same Swift file."""
    getters = typed_getters(src)
    typed = re.compile(r'\.(' + "|".join(getters) + r')\("([^"]+)"\)')
    taken = []
    for swift in sorted((src / "Sources").rglob("*.swift")):
        text = swift.read_text()
        files = re.findall(r'UIFile\("([^"]+)"\)', text)
        if not files:
            continue
        assert len(files) == 1, f"{swift}: one .ui file per Swift file keeps ids unambiguous"
        for object_id, getter in re.findall(r'\.(?:widget|object)\("([^"]+)",\s*(\w+_get_type)\(\)\)', text):
            taken.append([files[0], object_id, snake_to_type_name(getter)])
        for getter, object_id in typed.findall(text):
            taken.append([files[0], object_id, snake_to_type_name(getters[getter])])
    return taken


def test_every_object_of_every_ui_file_loads(desktop, reel_bin, reel_src):
    gresource = Path(reel_bin).parent.parent / "share/reel/io.github.reelapp.Reel.gresource"
    assert gresource.is_file(), f"{gresource} not installed"
    taken = objects_the_code_takes(reel_src)
    assert taken, "no UIFile(...).widget(...) found in Sources: the search is out of date"
    env = {**desktop.env(), "PATH": "/usr/bin:/bin", "GSETTINGS_BACKEND": "memory"}
    r = subprocess.run([sys.executable, str(HERE / "ui_file_check.py"), str(gresource), json.dumps(taken)],
                       env=env, capture_output=True, text=True, timeout=TIMEOUT)
    assert r.returncode == 0, f"exit {r.returncode}\n--- stdout ---\n{r.stdout}\n--- stderr ---\n{r.stderr}"
