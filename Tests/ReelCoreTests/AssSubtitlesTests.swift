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

final class AssPlacementTests: XCTestCase {
    private static let header = """
        [Script Info]
        ScriptType: v4.00+
        PlayResX: 640
        PlayResY: 360

        [V4+ Styles]
        Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding
        Style: Default,Arial,28,&H00FFFFFF,&H000000FF,&H00000000,&H00000000,0,0,0,0,100,100,0,0,1,2,0,2,32,64,36,1
        Style: Sign,Arial,24,&H0000FFFF,&H00FF0000,&H00000000,&H00000000,0,0,0,0,100,100,0,0,1,2,0,9,16,16,18,1

        [Events]
        Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text

        """

    private func cue(_ text: String, style: String = "Default", margins: String = "0,0,0",
                     header: String = AssPlacementTests.header) -> SubtitleCues.Cue {
        let cues = AssSubtitles.cues(header + "Dialogue: 0,0:00:01.00,0:00:05.00,\(style),,\(margins),,\(text)\n")
        XCTAssertEqual(cues.count, 1)
        return cues[0]
    }

    func testTheStylesAlignmentAndMarginsInTheScriptsSize() {
        XCTAssertEqual(cue("words").placement,
                       SubtitlePlacement(horizontal: .centre, vertical: .end, left: 0.05, right: 0.1, verticalMargin: 0.1))
        XCTAssertEqual(cue("sign", style: "Sign").placement,
                       SubtitlePlacement(horizontal: .end, vertical: .start, left: 0.025, right: 0.025, verticalMargin: 0.05))
        XCTAssertEqual(cue("moved", margins: "64,0,72").placement,
                       SubtitlePlacement(horizontal: .centre, vertical: .end, left: 0.1, right: 0.1, verticalMargin: 0.2),
                       "an event's margins stand for the style's unless 0")
    }

    func testOverrideTagsAlignTheLine() {
        XCTAssertEqual(cue("{\\an8}top").placement?.vertical, .start)
        XCTAssertEqual(cue("{\\an8}top").placement?.horizontal, .centre)
        XCTAssertEqual(cue("{\\an4}left{\\an9}").placement.map { [$0.horizontal, $0.vertical] }, [.start, .centre],
                       "the first \\an counts")
        XCTAssertEqual(cue("{\\a6}SSA's top centre").placement.map { [$0.horizontal, $0.vertical] }, [.centre, .start])
        XCTAssertEqual(cue("{\\a9}SSA's middle left").placement.map { [$0.horizontal, $0.vertical] }, [.start, .centre])
        XCTAssertEqual(cue("{\\an7\\b1}top left").markup, "<span weight=\"bold\">top left</span>", "no tag shows as text")
        // An SSA file's style numbers its alignment SSA's way.
        let ssa = """
            [Script Info]
            ScriptType: v4.00

            [V4 Styles]
            Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, TertiaryColour, BackColour, Bold, Italic, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, AlphaLevel, Encoding
            Style: Default,Arial,20,16777215,255,0,0,0,0,1,2,0,5,10,10,10,0,0

            [Events]
            Format: Marked, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text

            """
        XCTAssertEqual(cue("top left", header: ssa).placement.map { [$0.horizontal, $0.vertical] }, [.start, .start])
    }

    func testPosIsAPointInTheScriptsSize() {
        let point = cue("{\\an2\\pos(320,90)}here").placement
        XCTAssertEqual(point?.point, SubtitlePlacement.Point(x: 0.5, y: 0.25))
        XCTAssertEqual(point?.vertical, .end, "the line's bottom centre is at the point")
        // No PlayResX: 4:3 of PlayResY, as libass takes it; neither: 384 × 288.
        let onlyHeight = AssPlacementTests.header.replacingOccurrences(of: "PlayResX: 640\n", with: "")
            .replacingOccurrences(of: "PlayResY: 360", with: "PlayResY: 720")
        XCTAssertEqual(cue("{\\pos(480,360)}x", header: onlyHeight).placement?.point, SubtitlePlacement.Point(x: 0.5, y: 0.5))
        let neither = AssPlacementTests.header.replacingOccurrences(of: "PlayResX: 640\nPlayResY: 360\n", with: "")
        XCTAssertEqual(cue("{\\pos(96,72)}x", header: neither).placement?.point, SubtitlePlacement.Point(x: 0.25, y: 0.25))
    }

