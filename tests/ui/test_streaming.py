"""Streaming against a real nginx on 127.0.0.1: progressive MP4 and
WebM with range requests, HLS (three variants, adaptive bitrate, a quality
cap, live with a sliding window) and DASH, and the faults of a bad network:
error statuses, a missing segment, a refused connection, a server that goes
away mid-stream and comes back, a slow link, an untrusted certificate,
redirects.

What happened is read from Reel's trace (REEL_TRACE: `frame` per presented
frame, `player-*` events), nginx's access log (what was fetched) and the
accessible tree (what a person sees).
"""

from __future__ import annotations

import json
import re
import signal

import pytest

from harness import (APP_TIMEOUT, UPSTREAM_FAULTS, HarnessError, fault_lines, find_all, node_name, on_screen,
                     states, wait_until, window_extents, words_on_screen)
from player_helpers import keyfile, menu_item, play, reveal, window_manager  # noqa: F401 (fixtures)
from streams import LiveProducer, make_all
from webserver import WebServer


LOG_LINE = re.compile(r'"GET (?P<path>\S+) HTTP/[\d.]+" (?P<status>\d{3}) (?P<bytes>\d+)')


@pytest.fixture(scope="session")
def media(tmp_path_factory) -> dict:
    """Made once per run: HLS in three variants, DASH, progressive MP4/WebM."""
    return make_all(tmp_path_factory.mktemp("stream-media"), seconds=24)


@pytest.fixture
def serve(media, tmp_path):
    """serve(**options) → a started WebServer over the media folder."""
    servers = []

    def start(**options) -> WebServer:
        server = WebServer(media["mp4"].parent, tmp_path / f"nginx{len(servers)}", **options).start()
        servers.append(server)
        return server
    yield start
    for server in servers:
        server.stop()


def fetched(server: WebServer) -> list:
    """(path, status, bytes) of every request, in order."""
    log = server.work / "access.log"
    if not log.exists():
        return []
    return [(m["path"], int(m["status"]), int(m["bytes"])) for m in map(LOG_LINE.search, log.read_text().splitlines()) if m]


def segments(server: WebServer, after: int = 0) -> list:
    """The variant ("240p"…) of each HLS segment fetched, from request `after` on."""
    return [path.split("/")[2] for path, status, _ in fetched(server)[after:] if path.endswith(".ts") and status == 200]


def error_page(app, win, text: str):
    return app.find(win, name=re.compile(re.escape(text)), timeout=30)


# ---------------------------------------------------------------------------
# video on demand
# ---------------------------------------------------------------------------

def test_hls_starts_low_plays_seeks_and_shows_its_variant(play, serve, media):
    server = serve()
    app, win, trace = play(server.url("hls/master.m3u8"))
    # (How soon the first frame comes is bench/streaming.sh's figure.)
    assert segments(server)[0] == "240p", f"began with {segments(server)[:3]}, not the lowest variant"
    manifest = trace.wait("player-manifest")
    assert manifest["variants"] == 3 and manifest["live"] == 0, manifest
    # Seek to 50 %: lands there, and plays on from there.
    i = trace.count()
    app.key("5")
    seek = trace.wait("player-seek", after=i)
    assert abs(seek["target"] - 12) < 0.5, seek
    trace.wait("player-seek-done", after=i)
    k = trace.count()
    wait_until(lambda: [f for f in trace.frames_after(k) if f["pts"] > 12.5], 10, what="frames after the seek")
    app.key("ctrl+i")
    stats = app.find(win, role="label", name=re.compile(r"^Video: "), timeout=5)
    wait_until(lambda: "Variant: " in stats.name and "Bandwidth: " in stats.name, 5,
               what="the variant and bandwidth in the statistics")
    assert re.search(r"Variant: (240|720|1080)p, \d+\.\d Mbit/s", stats.name), stats.name
    app.screenshot("statistics")


def test_adaptive_bitrate_climbs_when_the_link_allows(play, serve):
    # 120 kB/s (under 1 Mbit/s): only the 240p variant fits.
    server = serve(rate="120k")
    app, win, trace = play(server.url("hls/master.m3u8"))
    # Four seconds of video played (two segments, the bandwidth measured
    # over them) on the lowest variant alone.
    wait_until(lambda: (lambda f: f and f[-1]["pts"] - f[0]["pts"] >= 4)(trace.named("frame")), 30,
               what="four seconds of video")
    assert set(segments(server)) == {"240p"}, segments(server)
    before = len(fetched(server))
    server.lift_limit()
    wait_until(lambda: {"720p", "1080p"} & set(segments(server, after=before)), 20,
               what="a higher variant once the limit was lifted")


