import CGLib
import CGst
import CPixbuf
import Foundation
import GLibKit
import ReelCore

/// Makes a video's thumbnail: seeks to a few candidate positions, takes the
/// first frame that is neither black nor flat, scales it into the cache's box
/// and stores it in the freedesktop thumbnail cache. A web video is not
/// sought in (each seek is another request to its server): its first frame,
/// or one of those that follow it in the same download (`FrameScan`). A
/// valid thumbnail already there (ours or another app's) is returned as it
/// is.
///
/// `thumbnail(for:)` blocks; ThumbnailQueue runs it on worker threads.
public struct Thumbnailer: Sendable {
    public enum Outcome: Equatable, Sendable, Codable {
        /// Made now, at this path.
        case created(String)
        /// Already in the cache and valid for the file.
        case cached(String)
        /// No thumbnail: the reason, for logs (the card shows a placeholder).
        case failed(String)
    }

    public var cache: ThumbnailCache
    public var size: ThumbnailCache.Size
    /// Exact positions cost a decode from the previous keyframe; keyframe
    /// seeks decode one frame. bench/RESULTS.md has the figures.
    public var accurateSeek: Bool
    public var timeout: Double

    /// Where to look, as fractions of the duration, in order of preference.
    static let candidates: [Double] = [1.0 / 3, 2.0 / 3, 1.0 / 2, 1.0 / 10, 9.0 / 10]

    public init(cache: ThumbnailCache = ThumbnailCache(), size: ThumbnailCache.Size = .large,
                accurateSeek: Bool = false, timeout: Double = 10) {
        self.cache = cache
        self.size = size
        self.accurateSeek = accurateSeek
        self.timeout = timeout
    }

    public func thumbnail(for uri: String) -> Outcome {
        let mtime: Int?
        if MediaLocator.isLocal(uri) {
            // A pipe, socket or device is never opened (a pipe would block
            // this worker for ever).
            switch MediaProbe.checkLocalFile(uri) {
            case .notAFile(let kind)?: return .failed("not a file: \(kind.rawValue)")
            case .brokenLink?: return .failed("a link to nothing")
            default: break
            }
            guard let time = Thumbnailer.modificationTime(uri) else { return .failed("the file does not exist") }
            mtime = time
        } else {
            mtime = nil
        }
        if let path = cache.valid(for: uri, mtime: mtime, size: size) { return .cached(path) }
        if cache.hasFailed(uri, mtime: mtime) { return .failed("failed before") }

        var result = grabFrame(uri, isLocal: mtime != nil).map(\.pixbuf)
        // decodebin sometimes drops a demuxer's error about a damaged file
        // (it filters errors while it brings the demuxer up), and the
        // pipeline then never prerolls. One more try tells that from bad
        // luck; a second silence on a local file is a permanent failure.
        if case .failure(let failure) = result, failure.isTimeout, mtime != nil {
            result = grabFrame(uri, isLocal: true).map(\.pixbuf)
            if case .failure(var again) = result, again.isTimeout {
                again.isPermanent = true
                result = .failure(again)
            }
        }
        switch result {
        case .success(let pixbuf):
            defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
            do {
                return .created(try cache.save(pixbuf, for: uri, mtime: mtime, size: size))
            } catch {
                return .failed("\(error)")
            }
        case .failure(let failure):
            if failure.isPermanent { cache.recordFailure(for: uri, mtime: mtime) }
            return .failed(failure.reason)
        }
    }

