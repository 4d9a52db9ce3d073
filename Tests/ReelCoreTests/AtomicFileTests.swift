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
        // Root writes whatever the permissions say: for root the folder is
        // mounted read-only on itself (a bind mount), as a read-only disk.
        let bound = getuid() == 0 && mount(["--bind", folder.path, folder.path])
        defer { if bound { _ = mount(["-u", folder.path]) } }
        if getuid() == 0 {
            XCTAssertTrue(bound && mount(["-o", "remount,bind,ro", folder.path]), "no read-only mount")
        }
        XCTAssertFalse(FileManager.default.createFile(atPath: folder.appendingPathComponent("probe").path, contents: nil),
                       "the folder is still writable")
        XCTAssertThrowsError(try AtomicFile.write(Data("new".utf8), to: path))
        XCTAssertEqual(try contents("state.json"), "old")
    }

    /// Runs mount(8), or umount(8) with "-u" first; true when it succeeded.
    private func mount(_ arguments: [String]) -> Bool {
        let process = Process()
        let unmount = arguments.first == "-u"
        process.executableURL = URL(fileURLWithPath: unmount ? "/bin/umount" : "/bin/mount")
        process.arguments = unmount ? Array(arguments.dropFirst()) : arguments
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}
