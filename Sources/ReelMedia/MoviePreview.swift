import CGLib
import CGst
import Foundation
import GLibKit
import ReelCore

/// Plays a movie being edited, before it is exported: the edit's timeline
/// through a GESPipeline in preview mode, its pictures into Reel's own
/// `VideoSink` (so the movie page draws them like the player does) and its
/// sound to `AudioOutput`. An edit makes a new preview (a timeline is cheap
/// once GES has read the clips; it keeps them); the page seeks it to where
/// the old one was. Main thread only: the timeline is made, played and
/// dropped there, and the bus is watched on the main context.
public final class MoviePreview {
    public enum Event: Equatable {
        /// Prerolled after opening or a seek: a picture is on the sink.
        case ready
        case ended
        case failed(MovieProblem)
    }

    /// Called on the main thread.
    public var onEvent: ((Event) -> Void)?
    public let duration: Int64
    private let timeline: MovieTimeline
    private let pipeline: UnsafeMutablePointer<GESPipeline>
    private var busWatch: BusWatch?

    /// Builds the timeline and the pipeline (paused at the start: call
    /// `pause` or `play`). Throws `MovieProblem` for a missing or unreadable
    /// source, naming it.
    public init(edit: MovieEdit, videoSink: VideoSink) throws {
        try MediaSystem.initialize()
        timeline = try MovieTimeline(edit.plan)
        duration = edit.plan.duration
        pipeline = ges_pipeline_new()!
        _ = gst_object_ref_sink(UnsafeMutableRawPointer(pipeline))
        _ = ges_pipeline_set_timeline(pipeline, timeline.timeline)
        ges_pipeline_preview_set_video_sink(pipeline, videoSink.element)
        let audio = AudioOutput.make(streamName: "Movie preview")
        ges_pipeline_preview_set_audio_sink(pipeline, audio.element)
        gst_object_unref(UnsafeMutableRawPointer(audio.element))
        _ = ges_pipeline_set_mode(pipeline, GES_PIPELINE_MODE_PREVIEW)
        // The system clock paces the preview, not the sound server's:
        // pulsesink's clock stands still until its stream has started, and
        // a GES preview (a mixer in front of it) never starts it that way.
        if let clock = gst_system_clock_obtain() {
            gst_pipeline_use_clock(UnsafeMutableRawPointer(pipeline).assumingMemoryBound(to: GstPipeline.self), clock)
            gst_object_unref(UnsafeMutableRawPointer(clock))
        }
        busWatch = BusWatch(element: element) { [weak self] message in self?.handle(message) }
    }

    deinit {
        busWatch = nil
        gst_element_set_state(element, GST_STATE_NULL)
        gst_object_unref(UnsafeMutableRawPointer(pipeline))
    }

    private var element: UnsafeMutablePointer<GstElement> { cast(pipeline) }

    public func play() { gst_element_set_state(element, GST_STATE_PLAYING) }
    public func pause() { gst_element_set_state(element, GST_STATE_PAUSED) }

    /// Shows the frame at `time` of the movie (an accurate seek: an edit
    /// is judged frame by frame).
    public func seek(to time: Int64) {
        let flags = GstSeekFlags(rawValue: GST_SEEK_FLAG_FLUSH.rawValue | GST_SEEK_FLAG_ACCURATE.rawValue)
        _ = gst_element_seek_simple(element, GST_FORMAT_TIME, flags, gint64(min(max(time, 0), duration)))
    }

    /// Where the preview is, in the movie's time.
    public var position: Int64? {
        var position: gint64 = 0
        return gst_element_query_position(element, GST_FORMAT_TIME, &position) != 0 ? Int64(position) : nil
    }

    private func handle(_ message: UnsafeMutablePointer<GstMessage>) {
        switch message.pointee.type {
        case GST_MESSAGE_ASYNC_DONE:
            onEvent?(.ready)
        case GST_MESSAGE_EOS:
            onEvent?(.ended)
        case GST_MESSAGE_ERROR:
            let text = GLibError(errorOf: message)?.message ?? "unknown error"
            gst_element_set_state(element, GST_STATE_NULL)
            onEvent?(.failed(.failed(text)))
        default:
            break
        }
    }
}
