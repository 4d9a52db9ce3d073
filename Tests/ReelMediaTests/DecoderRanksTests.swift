import CGLib
import CGst
import ReelCore
import XCTest
@testable import ReelMedia

/// The hardware decoding setting in the real registry, with a registered
/// element that says it is a hardware decoder (FakeHardwareDecoder).
final class DecoderRanksTests: XCTestCase {
    private func rank(_ name: String) -> Int {
        guard let feature = gst_registry_lookup_feature(gst_registry_get(), name) else { return -1 }
        defer { gst_object_unref(UnsafeMutableRawPointer(feature)) }
        return Int(gst_plugin_feature_get_rank(feature))
    }

    func testHardwareDecodersGoFirstWhenOnAndAreNeverChosenWhenOff() {
        let fake = "reelfakehwdec"
        FakeHardwareDecoder.register(fake)
        defer { DecoderRanks.apply(hardware: false) }
        let software = rank("avdec_h264")
        XCTAssertTrue(DecoderRanks.hardwareDecoders.contains(fake), "\(DecoderRanks.hardwareDecoders)")
        XCTAssertFalse(DecoderRanks.hardwareDecoders.contains("avdec_h264"))
        DecoderRanks.apply(hardware: true)
        XCTAssertGreaterThan(rank(fake), software)
        XCTAssertGreaterThan(rank(fake), HardwareDecoding.primaryRank)
        DecoderRanks.apply(hardware: false)
        XCTAssertEqual(rank(fake), 0)
        XCTAssertEqual(rank("avdec_h264"), software, "software decoders are left alone")
        DecoderRanks.apply(hardware: true)
        XCTAssertEqual(rank(fake), HardwareDecoding.primaryRank + 1, "on again")
    }
}
