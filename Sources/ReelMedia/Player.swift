import CGLib
import CGst
import Foundation
import GLibKit
import ReelCore

/// One video playing through playbin into a VideoSink. Lives on the main
/// thread: commands come from the UI, the bus is watched on the main context,
/// and every callback runs there. `close()` (or deinit) tears it down.
public final class Player {
    public let uri: String
    public let sink: VideoSink
    /// No sound server or device: the video plays silently (the UI says so).
    public let hasAudioOutput: Bool

    public var onState: ((PlaybackState) -> Void)?
    public var onFailure: ((VideoProblem) -> Void)?
    /// Buffering percentage while a stall lasts (100 = done).
    public var onBuffering: ((Int) -> Void)?
    /// The duration became known or changed.
    public var onDuration: ((Double) -> Void)?
    /// A seek or step finished: the new frame is on its way.
    public var onSeekDone: (() -> Void)?
    /// An adaptive stream's manifest was read (its variants, live or not).
    public var onManifest: ((StreamManifest) -> Void)?

    /// HLS or DASH: what the manifest offers, once fetched.
    public private(set) var manifest: StreamManifest?
    /// The quality menu's cap on an adaptive stream.
    public var quality: StreamQuality = .auto {
        didSet { demuxer.setMaxBitrate(quality.maxBitrate(in: manifest)) }
    }

    public private(set) var state: PlaybackState = .opening
    public private(set) var rate: Double = 1
    private let playbin: UnsafeMutablePointer<GstElement>
    private var busWatch: guint = 0
    /// Start-up work still to run on the main context (a failure found
    /// before the pipeline started, the opening watchdog); removed on close.
    private var pending: [SourceID] = []
    private var missingCodecs: [String] = []
    private var wantsPlaying = true
    private var isBuffering = false
    private var isLive = false
    private var videoCodec: String?
    private var audioCodec: String?
    private var bitrate: UInt32 = 0
    private let demuxer = AdaptiveDemuxer()
    private let reconnectPolicy = ReconnectPolicy()
    /// Reached PLAYING once: a connection lost after that is retried.
    public private(set) var hasPlayed = false
    private var lastPosition: Double?
    /// While reconnecting: since when, the attempt, and where to go on.
    private var lostAt: Date?
    private var attempt = 0
    private var resumeAt: Double?
    private var retry: SourceID?
    /// What the last failure would say, if retrying does not help.
    private var lastProblem: VideoProblem?
    /// The server answered a connection check since the connection was
    /// lost: the next failure is final. A check may be under way.
    private var serverAnswered = false
    private var checking = false
    private var isRemote: Bool { !MediaLocator.isLocal(uri) }
    /// An HLS or DASH address, played by playbin3.
    private let isAdaptive: Bool

    public init(uri: String, sink: VideoSink = VideoSink(), startPlaying: Bool = true) {
        self.uri = uri
        self.sink = sink
        wantsPlaying = startPlaying
        // HLS and DASH through playbin3: only its urisourcebin plugs the
        // adaptive demuxers of GStreamer 1.22 (hlsdemux2, dashdemux2), which
        // start low, take a bitrate cap and measure the bandwidth; playbin's
        // decodebin takes the old ones, which do none of that.
        isAdaptive = StreamManifest.kind(ofAddress: uri) != nil && !MediaLocator.isLocal(uri)
        playbin = gst_element_factory_make(isAdaptive ? "playbin3" : "playbin", "reel-player")!
        _ = gst_object_ref_sink(UnsafeMutableRawPointer(playbin))
        PropertyValue.string(uri).set(on: playbin, "uri")
        // No videoconvert/videoscale inside playsink: the sink converts with
        // libyuv. No deinterlacer or colour balance: progressive video would
        // pass through them for nothing.
        gst_util_set_object_arg(UnsafeMutableRawPointer(playbin).assumingMemoryBound(to: GObject.self),
                                "flags", "video+audio+text+soft-volume+native-video")
        PropertyValue.object(sink.element).set(on: playbin, "video-sink")
        let audio = AudioOutput.make()
        hasAudioOutput = audio.real
        PropertyValue.object(audio.element).set(on: playbin, "audio-sink")
        gst_object_unref(UnsafeMutableRawPointer(audio.element))
        // Speed changes keep the pitch.
        if let tempo = gst_element_factory_make("scaletempo", nil) {
            PropertyValue.object(tempo).set(on: playbin, "audio-filter")
        }
        Signals.connect(UnsafeMutableRawPointer(playbin), "element-setup") { [demuxer] args in
            guard let element = args.pointer(1)?.assumingMemoryBound(to: GstElement.self) else { return }
            demuxer.adopt(element)
            DecoderThreads.adopt(element)
        }
        if isAdaptive { fetchManifest() }

        let bus = gst_element_get_bus(playbin)!
        busWatch = gst_bus_add_watch_full(bus, G_PRIORITY_DEFAULT, { _, message, data in
            let player = Unmanaged<Player>.fromOpaque(data!).takeUnretainedValue()
            player.handle(message!)
            return 1
        }, Unmanaged.passUnretained(self).toOpaque(), nil)
        gst_object_unref(UnsafeMutableRawPointer(bus))
        Trace.shared.event("player-open", ["uri": uri])

        if MediaLocator.isLocal(uri), let problem = MediaProbe.checkLocalFile(uri) {
            // Say what GIO already knows instead of what a demuxer guesses.
            pending.append(MainContext.soon { [weak self] in self?.fail(problem) })
            return
        }
        gst_element_set_state(playbin, GST_STATE_PAUSED)
        // decodebin at times drops a demuxer's error (it filters a child's
        // errors while it changes the child's state): never open for ever.
        if MediaLocator.isLocal(uri) {
            pending.append(MainContext.after(milliseconds: 10_000) { [weak self] in
                guard let self, self.state == .opening else { return }
                self.fail(.damaged)
            })
        }
    }

