import CGLib
import CGst
import Foundation
import GLibKit
import ReelCore

/// One video playing through playbin into a VideoSink: the GStreamer side of
/// `PlaybackSession`, which makes the decisions. Each bus message, command,
/// connection check and timer becomes a session event; the session's actions
/// are carried out here (ARCHITECTURE: The player's state machine). Lives on
/// the main thread: commands come from the UI, the bus is watched on the
/// main context, and every callback runs there. `close()` (or deinit) tears
/// it down.
public final class Player {
    /// What the player reports, in order, to its one observer.
    public enum Event {
        case state(PlaybackState)
        case failure(VideoProblem)
        /// Buffering percentage while a stall lasts (100 = done).
        case buffering(Int)
        /// The duration became known or changed.
        case duration(Double)
        /// A seek or step finished: the new frame is on its way.
        case seekDone
        /// An adaptive stream's manifest was read (its variants, live or not).
        case manifest(StreamManifest)
        /// The file's chapters (its table of contents) were read.
        case chapters(Chapters)
        /// The file's title, artist or cover changed (`tags`).
        case tags(MediaTags)
        /// Audio or text streams came, went or were named (PlayerTracks).
        case tracks
        /// A stream's subtitle rendition Reel fetches itself gave no line
        /// (its server failed, or it holds none Reel can read).
        case subtitleRenditionFailed
    }

    public let uri: String
    public let sink: VideoSink
    /// No sound server or device: the video plays silently (the UI says so).
    public let hasAudioOutput: Bool
    /// Everything the player reports; `close()` lets it go.
    public var onEvent: ((Event) -> Void)?

    /// HLS or DASH: what the manifest offers, once fetched.
    public private(set) var manifest: StreamManifest?
    /// Whether the text streams are all known: for HLS and DASH, once the
    /// manifest (which lists the subtitle renditions) was read or failed.
    public private(set) var textTracksKnown: Bool
    /// The quality menu's cap on an adaptive stream.
    public var quality: StreamQuality = .auto {
        didSet { demuxer.setMaxBitrate(quality.maxBitrate(in: manifest)) }
    }

    public var state: PlaybackState { session.state }
    /// The file's chapters; empty until (unless) its table of contents comes.
    public private(set) var chapters = Chapters([])
    /// Sound without a picture: the page shows the cover and tags instead.
    public var isAudioOnly: Bool { session.isAudioOnly }
    /// The file's title, artist and cover, from its tags.
    public private(set) var tags = MediaTags()
    public private(set) var rate: Double = 1
    /// The part played over and over (an A–B loop), in seconds; nil when
    /// the video plays through.
    public private(set) var loop: Range<Double>?
    /// Where the pipeline's segment stops early (a loop's end, or one just
    /// turned off): its SEGMENT_DONE comes there instead of the end.
    private var segmentStop: Double?
    /// A segment with a stop was played since the last seek without one:
    /// the next one must clear it (a seek that leaves the stop alone keeps
    /// it, and one past it fails).
    private var stopToClear = false
    /// The rate of the last flushing seek. An instant rate change leaves
    /// the segments at it and has the sinks multiply it (until a flush),
    /// so a loop's seek without a flush asks for it, not for `rate`: the
    /// new rate would be applied twice.
    private var segmentRate: Double = 1
    /// Reached PLAYING once: a connection lost after that is retried.
    public var hasPlayed: Bool { session.hasPlayed }
    public var isPlaying: Bool { session.isPlaying }
    /// Playing, or on its way to play (a stall, a seek).
    public var wantsPlaying: Bool { session.wantsPlaying }

