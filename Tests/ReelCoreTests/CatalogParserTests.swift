import Foundation
import XCTest
@testable import ReelCore

final class CatalogParserTests: XCTestCase {
    private let fileCatalog = "file:///home/me/catalogs/trips/feed.json"
    private let webCatalog = "https://example.com/feeds/main.json"

    private func parse(_ json: String, uri: String? = nil, parser: CatalogParser = CatalogParser(),
                       file: StaticString = #filePath, line: UInt = #line) -> Catalog? {
        do {
            return try parser.parse(json, catalogURI: uri ?? fileCatalog)
        } catch {
            XCTFail("threw \(error)", file: file, line: line)
            return nil
        }
    }

    private func catalogError(_ json: String, uri: String? = nil) -> CatalogError? {
        do {
            _ = try CatalogParser().parse(json, catalogURI: uri ?? fileCatalog)
            XCTFail("parsed \(json)")
            return nil
        } catch {
            return error as? CatalogError
        }
    }

    /// The reason the single entry in `entries` was rejected.
    private func reason(_ entry: String, uri: String? = nil, file: StaticString = #filePath, line: UInt = #line) -> Catalog.Reason? {
        guard let catalog = parse("[\(entry)]", uri: uri, file: file, line: line) else { return nil }
        XCTAssertEqual(catalog.entries.count, 0, "accepted \(entry)", file: file, line: line)
        XCTAssertEqual(catalog.rejected.count, 1, file: file, line: line)
        return catalog.rejected.first?.reason
    }

    // MARK: Good input

    func testObjectCatalog() throws {
        let catalog = try XCTUnwrap(parse("""
        {
          "title": "Trips",
          "clips": ["clips/a.webm", "https://cdn.example.com/b.mp4"],
          "entries": [
            {"title": "Hà Nội at night", "subtitle": "Vietnam", "local": "videos/hanoi.mp4", "thumbnail": "thumbs/hanoi.png"},
            {"title": "Live", "remote": "https://example.com/live/index.m3u8", "thumbnail": "https://example.com/t.jpg"},
            {"title": "DASH", "remote": "http://example.com/x/manifest.mpd", "comment": "unknown keys are ignored"}
          ]
        }
        """))
        XCTAssertEqual(catalog.uri, fileCatalog)
        XCTAssertEqual(catalog.title, "Trips")
        XCTAssertEqual(catalog.rejected, [])
        XCTAssertEqual(catalog.clips, ["file:///home/me/catalogs/trips/clips/a.webm", "https://cdn.example.com/b.mp4"])
        XCTAssertEqual(catalog.entries.count, 3)

        let first = catalog.entries[0]
        XCTAssertEqual(first.title, "Hà Nội at night")
        XCTAssertEqual(first.subtitle, "Vietnam")
        XCTAssertEqual(first.uri, "file:///home/me/catalogs/trips/videos/hanoi.mp4")
        XCTAssertEqual(first.kind, .file)
        XCTAssertEqual(first.thumbnailURI, "file:///home/me/catalogs/trips/thumbs/hanoi.png")
        XCTAssertNil(first.sample)

        XCTAssertEqual(catalog.entries[1].kind, .remote)
        XCTAssertEqual(catalog.entries[1].uri, "https://example.com/live/index.m3u8")
        XCTAssertEqual(catalog.entries[1].thumbnailURI, "https://example.com/t.jpg")
        XCTAssertEqual(catalog.entries[2].subtitle, "")

        let items = catalog.videoItems
        XCTAssertEqual(items[1].format, .hls)
        XCTAssertEqual(items[2].format, .dash)
        XCTAssertEqual(items[0].origins, [.catalog(fileCatalog)])
    }

