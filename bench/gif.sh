#!/bin/bash
# An animated GIF of a movie: the first 6 s of bench/export.sh's first
# 1080p30 clip (a moving ball with a clock) at 480 pixels wide and 15 frames
# a second. Reel's engine (MovieRenderer → MovieGIFMaker: two passes over
# the timeline, a median-cut palette of every frame's colours,
# Floyd–Steinberg dithering; the MediaBench entry testGIFBench) against
# ffmpeg's usual recipe (fps, scale, palettegen over every frame,
# paletteuse with Floyd–Steinberg), one after the other, RUNS times
# (medians). Prints wall and CPU time, the file's size, and how alike each
# GIF is to the clip at that size and rate (ffmpeg's ssim filter: 1 is the
# same picture), with ratios to ffmpeg.
#
#   bench/gif.sh [runs]          (default 3)
#
# Needs what bench/export.sh needs (its input is made the same way, once,
# in $REEL_BENCH_MEDIA, default /tmp/reel-bench-export).
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${1:-3}
MEDIA=${REEL_BENCH_MEDIA:-/tmp/reel-bench-export}
SCRATCH=${REEL_BENCH_SCRATCH:-/tmp/gif-bench-build}
OUT=$(mktemp -d /tmp/reel-bench-gif.XXXXXX)
trap 'rm -rf "$OUT"' EXIT

. bench/export_clips.sh
CLIP="$MEDIA/clip-1.mp4"

# Optimised, as the app is built: the palette, the dithering and the LZW
# are Swift, which unoptimised runs many times slower.
echo "Building the bench entry (release)..." >&2
swift build -c release -Xswiftc -enable-testing --scratch-path "$SCRATCH" --build-tests >/dev/null 2>&1

similarity() { # the GIF's SSIM (All) against the clip at its size and rate
    ffmpeg -nostdin -v info -t 6 -i "$CLIP" -i "$1" -lavfi \
        "[0:v]fps=15,scale=480:270:flags=bicubic[ref];[1:v][ref]ssim" -f null - 2>&1 \
        | sed -n 's/.*All:\([0-9.]*\).*/\1/p' | tail -1
}
declare -A WALL CPU BYTES SSIM
for run in $(seq 1 "$RUNS"); do
    echo "Run $run of $RUNS..." >&2
    line=$(REEL_BENCH_GIF="$CLIP" REEL_BENCH_OUT="$OUT" \
        swift test -c release -Xswiftc -enable-testing --skip-build --scratch-path "$SCRATCH" --disable-swift-testing \
        --filter 'ReelMediaTests.MediaBench/testGIFBench' 2>&1 | grep 'REEL_BENCH gif')
    field() { sed -n "s/.* $1=\([0-9.]*\).*/\1/p" <<<"$line"; }
    file=$(sed -n 's/.*file=\(.*\)$/\1/p' <<<"$line")
    WALL[reel]+="$(field wall) "; CPU[reel]+="$(field cpu) "; BYTES[reel]+="$(field bytes) "
    SSIM[reel]+="$(similarity "$file") "
    rm -f "$file"
    /usr/bin/time -f "%e %U %S" -o "$OUT/time" ffmpeg -nostdin -v error -y -t 6 -i "$CLIP" -lavfi \
        "fps=15,scale=480:-2:flags=bicubic,split[a][b];[a]palettegen=stats_mode=full[p];[b][p]paletteuse=dither=floyd_steinberg" \
        "$OUT/ffmpeg.gif"
    read -r wall user system <"$OUT/time"
    WALL[ffmpeg]+="$wall "; CPU[ffmpeg]+="$(echo "$user + $system" | bc) "
    BYTES[ffmpeg]+="$(stat -c %s "$OUT/ffmpeg.gif") "; SSIM[ffmpeg]+="$(similarity "$OUT/ffmpeg.gif") "
done
median() { tr ' ' '\n' <<<"$1" | grep -v '^$' | sort -n | awk '{a[NR]=$1} END {print a[int((NR + 1) / 2)]}'; }
ratio() { printf '%.2f' "$(echo "$1 / $2" | bc -l)"; }
echo "GIF: 6 s of 1080p30 → 480 px wide, 15 fps ($RUNS run(s), median; $(nproc) cores)"
printf '%-8s %8s %8s %8s %8s %10s %8s %7s\n' tool wall "÷ffmpeg" CPU "÷ffmpeg" bytes "÷ffmpeg" SSIM
for tool in reel ffmpeg; do
    w=$(median "${WALL[$tool]}"); c=$(median "${CPU[$tool]}"); b=$(median "${BYTES[$tool]}"); q=$(median "${SSIM[$tool]}")
    printf '%-8s %7ss %8s %7ss %8s %10s %8s %7s\n' "$tool" "$w" "$(ratio "$w" "$(median "${WALL[ffmpeg]}")")" \
        "$c" "$(ratio "$c" "$(median "${CPU[ffmpeg]}")")" "$b" "$(ratio "$b" "$(median "${BYTES[ffmpeg]}")")" "$q"
done
