import XCTest
@testable import ReelCore

final class MatroskaTracksTests: XCTestCase {
    /// An EBML element: its ID's bytes, its size (one or two bytes, or the
    /// 8-byte "unknown"), the payload.
    private func element(_ id: [UInt8], _ payload: [UInt8], unknownSize: Bool = false) -> [UInt8] {
        let size: [UInt8] = unknownSize ? [0x01, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]
            : payload.count < 127 ? [0x80 | UInt8(payload.count)] : [0x40 | UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        return id + size + payload
    }

    private func entry(number: UInt8, type: UInt8, forced: Bool? = nil, language: String? = nil) -> [UInt8] {
        var fields = element([0xD7], [number]) + element([0x83], [type])
        if let forced { fields += element([0x55, 0xAA], [forced ? 1 : 0]) }
        if let language { fields += element([0x22, 0xB5, 0x9C], Array(language.utf8)) }
        return element([0xAE], fields)
    }

    private func file(_ entries: [[UInt8]], unknownSegment: Bool = false, cluster: Bool = false) -> [UInt8] {
        let header = element([0x1A, 0x45, 0xDF, 0xA3], element([0x42, 0x82], Array("matroska".utf8)))
        let info = element([0x15, 0x49, 0xA9, 0x66], element([0x2A, 0xD7, 0xB1], [0x0F, 0x42, 0x40]))
        let clusterBytes = element([0x1F, 0x43, 0xB6, 0x75], [0xE7, 0x81, 0x00])
        let tracks = element([0x16, 0x54, 0xAE, 0x6B], entries.flatMap { $0 })
        let body = info + (cluster ? clusterBytes + tracks : tracks) + clusterBytes
        return header + element([0x18, 0x53, 0x80, 0x67], body, unknownSize: unknownSegment)
    }

    func testTheTrackListWithItsFlags() {
        let bytes = file([entry(number: 1, type: 1), entry(number: 2, type: 2, language: "eng"),
                          entry(number: 3, type: 0x11, forced: false, language: "eng"),
                          entry(number: 4, type: 0x11, forced: true, language: "fre")], unknownSegment: true)
        XCTAssertEqual(MatroskaTracks.read(bytes), [
            .init(number: 1, kind: .video), .init(number: 2, kind: .audio, language: "eng"),
            .init(number: 3, kind: .subtitle, language: "eng"), .init(number: 4, kind: .subtitle, forced: true, language: "fre"),
        ])
    }

    func testNotMatroskaOrNoTrackListInTheHead() {
        XCTAssertNil(MatroskaTracks.read(Array("1\n00:00:01,000 --> 00:00:02,000\nHello\n".utf8)))
        XCTAssertNil(MatroskaTracks.read([]))
        let whole = file([entry(number: 1, type: 0x11, forced: true)])
        XCTAssertNil(MatroskaTracks.read(Array(whole.prefix(40))), "cut before the track list")
        XCTAssertNil(MatroskaTracks.read(file([entry(number: 1, type: 0x11, forced: true)], cluster: true)),
                     "a cluster first: the list is not in the header")
    }

    func testForcedTracksArePlaybinsTextStreamsInOrder() {
        let tracks: [MatroskaTracks.Track] = [.init(number: 1, kind: .video), .init(number: 2, kind: .subtitle),
                                              .init(number: 3, kind: .audio), .init(number: 4, kind: .subtitle, forced: true)]
        XCTAssertEqual(MatroskaTracks.forcedTextStreams([0, 1], tracks: tracks), [1])
        // A subtitle file's stream came first (index 0): the file's streams are 1 and 2.
        XCTAssertEqual(MatroskaTracks.forcedTextStreams([1, 2], tracks: tracks), [2])
        XCTAssertEqual(MatroskaTracks.forcedTextStreams([0], tracks: tracks), [], "not the same streams")
    }
}
