import CGLib
import Foundation
import GLibKit
import ReelCore
import XCTest
@testable import ReelServices

/// The MPRIS object on a private session bus, driven the way GNOME Shell's
/// media controls drive it: its name comes and goes with the player's
/// state, properties and methods go through the real interfaces (the XML in
/// the GResource), and changes reach clients as PropertiesChanged.
final class MPRISServiceTests: XCTestCase {
    private final class FakePlayer: MPRISPlayer {
        var mprisState: MPRISState?
        var mprisPosition = 12.5
        var performed: [MPRISCommand] = []
        func perform(_ command: MPRISCommand) { performed.append(command) }
    }

    private static let path = MPRISService.objectPath
    private static let name = MPRISService.busName
    private static let player = MPRISService.playerInterface

    private var bus: PrivateBus!
    private var player: FakePlayer!
    private var service: MPRISService!
    private var owner: PrivateBus.NameWatch!

    override func setUpWithError() throws {
        try super.setUpWithError()
        XCTAssertTrue(TestFiles.resourcesRegistered, "the GResource did not compile")
        bus = try PrivateBus()
        player = FakePlayer()
        service = MPRISService(connection: bus.service)
        service.player = player
        owner = bus.watch(MPRISServiceTests.name)
    }

    override func tearDown() {
        service = nil
        owner = nil
        bus = nil
        MainLoop.drain()
        super.tearDown()
    }

    private func playing(serial: Int = 1, _ change: (inout MPRISState) -> Void = { _ in }) -> MPRISState {
        var state = MPRISState(playback: .playing, stoppedOnRequest: false, seekable: true, endAction: .stop,
                               rate: 1, volume: 0.8, muted: false,
                               metadata: MPRISMetadata(serial: serial, title: "Harbour at Night",
                                                       url: "file:///videos/harbour.mp4", length: 90, artURL: nil))
        change(&state)
        return state
    }

    /// Publishes `state` and waits until the client sees the name.
    private func publish(_ state: MPRISState) throws {
        player.mprisState = state
        service.refresh()
        XCTAssertTrue(MainLoop.run { owner.owner != nil }, "the name never appeared")
        XCTAssertEqual(owner.owner, bus.serviceName)
    }

    private func get(_ property: String, of interface: String = MPRISServiceTests.player) throws -> Reply {
        try bus.property(MPRISServiceTests.name, MPRISServiceTests.path, interface, property)
    }

    func testTheNameIsOwnedOnlyWhileThePlayerHasAState() throws {
        service.refresh()
        MainLoop.drain()
        XCTAssertNil(owner.owner, "published with no video")
        try publish(playing())
        player.mprisState = nil
        service.refresh()
        XCTAssertTrue(MainLoop.run { owner.owner == nil }, "the name stayed after the video went")
        XCTAssertThrowsError(try get("PlaybackStatus"), "the object stayed without its name")
    }

    func testPropertiesSayThePlayersState() throws {
        try publish(playing())
        XCTAssertEqual(try get("PlaybackStatus").string, "Playing")
        XCTAssertEqual(try get("LoopStatus").string, "None")
        XCTAssertEqual(try get("Volume").double, 0.8)
        XCTAssertEqual(try get("Position").int64, 12_500_000)
        XCTAssertTrue(try get("CanSeek").bool)
        XCTAssertFalse(try get("CanGoNext").bool)
        let metadata = try get("Metadata")
        XCTAssertEqual(metadata["xesam:title"]?.string, "Harbour at Night")
        XCTAssertEqual(metadata["xesam:url"]?.string, "file:///videos/harbour.mp4")
        XCTAssertEqual(metadata["mpris:length"]?.int64, 90_000_000)
        XCTAssertEqual(metadata["mpris:trackid"]?.type, "o")
        XCTAssertEqual(try get("Identity", of: MPRISService.rootInterface).string, AppInfo.name)
        XCTAssertTrue(try get("CanRaise", of: MPRISService.rootInterface).bool)

        let all = try bus.call(MPRISServiceTests.name, MPRISServiceTests.path, "org.freedesktop.DBus.Properties",
                               "GetAll", Variant.tuple([.string(MPRISServiceTests.player)]).make()).child(0)
        XCTAssertTrue(Set(all.keys).isSuperset(of: ["PlaybackStatus", "Rate", "Metadata", "CanControl", "MinimumRate"]),
                      "GetAll: \(all.keys)")
    }

