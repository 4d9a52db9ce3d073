import CGLib
import CGst
import Foundation
import GLibKit
import ReelCore
import XCTest
@testable import ReelMedia

/// Sources for the movie tests, made once per run beside the other test
/// media. Each clip marks one frame white, so a test can tell which frame
/// a trim starts on: the frames before it are red, the ones after another
/// colour. Small pictures and a few seconds keep the renders short.
final class MovieFixture: @unchecked Sendable {
    /// 320×180, 30 fps, 3 s, H.264 + AAC (a 440 Hz tone): frames 0–29 red,
    /// frame 30 (1.0 s) white, then green. Keyframes every 12 frames, so
    /// frame 30 is not one.
    let landscape: String
    /// 180×320 (portrait), 25 fps, 3 s, H.264 without sound: frames 0–24
    /// red, frame 25 (1.0 s) white, then blue.
    let portrait: String
    /// A second stored sideways, as phones record: 180×320 frames (blue
    /// above red) whose track turns them a quarter clockwise, upright
    /// 320×180 with red on the left and blue on the right.
    let sideways: String
    /// 320×180 black with a white 40×40 square in its top-left corner,
    /// 1 s at 30 fps: which way a framing turned or mirrored it.
    let corner: String
    /// 60 frames at 30 fps, 192×108, frame i its number in six bands
    /// across, white for a 1 (the highest bit on the left): which source
    /// frame a movie's frame shows (`counterFrame`). Black and white
    /// survive two encodings; greys a few steps apart did not (an encoder
    /// keeps the last frame's block when the new one is that close).
    let counter: String
    /// The same 60 frames at 25 fps, and at 60 fps.
    let counter25: String
    let counter60: String
    /// 320×180, 30 fps, 2 s, H.264, no sound: colour bars scrolling, their
    /// ramps and greys included (a GIF's palette and dithering).
    let colourful: String
    /// 2 s of 640×360 noise, 30 fps, H.264, no sound: a picture that no
    /// encoder can make small (solid colours cost next to nothing).
    let noise: String
    /// 2 s of a 1 kHz sine at amplitude 0.5 (RMS 0.354), Vorbis in Ogg.
    let music: String
    /// 320×180, 30 fps, 3 s, H.264 + AAC: black but for one white frame at
    /// 1.5 s (frame 45), silent but for a 50 ms beep from 1.5 s: the flash
    /// and the beep of a clapperboard. Its sound is timed like a camera
    /// recording's (one segment into the encoder: concat's segments would
    /// give the AAC a composition offset, which GES misplaces by 36 ms).
    let flashBeep: String
    /// Clips in the other codecs a movie takes, each red for 1 s, one
    /// white frame at 1.0 s, then its own colour, without sound: VP8 in
    /// WebM (320×240, 24 fps, green), VP9 in WebM (portrait 180×320, 30
    /// fps, blue), AV1 in Matroska (320×180, 24 fps, magenta), and H.264
    /// from a phone-like variable rate (60 fps nominal; after the white
    /// frame, frames dropped at random, so they last 1 to 4 sixtieths;
    /// yellow).
    let vp8: String
    let vp9: String
    let av1: String
    let variableRate: String
    static let musicRMS = 0.5 / 2.0.squareRoot()
    static let counterFrames = 60

    /// The counter clip's frame a decoded frame shows, read from its bands.
    static func counterFrame(_ frame: DecodedMovie.Frame) -> Int {
        counterFrame(width: frame.width, height: frame.height) { frame.colour(x: $0, y: $1).1 }
    }

    /// The same, from any picture's green at a point.
    static func counterFrame(width: Int, height: Int, green: (Int, Int) -> Int) -> Int {
        (0..<6).reduce(0) { number, band in
            number * 2 + (green((2 * band + 1) * width / 12, height / 2) > 128 ? 1 : 0)
        }
    }

    /// The counter clip's frames as raw I420, 192×108: each band 32 pixels wide.
    private static func counterPictures() -> Data {
        let (width, height) = (192, 108)
        var data = Data()
        for index in 0..<counterFrames {
            let row = (0..<width).map { x in index >> (5 - x / 32) & 1 == 1 ? UInt8(235) : UInt8(16) }
            for _ in 0..<height { data.append(contentsOf: row) }
            data.append(contentsOf: [UInt8](repeating: 128, count: width * height / 2))
        }
        return data
    }

    static let shared: MovieFixture = {
        do { return try MovieFixture() } catch { fatalError("could not make the movie test media: \(error)") }
    }()