def test_the_quality_cap_holds(play, serve):
    server = serve()
    app, win, trace = play(server.url("hls/master.m3u8"))
    trace.wait("player-manifest")
    quality = app.find(win, role="push button", name="Quality, Auto", timeout=5)  # shown: the stream has variants
    # Clicked right after the bars are shown and drawn (found first: a long
    # walk of the tree could outlast them).
    reveal(app)
    i = trace.count()
    app.click(quality)
    # (Popover menus report extents relative to their own surface: the item
    # is chosen with the keyboard.)
    app.find(win, role="menu item", name="480p", timeout=5, visible=False)
    wait_until(lambda: "focused" in states(app.find(win, role="menu item", name="Auto", visible=False)), 5,
               what="the menu to take the focus")
    app.key("Down", "Down", "Down", "Return")
    trace.wait("player-quality", lambda e: e["quality"] == "480p", after=i)
    before = len(fetched(server))
    # Everything fetched from the next segment on is 240p (the best ≤ 480p).
    app.key("Home")
    # Four segments fetched after the cap (the first may have been asked for
    # before it).
    wait_until(lambda: len(segments(server, after=before)) >= 4, 30, what="segments after the cap")
    later = segments(server, after=before)[1:]
    assert later and set(later) == {"240p"}, later


def test_the_quality_chosen_in_preferences_holds_from_the_start(play, serve, profile):
    keyfile(profile, stream_quality="'480p'")
    server = serve()
    app, win, trace = play(server.url("hls/master.m3u8"))
    trace.wait("player-manifest")
    reveal(app)
    app.find(win, role="push button", name="Quality, 480p", timeout=5)
    # Six seconds of video played: time for the demuxer to climb.
    wait_until(lambda: (lambda f: f and f[-1]["pts"] - f[0]["pts"] >= 6)(trace.named("frame")), 30,
               what="six seconds of video")
    # The demuxer starts at the lowest variant (240p) and would climb on a
    # fast link; capped at 480p, the best it may take is 240p. (Read from
    # the player itself: the feed's thumbnailer asks the same server.)
    app.key("ctrl+i")
    stats = app.find(win, role="label", name=re.compile(r"^Video: "), timeout=5)
    wait_until(lambda: "Variant: " in stats.name, 5, what="the variant in the statistics")
    # On a busy machine the segments fetched before the demuxer's first
    # switch may still be playing: the variant is waited for, and must
    # never be one above the cap once it came down.
    wait_until(lambda: "Variant: 240p" in stats.name, 30, what="the 240p variant",
               on_timeout=lambda: stats.name)


def test_dash_plays(play, serve, media):
    if media["dash"] is None:
        import subprocess
        if subprocess.run(["gst-inspect-1.0", "dashsink"], capture_output=True).returncode == 0:
            pytest.fail("dashsink is installed but wrote no complete DASH stream")
        pytest.skip("no dashsink (gstreamer1.0-plugins-bad) to make a DASH stream")
    server = serve()
    app, win, trace = play(server.url("dash/manifest.mpd"))
    wait_until(lambda: trace.last_pts() > 2, 10, what="two seconds of DASH")


def test_progressive_webm_seeks_with_range_requests(play, serve, media):
    # 1 MB/s: faster than the video plays, far slower than loopback, so the
    # player cannot have the file before it seeks.
    server = serve(rate="1m")
    app, win, trace = play(server.url("progressive.mp4"))
    i = trace.count()
    app.key("8")
    seek = trace.wait("player-seek", after=i)
    wait_until(lambda: [f for f in trace.frames_after(i) if f["pts"] >= seek["target"] - 0.5], 15,
               what="frames from 80 %")
    # nginx logs a request when it ends: the player's range request is
    # still streaming until the app quits.
    app.quit()
    ranges = [r for r in fetched(server) if r[0] == "/progressive.mp4"]
    total = sum(size for _, _, size in ranges)
    assert any(status == 206 for _, status, _ in ranges), ranges
    assert total < media["mp4"].stat().st_size, "the whole file was downloaded to seek"
    app2, win2, trace2 = play(server.url("progressive.webm"))
    wait_until(lambda: trace2.last_pts() > 1, 10, what="the WebM to play")


