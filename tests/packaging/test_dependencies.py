"""Every GStreamer element, Python module and command that Reel, its tests and
its benches use comes from a Debian package that tools/deps.sh installs.

The C libraries the Swift modules link (module.modulemap) are read the same
way, through the dynamic linker's cache, and must come from the run-time list.
So are the libraries a test needs loaded that nothing names (the GL driver
of tests/ui/test_gl_renderer.py): a test module's LOADED_LIBRARIES, paths
relative to the system's library directory. The GSettings schemas of
other programs the app reads (the desktop's privacy settings) are found by
their id in the Swift sources and their file under /usr/share/glib-2.0.

A dependency is proven here, not by it happening to be installed on the
machine the suite runs on: the sources are read for what they use, GStreamer's
registry says which plugin file provides each element (Python says which file
each module is, PATH which file each command is), `dpkg -S` says which package
owns that file, and that package must be in the list of tools/deps.sh that
matches where it is used:

  Sources/                       REEL_RUNTIME_PACKAGES
  Tests/, tests/, tools/         runtime, build or test packages
  bench/                         any of those, or REEL_BENCH_PACKAGES

Packages every Debian system has (Essential or Priority: required) count as
installed. An element Reel can do without is probed before use
(`MediaSystem.hasElement`, or a list of alternatives); those are in OPTIONAL
below and may be missing.
"""
from __future__ import annotations

import ast
import functools
import importlib.util
import itertools
import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import gi

gi.require_version("Gst", "1.0")
from gi.repository import Gst  # noqa: E402

Gst.init(None)

ROOT = Path(__file__).resolve().parents[2]

# Elements that are probed before use, with what Reel does without them.
OPTIONAL = {
    # Recording and sample encoders: RecordingFormat and the sample library
    # take the first one installed.
    "vah264lpenc": "hardware H.264 encoding (VA-API), else x264enc",
    "vah264enc": "hardware H.264 encoding (VA-API), else x264enc",
    "vaapih264enc": "hardware H.264 encoding (VA-API), else x264enc",
    "openh264enc": "another H.264 encoder, after x264enc",
    "fdkaacenc": "another AAC encoder, before avenc_aac",
    "voaacenc": "another AAC encoder, after avenc_aac; the movie maker's (encodebin skips the unranked avenc_aac)",
    "vp9enc": "a WebM fallback after vp8enc",
    "vorbisenc": "WebM sample audio without opusenc",
}

# Elements Reel gets without naming them: what playbin plugs for the media
# Reel makes and streams itself (sample library, camera recordings, HLS and
# DASH), and the sources the device monitor makes for cameras and
# microphones. Needed all the same.
UNNAMED = [
    "qtdemux", "matroskademux", "h264parse", "aacparse", "avdec_h264", "avdec_aac",
    "vp8dec", "opusdec", "souphttpsrc", "hlsdemux2", "dashdemux2", "typefind",
    "decodebin3", "urisourcebin", "pulsesink", "alsasink", "v4l2src", "pulsesrc",
]

# Elements GES makes for the movie maker's timelines (MovieTimeline,
# MovieRenderer) without Reel naming them: its non-linear engine (nle, in
# libges itself), the mixers the layers meet in, the converters each clip
# goes through, the encoder bin of render mode. Needed all the same.
GES_ELEMENTS = [
    "nlecomposition", "nlesource", "nleurisource", "nleoperation", "compositor", "audiomixer",
    "videoconvert", "videoscale", "videorate", "videoflip", "audioconvert", "audioresample", "audiorate",
    "volume", "uridecodebin", "encodebin", "playsink", "scaletempo",
]

CAPS_OR_PROPERTY = re.compile(r"[=/]")
ELEMENT_NAME = re.compile(r"^[a-z][a-z0-9_]*[a-z0-9]$")
HOLE = "\x00"  # stands for an interpolation


@dataclass(frozen=True)
class Use:
    """One thing a source file uses: an element, a module or a command."""
    kind: str
    name: str
    where: str
    scope: str  # "app", "test" or "bench"


def scope_of(path: Path) -> str:
    top = path.relative_to(ROOT).parts[0]
    return {"Sources": "app", "bench": "bench"}.get(top, "test")


# MARK: - Reading the sources