    private var session: PlaybackSession
    let playbin: UnsafeMutablePointer<GstElement>
    /// Times an audio stream switch (PlayerTracks).
    let audioSwitch = AudioSwitchTimer()
    /// The subtitle file loaded with the video (playbin's `suburi`).
    public let subtitleURI: String?
    /// Subtitle lines come here rather than into the picture (TextSink).
    private var textSink: TextSink!
    /// The lines received, for `subtitles(at:)`.
    var cues = SubtitleCues()
    /// The picture subtitles received, for `subtitlePicture(at:)`.
    var pictures = SubtitlePictures()
    /// Which streams show and the switches waiting for the open: the
    /// decisions of PlayerTracks.
    var switches = StreamSwitches()
    /// Whether a text stream shows (PlayerTracks).
    public var showsText: Bool { switches.showsText }
    /// An ASS/SSA file's lines with their styles, read by Reel rather than
    /// by playbin, which reads no such file (PlayerTracks); nil for others.
    let styledCues: [SubtitleCues.Cue]?
    /// A local Matroska file's track list, for the forced flag GStreamer
    /// does not pass on (PlayerTracks); read once, when first asked.
    lazy var fileTracks: [MatroskaTracks.Track] = Player.matroskaTracks(of: uri)
    private var busWatch: BusWatch?
    /// Start-up work still to run on the main context (a failure found
    /// before the pipeline started, the opening watchdog) and a scheduled
    /// retry; removed on close.
    private var pending: [SourceID] = []
    private var retry: SourceID?
    private var tracksReport: SourceID?
    private var videoCodec: String?
    private var audioCodec: String?
    private var bitrate: UInt32 = 0
    private let demuxer = AdaptiveDemuxer()
    private var isLocal: Bool { MediaLocator.isLocal(uri) }
    private var isRemote: Bool { !isLocal }
    /// An HLS or DASH address, played by playbin3.
    let isAdaptive: Bool
    /// playbin3's text streams that flow (its last "streams selected"):
    /// an HLS or DASH stream's subtitle renditions (PlayerTracks).
    var selectedTextStreams: [MediaTrack] = []
    /// The lines of the stream's subtitle rendition that Reel fetches
    /// itself (`switches.fetchedRendition`), so far, and the fetcher.
    var renditionCues: [SubtitleCues.Cue] = []
    var renditionFetcher: SubtitleRenditionFetcher?

    /// - Parameters:
    ///   - subtitleURI: a subtitle file read beside the video's own streams
    ///     (the last text track), in `subtitleEncoding` when given (an iconv
    ///     name; else subparse's guess from the locale).
    public init(uri: String, sink: VideoSink = VideoSink(), startPlaying: Bool = true,
                subtitleURI: String? = nil, subtitleEncoding: String? = nil) {
        self.uri = uri
        self.subtitleURI = subtitleURI
        self.sink = sink
        styledCues = subtitleURI.flatMap { Player.styledCues(of: $0, encoding: subtitleEncoding) }
        session = PlaybackSession(isRemote: !MediaLocator.isLocal(uri), startPlaying: startPlaying)
        // HLS and DASH through playbin3: only its urisourcebin plugs the
        // adaptive demuxers of GStreamer 1.22 (hlsdemux2, dashdemux2), which
        // start low, take a bitrate cap and measure the bandwidth; playbin's
        // decodebin takes the old ones, which do none of that.
        isAdaptive = StreamManifest.kind(ofAddress: uri) != nil && !MediaLocator.isLocal(uri)
        textTracksKnown = !isAdaptive
        playbin = gst_element_factory_make(isAdaptive ? "playbin3" : "playbin", "reel-player")!
        _ = gst_object_ref_sink(UnsafeMutableRawPointer(playbin))
        hasAudioOutput = Player.configure(playbin, uri: uri, sink: sink, demuxer: demuxer, subtitleEncoding: subtitleEncoding)
        textSink = TextSink(onCues: MainThreadHandler { [weak self] cues in cues.forEach { self?.cues.add($0) } },
                            onPicture: MainThreadHandler { [weak self] change in self?.pictures.add(change) })
        PropertyValue.object(textSink.element).set(on: playbin, "text-sink")
        if let subtitleURI {
            if styledCues == nil { PropertyValue.string(subtitleURI).set(on: playbin, "suburi") }
            Trace.shared.event(.playerSubtitleFile, ["uri": subtitleURI, "encoding": subtitleEncoding ?? ""])
        }
        if isAdaptive { fetchManifest() }
        watchBus()
        watchTracks()
        Trace.shared.event(.playerOpen, ["uri": uri])
        start()
    }

