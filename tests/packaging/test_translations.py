"""Every user-visible string is translatable and translated into zh_CN and vi."""
import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PO = ROOT / "po"
LANGUAGES = [line.strip() for line in (PO / "LINGUAS").read_text().splitlines()
             if line.strip() and not line.startswith("#")]
POTFILES = [line.strip() for line in (PO / "POTFILES").read_text().splitlines()
            if line.strip() and not line.startswith("#")]
MARKER = re.compile(r'\b(?:tr|ntr|N_)\("')
SWIFT_SOURCES = sorted(p for p in (ROOT / "Sources").rglob("*.swift"))
# Calls that put text on screen; their string arguments must go through tr().
TEXT_SETTERS = re.compile(
    r'\b(?:\w+_set_(?:title|description|label|tooltip_text|placeholder_text|comments|heading|body)'
    r'|gtk_button_new_with_label|gtk_label_new|adw_toast_new|\w+_add_response|g_menu_append'
    r'|adw_message_dialog_new|gtk_file_chooser_native_new|gtk_file_filter_set_name)\((?P<args>.*)\)')
LITERAL = re.compile(r'(?<!tr\()(?<!N_\()"(?P<text>[^"\\]*(?:\\.[^"\\]*)*)"')


def test_linguas_has_the_shipped_languages():
    assert {"zh_CN", "vi"} <= set(LANGUAGES)


def test_every_marked_swift_file_is_in_potfiles():
    marked = {str(p.relative_to(ROOT)) for p in SWIFT_SOURCES if MARKER.search(p.read_text())}
    # The two files defining the markers themselves hold no messages.
    marked -= {"Sources/GLibKit/Localization.swift", "Sources/ReelCore/TranslationMarker.swift"}
    missing = sorted(marked - set(POTFILES))
    assert not missing, f"add to po/POTFILES: {missing}"
    for listed in POTFILES:
        assert (ROOT / listed).is_file(), f"po/POTFILES lists a missing file: {listed}"


def test_no_untranslatable_text_reaches_the_screen():
    """A bare literal passed to a GTK text setter is a string nobody can translate."""
    offenders = []
    for path in SWIFT_SOURCES:
        for number, line in enumerate(path.read_text().splitlines(), 1):
            call = TEXT_SETTERS.search(line)
            if not call:
                continue
            for literal in LITERAL.finditer(call.group("args")):
                text = literal.group("text")
                # Identifiers, action names and example URLs are not prose.
                if not re.search(r"[A-Za-z]{2,}\s", text + " ") or re.match(r"^[a-z]+://|^app\.|^win\.", text):
                    continue
                if re.fullmatch(r"[a-z0-9-]+", text):
                    continue
                offenders.append(f"{path.relative_to(ROOT)}:{number}: {text!r}")
    assert not offenders, "wrap in tr():\n" + "\n".join(offenders)


@pytest.fixture(scope="module")
def fresh_pot(tmp_path_factory):
    pot = tmp_path_factory.mktemp("pot") / "reel.pot"
    result = subprocess.run(
        ["xgettext", "--from-code=UTF-8", "--keyword=tr", "--keyword=ntr:1,2", "--keyword=N_",
         "--add-comments=Translators", "-f", str(PO / "POTFILES"), "-o", str(pot)],
        cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert "unterminated" not in result.stderr, result.stderr
    return pot


def test_pot_finds_the_shell_strings(fresh_pot):
    text = fresh_pot.read_text()
    for msgid in ("No Videos Yet", "Open Video…", "Open URL…", "Keyboard Shortcuts", "Quit"):
        assert f'msgid "{msgid}"' in text


@pytest.mark.parametrize("language", LANGUAGES)
def test_translation_is_complete(fresh_pot, language):
    """msgcmp: every message of the current sources has a non-fuzzy translation."""
    result = subprocess.run(["msgcmp", str(PO / f"{language}.po"), str(fresh_pot)],
                            capture_output=True, text=True)
    assert result.returncode == 0, f"po/{language}.po is behind the sources:\n{result.stderr}"
