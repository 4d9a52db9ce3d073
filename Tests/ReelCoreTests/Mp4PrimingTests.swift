import XCTest
@testable import ReelCore

/// The sound track's edit list marked with its AAC priming, on movie boxes
/// laid out as mp4mux writes them.
final class Mp4PrimingTests: XCTestCase {
    private func box(_ type: String, _ body: [UInt8]) -> [UInt8] {
        bytes(UInt64(body.count + 8), 4) + Array(type.utf8) + body
    }

    private func bytes(_ value: UInt64, _ width: Int) -> [UInt8] {
        (0..<width).map { UInt8(truncatingIfNeeded: value >> (8 * UInt64(width - 1 - $0))) }
    }

    /// A full box's timescale field after version 0's 32-bit times.
    private func header(_ type: String, timescale: UInt64) -> [UInt8] {
        box(type, [0, 0, 0, 0] + bytes(0, 4) + bytes(0, 4) + bytes(timescale, 4) + bytes(0, 4))
    }

    private func track(_ handler: String, mediaScale: UInt64, edit: (duration: UInt64, time: UInt64)?, wide: Bool = false) -> [UInt8] {
        let hdlr = box("hdlr", [0, 0, 0, 0] + bytes(0, 4) + Array(handler.utf8) + [UInt8](repeating: 0, count: 13))
        let mdia = box("mdia", header("mdhd", timescale: mediaScale) + hdlr)
        guard let edit else { return box("trak", box("tkhd", [UInt8](repeating: 0, count: 84)) + mdia) }
        let width = wide ? 8 : 4
        let elst = box("elst", [wide ? 1 : 0, 0, 0, 0] + bytes(1, 4) + bytes(edit.duration, width) + bytes(edit.time, width)
                       + [0, 1, 0, 0])
        return box("trak", box("tkhd", [UInt8](repeating: 0, count: 84)) + box("edts", elst) + mdia)
    }

    private func movie(_ tracks: [UInt8]...) -> [UInt8] {
        box("moov", header("mvhd", timescale: 3000) + tracks.flatMap { $0 })
    }

    /// The last track's (the sound's) edit: (duration, media time).
    private func soundEdit(_ movie: [UInt8], wide: Bool = false) -> (UInt64, UInt64) {
        let width = wide ? 8 : 4
        let list = movie.indices.dropLast(4).last { Array(movie[$0..<($0 + 4)]) == Array("elst".utf8) }!
        let entry = list + 4 + 8
        return (Mp4Priming.Box.read(movie, at: entry, width: width), Mp4Priming.Box.read(movie, at: entry + width, width: width))
    }

    func testTheSoundTracksEditStartsPastThePriming() throws {
        var bytes = movie(track("vide", mediaScale: 90_000, edit: (7500, 0)), track("soun", mediaScale: 48_000, edit: (7680, 0)))
        let video = Array(bytes[0..<(bytes.count / 2)])
        let changed = try XCTUnwrap(try Mp4Priming.mark(samples: 1600, sampleRate: 48_000, movie: &bytes))
        XCTAssertEqual(changed.count, 8, "only the entry's duration and media time")
        XCTAssertEqual(soundEdit(bytes).1, 1600, "media time in the sound's timescale")
        XCTAssertEqual(soundEdit(bytes).0, 7680 - 100, "the edit is shorter by 1600/48000 s in the movie's timescale")
        XCTAssertEqual(Array(bytes[0..<(bytes.count / 2)]), video, "the picture's track is left alone")
    }

    func testTimescalesThatDifferFromTheRate() throws {
        var bytes = movie(track("soun", mediaScale: 44_100, edit: (9000, 0)))
        _ = try Mp4Priming.mark(samples: 1024, sampleRate: 44_100, movie: &bytes)
        XCTAssertEqual(soundEdit(bytes).1, 1024)
        var other = movie(track("soun", mediaScale: 1000, edit: (9000, 0)))
        _ = try Mp4Priming.mark(samples: 2400, sampleRate: 48_000, movie: &other)
        XCTAssertEqual(soundEdit(other).1, 50, "50 ms in a millisecond timescale")
    }

    func testVersionOneListsWith64BitFields() throws {
        var bytes = movie(track("soun", mediaScale: 48_000, edit: (7680, 0), wide: true))
        _ = try Mp4Priming.mark(samples: 1024, sampleRate: 48_000, movie: &bytes)
        XCTAssertEqual(soundEdit(bytes, wide: true).1, 1024)
        XCTAssertEqual(soundEdit(bytes, wide: true).0, 7680 - 64)
    }

    func testAnEditAlreadyPastThePrimingIsLeftAlone() throws {
        var bytes = movie(track("soun", mediaScale: 48_000, edit: (7680, 2112)))
        let before = bytes
        XCTAssertNil(try Mp4Priming.mark(samples: 1024, sampleRate: 48_000, movie: &bytes))
        XCTAssertEqual(bytes, before)
    }