    private init() throws {
        let folder = MediaFixture.shared.makeFolder("movie-sources")
        landscape = folder + "/landscape.mp4"
        portrait = folder + "/portrait clip.mp4"
        music = folder + "/music.ogg"
        noise = folder + "/noise.mp4"
        sideways = folder + "/sideways.mp4"
        corner = folder + "/corner.mp4"
        counter = folder + "/counter.mp4"
        colourful = folder + "/colourful.mp4"
        counter25 = folder + "/counter 25.mp4"
        counter60 = folder + "/counter 60.mp4"
        flashBeep = folder + "/flash and beep.mp4"
        vp8 = folder + "/vp8.webm"
        vp9 = folder + "/vp9.webm"
        av1 = folder + "/av1.mkv"
        variableRate = folder + "/variable rate.mp4"
        func colours(_ width: Int, _ height: Int, _ rate: Int, before: Int, after: String, total: Int) -> String {
            let caps = "video/x-raw,format=I420,width=\(width),height=\(height),framerate=\(rate)/1"
            return """
                videotestsrc pattern=solid-color foreground-color=0xffff0000 num-buffers=\(before) ! \(caps) ! c. \
                videotestsrc pattern=solid-color foreground-color=0xffffffff num-buffers=1 ! \(caps) ! c. \
                videotestsrc pattern=solid-color foreground-color=\(after) num-buffers=\(total - before - 1) ! \(caps) ! c.
                """
        }
        try MediaFixture.make(landscape, """
            concat name=c ! x264enc speed-preset=ultrafast key-int-max=12 ! h264parse ! queue ! mux. \
            audiotestsrc freq=440 volume=0.3 num-buffers=30 samplesperbuffer=4800 ! audio/x-raw,rate=48000,channels=2 \
            ! audioconvert ! avenc_aac ! queue ! mux. mp4mux name=mux ! filesink name=sink \
            \(colours(320, 180, 30, before: 30, after: "0xff00ff00", total: 90))
            """)
        try MediaFixture.make(portrait, """
            concat name=c ! x264enc speed-preset=ultrafast key-int-max=12 ! h264parse ! mp4mux ! filesink name=sink \
            \(colours(180, 320, 25, before: 25, after: "0xff0000ff", total: 75))
            """)
        try MediaFixture.make(noise, """
            videotestsrc pattern=snow num-buffers=60 ! video/x-raw,format=I420,width=640,height=360,framerate=30/1 \
            ! x264enc speed-preset=ultrafast ! h264parse ! mp4mux ! filesink name=sink
            """)
        try MediaFixture.make(sideways, """
            compositor name=m sink_1::ypos=160 ! video/x-raw,format=I420,width=180,height=320,framerate=30/1 \
            ! x264enc speed-preset=ultrafast ! h264parse ! mp4mux ! filesink name=sink \
            videotestsrc pattern=solid-color foreground-color=0xff0000ff num-buffers=30 \
            ! video/x-raw,format=I420,width=180,height=160,framerate=30/1 ! m. \
            videotestsrc pattern=solid-color foreground-color=0xffff0000 num-buffers=30 \
            ! video/x-raw,format=I420,width=180,height=160,framerate=30/1 ! m.
            """)
        try MovieFixture.rotate90(sideways)
        try MediaFixture.make(corner, """
            compositor name=m background=black ! video/x-raw,format=I420,width=320,height=180,framerate=30/1 \
            ! x264enc speed-preset=ultrafast ! h264parse ! mp4mux ! filesink name=sink \
            videotestsrc pattern=solid-color foreground-color=0xff000000 num-buffers=30 \
            ! video/x-raw,format=I420,width=320,height=180,framerate=30/1 ! m. \
            videotestsrc pattern=solid-color foreground-color=0xffffffff num-buffers=30 \
            ! video/x-raw,format=I420,width=40,height=40,framerate=30/1 ! m.
            """)
        let raw = folder + "/counter.yuv"
        guard FileManager.default.createFile(atPath: raw, contents: MovieFixture.counterPictures()) else {
            throw GLibError(domain: "fixture", code: 0, message: "\(raw) could not be written")
        }
        defer { unlink(raw) }
        for (path, rate) in [(counter, 30), (counter25, 25), (counter60, 60)] {
            try MediaFixture.make(path, """
                filesrc location="\(raw)" ! rawvideoparse format=i420 width=192 height=108 framerate=\(rate)/1 \
                ! x264enc speed-preset=ultrafast key-int-max=10 ! h264parse ! mp4mux ! filesink name=sink
                """)
        }
        try MediaFixture.make(colourful, """
            videotestsrc pattern=smpte horizontal-speed=4 num-buffers=60 \
            ! video/x-raw,format=I420,width=320,height=180,framerate=30/1 \
            ! x264enc speed-preset=ultrafast key-int-max=30 ! h264parse ! mp4mux ! filesink name=sink
            """)
        let sound = "audio/x-raw,rate=48000,channels=2"
        try MediaFixture.make(flashBeep, """
            concat name=c ! x264enc speed-preset=ultrafast key-int-max=12 ! h264parse ! queue ! mux. \
            concat name=a ! identity single-segment=true ! audioconvert ! avenc_aac ! aacparse ! queue ! mux. \
            mp4mux name=mux ! filesink name=sink \
            \(colours(320, 180, 30, before: 45, after: "0xff000000", total: 90).replacingOccurrences(of: "0xffff0000", with: "0xff000000")) \
            audiotestsrc wave=silence num-buffers=30 samplesperbuffer=2400 ! \(sound) ! a. \
            audiotestsrc freq=1000 volume=0.8 num-buffers=1 samplesperbuffer=2400 ! \(sound) ! a. \
            audiotestsrc wave=silence num-buffers=29 samplesperbuffer=2400 ! \(sound) ! a.
            """)
        try MediaFixture.make(vp8, """
            concat name=c ! vp8enc deadline=1 keyframe-max-dist=12 ! webmmux ! filesink name=sink \
            \(colours(320, 240, 24, before: 24, after: "0xff00ff00", total: 48))
            """)
        try MediaFixture.make(vp9, """
            concat name=c ! vp9enc deadline=1 cpu-used=8 keyframe-max-dist=12 ! webmmux ! filesink name=sink \
            \(colours(180, 320, 30, before: 30, after: "0xff0000ff", total: 60))
            """)
        try MediaFixture.make(av1, """
            concat name=c ! av1enc usage-profile=realtime cpu-used=8 lag-in-frames=0 keyframe-max-dist=12 ! av1parse \
            ! matroskamux ! filesink name=sink \
            \(colours(320, 180, 24, before: 24, after: "0xffff00ff", total: 48))
            """)
        let sixty = "video/x-raw,format=I420,width=320,height=180,framerate=60/1"
        try MediaFixture.make(variableRate, """
            concat name=c ! x264enc speed-preset=ultrafast key-int-max=30 ! h264parse ! mp4mux ! filesink name=sink \
            videotestsrc pattern=solid-color foreground-color=0xffff0000 num-buffers=60 ! \(sixty) ! c. \
            videotestsrc pattern=solid-color foreground-color=0xffffffff num-buffers=1 ! \(sixty) ! c. \
            videotestsrc pattern=solid-color foreground-color=0xffffff00 num-buffers=119 ! \(sixty) \
            ! identity drop-probability=0.4 ! c.
            """)
        try MediaFixture.make(music, """
            audiotestsrc freq=1000 volume=0.5 num-buffers=20 samplesperbuffer=4800 ! audio/x-raw,rate=48000,channels=2 \
            ! audioconvert ! vorbisenc quality=0.9 ! oggmux ! filesink name=sink
            """)
    }
}

