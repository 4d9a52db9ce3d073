#!/usr/bin/python3
"""Runs every stage of Reel's test suite and adds up the results.

Stages: the release build's `meson install` into a temporary prefix (a
step that must pass, not a test), `meson test` (packaging validators),
then pytest over the packaging, translation and UI tests against the
installed binary, the UI tests spread over parallel workers (each with its
own X display, D-Bus session, sound server, web server port and HOME:
tests/ui/conftest.py). The Swift unit tests (XCTest) build and run beside
all of that, at a lower priority: nothing waits for them but the summary.

Each stage has a time limit: a stage that hangs is stopped and fails with
its name, well before CI's own limit. The end lists each skip with its
reason, the time of each stage and the ten slowest tests; the last line is
"N passed, N failed, N skipped", counting test cases across all stages.
"""
import os
import re
import signal
import subprocess
import sys
import tempfile
import threading
import time
import xml.etree.ElementTree as ET
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Seconds each stage may take on a 2-core machine, several times what it
# takes there: past it the stage hangs.
LIMITS = {
    "swift build": 1800,
    "swift test": 900,
    "meson setup": 300,
    "meson install": 1800,
    "meson test": 300,
    "pytest": 2700,
}

# UI tests run in this many pytest workers, each with its own display,
# buses and servers (REEL_TEST_WORKERS=1 runs them one after another). Two
# on two cores: the UI tests spend much of their time waiting for a video
# to reach a moment, which a second worker fills.
WORKERS = int(os.environ.get("REEL_TEST_WORKERS", "2"))


def stage(title):
    print(f"\n==> {title}", flush=True)


class StageTimeout(Exception):
    """A stage ran past its limit."""


def tee(name, cmd, env=None, echo=True):
    """Runs cmd in a process group of its own, streaming its output (unless
    `echo` is off: a stage running beside another prints when it ends);
    returns (exit code, output). Past the stage's limit the group is killed
    and StageTimeout raised."""
    lines = ["$ " + " ".join(str(c) for c in cmd) + "\n"]
    if echo:
        sys.stdout.write(lines[0])
    proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            text=True, errors="replace", env=env, start_new_session=True)

    def read():
        for line in proc.stdout:
            if echo:
                sys.stdout.write(line)
                sys.stdout.flush()
            lines.append(line)

    # A reader thread, so that a daemon the stage left holding the pipe
    # (in a session of its own) cannot keep the suite waiting.
    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    try:
        code = proc.wait(timeout=LIMITS[name])
    except subprocess.TimeoutExpired:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        proc.wait()
        reader.join(timeout=10)
        if not echo:
            sys.stdout.write("".join(lines))
        raise StageTimeout(f"{name} did not finish within {LIMITS[name]} s: stopped") from None
    reader.join(timeout=30)
    return code, "".join(lines)


@dataclass
class Tally:
    passed: int = 0
    failed: int = 0
    skipped: int = 0
    notes: list = field(default_factory=list)
    skips: list = field(default_factory=list)
    durations: list = field(default_factory=list)  # (seconds, test name)

    def add(self, name, passed, failed, seconds, skipped=0):
        self.passed += passed
        self.failed += failed
        self.skipped += skipped
        self.notes.append(f"{name}: {passed} passed, {failed} failed, {skipped} skipped ({seconds:.0f} s)")

    def step(self, name, ok, seconds):
        """A step that must succeed but is no test (a build, an install)."""
        self.notes.append(f"{name}: {'done' if ok else 'FAILED'} ({seconds:.0f} s)")
        if not ok:
            self.failed += 1


XCTEST_CASE = re.compile(r"^Test Case '([^']+)' (passed|failed|skipped) \(([\d.]+) seconds\)", re.M)
XCTEST_SKIP = re.compile(r"^\S+:\d+: (\S+) : Test skipped(?: - (.*))?$", re.M)
XCTEST_TOTAL = re.compile(r"Executed (\d+) tests?, with (?:(\d+) tests? skipped and )?(\d+) failures?")


