import Foundation

/// Marks an MP4's AAC priming in the sound track's edit list, so players
/// skip it. An AAC encoder starts its output with silence it needs to get
/// going (1024 samples for FFmpeg's, 1600 for VisualOn's); mp4mux in
/// GStreamer 1.22 does not say so in the file, and every player then hears
/// the sound that much late: an exported movie's beep came 33 ms after its
/// clapperboard's flash. The standard place for it is the edit list's
/// media time (what ffmpeg and Apple's encoders write), which qtdemux,
/// FFmpeg and AVFoundation honour. Only the bytes of that one entry change
/// (mp4mux writes a one-entry list for every track), so no other box
/// moves and the file's chunk offsets stay right.
public enum Mp4Priming {
    public enum Failure: Error, Equatable {
        /// Not an MP4 with a movie box.
        case notMp4
        /// No sound track, or one without the single-entry edit list mp4mux writes.
        case noEditList
        case unreadable
    }

    /// Sets the sound track's edit to start `samples` in (at the sound's
    /// `sampleRate`), shortening the edit by as much. A file already
    /// starting past its priming is left as it is.
    public static func mark(samples: Int, sampleRate: Int, inFileAt path: String) throws {
        guard let file = FileHandle(forUpdatingAtPath: path) else { throw Failure.unreadable }
        defer { try? file.close() }
        guard let (offset, size) = try movieBox(in: file), size < 64 << 20 else { throw Failure.notMp4 }
        try file.seek(toOffset: offset)
        guard let data = try file.read(upToCount: Int(size)), data.count == Int(size) else { throw Failure.unreadable }
        var movie = [UInt8](data)
        guard let edit = try mark(samples: samples, sampleRate: sampleRate, movie: &movie) else { return }
        try file.seek(toOffset: offset + UInt64(edit.lowerBound))
        try file.write(contentsOf: Data(movie[edit]))
        try file.synchronize()
    }

    /// The same on a movie box's bytes (`moov`, header included): returns
    /// the range of bytes changed, nil when the edit already skips as much.
    public static func mark(samples: Int, sampleRate: Int, movie: inout [UInt8]) throws -> Range<Int>? {
        let top = Box.children(of: movie, in: 0..<movie.count)
        guard let moov = top.first, moov.type == "moov" else { throw Failure.notMp4 }
        let inside = Box.children(of: movie, in: moov.body)
        guard let header = inside.first(where: { $0.type == "mvhd" }),
              let movieScale = timescale(ofFullBox: header, in: movie) else { throw Failure.notMp4 }
        for track in inside where track.type == "trak" {
            let parts = Box.children(of: movie, in: track.body)
            guard let media = parts.first(where: { $0.type == "mdia" }) else { continue }
            let mediaParts = Box.children(of: movie, in: media.body)
            guard let handler = mediaParts.first(where: { $0.type == "hdlr" }), handler.body.count >= 12,
                  String(decoding: movie[(handler.body.lowerBound + 8)..<(handler.body.lowerBound + 12)], as: UTF8.self) == "soun",
                  let mediaHeader = mediaParts.first(where: { $0.type == "mdhd" }),
                  let mediaScale = timescale(ofFullBox: mediaHeader, in: movie) else { continue }
            guard let edits = parts.first(where: { $0.type == "edts" }),
                  let list = Box.children(of: movie, in: edits.body).first(where: { $0.type == "elst" }) else {
                throw Failure.noEditList
            }
            return try setMediaTime(samples: samples, sampleRate: sampleRate, list: list,
                                    movieScale: movieScale, mediaScale: mediaScale, movie: &movie)
        }
        throw Failure.noEditList
    }

    /// The timescale of an `mvhd` or `mdhd` (version 0: 32-bit times before
    /// it; version 1: 64-bit).
    private static func timescale(ofFullBox box: Box, in bytes: [UInt8]) -> UInt64? {
        guard !box.body.isEmpty else { return nil }
        let at = box.body.lowerBound + (bytes[box.body.lowerBound] == 1 ? 20 : 12)
        guard at + 4 <= box.body.upperBound else { return nil }
        return Box.read(bytes, at: at, width: 4)
    }

