#!/bin/sh
# Builds the `reel` executable with SwiftPM and copies it to where meson wants it.
#
#   swift-build.sh SWIFT SOURCE_ROOT SCRATCH_DIR OUTPUT
#
# SwiftPM does its own incremental build, so meson runs this every time
# (build_always_stale) and SwiftPM decides what is out of date.
set -eu

if [ "$#" -ne 4 ]; then
    echo "usage: $0 SWIFT SOURCE_ROOT SCRATCH_DIR OUTPUT" >&2
    exit 2
fi

swift=$1
source_root=$2
scratch=$3
output=$4

# Keep SwiftPM's caches and configuration inside the build directory: the
# build must not depend on (or write to) $HOME, which is read-only or absent
# inside flatpak-builder's sandbox.
set -- \
    -c release \
    --package-path "$source_root" \
    --scratch-path "$scratch" \
    --cache-path "$scratch/cache" \
    --config-path "$scratch/config" \
    --security-path "$scratch/security" \
    --product reel \
    -Xswiftc -static-stdlib

# Inside flatpak-builder, libyuv (the manifest's first module) is installed
# under /app, which the C importer and the linker do not search by default.
if [ -n "${FLATPAK_ID:-}" ]; then
    set -- "$@" -Xcc -I/app/include -Xlinker -L/app/lib
fi

"$swift" build "$@"

bin_path=$("$swift" build "$@" --show-bin-path)
install -m 0755 "$bin_path/reel" "$output.tmp"
mv -f "$output.tmp" "$output"