    deinit {
        close()
        gst_object_unref(UnsafeMutableRawPointer(playbin))
    }

    /// Stops playback and frees the pipeline. Safe to call twice.
    public func close() {
        pending.forEach { $0.remove() }
        pending = []
        retry?.remove()
        retry = nil
        if busWatch != 0 {
            g_source_remove(busWatch)
            busWatch = 0
            gst_element_set_state(playbin, GST_STATE_NULL)
            Trace.shared.event("player-close", ["uri": uri])
        }
    }

    // MARK: Commands

    public func play() {
        wantsPlaying = true
        if state == .ended {
            seek(to: 0)
        }
        if !isBuffering { gst_element_set_state(playbin, GST_STATE_PLAYING) }
    }

    public func pause() {
        wantsPlaying = false
        pauseUnlessPausing()
    }

    public func togglePlaying() {
        wantsPlaying && state != .ended ? pause() : play()
    }

    public var isPlaying: Bool { wantsPlaying && state != .ended && state != .failed }

    /// Seeks to `seconds`; accurate lands on the exact frame, otherwise on
    /// the nearest keyframe (fast, for dragging the seek bar).
    public func seek(to seconds: Double, accurate: Bool = true) {
        var target = max(0, seconds)
        if let duration { target = min(target, duration) }
        if let window = liveWindow { target = min(max(target, window.start), window.end) }
        let flags = GST_SEEK_FLAG_FLUSH.rawValue | (accurate ? GST_SEEK_FLAG_ACCURATE.rawValue
                                                    : GST_SEEK_FLAG_KEY_UNIT.rawValue | GST_SEEK_FLAG_SNAP_NEAREST.rawValue)
        _ = gst_element_seek(playbin, rate, GST_FORMAT_TIME, GstSeekFlags(flags),
                             GST_SEEK_TYPE_SET, gint64(target * 1e9), GST_SEEK_TYPE_NONE, 0)
        if state == .ended { setState(wantsPlaying ? .playing : .paused) }
        Trace.shared.event("player-seek", ["target": target, "accurate": accurate ? 1 : 0])
    }

    /// Changes speed without a jump: an instant rate change where the
    /// pipeline supports it, else a flushing seek to where it is now.
    public func setRate(_ newRate: Double) {
        guard newRate > 0, abs(newRate - rate) > 0.001 else { return }
        rate = newRate
        let instant = gst_element_seek(playbin, newRate, GST_FORMAT_TIME, GST_SEEK_FLAG_INSTANT_RATE_CHANGE,
                                       GST_SEEK_TYPE_NONE, 0, GST_SEEK_TYPE_NONE, 0) != 0
        if !instant, let position {
            let flags = GST_SEEK_FLAG_FLUSH.rawValue | GST_SEEK_FLAG_ACCURATE.rawValue
            _ = gst_element_seek(playbin, newRate, GST_FORMAT_TIME, GstSeekFlags(flags),
                                 GST_SEEK_TYPE_SET, gint64(position * 1e9), GST_SEEK_TYPE_NONE, 0)
        }
        Trace.shared.event("player-rate", ["rate": newRate, "instant": instant ? 1 : 0])
    }

