#!/bin/bash
# Exporting a movie: three 10 s 1080p30 H.264 + AAC clips, each trimmed to
# 6 s (2 s to 8 s), one after the other, with music at 30 % (fading in and
# out over 1 s) under the clips' own sound, as a 1080p30 H.264 + AAC MP4.
# Reel's engine (MovieRenderer: GES in render mode) against ffmpeg (concat +
# amix) and ges-launch-1.0 doing the same, one after the other in one run.
# Prints wall time, CPU time (user + system) and peak RSS per tool, with
# ratios to ffmpeg, and each output's length. Then the interface during an
# export: Reel installed (REEL_BIN, default _inst/bin/reel), its preview
# strip playing the three clips on the feed while it exports them
# (bench/export_ui.py: the strip's frame intervals and the app's memory,
# with and without the export; REEL_BENCH_UI=0 leaves it out).
#
#   bench/export.sh [runs]      (default 1; the median of the runs is shown)
#   REEL_BENCH_DECORATED=1 bench/export.sh [runs]
#   REEL_BENCH_FRAMED=1 bench/export.sh [runs]
#
# Decorated, the job is the movie maker's titles and overlays: a 3 s title
# card (words fading in and out on black) first, a caption fading in and
# out over each clip, a logo (a PNG with alpha, at 80 %) over the whole
# movie, and a 4 s photo (4000×3000 JPEG) zooming in slowly at the end.
# ffmpeg does the same in one filter graph (drawtext with alpha
# expressions, overlay, zoompan); ges-launch has no such job and sits out.
#
# Framed, each clip plays at half speed (its sound pitch-kept), mirrored,
# filling a vertical 9:16 movie at 1080p (1080×1920: the middle of each
# picture, scaled up): 36 s. ffmpeg does the same with setpts, atempo,
# hflip, crop and scale; ges-launch sits out again.
#
# All three encode alike: x264 ultrafast, tune zerolatency, a keyframe a
# second, the bit rate Reel's recorder uses at 1080p30
# (RecordingFormat.videoBitrate: 11.2 Mbit/s), AAC at 128 kbit/s.
# Reel's row is timed inside its process (the MediaBench entry
# testMovieExportBench, started with `swift test`), so its start-up and
# the test runner's are not in it; the peers' rows are whole processes
# (/usr/bin/time), start-up included (a tenth of a second at most).
#
# Needs: gstreamer1.0-plugins-{base,good,bad,ugly}, gstreamer1.0-libav,
# ges1.0-tools, ffmpeg, time (all in tools/deps.sh's bench list). Input made once in $REEL_BENCH_MEDIA (default
# /tmp/reel-bench-export).
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${1:-1}
MEDIA=${REEL_BENCH_MEDIA:-/tmp/reel-bench-export}
SCRATCH=${REEL_BENCH_SCRATCH:-/tmp/export-bench-build}
OUT=$(mktemp -d /tmp/reel-bench-export-out.XXXXXX)
trap 'rm -rf "$OUT"' EXIT
KBIT=11197

# 1. Input: three different moving pictures with a clock, and 20 s of music.
. bench/export_clips.sh
MUSIC="$MEDIA/music.ogg"
if [ ! -s "$MUSIC" ]; then
    gst-launch-1.0 -q audiotestsrc wave=sine freq=330 num-buffers=200 samplesperbuffer=4800 \
        ! audio/x-raw,rate=48000,channels=2 ! audioconvert ! vorbisenc ! oggmux ! filesink location="$MUSIC"
fi
DECORATED=${REEL_BENCH_DECORATED:-0}
FRAMED=${REEL_BENCH_FRAMED:-0}
PHOTO="$MEDIA/photo.jpg"
LOGO="$MEDIA/logo.png"
if [ "$DECORATED" = 1 ]; then
    [ -s "$PHOTO" ] || gst-launch-1.0 -q videotestsrc pattern=smpte num-buffers=1 ! video/x-raw,width=4000,height=3000 \
        ! jpegenc quality=90 ! filesink location="$PHOTO"
    [ -s "$LOGO" ] || gst-launch-1.0 -q videotestsrc pattern=ball background-color=0x00000000 foreground-color=0xffff8000 \
        num-buffers=1 ! video/x-raw,format=RGBA,width=400,height=200 ! pngenc ! filesink location="$LOGO"