# ---------------------------------------------------------------------------
# live
# ---------------------------------------------------------------------------

@pytest.fixture
def live(media, tmp_path):
    producer = LiveProducer(media["mp4"].parent / f"live-{tmp_path.name}")
    producer.wait_ready()
    yield producer
    producer.stop()


def test_live_joins_at_the_edge_stays_there_and_comes_back(play, serve, live):
    server = serve()
    app, win, trace = play(server.url(f"{live.folder.name}/live.m3u8"))
    playing = trace.at(trace.wait("player-state", lambda e: e["state"] == "playing"))
    joined = trace.wait("player-live", after=playing)
    assert joined["behind"] == 0, joined   # at the edge
    # Six seconds of the stream played, by the player's own position:
    # playing on, never going back. (Whether it keeps up with the edge on a
    # loaded machine, where a stall leaves it behind, is a benchmark's
    # matter, not a test's.)
    wait_until(lambda: trace.named("player-live")[-1]["position"] >= joined["position"] + 6, 30,
               what="six seconds of the live stream")
    positions = [e["position"] for e in trace.events()[playing:] if e["event"] == "player-live"]
    assert positions == sorted(positions), positions
    reveal(app)
    app.find(win, role="push button", name="Playing Live", timeout=5)
    # Back to the start of the window: behind live, and a way back.
    i = trace.count()
    app.key("Home")
    trace.wait("player-live", lambda e: e["behind"] > 0, after=i, timeout=15)
    back = app.find(win, role="push button", name="Back to Live", timeout=5)
    reveal(app)   # right before the click (the walk for the button could outlast the bars)
    i = trace.count()
    app.click(back)
    trace.wait("player-go-live", after=i)
    trace.wait("player-live", lambda e: e["behind"] == 0, after=i, timeout=15)
    app.screenshot("live")


# ---------------------------------------------------------------------------
# faults
# ---------------------------------------------------------------------------

@pytest.mark.parametrize("status, words", [(404, "HTTP 404 (Not Found)"), (403, "HTTP 403 (Forbidden)"),
                                           (500, "HTTP 500 (Internal Server Error)")])
def test_playlist_errors_show_their_status(play, serve, status, words):
    server = serve(statuses={"/hls/master.m3u8": status})
    app, win, trace = play(server.url("hls/master.m3u8"), wait_frame=False)
    error_page(app, win, words)
    trace.wait("player-error")


def test_a_missing_segment_is_skipped_or_said(play, serve, app):
    missing = {f"/hls/{variant}/segment00002.ts": 404 for variant in ("240p", "720p", "1080p")}
    server = serve(statuses=missing)
    try:
        reel, win, trace = play(server.url("hls/master.m3u8"), wait_frame=False)
        # Either playback goes on past the hole (4–6 s), or it stops with a
        # clear error soon after trying again; never a hang, never endless
        # retrying.
        wait_until(lambda: trace.last_pts() > 8 or trace.named("player-error"), 30,
                   what="playback past the missing segment, or an error")
        if trace.named("player-error"):
            error_page(reel, win, "Part of the video is missing on the server.")
    except HarnessError:
        # GStreamer's own crash here (harness.UPSTREAM_FAULTS) is reported
        # as an expected failure, with its reason on the run's summary;
        # anything else fails.
        upstream = re.compile(UPSTREAM_FAULTS[0][0])
        aborted = [a for a in app.launched if a.proc.poll() == -signal.SIGABRT
                   and upstream.search(a.stderr_text()) and not fault_lines(a.stderr_text())]
        if not aborted:
            raise
        aborted[0].expect(status=-signal.SIGABRT)
        pytest.xfail("GStreamer 1.22's playbin3 aborted in reconfigure_output (an upstream assertion) "
                     "as the demuxer gave up the missing segment")


def test_a_refused_connection_says_so(play, serve):
    port = serve().port
    app, win, trace = play(f"http://127.0.0.1:{port + 1 if port < 65000 else port - 1}/clip.mp4", wait_frame=False)
    error_page(app, win, "The server refused the connection.")