def elements_of_description(text: str, whole: bool = False) -> list[str]:
    """The element names of a gst-launch description (a string with `!`):
    the bare words linked by `!` on either side (past the element's own
    properties) or given a name=, so prose or code around a description is
    not taken. `whole`: the text is nothing but a description (gst-launch's
    arguments), so its first word is an element too."""
    tokens = re.findall(r"""(?:"[^"]*"|'[^']*'|\S)+""", text)
    names = []
    for i, token in enumerate(tokens):
        if HOLE in token or CAPS_OR_PROPERTY.search(token) or "." in token or not ELEMENT_NAME.match(token):
            continue  # an interpolated part, caps, a property, a pad reference, a link
        properties = list(itertools.takewhile(lambda t: "=" in t, tokens[i + 1:]))
        after = tokens[i + 1 + len(properties)] if i + 1 + len(properties) < len(tokens) else None
        named = any(p.startswith("name=") for p in properties)
        if (i > 0 and tokens[i - 1] == "!") or after == "!" or named or (whole and not names):
            names.append(token)
    return names


def is_description(text: str) -> bool:
    return re.search(r"(^|\s)!(\s|$)", text) is not None


def swift_literals(source: str) -> list[str]:
    """Every string literal of a Swift file, interpolations replaced by HOLE;
    literals inside interpolations are returned too."""
    found: list[str] = []

    def literal(i: int) -> int:
        """Reads the literal starting at source[i] (a quote); returns the end."""
        multi = source.startswith('"""', i)
        i += 3 if multi else 1
        text = []
        while i < len(source):
            if source.startswith('"""' if multi else '"', i):
                found.append("".join(text))
                return i + (3 if multi else 1)
            c = source[i]
            if c == "\\" and i + 1 < len(source):
                nxt = source[i + 1]
                if nxt == "(":
                    i = interpolation(i + 2)
                    text.append(HOLE)
                    continue
                if nxt == "\n":  # a line continuation in a multi-line literal
                    i += 2
                    continue
                text.append({"n": "\n", "t": "\t"}.get(nxt, nxt))
                i += 2
                continue
            if c == "\n" and not multi:
                break
            text.append(c)
            i += 1
        found.append("".join(text))
        return i

    def interpolation(i: int) -> int:
        depth = 1
        while i < len(source) and depth:
            c = source[i]
            if c == '"':
                i = literal(i)
                continue
            depth += {"(": 1, ")": -1}.get(c, 0)
            i += 1
        return i

    i = 0
    while i < len(source):
        if source.startswith("//", i):
            i = source.find("\n", i)
            i = len(source) if i < 0 else i
        elif source.startswith("/*", i):
            i = source.find("*/", i)
            i = len(source) if i < 0 else i + 2
        elif source[i] == '"':
            i = literal(i)
        else:
            i += 1
    return found


def python_strings(tree: ast.AST) -> tuple[list[str], list[list[str]]]:
    """(every string, every list/tuple/call-argument sequence of strings) of
    a Python module; f-string holes and starred parts become HOLE."""
    def text(node) -> str | None:
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            return node.value
        if isinstance(node, ast.JoinedStr):
            return "".join(v.value if isinstance(v, ast.Constant) else HOLE for v in node.values)
        return None

    strings, sequences = [], []
    for node in ast.walk(tree):
        value = text(node)
        if value is not None:
            strings.append(value)
        items = node.elts if isinstance(node, (ast.List, ast.Tuple)) else \
            node.args if isinstance(node, ast.Call) else None
        if items:
            parts = [text(item) for item in items]
            sequences.append([HOLE if part is None else part for part in parts])
    return strings, sequences


FACTORY_CALL = re.compile(
    r"""(?:gst_element_factory_make|hasElement|makeElement|ElementFactory\.make|ElementFactory\.find)"""
    r"""\(\s*"([a-z0-9_]+)\"""")