fi
FONT=/usr/share/fonts/opentype/cantarell/Cantarell-Bold.otf

# 2. The three ways, each printing "wall cpu file".
swift build --scratch-path "$SCRATCH" --build-tests >/dev/null 2>&1
reel_run() {
    local folder="$OUT/reel-$1"; mkdir -p "$folder"
    local line
    local decoration=""
    [ "$DECORATED" = 1 ] && decoration="$PHOTO $LOGO"
    line=$(REEL_BENCH_EXPORT="$CLIPS" REEL_BENCH_MUSIC="$MUSIC" REEL_BENCH_OUT="$folder" REEL_BENCH_DECORATE="$decoration" \
        REEL_BENCH_FRAMED="$FRAMED" \
        swift test --skip-build --scratch-path "$SCRATCH" --disable-swift-testing \
        --filter 'ReelMediaTests.MediaBench/testMovieExportBench' 2>&1 | grep 'REEL_BENCH export')
    field() { sed -n "s/.*$1=\([0-9.]*\).*/\1/p" <<<"$line"; }
    echo "$(field wall) $(field cpu) $(field peak) $(sed -n 's/.*file=\(.*\)$/\1/p' <<<"$line")"
}
timed() { # file command...: runs it under /usr/bin/time, prints "wall cpu peak-MB file"
    local file=$1; shift
    /usr/bin/time -f "%e %U %S %M" -o "$OUT/time" "$@" >/dev/null 2>"$OUT/log" || { echo "n/a n/a n/a failed"; return; }
    read -r wall user system kbytes <"$OUT/time"
    echo "$wall $(echo "$user + $system" | bc) $((kbytes / 1024)) $file"
}
ffmpeg_run() {
    local file="$OUT/ffmpeg-$1.mp4"
    [ "$DECORATED" = 1 ] && { ffmpeg_decorated "$file"; return; }
    [ "$FRAMED" = 1 ] && { ffmpeg_framed "$file"; return; }
    timed "$file" ffmpeg -nostdin -y \
        -ss 2 -t 6 -i "$MEDIA/clip-1.mp4" -ss 2 -t 6 -i "$MEDIA/clip-2.mp4" -ss 2 -t 6 -i "$MEDIA/clip-3.mp4" -i "$MUSIC" \
        -filter_complex "[0:v][0:a][1:v][1:a][2:v][2:a]concat=n=3:v=1:a=1[v][a];[3:a]atrim=0:18,volume=0.3,afade=t=in:d=1,afade=t=out:st=17:d=1[m];[a][m]amix=inputs=2:duration=first:normalize=0[mix]" \
        -map "[v]" -map "[mix]" -c:v libx264 -preset ultrafast -tune zerolatency -b:v ${KBIT}k -g 30 \
        -c:a aac -b:a 128k -ar 48000 "$file"
}
# The decorated job in one graph: the title card from a colour source,
# each clip's caption with its own fades (0.5 s in and out, as Reel's
# captions), the photo scaled to what its closest
# framing needs (the frame ÷ 0.85), not larger,
# then zoomed to 85 % over 120 frames, all joined, the logo over the whole,
# music as before over the 25 s.
ffmpeg_decorated() {
    local file=$1 captions="" n
    local fade="alpha='if(lt(t,0.5),t/0.5,if(gt(t,5.5),(6-t)/0.5,1))'"
    for n in 0 1 2; do
        captions+="[$n:v]setpts=PTS-STARTPTS,drawtext=fontfile=$FONT:text='Clip $((n + 1))':fontsize=65:fontcolor=white"
        captions+=":shadowcolor=black@0.5:shadowx=3:shadowy=3:x=(w-tw)/2:y=h*0.82-th/2:$fade[c$n];"
        captions+="[$n:a]asetpts=PTS-STARTPTS[s$n];"
    done
    timed "$file" ffmpeg -nostdin -y \
        -ss 2 -t 6 -i "$MEDIA/clip-1.mp4" -ss 2 -t 6 -i "$MEDIA/clip-2.mp4" -ss 2 -t 6 -i "$MEDIA/clip-3.mp4" -i "$MUSIC" \
        -loop 1 -framerate 30 -t 4 -i "$PHOTO" -i "$LOGO" \
        -f lavfi -t 3 -i "color=c=black:s=1920x1080:r=30" -f lavfi -t 3 -i "anullsrc=r=48000:cl=stereo" \
        -f lavfi -t 4 -i "anullsrc=r=48000:cl=stereo" \
        -filter_complex "[6:v]drawtext=fontfile=$FONT:text='The Trip':fontsize=108:fontcolor=white:x=(w-tw)/2:y=(h-th)/2:alpha='if(lt(t,0.5),t/0.5,if(gt(t,2.5),(3-t)/0.5,1))',format=yuv420p[title];$captions[4:v]scale=2272:-2,zoompan=z='1+0.176*on/120':x='iw/2-iw/zoom/2':y='ih/2-ih/zoom/2':d=1:s=1920x1080:fps=30,setsar=1,format=yuv420p[photo];[title][7:a][c0][s0][c1][s1][c2][s2][photo][8:a]concat=n=5:v=1:a=1[joined][a];[5:v]scale=230:-2,format=rgba,colorchannelmixer=aa=0.8[logo];[joined][logo]overlay=W-w-96:54[v];[3:a]atrim=0:25,volume=0.3,afade=t=in:d=1,afade=t=out:st=24:d=1[m];[a][m]amix=inputs=2:duration=first:normalize=0[mix]" \
        -map "[v]" -map "[mix]" -c:v libx264 -preset ultrafast -tune zerolatency -b:v ${KBIT}k -g 30 \
        -c:a aac -b:a 128k -ar 48000 "$file"
}
# The framed job: each clip slowed to half speed (pictures re-timed, sound
# stretched at its pitch), mirrored, its middle cut to 9:16 and scaled to
# 1080×1920; music over the 36 s.
ffmpeg_framed() {
    local file=$1 clips="" n
    for n in 0 1 2; do
        clips+="[$n:v]setpts=2*(PTS-STARTPTS),hflip,crop=ih*9/16:ih,scale=1080:1920,fps=30,setsar=1[v$n];"
        clips+="[$n:a]asetpts=PTS-STARTPTS,atempo=0.5[s$n];"
    done
    timed "$file" ffmpeg -nostdin -y \
        -ss 2 -t 6 -i "$MEDIA/clip-1.mp4" -ss 2 -t 6 -i "$MEDIA/clip-2.mp4" -ss 2 -t 6 -i "$MEDIA/clip-3.mp4" -i "$MUSIC" \
        -filter_complex "$clips[v0][s0][v1][s1][v2][s2]concat=n=3:v=1:a=1[v][a];[3:a]aloop=loop=-1:size=960000,atrim=0:36,volume=0.3,afade=t=in:d=1,afade=t=out:st=35:d=1[m];[a][m]amix=inputs=2:duration=first:normalize=0[mix]" \
        -map "[v]" -map "[mix]" -c:v libx264 -preset ultrafast -tune zerolatency -b:v ${KBIT}k -g 30 \
        -c:a aac -b:a 128k -ar 48000 "$file"
}
ges_run() {
    [ "$DECORATED" = 1 ] || [ "$FRAMED" = 1 ] && { echo "n/a n/a n/a none"; return; }
    # ges-launch-1.0 1.22 reads a bare number as nanoseconds (hence 2.0,
    # 6.0), sets encoder enums from a profile's element-properties only as
    # numbers (ultrafast = 1, zerolatency = 4: names are refused and the
    # encoder silently keeps its medium preset), and cannot parse its
    # +keyframes values as doubles, so its music has no fades.
    local file="$OUT/ges-$1.mp4"
    timed "$file" ges-launch-1.0 --no-interactive \
        +clip "$MEDIA/clip-1.mp4" inpoint=2.0 duration=6.0 +clip "$MEDIA/clip-2.mp4" inpoint=2.0 duration=6.0 \
        +clip "$MEDIA/clip-3.mp4" inpoint=2.0 duration=6.0 \
        +clip "$MUSIC" layer=1 start=0.0 duration=18.0 track-types=audio set-volume 0.3 \
        -o "file://$file" \
        -f "video/quicktime,variant=iso:video/x-raw,width=1920,height=1080,framerate=30/1->video/x-h264|element-properties,speed-preset=1,tune=4,bitrate=$KBIT,key-int-max=30:audio/mpeg,mpegversion=4|element-properties,bitrate=128000"
}
length() { # seconds of a file's video, or n/a
    ffprobe -v error -select_streams v:0 -show_entries format=duration -of csv=p=0 "$1" 2>/dev/null || echo n/a
}