    func testMethodsAndWritesBecomeCommands() throws {
        try publish(playing())
        let call = { (method: String, parameters: Variant?) in
            _ = try self.bus.call(MPRISServiceTests.name, MPRISServiceTests.path, MPRISServiceTests.player, method,
                              parameters?.make())
        }
        try call("PlayPause", nil)
        try call("Pause", nil)
        // Five seconds on from 12.5 s; past the end it stops at the end.
        try call("Seek", .tuple([.int64(5_000_000)]))
        try call("Seek", .tuple([.int64(600_000_000)]))
        try call("SetPosition", .tuple([.objectPath(MPRISMetadata.trackID(serial: 1)), .int64(30_000_000)]))
        // Another track's position, and Next with nothing after: ignored.
        try call("SetPosition", .tuple([.objectPath(MPRISMetadata.trackID(serial: 7)), .int64(30_000_000)]))
        try call("Next", nil)
        try call("OpenUri", .tuple([.string("https://example.com/clip.mp4")]))
        try bus.setProperty(MPRISServiceTests.name, MPRISServiceTests.path, MPRISServiceTests.player, "Volume", .double(2))
        try bus.setProperty(MPRISServiceTests.name, MPRISServiceTests.path, MPRISServiceTests.player, "Rate", .double(0))
        try bus.setProperty(MPRISServiceTests.name, MPRISServiceTests.path, MPRISServiceTests.player,
                            "LoopStatus", .string("Track"))
        try bus.call(MPRISServiceTests.name, MPRISServiceTests.path, MPRISService.rootInterface, "Raise")
        XCTAssertEqual(player.performed, [
            .playPause, .pause, .seek(to: 17.5), .seek(to: 90), .seek(to: 30), .open("https://example.com/clip.mp4"),
            .volume(VolumeLevel.clamped(2)), .pause, .endAction(.loop), .raise,
        ])
    }

    func testAChangeIsOnePropertiesChangedWithOnlyWhatChanged() throws {
        try publish(playing())
        let changes = bus.record("org.freedesktop.DBus.Properties", "PropertiesChanged", at: MPRISServiceTests.path)
        player.mprisState = playing { $0.status = .paused }
        service.setNeedsRefresh()
        player.mprisState = playing(serial: 2) { $0.status = .paused }
        service.setNeedsRefresh()
        XCTAssertTrue(MainLoop.run { !changes.signals.isEmpty }, "no PropertiesChanged")
        // A second signal would reach the client before this reply (one
        // sender's messages keep their order).
        XCTAssertEqual(try get("PlaybackStatus").string, "Paused")
        XCTAssertEqual(changes.signals.count, 1, "a burst of changes is one signal")
        let signal = try XCTUnwrap(changes.signals.first)
        XCTAssertEqual(signal.child(0).string, MPRISServiceTests.player)
        let changed = signal.child(1)
        XCTAssertEqual(Set(changed.keys), ["PlaybackStatus", "Metadata"])
        XCTAssertEqual(changed["PlaybackStatus"]?.string, "Paused")
        XCTAssertEqual(changed["Metadata"]?["mpris:trackid"]?.string, MPRISMetadata.trackID(serial: 2))
    }

    func testAJumpIsSeekedWithWhereTheVideoIsNow() throws {
        try publish(playing())
        let seeks = bus.record(MPRISServiceTests.player, "Seeked", at: MPRISServiceTests.path)
        service.seeked(to: 42.25)
        XCTAssertTrue(MainLoop.run { !seeks.signals.isEmpty }, "no Seeked")
        XCTAssertEqual(seeks.signals.first?.child(0).int64, 42_250_000)
    }
}
