import Foundation
import XCTest
@testable import ReelCore

final class AtomicFileTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("reel-atomic-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
        try FileManager.default.removeItem(at: folder)
    }

    private func contents(_ name: String) throws -> String {
        try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
    }

    private func listing() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    func testWritesANewFile() throws {
        try AtomicFile.write(Data("first".utf8), to: folder.appendingPathComponent("state.json").path)
        XCTAssertEqual(try contents("state.json"), "first")
        XCTAssertEqual(try listing(), ["state.json"], "no temporary file left")
    }

    func testReplacesAnExistingFile() throws {
        let path = folder.appendingPathComponent("state.json").path
        try AtomicFile.write(Data("old contents that are longer".utf8), to: path)
        try AtomicFile.write(Data("new".utf8), to: path)
        XCTAssertEqual(try contents("state.json"), "new")
        try AtomicFile.write(Data(), to: path)
        XCTAssertEqual(try contents("state.json"), "")
        XCTAssertEqual(try listing(), ["state.json"])
    }

    func testMissingFolderThrows() {
        let path = folder.appendingPathComponent("missing/state.json").path
        XCTAssertThrowsError(try AtomicFile.write(Data("x".utf8), to: path))
        XCTAssertEqual(try listing(), [])
    }

    func testPathThroughAFileThrows() throws {
        try AtomicFile.write(Data("old".utf8), to: folder.appendingPathComponent("file").path)
        XCTAssertThrowsError(try AtomicFile.write(Data("x".utf8), to: folder.appendingPathComponent("file/state.json").path))
        XCTAssertEqual(try contents("file"), "old")
    }

    /// The rename is what fails here (the target is a folder), after the
    /// temporary file was written: the target and the folder stay as they were.
    func testFailedReplaceLeavesTheOldThingIntact() throws {
        let target = folder.appendingPathComponent("state.json")
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: false)
        try Data("keep".utf8).write(to: target.appendingPathComponent("inside"))
        XCTAssertThrowsError(try AtomicFile.write(Data("x".utf8), to: target.path))
        XCTAssertEqual(try contents("state.json/inside"), "keep")
        XCTAssertEqual(try listing(), ["state.json"], "no temporary file left")
    }

    func testUnwritableFolderThrowsAndKeepsTheOldFile() throws {
        let path = folder.appendingPathComponent("state.json").path
        try AtomicFile.write(Data("old".utf8), to: path)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder.path)
        // Root ignores permissions; then this case cannot be shown.
        let probe = folder.appendingPathComponent("probe").path
        if FileManager.default.createFile(atPath: probe, contents: nil) {
            try? FileManager.default.removeItem(atPath: probe)
            throw XCTSkip("running with permission to write anywhere (root)")
        }
        XCTAssertThrowsError(try AtomicFile.write(Data("new".utf8), to: path))
        XCTAssertEqual(try contents("state.json"), "old")
    }
}
