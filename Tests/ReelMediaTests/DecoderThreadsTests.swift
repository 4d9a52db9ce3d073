import CGLib
import CGst
import GLibKit
import XCTest
@testable import ReelMedia

/// A libav decoder adopted from element-setup gets its thread count from the
/// stream's caps before it opens the codec.
final class DecoderThreadsTests: XCTestCase {
    private let media = MediaFixture.shared

    func testA320x240H264StreamIsDecodedOnOneThread() throws {
        let pipeline = try LaunchPipeline("filesrc name=src ! qtdemux ! h264parse ! avdec_h264 name=dec ! fakesink")
        pipeline.set("src", "location", string: media.mp4)
        let decoder = try XCTUnwrap(pipeline.child("dec"))
        XCTAssertEqual(maxThreads(decoder), 0, "libav's own choice until the caps come")
        DecoderThreads.adopt(decoder.object.withMemoryRebound(to: GstElement.self, capacity: 1) { $0 })
        _ = pipeline.setState(GST_STATE_PAUSED)
        XCTAssertEqual(pipeline.waitForAsyncDone(timeout: 10), .finished, "prerolled")
        XCTAssertEqual(maxThreads(decoder), 1)
    }

    private func maxThreads(_ element: ObjectRef) -> Int32 {
        PropertyValue.get(from: element.object, "max-threads")?.intValue ?? -1
    }
}