    func testBareArrayAndData() throws {
        let data = Data(#"[{"title": "A", "remote": "https://example.com/a.mp4"}]"#.utf8)
        let catalog = try CatalogParser().parse(data, catalogURI: webCatalog)
        XCTAssertNil(catalog.title)
        XCTAssertEqual(catalog.entries.map(\.uri), ["https://example.com/a.mp4"])
        XCTAssertEqual(catalog.clips, [])
    }

    func testUnknownTopLevelKeysAreKeptAsExtra() {
        let catalog = parse(#"{"title": "T", "entries": [], "clipRecipes": {"a.mp4": {"seconds": 3}}, "v": 2}"#)
        XCTAssertEqual(catalog?.extra, ["clipRecipes": .object(["a.mp4": .object(["seconds": .int(3)])]), "v": .int(2)])
        XCTAssertEqual(parse("[]")?.extra, [:])
    }

    func testEmptyCatalogs() {
        XCTAssertEqual(parse("[]")?.entries, [])
        XCTAssertEqual(parse("{}")?.entries, [])
        XCTAssertEqual(parse(#"{"title": "Nothing yet", "entries": null}"#)?.title, "Nothing yet")
    }

    func testSampleObjectIsKeptAsScalars() {
        let entry = parse("""
        [{"title": "Bars", "local": "samples/bars.webm",
          "sample": {"pattern": "smpte", "seconds": 8, "fps": 29.97, "sound": true, "nested": {"x": 1}, "none": null}}]
        """)?.entries.first
        XCTAssertEqual(entry?.sample, ["pattern": .string("smpte"), "seconds": .int(8), "fps": .double(29.97), "sound": .bool(true)])
        XCTAssertEqual(entry?.sample?["seconds"]?.doubleValue, 8)
        XCTAssertEqual(entry?.sample?["pattern"]?.stringValue, "smpte")
    }

    func testRelativePathsAreNormalised() {
        let catalog = parse(#"[{"title": "A", "local": "./a/../b//c.mp4"}, {"title": "B", "local": "sub dir/my clip #1.mp4"}]"#)
        XCTAssertEqual(catalog?.entries.map(\.uri), [
            "file:///home/me/catalogs/trips/b/c.mp4",
            "file:///home/me/catalogs/trips/sub%20dir/my%20clip%20%231.mp4",
        ])
    }

    func testCatalogAtFileSystemRoot() {
        XCTAssertEqual(parse(#"[{"title": "A", "local": "a.mp4"}]"#, uri: "file:///feed.json")?.entries.first?.uri, "file:///a.mp4")
    }

    func testRemoteCatalogResolvesRelativeClipsAndThumbnails() {
        let catalog = parse(#"{"clips": ["loops/one.mp4"], "entries": [{"title": "A", "remote": "https://example.com/a.mp4", "thumbnail": "img/a b.jpg"}]}"#,
                            uri: webCatalog)
        XCTAssertEqual(catalog?.clips, ["https://example.com/feeds/loops/one.mp4"])
        XCTAssertEqual(catalog?.entries.first?.thumbnailURI, "https://example.com/feeds/img/a%20b.jpg")
    }

    func testTitlesAreTrimmed() {
        XCTAssertEqual(parse(#"[{"title": "  A  ", "subtitle": " s ", "remote": "https://e.com/a.mp4"}]"#)?.entries.first?.title, "A")
    }

    // MARK: Malformed files

    func testSyntaxErrorNamesLineAndColumn() {
        let error = catalogError("""
        {
          "entries": [
            {"title": "A", "remote": "https://example.com/a.mp4"},
            {"title": "B" "remote": "https://example.com/b.mp4"}
          ]
        }
        """)
        XCTAssertEqual(error?.line, 4)
        XCTAssertEqual(error?.column, 19)
        XCTAssertFalse(error?.message.isEmpty ?? true)
    }

    func testTruncatedFile() {
        let error = catalogError("[{\"title\": \"A\",\n \"remote\": \"https://exa")
        XCTAssertEqual(error?.line, 2)
        XCTAssertEqual(error?.column, 12)
    }

    func testNotACatalog() {
        XCTAssertEqual(catalogError("\n  42")?.message, CatalogError.notACatalogMessage)
        XCTAssertEqual(catalogError("\n  42")?.line, 2)
        XCTAssertEqual(catalogError("\n  42")?.column, 3)
        XCTAssertEqual(catalogError(#"{"entries": "lots"}"#)?.message, CatalogError.notACatalogMessage)
        XCTAssertEqual(catalogError(#""just text""#)?.message, CatalogError.notACatalogMessage)
    }

    func testBinaryAndEmptyFiles() {
        XCTAssertEqual(catalogError("")?.line, 1)
        XCTAssertThrowsError(try CatalogParser().parse(Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A]), catalogURI: fileCatalog))
    }

    func testUnusableCatalogAddress() {
        for uri in ["", "ftp://example.com/feed.json", "javascript:alert(1)", "data:application/json,[]"] {
            XCTAssertEqual(catalogError("[]", uri: uri)?.message, CatalogError.badAddressMessage, uri)
        }
    }

    func testTooLargeFile() {
        var parser = CatalogParser()
        parser.maxBytes = 10
        XCTAssertThrowsError(try parser.parse("[                 ]", catalogURI: fileCatalog)) { error in
            XCTAssertEqual((error as? CatalogError)?.message, CatalogError.tooLargeMessage)
        }
    }

    // MARK: Bad entries: rejected one by one, the rest loads

    func testBadEntriesAreRejectedAndTheRestLoads() throws {
        let catalog = try XCTUnwrap(parse("""
        {"entries": [
          {"title": "Good", "remote": "https://example.com/good.mp4"},
          {"title": "Evil", "remote": "javascript:alert(1)"},
          "not an object",
          {"title": "Also good", "local": "ok.webm"}
        ]}
        """))
        XCTAssertEqual(catalog.entries.map(\.title), ["Good", "Also good"])
        XCTAssertEqual(catalog.rejected, [
            .init(part: .entry, index: 1, reason: .addressNotAllowed),
            .init(part: .entry, index: 2, reason: .notAnEntry),
        ])
    }

    func testHostileSchemes() {
        for address in ["javascript:alert(1)", "JavaScript:alert(1)", "data:video/mp4;base64,AAAA", "ftp://example.com/a.mp4",
                        "file:///etc/passwd", "/etc/passwd", "vbscript:msgbox", "rtsp://cam/stream"] {
            XCTAssertEqual(reason(#"{"title": "X", "remote": "\#(address)"}"#), .addressNotAllowed, address)
        }
        XCTAssertEqual(reason(#"{"title": "X", "local": "javascript:alert(1)"}"#), .addressNotAllowed)
        XCTAssertEqual(reason(#"{"title": "X", "local": "data:text/html,hi"}"#), .addressNotAllowed)
        XCTAssertEqual(reason(#"{"title": "X", "remote": "https://e.com/a.mp4", "thumbnail": "javascript:x"}"#), .addressNotAllowed)
        XCTAssertEqual(reason(#"{"title": "X", "remote": "https://e.com/a.mp4", "thumbnail": "data:image/png;base64,AA"}"#), .addressNotAllowed)
        XCTAssertEqual(reason(#"{"title": "X", "remote": "https://"}"#), .invalidAddress)
    }

    func testLocalPathsMayNotLeaveTheCatalogFolder() {
        for path in ["../secret.mp4", "a/../../b.mp4", "./../x.mp4", "/etc/passwd", "//etc/passwd", "a/b/../../../c.mp4"] {
            XCTAssertEqual(reason(#"{"title": "X", "local": "\#(path)"}"#), .leavesCatalogFolder, path)
        }
        XCTAssertEqual(reason(#"{"title": "X", "remote": "https://e.com/a.mp4", "thumbnail": "../../.ssh/id_rsa"}"#), .leavesCatalogFolder)
        XCTAssertEqual(reason(#"{"title": "X", "local": "."}"#), .invalidAddress)
        XCTAssertEqual(reason(#"{"title": "X", "local": ""}"#), .invalidAddress)
        // Climbing inside the folder is fine.
        XCTAssertEqual(parse(#"[{"title": "X", "local": "a/b/../../c.mp4"}]"#)?.entries.first?.uri,
                       "file:///home/me/catalogs/trips/c.mp4")
    }

    func testLocalOnlyInFileCatalogs() {
        XCTAssertEqual(reason(#"{"title": "X", "local": "a.mp4"}"#, uri: webCatalog), .localNeedsLocalCatalog)
    }

    func testDirectionOverridesAreRemovedFromTitles() {
        let catalog = parse(#"[{"title": "rtl \u202Egnp.exe", "subtitle": "\u2067x", "remote": "https://e.com/a.mp4"}]"#)
        XCTAssertEqual(catalog?.entries.first?.title, "rtl gnp.exe")
        XCTAssertEqual(catalog?.entries.first?.subtitle, "x")
    }

    func testControlCharacters() {
        XCTAssertEqual(reason(#"{"title": "A\u0000B", "remote": "https://e.com/a.mp4"}"#), .controlCharacters)
        XCTAssertEqual(reason(#"{"title": "A\nB", "remote": "https://e.com/a.mp4"}"#), .controlCharacters)
        XCTAssertEqual(reason(#"{"title": "A", "subtitle": "\u001b[31mred", "remote": "https://e.com/a.mp4"}"#), .controlCharacters)
        XCTAssertEqual(reason(#"{"title": "A", "remote": "https://e.com/a\u0000.mp4"}"#), .controlCharacters)
        XCTAssertEqual(reason(#"{"title": "A", "local": "a\u0007.mp4"}"#), .controlCharacters)
        XCTAssertEqual(reason(#"{"title": "A", "remote": "https://e.com/a.mp4", "thumbnail": "t\u2028.png"}"#), .controlCharacters)
    }

    func testAbsurdLengths() {
        let longTitle = String(repeating: "é", count: 501)
        XCTAssertEqual(reason(#"{"title": "\#(longTitle)", "remote": "https://e.com/a.mp4"}"#), .textTooLong)
        XCTAssertEqual(parse(#"[{"title": "\#(String(repeating: "é", count: 500))", "remote": "https://e.com/a.mp4"}]"#)?.entries.count, 1)
        XCTAssertEqual(reason(#"{"title": "A", "subtitle": "\#(longTitle)", "remote": "https://e.com/a.mp4"}"#), .textTooLong)
        let longURL = "https://e.com/" + String(repeating: "a", count: 8200)
        XCTAssertEqual(reason(#"{"title": "A", "remote": "\#(longURL)"}"#), .addressTooLong)
        XCTAssertEqual(reason(#"{"title": "A", "local": "\#(String(repeating: "a/", count: 4100))"}"#), .addressTooLong)
    }

    func testTooManyEntries() throws {
        var parser = CatalogParser()
        parser.maxEntries = 3
        let entries = (0..<10).map { #"{"title": "T\#($0)", "remote": "https://e.com/\#($0).mp4"}"# }
        let catalog = try parser.parse("[" + entries.joined(separator: ",") + "]", catalogURI: fileCatalog)
        XCTAssertEqual(catalog.entries.count, 3)
        XCTAssertEqual(catalog.rejected, [.init(part: .entry, index: 3, reason: .tooManyEntries)])
    }

    func testTheRealLimitAllowsOneHundredThousandEntries() {
        XCTAssertEqual(CatalogParser().maxEntries, 100_000)
    }

    func testWrongTypes() {
        XCTAssertEqual(reason(#"{"title": 42, "remote": "https://e.com/a.mp4"}"#), .wrongType)
        XCTAssertEqual(reason(#"{"title": ["A"], "remote": "https://e.com/a.mp4"}"#), .wrongType)
        XCTAssertEqual(reason(#"{"title": "A", "subtitle": false, "remote": "https://e.com/a.mp4"}"#), .wrongType)
        XCTAssertEqual(reason(#"{"title": "A", "remote": {"url": "https://e.com/a.mp4"}}"#), .wrongType)
        XCTAssertEqual(reason(#"{"title": "A", "local": 7}"#), .wrongType)
        XCTAssertEqual(reason(#"{"title": "A", "remote": "https://e.com/a.mp4", "thumbnail": 1}"#), .wrongType)
    }

    func testMissingTitle() {
        XCTAssertEqual(reason(#"{"remote": "https://e.com/a.mp4"}"#), .missingTitle)
        XCTAssertEqual(reason(#"{"title": "   ", "remote": "https://e.com/a.mp4"}"#), .missingTitle)
        XCTAssertEqual(reason(#"{"title": null, "remote": "https://e.com/a.mp4"}"#), .missingTitle)
    }

    func testExactlyOneAddress() {
        XCTAssertEqual(reason(#"{"title": "A"}"#), .needsOneAddress)
        XCTAssertEqual(reason(#"{"title": "A", "local": "a.mp4", "remote": "https://e.com/a.mp4"}"#), .needsOneAddress)
        XCTAssertEqual(parse(#"[{"title": "A", "local": null, "remote": "https://e.com/a.mp4"}]"#)?.entries.count, 1)
    }

    func testBadClips() {
        let catalog = parse(#"{"clips": ["ok.mp4", 5, "../escape.mp4", "javascript:x", "https://e.com/c.mp4"], "entries": []}"#)
        XCTAssertEqual(catalog?.clips, ["file:///home/me/catalogs/trips/ok.mp4", "https://e.com/c.mp4"])
        XCTAssertEqual(catalog?.rejected, [
            .init(part: .clip, index: 1, reason: .wrongType),
            .init(part: .clip, index: 2, reason: .leavesCatalogFolder),
            .init(part: .clip, index: 3, reason: .addressNotAllowed),
        ])
        XCTAssertEqual(parse(#"{"clips": "a.mp4", "entries": []}"#)?.rejected, [.init(part: .clip, index: 0, reason: .wrongType)])
    }

    func testBadCatalogTitleIsDroppedNotFatal() {
        XCTAssertNil(parse(#"{"title": 5, "entries": []}"#)?.title)
        XCTAssertNil(parse(#"{"title": "a\u0000b", "entries": []}"#)?.title)
    }

    func testReasonsHaveMessages() {
        let reasons: [Catalog.Reason] = [.notAnEntry, .missingTitle, .wrongType, .textTooLong, .controlCharacters, .needsOneAddress,
                                         .addressNotAllowed, .invalidAddress, .addressTooLong, .leavesCatalogFolder,
                                         .localNeedsLocalCatalog, .tooManyEntries]
        XCTAssertEqual(Set(reasons.map(\.message)).count, reasons.count)
    }

    func testTenThousandEntries() throws {
        let entries = (0..<10_000).map { #"{"title": "Clip \#($0)", "subtitle": "Folder", "local": "v/\#($0).mp4"}"# }
        let catalog = try CatalogParser().parse("[" + entries.joined(separator: ",\n") + "]", catalogURI: fileCatalog)
        XCTAssertEqual(catalog.entries.count, 10_000)
        XCTAssertEqual(catalog.entries.last?.uri, "file:///home/me/catalogs/trips/v/9999.mp4")
    }
}

final class SampleCatalogTests: XCTestCase {
    /// The app's own catalog under data/ must load without a single rejection.
    func testTheShippedSampleCatalogLoads() throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../data/catalogs/samples.json").standardizedFileURL.path
        guard let data = FileManager.default.contents(atPath: path) else { throw XCTSkip("no sample catalog at \(path)") }
        let catalog = try CatalogParser().parse(data, catalogURI: URL(fileURLWithPath: path).absoluteString)
        XCTAssertEqual(catalog.rejected, [])
        XCTAssertFalse(catalog.entries.isEmpty)
        XCTAssertTrue(catalog.entries.allSatisfy { $0.kind == .file && $0.sample != nil })
    }
}
