#!/bin/bash
# Thumbnails for 100 short 1080p H.264 files: Reel's thumbnailer against
# ffmpegthumbnailer and totem-video-thumbnailer on the same files with the
# same parallelism, in one run. Prints a table with ratios to ffmpegthumbnailer.
# Then the same files from nginx on 127.0.0.1, as a remote catalog's are:
# Reel's media worker against ffmpegthumbnailer on the same addresses, with
# the requests each made (nginx's log); REEL_BENCH_OTHER_REEL=<reel binary>
# adds a row for another build's media worker (say, an older one);
# REEL_BENCH_WORKER_REEL=<reel binary> is the media worker of the rows that
# use one (default: this debug build's).
#
#   bench/thumbnails.sh [parallelism]      (default 2)
#
# Needs: gstreamer1.0-plugins-ugly (x264enc), gstreamer1.0-libav,
# ffmpegthumbnailer, totem, nginx. The input files are made once and cached in
# $REEL_BENCH_MEDIA (default /tmp/reel-bench-1080p).
set -euo pipefail
cd "$(dirname "$0")/.."
JOBS=${1:-2}
MEDIA=${REEL_BENCH_MEDIA:-/tmp/reel-bench-1080p}
COUNT=100
SCRATCH=${REEL_BENCH_SCRATCH:-/tmp/media-helper-build}
OUT=$(mktemp -d /tmp/reel-bench-out.XXXXXX)
trap 'rm -rf "$OUT"' EXIT

now() { date +%s.%N; }
elapsed() { echo "$(now) - $1" | bc; }