    private static func setMediaTime(samples: Int, sampleRate: Int, list: Box, movieScale: UInt64, mediaScale: UInt64,
                                     movie: inout [UInt8]) throws -> Range<Int>? {
        let start = list.body.lowerBound
        guard list.body.count >= 8 else { throw Failure.noEditList }
        let wide = movie[start] == 1
        let width = wide ? 8 : 4
        let entry = start + 8
        guard list.body.count >= 8 + 2 * width + 4, Box.read(movie, at: start + 4, width: 4) == 1 else {
            throw Failure.noEditList
        }
        let mediaTime = UInt64(samples) * mediaScale / UInt64(max(sampleRate, 1))
        let current = Box.read(movie, at: entry + width, width: width)
        // A media time of all ones (-1) is an empty edit: not mp4mux's list.
        guard current != (wide ? UInt64.max : UInt64(UInt32.max)) else { throw Failure.noEditList }
        guard current < mediaTime else { return nil }
        let duration = Box.read(movie, at: entry, width: width)
        let cut = UInt64(samples) * movieScale / UInt64(max(sampleRate, 1))
        Box.write(duration > cut ? duration - cut : 0, into: &movie, at: entry, width: width)
        Box.write(mediaTime, into: &movie, at: entry + width, width: width)
        return entry..<(entry + 2 * width)
    }

    /// Where the file's `moov` box is (offset, size), walking the top-level
    /// boxes by their headers only: the media data before it may be gigabytes.
    private static func movieBox(in file: FileHandle) throws -> (UInt64, UInt64)? {
        let end = try file.seekToEnd()
        var offset: UInt64 = 0
        while offset + 8 <= end {
            try file.seek(toOffset: offset)
            guard let head = try file.read(upToCount: 16), head.count >= 8 else { return nil }
            let bytes = [UInt8](head)
            var size = Box.read(bytes, at: 0, width: 4)
            if size == 1 {
                guard bytes.count == 16 else { return nil }
                size = Box.read(bytes, at: 8, width: 8)
            } else if size == 0 {
                size = end - offset
            }
            guard size >= 8, offset + size <= end else { return nil }
            if String(decoding: bytes[4..<8], as: UTF8.self) == "moov" { return (offset, size) }
            offset += size
        }
        return nil
    }

    /// One ISO base media box: its four-letter type and where its contents
    /// lie in the bytes read.
    struct Box {
        let type: String
        let body: Range<Int>

        /// The boxes one after another in `range`; a box running past the
        /// range ends the list.
        static func children(of bytes: [UInt8], in range: Range<Int>) -> [Box] {
            var boxes: [Box] = []
            var at = range.lowerBound
            while at + 8 <= range.upperBound {
                var size = Int(read(bytes, at: at, width: 4))
                var header = 8
                if size == 1 {
                    guard at + 16 <= range.upperBound else { break }
                    size = Int(clamping: read(bytes, at: at + 8, width: 8))
                    header = 16
                } else if size == 0 {
                    size = range.upperBound - at
                }
                guard size >= header, at + size <= range.upperBound else { break }
                boxes.append(Box(type: String(decoding: bytes[(at + 4)..<(at + 8)], as: UTF8.self),
                                 body: (at + header)..<(at + size)))
                at += size
            }
            return boxes
        }

        static func read(_ bytes: [UInt8], at: Int, width: Int) -> UInt64 {
            bytes[at..<(at + width)].reduce(0) { $0 << 8 | UInt64($1) }
        }

        static func write(_ value: UInt64, into bytes: inout [UInt8], at: Int, width: Int) {
            for index in 0..<width {
                bytes[at + index] = UInt8(truncatingIfNeeded: value >> (8 * UInt64(width - 1 - index)))
            }
        }
    }
}