    /// The pipeline's elements and properties; true when sound has a real output.
    private static func configure(_ playbin: UnsafeMutablePointer<GstElement>, uri: String, sink: VideoSink,
                                  demuxer: AdaptiveDemuxer, subtitleEncoding: String?) -> Bool {
        PropertyValue.string(uri).set(on: playbin, "uri")
        // No videoconvert/videoscale inside playsink: the sink converts with
        // libyuv, and deinterlaces interlaced video itself. No colour
        // balance: video would pass through it for nothing.
        gst_util_set_object_arg(UnsafeMutableRawPointer(playbin).assumingMemoryBound(to: GObject.self),
                                "flags", "video+audio+text+soft-volume+native-video")
        PropertyValue.object(sink.element).set(on: playbin, "video-sink")
        let audio = AudioOutput.make()
        PropertyValue.object(audio.element).set(on: playbin, "audio-sink")
        gst_object_unref(UnsafeMutableRawPointer(audio.element))
        // Speed changes keep the pitch.
        if let tempo = gst_element_factory_make("scaletempo", nil) {
            PropertyValue.object(tempo).set(on: playbin, "audio-filter")
        }
        Signals.connect(UnsafeMutableRawPointer(playbin), .elementSetup) { [demuxer] element in
            // playbin's own subtitle-encoding did not reach the subtitle
            // parser (GStreamer 1.22), nor one set on the parser (decodebin
            // sets its own over it): on the decodebins, which pass it on.
            if let subtitleEncoding,
               String(cString: g_type_name(UnsafeMutableRawPointer(element).assumingMemoryBound(to: GTypeInstance.self).pointee.g_class.pointee.g_type)) == "GstDecodeBin" {
                PropertyValue.string(subtitleEncoding).set(on: UnsafeMutableRawPointer(element), "subtitle-encoding")
            }
            demuxer.adopt(element)
            DecoderThreads.adopt(element)
        }
        return audio.real
    }

    private func watchBus() {
        busWatch = BusWatch(element: playbin) { [weak self] message in self?.handle(message) }
    }

    private func start() {
        if isLocal, let problem = MediaProbe.checkLocalFile(uri) {
            // Say what GIO already knows instead of what a demuxer guesses.
            pending.append(MainContext.soon { [weak self] in self?.send(.cannotOpen(problem)) })
            return
        }
        send(.start)
        // decodebin at times drops a demuxer's error (it filters a child's
        // errors while it changes the child's state): never open for ever.
        if isLocal {
            pending.append(MainContext.after(milliseconds: 10_000) { [weak self] in self?.send(.openingTimedOut) })
        }
    }

    deinit {
        close()
        gst_object_unref(UnsafeMutableRawPointer(playbin))
    }

    /// Stops playback, frees the pipeline and lets the observer go. Safe to
    /// call twice.
    public func close() {
        tracksReport?.remove()
        tracksReport = nil
        pending.forEach { $0.remove() }
        pending = []
        retry?.remove()
        retry = nil
        renditionFetcher?.stop()
        renditionFetcher = nil
        onEvent = nil
        if busWatch != nil {
            busWatch = nil
            send(.stop)
            Trace.shared.event(.playerClose, ["uri": uri])
        }
    }

    // MARK: Commands

    public func play() { send(.play) }

    public func pause() { send(.pause) }

    public func togglePlaying() { send(.togglePlaying) }