    /// One frame forward (a step event) or back (a seek one frame period
    /// earlier); pauses first, as frame stepping only makes sense paused.
    public func step(forward: Bool) {
        if wantsPlaying { pause() }
        if forward {
            let event = gst_event_new_step(GST_FORMAT_BUFFERS, 1, 1, 1, 0)
            _ = gst_element_send_event(playbin, event)
        } else if let position {
            seek(to: max(0, position - frameDuration), accurate: true)
        }
        Trace.shared.event("player-step", ["forward": forward ? 1 : 0])
    }

    /// Volume on the cubic scale people hear (0...1).
    public var volume: Double {
        get { gst_stream_volume_get_volume(streamVolume, GST_STREAM_VOLUME_FORMAT_CUBIC) }
        set { gst_stream_volume_set_volume(streamVolume, GST_STREAM_VOLUME_FORMAT_CUBIC, min(1, max(0, newValue))) }
    }

    public var isMuted: Bool {
        get { gst_stream_volume_get_mute(streamVolume) != 0 }
        set { gst_stream_volume_set_mute(streamVolume, newValue ? 1 : 0) }
    }

    private var streamVolume: OpaquePointer { OpaquePointer(playbin) }

    // MARK: Queries

    public var position: Double? {
        var value: gint64 = 0
        guard gst_element_query_position(playbin, GST_FORMAT_TIME, &value) != 0, value >= 0 else { return lostAt == nil ? nil : lastPosition }
        lastPosition = Double(value) / 1e9
        return lastPosition
    }

    /// A live stream's seekable window in seconds (nil for video on demand):
    /// no duration, and a range the demuxer can seek in.
    public var liveWindow: (start: Double, end: Double)? {
        guard isRemote, duration == nil else { return nil }
        let query = gst_query_new_seeking(GST_FORMAT_TIME)!
        defer { gst_query_unref(query) }
        guard gst_element_query(playbin, query) != 0 else { return nil }
        var seekable: gboolean = 0
        var start: gint64 = 0, end: gint64 = 0
        gst_query_parse_seeking(query, nil, &seekable, &start, &end)
        guard seekable != 0, start >= 0, end > start else { return nil }
        return (Double(start) / 1e9, Double(end) / 1e9)
    }

    public var isLiveStream: Bool { liveWindow != nil }

    /// Back to the live edge (the demuxer keeps a safe distance from it).
    public func goLive() {
        guard let window = liveWindow else { return }
        seek(to: window.end, accurate: false)
    }

    public var duration: Double? {
        var value: gint64 = 0
        guard gst_element_query_duration(playbin, GST_FORMAT_TIME, &value) != 0, value > 0 else { return nil }
        return Double(value) / 1e9
    }

    private var videoStreamCount: Int {
        Int(PropertyValue.get(from: playbin, "n-video")?.intValue ?? 0)
    }

    /// Seconds per frame from the negotiated caps (1/30 when unknown).
    public var frameDuration: Double {
        guard let info = videoInfo, info.fps_n > 0 else { return 1.0 / 30 }
        return Double(info.fps_d) / Double(info.fps_n)
    }

    private var videoInfo: GstVideoInfo? {
        guard let pad = gst_element_get_static_pad(sink.element, "sink") else { return nil }
        defer { gst_object_unref(UnsafeMutableRawPointer(pad)) }
        guard let caps = gst_pad_get_current_caps(pad) else { return nil }
        defer { gst_caps_unref(caps) }
        var info = GstVideoInfo()
        return gst_video_info_from_caps(&info, caps) != 0 ? info : nil
    }

