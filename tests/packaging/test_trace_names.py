"""Every trace event the UI tests and the benches wait for or count is one
the app can write (ReelCore's TraceEvent): a renamed or misspelt event would
otherwise leave a test waiting for nothing until its time runs out, and a
bench counting nothing."""
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
NAME = r'"([a-z][a-z0-9]*(?:-[a-z0-9]+)*)"'
# How the tests and benches name an event: trace.wait("x"), trace.named("x"),
# e["event"] == "x", strip_events(trace, "x"), an "event": "x" match.
USES = [re.compile(p) for p in (
    r'\.wait\(\s*' + NAME, r'\.named\(\s*' + NAME, r'\["event"\]\s*[!=]=\s*' + NAME,
    r'_events\([^,()]+,\s*' + NAME, r'"event"\)?\s*==\s*' + NAME, r'event\s*==\s*' + NAME)]


def app_events() -> set:
    text = (ROOT / "Sources/ReelCore/TraceEvent.swift").read_text()
    return set(re.findall(r'^\s*case \w+ = "([^"]+)"', text, re.M))


def used_events() -> dict:
    found = {}
    files = [*(ROOT / "tests/ui").glob("*.py"), *(p for p in (ROOT / "bench").rglob("*") if p.is_file())]
    for path in files:
        text = path.read_text(errors="replace")
        for pattern in USES:
            for name in pattern.findall(text):
                found.setdefault(name, set()).add(str(path.relative_to(ROOT)))
    return found


def test_the_scan_finds_what_the_tests_wait_for():
    used = used_events()
    assert {"player-state", "player-first-frame", "strip-rate", "pip-shown", "camera-open"} <= set(used), sorted(used)


def test_every_event_a_test_or_bench_reads_is_one_the_app_writes():
    known = app_events()
    assert len(known) > 40, "the enum's cases were not found"
    unknown = {name: sorted(places) for name, places in used_events().items() if name not in known}
    assert not unknown, f"events no code writes (see Sources/ReelCore/TraceEvent.swift): {unknown}"


def test_no_event_name_is_spelt_outside_the_enum():
    literal = re.compile(r'Trace\.shared\.event\(\s*"')
    spelt = [str(p.relative_to(ROOT)) for p in (ROOT / "Sources").rglob("*.swift") if literal.search(p.read_text())]
    assert not spelt, f"trace events named by a string literal: {spelt}"