def elements_in(path: Path, text: str) -> set[str]:
    names = set(FACTORY_CALL.findall(text))
    if path.suffix == ".swift":
        literals = swift_literals(text)
        for literal in literals:
            if is_description(literal):
                names.update(elements_of_description(literal))
        # A piece of a description held apart ("uridecodebin3 name=decode
        # caps=video/x-raw decode.video_0"): one word, then only properties,
        # and perhaps the pad the rest links from.
        for literal in literals:
            piece = re.fullmatch(r"\s*([a-z][a-z0-9_]*[a-z0-9])((?:\s+[a-z][\w-]*=\S+)+)(\s+[a-z][\w-]*\.\w+)?\s*", literal)
            if piece:
                names.add(piece.group(1))
        # Lists of alternatives (encoders, muxers): plain literals that are
        # an installed element's name, or one Reel declares optional.
        names.update(lit for lit in literals if lit not in NOT_ELEMENTS and ELEMENT_NAME.match(lit)
                     and (lit in OPTIONAL or Gst.ElementFactory.find(lit) is not None))
    elif is_python(path, text):
        strings, sequences = python_strings(ast.parse(text))
        for string in strings:
            if is_description(string):
                names.update(elements_of_description(string))
        for seq in sequences:
            if "!" in seq or (seq and seq[0] == "gst-launch-1.0"):
                launch = seq[0] == "gst-launch-1.0"
                words = [w for w in seq[1:] if not w.startswith("-")] if launch else seq
                names.update(elements_of_description(" ".join(words), whole=launch))
    else:  # shell: the descriptions given to gst-launch-1.0
        for command in re.findall(r"gst-launch-1\.0((?:[^\n]*\\\n)*[^\n]*)", text):
            names.update(elements_of_description(re.sub(r"\$\{?\w+[^\s]*", HOLE, command.replace("\\\n", " "))))
    return names


# Swift literals that are an element's name by chance: a property, an action,
# a test pattern.
NOT_ELEMENTS = {"volume", "speed", "mirror", "smpte"}


def is_python(path: Path, text: str) -> bool:
    return path.suffix == ".py" or text.startswith("#!/usr/bin/python3") or text.startswith("#!/usr/bin/env python3")


def source_files() -> list[Path]:
    files = []
    for top in ("Sources", "Tests", "tests", "tools", "bench"):
        for path in sorted((ROOT / top).rglob("*")):
            if path.is_file() and (path.suffix in (".swift", ".py", ".sh") or path.parent.name == "tools"
                                   and path.suffix == ""):
                if "artifacts" not in path.parts and path.name != Path(__file__).name:
                    files.append(path)
    return files


@functools.lru_cache(maxsize=None)
def local_modules() -> frozenset[str]:
    names = {p.stem for p in ROOT.rglob("*.py")}
    return frozenset(names | {"playback_module"})


def python_uses(tree: ast.AST) -> tuple[set[str], set[tuple[str, str]], set[str]]:
    """(top-level modules imported, (namespace, version) typelibs, commands
    run): a command is the first word of a list given to subprocess (written
    there, or in the list a name was given), or a name given to which()."""
    lists = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and isinstance(node.value, (ast.List, ast.Tuple)) and node.value.elts:
            for target in node.targets:
                if isinstance(target, ast.Name):
                    lists[target.id] = node.value.elts[0]
    modules, typelibs, commands = set(), set(), set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            modules.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            modules.add(node.module.split(".")[0])
        elif isinstance(node, ast.Call) and node.args:
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
            first = node.args[0]
            if name == "require_version" and len(node.args) == 2 and \
                    all(isinstance(a, ast.Constant) for a in node.args):
                typelibs.add((node.args[0].value, node.args[1].value))
                first = None
            elif name in ("run", "Popen", "check_output", "check_call", "call"):
                if isinstance(first, ast.Name):
                    first = lists.get(first.id)
                elif isinstance(first, (ast.List, ast.Tuple)) and first.elts:
                    first = first.elts[0]
                else:
                    first = None
            elif name != "which":
                first = None
            if isinstance(first, ast.Constant) and isinstance(first.value, str) and \
                    re.match(r"^[A-Za-z/][\w./+-]*$", first.value):
                commands.add(first.value)
    return modules, typelibs, commands


# pytest plugins a file uses without importing them: by a command-line flag
# of a pytest run it starts, or by a mark.
PYTEST_PLUGINS = {
    "xdist": re.compile(r'"--dist"'),
    "pytest_timeout": re.compile(r"pytest\.mark\.timeout\("),
}


def plugins_used(text: str) -> set[str]:
    return {plugin for plugin, used in PYTEST_PLUGINS.items() if used.search(text)}