    func testFades() throws {
        let fade = try XCTUnwrap(cue("{\\fad(500,1000)}fading").fade)
        XCTAssertEqual(fade.opacity(at: 0.5), 0)
        XCTAssertEqual(fade.opacity(at: 1), 0)
        XCTAssertEqual(fade.opacity(at: 1.25), 0.5, accuracy: 1e-9)
        XCTAssertEqual(fade.opacity(at: 3), 1)
        XCTAssertEqual(fade.opacity(at: 4.5), 0.5, accuracy: 1e-9)
        XCTAssertEqual(fade.opacity(at: 5), 0)
        // \fade: alpha 255 (nothing) to 0 over 0.2–0.7 s of the line, then
        // to 127.5 from 2 s to 3 s.
        let full = try XCTUnwrap(cue("{\\fade(255,0,127.5,200,700,2000,3000)}x").fade)
        XCTAssertEqual(full.opacity(at: 1.1), 0)
        XCTAssertEqual(full.opacity(at: 1.45), 0.5, accuracy: 1e-9)
        XCTAssertEqual(full.opacity(at: 2.5), 1)
        XCTAssertEqual(full.opacity(at: 3.5), 0.75, accuracy: 1e-9)
        XCTAssertEqual(full.opacity(at: 4.5), 0.5, accuracy: 1e-9)
        XCTAssertNil(cue("still").fade)
        // What shows says the opacity.
        let line = cue("{\\fad(500,0)}in")
        XCTAssertEqual(SubtitleCues.shown([line], at: 1.25).map(\.opacity), [0.5])
        XCTAssertEqual(SubtitleCues.shown([line], at: 2).map(\.opacity), [1])
    }

    func testKaraokeIsACuePerSyllableSungInPrimaryTheRestInSecondary() {
        // Sign: yellow primary, blue secondary; times in centiseconds from
        // the line's start (1 s). \kf sweeps: it switches halfway.
        let cues = AssSubtitles.cues(AssPlacementTests.header
            + "Dialogue: 0,0:00:01.00,0:00:05.00,Sign,,0,0,0,,Sing {\\k50}ka{\\k100}ra{\\kf100}o{\\ko50}{\\2c&H0000FF&}ke\n")
        let yellow = "<span foreground=\"#FFFF00\">", blue = "<span foreground=\"#0000FF\">", red = "<span foreground=\"#FF0000\">"
        XCTAssertEqual(cues.map(\.start), [1, 1.5, 3, 3.5])
        XCTAssertEqual(cues.map(\.end), [1.5, 3, 3.5, 5])
        XCTAssertEqual(cues.map(\.markup), [
            yellow + "Sing ka</span>" + blue + "rao</span>" + red + "ke</span>",
            yellow + "Sing kara</span>" + blue + "o</span>" + red + "ke</span>",
            yellow + "Sing karao</span>" + red + "ke</span>",
            yellow + "Sing karaoke</span>",
        ])
        XCTAssertEqual(Set(cues.map(\.placement)).count, 1, "one place for all the syllables")
        XCTAssertEqual(SubtitleCues.showing(cues, at: 3.2), cues[2].markup)
    }