    /// Seeks to `seconds`; accurate lands on the exact frame, otherwise on
    /// the nearest keyframe (fast, for dragging the seek bar).
    /// A seek out of a loop's part ends the loop.
    public func seek(to seconds: Double, accurate: Bool = true) {
        if let part = loop, !part.contains(seconds) { loop = nil }
        send(.seek(to: seconds, accurate: accurate))
    }

    /// Loops `part` without a gap, starting at `entry` (inside it), or
    /// with nil plays on through the part's end. A loop is a segment seek:
    /// at the part's end the demuxer posts SEGMENT_DONE instead of going
    /// on, and a seek back to its start that does not flush queues the
    /// start behind frames still on their way, so the join shows every
    /// frame once. Turning it off keeps the segment: at its end playback
    /// goes on the same way, with no jump now.
    public func setLoop(_ part: Range<Double>?, entry: Double? = nil) {
        loop = part
        Trace.shared.event(.playerLoop, ["start": part?.lowerBound ?? -1, "stop": part?.upperBound ?? -1])
        guard let part else { return }
        send(.seek(to: entry ?? part.lowerBound, accurate: true))
    }

    /// The segment ended: back to the loop's start, or on to the end.
    /// The demuxer runs ahead of what is shown (by up to the part's length
    /// as queued), so the seek has time; it is made off the main thread,
    /// as it waits on the streaming thread for some 30 ms, during which
    /// the main thread would show no frame.
    private func segmentDone() {
        guard let stop = segmentStop else { return }
        if let loop {
            segmentStop = loop.upperBound
            seekOffMainThread(flags: GST_SEEK_FLAG_SEGMENT.rawValue | GST_SEEK_FLAG_ACCURATE.rawValue,
                              start: loop.lowerBound, stop: loop.upperBound)
            Trace.shared.event(.playerLoopJoin, ["start": loop.lowerBound, "stop": loop.upperBound])
        } else {
            segmentStop = nil
            seekOffMainThread(flags: GST_SEEK_FLAG_ACCURATE.rawValue, start: stop, stop: nil)
        }
    }

    /// The stop of a seek about to be made: the loop's end, or no stop
    /// where one was set before, else left as it is (a live stream's
    /// demuxer is happier without one).
    private func takeStop() -> (GstSeekType, gint64) {
        if let segmentStop {
            stopToClear = true
            return (GST_SEEK_TYPE_SET, gint64(segmentStop * 1e9))
        }
        defer { stopToClear = false }
        return stopToClear ? (GST_SEEK_TYPE_SET, -1) : (GST_SEEK_TYPE_NONE, 0)
    }

    /// A seek that does not flush, run on GStreamer's own thread pool.
    private func seekOffMainThread(flags: UInt32, start: Double, stop: Double?) {
        stopToClear = stop != nil
        let event = gst_event_new_seek(segmentRate, GST_FORMAT_TIME, GstSeekFlags(flags), GST_SEEK_TYPE_SET, gint64(start * 1e9),
                                       GST_SEEK_TYPE_SET, stop.map { gint64($0 * 1e9) } ?? -1)
        gst_element_call_async(playbin, { element, event in
            _ = gst_element_send_event(element, event?.assumingMemoryBound(to: GstEvent.self))
        }, event, nil)
    }

