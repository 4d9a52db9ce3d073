import CGLib
import CGst
import Foundation
import GLibKit
import ReelCore

/// One recording: the camera's frames (pushed in from the camera pipeline)
/// and the microphone, encoded and written to a file, in a pipeline of its
/// own so that a failing disk never stops the preview. MP4 is written
/// fragmented (a fragment a second), so a crash keeps all but the last
/// second, and is rewritten as a plain MP4 after a normal stop. Commands and
/// callbacks on the main thread; `push` on the camera's streaming thread.
public final class Recorder: @unchecked Sendable {
    public enum Outcome: Equatable, Sendable {
        /// Saved and finished; `withSound` false when there was no microphone.
        case saved(withSound: Bool)
        /// Stopped by a fault; whatever reached the disk is kept (`kept`).
        case failed(CaptureProblem, kept: Bool)
    }

    /// Where it is written: a hidden file while recording (see
    /// CaptureFile.reserve(hidden:)), its visible name once finished.
    public private(set) var path: String
    public let format: RecordingFormat
    public let hasSound: Bool
    /// Main thread, once.
    public var onFinished: ((Outcome) -> Void)?

    private let pipeline: UnsafeMutablePointer<GstElement>
    private let appsrc: UnsafeMutablePointer<GstElement>
    private var microphone: UnsafeMutablePointer<GstElement>?
    private var busWatch: BusWatch?
    private let lock = NSLock()
    /// Camera running time + offset = this pipeline's running time.
    private var offset: Int64?
    private var accepting = false
    private var capsSet = false
    private var frames = 0
    private var dropped = 0
    /// The first and last written frames' times (this pipeline's running
    /// time, nanoseconds).
    private var firstTime: Int64?
    private var lastTime: Int64?
    private var outcome: Outcome?
    /// At most this many frames wait for the encoder (1 s at 30 fps):
    /// beyond that the machine cannot keep up and frames are dropped,
    /// counted, rather than memory growing.
    private static let queuedFramesLimit: UInt32 = 30