def test_the_server_going_away_reconnects_and_goes_on_where_it_was(play, serve):
    # Limited to a little over the video's rate, so the player cannot have
    # much of the file before the server stops; the server that comes back
    # serves at full speed.
    server = serve(rate="800k")
    app, win, trace = play(server.url("progressive.mp4"))
    wait_until(lambda: trace.last_pts() > 4, 15, what="four seconds of playback")
    server.stop()
    lost = trace.wait("player-connection-lost", timeout=20)
    reveal(app)
    app.find(win, name="Connection lost. Reconnecting…", timeout=5)
    app.screenshot("reconnecting")
    # The server stays away through two attempts, each refused.
    trace.wait("player-reconnect", lambda e: e["attempt"] >= 2, timeout=20)
    i = trace.count()
    server.lift_limit()
    server.start()
    trace.wait("player-reconnected", after=i, timeout=30)
    k = trace.count()
    wait_until(lambda: trace.frames_after(k), 10, what="a frame after reconnecting")
    first = trace.frames_after(k)[0]
    # Where it was lost. (How soon after the server: a benchmark's figure.)
    assert abs(first["pts"] - lost["position"]) < 1.5, (lost, first)


def test_a_slow_link_buffers_then_plays_without_endless_stutter(play, serve):
    server = serve(rate="150k")  # 1.2 Mbit/s: enough for 240p only
    app, win, trace = play(server.url("hls/master.m3u8"))
    # First it buffers; once it plays, it keeps playing. (Measured from 3 s
    # in: the test sound server's null sink holds the clock early in a
    # stream.)
    trace.wait("player-state", lambda e: e["state"] == "playing")
    wait_until(lambda: (lambda f: f and f[-1]["pts"] - f[0]["pts"] >= 3)(trace.named("frame")), 30,
               what="three seconds of video")
    start = trace.count()
    # Six seconds of video more: at most one stall on the way. (How much
    # video a second of wall clock brings: bench/streaming.sh's matter.)
    wait_until(lambda: (lambda f: f and f[-1]["pts"] - f[0]["pts"] >= 6)(trace.frames_after(start)), 60,
               what="six more seconds of video")
    stalls = [e for e in trace.events()[start:] if e["event"] == "player-state" and e["state"] == "buffering"]
    assert len(stalls) <= 1, stalls


def test_an_untrusted_certificate_is_an_error_never_a_fallback(play, serve):
    server = serve(tls=True)
    app, win, trace = play(server.url("progressive.mp4"), wait_frame=False)
    error_page(app, win, "certificate is not valid")
    assert not [r for r in fetched(server)], "a request went through over the untrusted connection"
    assert not trace.named("frame")


def test_redirects_are_followed_within_a_limit(play, serve):
    server = serve(redirects={"/moved.mp4": "/progressive.mp4", "/loop.mp4": "/loop.mp4",
                              "/a.mp4": "/b.mp4", "/b.mp4": "/a.mp4", "/local.mp4": "file:///etc/passwd"})
    app, win, trace = play(server.url("moved.mp4"))
    wait_until(lambda: trace.last_pts() > 1, 10, what="the redirected video to play")
    app.quit()
    # Each way a redirect ends nowhere has its own words, never a bare status.
    for path, words in (("loop.mp4", "The address redirects in a loop."),
                        ("a.mp4", "The address redirects in a loop."),
                        ("local.mp4", "The address redirects to a place that is not on the web, "
                                      "which Reel does not follow.")):
        other, other_win, _ = play(server.url(path), wait_frame=False)
        error_page(other, other_win, words)
        other.quit()


# ---------------------------------------------------------------------------
# remote items in the feed
# ---------------------------------------------------------------------------

def test_remote_items_never_hold_up_local_ones(launch_ready, serve, profile, media, artifacts):
    import json
    from player_helpers import make_clip
    server = serve(rate="1")  # one byte a second: its probes wait for their time limit
    catalog = media["mp4"].parent / f"slow-{profile.parent.name}.json"
    catalog.write_text(json.dumps({"entries": [
        {"title": f"Slow stream {n}", "remote": server.url(f"progressive.mp4?copy={n}")} for n in range(4)]}))
    videos = profile / "home" / "Videos"
    videos.mkdir(parents=True, exist_ok=True)
    for n in range(3):
        make_clip(videos / f"Local {n}.mp4", 2, 320, 180, 30)
    fast = serve()
    app, win = launch_ready(args=[fast.url(catalog.name)])
    app.find(win, role="label", name="Slow stream 0", timeout=APP_TIMEOUT)
    for n in range(3):
        app.find(win, name=re.compile(rf"^Local {n}, .*0:02$"), timeout=APP_TIMEOUT)
    # Meanwhile (the local ones done) the slow ones wait on their server...
    assert app.find(win, name="Slow stream 0", timeout=1)
    # ...and get an answer in the end (their time limit), not a card
    # stuck for ever.
    app.find(win, name="Slow stream 0, The server did not answer in time.", timeout=40)