extension MovieFixture {
    /// Sets the track header's matrix of a one-track MP4 to a quarter turn
    /// clockwise, as a phone writes it (mp4mux 1.22 writes no rotation).
    static func rotate90(_ path: String) throws {
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let tkhd = Array("tkhd".utf8)
        guard let at = (4..<(bytes.count - 4)).first(where: { Array(bytes[$0..<($0 + 4)]) == tkhd }), bytes[at + 4] == 0 else {
            throw GLibError(domain: "fixture", code: 0, message: "no version 0 tkhd in \(path)")
        }
        // After the type: version and flags, two times, the track, a
        // reserved word, the duration, 8 reserved bytes, layer, group,
        // volume, 2 reserved: 40 bytes, then nine 32-bit matrix entries.
        let matrix: [UInt32] = [0, 0x0001_0000, 0, 0xFFFF_0000, 0, 0, 0, 0, 0x4000_0000]
        for (index, value) in matrix.enumerated() {
            for byte in 0..<4 { bytes[at + 4 + 40 + index * 4 + byte] = UInt8((value >> (24 - 8 * UInt32(byte))) & 0xFF) }
        }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }
}

/// A movie decoded whole: every video frame as RGBx and the sound as
/// 48 kHz stereo floats, with their times.
struct DecodedMovie {
    /// `edit` exported by MovieRenderer into the test media's `folder`,
    /// decoded, and the file removed.
    static func rendered(_ edit: MovieEdit, in folder: String = "movie-stills-out") throws -> DecodedMovie {
        let outcome = MovieRenderer(edit: edit, folder: MediaFixture.shared.makeFolder(folder)).run()
        guard case .saved(let path) = outcome else { throw MovieProblem.failed("not saved: \(outcome)") }
        defer { unlink(path) }
        return try DecodedMovie(path)
    }