    func testAnEmbeddedEventIsStyledByItsTracksHeader() {
        // Matroska gives the header in the caps and each event apart:
        // ReadOrder, Layer, Style, Name, MarginL, MarginR, MarginV, Effect, Text.
        let script = AssScript(AssPlacementTests.header)
        let sign = AssSubtitles.cues(embedded: "1,0,Sign,,0,0,0,,{\\an8}A sign, with commas", start: 2, end: 4, script: script)
        XCTAssertEqual(sign, [SubtitleCues.Cue(markup: "<span foreground=\"#FFFF00\">A sign, with commas</span>", start: 2, end: 4,
                                               placement: SubtitlePlacement(horizontal: .centre, vertical: .start, left: 0.025,
                                                                            right: 0.025, verticalMargin: 0.05),
                                               order: 1)])
        let words = AssSubtitles.cues(embedded: "0,0,Default,Anna,0,0,0,,{\\i1}Words", start: 2, end: nil, script: script)
        XCTAssertEqual(words.map(\.markup), ["<span style=\"italic\">Words</span>"])
        XCTAssertNil(words.first?.end, "no duration: until the next line")
        // Both start at 2 s, at two places: both kept, in two labels.
        var received = SubtitleCues()
        (sign + words).forEach { received.add($0) }
        XCTAssertEqual(received.shown(at: 3).map(\.markup), [sign[0].markup, words[0].markup])
        XCTAssertEqual(received.shown(at: 3).map(\.placement), [sign[0].placement, words[0].placement])
        // A stream's plain lines at one time are still one line sent again.
        received.add(SubtitleCues.Cue(markup: "plain", start: 6, end: 7))
        received.add(SubtitleCues.Cue(markup: "plain again", start: 6, end: 7))
        XCTAssertEqual(received.showing(at: 6.5), "plain again")
    }

    func testAnEmbeddedSsaEventIsStyledByItsV4Header() {
        // FFmpeg muxes an SSA file as it is: its [V4 Styles] number their
        // alignments SSA's way (6: top centre) and give colours in decimal.
        let script = AssScript("""
            [Script Info]
            ScriptType: v4.00

            [V4 Styles]
            Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, TertiaryColour, BackColour, Bold, Italic, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, AlphaLevel, Encoding
            Style: Default,Arial,20,65280,255,0,0,0,0,1,2,0,6,10,10,10,0,0
            """)
        let cues = AssSubtitles.cues(embedded: "0,0,Default,,0000,0000,0000,,SSA TOP GREEN", start: 1, end: 2, script: script)
        XCTAssertEqual(cues.map(\.markup), ["<span foreground=\"#00FF00\">SSA TOP GREEN</span>"])
        XCTAssertEqual(cues.first?.placement, SubtitlePlacement(horizontal: .centre, vertical: .start, left: 10.0 / 384,
                                                                right: 10.0 / 384, verticalMargin: 10.0 / 288))
    }

    func testLinesAtOnePlaceShareALabel() {
        let top = SubtitlePlacement(numpad: 8, verticalMargin: 0.1), lower = SubtitlePlacement(numpad: 8, verticalMargin: 0.3)
        let point = SubtitlePlacement(numpad: 8, point: .init(x: 0.5, y: 0.5))
        let cues = [SubtitleCues.Cue(markup: "one", start: 0, end: 5), SubtitleCues.Cue(markup: "sign", start: 1, end: 5, placement: top),
                    SubtitleCues.Cue(markup: "two", start: 2, end: 5), SubtitleCues.Cue(markup: "more", start: 3, end: 5, placement: lower),
                    SubtitleCues.Cue(markup: "there", start: 3, end: 5, placement: point)]
        XCTAssertEqual(SubtitleCues.shown(cues, at: 4), [SubtitleCues.Shown(markup: "one\ntwo"),
                                                         SubtitleCues.Shown(markup: "sign\nmore", placement: top),
                                                         SubtitleCues.Shown(markup: "there", placement: point)],
                       "the first line's margins for the label; a point is a place of its own")
    }
}

final class SubtitlePlacementTests: XCTestCase {
    /// A 16:9 picture letterboxed in a 1000 × 1000 view: 1000 × 562.5 from y 218.75.
    private let picture = ContentMode.fit.placement(aspect: 16.0 / 9.0, width: 1000, height: 1000)