def loaded_libraries(tree: ast.AST) -> list[str]:
    """The strings of a module's `LOADED_LIBRARIES = (...)`."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and isinstance(node.value, (ast.List, ast.Tuple)) and \
                any(isinstance(t, ast.Name) and t.id == "LOADED_LIBRARIES" for t in node.targets):
            found += [e.value for e in node.value.elts if isinstance(e, ast.Constant) and isinstance(e.value, str)]
    return found


def uses() -> list[Use]:
    found: list[Use] = []
    for path in source_files():
        text = path.read_text(errors="replace")
        where = str(path.relative_to(ROOT))
        scope = scope_of(path)
        found += [Use("element", name, where, scope) for name in sorted(elements_in(path, text))]
        if is_python(path, text):
            modules, typelibs, commands = python_uses(ast.parse(text))
            found += [Use("module", m, where, scope) for m in sorted(modules)
                      if m not in sys.stdlib_module_names and m not in local_modules()]
            found += [Use("typelib", f"{ns}-{v}", where, scope) for ns, v in sorted(typelibs)]
            found += [Use("command", c, where, scope) for c in sorted(commands)]
            found += [Use("module", m, where, scope) for m in sorted(plugins_used(text))]
            found += [Use("loaded", name, where, scope) for name in loaded_libraries(ast.parse(text))]
        else:
            for command in re.findall(r'"(/(?:usr/)?s?bin/[\w.+-]+)"', text):
                found.append(Use("command", command, where, scope))
            for schema in sorted(set(re.findall(r'schemaID\s*=\s*"(org\.gnome\.[\w.-]+)"', text))):
                found.append(Use("schema", schema, where, scope))
    found += [Use("element", name, "playbin's plugging or the device monitor (UNNAMED)", "app") for name in UNNAMED]
    found += [Use("element", name, "GES's timelines and render mode (GES_ELEMENTS)", "app") for name in GES_ELEMENTS]
    found += linked_libraries()
    return found


def linked_libraries() -> list[Use]:
    """The C libraries the Swift modules link (`link "…"` in each
    module.modulemap under Sources/): the app needs each at run time."""
    found = []
    for modulemap in sorted((ROOT / "Sources").glob("*/module.modulemap")):
        for name in re.findall(r'^\s*link\s+"([^"]+)"', modulemap.read_text(), re.MULTILINE):
            found.append(Use("library", name, str(modulemap.relative_to(ROOT)), "app"))
    return found


@functools.lru_cache(maxsize=None)
def shared_libraries() -> dict[str, str]:
    """soname stem ("ges-1.0") → the file the dynamic linker finds."""
    out = subprocess.run(["/sbin/ldconfig", "-p"], capture_output=True, text=True).stdout
    found = {}
    for match in re.finditer(r"^\s*lib(\S+?)\.so(?:\.[\d.]+)? \(([^)]*)\) => (\S+)$", out, re.MULTILINE):
        stem, flags, path = match.groups()
        if "x86-64" in flags or "x86_64" in path or not flags.strip():
            # The real file (lib*.so.N), not the development link.
            if stem not in found or ".so." in path:
                found[stem] = os.path.realpath(path)
    return found


# MARK: - Files and packages

def file_of(use: Use) -> str | None:
    """The file on this machine that provides a use, or None."""
    if use.kind == "element":
        factory = Gst.ElementFactory.find(use.name)
        if factory is None:
            return None
        plugin = factory.get_plugin()
        return plugin.get_filename() if plugin else None
    if use.kind == "module":
        spec = importlib.util.find_spec(use.name)
        if spec is None:
            return None
        return spec.origin if spec.origin not in (None, "built-in", "frozen") else \
            (list(spec.submodule_search_locations or [None])[0])
    if use.kind == "library":
        return shared_libraries().get(use.name)
    if use.kind == "loaded":
        folders = dict.fromkeys(os.path.dirname(path) for path in shared_libraries().values())
        return next((str(Path(f) / use.name) for f in folders if (Path(f) / use.name).exists()), None)
    if use.kind == "schema":
        candidate = Path("/usr/share/glib-2.0/schemas") / f"{use.name}.gschema.xml"
        return str(candidate) if candidate.exists() else None
    if use.kind == "typelib":
        for folder in ("/usr/lib/x86_64-linux-gnu/girepository-1.0", "/usr/lib/girepository-1.0",
                       *[str(p) for p in Path("/usr/lib").glob("*/girepository-1.0")]):
            candidate = Path(folder) / f"{use.name}.typelib"
            if candidate.exists():
                return str(candidate)
        return None
    return shutil.which(use.name)


@functools.lru_cache(maxsize=None)
def package_of(path: str) -> str | None:
    """The Debian package that owns a file (through /usr-merged paths too)."""
    candidates = [path, os.path.realpath(path)]
    for p in list(candidates):
        if p.startswith("/usr/"):
            candidates.append(p[4:])
        elif p.startswith(("/bin/", "/sbin/", "/lib/")):
            candidates.append("/usr" + p)
    for candidate in dict.fromkeys(candidates):
        out = subprocess.run(["dpkg", "-S", candidate], capture_output=True, text=True)
        if out.returncode == 0:
            line = out.stdout.splitlines()[0]
            if not line.startswith("diversion"):
                return line.split(":")[0].split(",")[0].strip()
    return None


@functools.lru_cache(maxsize=None)
def installed_packages() -> tuple[dict[str, list[list[str]]], dict[str, set[str]], set[str]]:
    """(what each installed package depends on, as lists of alternatives;
    which packages provide each virtual name; the Essential or required ones)."""
    out = subprocess.run(["dpkg-query", "-W", "-f=${Package}\t${Status}\t${Essential}\t${Priority}\t"
                          "${Provides}\t${Pre-Depends}, ${Depends}\n"], capture_output=True, text=True).stdout
    depends, providers, base = {}, {}, set()
    for line in out.splitlines():
        name, status, essential, priority, provides, needs = line.split("\t")
        if not status.endswith("installed") or status.endswith("not-installed"):
            continue
        providers.setdefault(name, set()).add(name)
        for virtual in filter(None, (p.split("(")[0].strip() for p in provides.split(","))):
            providers.setdefault(virtual, set()).add(name)
        depends[name] = [[alt.split("(")[0].split(":")[0].strip() for alt in dep.split("|")]
                         for dep in needs.split(",") if dep.strip()]
        if essential == "yes" or priority == "required":
            base.add(name)
    return depends, providers, base


def with_dependencies(packages: set[str]) -> set[str]:
    """The packages and everything they depend on, as installed here: what
    installing the list brings along."""
    depends, providers, _ = installed_packages()
    done, todo = set(), list(packages)
    while todo:
        package = todo.pop()
        if package in done:
            continue
        done.add(package)
        for alternatives in depends.get(package, []):
            for alternative in alternatives:
                todo.extend(providers.get(alternative, ()))
    return done


@functools.lru_cache(maxsize=None)
def package_lists() -> dict[str, set[str]]:
    script = ('. tools/deps.sh; for list in RUNTIME BUILD TEST BENCH; do name="REEL_${list}_PACKAGES[@]"; '
              'echo "$list ${!name}"; done')
    out = subprocess.run(["bash", "-c", script], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    lists = {}
    for line in out.splitlines():
        key, *packages = line.split()
        lists[key] = set(packages)
    return lists


@functools.lru_cache(maxsize=None)
def allowed_for(scope: str) -> frozenset[str]:
    lists = package_lists()
    allowed = set(lists["RUNTIME"])
    if scope in ("test", "bench"):
        allowed |= lists["BUILD"] | lists["TEST"]
    if scope == "bench":
        allowed |= lists["BENCH"]
    return frozenset(with_dependencies(allowed | installed_packages()[2]))


LIST_NAMES = {"app": "REEL_RUNTIME_PACKAGES", "test": "REEL_RUNTIME_PACKAGES, REEL_BUILD_PACKAGES or REEL_TEST_PACKAGES",
              "bench": "any list of tools/deps.sh (REEL_BENCH_PACKAGES for peers)"}


def problems(found: list[Use]) -> list[str]:
    """One line per element, library, module, typelib, command or loaded
    library not covered, with where it is used."""
    where: dict[tuple[str, str, str], list[str]] = {}
    for use in found:
        if not (use.kind == "element" and use.name in OPTIONAL):
            where.setdefault((use.kind, use.name, use.scope), []).append(use.where)
    said = []
    for (kind, name, scope), places in sorted(where.items()):
        used = f"{kind} {name} (used in {', '.join(sorted(set(places)))})"
        path = file_of(Use(kind, name, places[0], scope))
        if path is None and scope == "bench" and kind == "command" and name in package_lists()["BENCH"]:
            continue  # a peer the bench skips when missing, installed under its own name
        if path is None:
            said.append(f"{used} is not on this machine: no package of tools/deps.sh provides it")
            continue
        package = package_of(path)
        if package is None:
            if "site-packages" in path or "pyenv" in path:
                said.append(f"{used} comes from pip ({path}), not from a Debian package")
            continue  # a file of the repository, or of the toolchain
        if package not in allowed_for(scope):
            said.append(f"{used} is in {path}, from the Debian package {package}, "
                        f"which is not in {LIST_NAMES[scope]}")
    return said


# MARK: - Tests

def test_the_reader_finds_what_the_sources_use():
    """The scan itself: a scan that finds nothing proves nothing."""
    found = uses()
    elements = {u.name for u in found if u.kind == "element" and u.scope == "app"}
    assert {"playbin", "textoverlay", "timeoverlay", "appsink", "pulsesink", "alsasink", "jpegenc",
            "mp4mux", "x264enc", "souphttpsrc", "uridecodebin", "uridecodebin3", "videoconvert",
            "deinterlace", "ivtc"} <= elements, sorted(elements)
    test_elements = {u.name for u in found if u.kind == "element" and u.scope != "app"}
    assert {"timeoverlay", "hlssink2", "x264enc", "avenc_aac", "ximagesink"} <= test_elements, sorted(test_elements)
    assert {"pyatspi", "gi", "pytest", "xdist", "pytest_timeout"} <= {u.name for u in found if u.kind == "module"}
    assert {"Gst-1.0", "Gtk-4.0"} <= {u.name for u in found if u.kind == "typelib"}
    assert {"org.gnome.desktop.privacy"} <= {u.name for u in found if u.kind == "schema" and u.scope == "app"}
    assert {"ges-1.0", "gstcontroller-1.0", "gstreamer-1.0", "gtk-4", "yuv"} <= \
        {u.name for u in found if u.kind == "library"}, sorted(u.name for u in found if u.kind == "library")
    assert {"nlecomposition", "compositor", "audiomixer", "encodebin"} <= elements
    assert {"libEGL_mesa.so.0", "dri/swrast_dri.so"} <= {u.name for u in found if u.kind == "loaded"}
    commands = {u.name for u in found if u.kind == "command"}
    assert {"Xvfb", "xdotool", "nginx", "pactl", "gst-launch-1.0", "import"} <= commands, sorted(commands)


def test_the_reader_parses_launch_descriptions():
    assert elements_of_description(
        'videotestsrc pattern=\x00 ! video/x-raw,format=I420 ! textoverlay name=t font-desc="Sans Bold 36px" '
        '! \x00 ! queue ! mux. audiotestsrc ! aacparse ! mux.audio_0 mp4mux name=mux ! filesink') == \
        ["videotestsrc", "textoverlay", "queue", "audiotestsrc", "aacparse", "mp4mux", "filesink"]
    swift = 'let a = "x ! \\(f ? "mp4mux name=m" : "webmmux") ! y" // "commented ! out"\n'
    assert swift_literals(swift) == ["mp4mux name=m", "webmmux", "x ! \x00 ! y"]
    assert "uridecodebin3" in elements_in(ROOT / "Sources/x.swift", 'let d = "uridecodebin3 name=decode caps=video/x-raw"')
    assert "uridecodebin3" in elements_in(ROOT / "Sources/x.swift", 'let d = "uridecodebin3 name=d caps=video/x-raw d.video_0"')


def test_every_dependency_comes_from_a_listed_package():
    said = problems(uses())
    assert not said, "\n".join(["Dependencies missing from tools/deps.sh:"] + said)


def test_each_list_is_installed_by_the_commands_that_need_it():
    run = (ROOT / "tools/run").read_text()
    test = (ROOT / "tools/test").read_text()
    assert "REEL_RUNTIME_PACKAGES" in run and "REEL_BUILD_PACKAGES" in run
    for name in ("REEL_RUNTIME_PACKAGES", "REEL_BUILD_PACKAGES", "REEL_TEST_PACKAGES"):
        assert name in test
