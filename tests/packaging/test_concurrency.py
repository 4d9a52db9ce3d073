"""Swift 6's concurrency checking stays on, and every escape from it is
explained: each `@unchecked Sendable` type of the app is in the architecture
document's list with its reason (and the list names no type that is gone),
and each `nonisolated(unsafe)` has its reason on the line above."""
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SWIFT = sorted(p for d in ("Sources", "Tests") for p in (ROOT / d).rglob("*.swift"))
# The app's code; the tests' own result boxes are theirs to keep simple.
APP_SWIFT = sorted((ROOT / "Sources").rglob("*.swift"))
UNCHECKED = re.compile(r"\b(?:class|struct|enum)\s+(\w+)(?:<[^>]*>)?\s*:[^{]*@unchecked Sendable")
LISTED = re.compile(r"^\| `(?:\w+\.)?(\w+)` \| (.+) \|$", re.M)


def section(text: str, title: str) -> str:
    start = text.index(f"### {title}")
    end = text.find("\n## ", start)
    return text[start:end if end > 0 else None]


def test_every_target_builds_in_the_swift_6_language_mode():
    manifest = (ROOT / "Package.swift").read_text()
    tools = re.match(r"// swift-tools-version:\s*(\d+)", manifest)
    assert tools and int(tools.group(1)) >= 6, "the manifest's tools version sets the language mode"
    assert "swiftLanguageMode" not in manifest and "swiftLanguageModes" not in manifest, \
        "no target steps back from Swift 6's checking"


def test_each_unchecked_sendable_type_says_why():
    found = {m.group(1): p.relative_to(ROOT) for p in APP_SWIFT for m in UNCHECKED.finditer(p.read_text())}
    assert found, "the search for @unchecked Sendable is out of date"
    listed = dict(LISTED.findall(section((ROOT / "docs/ARCHITECTURE.md").read_text(), "Swift 6 checking")))
    missing = {name: str(path) for name, path in found.items() if name not in listed}
    assert not missing, f"@unchecked Sendable without a line in docs/ARCHITECTURE.md: {missing}"
    gone = set(listed) - set(found)
    assert not gone, f"docs/ARCHITECTURE.md lists types that are no longer @unchecked Sendable: {gone}"
    assert all(len(why.split()) >= 4 for why in listed.values()), listed


def test_each_nonisolated_unsafe_has_its_reason_above():
    unexplained = []
    for path in SWIFT:
        lines = path.read_text().splitlines()
        for number, line in enumerate(lines):
            if "nonisolated(unsafe)" in line and not lines[number - 1].strip().startswith("//"):
                unexplained.append(f"{path.relative_to(ROOT)}:{number + 1}")
    assert not unexplained, f"nonisolated(unsafe) without a comment above: {unexplained}"