    /// Changes speed without a jump: an instant rate change where the
    /// pipeline supports it, else a flushing seek to where it is now.
    public func setRate(_ newRate: Double) {
        guard newRate > 0, abs(newRate - rate) > 0.001 else { return }
        rate = newRate
        // An instant change keeps the segment, but only when its flags
        // are the segment's own (a loop's SEGMENT flag).
        let segment = segmentStop == nil ? 0 : GST_SEEK_FLAG_SEGMENT.rawValue
        let instant = gst_element_seek(playbin, newRate, GST_FORMAT_TIME,
                                       GstSeekFlags(GST_SEEK_FLAG_INSTANT_RATE_CHANGE.rawValue | segment),
                                       GST_SEEK_TYPE_NONE, 0, GST_SEEK_TYPE_NONE, 0) != 0
        if !instant, let position {
            let flags = GST_SEEK_FLAG_FLUSH.rawValue | GST_SEEK_FLAG_ACCURATE.rawValue | segment
            let (stopType, stop) = takeStop()
            segmentRate = newRate
            _ = gst_element_seek(playbin, newRate, GST_FORMAT_TIME, GstSeekFlags(flags), GST_SEEK_TYPE_SET, gint64(position * 1e9),
                                 stopType, stop)
        }
        Trace.shared.event(.playerRate, ["rate": newRate, "instant": instant ? 1 : 0])
    }

    /// One frame forward (a step event) or back (a seek one frame period
    /// earlier); pauses first, as frame stepping only makes sense paused.
    public func step(forward: Bool) {
        if session.wantsPlaying { pause() }
        if forward {
            let event = gst_event_new_step(GST_FORMAT_BUFFERS, 1, 1, 1, 0)
            _ = gst_element_send_event(playbin, event)
        } else if let position {
            seek(to: max(0, position - frameDuration), accurate: true)
        }
        Trace.shared.event(.playerStep, ["forward": forward ? 1 : 0])
    }

    /// Volume on the cubic scale people hear (0...1).
    public var volume: Double {
        get { gst_stream_volume_get_volume(streamVolume, GST_STREAM_VOLUME_FORMAT_CUBIC) }
        set { gst_stream_volume_set_volume(streamVolume, GST_STREAM_VOLUME_FORMAT_CUBIC, VolumeLevel.clamped(newValue)) }
    }

    public var isMuted: Bool {
        get { gst_stream_volume_get_mute(streamVolume) != 0 }
        set { gst_stream_volume_set_mute(streamVolume, newValue ? 1 : 0) }
    }

    private var streamVolume: OpaquePointer { OpaquePointer(playbin) }

    // MARK: Queries

    public var position: Double? {
        var value: gint64 = 0
        let answered = gst_element_query_position(playbin, GST_FORMAT_TIME, &value) != 0 && value >= 0
        return session.position(answered: answered ? Double(value) / 1e9 : nil)
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
        guard let info = sink.videoInfo, info.fps_n > 0 else { return 1.0 / 30 }
        return Double(info.fps_d) / Double(info.fps_n)
    }


    /// Frames that came too late to show, or were never shown.
    public var droppedFrames: Int {
        let dropped = sink.droppedFrames
        return dropped.late + dropped.unshown
    }