def subtitle_menu_item(app, win, name):
    return menu_item(app, win, "Subtitles", name)


@pytest.mark.parametrize("kind", ["hls", "dash"])
def test_a_streams_subtitle_rendition_shows_on_screen_and_off_hides_it(play, serve, media, kind):
    """An HLS stream with WebVTT subtitle renditions, a DASH one with
    WebVTT text sets: the Subtitles menu offers each. English (the one
    GStreamer plays) shows over the picture (read over AT-SPI and seen on
    screen); German, which GStreamer 1.22 will not switch to, is fetched by
    Reel and its lines come with the picture they belong to (an HLS
    rendition timed by the video's MPEG-TS clock); Off hides them."""
    address = {"hls": "hls/subtitled.m3u8", "dash": "dash/subtitled.mpd"}[kind]
    if kind == "dash" and media["subtitled_dash"] is None:
        pytest.skip("no DASH stream was made (see test_dash_plays)")
    server = serve()
    app, win, trace = play(server.url(address))

    # The lines are looked for over the video only (its overlay): a walk of
    # the whole window takes long enough on a busy machine for a line to
    # pass while it is read.
    picture = app.find(win, role="image", name=re.compile(r"^subtitled\."), timeout=10)
    over_video = picture.parent

    def lines(word: str) -> list:
        return [n for n in find_all(over_video, role="label", name=re.compile(rf"^{word} \d+$")) if on_screen(n)]

    def menu_item(name):
        return subtitle_menu_item(app, win, name)

    english = menu_item("English")
    assert on_screen(english)
    i = trace.count()
    english.queryAction().doAction(0)
    trace.wait("player-text-track", lambda e: e["index"] == 0, after=i)
    wait_until(lambda: lines("Hello"), 15, what="an English line")
    def button_press(name: str, state: str) -> None:
        i = trace.count()
        app.find(win, role="push button", name=name, timeout=5).queryAction().doAction(0)
        trace.wait("player-state", lambda e: e["state"] == state, after=i)

    def readable(word: str) -> None:
        """A line of `word` is seen on screen. It is read paused (the
        stream lasts 24 s, which a busy machine's screenshots could
        outlast), and the line rises over the controls as they show: the
        screenshot is taken again when the line moved in between."""
        button_press("Pause", "paused")
        # The line seen may have ended as the pause came: the next one,
        # a few times.
        for _ in range(3):
            if lines(word):
                break
            button_press("Play", "playing")
            wait_until(lambda: lines(word), 15, what=f"the next {word} line")
            button_press("Pause", "paused")
        def where(nodes: list) -> list:
            return [(node_name(n), window_extents(n)) for n in nodes]
        def laid_out(nodes: list) -> bool:
            # A label just shown can report no size for a moment.
            return all(window_extents(n)[2] > 8 and window_extents(n)[3] > 8 for n in nodes)
        # (At most eight screenshots: each takes the time a line may move
        # in, so no pause is needed between them; the last one is judged.)
        for _ in range(8):
            before = where(lines(word))
            shot = app.screenshot(word)
            after = lines(word)
            if before and where(after) == before and laid_out(after):
                break
        assert after, f"the {word} lines stopped coming"
        sd, bright = words_on_screen(app, after[0], shot)
        assert sd > 0.1 and bright > 0.02, \
            f"the {word} line is not readable on screen (sd {sd}, bright {bright}, at {window_extents(after[0])})"
        button_press("Play", "playing")

    readable("Hello")
    assert not lines("Hallo"), "the German rendition's lines show too"

    german = menu_item(re.compile("^German"))
    assert on_screen(german)
    app.screenshot("menu")
    i = trace.count()
    german.queryAction().doAction(0)
    trace.wait("player-text-track", lambda e: e["index"] == 1, after=i)
    wait_until(lambda: lines("Hallo"), 15, what="a German line")
    bar = app.find(win, role="slider", name="Position", timeout=5)
    # Line n belongs to the video's segment n (2 s each): read between two
    # readings of the position, it is that segment's, not a neighbour's
    # (the position is read to a quarter second).
    read, wrong = [], []

    def three_read():
        before = bar.queryValue().currentValue
        shown = lines("Hallo")
        after = bar.queryValue().currentValue
        if shown and before <= after < before + 1.5:
            n = int(node_name(shown[0]).split()[1])
            (read if 2 * n - 0.3 <= after and before <= 2 * n + 2.3 else wrong).append((node_name(shown[0]), before, after))
        return len(read) + len(wrong) >= 3
    wait_until(three_read, 15, interval=0.4, what="three German lines read with the position (they stopped coming)")
    assert not wrong, f"lines shown with another segment: {wrong}"
    assert not lines("Hello"), "the English lines show with the German ones"
    readable("Hallo")
    fetched = trace.wait("player-subtitle-rendition", lambda e: e.get("index") == 1, after=i, timeout=20)
    assert fetched["found"] == 1 and fetched["lines"] > 0, fetched

    off = menu_item("Off")
    i = trace.count()
    off.queryAction().doAction(0)
    off_at = trace.wait("player-text-track", lambda e: e["index"] == -1, after=i)
    # Past the next segment's line (2 s each), by the video's own clock, or
    # at its end (which may have come before Off did).
    k = trace.events().index(off_at)

    def ended() -> bool:
        states = [e["state"] for e in trace.events() if e["event"] == "player-state"]
        return bool(states) and states[-1] == "ended"
    wait_until(lambda: (lambda f: f and f[-1]["pts"] - f[0]["pts"] >= 2.5)(trace.frames_after(k)) or ended(), 15,
               what="the next segment's line time")
    assert not lines("Hello") and not lines("Hallo"), "a line shows with subtitles off"


