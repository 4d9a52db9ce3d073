#!/bin/bash
# Fit Under N MB: how close to its limit a size-limited movie lands, over
# five lengths (10 s to 5 min by default). The movie is bench/export.sh's
# three 10 s 1080p30 clips (moving patterns with a clock, a ticking sound)
# one after another, repeated to the length, exported at 1080p to fit
# under 25 MB (REEL_BENCH_LIMIT_MB). Reel's engine (MovieRenderer, the
# MediaBench entry testSizeLimitBench) against ffmpeg given the same video
# bit rate Reel chose, one pass of libx264 with the same constant-rate
# padding (x264's nal-hrd=cbr, ultrafast, zerolatency) and AAC at
# 128 kbit/s: each file's size over the limit. Goal: every Reel row at most
# 1.00 and at least 0.85.
#
#   bench/size_limit.sh
#   REEL_BENCH_LENGTHS="10 60" REEL_BENCH_LIMIT_MB=8 bench/size_limit.sh
#
# Needs what bench/export.sh needs (its input is made the same way, once,
# in $REEL_BENCH_MEDIA, default /tmp/reel-bench-export).
set -euo pipefail
cd "$(dirname "$0")/.."
MEDIA=${REEL_BENCH_MEDIA:-/tmp/reel-bench-export}
SCRATCH=${REEL_BENCH_SCRATCH:-/tmp/export-bench-build}
LIMIT_MB=${REEL_BENCH_LIMIT_MB:-25}
LENGTHS=${REEL_BENCH_LENGTHS:-10 30 60 120 300}
OUT=$(mktemp -d /tmp/reel-bench-size-limit.XXXXXX)
trap 'rm -rf "$OUT"' EXIT

. bench/export_clips.sh

echo "Building the bench entry..." >&2
swift build --scratch-path "$SCRATCH" --build-tests >/dev/null 2>&1
echo "Exporting with Reel (lengths: $LENGTHS s, under $LIMIT_MB MB)..." >&2
REEL_BENCH_SIZE_LIMIT="$CLIPS" REEL_BENCH_LIMIT_MB="$LIMIT_MB" REEL_BENCH_LENGTHS="$LENGTHS" REEL_BENCH_OUT="$OUT" \
    swift test --skip-build --scratch-path "$SCRATCH" --disable-swift-testing \
    --filter 'ReelMediaTests.MediaBench/testSizeLimitBench' 2>&1 | grep 'REEL_BENCH size-limit' >"$OUT/reel.txt"

# ffmpeg: the same clips concatenated to the length, at Reel's bit rate.
printf '%-8s %10s %12s %7s %12s %7s\n' seconds "kbit/s" "Reel bytes" ratio "ffmpeg bytes" ratio
while read -r line; do
    field() { sed -n "s/.* $1=\([0-9.]*\).*/\1/p" <<<"$line"; }
    seconds=$(field seconds); kbit=$(field kbit); bytes=$(field bytes); limit=$(field limit)
    : >"$OUT/list.txt"
    for ((i = 0; i < (seconds + 9) / 10; i++)); do echo "file '$MEDIA/clip-$((i % 3 + 1)).mp4'" >>"$OUT/list.txt"; done
    ffmpeg -nostdin -v error -y -f concat -safe 0 -i "$OUT/list.txt" -t "$seconds" \
        -c:v libx264 -preset ultrafast -tune zerolatency -b:v "${kbit}k" -maxrate "${kbit}k" -bufsize "$((kbit * 6 / 10))k" \
        -x264-params nal-hrd=cbr -g 30 -c:a aac -b:a 128k -ar 48000 "$OUT/ffmpeg.mp4"
    theirs=$(stat -c %s "$OUT/ffmpeg.mp4")
    printf '%-8s %10s %12s %7.3f %12s %7.3f\n' "$seconds" "$kbit" "$bytes" "$(echo "$bytes / $limit" | bc -l)" \
        "$theirs" "$(echo "$theirs / $limit" | bc -l)"
done <"$OUT/reel.txt"