    func testFilesItCannotMarkAreRefusedUntouched() {
        var silent = movie(track("vide", mediaScale: 90_000, edit: (7500, 0)))
        XCTAssertThrowsError(try Mp4Priming.mark(samples: 1024, sampleRate: 48_000, movie: &silent)) {
            XCTAssertEqual($0 as? Mp4Priming.Failure, .noEditList, "no sound track")
        }
        var unlisted = movie(track("soun", mediaScale: 48_000, edit: nil))
        XCTAssertThrowsError(try Mp4Priming.mark(samples: 1024, sampleRate: 48_000, movie: &unlisted)) {
            XCTAssertEqual($0 as? Mp4Priming.Failure, .noEditList)
        }
        var empty = movie(track("soun", mediaScale: 48_000, edit: (7680, UInt64(UInt32.max))))
        XCTAssertThrowsError(try Mp4Priming.mark(samples: 1024, sampleRate: 48_000, movie: &empty), "an empty edit")
        var other = box("free", [1, 2, 3])
        XCTAssertThrowsError(try Mp4Priming.mark(samples: 1024, sampleRate: 48_000, movie: &other)) {
            XCTAssertEqual($0 as? Mp4Priming.Failure, .notMp4)
        }
        // Boxes with nothing in them.
        var hollow = box("moov", box("mvhd", []) + box("trak", box("mdia", box("mdhd", []) + box("hdlr", []))))
        XCTAssertThrowsError(try Mp4Priming.mark(samples: 1024, sampleRate: 48_000, movie: &hollow))
        var emptyList = box("moov", header("mvhd", timescale: 3000)
                            + box("trak", box("edts", box("elst", [])) + box("mdia", header("mdhd", timescale: 48_000)
                                  + box("hdlr", [0, 0, 0, 0] + bytes(0, 4) + Array("soun".utf8)))))
        XCTAssertThrowsError(try Mp4Priming.mark(samples: 1024, sampleRate: 48_000, movie: &emptyList)) {
            XCTAssertEqual($0 as? Mp4Priming.Failure, .noEditList)
        }
        var cut = Array(movie(track("soun", mediaScale: 48_000, edit: (7680, 0))).dropLast(30))
        XCTAssertThrowsError(try Mp4Priming.mark(samples: 1024, sampleRate: 48_000, movie: &cut), "a box cut short")
    }

    func testAFileIsPatchedInPlaceWhereverItsMovieBoxIs() throws {
        let folder = NSTemporaryDirectory() + "mp4-priming-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let media = box("mdat", [UInt8](repeating: 7, count: 5000))
        let moov = movie(track("soun", mediaScale: 48_000, edit: (7680, 0)))
        let type = box("ftyp", Array("isom".utf8))
        for (name, layout, at) in [("end.mp4", type + media + moov, type.count + media.count),
                                   ("start.mp4", type + moov + media, type.count)] {
            let path = folder + "/" + name
            try Data(layout).write(to: URL(fileURLWithPath: path))
            try Mp4Priming.mark(samples: 1600, sampleRate: 48_000, inFileAt: path)
            let after = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
            XCTAssertEqual(after.count, layout.count, name)
            XCTAssertLessThanOrEqual(zip(after, layout).filter { $0 != $1 }.count, 8, "\(name): only the entry changed")
            XCTAssertEqual(soundEdit(Array(after[at..<(at + moov.count)])).1, 1600, name)
        }
        XCTAssertThrowsError(try Mp4Priming.mark(samples: 1600, sampleRate: 48_000, inFileAt: folder + "/none.mp4"))
    }

    func testTheProbeTakesTheTonesOwnStartAway() {
        let rate = 48_000
        let start = PrimingProbe.toneStart(rate: rate)
        XCTAssertEqual(start, 1, "0.8 × sin(2π·1000/48000) passes 0.1 at the second sample")
        let step = 2 * Double.pi * Double(PrimingProbe.frequency) / Double(rate)
        let tone = (0..<4800).map { Float(PrimingProbe.volume * sin(step * Double($0))) }
        XCTAssertEqual(PrimingProbe.priming(decoded: tone, rate: rate), 0)
        XCTAssertEqual(PrimingProbe.priming(decoded: [Float](repeating: 0, count: 1024) + tone, rate: rate), 1024)
        XCTAssertEqual(PrimingProbe.priming(decoded: [Float](repeating: 0.01, count: 1600) + tone, rate: rate), 1600,
                       "an encoder's faint ringing before the tone is not the tone")
        XCTAssertNil(PrimingProbe.priming(decoded: [Float](repeating: 0, count: 4800), rate: rate))
    }
}
