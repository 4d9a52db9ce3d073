import CGLib
import CGst
import Foundation
import GLibKit
import ReelCore

/// Exports a movie: the edit's timeline through a GESPipeline in render
/// mode (or, for a GIF, `MovieGIFMaker`), encoded like the camera's recordings (`RecordingFormat`: x264enc's
/// real-time tuning and bit rate) in the container of its `ContainerSpec`
/// row (MP4 with AAC, WebM with VP8, Matroska; Opus in both). The file is
/// written under a hidden name (`CaptureFile.reserve(hidden:)`) and given
/// its visible name only once complete, never over another file
/// (`CaptureFile.publish`); a cancelled or failed export removes it, so no
/// half movie is ever left. Everything GES does happens on one background
/// thread (GES wants a timeline used from the thread that made it);
/// progress and the outcome are reported on the main thread.
public final class MovieRenderer: @unchecked Sendable {
    public enum Outcome: Equatable, Sendable {
        /// Written and published at `path`.
        case saved(path: String)
        case cancelled
        case failed(MovieProblem)
    }

    public let edit: MovieEdit
    /// Where the movie goes (Videos/Reel by default).
    public let folder: String
    private let lock = NSLock()
    private var cancelled = false

    /// What the file is named as: a movie, or a saved part of a web video.
    public let kind: CaptureKind

    public init(edit: MovieEdit, folder: String? = nil, kind: CaptureKind = .movie) {
        self.edit = edit
        self.kind = kind
        self.folder = folder ?? CaptureFile.folder(for: kind)
    }

    /// Starts the export on a background thread. `onProgress` (0…1) and
    /// `onFinished` (once) are called on the main thread.
    public func start(onProgress: @escaping @Sendable (Double) -> Void,
                      onFinished: @escaping @Sendable (Outcome) -> Void) {
        BackgroundThread.start { [self] in
            let outcome = run { fraction in MainContext.invoke { onProgress(fraction) } }
            MainContext.invoke { onFinished(self.settled(outcome)) }
        }
    }

    /// What a cancel pressed while the finished export was on its way to
    /// the main thread means: the person saw it still running and asked
    /// for no movie, so the movie just saved is removed.
    private func settled(_ outcome: Outcome) -> Outcome {
        guard isCancelled, case .saved(let path) = outcome else { return outcome }
        unlink(path)
        return .cancelled
    }

    /// Stops an export under way; its outcome is `.cancelled` and its file
    /// is removed. Called on the main thread while `start`'s `onFinished`
    /// has not come, it always wins. Any thread.
    public func cancel() {
        lock.lock()
        cancelled = true
        lock.unlock()
    }

    private var isCancelled: Bool {
        lock.lock()
        defer { lock.unlock() }
        return cancelled
    }

    /// The whole export on the calling thread, which it blocks; `progress`
    /// is called on it too, about ten times a second.
    public func run(progress: (Double) -> Void = { _ in }) -> Outcome {
        do {
            try MediaSystem.initialize()
        } catch {
            return .failed(.failed("\(error)"))
        }
        let plan = edit.plan
        if let gif = edit.output.gif {
            if let tooLong = edit.tooLongForGIF { return .failed(tooLong) }
            return MovieRenderer.withTimeline(plan) { timeline in
                write(fileExtension: "gif") { working in
                    MovieGIFMaker(timeline: timeline, gif: gif, plan: plan, isCancelled: { self.isCancelled })
                        .write(to: working, progress: progress)
                }
            }
        }
        guard let format = edit.output.format(isInstalled: MovieRenderer.isSelectable) else { return .failed(.noEncoder) }
        guard let bitrate = edit.output.videoBitrate(format: format, frame: (plan.width, plan.height),
                                                     framesPerSecond: plan.frameRate.framesPerSecond, duration: plan.duration)
        else { return .failed(edit.tooLongForLimit ?? .failed("no bit rate")) }
        return MovieRenderer.withTimeline(plan) { timeline in
            write(fileExtension: format.fileExtension) { working in
                let outcome = render(timeline, plan: plan, format: format, bitrate: bitrate, into: working, progress: progress)
                if case .saved = outcome, format.spec.marksPriming { MovieRenderer.markPriming(of: format.audioEncoder, in: working) }
                return outcome
            }
        }
    }

