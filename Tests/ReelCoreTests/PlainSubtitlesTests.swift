import XCTest
@testable import ReelCore

final class PlainSubtitlesTests: XCTestCase {
    func testASubRipFileOfOneLine() {
        let cues = PlainSubtitles.cues("1\n00:00:00,500 --> 00:00:35,000\nA sign on the wall\n")
        XCTAssertEqual(cues, [SubtitleCues.Cue(markup: "A sign on the wall", start: 0.5, end: 35)])
    }

    func testSubRipBlocksWithTheirLinesAndStyles() {
        let text = "\u{FEFF}1\r\n00:00:01,000 --> 00:00:02,500\r\n<i>Two</i> lines,\r\n<b>one bold</b>\r\n\r\n"
            + "2\r\n01:02:03,040 --> 01:02:04,000\r\n<font color=\"#ffff00\">Yellow</font> & <u>under</u> <s>out</s>\r\n"
        let cues = PlainSubtitles.cues(text)
        XCTAssertEqual(cues.map(\.markup), ["<i>Two</i> lines,\n<b>one bold</b>",
                                            "<span foreground=\"#ffff00\">Yellow</span> &amp; <u>under</u> <s>out</s>"])
        XCTAssertEqual(cues.map(\.start), [1, 3723.04])
        XCTAssertEqual(cues.map(\.end), [2.5, 3724])
    }

    func testBlocksWithoutBlankLinesBetweenThemAndOutOfOrder() {
        let cues = PlainSubtitles.cues("2\n00:00:05,000 --> 00:00:06,000\nLater\n1\n00:00:01,000 --> 00:00:02,000\nEarlier\n")
        XCTAssertEqual(cues.map(\.markup), ["Earlier", "Later"], "the next block's number is no text")
    }

    func testWebVTTWithItsHeaderNotesSettingsAndVoices() {
        let text = """
            WEBVTT - a film

            NOTE made by hand

            STYLE
            ::cue { color: yellow }

            intro
            00:01.000 --> 00:04.000 line:90% align:center
            <v Roger>Hello &amp; welcome&nbsp;here</v>

            00:00:05.000 --> 00:00:06.000
            <c.yellow>Classes</c> and <00:00:05.500>karaoke <ruby>漢<rt>kan</rt></ruby>

            """
        let cues = PlainSubtitles.cues(text)
        XCTAssertEqual(cues.map(\.markup), ["Hello &amp; welcome\u{00A0}here", "Classes and karaoke 漢kan"])
        XCTAssertEqual(cues.map(\.start), [1, 5])
    }

    func testMarkupAlwaysParses() {
        // Unclosed, crossed and unknown tags, loose angle brackets and ASS codes.
        XCTAssertEqual(PlainSubtitles.markup("<i>open"), "<i>open</i>")
        XCTAssertEqual(PlainSubtitles.markup("<b><i>crossed</b></i>"), "<b><i>crossed</i></b>")
        XCTAssertEqual(PlainSubtitles.markup("a < b > c"), "a &lt; b &gt; c")
        XCTAssertEqual(PlainSubtitles.markup("{\\an8}On top"), "On top")
        XCTAssertEqual(PlainSubtitles.markup("<script>x</script> \"q\""), "x &quot;q&quot;")
        XCTAssertEqual(PlainSubtitles.markup("<font color=\"red\" onload=x>r</font>"), "<span foreground=\"red\">r</span>")
    }

    func testDamagedFilesGiveWhatTheyCan() {
        XCTAssertEqual(PlainSubtitles.cues(""), [])
        XCTAssertEqual(PlainSubtitles.cues("not a subtitle file at all\n\u{0}\u{1}"), [])
        let cues = PlainSubtitles.cues("1\n00:00:01,000 --> nonsense\nLost\n\n2\n00:00:03,000 --> 00:00:02,000\nBackwards\n\n"
                                       + "3\n00:00:04,000 --> 00:00:05,000\nKept\n\n4\n00:00:06,000 --> 00:00:07,000\n\n")
        XCTAssertEqual(cues.map(\.markup), ["Kept"], "a bad time, an end before the start and an empty line are passed over")
        XCTAssertNil(PlainSubtitles.seconds("1:2:3:4,5"))
        XCTAssertNil(PlainSubtitles.seconds("00:61,000"))
        XCTAssertEqual(PlainSubtitles.seconds("00:01:02.5"), 62.5)
    }

    func testWhereALineGoes() {
        // A sign at the top in SubRip, as fan subtitles mark it; SSA's old \a6 is top centre too.
        let srt = "1\n00:00:01,000 --> 00:00:02,000\n{\\an8}A sign\n\n2\n00:00:03,000 --> 00:00:04,000\n{\\b1\\a6}Top\n\n"
            + "3\n00:00:05,000 --> 00:00:06,000\nDialogue\n"
        XCTAssertEqual(PlainSubtitles.cues(srt).map(\.placement),
                       [SubtitlePlacement(numpad: 8), SubtitlePlacement(numpad: 8), nil])
        XCTAssertEqual(PlainSubtitles.cues(srt).first?.markup, "A sign")
        // WebVTT's line and align settings.
        let vtt = "WEBVTT\n\n00:01.000 --> 00:02.000 line:0 align:start\nTop left\n\n"
            + "00:03.000 --> 00:04.000 line:45%,center\nMiddle\n\n00:05.000 --> 00:06.000 line:-1 position:50%\nBottom\n\n"
            + "00:07.000 --> 00:08.000 align:end\nBottom right\n"
        XCTAssertEqual(PlainSubtitles.cues(vtt).map(\.placement),
                       [SubtitlePlacement(numpad: 7), SubtitlePlacement(numpad: 5), nil, SubtitlePlacement(numpad: 3)])
    }
}