def swift_unit_tests(tally):
    """Builds and runs the Swift unit tests beside the release build and
    the UI tests, at a lower priority (they are not on the way to the UI
    tests, which wait for the release build); prints when each step ends."""
    start = time.time()
    code, output = tee("swift build", ["nice", "-n", "10", "swift", "build", "--build-tests"], echo=False)
    print(f"\n==> swift build --build-tests (beside the others), {time.time() - start:.0f} s\n{output}", flush=True)
    tally.step("swift build --build-tests", code == 0, time.time() - start)
    if code != 0:
        print("error: the Swift package or its tests do not build", flush=True)
        return
    start = time.time()
    # GSettings picks its backend once per process, at first use; the HTTP
    # tests' proxy lookup may come before SettingsTests asks for the
    # in-memory one (the order of test suites varies), so set it for all.
    env = dict(os.environ, GSETTINGS_BACKEND="memory")
    code, output = tee("swift test", ["nice", "-n", "10", "swift", "test", "--skip-build", "--disable-swift-testing"],
                       env=env, echo=False)
    print(f"\n==> Swift unit tests (GLibKit, ReelCore, ReelMedia; beside the others), {time.time() - start:.0f} s\n"
          f"{output}", flush=True)
    # XCTest's summary counts failed assertions; a test case is counted once.
    cases = {}
    for name, result, seconds in XCTEST_CASE.findall(output):
        cases[name] = result
        tally.durations.append((float(seconds), f"swift: {name}"))
    for name, reason in XCTEST_SKIP.findall(output):
        tally.skips.append(f"swift: {name}: {reason or '(no reason given)'}")
    failed = sum(1 for r in cases.values() if r == "failed")
    skipped = sum(1 for r in cases.values() if r == "skipped")
    passed = sum(1 for r in cases.values() if r == "passed")
    if not XCTEST_TOTAL.findall(output):
        print("error: swift test printed no summary (a crash or a hang ended it)", flush=True)
        failed += 1
    elif code != 0 and failed == 0:
        failed = 1  # it failed without a failed case: a crash after the last
    tally.add("swift test", passed, failed, time.time() - start, skipped)


def meson_install(tally, work):
    """Builds the release binary and installs it into a temporary prefix,
    beside the Swift unit tests' debug build (a release build is mostly
    one compiler process at a time, one module after another), so it
    prints when it ends. Returns the build folder, or None."""
    build, prefix = work / "build", work / "prefix"
    for name, cmd in (("meson setup", ["meson", "setup", str(build), f"--prefix={prefix}"]),
                      ("meson install", ["meson", "install", "-C", str(build), "--quiet"])):
        start = time.time()
        code, output = tee(name, cmd, echo=False)
        print(f"\n==> {name}, {time.time() - start:.0f} s\n{output}", flush=True)
        tally.step(name, code == 0, time.time() - start)
        if code != 0:
            return None
    return build


def meson_checks(tally, build):
    stage("meson test: packaging validators")
    start = time.time()
    code, output = tee("meson test", ["meson", "test", "-C", str(build), "--suite", "packaging",
                                      "--print-errorlogs"])
    counts = {key: int(n) for key, n in re.findall(r"^(Ok|Fail|Timeout|Skipped|Expected Fail|Unexpected Pass):\s+(\d+)",
                                                 output, re.M)}
    failed = counts.get("Fail", 0) + counts.get("Timeout", 0) + counts.get("Unexpected Pass", 0)
    skipped = counts.get("Skipped", 0)
    if counts.get("Ok", 0) == 0:
        print("error: meson test passed no test (the packaging suite has tests)", flush=True)
        failed += 1
    elif code != 0 and failed == 0:
        failed = 1
    for line in re.findall(r"^\s*\d+/\d+ (.+?)\s+SKIP\s.*$", output, re.M):
        tally.skips.append(f"meson: {line.strip()}")
    tally.add("meson test", counts.get("Ok", 0) + counts.get("Expected Fail", 0), failed,
              time.time() - start, skipped)


