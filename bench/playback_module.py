"""bench/playback.sh's machinery (Xvfb, a private session bus, the null-sink
sound server, process groups, CPU and memory from /proc) for the other
benches: `from playback_module import pb`. playback.sh is a script without
a .py name, so it is loaded by path. The importing bench sets
sys.dont_write_bytecode first, so no __pycache__ is left in bench/.
"""
import importlib.machinery
import importlib.util
from pathlib import Path

_loader = importlib.machinery.SourceFileLoader("playback", str(Path(__file__).resolve().with_name("playback.sh")))
pb = importlib.util.module_from_spec(importlib.util.spec_from_loader("playback", _loader))
_loader.exec_module(pb)
