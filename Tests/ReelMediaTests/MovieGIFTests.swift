import CGLib
import CGst
import CPixbuf
import Foundation
import GLibKit
import ReelCore
import XCTest
@testable import ReelMedia

/// A movie exported as an animated GIF, decoded back by gdk-pixbuf (the
/// loader GNOME's image viewers have; GStreamer 1.22 here cannot read a
/// GIF through decodebin, its own nor FFmpeg's): its size, its
/// frames (one for each fifteenth of a second begun), its colours against
/// the same movie exported as a video (SSIM of their brightness); a cancel
/// and a full disk leaving nothing; a movie too long for a GIF refused.
final class MovieGIFTests: XCTestCase {
    override func setUpWithError() throws {
        try MediaSystem.initialize()
    }

    /// SSIM of two frames' brightness (8×8 windows, averaged): 1 is the same picture.
    private func similarity(_ a: DecodedMovie.Frame, _ b: DecodedMovie.Frame) -> Double {
        func luma(_ frame: DecodedMovie.Frame, _ x: Int, _ y: Int) -> Double {
            let (r, g, b) = frame.colour(x: x, y: y)
            return 0.299 * Double(r) + 0.587 * Double(g) + 0.114 * Double(b)
        }
        let (c1, c2): (Double, Double) = (2.55 * 2.55, 7.65 * 7.65)
        var total = 0.0, windows = 0
        for top in stride(from: 0, through: a.height - 8, by: 8) {
            for left in stride(from: 0, through: a.width - 8, by: 8) {
                var (sa, sb, saa, sbb, sab) = (0.0, 0.0, 0.0, 0.0, 0.0)
                for y in top..<top + 8 {
                    for x in left..<left + 8 {
                        let (p, q) = (luma(a, x, y), luma(b, x, y))
                        sa += p; sb += q; saa += p * p; sbb += q * q; sab += p * q
                    }
                }
                let (ma, mb) = (sa / 64, sb / 64)
                let (va, vb, cov) = (saa / 64 - ma * ma, sbb / 64 - mb * mb, sab / 64 - ma * mb)
                total += ((2 * ma * mb + c1) * (2 * cov + c2)) / ((ma * ma + mb * mb + c1) * (va + vb + c2))
                windows += 1
            }
        }
        return total / Double(windows)
    }

    /// The GIF's frames as gdk-pixbuf shows them, each with its time and
    /// delay, until `duration` (it loops).
    private func gifFrames(_ path: String, duration: Int64) throws -> [DecodedMovie.Frame] {
        var error: UnsafeMutablePointer<GError>?
        guard let animation = gdk_pixbuf_animation_new_from_file(path, &error) else {
            throw GLibError(domain: "test", code: 0, message: "\(path) does not load as an animation")
        }
        defer { g_object_unref(UnsafeMutableRawPointer(animation)) }
        // The animation's own clock, from 0: a GTimeVal (seconds and
        // microseconds, two longs), a type deprecated by name.
        var clock = [0, 0]
        let iterator = try XCTUnwrap(clock.withUnsafeBufferPointer {
            gdk_pixbuf_animation_get_iter(animation, UnsafePointer(OpaquePointer($0.baseAddress)))
        })
        defer { g_object_unref(UnsafeMutableRawPointer(iterator)) }
        var frames: [DecodedMovie.Frame] = []
        var time: Int64 = 0
        while time < duration {
            let pixbuf = try XCTUnwrap(gdk_pixbuf_animation_iter_get_pixbuf(iterator))
            let (width, height) = (Int(gdk_pixbuf_get_width(pixbuf)), Int(gdk_pixbuf_get_height(pixbuf)))
            let (stride, channels) = (Int(gdk_pixbuf_get_rowstride(pixbuf)), Int(gdk_pixbuf_get_n_channels(pixbuf)))
            let data = try XCTUnwrap(gdk_pixbuf_read_pixels(pixbuf))
            var pixels = [UInt8](repeating: 255, count: width * height * 4)
            for y in 0..<height {
                for x in 0..<width {
                    for channel in 0..<3 { pixels[(y * width + x) * 4 + channel] = data[y * stride + x * channels + channel] }
                }
            }
            let delay = Int64(gdk_pixbuf_animation_iter_get_delay_time(iterator))
            frames.append(DecodedMovie.Frame(time: time, duration: delay * 1_000_000, width: width, height: height, pixels: pixels))
            guard delay > 0 else { break }
            time += delay * 1_000_000
            clock = [Int(time / 1_000_000_000), Int(time % 1_000_000_000 / 1000)]
            _ = clock.withUnsafeBufferPointer {
                gdk_pixbuf_animation_iter_advance(iterator, UnsafePointer(OpaquePointer($0.baseAddress)))
            }
        }
        return frames
    }