    /// For the statistics view.
    public var statistics: PlaybackStatistics {
        let info = videoInfo
        let dropped = sink.droppedFrames
        var level: Int?
        if !MediaLocator.isLocal(uri) {
            let query = gst_query_new_buffering(GST_FORMAT_TIME)!
            if gst_element_query(playbin, query) != 0 {
                var percent: gint = 0
                gst_query_parse_buffering_percent(query, nil, &percent)
                level = Int(percent)
            }
            gst_query_unref(query)
        }
        return PlaybackStatistics(
            videoCodec: videoCodec, audioCodec: audioCodec,
            width: info.map { Int($0.width) }, height: info.map { Int($0.height) },
            frameRate: info.flatMap { $0.fps_n > 0 ? Double($0.fps_n) / Double($0.fps_d) : nil },
            bitrate: bitrate > 0 ? Int(bitrate) : nil,
            droppedFrames: dropped.late + dropped.unshown, bufferLevel: level,
            hasAudioOutput: hasAudioOutput,
            variant: info.flatMap { manifest?.variant(forHeight: Int($0.height)) },
            bandwidth: demuxer.bandwidth)
    }

    // MARK: Bus

    private func handle(_ message: UnsafeMutablePointer<GstMessage>) {
        switch message.pointee.type {
        case GST_MESSAGE_ERROR:
            var error: UnsafeMutablePointer<GError>?
            var debug: UnsafeMutablePointer<gchar>?
            gst_message_parse_error(message, &error, &debug)
            var status: gint = 0
            var details: UnsafePointer<GstStructure>?
            gst_message_parse_error_details(message, &details)
            if let details { _ = gst_structure_get_int(details, "http-status-code", &status) }
            let debugText = debug.map { String(cString: $0) } ?? ""
            g_free(debug)
            let failure = error.map { GLibError(consuming: $0) }
            let httpStatus = status > 0 ? Int(status) : HTTPStatus.find(in: (failure?.message ?? "") + " " + debugText)
            Trace.shared.event("player-bus-error", ["domain": failure?.domain ?? "", "code": Int(failure?.code ?? 0),
                                                    "message": failure?.message ?? "", "debug": String(debugText.suffix(200))])
            // An adaptive demuxer that gave up on a segment (its debug text,
            // which is never translated, says so).
            let fragments = debugText.contains("Fragment downloading has failed")
            failed(problem(for: failure, httpStatus: httpStatus, debugText: debugText), httpStatus: httpStatus,
                   fragments: fragments)
        case GST_MESSAGE_ELEMENT:
            if gst_is_missing_plugin_message(message) != 0,
               let description = String(consumingGString: gst_missing_plugin_message_get_description(message)) {
                missingCodecs.append(description)
            }
        case GST_MESSAGE_EOS:
            wantsPlaying = false
            // Stopped for real: a later seek shows its frame paused.
            gst_element_set_state(playbin, GST_STATE_PAUSED)
            setState(.ended)
        case GST_MESSAGE_STATE_CHANGED:
            guard UnsafeMutableRawPointer(message.pointee.src) == UnsafeMutableRawPointer(playbin) else { return }
            var old = GST_STATE_NULL, new = GST_STATE_NULL
            gst_message_parse_state_changed(message, &old, &new, nil)
            if lostAt != nil {
                // Reconnecting: the stream is known, ASYNC_DONE takes it on
                // (reconnected()); only reaching PLAYING ends it.
                if new == GST_STATE_PLAYING { setState(.playing) }
                return
            }
            if old == GST_STATE_READY && new == GST_STATE_PAUSED {
                // playbin plays what it can: with no decoder for the picture
                // it would play the sound over a black screen. Say why instead.
                isLive = gst_element_get_state(playbin, nil, nil, 0) == GST_STATE_CHANGE_NO_PREROLL
                // (A live source reaches PAUSED before it has any streams.)
                // (playbin3 counts no streams; adaptive streams are video.)
                if !isLive && !isAdaptive && videoStreamCount == 0 {
                    fail(missingCodecs.first.map { .unsupportedCodec(VideoProblem.codecName(fromMissingPlugin: $0)) } ?? .notAVideo)
                    return
                }
                if let duration { onDuration?(duration) }
                // A network stream prerolls before its buffer is full: it
                // starts when buffering reaches 100 % (handleBuffering), not
                // here; playing now would play on while the app says
                // "Buffering…", dropping late frames, and never report playing.
                if wantsPlaying && !isBuffering { gst_element_set_state(playbin, GST_STATE_PLAYING) }
            }
            if state == .failed || state == .ended || isBuffering { return }
            if new == GST_STATE_PLAYING { setState(.playing) }
            if new == GST_STATE_PAUSED && old != GST_STATE_READY && !wantsPlaying { setState(.paused) }
            if new == GST_STATE_PAUSED && old == GST_STATE_READY && !wantsPlaying { setState(.paused) }
        case GST_MESSAGE_BUFFERING:
            var percent: gint = 0
            gst_message_parse_buffering(message, &percent)
            handleBuffering(Int(percent))
        case GST_MESSAGE_DURATION_CHANGED:
            if let duration { onDuration?(duration) }
        case GST_MESSAGE_ASYNC_DONE:
            if lostAt != nil {
                reconnected()
                return
            }
            onSeekDone?()
        case GST_MESSAGE_CLOCK_LOST:
            // A new clock must be chosen: the documented dance.
            if wantsPlaying {
                gst_element_set_state(playbin, GST_STATE_PAUSED)
                gst_element_set_state(playbin, GST_STATE_PLAYING)
            }
        case GST_MESSAGE_TAG:
            var tags: UnsafeMutablePointer<GstTagList>?
            gst_message_parse_tag(message, &tags)
            guard let tags else { return }
            var text: UnsafeMutablePointer<gchar>?
            if gst_tag_list_get_string(tags, "video-codec", &text) != 0, let text { videoCodec = String(cString: text); g_free(text) }
            text = nil
            if gst_tag_list_get_string(tags, "audio-codec", &text) != 0, let text { audioCodec = String(cString: text); g_free(text) }
            var value: guint = 0
            if gst_tag_list_get_uint(tags, "bitrate", &value) != 0 || gst_tag_list_get_uint(tags, "nominal-bitrate", &value) != 0 {
                bitrate = max(bitrate, value)
            }
            gst_tag_list_unref(tags)
        default:
            break
        }
    }

