import CGLib
import Foundation
import GLibKit
import ReelCore
import XCTest
@testable import ReelServices

/// GNOME Shell's search provider on a private session bus: the Shell's
/// calls of org.gnome.Shell.SearchProvider2 on the real interface, over a
/// feed the test hands it.
final class SearchProviderTests: XCTestCase {
    private static let interface = "org.gnome.Shell.SearchProvider2"

    private var bus: PrivateBus!
    private var application: UnsafeMutablePointer<GApplication>!
    private var provider: SearchProvider!
    private var folder = ""
    private var library = FeedLibrary()
    /// How often the provider asked for the feed.
    private var supplied = 0
    private var activated: [(String, UInt32)] = []
    private var launched: [([String], UInt32)] = []

    private var harbour = ""
    private var market = ""
    private var picture = ""

    override func setUpWithError() throws {
        try super.setUpWithError()
        XCTAssertTrue(TestFiles.resourcesRegistered, "the GResource did not compile")
        folder = TestFiles.temporaryFolder("search-provider")
        picture = folder + "/harbour.png"
        XCTAssertTrue(FileManager.default.createFile(atPath: picture, contents: Data([0x89, 0x50, 0x4E, 0x47])))
        harbour = URL(fileURLWithPath: folder + "/harbour.mp4").absoluteString
        market = "https://example.com/night-market.mp4"
        _ = library.setItems([
            VideoItem(uri: harbour, kind: .file, title: "Harbour at Night", subtitle: "Hải Phòng",
                      thumbnailURI: URL(fileURLWithPath: picture).absoluteString, origin: .videosFolder),
            VideoItem(uri: market, kind: .remote, title: "Night Market", subtitle: "By the harbour",
                      origin: .catalog("https://example.com/feed.json")),
        ], from: .videosFolder)

        bus = try PrivateBus()
        application = g_application_new("io.github.reelapp.ReelServicesTests", G_APPLICATION_NON_UNIQUE)
        provider = SearchProvider(application: application) { [unowned self] reply in
            self.supplied += 1
            reply(self, self.library)
        }
        provider.onActivate = { [unowned self] id, timestamp in self.activated.append((id, timestamp)) }
        provider.onLaunchSearch = { [unowned self] terms, timestamp in self.launched.append((terms, timestamp)) }
        var error: UnsafeMutablePointer<GError>?
        XCTAssertTrue(provider.register(on: bus.service, error: &error),
                      error.map { String(cString: $0.pointee.message) } ?? "not registered")
    }

    override func tearDown() {
        provider = nil
        bus = nil
        g_object_unref(UnsafeMutableRawPointer(application))
        try? FileManager.default.removeItem(atPath: folder)
        MainLoop.drain()
        super.tearDown()
    }

    @discardableResult
    private func call(_ method: String, _ parameters: Variant) throws -> Reply {
        try call(method, parameters.make())
    }

    @discardableResult
    private func call(_ method: String, _ parameters: OpaquePointer) throws -> Reply {
        try bus.call(bus.serviceName, SearchProvider.objectPath, SearchProviderTests.interface, method, parameters)
    }

    /// A tuple with a timestamp (u) last, which GLibKit's Variant has no case for.
    private func tuple(_ values: [Variant], timestamp: UInt32) -> OpaquePointer {
        var children: [OpaquePointer?] = values.map { $0.make() } + [g_variant_new_uint32(timestamp)]
        return g_variant_new_tuple(&children, gsize(children.count))
    }

    func testTheInitialResultsAreTheFeedsMatchesTitlesFirst() throws {
        let results = try call("GetInitialResultSet", .tuple([.strings(["HARBOUR"])])).child(0)
        XCTAssertEqual(results.type, "as")
        // The title match first, then the one whose subtitle matches.
        XCTAssertEqual(results.strings, [harbour, market])
        XCTAssertEqual(try call("GetInitialResultSet", .tuple([.strings(["night", "market"])])).child(0).strings, [market])
        XCTAssertEqual(try call("GetInitialResultSet", .tuple([.strings(["volcano"])])).child(0).strings, [])
        XCTAssertEqual(try call("GetSubsearchResultSet", .tuple([.strings([harbour, market]), .strings(["harbour", "hải"])]))
                        .child(0).strings, [harbour])
        XCTAssertEqual(supplied, 4, "each answer waits for the feed")
    }

    func testMetasNameEachResultWithItsPicture() throws {
        let metas = try call("GetResultMetas", .tuple([.strings([market, "file:///gone.mp4", harbour])])).child(0)
        XCTAssertEqual(metas.type, "aa{sv}")
        XCTAssertEqual(metas.count, 2, "an id no longer in the feed has no meta")
        let first = metas.child(0)
        XCTAssertEqual(first["id"]?.string, market)
        XCTAssertEqual(first["name"]?.string, "Night Market")
        XCTAssertEqual(first["description"]?.string, ShellSearch.description(of: library.item(withID: market)!))
        // No picture of its own and none in the thumbnail cache: the themed icon.
        XCTAssertEqual(first["gicon"]?.string, "video-x-generic")
        let second = metas.child(1)
        XCTAssertEqual(second["id"]?.string, harbour)
        XCTAssertEqual(second["gicon"]?.string, picture, "the catalog's own picture on this computer")
    }

    func testActivatingAResultAndMoreResultsReachTheApp() throws {
        try call("ActivateResult", tuple([.string(harbour), .strings(["harbour"])], timestamp: 1234))
        XCTAssertEqual(activated.map(\.0), [harbour])
        XCTAssertEqual(activated.map(\.1), [1234])
        try call("LaunchSearch", tuple([.strings(["night", "market"])], timestamp: 99))
        XCTAssertEqual(launched.map(\.0), [["night", "market"]])
        XCTAssertEqual(launched.map(\.1), [99])
    }

    func testWrongArgumentsAreRefusedAndUnregisterTakesTheObjectAway() throws {
        XCTAssertThrowsError(try call("GetInitialResultSet", .tuple([.string("not a list")])),
                             "GDBus checks the arguments against the interface")
        provider.unregister()
        XCTAssertThrowsError(try call("GetInitialResultSet", .tuple([.strings(["harbour"])])),
                             "the object went with unregister")
    }
}