    /// `body` with the plan's timeline, or what stops the timeline.
    private static func withTimeline(_ plan: MoviePlan, _ body: (MovieTimeline) -> Outcome) -> Outcome {
        let timeline: MovieTimeline
        do {
            timeline = try MovieTimeline(plan)
        } catch let problem as MovieProblem {
            return .failed(problem)
        } catch {
            return .failed(.failed("\(error)"))
        }
        return body(timeline)
    }

    /// Reserves a hidden file in the folder, has `make` write it, and
    /// publishes it under its visible name; removes it when `make` or the
    /// publishing fails.
    private func write(fileExtension: String, _ make: (String) -> Outcome) -> Outcome {
        let working: String
        do {
            working = try CaptureFile.reserve(kind, fileExtension: fileExtension, in: folder, hidden: true)
        } catch let error as GLibError {
            return .failed(error.code == ENOSPC ? .diskFull : .cannotWrite(error.message))
        } catch {
            return .failed(.cannotWrite("\(error)"))
        }
        let outcome = make(working)
        guard case .saved = outcome else {
            unlink(working)
            return outcome
        }
        do {
            return .saved(path: try CaptureFile.publish(working))
        } catch let error as GLibError {
            unlink(working)
            return .failed(error.code == ENOSPC ? .diskFull : .cannotWrite(error.message))
        } catch {
            unlink(working)
            return .failed(.cannotWrite("\(error)"))
        }
    }

    private func render(_ timeline: MovieTimeline, plan: MoviePlan, format: RecordingFormat, bitrate: Int,
                        into path: String, progress: (Double) -> Void) -> Outcome {
        timeline.withPipeline { pipeline, element in
            render(pipeline, element, plan: plan, format: format, bitrate: bitrate, into: path, progress: progress)
        }
    }

    private func render(_ pipeline: UnsafeMutablePointer<GESPipeline>, _ element: UnsafeMutablePointer<GstElement>,
                        plan: MoviePlan, format: RecordingFormat, bitrate: Int,
                        into path: String, progress: (Double) -> Void) -> Outcome {
        let settings = [format.videoEncoder: format.videoEncoderProperties(bitrate: bitrate,
                                                                           framesPerSecond: plan.frameRate.framesPerSecond,
                                                                           padded: edit.output.sizeLimit != nil),
                        format.audioEncoder: format.audioEncoderProperties]
        // encodebin makes the encoders when the streams arrive: set their
        // properties as they are added, before they see a frame.
        Signals.connect(UnsafeMutableRawPointer(pipeline), "deep-element-added") { arguments in
            guard let added = arguments.pointer(2), let factory = gst_element_get_factory(cast(added)),
                  let name = String(consumingGString: gst_object_get_name(cast(factory))),
                  let properties = settings[name] else { return }
            for (property, value) in properties { gst_util_set_object_arg(cast(added), property, value) }
        }
        guard let uri = String(consumingGString: g_filename_to_uri(path, nil, nil)) else { return .failed(.cannotWrite(path)) }
        let profile = MovieRenderer.profile(format)
        defer { g_object_unref(UnsafeMutableRawPointer(profile)) }
        guard ges_pipeline_set_render_settings(pipeline, uri, profile) != 0,
              ges_pipeline_set_mode(pipeline, GES_PIPELINE_MODE_RENDER) != 0 else {
            return .failed(.noEncoder)
        }
        let bus = gst_element_get_bus(element)!
        defer { gst_object_unref(UnsafeMutableRawPointer(bus)) }
        // An export is background work: its decoders, mixers and encoders
        // yield to the interface (their threads come from GStreamer's pool,
        // so they do not inherit the worker's priority).
        gst_bus_set_sync_handler(bus, lowerStreamingThreadPriority, nil, nil)
        if gst_element_set_state(element, GST_STATE_PLAYING) == GST_STATE_CHANGE_FAILURE {
            return MovieRenderer.failure(popping: bus) ?? .failed(.failed("the pipeline would not start"))
        }
        let total = max(plan.duration, 1)
        let mask = GstMessageType(rawValue: GST_MESSAGE_EOS.rawValue | GST_MESSAGE_ERROR.rawValue)
        while true {
            if isCancelled { return .cancelled }
            if let message = gst_bus_timed_pop_filtered(bus, 100_000_000, mask) {
                defer { gst_message_unref(message) }
                if message.pointee.type == GST_MESSAGE_EOS {
                    progress(1)
                    return .saved(path: path)
                }
                return MovieRenderer.outcome(ofError: message)
            }
            var position: gint64 = 0
            if gst_element_query_position(element, GST_FORMAT_TIME, &position) != 0, position >= 0 {
                progress(min(Double(position) / Double(total), 1))
            }
        }
    }