    struct Frame {
        let time: Int64
        let duration: Int64
        let width: Int
        let height: Int
        let pixels: [UInt8]

        /// (red, green, blue) at a point.
        func colour(x: Int, y: Int) -> (Int, Int, Int) {
            let at = (y * width + x) * 4
            return (Int(pixels[at]), Int(pixels[at + 1]), Int(pixels[at + 2]))
        }
    }

    var frames: [Frame] = []
    /// Interleaved left, right.
    var samples: [Float] = []
    /// Each decoded buffer's time and where its samples start in `samples`:
    /// time is read from the timestamps, as a player does, not counted
    /// from the first sample (a decoder's priming and gaps would shift it).
    var audioBuffers: [(time: Int64, index: Int)] = []

    init(_ path: String) throws {
        let pipeline = try LaunchPipeline("""
            filesrc name=in ! decodebin name=d \
            d. ! video/x-raw ! queue ! videoconvert ! video/x-raw,format=RGBx ! appsink name=video sync=false wait-on-eos=false \
            d. ! audio/x-raw ! queue ! audioconvert ! audioresample ! audio/x-raw,format=F32LE,rate=48000,channels=2,layout=interleaved \
            ! appsink name=audio sync=false wait-on-eos=false
            """)
        pipeline.set("in", "location", string: path)
        guard pipeline.runToEnd(timeout: 60, isCancelled: { false }) == .finished else {
            throw GLibError(domain: "test", code: 0, message: "\(path) does not decode")
        }
        let video = try XCTUnwrap(pipeline.child("video")), audio = try XCTUnwrap(pipeline.child("audio"))
        while let sample = gst_app_sink_try_pull_sample(video.cast(), 0) {
            defer { gst_sample_unref(sample) }
            let buffer = gst_sample_get_buffer(sample)!
            let structure = gst_caps_get_structure(gst_sample_get_caps(sample), 0)
            var width: gint = 0, height: gint = 0
            gst_structure_get_int(structure, "width", &width)
            gst_structure_get_int(structure, "height", &height)
            guard let time = DecodedMovie.runningTime(of: sample) else { continue }
            frames.append(Frame(time: time, duration: Int64(buffer.pointee.duration),
                                width: Int(width), height: Int(height), pixels: DecodedMovie.bytes(of: buffer)))
        }
        while let sample = gst_app_sink_try_pull_sample(audio.cast(), 0) {
            defer { gst_sample_unref(sample) }
            let buffer = gst_sample_get_buffer(sample)!
            guard let time = DecodedMovie.runningTime(of: sample) else { continue }
            audioBuffers.append((time, samples.count))
            let bytes = DecodedMovie.bytes(of: buffer)
            samples += bytes.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
        }
        pipeline.setState(GST_STATE_NULL)
    }

    /// When a player shows or plays a sample: its timestamp through its
    /// segment, which carries an MP4's edit list (the sound's priming
    /// skipped). Nil for a sample wholly outside the segment.
    private static func runningTime(of sample: OpaquePointer) -> Int64? {
        let pts = gst_sample_get_buffer(sample)!.pointee.pts
        let time = gst_segment_to_running_time(gst_sample_get_segment(sample), GST_FORMAT_TIME, pts)
        return time == UInt64.max ? nil : Int64(time)
    }

    private static func bytes(of buffer: UnsafeMutablePointer<GstBuffer>) -> [UInt8] {
        var map = GstMapInfo()
        guard gst_buffer_map(buffer, &map, GST_MAP_READ) != 0 else { return [] }
        defer { gst_buffer_unmap(buffer, &map) }
        return Array(UnsafeBufferPointer(start: map.data, count: Int(map.size)))
    }

    /// The end of the last frame.
    var videoDuration: Int64 { frames.last.map { $0.time + $0.duration } ?? 0 }

    /// The frame shown at `time`.
    func frame(at time: Int64) -> Frame? {
        frames.last { $0.time <= time }
    }

    /// The sound's RMS level between two times (both channels).
    func rms(from start: Int64, to end: Int64) -> Double {
        let a = max(sampleIndex(at: start), 0)
        let b = min(sampleIndex(at: end), samples.count)
        guard b > a else { return 0 }
        let sum = samples[a..<b].reduce(0.0) { $0 + Double($1) * Double($1) }
        return (sum / Double(b - a)).squareRoot()
    }

    /// Where the sample heard at `time` is in `samples` (left channel).
    private func sampleIndex(at time: Int64) -> Int {
        guard let buffer = audioBuffers.last(where: { $0.time <= time }) ?? audioBuffers.first else { return 0 }
        return buffer.index + Int((time - buffer.time) * 48_000 / 1_000_000_000) * 2
    }
}
