import CGLib
import CGst
import Foundation
import GLibKit
import ReelCore
import XCTest
@testable import ReelMedia

/// Chapters from a real file: a Matroska clip whose muxer was given a table
/// of contents (GstTocSetter) reaches the player as chapters, in order,
/// with their titles, and a seek to a chapter's start lands there.
final class PlayerChaptersTests: NoSoundServerTestCase {
    /// 6 s of bars with three chapters: "Opening" at 0, "Middle" at 2 s and
    /// an untitled one at 4 s.
    static let clip: String = {
        let path = MediaFixture.shared.makeFolder("chapters") + "/chapters.mkv"
        do {
            let pipeline = try LaunchPipeline("""
                videotestsrc pattern=smpte num-buffers=180 ! video/x-raw,format=I420,width=160,height=120,framerate=30/1 \
                ! x264enc speed-preset=ultrafast key-int-max=15 ! h264parse ! matroskamux name=mux ! filesink name=sink
                """)
            pipeline.set("sink", "location", string: path)
            guard let mux = pipeline.child("mux") else { fatalError("no muxer") }
            let toc = PlayerChaptersTests.toc([("Opening", 0, 2), ("Middle", 2, 4), ("", 4, 6)])
            gst_toc_setter_set_toc(OpaquePointer(mux.object), toc)
            gst_mini_object_unref(UnsafeMutablePointer<GstMiniObject>(toc))
            guard pipeline.runToEnd(timeout: 60, isCancelled: { false }) == .finished else { fatalError("not made") }
            pipeline.setState(GST_STATE_NULL)
        } catch {
            fatalError("could not make the chapters clip: \(error)")
        }
        return path
    }()

    /// An edition of chapters (title, start s, stop s), as a muxer takes it.
    static func toc(_ chapters: [(String, Double, Double)]) -> OpaquePointer {
        let toc = gst_toc_new(GST_TOC_SCOPE_GLOBAL)!
        let edition = gst_toc_entry_new(GST_TOC_ENTRY_TYPE_EDITION, "edition")!
        for (index, (title, start, stop)) in chapters.enumerated() {
            let entry = gst_toc_entry_new(GST_TOC_ENTRY_TYPE_CHAPTER, "chapter-\(index)")!
            gst_toc_entry_set_start_stop_times(entry, gint64(start * 1e9), gint64(stop * 1e9))
            if !title.isEmpty {
                let tags = gst_tag_list_new_empty()!
                PropertyValue.string(title).withGValue { gst_tag_list_add_value(tags, GST_TAG_MERGE_REPLACE, "title", $0) }
                gst_toc_entry_set_tags(entry, tags)
            }
            gst_toc_entry_append_sub_entry(edition, entry)
        }
        gst_toc_append_entry(toc, edition)
        return toc
    }

    func testTheTableOfContentsBecomesChaptersAndSeeksLandOnThem() throws {
        let watch = PlayerWatch(PlayerChaptersTests.clip)
        XCTAssertTrue(watch.spin(20) { watch.player.state == .playing && watch.chapters != nil }, watch.summary)
        let chapters = try XCTUnwrap(watch.chapters)
        XCTAssertEqual(chapters.all.map(\.title), ["Opening", "Middle", ""])
        XCTAssertEqual(chapters.all.map(\.start), [0, 2, 4])
        XCTAssertEqual(watch.player.chapters, chapters)
        XCTAssertEqual(chapters.label(2, numbered: "Chapter %s"), "Chapter 3")

        // PgDn from the start: the next chapter's start, where the seek lands.
        let target = try XCTUnwrap(chapters.nextStart(after: watch.player.position ?? 0))
        XCTAssertEqual(target, 2)
        let done = watch.seeksDone
        watch.player.seek(to: target)
        XCTAssertTrue(watch.spin(10) { watch.seeksDone > done }, watch.summary)
        let position = try XCTUnwrap(watch.player.position)
        XCTAssertEqual(position, 2, accuracy: 0.1)
        XCTAssertEqual(chapters.chapter(at: position)?.title, "Middle")
    }

    func testAFileWithoutChaptersHasNone() {
        let watch = PlayerWatch(PlayerMedia.shared.clip)
        XCTAssertTrue(watch.spin(20) { watch.player.state == .playing }, watch.summary)
        XCTAssertNil(watch.chapters)
        XCTAssertTrue(watch.player.chapters.isEmpty)
    }
}
