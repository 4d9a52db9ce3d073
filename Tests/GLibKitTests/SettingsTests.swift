import CGLib
import Foundation
import XCTest
@testable import GLibKit

/// Reads and writes the app's real schema (data/), compiled into a temp dir
/// that only `extraDirectories` points at, with the in-memory backend.
final class SettingsTests: XCTestCase {
    private static let schemaDirectory: String = {
        setenv("GSETTINGS_BACKEND", "memory", 1)
        let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let directory = NSTemporaryDirectory() + "reel-schemas-\(getpid())"
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let source = repo.appendingPathComponent("data/io.github.reelapp.Reel.gschema.xml").path
        try? FileManager.default.copyItem(atPath: source, toPath: directory + "/io.github.reelapp.Reel.gschema.xml")
        let compile = Process()
        compile.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        compile.arguments = ["glib-compile-schemas", "--strict", directory]
        try? compile.run()
        compile.waitUntilExit()
        return directory
    }()

    private func settings() throws -> Settings {
        try XCTUnwrap(Settings(schemaID: "io.github.reelapp.Reel", extraDirectories: [SettingsTests.schemaDirectory]),
                      "schema not found in \(SettingsTests.schemaDirectory)")
    }

    func testMissingSchemaIsNilNotAnAbort() {
        XCTAssertNil(Settings(schemaID: "io.github.reelapp.DoesNotExist", extraDirectories: ["/nonexistent"]))
    }

    func testUnknownKeysFallBackInsteadOfAborting() throws {
        let settings = try settings()
        XCTAssertEqual(settings.int("no-such-key"), 0)
        XCTAssertFalse(settings.bool("no-such-key"))
        XCTAssertEqual(settings.string("no-such-key"), "")
        XCTAssertEqual(settings.stringList("no-such-key"), [])
        XCTAssertFalse(settings.setInt("no-such-key", 3))
        XCTAssertFalse(settings.setStringList("no-such-key", ["a"]))
    }

    func testDefaultsAndRoundTrip() throws {
        let settings = try settings()
        XCTAssertTrue(settings.hasKey("window-width"))
        XCTAssertFalse(settings.hasKey("no-such-key"))
        XCTAssertEqual(settings.int("window-width"), 1024)
        XCTAssertTrue(settings.setInt("window-width", 1300))
        XCTAssertEqual(settings.int("window-width"), 1300)
        XCTAssertTrue(settings.setBool("window-maximized", true))
        XCTAssertTrue(try self.settings().bool("window-maximized"), "a second Settings does not see the write")
        g_settings_reset(settings.cast(), "window-width")
        g_settings_reset(settings.cast(), "window-maximized")
    }

    func testIntPairRoundTrip() throws {
        let settings = try settings()
        let unset = try XCTUnwrap(settings.intPair("mini-window-position"))
        XCTAssertEqual(unset.0, -1)
        XCTAssertEqual(unset.1, -1)
        XCTAssertTrue(settings.setIntPair("mini-window-position", (1580, 870)))
        let saved = try XCTUnwrap(try self.settings().intPair("mini-window-position"))
        XCTAssertEqual(saved.0, 1580)
        XCTAssertEqual(saved.1, 870)
        XCTAssertNil(settings.intPair("no-such-key"))
        XCTAssertFalse(settings.setIntPair("no-such-key", (1, 2)))
        g_settings_reset(settings.cast(), "mini-window-position")
    }

    func testChangeNotification() throws {
        let settings = try settings()
        var seen: [Int32] = []
        settings.onChange("window-height") { seen.append(settings.int("window-height")) }
        settings.setInt("window-height", 500)
        settings.setInt("window-height", 600)
        XCTAssertEqual(seen, [500, 600])
        g_settings_reset(settings.cast(), "window-height")
    }

    func testDelayedWritesApplyTogether() throws {
        let settings = try settings()
        settings.delay()
        settings.setInt("window-width", 800)
        XCTAssertEqual(try self.settings().int("window-width"), 1024, "a delayed write leaked out before apply")
        settings.apply()
        XCTAssertEqual(try self.settings().int("window-width"), 800)
        g_settings_reset(settings.cast(), "window-width")
    }
}
