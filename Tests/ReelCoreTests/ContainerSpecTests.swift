import Foundation
import ReelCore
import XCTest

/// The table of containers: every case has one complete row, the rows
/// agree with one another and with what reads them (the encoders chosen,
/// the file names recovered), and every label is translated.
final class ContainerSpecTests: XCTestCase {
    private static let poFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../po").standardizedFileURL

    func testEveryContainerHasExactlyOneRow() {
        for container in RecordingFormat.Container.allCases {
            XCTAssertEqual(ContainerSpec.all.filter { $0.container == container }.count, 1, "\(container)")
            XCTAssertEqual(ContainerSpec.spec(for: container).container, container)
        }
        XCTAssertEqual(ContainerSpec.all.count, RecordingFormat.Container.allCases.count)
    }

    func testEveryRowIsComplete() {
        for spec in ContainerSpec.all {
            let name = spec.container.rawValue
            for (field, value) in [("label", spec.label), ("extension", spec.fileExtension), ("muxer", spec.muxer),
                                   ("caps", spec.caps)] {
                XCTAssertFalse(value.isEmpty, "\(name): \(field)")
                XCTAssertEqual(value.trimmingCharacters(in: .whitespaces), value, "\(name): \(field)")
            }
            XCTAssertFalse(spec.videoEncoders.isEmpty, name)
            XCTAssertFalse(spec.audioEncoders.isEmpty, name)
            XCTAssertEqual(Set(spec.videoEncoders).count, spec.videoEncoders.count, "\(name): an encoder listed twice")
            XCTAssertFalse(spec.fileExtension.contains("."), name)
            XCTAssertEqual(spec.fileExtension, spec.fileExtension.lowercased(), name)
            XCTAssertTrue(spec.caps.hasPrefix("video/"), "\(name): \(spec.caps)")
            XCTAssertEqual(spec.elements.first, spec.muxer)
        }
    }

    /// Saved movies name their container by its raw value; the file's
    /// extension is its own field, and both are unique.
    func testNamesExtensionsMuxersAndLabelsAreUnique() {
        for key in [\ContainerSpec.fileExtension, \.muxer, \.label, \.caps] {
            let values = ContainerSpec.all.map { $0[keyPath: key] }
            XCTAssertEqual(Set(values).count, values.count, "\(values)")
        }
    }

    /// What the row says follows from its codecs: H.264 goes through
    /// h264parse, AAC through aacparse; only a fragmented MP4 is finished
    /// after a crash; only AAC's priming is marked by Reel (Opus says its own).
    func testEachRowIsConsistentWithItsCodecs() {
        for spec in ContainerSpec.all {
            let name = spec.container.rawValue
            let h264 = spec.videoEncoders.allSatisfy { $0.contains("264") }
            let aac = spec.audioEncoders.allSatisfy { $0.contains("aac") }
            XCTAssertEqual(spec.videoParser, h264 ? "h264parse" : nil, name)
            XCTAssertEqual(spec.audioParser, aac ? "aacparse" : nil, name)
            XCTAssertEqual(spec.marksPriming, aac, name)
            XCTAssertEqual(spec.needsFinishing, spec.recordingMuxerProperties.contains("fragment-duration"), name)
            if spec.audioEncoders == ["opusenc"] { XCTAssertFalse(spec.marksPriming, name) }
        }
    }

    func testTheRows() {
        let mp4 = ContainerSpec.spec(for: .mp4)
        XCTAssertEqual([mp4.fileExtension, mp4.muxer, mp4.caps], ["mp4", "mp4mux", "video/quicktime,variant=iso"])
        XCTAssertEqual(mp4.recordingMuxerProperties, "fragment-duration=1000")
        XCTAssertTrue(mp4.needsFinishing)
        XCTAssertTrue(mp4.marksPriming)
        let webm = ContainerSpec.spec(for: .webm)
        XCTAssertEqual([webm.fileExtension, webm.muxer, webm.caps], ["webm", "webmmux", "video/webm"])
        XCTAssertEqual(webm.videoEncoders, ["vp8enc", "vp9enc"])
        XCTAssertFalse(webm.needsFinishing)
        let mkv = ContainerSpec.spec(for: .mkv)
        XCTAssertEqual([mkv.fileExtension, mkv.muxer, mkv.caps], ["mkv", "matroskamux", "video/x-matroska"])
        XCTAssertEqual(mkv.videoEncoders, mp4.videoEncoders, "Matroska takes the same H.264 encoders")
        XCTAssertEqual(mkv.audioEncoders, ["opusenc"])
        XCTAssertEqual(mkv.elements, ["matroskamux", "h264parse"])
        XCTAssertFalse(mkv.needsFinishing)
        XCTAssertFalse(mkv.marksPriming)
        XCTAssertEqual(ContainerSpec.all.map(\.container), [.mp4, .webm, .mkv], "the camera's order of preference")
    }