    /// Says in the MP4 how much of its sound is the AAC encoder's priming,
    /// so players skip it and the sound keeps time with the picture
    /// (`Mp4Priming`). A movie whose priming cannot be measured or marked
    /// is kept as it is: its sound a frame or so late.
    private static func markPriming(of encoder: String, in path: String) {
        let rate = MovieTimeline.soundRate
        guard let samples = EncoderPriming.samples(of: encoder, rate: rate) else {
            Trace.shared.event(.moviePriming, ["encoder": encoder, "marked": false])
            return
        }
        let marked = (try? Mp4Priming.mark(samples: samples, sampleRate: rate, inFileAt: path)) != nil
        Trace.shared.event(.moviePriming, ["encoder": encoder, "samples": samples, "marked": marked])
    }

    /// The container's caps (its `ContainerSpec` row) with one video and
    /// one audio stream; each stream's encoder named by its factory (the
    /// profile's preset name).
    private static func profile(_ format: RecordingFormat) -> OpaquePointer {
        func caps(_ text: String) -> UnsafeMutablePointer<GstCaps> { gst_caps_from_string(text)! }
        let container = gst_encoding_container_profile_new("movie", nil, caps(format.spec.caps), nil)!
        let video = gst_encoding_video_profile_new(caps(format.videoCaps), nil, nil, 0)!
        gst_encoding_profile_set_preset_name(video, format.videoEncoder)
        let audio = gst_encoding_audio_profile_new(caps(format.audioCaps), nil, nil, 0)!
        gst_encoding_profile_set_preset_name(audio, format.audioEncoder)
        _ = gst_encoding_container_profile_add_profile(container, video)
        _ = gst_encoding_container_profile_add_profile(container, audio)
        return container
    }

    /// Whether encodebin can use an element: it is installed and ranked
    /// (encodebin passes over unranked encoders even when the profile
    /// names them; FFmpeg's AAC encoder is one, so a movie takes voaacenc
    /// or fdkaacenc where a recording takes avenc_aac).
    public static func isSelectable(_ name: String) -> Bool {
        guard let factory = gst_element_factory_find(name) else { return false }
        defer { gst_object_unref(UnsafeMutableRawPointer(factory)) }
        // GST_ELEMENT_FACTORY_TYPE_ENCODER, a macro Swift cannot see.
        let isEncoder = gst_element_factory_list_is_type(factory, GstElementFactoryListType(1 << 1))
        return isEncoder == 0 || gst_plugin_feature_get_rank(cast(UnsafeMutableRawPointer(factory))) >= GST_RANK_MARGINAL.rawValue
    }

    private static func failure(popping bus: UnsafeMutablePointer<GstBus>) -> Outcome? {
        guard let message = gst_bus_pop_filtered(bus, GST_MESSAGE_ERROR) else { return nil }
        defer { gst_message_unref(message) }
        return outcome(ofError: message)
    }

    /// A full disk is said as such; anything else is quoted.
    private static func outcome(ofError message: UnsafeMutablePointer<GstMessage>) -> Outcome {
        guard let error = GLibError(errorOf: message) else { return .failed(.failed("unknown error")) }
        let resource = String(cString: g_quark_to_string(gst_resource_error_quark()))
        if error.matches(domain: resource, code: Int32(GST_RESOURCE_ERROR_NO_SPACE_LEFT.rawValue)) { return .failed(.diskFull) }
        if error.matches(domain: resource, code: Int32(GST_RESOURCE_ERROR_OPEN_WRITE.rawValue))
            || error.matches(domain: resource, code: Int32(GST_RESOURCE_ERROR_WRITE.rawValue)) {
            return .failed(.cannotWrite(error.message))
        }
        return .failed(.failed(error.message))
    }
}