    /// Stall recovery: pause while the buffer refills, play again
    /// by itself at 100 %. Live streams cannot wait, so they are left alone.
    private func handleBuffering(_ percent: Int) {
        guard !isLive, state != .failed, lostAt == nil else { return }
        onBuffering?(percent)
        if percent < 100 {
            if !isBuffering {
                isBuffering = true
                pauseUnlessPausing()
                setState(.buffering)
            }
        } else if isBuffering {
            isBuffering = false
            if wantsPlaying {
                gst_element_set_state(playbin, GST_STATE_PLAYING)
                // Still PLAYING (the stall began before a state change went
                // through): no state change will say it plays, so say it here.
                var current = GST_STATE_NULL, pending = GST_STATE_NULL
                if gst_element_get_state(playbin, &current, &pending, 0) == GST_STATE_CHANGE_SUCCESS,
                   current == GST_STATE_PLAYING {
                    setState(.playing)
                }
            } else {
                setState(.paused)
            }
        }
    }

    /// Asks for PAUSED unless that is what was asked last (GST_STATE_TARGET:
    /// opening, or buffering). playbin3 (GStreamer 1.22) asked for PAUSED a
    /// second time while it prerolls may later abort the app as decodebin3
    /// adds a pad ("reconfigure_output: assertion failed: (combine->sinkpad
    /// == NULL)"), as a stream whose second segment is missing does as it
    /// fails: 4 in 200 such launches before, 0 in 400 since
    /// (tests/stress/hls_launches.py). Likely it runs its start-up again
    /// and forgets the outputs it had linked.
    private func pauseUnlessPausing() {
        guard playbin.pointee.target_state != GST_STATE_PAUSED else { return }
        gst_element_set_state(playbin, GST_STATE_PAUSED)
    }

    private func problem(for error: GLibError?, httpStatus: Int?, debugText: String) -> VideoProblem {
        if let codec = missingCodecs.first { return .unsupportedCodec(VideoProblem.codecName(fromMissingPlugin: codec)) }
        if isRemote, let httpStatus {
            // A redirect that ends in an error is one libsoup would not or
            // could not follow: its words say which.
            guard (300..<400).contains(httpStatus) else { return .network(HTTPStatus.describe(httpStatus)) }
            return .connection(RedirectEnd.classify(debugText) ?? .tooManyRedirects)
        }
        return MediaProbe.problem(for: error, isLocal: !isRemote)
    }