def pytest_suites(tally, prefix, work):
    stage(f"pytest: install, translations and UI tests (real app under Xvfb, {WORKERS} workers)")
    start = time.time()
    report = work / "pytest.xml"
    # One GStreamer plugin registry for every launch: each test has its own
    # cache dir, and rebuilding the registry would cost seconds per launch.
    # Waits may last twice what a test asks (harness.PATIENCE): CI's
    # machines are loaded, and a timeout only bounds a failure.
    env = dict(os.environ, REEL_PREFIX=str(prefix), REEL_BIN=str(prefix / "bin" / "reel"),
               REEL_TEST_PATIENCE=os.environ.get("REEL_TEST_PATIENCE", "2"),
               PYTHONDONTWRITEBYTECODE="1", GST_REGISTRY=str(work / "gst-registry.bin"),
               REEL_TEST_MEDIA=str(work / "media"))
    # A test file runs whole in one worker: its module fixtures (its media,
    # its app) are made once.
    parallel = ["-n", str(WORKERS), "--dist", "loadfile"] if WORKERS > 1 else []
    code, _ = tee("pytest", ["/usr/bin/python3", "-m", "pytest", "-p", "no:cacheprovider", "-v", "-rs",
                             *parallel, f"--junitxml={report}", "tests/packaging", "tests/ui"], env=env)
    if not report.exists():
        tally.add("pytest", 0, 1, time.time() - start)
        return
    root = ET.parse(report).getroot()
    suite = root if root.tag == "testsuite" else root.find("testsuite")
    total = int(suite.get("tests", 0))
    failed = int(suite.get("failures", 0)) + int(suite.get("errors", 0))
    skipped = int(suite.get("skipped", 0))
    for case in suite.iter("testcase"):
        name = f"pytest: {case.get('classname', '')}::{case.get('name', '')}"
        tally.durations.append((float(case.get("time", 0)), name))
        for skip in case.findall("skipped"):
            tally.skips.append(f"{name}: {skip.get('message', '(no reason given)')}")
    if code != 0 and failed == 0:
        failed = 1  # pytest itself failed (collection, internal error)
    tally.add("pytest", total - failed - skipped, failed, time.time() - start, skipped)


def main():
    tally = Tally()
    began = time.time()
    with tempfile.TemporaryDirectory(prefix="reel-suite-") as tmp:
        work = Path(tmp)
        try:
            # The UI tests wait only for the release build and its install;
            # the Swift unit tests build and run beside them both.
            with ThreadPoolExecutor(max_workers=1) as background:
                unit = background.submit(swift_unit_tests, tally)
                stage("the release build and its install (the Swift unit tests build beside it)")
                build = meson_install(tally, work)
                if build is not None:
                    meson_checks(tally, build)
                    pytest_suites(tally, work / "prefix", work)
                else:
                    tally.step("pytest (not run: no installed build)", False, 0)
                stage("waiting for the Swift unit tests")
                unit.result()
        except StageTimeout as hang:
            print(f"error: {hang}", flush=True)
            tally.step(str(hang), False, 0)
    print("\n==> Summary", flush=True)
    if tally.skips:
        print("    skipped, and why:")
        for skip in tally.skips:
            print("      " + skip)
    print("    the ten slowest tests:")
    for seconds, name in sorted(tally.durations, reverse=True)[:10]:
        print(f"      {seconds:7.1f} s  {name}")
    print("    stages:")
    for note in tally.notes:
        print("      " + note)
    print(f"    total time {time.time() - began:.0f} s")
    print(f"{tally.passed} passed, {tally.failed} failed, {tally.skipped} skipped", flush=True)
    return 1 if tally.failed else 0


if __name__ == "__main__":
    sys.exit(main())