    func testAlignedLinesKeepTheirMarginsInThePicture() {
        let bottom = SubtitlePlacement(numpad: 2, left: 0.1, right: 0.2, verticalMargin: 0.1)
        XCTAssertEqual(bottom.margins(in: picture, width: 1000, height: 1000),
                       .init(start: 100, end: 200, top: 0, bottom: 218.75 + 56.25))
        XCTAssertEqual(bottom.margins(in: picture, width: 1000, height: 1000, side: 150, bottom: 400),
                       .init(start: 150, end: 200, top: 0, bottom: 400), "the room at the sides and under the controls")
        let topLeft = SubtitlePlacement(numpad: 7, left: 0.1, right: 0.2, verticalMargin: 0.1)
        XCTAssertEqual(topLeft.margins(in: picture, width: 1000, height: 1000, bottom: 400),
                       .init(start: 100, end: 200, top: 218.75 + 56.25, bottom: 0), "a top line does not rise")
        XCTAssertEqual(topLeft.margins(in: picture, width: 1000, height: 1000, top: 400, bottom: 400),
                       .init(start: 100, end: 200, top: 400, bottom: 0), "but goes under the top bar")
        XCTAssertEqual(bottom.margins(in: picture, width: 1000, height: 1000, top: 900).top, 0)
        let middleRight = SubtitlePlacement(numpad: 6, left: 0.1, right: 0.2, verticalMargin: 0.1)
        XCTAssertEqual(middleRight.margins(in: picture, width: 1000, height: 1000), .init(start: 100, end: 200, top: 0, bottom: 0))
    }

    func testAPointIsWhereTheAlignedEdgeGoes() {
        let centred = SubtitlePlacement(numpad: 5, point: .init(x: 0.25, y: 0.5))
        XCTAssertEqual(centred.margins(in: picture, width: 1000, height: 1000, side: 24, bottom: 900),
                       .init(start: 0, end: 500, top: 0, bottom: 0), "centred on (250, 500): as wide as room on both sides")
        let bottomRight = SubtitlePlacement(numpad: 3, point: .init(x: 0.5, y: 1))
        XCTAssertEqual(bottomRight.margins(in: picture, width: 1000, height: 1000),
                       .init(start: 0, end: 500, top: 0, bottom: 218.75))
        let offPicture = SubtitlePlacement(numpad: 7, point: .init(x: 1.5, y: -1))
        XCTAssertEqual(offPicture.margins(in: picture, width: 1000, height: 1000), .init(start: 800, end: 0, top: 0, bottom: 0),
                       "kept in the view, with a fifth of it")
    }

    func testALineOfKnownSizeAtAPointIsMovedOnlyToStayWhole() {
        // 200 × 40, centred on (250, 500): 150–350 across, 480–520 down.
        let centred = SubtitlePlacement(numpad: 5, point: .init(x: 0.25, y: 0.5))
        XCTAssertEqual(centred.margins(in: picture, width: 1000, height: 1000, size: (200, 40)),
                       .init(start: 150, end: 650, top: 480, bottom: 480))
        // Centred on (50, 500): it would begin at -50, so it begins at 0.
        let nearTheEdge = SubtitlePlacement(numpad: 5, point: .init(x: 0.05, y: 0.5))
        XCTAssertEqual(nearTheEdge.margins(in: picture, width: 1000, height: 1000, size: (200, 40)),
                       .init(start: 0, end: 800, top: 480, bottom: 480))
        // Its bottom at the picture's bottom (781.25): above the controls' 300.
        let bottomRight = SubtitlePlacement(numpad: 3, point: .init(x: 1, y: 1))
        XCTAssertEqual(bottomRight.margins(in: picture, width: 1000, height: 1000, bottom: 300, size: (200, 40)),
                       .init(start: 800, end: 0, top: 660, bottom: 300))
        // Wider than the view: the view.
        XCTAssertEqual(centred.margins(in: picture, width: 1000, height: 1000, size: (1500, 40)),
                       .init(start: 0, end: 0, top: 480, bottom: 480))
    }

    func testMarginsWiderThanTheViewLeaveTheLineAFifth() {
        let squeezed = SubtitlePlacement(numpad: 2, left: 0.6, right: 0.6)
        let margins = squeezed.margins(in: picture, width: 1000, height: 1000)
        XCTAssertEqual(margins.start + margins.end, 800, accuracy: 1e-9)
    }
}
