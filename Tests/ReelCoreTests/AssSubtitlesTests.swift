import XCTest
@testable import ReelCore

final class AssSubtitlesTests: XCTestCase {
    private let file = """
        \u{FEFF}[Script Info]
        ScriptType: v4.00+

        [V4+ Styles]
        Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding
        Style: Default,Arial,28,&H00FFFFFF,&H000000FF,&H00000000,&H00000000,0,0,0,0,100,100,0,0,1,2,0,2,10,10,20,1
        Style: Sign,Arial,24,&H0000FFFF,&H000000FF,&H00000000,&H00000000,-1,-1,0,0,100,100,0,0,1,2,0,8,10,10,20,1

        [Events]
        Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text
        Comment: 0,0:00:00.00,0:00:05.00,Default,,0,0,0,,not shown
        Dialogue: 0,0:00:02.50,0:00:04.00,Default,,0,0,0,,Plain, then {\\i1}slanted{\\i0} and {\\c&H0000FF&}red{\\r} again\\Nsecond line
        Dialogue: 0,0:00:01.00,0:00:03.00,Sign,,0,0,0,,A <SIGN> & more
        Dialogue: 0,0:00:05.00,0:00:06.00,*Default,,0,0,0,,{\\pos(10,10)\\p1}m 0 0 l 100 0{\\p0}{\\b1\\u1\\s1}marked
        """

    func testStylesAndOverrideTagsBecomeMarkup() {
        let cues = AssSubtitles.cues(file)
        XCTAssertEqual(cues.map(\.start), [1, 2.5, 5])
        XCTAssertEqual(cues.map(\.end), [3, 4, 6])
        XCTAssertEqual(cues[0].markup, "<span foreground=\"#FFFF00\" weight=\"bold\" style=\"italic\">A &lt;SIGN&gt; &amp; more</span>")
        XCTAssertEqual(cues[1].markup, "Plain, then <span style=\"italic\">slanted</span> and <span foreground=\"#FF0000\">red</span>"
                       + " again\nsecond line")
        XCTAssertEqual(cues[2].markup, "<span weight=\"bold\" underline=\"single\" strikethrough=\"true\">marked</span>",
                       "a drawing is no text")
    }

    func testColours() {
        XCTAssertEqual(AssSubtitles.colour("&H0000FF&"), "#FF0000")
        XCTAssertEqual(AssSubtitles.colour("&H8000FF00"), "#00FF00", "alpha left out")
        XCTAssertEqual(AssSubtitles.colour("16711680"), "#0000FF", "SSA's decimal BGR")
        XCTAssertNil(AssSubtitles.colour("&H00FFFFFF"), "white: the label's own")
        XCTAssertNil(AssSubtitles.colour("nonsense"))
    }

    func testTheLinesShowingAtATime() {
        let cues = AssSubtitles.cues(file)
        XCTAssertNil(SubtitleCues.showing(cues, at: 0.5))
        XCTAssertEqual(SubtitleCues.showing(cues, at: 1.5), cues[0].markup)
        XCTAssertEqual(SubtitleCues.showing(cues, at: 2.6), cues[0].markup + "\n" + cues[1].markup, "both at once")
        XCTAssertNil(SubtitleCues.showing(cues, at: 4.5))
    }

    func testNotAnAssFile() {
        XCTAssertEqual(AssSubtitles.cues("1\n00:00:01,000 --> 00:00:02,000\nHello\n"), [])
    }
}