    func testAGIFHasTheMoviesFramesSizeAndColours() throws {
        var clip = try MovieSource.clip(MediaFixture.uri(MovieFixture.shared.colourful))
        clip.trim(from: 0, to: 2_000_000_000)
        var edit = MovieEdit()
        edit.clips = [clip]
        let video = try DecodedMovie.rendered(edit, in: "movie-gif")
        let gif = MovieGIF(width: 320, framesPerSecond: 15)
        edit.output.gif = gif
        let folder = MediaFixture.shared.makeFolder("movie-gif")
        let outcome = MovieRenderer(edit: edit, folder: folder).run()
        guard case .saved(let path) = outcome else { return XCTFail("not saved: \(outcome)") }
        defer { unlink(path) }
        XCTAssertTrue(path.hasSuffix(".gif"), path)
        let bytes = try XCTUnwrap(FileManager.default.contents(atPath: path))
        XCTAssertEqual(Array(bytes.prefix(6)), Array("GIF89a".utf8))
        let frames = try gifFrames(path, duration: edit.duration)
        XCTAssertEqual(frames.count, gif.frameCount(duration: edit.duration))
        XCTAssertEqual(frames.map(\.duration).reduce(0, +), edit.duration, "the movie's length, to the hundredth")
        XCTAssertEqual(frames.first.map { [$0.width, $0.height] }, [320, 180])
        var scores: [Double] = []
        for (index, frame) in frames.enumerated() {
            let time = Int64(index) * 1_000_000_000 / 15
            scores.append(similarity(frame, try XCTUnwrap(video.frame(at: time))))
        }
        let mean = scores.reduce(0, +) / Double(scores.count)
        print("GIF against the video: SSIM mean \(mean), lowest \(scores.min()!)")
        XCTAssertGreaterThan(mean, 0.9)
        XCTAssertGreaterThan(scores.min()!, 0.8, "every frame is the movie's at its time")
    }

    /// A piece too long to keep its frames is drawn from a second pass:
    /// the same GIF, byte for byte.
    func testASecondPassMakesTheSameGIFAsKeptFrames() throws {
        var clip = try MovieSource.clip(MediaFixture.uri(MovieFixture.shared.colourful))
        clip.trim(from: 0, to: 1_000_000_000)
        var edit = MovieEdit()
        edit.clips = [clip]
        let gif = MovieGIF(width: 320, framesPerSecond: 10)
        let timeline = try MovieTimeline(edit.plan)
        let folder = MediaFixture.shared.makeFolder("movie-gif-passes")
        var files: [Data] = []
        for keptBytes in [MovieGIFMaker.usualKeptBytes, 0] {
            let path = folder + "/\(keptBytes).gif"
            XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: nil))
            var maker = MovieGIFMaker(timeline: timeline, gif: gif, plan: edit.plan, isCancelled: { false })
            maker.keptBytes = keptBytes
            var progress: [Double] = []
            XCTAssertEqual(maker.write(to: path) { progress.append($0) }, .saved(path: path))
            XCTAssertEqual(progress, progress.sorted(), "never goes back")
            XCTAssertEqual(progress.last, 1)
            files.append(try Data(contentsOf: URL(fileURLWithPath: path)))
        }
        XCTAssertGreaterThan(files[0].count, 1000)
        XCTAssertEqual(files[0], files[1])
    }

    /// Cancelled once under way: nothing left, hidden or not. Its
    /// progress went up through both passes before.
    func testCancellingAGIFLeavesNoFile() throws {
        var edit = MovieEdit()
        edit.clips = [try MovieSource.clip(MediaFixture.uri(MovieFixture.shared.colourful))]
        edit.output.gif = MovieGIF(width: 320, framesPerSecond: 20)
        let folder = MediaFixture.shared.makeFolder("movie-gif-cancel")
        let renderer = MovieRenderer(edit: edit, folder: folder)
        final class Seen: @unchecked Sendable { var progress: [Double] = []; var outcome: MovieRenderer.Outcome? }
        let seen = Seen()
        renderer.start(onProgress: { fraction in
            seen.progress.append(fraction)
            // In the second pass: the file is being written.
            if fraction > 0.6 { renderer.cancel() }
        }, onFinished: { seen.outcome = $0 })
        XCTAssertTrue(spinMainContext(timeout: 60) { seen.outcome != nil })
        XCTAssertEqual(seen.outcome, .cancelled)
        XCTAssertEqual(seen.progress, seen.progress.sorted(), "never goes back")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), [], "nothing is left")
    }

    func testAGIFOnAFullDiskLeavesNoHalfFileAndSaysSo() throws {
        var edit = MovieEdit()
        edit.clips = [try MovieSource.clip(MediaFixture.uri(MovieFixture.shared.noise))]
        edit.output.gif = MovieGIF(width: 640, framesPerSecond: 20)
        let folder = MediaFixture.shared.makeFolder("movie-gif-full")
        try MediaFixture.withSmallDisk(in: folder) { disk in
            XCTAssertEqual(MovieRenderer(edit: edit, folder: disk).run(), .failed(.diskFull))
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: disk), [], "no half file")
        }
    }

    func testAMovieLongerThanAMinuteIsRefusedAsAGIF() throws {
        let clip = try MovieSource.clip(MediaFixture.uri(MovieFixture.shared.landscape))
        var edit = MovieEdit()
        edit.clips = Array(repeating: clip, count: 21)
        edit.output.gif = MovieGIF()
        let folder = MediaFixture.shared.makeFolder("movie-gif-long")
        XCTAssertEqual(MovieRenderer(edit: edit, folder: folder).run(), .failed(.tooLongForGIF))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), [], "nothing written")
    }
}
