#!/usr/bin/python3
"""Runs every stage of Reel's test suite and adds up the results.

Stages: the Swift unit tests (XCTest), `meson install` into a temporary
prefix and `meson test` (packaging validators), then pytest over the
packaging, translation and UI tests against the installed binary. The last
line is "N passed, N failed", counting test cases across all stages.
"""
import os
import re
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def stage(title):
    print(f"\n==> {title}", flush=True)


def run(cmd, **kwargs):
    print("$ " + " ".join(str(c) for c in cmd), flush=True)
    return subprocess.run(cmd, cwd=kwargs.pop("cwd", ROOT), text=True, **kwargs)


def tee(cmd, **kwargs):
    """Runs cmd, streaming its output, and returns (exit code, output)."""
    print("$ " + " ".join(str(c) for c in cmd), flush=True)
    proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            text=True, errors="replace", **kwargs)
    lines = []
    for line in proc.stdout:
        sys.stdout.write(line)
        lines.append(line)
    return proc.wait(), "".join(lines)


class Tally:
    def __init__(self):
        self.passed = 0
        self.failed = 0
        self.notes = []

    def add(self, name, passed, failed, seconds):
        self.passed += passed
        self.failed += failed
        self.notes.append(f"{name}: {passed} passed, {failed} failed ({seconds:.0f} s)")


def swift_unit_tests(tally):
    stage("Swift unit tests (GLibKit, ReelCore, ReelMedia)")
    start = time.time()
    code, output = tee(["swift", "build", "--build-tests"])
    if code != 0:
        tally.add("swift unit tests", 0, 1, time.time() - start)
        print("error: the Swift package or its tests do not build", flush=True)
        return
    # GSettings picks its backend once per process, at first use; the HTTP
    # tests' proxy lookup may come before SettingsTests asks for the
    # in-memory one (the order of test suites varies), so set it for all.
    env = dict(os.environ, GSETTINGS_BACKEND="memory")
    code, output = tee(["swift", "test", "--skip-build", "--disable-swift-testing"], env=env)
    totals = re.findall(r"Executed (\d+) tests?, with (?:(\d+) tests? skipped and )?(\d+) failures?", output)
    if not totals:
        tally.add("swift unit tests", 0, 1, time.time() - start)
        print("error: swift test printed no result", flush=True)
        return
    executed, skipped, failures = (int(n or 0) for n in totals[-1])
    # A crash ends XCTest before its summary: count it as a failure.
    crashed = 1 if code != 0 and failures == 0 else 0
    tally.add("swift unit tests", executed - failures - skipped, failures + crashed, time.time() - start)


def meson_install_and_checks(tally, work):
    stage("meson build, install into a temporary prefix, packaging validators")
    start = time.time()
    build, prefix = work / "build", work / "prefix"
    steps = [
        ("meson setup", ["meson", "setup", str(build), f"--prefix={prefix}"]),
        ("meson install", ["meson", "install", "-C", str(build), "--quiet"]),
    ]
    for name, cmd in steps:
        if run(cmd).returncode != 0:
            tally.add(name, 0, 1, time.time() - start)
            return None
    tally.add("meson install", 1, 0, time.time() - start)

    start = time.time()
    code, output = tee(["meson", "test", "-C", str(build), "--suite", "packaging", "--print-errorlogs"])
    ok = re.search(r"^Ok:\s+(\d+)", output, re.M)
    fail = re.search(r"^Fail:\s+(\d+)", output, re.M)
    timeout = re.search(r"^Timeout:\s+(\d+)", output, re.M)
    if not ok:
        tally.add("meson test", 0, 1, time.time() - start)
    else:
        failed = int(fail.group(1)) if fail else 0
        failed += int(timeout.group(1)) if timeout else 0
        tally.add("meson test", int(ok.group(1)), failed, time.time() - start)
    return prefix


def pytest_suites(tally, prefix, work):
    stage("pytest: install, translations and UI tests (real app under Xvfb)")
    start = time.time()
    report = work / "pytest.xml"
    # One GStreamer plugin registry for every launch: each test has its own
    # cache dir, and rebuilding the registry would cost seconds per launch.
    env = dict(os.environ, REEL_PREFIX=str(prefix), REEL_BIN=str(prefix / "bin" / "reel"),
               PYTHONDONTWRITEBYTECODE="1", GST_REGISTRY=str(work / "gst-registry.bin"))
    code = run(["/usr/bin/python3", "-m", "pytest", "-p", "no:cacheprovider", "-v",
                f"--junitxml={report}", "tests/packaging", "tests/ui"], env=env).returncode
    if not report.exists():
        tally.add("pytest", 0, 1, time.time() - start)
        return
    suite = ET.parse(report).getroot()
    suite = suite if suite.tag == "testsuite" else suite.find("testsuite")
    total = int(suite.get("tests", 0))
    failed = int(suite.get("failures", 0)) + int(suite.get("errors", 0))
    skipped = int(suite.get("skipped", 0))
    if code != 0 and failed == 0:
        failed = 1  # pytest itself failed (collection, internal error)
    tally.add("pytest", total - failed - skipped, failed, time.time() - start)


def main():
    tally = Tally()
    began = time.time()
    with tempfile.TemporaryDirectory(prefix="reel-suite-") as tmp:
        work = Path(tmp)
        swift_unit_tests(tally)
        prefix = meson_install_and_checks(tally, work)
        if prefix is not None:
            pytest_suites(tally, prefix, work)
        else:
            tally.add("pytest (not run: no installed build)", 0, 1, 0)
    print("\n==> Summary", flush=True)
    for note in tally.notes:
        print("    " + note)
    print(f"    total time {time.time() - began:.0f} s")
    print(f"{tally.passed} passed, {tally.failed} failed", flush=True)
    return 1 if tally.failed else 0


if __name__ == "__main__":
    sys.exit(main())
