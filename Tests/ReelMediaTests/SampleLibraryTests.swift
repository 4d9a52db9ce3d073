import CGLib
import Foundation
import ReelCore
import XCTest
@testable import ReelMedia

final class SampleLibraryTests: XCTestCase {
    private let media = MediaFixture.shared

    static var catalogPath: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("data/catalogs/samples.json").path
    }

    /// The shipped catalog, made small and short so the test stays quick;
    /// patterns, sounds, containers and file names are the real ones.
    private func reducedPlan() throws -> SamplePlan {
        var plan = try SamplePlan(catalogPath: SampleLibraryTests.catalogPath)
        for index in plan.items.indices {
            plan.items[index].recipe.width = 160
            plan.items[index].recipe.height = 90
            plan.items[index].recipe.seconds = 1
        }
        return plan
    }

    func testTheShippedCatalogIsAPlan() throws {
        let plan = try SamplePlan(catalogPath: SampleLibraryTests.catalogPath)
        XCTAssertEqual(plan.items.count, 9)
        let entries = plan.items.prefix(6)
        XCTAssertTrue(entries.contains { $0.recipe.width == 1920 && $0.recipe.height == 1080 })
        XCTAssertTrue(entries.allSatisfy { (5...20).contains($0.recipe.seconds) })
        XCTAssertEqual(Set(entries.map(\.recipe.pattern)).count, 6, "each sample looks different")
        for clip in plan.items.suffix(3) {
            XCTAssertEqual(clip.recipe.width, 640)
            XCTAssertTrue((2...4).contains(clip.recipe.seconds))
        }
    }

    func testMalformedPlansAreRejected() {
        let noRecipe = #"{"entries": [], "clips": ["a.mp4"]}"#
        let twice = #"{"entries": [{"title": "A", "local": "a.mp4", "sample": {"pattern": "ball", "width": 8, "height": 8, "fps": 1, "seconds": 1, "wave": "sine", "freq": 1, "container": "mp4"}}, {"title": "B", "local": "a.mp4", "sample": {"pattern": "ball", "width": 8, "height": 8, "fps": 1, "seconds": 1, "wave": "sine", "freq": 1, "container": "mp4"}}]}"#
        let escape = #"{"entries": [{"title": "A", "local": "../a.mp4", "sample": {"pattern": "ball", "width": 8, "height": 8, "fps": 1, "seconds": 1, "wave": "sine", "freq": 1, "container": "mp4"}}]}"#
        for json in [noRecipe, twice, escape, "[1"] {
            XCTAssertThrowsError(try SamplePlan(catalogJSON: Data(json.utf8)), json)
        }
    }

    func testGeneratesEveryFileOnceWithProgressOnTheMainContext() throws {
        let folder = media.makeFolder("samples")
        let library = SampleLibrary(plan: try reducedPlan(), folder: folder)
        XCTAssertFalse(library.isComplete)
        let run = Run()
        library.start(progress: { run.progress.append(($0, Thread.isMainThread)) },
                      completion: { run.outcome = $0 })
        XCTAssertTrue(spinMainContext(timeout: 120) { run.outcome != nil })
        XCTAssertEqual(run.outcome, .finished)
        XCTAssertTrue(run.progress.allSatisfy(\.1), "progress is reported on the main context")
        XCTAssertEqual(run.progress.last?.0, SampleLibrary.Progress(done: 9, total: 9, currentTitle: nil))
        // "Preparing sample videos (N of 9)": 1 to 9 in order, never 10 of 9.
        let counted = run.progress.map(\.0.working)
        XCTAssertEqual(counted.first, 1)
        XCTAssertEqual(counted.last, 9)
        XCTAssertEqual(counted, counted.sorted())
        XCTAssertTrue(counted.allSatisfy { (1...9).contains($0) }, "\(counted)")
        XCTAssertTrue(run.progress.contains { $0.0.currentTitle == "Morning on the Bay" })
        XCTAssertTrue(library.isComplete)

        let probe = MediaProbe()
        for item in library.plan.items {
            guard case .video(let info) = probe.probe(MediaFixture.uri(library.path(of: item))) else {
                XCTFail("\(item.fileName) does not probe as a video"); continue
            }
            XCTAssertEqual(info.width, 160, item.fileName)
            XCTAssertEqual(info.height, 90, item.fileName)
            XCTAssertEqual(info.duration ?? 0, 1, accuracy: 0.2, item.fileName)
            XCTAssertNotNil(info.audioCodec, "\(item.fileName) has sound")
            let expected = item.recipe.container == "webm" ? "VP8" : "H.264"
            XCTAssertTrue(info.videoCodec?.hasPrefix(expected) == true, "\(item.fileName): \(info.videoCodec ?? "")")
        }
        let hidden = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".partial") }
        XCTAssertEqual(hidden, [])

        // A second run finds everything done and touches nothing.
        let before = try modificationDates(folder)
        let again = Run()
        SampleLibrary(plan: library.plan, folder: folder)
            .start(progress: { again.progress.append(($0, true)) }, completion: { again.outcome = $0 })
        XCTAssertTrue(spinMainContext(timeout: 10) { again.outcome != nil })
        XCTAssertEqual(again.outcome, .finished)
        XCTAssertEqual(again.progress.map(\.0), [SampleLibrary.Progress(done: 9, total: 9, currentTitle: nil)])
        XCTAssertEqual(try modificationDates(folder), before)

        // A changed recipe regenerates that file only.
        var changed = library.plan
        changed.items[1].recipe.freq += 1
        let partial = SampleLibrary(plan: changed, folder: folder)
        XCTAssertEqual(partial.pending().map(\.fileName), [changed.items[1].fileName])
    }

    func testCancelLeavesNoHalfFile() throws {
        let folder = media.makeFolder("cancelled")
        var plan = try reducedPlan()
        plan.items = [plan.items[0]]
        plan.items[0].recipe.seconds = 60
        let library = SampleLibrary(plan: plan, folder: folder, parallelism: 1)
        let run = Run()
        library.start(progress: { progress in
            run.progress.append((progress, true))
            if progress.currentTitle != nil { library.cancel() }
        }, completion: { run.outcome = $0 })
        XCTAssertTrue(spinMainContext(timeout: 30) { run.outcome != nil })
        XCTAssertEqual(run.outcome, .cancelled)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder)
        XCTAssertEqual(files, [], "no sample, no partial file, no stamp")
        XCTAssertFalse(library.isComplete)
    }

    /// A system without GStreamer's pango plugin (Debian's gstreamer1.0-x)
    /// still gets its samples, without titles, and says what it lacks; once
    /// the plugin is there, the untitled files are made again.
    func testWithoutTheTextOverlayTheSamplesAreMadeWithoutTitles() throws {
        let folder = media.makeFolder("untitled")
        var plan = try reducedPlan()
        plan.items = [plan.items[0], plan.items[6]]
        let library = SampleLibrary(plan: plan, folder: folder)
        MediaFixture.withoutElements(["textoverlay", "timeoverlay"]) {
            XCTAssertEqual(OptionalElement.missing(isInstalled: MediaSystem.hasElement).map(\.factory),
                           ["textoverlay", "timeoverlay"])
            let run = Run()
            library.start(progress: { _ in }, completion: { run.outcome = $0 })
            XCTAssertTrue(spinMainContext(timeout: 60) { run.outcome != nil })
            XCTAssertEqual(run.outcome, .finished)
            XCTAssertTrue(library.isComplete)
            for item in plan.items {
                guard case .video = MediaProbe().probe(MediaFixture.uri(library.path(of: item))) else {
                    return XCTFail("\(item.fileName) does not probe as a video")
                }
            }
        }
        XCTAssertTrue(MediaSystem.hasElement("textoverlay"), "the registry is as it was")
        XCTAssertEqual(library.pending().count, 2, "made again, with titles, now that the overlay exists")
    }

    /// /dev/full fails every write with ENOSPC, as a full disk does.
    func testAFullDiskIsReported() throws {
        let pipeline = try LaunchPipeline("audiotestsrc num-buffers=100 ! filesink name=sink")
        pipeline.set("sink", "location", string: "/dev/full")
        guard case .failed(let error) = pipeline.runToEnd(timeout: 10, isCancelled: { false }) else {
            return XCTFail("writing to /dev/full succeeded")
        }
        XCTAssertEqual(SampleLibrary.failure(for: error, file: "a.mp4", folder: "/samples"), .diskFull(folder: "/samples"))
    }

    private func modificationDates(_ folder: String) throws -> [String: Date] {
        var dates: [String: Date] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) {
            dates[name] = try FileManager.default.attributesOfItem(atPath: folder + "/" + name)[.modificationDate] as? Date
        }
        return dates
    }
}

private final class Run: @unchecked Sendable {
    var progress: [(SampleLibrary.Progress, Bool)] = []
    var outcome: SampleLibrary.Outcome?
}
