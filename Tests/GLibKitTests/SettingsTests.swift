import CGLib
import Foundation
import XCTest
@testable import GLibKit

/// Reads and writes the app's real schema (data/), compiled into a temp dir
/// that only `extraDirectories` points at, with the in-memory backend.
final class SettingsTests: XCTestCase {
    private static let schemaDirectory: String = {
        setenv("GSETTINGS_BACKEND", "memory", 1)
        let directory = NSTemporaryDirectory() + "reel-schemas-\(getpid())"
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try? FileManager.default.copyItem(atPath: schemaSource, toPath: directory + "/io.github.reelapp.Reel.gschema.xml")
        compileSchemas(in: directory)
        return directory
    }()

    private static let schemaSource: String = {
        let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return repo.appendingPathComponent("data/io.github.reelapp.Reel.gschema.xml").path
    }()

    private static func compileSchemas(in directory: String) {
        let compile = Process()
        compile.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        compile.arguments = ["glib-compile-schemas", "--strict", directory]
        try? compile.run()
        compile.waitUntilExit()
    }

    /// The real schema without `keys`, as "io.github.reelapp.ReelStale".
    private static func staleSchemaDirectory(without keys: [SettingKey]) -> String {
        _ = schemaDirectory // sets the memory backend first
        let directory = NSTemporaryDirectory() + "reel-stale-schemas-\(getpid())"
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        var xml = (try? String(contentsOfFile: schemaSource, encoding: .utf8)) ?? ""
        xml = xml.replacingOccurrences(of: "\"io.github.reelapp.Reel\"", with: "\"io.github.reelapp.ReelStale\"")
            .replacingOccurrences(of: "/io/github/reelapp/Reel/", with: "/io/github/reelapp/ReelStale/")
        for key in keys {
            xml = xml.replacingOccurrences(of: #"<key name="\#(key.rawValue)"[^>]*>[\s\S]*?</key>"#, with: "",
                                           options: .regularExpression)
        }
        try? xml.write(toFile: directory + "/io.github.reelapp.ReelStale.gschema.xml", atomically: true, encoding: .utf8)
        compileSchemas(in: directory)
        return directory
    }

    private func settings() throws -> Settings {
        try XCTUnwrap(Settings(schemaID: "io.github.reelapp.Reel", extraDirectories: [SettingsTests.schemaDirectory]),
                      "schema not found in \(SettingsTests.schemaDirectory)")
    }

    func testMissingSchemaIsNilNotAnAbort() {
        XCTAssertNil(Settings(schemaID: "io.github.reelapp.DoesNotExist", extraDirectories: ["/nonexistent"]))
    }

    /// An installed schema older than the binary lacks the newer keys: each
    /// accessor falls back instead of GLib's abort. The stale schema is the
    /// real one with some keys taken out, under another id.
    func testKeysMissingFromAStaleSchemaFallBackInsteadOfAborting() throws {
        let missing: [SettingKey] = [.windowWidth, .showSamples, .feedFilter, .catalogs, .miniWindowPosition, .volume]
        let settings = try XCTUnwrap(Settings(schemaID: "io.github.reelapp.ReelStale",
                                              extraDirectories: [SettingsTests.staleSchemaDirectory(without: missing)]))
        for key in missing { XCTAssertFalse(settings.hasKey(key), key.rawValue) }
        XCTAssertTrue(settings.hasKey(.windowHeight))
        XCTAssertEqual(settings.int(.windowWidth), 0)
        XCTAssertFalse(settings.bool(.showSamples))
        XCTAssertEqual(settings.string(.feedFilter), "")
        XCTAssertEqual(settings.stringList(.catalogs), [])
        XCTAssertEqual(settings.double(.volume, fallback: 0.5), 0.5)
        XCTAssertNil(settings.intPair(.miniWindowPosition))
        XCTAssertFalse(settings.setInt(.windowWidth, 3))
        XCTAssertFalse(settings.setStringList(.catalogs, ["a"]))
        XCTAssertFalse(settings.setIntPair(.miniWindowPosition, (1, 2)))
    }

    /// Every key of the schema file has a case in SettingKey, and every case
    /// is a key of the schema file.
    func testSettingKeyMatchesTheSchemaBothWays() throws {
        let xml = try String(contentsOfFile: SettingsTests.schemaSource, encoding: .utf8)
        let regex = try NSRegularExpression(pattern: #"<key\s+name="([^"]+)""#)
        let schemaKeys = Set(regex.matches(in: xml, range: NSRange(xml.startIndex..., in: xml)).compactMap {
            Range($0.range(at: 1), in: xml).map { String(xml[$0]) }
        })
        XCTAssertFalse(schemaKeys.isEmpty, "no keys read from \(SettingsTests.schemaSource)")
        let caseKeys = Set(SettingKey.allCases.map(\.rawValue))
        XCTAssertEqual(SettingKey.allCases.count, caseKeys.count, "two cases name one key")
        XCTAssertEqual(schemaKeys.subtracting(caseKeys).sorted(), [], "schema keys without a SettingKey case")
        XCTAssertEqual(caseKeys.subtracting(schemaKeys).sorted(), [], "SettingKey cases not in the schema")
        // And GLib, compiling that file, agrees.
        let settings = try settings()
        for key in SettingKey.allCases { XCTAssertTrue(settings.hasKey(key), key.rawValue) }
    }

    func testDefaultsAndRoundTrip() throws {
        let settings = try settings()
        XCTAssertEqual(settings.int(.windowWidth), 1024)
        XCTAssertTrue(settings.setInt(.windowWidth, 1300))
        XCTAssertEqual(settings.int(.windowWidth), 1300)
        XCTAssertTrue(settings.setBool(.windowMaximized, true))
        XCTAssertTrue(try self.settings().bool(.windowMaximized), "a second Settings does not see the write")
        g_settings_reset(settings.cast(), SettingKey.windowWidth.rawValue)
        g_settings_reset(settings.cast(), SettingKey.windowMaximized.rawValue)
    }

    func testIntPairRoundTrip() throws {
        let settings = try settings()
        let unset = try XCTUnwrap(settings.intPair(.miniWindowPosition))
        XCTAssertEqual(unset.0, -1)
        XCTAssertEqual(unset.1, -1)
        XCTAssertTrue(settings.setIntPair(.miniWindowPosition, (1580, 870)))
        let saved = try XCTUnwrap(try self.settings().intPair(.miniWindowPosition))
        XCTAssertEqual(saved.0, 1580)
        XCTAssertEqual(saved.1, 870)
        g_settings_reset(settings.cast(), SettingKey.miniWindowPosition.rawValue)
    }

    func testChangeNotification() throws {
        let settings = try settings()
        var seen: [Int32] = []
        settings.onChange(.windowHeight) { seen.append(settings.int(.windowHeight)) }
        settings.setInt(.windowHeight, 500)
        settings.setInt(.windowHeight, 600)
        XCTAssertEqual(seen, [500, 600])
        g_settings_reset(settings.cast(), SettingKey.windowHeight.rawValue)
    }

    func testDelayedWritesApplyTogether() throws {
        let settings = try settings()
        settings.delay()
        settings.setInt(.windowWidth, 800)
        XCTAssertEqual(try self.settings().int(.windowWidth), 1024, "a delayed write leaked out before apply")
        settings.apply()
        XCTAssertEqual(try self.settings().int(.windowWidth), 800)
        g_settings_reset(settings.cast(), SettingKey.windowWidth.rawValue)
    }
}
