#!/usr/bin/python3
"""Checks the Flatpak manifest of Reel against the packaging contract.

Usage: check_flatpak_manifest.py MANIFEST [--repo-root DIR]

Standard library only. Prints every problem found and exits 1 if there is any.
"""

import argparse
import json
import os
import re
import sys

APP_ID = "io.github.reelapp.Reel"
COMMAND = "reel"
RUNTIME = "org.gnome.Platform"
SDK = "org.gnome.Sdk"
# Flathub's Swift extension is named by major version (swift5, swift6, ...);
# the project is built with a Swift 6 toolchain.
SWIFT_EXTENSION = re.compile(r"^org\.freedesktop\.Sdk\.Extension\.(swift(\d+))$")
MIN_SWIFT_MAJOR = 6

# Wayland with X11 fallback, GPU, PulseAudio, network, Videos and Pictures.
# The camera goes through the portal, so no device access beyond dri.
EXPECTED_FINISH_ARGS = {
    "--socket=wayland",
    "--socket=fallback-x11",
    "--share=ipc",
    "--device=dri",
    "--socket=pulseaudio",
    "--share=network",
    "--filesystem=xdg-videos",
    "--filesystem=xdg-pictures",
}

# Libraries Reel links that the GNOME runtime does not ship, so the manifest
# builds them as modules ahead of Reel (name: why).
BUNDLED_MODULES = {
    "libyuv": "SIMD colour conversion for the video path",
    "gst-editing-services": "GES, the movie maker's timelines (not in the GNOME runtime)",
}

# Source types whose "path" (or "paths") points at a local file or directory.
LOCAL_SOURCE_TYPES = {"file", "dir", "patch", "script", "archive", "git"}