# 1. Input: 3 s of 1080p30 H.264 (a keyframe a second, as cameras do) with
#    AAC sound, in ten different looks.
if [ "$(ls "$MEDIA"/*.mp4 2>/dev/null | wc -l)" -ne $COUNT ]; then
    echo "Making $COUNT 1080p files in $MEDIA (once)..." >&2
    rm -rf "$MEDIA"; mkdir -p "$MEDIA"
    patterns=(smpte ball pinwheel zone-plate colors bar checkers-8 circular gradient spokes)
    seq -w 1 $COUNT | xargs -P "$(nproc)" -I{} bash -c '
        patterns=(smpte ball pinwheel zone-plate colors bar checkers-8 circular gradient spokes)
        n=$((10#{} % 10))
        gst-launch-1.0 -q videotestsrc pattern=${patterns[$n]} num-buffers=90 kx2=20 ky2=20 \
            ! video/x-raw,format=I420,width=1920,height=1080,framerate=30/1 \
            ! textoverlay text="Clip {}" ! x264enc speed-preset=ultrafast key-int-max=30 ! h264parse ! queue ! mux. \
            audiotestsrc num-buffers=30 samplesperbuffer=4800 ! audioconvert ! avenc_aac ! queue ! mux. \
            mp4mux name=mux ! filesink location='"$MEDIA"'/clip-{}.mp4'
fi

# 2. Reel: the test-only bench entry (ThumbnailQueue with $JOBS workers, an
#    empty cache). Build first so compiling is not timed.
swift build --scratch-path "$SCRATCH" --build-tests >/dev/null 2>&1
reel_run() { # accurate(0|1) workers [reel binary: thumbnails in its media worker process, as the app makes them] [web address of $MEDIA]
    local start; start=$(now)
    local line
    line=$(REEL_BENCH_THUMBS="$MEDIA" REEL_BENCH_WORKERS=$2 REEL_BENCH_ACCURATE=$1 REEL_BENCH_MEDIA_WORKER=${3:-} \
        REEL_BENCH_THUMBS_URL=${4:-} \
        swift test --skip-build --scratch-path "$SCRATCH" --disable-swift-testing \
        --filter 'ReelMediaTests.MediaBench/testThumbnailBench' 2>&1 | grep 'REEL_BENCH thumbnails')
    local total; total=$(elapsed "$start")
    local inner; inner=$(sed -n 's/.*wall=\([0-9.]*\).*/\1/p' <<<"$line")
    local created; created=$(sed -n 's/.*created=\([0-9]*\).*/\1/p' <<<"$line")
    echo "$inner $total $created"
}

# 3. The peers, one process per file, $JOBS at a time.
ffmpeg_run() {
    local start; start=$(now)
    ls "$MEDIA"/*.mp4 | xargs -P "$JOBS" -I{} sh -c 'ffmpegthumbnailer -s 320 -i "$1" -o "$2/ffmpeg-$(basename "$1").png" >/dev/null 2>&1' _ {} "$OUT"
    elapsed "$start"
}
totem_run() {
    local start; start=$(now)
    ls "$MEDIA"/*.mp4 | xargs -P "$JOBS" -I{} sh -c 'totem-video-thumbnailer -s 320 "$1" "$2/totem-$(basename "$1").png" >/dev/null 2>&1' _ {} "$OUT"
    elapsed "$start"
}

# 4. The web: nginx serving $MEDIA; requests counted in its log.
WEB=$(mktemp -d /tmp/reel-bench-web.XXXXXX)
PORT=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
cat >"$WEB/nginx.conf" <<EOF
daemon off; master_process off; worker_processes 1;
pid $WEB/nginx.pid; error_log $WEB/error.log warn;
events { worker_connections 256; }
http {
    access_log $WEB/access.log; client_body_temp_path $WEB/body;
    default_type application/octet-stream;
    server { listen 127.0.0.1:$PORT; root $MEDIA; }
}
EOF
/usr/sbin/nginx -p "$WEB" -c "$WEB/nginx.conf" -e "$WEB/error.log" &
NGINX=$!
trap 'kill $NGINX 2>/dev/null; rm -rf "$OUT" "$WEB"' EXIT
sleep 0.5
requests() { wc -l <"$WEB/access.log" 2>/dev/null || echo 0; }
web_reel_run() { # reel binary: "inner-wall requests made"
    local before; before=$(requests)
    local inner made
    read -r inner _ made < <(reel_run 0 "$JOBS" "$1" "http://127.0.0.1:$PORT")
    sleep 0.5  # nginx logs a request when done with it
    echo "$inner $(( $(requests) - before )) $made"
}
web_ffmpeg_run() { # "wall requests made"
    local before; before=$(requests)
    local start; start=$(now)
    ls "$MEDIA"/*.mp4 | xargs -P "$JOBS" -I{} sh -c 'ffmpegthumbnailer -s 320 -i "http://127.0.0.1:$3/$(basename "$1")" -o "$2/web-ffmpeg-$(basename "$1").png" >/dev/null 2>&1' _ {} "$OUT" "$PORT"
    local wall; wall=$(elapsed "$start")
    sleep 0.5
    echo "$wall $(( $(requests) - before )) $(find "$OUT" -name 'web-ffmpeg-*.png' | wc -l)"
}

# Warm the page cache and plugin registry so the first tool is not penalised.
cat "$MEDIA"/*.mp4 >/dev/null
gst-inspect-1.0 >/dev/null 2>&1

read -r reel_inner reel_total reel_made < <(reel_run 0 "$JOBS")
WORKER_REEL=${REEL_BENCH_WORKER_REEL:-$SCRATCH/debug/reel}
read -r worker_inner worker_total worker_made < <(reel_run 0 "$JOBS" "$WORKER_REEL")
read -r reel_acc_inner reel_acc_total reel_acc_made < <(reel_run 1 "$JOBS")
read -r reel1_inner reel1_total _ < <(reel_run 0 1)
read -r reel4_inner reel4_total _ < <(reel_run 0 4)
ffmpeg=$(ffmpeg_run)
totem=$(totem_run)
read -r web_worker web_worker_requests web_worker_made < <(web_reel_run "$WORKER_REEL")
if [ -n "${REEL_BENCH_OTHER_REEL:-}" ]; then
    read -r web_other web_other_requests web_other_made < <(web_reel_run "$REEL_BENCH_OTHER_REEL")
fi
read -r web_ffmpeg web_ffmpeg_requests web_ffmpeg_made < <(web_ffmpeg_run)
# (A peer that is not installed makes nothing; the count says so.)
ffmpeg_made=$(find "$OUT" -name 'ffmpeg-*.png' | wc -l)
totem_made=$(find "$OUT" -name 'totem-*.png' | wc -l)

row() { printf "%-46s %8.2f s %8.1f ms %6.2fx %6s\n" "$1" "$2" "$(echo "$2 * 1000 / $COUNT" | bc -l)" "$(echo "$2 / $ffmpeg" | bc -l)" "$3"; }
echo
echo "Thumbnails of $COUNT × 3 s 1080p30 H.264/AAC files, parallelism $JOBS, $(nproc) cores"
printf "%-46s %10s %11s %7s %6s\n" "tool" "wall" "per file" "ratio" "made"
row "ffmpegthumbnailer -s 320 (xargs -P $JOBS)" "$ffmpeg" "$ffmpeg_made"
row "totem-video-thumbnailer -s 320 (xargs -P $JOBS)" "$totem" "$totem_made"
row "Reel, key-unit seek, $JOBS workers (media worker)" "$worker_inner" "$worker_made"
row "Reel, key-unit seek, $JOBS workers (in process)" "$reel_inner" "$reel_made"
row "Reel, same, whole command (start-up included)" "$reel_total" "$reel_made"
row "Reel, accurate seek, $JOBS workers (in process)" "$reel_acc_inner" "$reel_acc_made"
row "Reel, key-unit seek, 1 worker (in process)" "$reel1_inner" "-"
row "Reel, key-unit seek, 4 workers (in process)" "$reel4_inner" "-"
echo "(ratio: wall time / ffmpegthumbnailer's; below 1 is faster. Reel makes 256 px"
echo " 'large' cache thumbnails; the peers were asked for 320 px.)"
echo
echo "The same files from nginx on 127.0.0.1, parallelism $JOBS"
webrow() { printf "%-46s %8.2f s %8.1f ms %6.2fx %6s %5.2f requests/file\n" "$1" "$2" "$(echo "$2 * 1000 / $COUNT" | bc -l)" "$(echo "$2 / $web_ffmpeg" | bc -l)" "$4" "$(echo "$3 / $COUNT" | bc -l)"; }
printf "%-46s %10s %11s %7s %6s\n" "tool" "wall" "per file" "ratio" "made"
webrow "ffmpegthumbnailer -s 320 -i URL (xargs -P $JOBS)" "$web_ffmpeg" "$web_ffmpeg_requests" "$web_ffmpeg_made"
webrow "Reel, $JOBS workers (media worker)" "$web_worker" "$web_worker_requests" "$web_worker_made"
if [ -n "${REEL_BENCH_OTHER_REEL:-}" ]; then
    webrow "Reel, $JOBS workers (media worker of another build)" "$web_other" "$web_other_requests" "$web_other_made"
fi
echo "(ratio: wall time / ffmpegthumbnailer's on the same addresses.)"
