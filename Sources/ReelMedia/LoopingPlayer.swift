import CGLib
import CGst
import Foundation
import GLibKit
import ReelCore

/// The preview strip's pipeline: clips back to back through one playbin,
/// forever. The next clip is queued from `about-to-finish`, before the
/// current one ends, so the boundary (the wrap from last to first included)
/// has no gap and no black frame. Muted, it has no audio branch at all, so no
/// sound-server stream exists; unmuting rebuilds the pipeline with one, at
/// the same clip and position. Commands and callbacks on the main thread.
public final class LoopingPlayer {
    public let sink: VideoSink
    public private(set) var isMuted = true
    public private(set) var rate: Double = 1
    public private(set) var isPaused = false
    /// What the strip's pipeline reports, to its one observer.
    public enum Event {
        /// A clip started (index in the clip list).
        case clip(index: Int, uri: String)
        /// No clip can play (each is missing, damaged or not a file): the
        /// strip has nothing to show.
        case nothingPlayable
    }

    public var onEvent: ((Event) -> Void)?

    private var playbin: UnsafeMutablePointer<GstElement>
    private var busWatch: BusWatch?
    private let state: QueueState

    /// `muted` false starts with the sound on (the person's setting).
    public init(clips: [String], muted: Bool = true, sink: VideoSink = VideoSink(deinterlacing: false)) {
        self.sink = sink
        var queue = LoopingQueue(clips: clips)
        // A pipe, a device or a missing file is left out before anything
        // opens it: opening a pipe would block the main thread for good.
        for clip in clips where MediaLocator.isLocal(clip) {
            if let problem = MediaProbe.checkLocalFile(clip) {
                queue.markBroken(clip)
                Trace.shared.event(.stripSkipped, ["uri": clip, "problem": problem.kind])
            }
        }
        state = QueueState(queue)
        isMuted = muted
        playbin = LoopingPlayer.makePipeline(muted: muted, sink: sink, state: state)
        watchBus()
        if let first = state.current { begin(first.uri) }
    }

    deinit {
        tearDown()
        Trace.shared.event(.stripStopped)
    }

    /// Muted, `playbin` with no audio branch: gapless and with instant rate
    /// changes. With sound, `playbin3`: playbin (1.22) hangs at a gapless
    /// switch between clips that have both sound and picture (reproduced
    /// with fakesinks), and playbin3 has no instant rate change, so at 2x
    /// with sound each clip starts with a seek.
    private static func makePipeline(muted: Bool, sink: VideoSink, state: QueueState) -> UnsafeMutablePointer<GstElement> {
        let playbin = gst_element_factory_make(muted ? "playbin" : "playbin3", "reel-strip")!
        _ = gst_object_ref_sink(UnsafeMutableRawPointer(playbin))
        PropertyValue.object(sink.element).set(on: playbin, "video-sink")
        let flags = muted ? "video+native-video" : "video+audio+soft-volume+native-video"
        gst_util_set_object_arg(UnsafeMutableRawPointer(playbin).assumingMemoryBound(to: GObject.self), "flags", flags)
        if !muted {
            // Tagged like the player's stream, under a name of its own.
            let output = AudioOutput.make(streamName: "Preview")
            PropertyValue.object(output.element).set(on: playbin, "audio-sink")
            gst_object_unref(UnsafeMutableRawPointer(output.element))
        } else if let none = gst_element_factory_make("fakesink", "reel-no-audio") {
            // Never linked (no audio flag), but without an audio sink of its
            // own playbin tries every installed one on the clips' sound
            // (OpenAL, OSS, JACK…), and some print their errors on stderr.
            PropertyValue.object(none).set(on: playbin, "audio-sink")
        }
        Signals.connect(UnsafeMutableRawPointer(playbin), "about-to-finish") { [state, playbin] _ in
            // A streaming thread: queue the next clip right here, as playbin
            // requires for gapless playback. Not while the main thread is
            // changing the pipeline's state (it holds playbin's lock and
            // waits for this very thread).
            guard let next = state.advanceIfOpen() else { return }
            PropertyValue.string(next.uri).set(on: playbin, "uri")
            Trace.shared.event(.stripQueued, ["index": next.index])
        }
        return playbin
    }

    private func watchBus() {
        busWatch = BusWatch(element: playbin) { [weak self] message in self?.handle(message) }
    }

    private func tearDown() {
        startWatch?.remove()
        startWatch = nil
        busWatch = nil
        state.setOpen(false)
        gst_element_set_state(playbin, GST_STATE_NULL)
        gst_object_unref(UnsafeMutableRawPointer(playbin))
        sink.setDiscarding(false)
    }

    public var clipCount: Int { state.count }
    /// At least one clip is left to play.
    public var isPlayable: Bool { state.current != nil }