    /// For the statistics view.
    public var statistics: PlaybackStatistics {
        let info = sink.videoInfo
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
            droppedFrames: droppedFrames, bufferLevel: level,
            hasAudioOutput: hasAudioOutput,
            variant: info.flatMap { manifest?.variant(forHeight: Int($0.height)) },
            bandwidth: demuxer.bandwidth,
            pixels: sink.pixelFormats.map { .init(decoded: $0.decoded, converted: $0.converted) },
            interlaced: sink.isInterlaced, telecined: sink.isTelecined, hdr: sink.hdrTransfer)
    }

    // MARK: Bus

    private func handle(_ message: UnsafeMutablePointer<GstMessage>) {
        switch message.pointee.type {
        case GST_MESSAGE_ERROR: handleError(message)
        case GST_MESSAGE_ELEMENT: handleElement(message)
        case GST_MESSAGE_EOS: send(.endOfStream)
        case GST_MESSAGE_SEGMENT_DONE: segmentDone()
        case GST_MESSAGE_STATE_CHANGED: handleStateChanged(message)
        case GST_MESSAGE_BUFFERING:
            var percent: gint = 0
            gst_message_parse_buffering(message, &percent)
            send(.buffering(percent: Int(percent)))
        case GST_MESSAGE_DURATION_CHANGED: reportDuration()
        case GST_MESSAGE_ASYNC_DONE: send(.asyncDone)
        case GST_MESSAGE_CLOCK_LOST: send(.clockLost)
        case GST_MESSAGE_TAG: handleTags(message)
        case GST_MESSAGE_STREAMS_SELECTED: handleStreamsSelected(message)
        case GST_MESSAGE_TOC:
            chapters = TOCReader.chapters(of: message)
            onEvent?(.chapters(chapters))
        default: break
        }
    }

    private func handleError(_ message: UnsafeMutablePointer<GstMessage>) {
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
        Trace.shared.event(.playerBusError, ["domain": failure?.domain ?? "", "code": Int(failure?.code ?? 0),
                                                "message": failure?.message ?? "", "debug": String(debugText.suffix(200))])
        if gaveUpOnHardwareDecoding(source: message.pointee.src, failure: failure) {
            return send(.hardwareDecoderFailed)
        }
        send(.error(PlaybackSession.PipelineError(problem: MediaProbe.problem(for: failure, isLocal: isLocal),
                                                  httpStatus: httpStatus, debugText: debugText)))
    }

    /// A hardware decoder failed: its own error, or the stream failing
    /// behind one (a decoder that returns an error makes its upstream say
    /// "Internal data stream error", and decodebin at times drops the
    /// decoder's own message while it is still putting the chain
    /// together). Those decoders are left out from now on, and the session
    /// opens the video again in software.
    private func gaveUpOnHardwareDecoding(source: UnsafeMutablePointer<GstObject>?, failure: GLibError?) -> Bool {
        if let source, g_type_check_instance_is_a(UnsafeMutableRawPointer(source).assumingMemoryBound(to: GTypeInstance.self),
                                                  gst_element_get_type()) != 0,
           DecoderRanks.giveUp(on: UnsafeMutableRawPointer(source).assumingMemoryBound(to: GstElement.self)) {
            return true
        }
        guard let failure, failure.domain == String(cString: g_quark_to_string(gst_stream_error_quark())),
              failure.code == Int32(GST_STREAM_ERROR_FAILED.rawValue) else { return false }
        let decoders = DecoderRanks.hardwareDecoders(in: playbin)
        defer { decoders.forEach { gst_object_unref(UnsafeMutableRawPointer($0)) } }
        return decoders.reduce(false) { gaveUp, decoder in DecoderRanks.giveUp(on: decoder) || gaveUp }
    }

    private func handleElement(_ message: UnsafeMutablePointer<GstMessage>) {
        guard gst_is_missing_plugin_message(message) != 0,
              let description = String(consumingGString: gst_missing_plugin_message_get_description(message)) else { return }
        send(.missingPlugin(description))
    }

    private func handleStateChanged(_ message: UnsafeMutablePointer<GstMessage>) {
        guard UnsafeMutableRawPointer(message.pointee.src) == UnsafeMutableRawPointer(playbin) else { return }
        var old = GST_STATE_NULL, new = GST_STATE_NULL
        gst_message_parse_state_changed(message, &old, &new, nil)
        if old == GST_STATE_READY && new == GST_STATE_PAUSED {
            let live = gst_element_get_state(playbin, nil, nil, 0) == GST_STATE_CHANGE_NO_PREROLL
            // playbin3 counts no streams; adaptive streams are video.
            send(.prerolled(live: live, videoStreams: isAdaptive ? nil : videoStreamCount,
                            audioStreams: Int(PropertyValue.get(from: playbin, "n-audio")?.intValue ?? 0)))
        } else if new == GST_STATE_PLAYING {
            send(.playing)
        } else if new == GST_STATE_PAUSED {
            send(.paused)
        }
    }

    private func handleTags(_ message: UnsafeMutablePointer<GstMessage>) {
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
        let described = Player.mediaTags(tags)
        gst_tag_list_unref(tags)
        let merged = self.tags.merged(with: described)
        if merged != self.tags {
            self.tags = merged
            onEvent?(.tags(merged))
        }
    }

    /// Title, artist and the cover's encoded bytes ("image", else a
    /// "preview-image") of one tag message.
    private static func mediaTags(_ tags: UnsafeMutablePointer<GstTagList>) -> MediaTags {
        func string(_ name: String) -> String? {
            var text: UnsafeMutablePointer<gchar>?
            guard gst_tag_list_get_string(tags, name, &text) != 0, let text else { return nil }
            defer { g_free(text) }
            return String(cString: text)
        }
        var cover: [UInt8]?
        for name in ["image", "preview-image"] where cover == nil {
            var sample: OpaquePointer?
            guard gst_tag_list_get_sample(tags, name, &sample) != 0, let sample else { continue }
            defer { gst_sample_unref(sample) }
            guard let buffer = gst_sample_get_buffer(sample) else { continue }
            var map = GstMapInfo()
            guard gst_buffer_map(buffer, &map, GST_MAP_READ) != 0 else { continue }
            cover = Array(UnsafeBufferPointer(start: map.data, count: Int(map.size)))
            gst_buffer_unmap(buffer, &map)
        }
        return MediaTags(title: string("title"), artist: string("artist"), cover: cover)
    }

    // MARK: The session's actions

    /// Hands `event` to the session and carries out what it decides.
    private func send(_ event: PlaybackSession.Event) {
        for action in session.handle(event) { perform(action) }
    }

    private func perform(_ action: PlaybackSession.Action) {
        switch action {
        case .setPipeline(let target): gst_element_set_state(playbin, Player.gstState(target))
        case .confirmPlaying: confirmPlaying()
        case .seek(let to, let accurate): seekPipeline(to: to, accurate: accurate)
        case .checkConnection: checkConnection()
        case .scheduleRetry(let delay):
            retry = MainContext.after(milliseconds: UInt32(delay * 1000)) { [weak self] in
                self?.retry = nil
                self?.send(.retryDue)
            }
        case .publish(let state):
            Trace.shared.event(.playerState, ["state": state.rawValue])
            onEvent?(.state(state))
            if state == .playing || state == .paused { switchStreams(.opened) }
        case .showBuffering(let percent): onEvent?(.buffering(percent))
        case .reportDuration: reportDuration()
        case .reportSeekDone: onEvent?(.seekDone)
        case .fail(let problem):
            Trace.shared.event(.playerError, ["kind": problem.kind, "detail": problem.detail])
            onEvent?(.failure(problem))
        case .connectionLost(let resumeAt): Trace.shared.event(.playerConnectionLost, ["position": resumeAt ?? -1])
        case .retrying(let attempt): Trace.shared.event(.playerReconnect, ["attempt": attempt])
        case .reconnected: Trace.shared.event(.playerReconnected, ["position": position ?? -1])
        case .decodingInSoftware(let resumeAt): Trace.shared.event(.playerSoftwareDecoding, ["resume": resumeAt ?? 0])
        }
    }

    private static func gstState(_ target: PlaybackSession.Target) -> GstState {
        switch target {
        case .null: return GST_STATE_NULL
        case .paused: return GST_STATE_PAUSED
        case .playing: return GST_STATE_PLAYING
        }
    }

    /// Still PLAYING (the stall began before a state change went through):
    /// no state change will say it plays, so say it here.
    private func confirmPlaying() {
        var current = GST_STATE_NULL, pending = GST_STATE_NULL
        if gst_element_get_state(playbin, &current, &pending, 0) == GST_STATE_CHANGE_SUCCESS, current == GST_STATE_PLAYING {
            send(.playing)
        }
    }

    /// A flushing seek, within the duration or the live window.
    private func seekPipeline(to seconds: Double, accurate: Bool) {
        var target = max(0, seconds)
        if let duration { target = min(target, duration) }
        if let window = liveWindow { target = LiveEdge.seekTarget(target, window: window) }
        var flags = GST_SEEK_FLAG_FLUSH.rawValue | (accurate ? GST_SEEK_FLAG_ACCURATE.rawValue
                                                    : GST_SEEK_FLAG_KEY_UNIT.rawValue | GST_SEEK_FLAG_SNAP_NEAREST.rawValue)
        // Inside a loop the segment stops at its end (setLoop).
        if let part = loop, !part.contains(target) { loop = nil }
        segmentStop = loop?.upperBound
        if segmentStop != nil { flags |= GST_SEEK_FLAG_SEGMENT.rawValue }
        cues.clear()
        pictures.clear()
        let (stopType, stop) = takeStop()
        segmentRate = rate
        _ = gst_element_seek(playbin, rate, GST_FORMAT_TIME, GstSeekFlags(flags), GST_SEEK_TYPE_SET, gint64(target * 1e9),
                             stopType, stop)
        Trace.shared.event(.playerSeek, ["target": target, "accurate": accurate ? 1 : 0])
    }

    /// Asks GIO whether the server is there (libsoup's error does not say).
    private func checkConnection() {
        ConnectionCheck.diagnose(uri) { [weak self] outcome in
            switch outcome {
            case .reachable: self?.send(.connectionChecked(.reachable))
            case .failed(let reason): self?.send(.connectionChecked(.unreachable(reason)))
            case .unknown: self?.send(.connectionChecked(.unknown))
            }
        }
    }

    /// playbin3 (HLS and DASH) lists no streams through playbin's
    /// properties; its "streams selected" says which flow, with their tags.
    private func handleStreamsSelected(_ message: UnsafeMutablePointer<GstMessage>) {
        var streams: [MediaTrack] = []
        for i in 0..<gst_message_streams_selected_get_size(message) {
            guard let stream = gst_message_streams_selected_get_stream(message, i) else { continue }
            defer { gst_object_unref(UnsafeMutableRawPointer(stream)) }
            guard gst_stream_get_stream_type(stream).rawValue & GST_STREAM_TYPE_TEXT.rawValue != 0 else { continue }
            var language: String?, title: String?
            if let tags = gst_stream_get_tags(stream) {
                language = Player.string(tags, "language-code") ?? Player.string(tags, "language-name")
                title = Player.string(tags, "title")
                gst_tag_list_unref(tags)
            }
            streams.append(MediaTrack(index: streams.count, language: language, title: title))
        }
        guard streams != selectedTextStreams else { return }
        selectedTextStreams = streams
        onEvent?(.tracks)
    }

    /// One report of changed streams for many of playbin's signals.
    func reportTracks() {
        guard tracksReport == nil, busWatch != nil else { return }
        tracksReport = MainContext.soon { [weak self] in
            self?.tracksReport = nil
            self?.onEvent?(.tracks)
        }
    }

    private func reportDuration() {
        if let duration { onEvent?(.duration(duration)) }
    }

    private func fetchManifest() {
        RemoteFile.fetch(uri, timeoutSeconds: 10, maxBytes: 4 << 20) { [weak self] result in
            guard let self else { return }
            self.textTracksKnown = true
            guard case .success(let bytes) = result else { return self.reportTracks() }
            let text = String(decoding: bytes, as: UTF8.self)
            let parsed = StreamManifest.kind(ofAddress: self.uri) == .dash ? StreamManifest.parseDASH(text) : StreamManifest.parseHLS(text)
            guard let parsed else { return self.reportTracks() }
            self.manifest = parsed
            self.demuxer.setMaxBitrate(self.quality.maxBitrate(in: parsed))
            Trace.shared.event(.playerManifest, ["variants": parsed.variants.count, "live": parsed.isLive ? 1 : 0])
            self.onEvent?(.manifest(parsed))
            // The Subtitles menu lists the renditions it names.
            self.reportTracks()
        }
    }
}