    func testLookUpByFileName() {
        XCTAssertEqual(ContainerSpec.spec(forFileNamed: ".Recording 2026-12-01 10-00-00.mp4")?.container, .mp4)
        XCTAssertEqual(ContainerSpec.spec(forFileNamed: "Recording.webm")?.container, .webm)
        XCTAssertEqual(ContainerSpec.spec(forFileNamed: ".Recording 2026-12-01 10-00-00 (2).mkv")?.container, .mkv)
        XCTAssertNil(ContainerSpec.spec(forFileNamed: ".Recording 2026-12-01 10-00-00.mkv.part"))
        XCTAssertNil(ContainerSpec.spec(forFileNamed: "Recording.avi"))
        XCTAssertNil(ContainerSpec.spec(forFileNamed: "mp4"))
        XCTAssertNil(ContainerSpec.spec(forFileNamed: "notes.xmp4"))
        for spec in ContainerSpec.all {
            XCTAssertEqual(ContainerSpec.spec(forFileNamed: "a.\(spec.fileExtension)"), spec)
        }
    }

    /// Each row's encoders are what `RecordingFormat` chooses for it, and
    /// without its muxer or parser it cannot be written.
    func testRecordingFormatChoosesFromTheRow() {
        for spec in ContainerSpec.all {
            let installed = Set(spec.elements + spec.videoEncoders.suffix(1) + spec.audioEncoders.suffix(1))
            let format = RecordingFormat.choose(spec.container) { installed.contains($0) }
            XCTAssertEqual(format, RecordingFormat(container: spec.container, videoEncoder: spec.videoEncoders.last!,
                                                   audioEncoder: spec.audioEncoders.last!))
            XCTAssertEqual(format?.spec, spec)
            XCTAssertEqual(format?.fileExtension, spec.fileExtension)
            XCTAssertEqual(format?.muxer, spec.muxer)
            for element in spec.elements {
                XCTAssertNil(RecordingFormat.choose(spec.container) { $0 != element && installed.contains($0) },
                             "\(spec.container) without \(element)")
            }
        }
    }

    func testMatroskaIsOfferedWhereH264AndOpusAre() {
        let installed: Set = ["matroskamux", "h264parse", "x264enc", "opusenc"]
        XCTAssertEqual(MovieOutput.availableContainers { installed.contains($0) }, [.mkv])
        XCTAssertEqual(MovieOutput(container: .mkv).format { installed.contains($0) },
                       RecordingFormat(container: .mkv, videoEncoder: "x264enc", audioEncoder: "opusenc"))
        // The camera takes it too where nothing better can be written.
        XCTAssertEqual(RecordingFormat.choose { installed.contains($0) }?.container, .mkv)
        let everything = installed.union(["mp4mux", "aacparse", "avenc_aac", "webmmux", "vp8enc"])
        XCTAssertEqual(MovieOutput.availableContainers { everything.contains($0) }, [.mp4, .webm, .mkv])
    }

    func testStreamCapsFollowTheEncoders() {
        let mkv = RecordingFormat(container: .mkv, videoEncoder: "x264enc", audioEncoder: "opusenc")
        XCTAssertEqual([mkv.videoCaps, mkv.audioCaps], ["video/x-h264", "audio/x-opus"])
        let mp4 = RecordingFormat(container: .mp4, videoEncoder: "vah264enc", audioEncoder: "voaacenc")
        XCTAssertEqual([mp4.videoCaps, mp4.audioCaps], ["video/x-h264", "audio/mpeg,mpegversion=4"])
        XCTAssertEqual(RecordingFormat(container: .webm, videoEncoder: "vp9enc", audioEncoder: "opusenc").videoCaps, "video/x-vp9")
        XCTAssertEqual(RecordingFormat(container: .webm, videoEncoder: "vp8enc", audioEncoder: "opusenc").videoCaps, "video/x-vp8")
    }

    /// A saved movie keeps its container by raw value: Matroska's reads back.
    func testAMatroskaMovieIsSavedAndReadBack() throws {
        var edit = MovieEdit()
        edit.output = MovieOutput(container: .mkv, size: .hd)
        let document = MovieDocument(edit: edit)
        let read = try MovieDocument.decode(try document.encode(), id: document.id)
        XCTAssertEqual(read.edit.output, edit.output)
    }

    /// Every label (the Format menu's) is in the template and translated
    /// in every shipped language.
    func testLabelsAreTranslated() throws {
        let template = try String(contentsOf: Self.poFolder.appendingPathComponent("reel.pot"), encoding: .utf8)
        for spec in ContainerSpec.all {
            XCTAssertTrue(template.contains("msgid \"\(spec.label)\"\nmsgstr \"\""), "\(spec.label) is not in reel.pot")
            for language in ["zh_CN", "vi"] {
                let catalogue = try String(contentsOf: Self.poFolder.appendingPathComponent("\(language).po"), encoding: .utf8)
                let entry = try XCTUnwrap(catalogue.range(of: "msgid \"\(spec.label)\"\nmsgstr \""), "\(language): \(spec.label)")
                XCTAssertNotEqual(catalogue[entry.upperBound...].first, "\"", "\(language) has no translation of \(spec.label)")
            }
        }
    }
}
