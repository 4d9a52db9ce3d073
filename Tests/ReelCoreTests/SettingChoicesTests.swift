import XCTest
@testable import ReelCore

final class SettingChoicesTests: XCTestCase {
    func testEachChoiceDecidesHowARememberedVideoStarts() {
        XCTAssertEqual(ResumeChoice.ask.start(saved: 100), .offer(100))
        XCTAssertEqual(ResumeChoice.always.start(saved: 100), .resume(100))
        XCTAssertEqual(ResumeChoice.never.start(saved: 100), .fromBeginning)
        for choice in ResumeChoice.allCases {
            XCTAssertEqual(choice.start(saved: nil), .fromBeginning, "\(choice): nothing remembered")
        }
    }

    /// The Preferences window's choice rows map a position to the i-th value
    /// of these enums: they must be the schema's <choices>, in its order.
    func testChoiceEnumsAreTheSchemasChoices() throws {
        let schemaURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../data/io.github.reelapp.Reel.gschema.xml")
        let schema = try String(contentsOf: schemaURL, encoding: .utf8)
        func choices(_ key: String) -> [String] {
            guard let start = schema.range(of: "<key name=\"\(key)\""),
                  let end = schema.range(of: "</key>", range: start.upperBound..<schema.endIndex) else { return [] }
            return schema[start.upperBound..<end.lowerBound].components(separatedBy: "<choice value=\"").dropFirst()
                .map { String($0.prefix { $0 != "\"" }) }
        }
        XCTAssertEqual(choices("resume"), ResumeChoice.allCases.map(\.rawValue))
        XCTAssertEqual(choices("end-action"), EndAction.allCases.map(\.rawValue))
        XCTAssertEqual(choices("deinterlace"), Deinterlacing.allCases.map(\.rawValue))
        XCTAssertEqual(choices("stream-quality"), StreamQuality.allCases.map(\.rawValue))
    }
}