class Checker:
    def __init__(self, manifest_path, repo_root):
        self.manifest_path = os.path.abspath(manifest_path)
        self.repo_root = os.path.realpath(repo_root)
        self.problems = []

    def fail(self, message):
        self.problems.append(message)

    def check(self, condition, message):
        if not condition:
            self.fail(message)
        return condition

    def load(self, path):
        try:
            with open(path, encoding="utf-8") as f:
                return json.load(f)
        except (OSError, ValueError) as e:
            self.fail(f"{path}: cannot read as JSON: {e}")
            return None

    # -- top level ---------------------------------------------------------

    def run(self):
        manifest = self.load(self.manifest_path)
        if manifest is None:
            return
        if not self.check(isinstance(manifest, dict), "manifest is not a JSON object"):
            return

        ids = [manifest[k] for k in ("id", "app-id") if k in manifest]
        self.check(ids == [APP_ID],
                   f"app id: expected exactly one of id/app-id = {APP_ID!r}, got {ids!r}")
        self.check(manifest.get("command") == COMMAND,
                   f"command: expected {COMMAND!r}, got {manifest.get('command')!r}")
        self.check(manifest.get("runtime") == RUNTIME,
                   f"runtime: expected {RUNTIME!r}, got {manifest.get('runtime')!r}")
        self.check(manifest.get("sdk") == SDK,
                   f"sdk: expected {SDK!r}, got {manifest.get('sdk')!r}")
        version = manifest.get("runtime-version")
        self.check(isinstance(version, str) and version.strip() != "",
                   f"runtime-version: expected a non-empty string, got {version!r}")

        self.check_swift_extension(manifest)
        self.check_finish_args(manifest.get("finish-args"))

        modules = manifest.get("modules")
        if self.check(isinstance(modules, list) and modules, "modules: expected a non-empty list"):
            found = self.walk_modules(modules, os.path.dirname(self.manifest_path))
            names = [m.get("name") for m in found]
            for name, why in BUNDLED_MODULES.items():
                if self.check(name in names, f"modules: no module {name!r} ({why})") and "reel" in names:
                    self.check(names.index(name) < names.index("reel"),
                               f"modules: {name!r} must be built before 'reel'")
            reel = [m for m in found if m.get("name") == "reel"]
            if self.check(len(reel) == 1, f"expected exactly one module named 'reel', found {len(reel)}"):
                self.check(reel[0].get("buildsystem") == "meson",
                           f"module reel: buildsystem must be 'meson', got {reel[0].get('buildsystem')!r}")

    def check_swift_extension(self, manifest):
        extensions = manifest.get("sdk-extensions")
        if not self.check(isinstance(extensions, list), "sdk-extensions: expected a list"):
            return
        swift = [m for m in (SWIFT_EXTENSION.match(e) for e in extensions if isinstance(e, str)) if m]
        if not self.check(len(swift) == 1,
                          f"sdk-extensions: expected one org.freedesktop.Sdk.Extension.swiftN entry, got {extensions!r}"):
            return
        self.check(int(swift[0].group(2)) >= MIN_SWIFT_MAJOR,
                   f"sdk-extensions: {swift[0].group(0)} is older than Swift {MIN_SWIFT_MAJOR}")
        # org.freedesktop.Sdk.Extension.swift6 is mounted at /usr/lib/sdk/swift6.
        mount = "/usr/lib/sdk/" + swift[0].group(1)
        options = manifest.get("build-options", {})
        append_path = options.get("append-path", "") if isinstance(options, dict) else ""
        self.check(mount + "/bin" in str(append_path).split(":"),
                   f"build-options.append-path must contain {mount}/bin, got {append_path!r}")

    def check_finish_args(self, finish_args):
        if not self.check(isinstance(finish_args, list), "finish-args: expected a list"):
            return
        duplicates = sorted({a for a in finish_args if finish_args.count(a) > 1})
        self.check(not duplicates, f"finish-args: duplicates {duplicates}")
        got = set(finish_args)
        missing = sorted(EXPECTED_FINISH_ARGS - got)
        extra = sorted(got - EXPECTED_FINISH_ARGS)
        self.check(not missing, f"finish-args: missing {missing}")
        self.check(not extra, f"finish-args: not allowed (broader than needed) {extra}")

    # -- modules and sources -------------------------------------------------

    def walk_modules(self, modules, base_dir):
        """Returns every module object, following modules given as file names."""
        found = []
        for module in modules:
            if isinstance(module, str):
                path = self.local_path(base_dir, module, "module file")
                if path is None or not os.path.isfile(path):
                    continue
                loaded = self.load(path)
                if isinstance(loaded, dict):
                    found.extend(self.module_tree(loaded, os.path.dirname(path)))
            elif isinstance(module, dict):
                found.extend(self.module_tree(module, base_dir))
            else:
                self.fail(f"module entry of unexpected type: {module!r}")
        return found

    def module_tree(self, module, base_dir):
        name = module.get("name", "?")
        for source in module.get("sources", []):
            self.check_source(source, base_dir, name)
        return [module] + self.walk_modules(module.get("modules", []), base_dir)

    def check_source(self, source, base_dir, module_name):
        if isinstance(source, str):
            # A source given as a JSON file name.
            path = self.local_path(base_dir, source, f"module {module_name}: source file")
            if path is not None and os.path.isfile(path):
                loaded = self.load(path)
                for s in loaded if isinstance(loaded, list) else [loaded]:
                    self.check_source(s, os.path.dirname(path), module_name)
            return
        if not isinstance(source, dict):
            self.fail(f"module {module_name}: source of unexpected type: {source!r}")
            return
        kind = source.get("type")
        if kind not in LOCAL_SOURCE_TYPES:
            return
        paths = []
        if kind == "git":
            # Only a local checkout (path) is a repository file; url is remote.
            if "path" in source:
                paths.append(source["path"])
        else:
            if "path" in source:
                paths.append(source["path"])
            paths.extend(source.get("paths", []))
        for p in paths:
            self.local_path(base_dir, p, f"module {module_name}: {kind} source")
        if kind == "dir" and module_name == "reel":
            for p in paths:
                root = os.path.realpath(os.path.join(base_dir, p))
                self.check(os.path.isfile(os.path.join(root, "meson.build")),
                           f"module reel: dir source {p!r} has no meson.build")

    def local_path(self, base_dir, relative, what):
        """Resolves a manifest-relative path; fails unless it exists in the repo."""
        if os.path.isabs(relative):
            self.fail(f"{what}: {relative!r} is absolute; use a path relative to the manifest")
            return None
        path = os.path.realpath(os.path.join(base_dir, relative))
        if os.path.commonpath([path, self.repo_root]) != self.repo_root:
            self.fail(f"{what}: {relative!r} resolves outside the repository ({path})")
            return None
        self.check(os.path.exists(path), f"{what}: {relative!r} does not exist ({path})")
        return path


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("manifest")
    parser.add_argument("--repo-root",
                        help="repository root (default: two levels above the manifest's directory)")
    args = parser.parse_args(argv)
    repo_root = args.repo_root or os.path.join(os.path.dirname(os.path.abspath(args.manifest)), "..", "..")

    checker = Checker(args.manifest, repo_root)
    checker.run()
    for problem in checker.problems:
        print(f"FAIL: {problem}")
    if checker.problems:
        return 1
    print(f"OK: {args.manifest}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