    /// An error from the pipeline with no HTTP status on a remote stream:
    /// the server went away, or answers but the stream fails (a missing
    /// segment). Reel tries again, and asks GIO meanwhile whether the server
    /// is there: unreachable, it keeps trying (for a minute) so playback goes
    /// on when the server is back; reachable, one more failure is the answer
    /// and the error says what went wrong. A stream that never played and
    /// cannot connect at all says why at once.
    private func failed(_ problem: VideoProblem, httpStatus: Int?, fragments: Bool) {
        guard isRemote, httpStatus == nil, case .network = problem, state != .failed else {
            fail(problem)
            return
        }
        lastProblem = fragments ? .connection(.missingPart) : problem
        // Errors of a failed attempt come in bursts: the first one counts.
        guard retry == nil, !checking else { return }
        gst_element_set_state(playbin, GST_STATE_NULL)
        if serverAnswered {
            fail(lastProblem ?? problem)
            return
        }
        checking = true
        ConnectionCheck.diagnose(uri) { [weak self] outcome in
            guard let self, self.state != .failed, self.busWatch != 0 else { return }
            self.checking = false
            switch outcome {
            case .reachable where fragments:
                // The demuxer already tried that segment several times.
                self.fail(.connection(.missingPart))
            case .reachable where !self.hasPlayed && self.lostAt == nil:
                // It takes connections and sends nothing: no stream ever
                // came, so nothing was lost (the source waited its timeout).
                self.fail(.connection(.timedOut))
            case .reachable:
                self.serverAnswered = true
                self.connectionLost()
            case .failed(let reason) where !self.hasPlayed && self.lostAt == nil:
                self.fail(.connection(reason))
            case .unknown where !self.hasPlayed && self.lostAt == nil:
                self.fail(problem)
            default:
                self.connectionLost()
            }
        }
    }

    private func connectionLost() {
        if lostAt == nil {
            lostAt = Date()
            attempt = 0
            resumeAt = position ?? lastPosition
            Trace.shared.event("player-connection-lost", ["position": resumeAt ?? -1])
        }
        isBuffering = false
        setState(.reconnecting)
        guard let lostAt, reconnectPolicy.shouldRetry(elapsed: Date().timeIntervalSince(lostAt)) else {
            fail(.connection(.lost))
            return
        }
        let delay = reconnectPolicy.delay(attempt: attempt)
        attempt += 1
        retry = MainContext.after(milliseconds: UInt32(delay * 1000)) { [weak self] in
            guard let self, self.state == .reconnecting else { return }
            self.retry = nil
            if self.resumeAt == nil { self.resumeAt = self.lastPosition }
            Trace.shared.event("player-reconnect", ["attempt": self.attempt])
            gst_element_set_state(self.playbin, GST_STATE_PAUSED)
        }
    }

    /// A reconnection attempt prerolled: first back to where the connection
    /// was lost (that seek prerolls again), then play on.
    private func reconnected() {
        if let resume = resumeAt {
            resumeAt = nil
            seek(to: resume)
            return
        }
        if wantsPlaying {
            gst_element_set_state(playbin, GST_STATE_PLAYING)
        } else {
            lostAt = nil
            setState(.paused)
        }
    }

    private func fetchManifest() {
        RemoteFile.fetch(uri, timeoutSeconds: 10, maxBytes: 4 << 20) { [weak self] result in
            guard let self, case .success(let bytes) = result else { return }
            let text = String(decoding: bytes, as: UTF8.self)
            let parsed = StreamManifest.kind(ofAddress: self.uri) == .dash ? StreamManifest.parseDASH(text) : StreamManifest.parseHLS(text)
            guard let parsed else { return }
            self.manifest = parsed
            self.demuxer.setMaxBitrate(self.quality.maxBitrate(in: parsed))
            Trace.shared.event("player-manifest", ["variants": parsed.variants.count, "live": parsed.isLive ? 1 : 0])
            self.onManifest?(parsed)
        }
    }

    private func fail(_ problem: VideoProblem) {
        guard state != .failed, busWatch != 0 else { return }
        gst_element_set_state(playbin, GST_STATE_NULL)
        setState(.failed)
        Trace.shared.event("player-error", ["kind": problem.kind, "detail": problem.detail])
        onFailure?(problem)
    }

    private func setState(_ new: PlaybackState) {
        if new == .playing {
            hasPlayed = true
            serverAnswered = false
            if lostAt != nil {
                lostAt = nil
                attempt = 0
                Trace.shared.event("player-reconnected", ["position": position ?? -1])
            }
        }
        guard new != state else { return }
        state = new
        Trace.shared.event("player-state", ["state": new.rawValue])
        onState?(new)
    }

}
