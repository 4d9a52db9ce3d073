import Foundation
import XCTest
@testable import GLibKit
@testable import ReelMedia

/// Catalog downloads against a real nginx on the loopback.
final class RemoteFileTests: XCTestCase {
    private static let body = Data((0..<50_000).map { UInt8($0 % 251) })
    private var server: NginxFixture!

    override func setUpWithError() throws {
        try MediaSystem.initialize()
        server = try NginxFixture(files: ["catalog.json": RemoteFileTests.body, "slow.json": RemoteFileTests.body],
                                  statuses: ["/gone.json": 404, "/secret.json": 403, "/broken.json": 500],
                                  slowPath: "/slow.json")
    }

    override func tearDown() { server.stop() }

    func testDownloadsTheWholeFile() {
        XCTAssertEqual(RemoteFile.download(server.url("catalog.json"), timeoutSeconds: 10, maxBytes: 1 << 20),
                       .success([UInt8](RemoteFileTests.body)))
    }

    func testHTTPErrorsCarryTheirStatus() {
        XCTAssertEqual(RemoteFile.download(server.url("gone.json"), timeoutSeconds: 10, maxBytes: 1 << 20), .failure(.http(status: 404)))
        XCTAssertEqual(RemoteFile.download(server.url("secret.json"), timeoutSeconds: 10, maxBytes: 1 << 20), .failure(.http(status: 403)))
        XCTAssertEqual(RemoteFile.download(server.url("broken.json"), timeoutSeconds: 10, maxBytes: 1 << 20), .failure(.http(status: 500)))
    }

    func testConnectionRefusedIsANetworkError() {
        let port = NginxFixture.freePort()
        guard case .failure(.network(let reason)) = RemoteFile.download("http://127.0.0.1:\(port)/x.json", timeoutSeconds: 5, maxBytes: 1 << 20) else {
            return XCTFail("a refused connection was not a network error")
        }
        XCTAssertFalse(reason.isEmpty)
    }

    func testSlowServerTimesOut() {
        let started = Date()
        XCTAssertEqual(RemoteFile.download(server.url("slow.json"), timeoutSeconds: 2, maxBytes: 1 << 20), .failure(.timedOut))
        XCTAssertLessThan(Date().timeIntervalSince(started), 15, "the timeout was not honoured")
    }

    func testOversizedFileIsRefused() {
        XCTAssertEqual(RemoteFile.download(server.url("catalog.json"), timeoutSeconds: 10, maxBytes: 1000), .failure(.tooLarge))
    }

    func testCompletionArrivesOnTheMainContext() {
        final class Box: @unchecked Sendable { var result: Result<[UInt8], FetchError>?; var onMain = false }
        let box = Box()
        RemoteFile.fetch(server.url("catalog.json")) { result in
            box.result = result
            box.onMain = MainContext.isOwner
        }
        let deadline = Date().addingTimeInterval(10)
        while box.result == nil && Date() < deadline { MainContext.iterate(mayBlock: false); usleep(1000) }
        XCTAssertEqual(box.result, .success([UInt8](RemoteFileTests.body)))
        XCTAssertTrue(box.onMain)
    }
}
