import CGLib
import CGst
import Foundation
import GLibKit
import ReelCore

/// An animated GIF of a movie (`MovieGIF`): its timeline played as fast
/// as it decodes through a GESPipeline into an appsink at the GIF's size
/// and rate (the sound into a fakesink). The first pass counts the colours
/// of every frame (`GIFPalette.Histogram`); then each frame is drawn with
/// the palette made from them, dithered, and written (`GIFWriter`): from
/// the frames the first pass kept when they fit in `keptBytes`, else from
/// a second pass, so memory stays bounded however long the piece. Runs on
/// the calling thread (MovieRenderer's worker), which made the timeline.
struct MovieGIFMaker {
    let timeline: MovieTimeline
    let gif: MovieGIF
    let plan: MoviePlan
    let isCancelled: () -> Bool
    /// How much of the first pass's frames may be kept (`usualKeptBytes`).
    var keptBytes = MovieGIFMaker.usualKeptBytes

    /// The frames a first pass keeps, to draw them without a second one:
    /// 96 MB of RGB (a 10 s GIF 480 pixels wide at 15 fps is 58 MB).
    static let usualKeptBytes = 96 << 20

    /// Writes the GIF to `path` (created, empty); `progress` 0…1.
    func write(to path: String, progress: (Double) -> Void) -> MovieRenderer.Outcome {
        let size = gif.frame(for: (plan.width, plan.height))
        var histogram = GIFPalette.Histogram()
        // The frames as they come, while they fit in `keptBytes`.
        var kept: [[UInt8]]? = []
        var seenBytes = 0
        let counted = play(size) { pixels in
            pixels.withUnsafeBufferPointer { histogram.add(rgb: $0) }
            seenBytes += pixels.count
            if seenBytes <= keptBytes { kept?.append(pixels) } else { kept = nil }
            return true
        } progress: { progress($0 / 2) }
        guard case .saved = counted else { return counted }
        let palette = GIFPalette(histogram)
        var writer = GIFWriter(width: size.width, height: size.height, framesPerSecond: gif.framesPerSecond, palette: palette)
        guard let file = FileHandle(forWritingAtPath: path) else { return .failed(.cannotWrite(path)) }
        defer { try? file.close() }
        var problem: MovieProblem?
        func append(_ bytes: [UInt8]) -> Bool {
            do {
                try file.write(contentsOf: Data(bytes))
                return true
            } catch {
                // Foundation says a full disk in its own words or in errno's.
                let nsError = error as NSError
                let full = nsError.code == CocoaError.fileWriteOutOfSpace.rawValue
                    || (nsError.domain == NSPOSIXErrorDomain && nsError.code == Int(ENOSPC))
                problem = full ? .diskFull : .cannotWrite(nsError.localizedDescription)
                return false
            }
        }
        func draw(_ pixels: [UInt8]) -> Bool {
            let indices = pixels.withUnsafeBufferPointer { palette.dithered(rgb: $0, width: size.width, height: size.height) }
            return append(writer.frame(indices))
        }
        guard append(writer.header) else { return .failed(problem!) }
        if let frames = kept {
            for (index, pixels) in frames.enumerated() {
                if isCancelled() { return .cancelled }
                guard draw(pixels) else { return .failed(problem!) }
                progress(0.5 + Double(index + 1) / Double(frames.count) / 2)
            }
        } else {
            let drawn = play(size, frame: draw) { progress(0.5 + $0 / 2) }
            if let problem { return .failed(problem) }
            guard case .saved = drawn else { return drawn }
        }
        guard append(GIFWriter.trailer) else { return .failed(problem!) }
        return .saved(path: path)
    }

    /// Plays the timeline once into an appsink of packed RGB frames at
    /// `size` and the GIF's rate, handing each to `frame` (false stops,
    /// the outcome then `.cancelled`, the caller saying why).
    private func play(_ size: (width: Int, height: Int), frame: ([UInt8]) -> Bool,
                      progress: (Double) -> Void) -> MovieRenderer.Outcome {
        timeline.withPipeline { pipeline, element in play(pipeline, element, size, frame: frame, progress: progress) }
    }