    /// A web video's card from one download: its thumbnail, saved in the
    /// cache (where the feed's thumbnail request then finds it), and what a
    /// probe would say of it, seen by the same pipeline. nil when that
    /// pipeline cannot tell (a live stream or a still picture has no
    /// duration; a failure's words are the probe's to find), for adaptive
    /// streams (their own demuxers), and for a video already in the cache.
    public func card(for uri: String) -> MediaInfo? {
        guard !MediaLocator.isLocal(uri), StreamManifest.kind(ofAddress: uri) == nil,
              cache.valid(for: uri, mtime: nil, size: size) == nil,
              case .success(let grabbed) = grabFrame(uri, isLocal: false) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(grabbed.pixbuf)) }
        let seen = grabbed.seen
        guard let duration = seen.duration, duration > 0, seen.width > 0, seen.height > 0,
              (try? cache.save(grabbed.pixbuf, for: uri, mtime: nil, size: size)) != nil else { return nil }
        return MediaInfo(duration: duration, width: seen.width, height: seen.height, videoCodec: nil, audioCodec: nil)
    }

    /// What the thumbnail's pipeline learnt of the video on the way.
    struct Seen {
        var duration: Double?
        var width = 0
        var height = 0
    }

    /// Seconds since the epoch, as `Thumb::MTime` stores it.
    static func modificationTime(_ uri: String) -> Int? {
        guard let path = String(consumingGString: g_filename_from_uri(uri, nil, nil)) else { return nil }
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Int(info.st_mtim.tv_sec)
    }

    struct Failure: Error {
        var reason: String
        /// A decoding failure, not a timeout: worth remembering.
        var isPermanent: Bool
        var isTimeout = false
    }

    /// A local file prerolls in well under a second; a stream may need the
    /// whole `timeout`.
    static let localPrerollTimeout = 5.0

    /// The chosen frame as a pixbuf the caller owns, and what was seen.
    private func grabFrame(_ uri: String, isLocal: Bool) -> Result<(pixbuf: OpaquePointer, seen: Seen), Failure> {
        let box = size.pixels
        // HLS and DASH: the new adaptive demuxers (uridecodebin3 plugs
        // hlsdemux2 and dashdemux2) and their first picture, never a seek:
        // uridecodebin's old demuxers crash in libsoup when a seek stops
        // their downloads.
        let adaptive = !isLocal && StreamManifest.kind(ofAddress: uri) != nil
        // Text is let through parsed and left unlinked (the video is linked
        // by its pad's name, which parse's "any pad" linking could give to
        // the text): a subtitle rendition with no way to video/x-raw
        // stopped the whole stream (not-negotiated).
        let decoder = adaptive ? "uridecodebin3 name=decode caps=video/x-raw;text/x-raw decode.video_0"
            : "uridecodebin name=decode"
        // The sink holds one frame and never drops: a web video's scan
        // (scanForward) looks at each frame in turn, and decoding waits for
        // it rather than running ahead through the download.
        // Scale before converting: videoscale works on the decoder's YUV at full
        // size, videoconvert then only touches the small picture.
        let pipeline: LaunchPipeline
        do {
            pipeline = try LaunchPipeline("""
                \(decoder) ! videoscale name=scale ! videoconvert \
                ! video/x-raw,format=RGB,pixel-aspect-ratio=1/1,width=[1,\(box)],height=[1,\(box)] \
                ! appsink name=frames sync=false max-buffers=1 drop=false
                """)
        } catch {
            return .failure(Failure(reason: "\(error)", isPermanent: false))
        }
        pipeline.set("decode", "uri", string: uri)
        guard let sinkOwner = pipeline.child("frames") else { preconditionFailure("no appsink") }
        let sink: UnsafeMutablePointer<GstAppSink> = sinkOwner.cast()

        pipeline.setState(GST_STATE_PAUSED)
        switch pipeline.waitForAsyncDone(timeout: isLocal ? min(timeout, Thumbnailer.localPrerollTimeout) : timeout) {
        case .finished: break
        case .failed(let error): return .failure(Failure(reason: error.message, isPermanent: true))
        default: return .failure(Failure(reason: "timed out", isPermanent: false, isTimeout: true))
        }

        var duration: gint64 = 0
        let hasDuration = gst_element_query_duration(pipeline.element, GST_FORMAT_TIME, &duration) != 0 && duration > 0
        var seen = Seen(duration: hasDuration ? Double(duration) / 1e9 : nil)
        // The decoded size, before the scaler: the video's own.
        if let scale = pipeline.child("scale"), let pad = gst_element_get_static_pad(scale.cast(), "sink") {
            if let caps = gst_pad_get_current_caps(pad), let structure = gst_caps_get_structure(caps, 0) {
                var width: gint = 0, height: gint = 0
                if gst_structure_get_int(structure, "width", &width) != 0, gst_structure_get_int(structure, "height", &height) != 0 {
                    seen.width = Int(width)
                    seen.height = Int(height)
                }
                gst_caps_unref(caps)
            }
            gst_object_unref(UnsafeMutableRawPointer(pad))
        }
        // On the web every seek is another request to someone's server:
        // the first picture, or the frames after it from the same download.
        if !isLocal && !adaptive { return scanForward(pipeline, sink, seen: seen) }
        var best: (frame: Frame, score: Double)?
        if adaptive, let first = Frame(preroll: sink) {
            if FrameChoice.isRepresentative(first.luma) { return .success((first.pixbuf(), seen)) }
            best = (first, first.luma.standardDeviation)
        }
        for fraction in hasDuration && !adaptive ? Thumbnailer.candidates : [] {
            let position = gint64(Double(duration) * fraction)
            let flags = GST_SEEK_FLAG_FLUSH.rawValue
                | (accurateSeek ? GST_SEEK_FLAG_ACCURATE.rawValue : GST_SEEK_FLAG_KEY_UNIT.rawValue | GST_SEEK_FLAG_SNAP_NEAREST.rawValue)
            guard gst_element_seek_simple(pipeline.element, GST_FORMAT_TIME, GstSeekFlags(rawValue: flags), position) != 0,
                  pipeline.waitForAsyncDone(timeout: timeout) == .finished,
                  let frame = Frame(preroll: sink) else { break }
            if FrameChoice.isRepresentative(frame.luma) { return .success((frame.pixbuf(), seen)) }
            if best == nil || frame.luma.standardDeviation > best!.score { best = (frame, frame.luma.standardDeviation) }
        }
        // Nothing good (or not seekable): the least flat frame seen, else the first.
        if let best { return .success((best.frame.pixbuf(), seen)) }
        if let first = Frame(preroll: sink) { return .success((first.pixbuf(), seen)) }
        return .failure(Failure(reason: "no video frame", isPermanent: true))
    }

    /// A web video's thumbnail from its one download (FrameScan): the
    /// prerolled first frame if it shows something, else the frames after
    /// it as they are decoded, until one does or the scan's budget is spent;
    /// then the most detailed seen, or first one seek past what was scanned
    /// and a scan from there.
    private func scanForward(_ pipeline: LaunchPipeline, _ sink: UnsafeMutablePointer<GstAppSink>,
                             seen: Seen) -> Result<(pixbuf: OpaquePointer, seen: Seen), Failure> {
        guard let first = Frame(preroll: sink) else { return .failure(Failure(reason: "no video frame", isPermanent: true)) }
        let deadline = Date().addingTimeInterval(timeout)
        let source = pipeline.child("source")
        var scan = FrameScan(duration: seen.duration)
        var frame = first
        var kept = first
        var playing = false
        var step = scan.look(at: first.luma, time: first.time, bytesRead: Thumbnailer.bytesRead(source))
        while true {
            switch step {
            case .take:
                return .success((frame.pixbuf(), seen))
            case .next(let keep):
                if keep { kept = frame }
                if !playing {
                    // sync=false: frames come as fast as they decode.
                    guard pipeline.setState(GST_STATE_PLAYING) != GST_STATE_CHANGE_FAILURE else { step = scan.ended(); continue }
                    playing = true
                }
                guard let next = Thumbnailer.nextFrame(sink, pipeline, until: deadline) else { step = scan.ended(); continue }
                frame = next
                step = scan.look(at: next.luma, time: next.time, bytesRead: Thumbnailer.bytesRead(source))
            case .stop(let keep, let seekTo):
                if keep { kept = frame }
                // The one seek, then a scan forward from where it lands.
                guard let seekTo, let later = Thumbnailer.frame(at: seekTo, pipeline, sink, playing: playing,
                                                                accurate: accurateSeek, until: deadline) else {
                    return .success((kept.pixbuf(), seen))
                }
                scan.sought()
                frame = later
                step = scan.look(at: later.luma, time: later.time, bytesRead: Thumbnailer.bytesRead(source))
            }
        }
    }

    /// The next decoded frame of a playing pipeline; nil at its end, on an
    /// error, or at the deadline.
    private static func nextFrame(_ sink: UnsafeMutablePointer<GstAppSink>, _ pipeline: LaunchPipeline,
                                  until deadline: Date) -> Frame? {
        while Date() < deadline {
            if let sample = gst_app_sink_try_pull_sample(sink, 100_000_000) {
                defer { gst_sample_unref(sample) }
                return Frame(sample: sample)
            }
            if gst_app_sink_is_eos(sink) != 0 || pipeline.hasFailed { return nil }
        }
        return nil
    }

    /// The frame at `seconds`, after a flushing seek: prerolled when
    /// paused, the first one to come when playing (the flush has emptied
    /// the sink of older ones).
    private static func frame(at seconds: Double, _ pipeline: LaunchPipeline, _ sink: UnsafeMutablePointer<GstAppSink>,
                              playing: Bool, accurate: Bool, until deadline: Date) -> Frame? {
        let flags = GST_SEEK_FLAG_FLUSH.rawValue
            | (accurate ? GST_SEEK_FLAG_ACCURATE.rawValue : GST_SEEK_FLAG_KEY_UNIT.rawValue | GST_SEEK_FLAG_SNAP_NEAREST.rawValue)
        guard gst_element_seek_simple(pipeline.element, GST_FORMAT_TIME, GstSeekFlags(rawValue: flags),
                                      gint64(seconds * 1e9)) != 0 else { return nil }
        if playing { return nextFrame(sink, pipeline, until: deadline) }
        guard pipeline.waitForAsyncDone(timeout: max(0, deadline.timeIntervalSinceNow)) == .finished else { return nil }
        return Frame(preroll: sink)
    }

    /// Bytes the network source has read so far (nil when it cannot say).
    private static func bytesRead(_ source: ObjectRef?) -> Int? {
        guard let source else { return nil }
        var position: gint64 = 0
        guard gst_element_query_position(source.cast(), GST_FORMAT_BYTES, &position) != 0, position >= 0 else { return nil }
        return Int(position)
    }

    /// One RGB frame copied out of an appsink sample.
    struct Frame {
        let width: Int
        let height: Int
        let stride: Int
        let bytes: [UInt8]

        /// Brightness statistics, computed once.
        let luma: FrameChoice.LumaStats
        /// Presentation time in seconds, when the buffer has one.
        let time: Double?

        init?(preroll sink: UnsafeMutablePointer<GstAppSink>) {
            guard let sample = gst_app_sink_try_pull_preroll(sink, 1_000_000_000) else { return nil }
            defer { gst_sample_unref(sample) }
            self.init(sample: sample)
        }

        init?(sample: OpaquePointer) {
            var info = GstVideoInfo()
            guard let caps = gst_sample_get_caps(sample), gst_video_info_from_caps(&info, caps) != 0,
                  let buffer = gst_sample_get_buffer(sample) else { return nil }
            var map = GstMapInfo()
            guard gst_buffer_map(buffer, &map, GST_MAP_READ) != 0 else { return nil }
            defer { gst_buffer_unmap(buffer, &map) }
            width = Int(info.width)
            height = Int(info.height)
            stride = Int(info.stride.0)
            guard map.size >= stride * height else { return nil }
            bytes = Array(UnsafeBufferPointer(start: map.data, count: stride * height))
            let pts = buffer.pointee.pts
            time = pts == UInt64.max ? nil : Double(pts) / 1e9
            let stats = Frame.lumaStatistics(bytes, width: width, height: height, stride: stride)
            luma = FrameChoice.LumaStats(mean: stats.mean, standardDeviation: stats.deviation)
        }

        /// Mean and standard deviation of BT.601 luma, 0–255.
        static func lumaStatistics(_ bytes: [UInt8], width: Int, height: Int, stride: Int) -> (mean: Double, deviation: Double) {
            var sum = 0.0, squares = 0.0
            for row in 0..<height {
                var index = row * stride
                for _ in 0..<width {
                    let luma = 0.299 * Double(bytes[index]) + 0.587 * Double(bytes[index + 1]) + 0.114 * Double(bytes[index + 2])
                    sum += luma
                    squares += luma * luma
                    index += 3
                }
            }
            let count = Double(max(1, width * height))
            let mean = sum / count
            return (mean, (max(0, squares / count - mean * mean)).squareRoot())
        }

        /// A new pixbuf (owned by the caller) with the frame's pixels.
        func pixbuf() -> OpaquePointer {
            let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, Int32(width), Int32(height))!
            let target = gdk_pixbuf_get_pixels(pixbuf)!
            let targetStride = Int(gdk_pixbuf_get_rowstride(pixbuf))
            bytes.withUnsafeBufferPointer { source in
                for row in 0..<height {
                    memcpy(target + row * targetStride, source.baseAddress! + row * stride, width * 3)
                }
            }
            return pixbuf
        }
    }
}