    public func pause() {
        guard !isPaused else { return }
        isPaused = true
        guard isPlayable else { return }
        gst_element_set_state(playbin, GST_STATE_PAUSED)
        Trace.shared.event(.stripPaused, ["position": position ?? -1])
    }

    /// Paused with its pipeline stopped: the decoder, its frames and the
    /// queued data are freed (a paused 1080p clip holds about 60 MB), and
    /// `resume()` opens the clip again at the same frame. For while another
    /// video plays, which would otherwise keep two decoders in memory.
    public private(set) var isSuspended = false

    public func suspend() {
        guard !isSuspended, isPlayable else { return }
        let playing = position
        isPaused = true
        isSuspended = true
        waking = false
        startWatch?.remove()
        startWatch = nil
        state.setOpen(false)
        gst_element_set_state(playbin, GST_STATE_NULL)
        // Where to come back: the newest frame the sink took, read once the
        // streaming has stopped (the position lags it by the pipeline's
        // latency); a strip suspended again before it came back goes on
        // from the same place.
        let at = resumeAt ?? sink.newestFramePosition ?? playing
        resumeAt = at
        Trace.shared.event(.stripPaused, ["position": at ?? -1, "suspended": 1])
    }

    public func resume() {
        guard isPaused else { return }
        isPaused = false
        guard isPlayable else { return }
        guard isSuspended else {
            gst_element_set_state(playbin, GST_STATE_PLAYING)
            Trace.shared.event(.stripResumed, ["position": position ?? -1])
            return
        }
        // Prerolled paused, then sought to where it was, then played: the
        // clip's first frame, prerolled before the seek, is never shown.
        isSuspended = false
        waking = true
        sink.setDiscarding(resumeAt != nil)
        if let playing = state.rewindToPlaying() { PropertyValue.string(playing.uri).set(on: playbin, "uri") }
        state.setOpen(true)
        gst_element_set_state(playbin, GST_STATE_PAUSED)
    }

    /// Sound on or off. Off removes the audio branch (no stream on the
    /// sound server); on adds it. Either way playback goes on from the same
    /// clip and position.
    public func setMuted(_ muted: Bool) {
        guard muted != isMuted, isPlayable, !isSuspended else { return }
        isMuted = muted
        let at = position
        tearDown()
        playbin = LoopingPlayer.makePipeline(muted: muted, sink: sink, state: state)
        watchBus()
        // The clip on screen (the queue may already point at the next one).
        if let playing = state.rewindToPlaying() { PropertyValue.string(playing.uri).set(on: playbin, "uri") }
        resumeAt = at
        state.setOpen(true)
        gst_element_set_state(playbin, isPaused ? GST_STATE_PAUSED : GST_STATE_PLAYING)
        Trace.shared.event(.stripSound, ["on": muted ? 0 : 1])
    }

    /// 1x or 2x, without a jump (an instant rate change; each new clip's
    /// segment gets it again when it starts).
    public func setRate(_ newRate: Double) {
        rate = newRate
        applyRate()
        Trace.shared.event(.stripRate, ["rate": newRate])
    }

    public var position: Double? {
        var value: gint64 = 0
        guard gst_element_query_position(playbin, GST_FORMAT_TIME, &value) != 0, value >= 0 else { return nil }
        return Double(value) / 1e9
    }

    private var resumeAt: Double?
    /// Coming back from a suspend: playing (and saying so) once prerolled
    /// where it was.
    private var waking = false
    /// Gives up on a clip that does not start (see `begin`).
    private var startWatch: SourceID?

    /// An instant rate change where the pipeline has one (muted); else a
    /// flushing seek to where the clip is, at the new rate.
    private func applyRate() {
        let instant = gst_element_seek(playbin, rate, GST_FORMAT_TIME, GST_SEEK_FLAG_INSTANT_RATE_CHANGE,
                                       GST_SEEK_TYPE_NONE, 0, GST_SEEK_TYPE_NONE, 0) != 0
        guard !instant else { return }
        let flags = GstSeekFlags(GST_SEEK_FLAG_FLUSH.rawValue | GST_SEEK_FLAG_ACCURATE.rawValue)
        _ = gst_element_seek(playbin, rate, GST_FORMAT_TIME, flags, GST_SEEK_TYPE_SET,
                             gint64((position ?? 0) * 1e9), GST_SEEK_TYPE_NONE, 0)
    }