    private func play(_ pipeline: UnsafeMutablePointer<GESPipeline>, _ element: UnsafeMutablePointer<GstElement>,
                      _ size: (width: Int, height: Int), frame: ([UInt8]) -> Bool,
                      progress: (Double) -> Void) -> MovieRenderer.Outcome {
        // The movie's own size first: without it the preview's own
        // converter scales to the GIF's size (bilinear, blurred), and the
        // scaler here only passes frames on. Frames are dropped to the
        // GIF's rate before they are scaled, and scaled (Catmull-Rom, about
        // as sharp as ffmpeg's bicubic) in I420, before the conversion to
        // RGB (cheaper, and as close to the clip).
        let movie = "video/x-raw,width=\(plan.width),height=\(plan.height)"
        let rate = "video/x-raw,framerate=\(gif.framesPerSecond)/1"
        let caps = "video/x-raw,format=RGB,width=\(size.width),height=\(size.height),pixel-aspect-ratio=1/1"
        guard let sinkBin = gst_parse_bin_from_description(
                  "capsfilter caps=\(movie) ! videorate ! \(rate) ! videoscale method=catrom ! videoconvert ! \(caps) "
                  + "! appsink name=frames sync=false max-buffers=4", 1, nil),
              let quiet = gst_element_factory_make("fakesink", nil) else {
            return .failed(.failed("the GIF's pipeline could not be made"))
        }
        PropertyValue.bool(false).set(on: UnsafeMutableRawPointer(quiet), "sync")
        ges_pipeline_preview_set_video_sink(pipeline, cast(sinkBin))
        ges_pipeline_preview_set_audio_sink(pipeline, quiet)
        _ = ges_pipeline_set_mode(pipeline, GES_PIPELINE_MODE_PREVIEW)
        guard let appSinkElement = gst_bin_get_by_name(cast(sinkBin), "frames") else {
            return .failed(.failed("the GIF's pipeline could not be made"))
        }
        defer { gst_object_unref(UnsafeMutableRawPointer(appSinkElement)) }
        let sink: UnsafeMutablePointer<GstAppSink> = cast(appSinkElement)
        let bus = gst_element_get_bus(element)!
        defer { gst_object_unref(UnsafeMutableRawPointer(bus)) }
        if gst_element_set_state(element, GST_STATE_PLAYING) == GST_STATE_CHANGE_FAILURE {
            return MovieGIFMaker.failure(bus) ?? .failed(.failed("the pipeline would not start"))
        }
        // An appsink not yet started says it has reached its end: wait
        // for the pipeline to be up first.
        while gst_element_get_state(element, nil, nil, 100_000_000) == GST_STATE_CHANGE_ASYNC {
            if isCancelled() { return .cancelled }
            if let failure = MovieGIFMaker.failure(bus) { return failure }
        }
        let total = max(gif.frameCount(duration: plan.duration), 1)
        var count = 0
        // Each row of the appsink's RGB is padded to four bytes.
        let stride = (size.width * 3 + 3) & ~3
        while true {
            if isCancelled() { return .cancelled }
            if let failure = MovieGIFMaker.failure(bus) { return failure }
            if let sample = gst_app_sink_try_pull_sample(sink, 100_000_000) {
                defer { gst_sample_unref(sample) }
                guard let buffer = gst_sample_get_buffer(sample) else { continue }
                var map = GstMapInfo()
                guard gst_buffer_map(buffer, &map, GST_MAP_READ) != 0 else { continue }
                let row = size.width * 3
                var pixels = [UInt8](repeating: 0, count: row * size.height)
                if Int(map.size) >= stride * (size.height - 1) + row, let data = map.data {
                    pixels.withUnsafeMutableBufferPointer { packed in
                        for line in 0..<size.height {
                            (packed.baseAddress! + line * row).update(from: data + line * stride, count: row)
                        }
                    }
                }
                gst_buffer_unmap(buffer, &map)
                guard frame(pixels) else { return .cancelled }
                count += 1
                progress(min(Double(count) / Double(total), 1))
            } else if gst_app_sink_is_eos(sink) != 0 {
                progress(1)
                return .saved(path: "")
            }
        }
    }

    /// An error the pipeline posted, as an outcome; nil when none.
    private static func failure(_ bus: UnsafeMutablePointer<GstBus>) -> MovieRenderer.Outcome? {
        guard let message = gst_bus_pop_filtered(bus, GST_MESSAGE_ERROR) else { return nil }
        defer { gst_message_unref(message) }
        return .failed(.failed(GLibError(errorOf: message)?.message ?? "unknown error"))
    }
}