def test_a_subtitle_rendition_the_server_lacks_is_said_and_playback_goes_on(play, serve, media):
    """The German rendition's playlist is missing on the server: choosing
    it says so in a toast, read over AT-SPI and seen on screen, and the
    video plays on."""
    server = serve()
    app, win, trace = play(server.url("hls/subtitled-broken.m3u8"))
    german = subtitle_menu_item(app, win, re.compile("^German"))
    i = trace.count()
    german.queryAction().doAction(0)
    failed = trace.wait("player-subtitle-rendition", lambda e: e.get("index") == 1, after=i, timeout=30)
    assert failed["found"] == 0, failed
    note = app.find(win, name="These subtitles could not be loaded from the server.", timeout=10)
    assert on_screen(note)
    shot = app.screenshot("toast")
    sd, bright = words_on_screen(app, note, shot)
    assert sd > 0.1 and bright > 0.02, f"the toast is not readable on screen (sd {sd}, bright {bright})"
    bar = app.find(win, role="slider", name="Position", timeout=5)
    before = bar.queryValue().currentValue
    wait_until(lambda: bar.queryValue().currentValue > before + 1, 15, what="the video to play on")


def test_a_chosen_rendition_is_remembered_for_the_stream(play, serve, media, profile):
    """German, chosen once, shows again when the stream opens again, with
    no choice made: the remembered rendition is one GStreamer does not
    play, so the menu waits for the manifest before it applies it."""
    server = serve()
    app, win, trace = play(server.url("hls/subtitled.m3u8"))
    german = subtitle_menu_item(app, win, re.compile("^German"))
    i = trace.count()
    german.queryAction().doAction(0)
    trace.wait("player-text-track", lambda e: e["index"] == 1, after=i)
    state = profile / "state" / "reel" / "state.json"
    wait_until(lambda: state.exists() and json.loads(state.read_text()).get("trackChoices"), 5, what="the choice kept")
    app.quit()

    app, win, trace = play(server.url("hls/subtitled.m3u8"))
    trace.wait("player-text-track", lambda e: e["index"] == 1)
    wait_until(lambda: [n for n in find_all(win, role="label", name=re.compile(r"^Hallo \d+$")) if on_screen(n)], 15,
               what="a German line, not chosen this time")