    private func handle(_ message: UnsafeMutablePointer<GstMessage>) {
        switch message.pointee.type {
        case GST_MESSAGE_STREAM_START:
            startWatch?.remove()
            startWatch = nil
            guard let current = state.started() else { return }
            if rate != 1 { applyRate() }
            Trace.shared.event(.stripClip, ["index": current.index, "uri": current.uri])
            onEvent?(.clip(index: current.index, uri: current.uri))
        case GST_MESSAGE_ASYNC_DONE:
            if let at = resumeAt {
                // Flushing: the sought frame prerolls, and another ASYNC_DONE
                // follows. Rounded: a frame's time truncated to whole
                // nanoseconds falls inside the frame before, which an
                // accurate seek would then show first.
                resumeAt = nil
                sink.setDiscarding(false)
                _ = gst_element_seek(playbin, rate, GST_FORMAT_TIME,
                                     GstSeekFlags(GST_SEEK_FLAG_FLUSH.rawValue | GST_SEEK_FLAG_ACCURATE.rawValue),
                                     GST_SEEK_TYPE_SET, gint64((at * 1e9).rounded()), GST_SEEK_TYPE_NONE, 0)
            } else if waking {
                waking = false
                if !isPaused { gst_element_set_state(playbin, GST_STATE_PLAYING) }
                Trace.shared.event(.stripResumed, ["position": position ?? -1])
            }
        case GST_MESSAGE_ERROR:
            guard let current = state.current else { return }
            let source = String(consumingGString: gst_object_get_name(message.pointee.src)) ?? ""
            Trace.shared.event(.stripError, ["index": current.index, "source": source,
                                               "message": GLibError(errorOf: message)?.message ?? ""])
            skipBroken(current.uri)
        default:
            break
        }
    }

    /// Plays `uri` from the start; a clip that has not started within
    /// `startTimeout` counts as broken (decodebin at times drops a demuxer's
    /// error, and the clip then never starts nor fails).
    private func begin(_ uri: String) {
        PropertyValue.string(uri).set(on: playbin, "uri")
        gst_element_set_state(playbin, isPaused ? GST_STATE_PAUSED : GST_STATE_PLAYING)
        startWatch?.remove()
        startWatch = MainContext.after(milliseconds: LoopingPlayer.startTimeout) { [weak self] in
            guard let self, let current = self.state.current, current.uri == uri else { return }
            self.startWatch = nil
            Trace.shared.event(.stripError, ["index": current.index, "message": "did not start"])
            self.skipBroken(uri)
        }
    }

    static let startTimeout: UInt32 = 8000

    /// A broken clip leaves the loop; the others go on, in a new pipeline: a
    /// failing clip posts its errors in a burst (the demuxer's, then the
    /// stream's, some held back by decodebin and posted later), and the rest
    /// of the burst must not reach the next clip and mark it broken before it
    /// ever plays.
    private func skipBroken(_ uri: String) {
        state.markBroken(uri)
        resumeAt = nil
        waking = false
        tearDown()
        playbin = LoopingPlayer.makePipeline(muted: isMuted, sink: sink, state: state)
        watchBus()
        state.setOpen(true)
        if let next = state.current {
            begin(next.uri)
        } else {
            Trace.shared.event(.stripNothingPlayable)
            onEvent?(.nothingPlayable)
        }
    }

    /// The queue, shared with the streaming thread that asks for the next clip.
    private final class QueueState: @unchecked Sendable {
        private let lock = NSLock()
        private var queue: LoopingQueue
        init(_ queue: LoopingQueue) { self.queue = queue }

        var count: Int { queue.clips.count }

        var current: (index: Int, uri: String)? {
            lock.lock(); defer { lock.unlock() }
            guard let index = queue.current else { return nil }
            return (index, queue.clips[index])
        }

        private var open = true
        /// The clip that started playing last (the queue runs ahead of it).
        private var playing: Int?

        /// The clip to queue next, unless the main thread is changing the
        /// pipeline's state. (Not held while playbin takes the URI: its own
        /// lock must not wait on ours.)
        func advanceIfOpen() -> (index: Int, uri: String)? {
            lock.lock(); defer { lock.unlock() }
            guard open else { return nil }
            // After a seek within a clip whose successor is queued already,
            // playbin asks again: hand it the same clip, do not skip one.
            let alreadyQueued = playing != nil && queue.current != playing
            guard alreadyQueued || queue.advance() != nil, let index = queue.current else { return nil }
            return (index, queue.clips[index])
        }

        func setOpen(_ value: Bool) {
            lock.lock(); defer { lock.unlock() }
            open = value
        }

        /// A clip started: the one the queue points at.
        func started() -> (index: Int, uri: String)? {
            lock.lock(); defer { lock.unlock() }
            guard let index = queue.current else { return nil }
            playing = index
            return (index, queue.clips[index])
        }

        /// Points the queue back at the clip on screen.
        func rewindToPlaying() -> (index: Int, uri: String)? {
            lock.lock(); defer { lock.unlock() }
            if let playing { queue.restart(at: playing) }
            guard let index = queue.current else { return nil }
            return (index, queue.clips[index])
        }

        func markBroken(_ uri: String) {
            lock.lock(); defer { lock.unlock() }
            queue.markBroken(uri)
        }
    }
}