declare -A WALL CPU PEAK FILE
for run in $(seq 1 "$RUNS"); do
    tools="reel ffmpeg ges"
# Decorated or framed, ges-launch sits out (no row: it made no file).
[ "$DECORATED" = 1 ] || [ "$FRAMED" = 1 ] && tools="reel ffmpeg"
for tool in $tools; do
        read -r wall cpu peak file < <(${tool}_run "$run")
        WALL[$tool]+="$wall "; CPU[$tool]+="$cpu "; PEAK[$tool]+="$peak "; FILE[$tool]=$file
    done
done
median() { tr ' ' '\n' <<<"$1" | grep -v '^$' | grep -v n/a | sort -n | awk '{a[NR]=$1} END {if (NR == 0) print "n/a"; else print a[int((NR + 1) / 2)]}'; }

# 3. The table.
base_wall=$(median "${WALL[ffmpeg]}"); base_cpu=$(median "${CPU[ffmpeg]}")
ratio() { [ "$1" = n/a ] || [ "$2" = n/a ] && echo n/a || printf '%.2f' "$(echo "$1 / $2" | bc -l)"; }
job="3 × 6 s of 1080p30 + music at 30 %"
[ "$DECORATED" = 1 ] && job="a title card, 3 × 6 s of 1080p30 with captions, a photo zooming, a logo, music at 30 %"
[ "$FRAMED" = 1 ] && job="3 × 6 s of 1080p30 at 0.5×, mirrored, filling 9:16, music at 30 % (36 s)"
echo "Export: $job → 1080p H.264 + AAC ($RUNS run(s), median; $(nproc) cores)"
base_peak=$(median "${PEAK[ffmpeg]}")
printf '%-12s %9s %9s %9s %9s %10s %9s %10s\n' tool wall "÷ffmpeg" CPU "÷ffmpeg" "peak RSS" "÷ffmpeg" length
tools="reel ffmpeg ges"
[ "$DECORATED" = 1 ] || [ "$FRAMED" = 1 ] && tools="reel ffmpeg"
for tool in $tools; do
    w=$(median "${WALL[$tool]}"); c=$(median "${CPU[$tool]}"); m=$(median "${PEAK[$tool]}")
    printf '%-12s %8ss %9s %8ss %9s %7s MB %9s %9ss\n' "$tool" "$w" "$(ratio "$w" "$base_wall")" "$c" "$(ratio "$c" "$base_cpu")" \
        "$m" "$(ratio "$m" "$base_peak")" "$(length "${FILE[$tool]}")"
done
echo "(Reel's peak RSS is its test process's, the XCTest runner included.)"

# 4. The interface during an export: the installed app, its strip playing
#    the three clips while it exports them (bench/export_ui.py).
if [ "${REEL_BENCH_UI:-1}" = 1 ]; then
    /usr/bin/python3 bench/export_ui.py --clips $CLIPS
fi