    /// Builds the pipeline; throws when an element is missing. `microphone`
    /// nil: a video-only recording.
    public init(path: String, format: RecordingFormat, mode: CameraMode, microphone device: CaptureDevice?) throws {
        self.path = path
        self.format = format
        let source = device?.makeSource()
        hasSound = source != nil
        let bitrate = RecordingFormat.videoBitrate(width: mode.width, height: mode.height, framesPerSecond: mode.framesPerSecond)
        func element(_ name: String, _ properties: [String: String]) -> String {
            ([name] + properties.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }).joined(separator: " ")
        }
        let muxerProperties = format.spec.recordingMuxerProperties
        let fragmented = muxerProperties.isEmpty ? "" : " " + muxerProperties
        var description = "appsrc name=video format=time is-live=true do-timestamp=false max-buffers=\(Recorder.queuedFramesLimit)"
            + " ! queue max-size-buffers=0 max-size-bytes=0 max-size-time=2000000000 ! videoconvert ! video/x-raw,format=I420 ! "
            + element(format.videoEncoder, format.videoEncoderProperties(bitrate: bitrate, framesPerSecond: mode.framesPerSecond))
            + (format.videoParser.map { " ! \($0)" } ?? "")
            // Unbuffered: each fragment goes to the kernel as the muxer writes
            // it, not into a 64 kB buffer that a crash would take with it.
            + " ! queue ! \(format.muxer) name=mux\(fragmented) ! filesink name=file buffer-mode=unbuffered"
        if source != nil {
            description += " queue name=sound max-size-time=2000000000 ! audioconvert ! audioresample ! "
                + element(format.audioEncoder, format.audioEncoderProperties)
                + (format.audioParser.map { " ! \($0)" } ?? "") + " ! queue ! mux."
        }
        let made = try GLibError.check { gst_parse_launch(description, $0) }
        guard let made else { throw GLibError(domain: "reel", code: 0, message: "empty pipeline") }
        _ = gst_object_ref_sink(UnsafeMutableRawPointer(made))
        pipeline = made
        let bin: UnsafeMutablePointer<GstBin> = cast(made)
        appsrc = gst_bin_get_by_name(bin, "video")!
        gst_object_unref(UnsafeMutableRawPointer(appsrc))
        let file = gst_bin_get_by_name(bin, "file")!
        PropertyValue.string(path).set(on: file, "location")
        gst_object_unref(UnsafeMutableRawPointer(file))
        // Both pipelines run on the system clock, so the camera's running
        // time maps onto this one's by the difference of base times.
        let clock = gst_system_clock_obtain()!
        gst_pipeline_use_clock(cast(made), clock)
        gst_object_unref(UnsafeMutableRawPointer(clock))
        if let source {
            let queue = gst_bin_get_by_name(bin, "sound")!
            _ = gst_bin_add(bin, source)
            _ = gst_element_link(source, queue)
            gst_object_unref(UnsafeMutableRawPointer(queue))
            microphone = source
        }
        busWatch = BusWatch(element: made) { [weak self] message in self?.handle(message) }
    }

    deinit {
        busWatch = nil
        gst_element_set_state(pipeline, GST_STATE_NULL)
        gst_object_unref(UnsafeMutableRawPointer(pipeline))
    }

    /// Starts writing. `cameraBaseTime`: the camera pipeline's base time.
    public func start(cameraBaseTime: GstClockTime) -> Bool {
        guard gst_element_set_state(pipeline, GST_STATE_PLAYING) != GST_STATE_CHANGE_FAILURE else { return false }
        let base = gst_element_get_base_time(pipeline)
        lock.lock()
        offset = Int64(bitPattern: UInt64(cameraBaseTime)) - Int64(bitPattern: UInt64(base))
        accepting = true
        lock.unlock()
        Trace.shared.event(.recordingStarted, ["path": path, "sound": hasSound])
        return true
    }

    /// A camera frame (streaming thread). Frames from before the start are
    /// left out; the buffer's memory is shared, not copied.
    func push(_ buffer: UnsafeMutablePointer<GstBuffer>, caps: UnsafeMutablePointer<GstCaps>) {
        lock.lock()
        defer { lock.unlock() }
        guard accepting, let offset, buffer.pointee.pts != GstClockTime.max else { return }
        let time = Int64(bitPattern: UInt64(buffer.pointee.pts)) + offset
        guard time >= 0 else { return }
        let app: UnsafeMutablePointer<GstAppSrc> = cast(appsrc)
        if !capsSet {
            gst_app_src_set_caps(app, caps)
            capsSet = true
        }
        if gst_app_src_get_current_level_buffers(app) >= Recorder.queuedFramesLimit {
            dropped += 1
            return
        }
        guard let copy = gst_buffer_copy(buffer) else { return }
        copy.pointee.pts = GstClockTime(time)
        copy.pointee.dts = GstClockTime.max
        _ = gst_app_src_push_buffer(app, copy)
        frames += 1
        if firstTime == nil { firstTime = time }
        lastTime = time
    }

    /// Seconds between the first and the last frame written, by their own
    /// timestamps (0 before the second frame).
    public var recordedSeconds: Double {
        lock.lock()
        defer { lock.unlock() }
        guard let firstTime, let lastTime else { return 0 }
        return Double(lastTime - firstTime) / 1e9
    }

    /// Frames written and dropped so far.
    public var counts: (frames: Int, dropped: Int) {
        lock.lock()
        defer { lock.unlock() }
        return (frames, dropped)
    }

    /// Ends the recording normally: the streams end, the muxer finishes the
    /// file, and an MP4 is made plain. `onFinished` follows.
    public func stop() {
        lock.lock()
        let wasAccepting = accepting
        accepting = false
        lock.unlock()
        guard wasAccepting else { return }
        _ = gst_app_src_end_of_stream(cast(appsrc))
        if let microphone { _ = gst_element_send_event(microphone, gst_event_new_eos()) }
    }

    private func handle(_ message: UnsafeMutablePointer<GstMessage>) {
        switch message.pointee.type {
        case GST_MESSAGE_EOS:
            finish(.saved(withSound: hasSound), makePlain: format.spec.needsFinishing)
        case GST_MESSAGE_ERROR:
            guard let failure = GLibError(errorOf: message) else { return }
            let noSpace = failure.matches(domain: String(cString: g_quark_to_string(gst_resource_error_quark())),
                                          code: Int32(GST_RESOURCE_ERROR_NO_SPACE_LEFT.rawValue))
            lock.lock()
            accepting = false
            lock.unlock()
            finish(.failed(noSpace ? .diskFull : .cannotWrite(failure.message), kept: true), makePlain: false)
        default:
            break
        }
    }

    /// Stops the pipeline on a worker thread (its elements' threads are
    /// joined there), makes an MP4 plain, and reports on the main thread.
    private func finish(_ result: Outcome, makePlain: Bool) {
        guard outcome == nil else { return }
        outcome = result
        busWatch = nil
        let (frames, dropped) = counts
        let recorded = recordedSeconds
        let working = path
        BackgroundThread.start { [self] in
            gst_element_set_state(pipeline, GST_STATE_NULL)
            // A fragmented MP4 that could not be made plain plays as it is.
            if makePlain { _ = RecordingFinisher.makePlain(working, withSound: hasSound) }
            var final = result
            var published = working
            if case .failed = result, (try? FileManager.default.attributesOfItem(atPath: working)[.size] as? Int) == 0 {
                unlink(working)
                final = .failed(Recorder.problem(of: result), kept: false)
            } else {
                do {
                    published = try CaptureFile.publish(working)
                } catch {
                    final = .failed(.cannotWrite("\(error)"), kept: true)
                }
            }
            Trace.shared.event(.recordingFinished, ["path": published, "frames": frames, "dropped": dropped, "recorded": recorded,
                                                      "outcome": Recorder.describe(final)])
            MainContext.invoke { [self, final, published] in
                path = published
                onFinished?(final)
            }
        }
    }

    private static func problem(of outcome: Outcome) -> CaptureProblem {
        if case .failed(let problem, _) = outcome { return problem }
        return .failed("")
    }

    private static func describe(_ outcome: Outcome) -> String {
        switch outcome {
        case .saved: return "saved"
        case .failed(let problem, let kept): return "\(problem.kind)\(kept ? "-kept" : "")"
        }
    }
}
