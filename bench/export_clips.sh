# Sourced by bench/export.sh and bench/size_limit.sh: makes their input
# once, three different 10 s 1080p30 H.264 + AAC clips (moving patterns
# with a clock, a ticking sound) as $MEDIA/clip-{1,2,3}.mp4, and sets
# CLIPS to their paths.
mkdir -p "$MEDIA"
patterns=(ball smpte pinwheel)
for n in 1 2 3; do
    clip="$MEDIA/clip-$n.mp4"
    [ -s "$clip" ] && continue
    echo "Making $clip (once)..." >&2
    gst-launch-1.0 -q videotestsrc pattern=${patterns[$((n - 1))]} num-buffers=300 horizontal-speed=4 \
        ! video/x-raw,format=I420,width=1920,height=1080,framerate=30/1 ! timeoverlay font-desc="Sans 48" \
        ! x264enc speed-preset=veryfast bitrate=8000 key-int-max=60 ! h264parse ! queue ! mux. \
        audiotestsrc wave=ticks num-buffers=100 samplesperbuffer=4800 ! audio/x-raw,rate=48000,channels=2 \
        ! audioconvert ! avenc_aac ! aacparse ! queue ! mux. mp4mux name=mux ! filesink location="$clip"
done
CLIPS="$MEDIA/clip-1.mp4 $MEDIA/clip-2.mp4 $MEDIA/clip-3.mp4"
