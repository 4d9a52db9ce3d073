import CGLib
import CGst
import Foundation
import GLibKit
import ReelCore
import XCTest
@testable import ReelMedia

/// Audio and text streams through a real playbin: a Matroska film with an
/// English sound at 440 Hz, a German one at 880 Hz and a French text
/// stream, on black pictures, and a .srt beside it.
final class PlayerTracksTests: XCTestCase {
    /// Made once: the film and its subtitle file, in the shared fixture's folder.
    private static let film: (video: String, srt: String) = {
        let folder = MediaFixture.shared.makeFolder("tracks")
        let video = folder + "/Film.mkv", srt = folder + "/Film.srt", embedded = folder + "/embedded.srt"
        try! "1\n00:00:00,100 --> 00:00:05,000\nEMBEDDED LINE\n\n2\n00:00:06,000 --> 00:00:11,000\nEMBEDDED LINE\n\n"
            .write(toFile: embedded, atomically: true, encoding: .utf8)
        // Longer than 128 bytes: GStreamer's type finder reads that much
        // before it says a file is SubRip.
        try! """
            1\n00:00:01,500 --> 00:00:03,000\nSUBTITLE FROM FILE\n\n2\n00:00:08,000 --> 00:00:09,000\nA LATER LINE\n\n\
            3\n00:00:10,000 --> 00:00:11,000\nAND ONE MORE LINE\n\n
            """.write(toFile: srt, atomically: true, encoding: .utf8)
        let sound = "audiotestsrc freq=%d num-buffers=600 samplesperbuffer=960 ! audio/x-raw,rate=48000,channels=2"
            + " ! taginject tags=\"language-code=%@\" ! audioconvert ! opusenc ! queue ! mux. "
        try! MediaFixture.make(video, "matroskamux name=mux ! filesink name=sink "
            + "videotestsrc pattern=black num-buffers=360 ! video/x-raw,width=320,height=240,framerate=30/1"
            + " ! x264enc speed-preset=ultrafast key-int-max=15 ! h264parse ! queue ! mux. "
            + String(format: sound, 440, "eng") + String(format: sound, 880, "ger")
            + "filesrc location=\(embedded) ! subparse ! text/x-raw,format=utf8 ! taginject tags=\"language-code=fre\" ! queue ! mux.")
        return (video, srt)
    }()

    /// The sound reaching the output: zero crossings of the first channel
    /// per second of sound, from the sink's input pad.
    private final class ToneMeter: @unchecked Sendable {
        private let lock = NSLock()
        private var crossings = 0, samples = 0, rate = 48000
        private var last: Float = 0

        func attach(to player: Player) {
            var value = GValue()
            g_value_init(&value, GType(20 << 2))  // G_TYPE_OBJECT
            g_object_get_property(UnsafeMutableRawPointer(player.playbin).assumingMemoryBound(to: GObject.self), "audio-sink", &value)
            let sink = g_value_get_object(&value)!.assumingMemoryBound(to: GstElement.self)
            let pad = gst_element_get_static_pad(sink, "sink")!
            g_value_unset(&value)
            gst_pad_add_probe(pad, GST_PAD_PROBE_TYPE_BUFFER, { pad, info, data in
                let meter = Unmanaged<ToneMeter>.fromOpaque(data!).takeUnretainedValue()
                guard let buffer = info?.pointee.data?.assumingMemoryBound(to: GstBuffer.self),
                      let caps = gst_pad_get_current_caps(pad) else { return GST_PAD_PROBE_OK }
                let structure = gst_caps_get_structure(caps, 0)
                let format = String(cString: gst_structure_get_string(structure, "format"))
                var channels: gint = 1, rate: gint = 48000
                gst_structure_get_int(structure, "channels", &channels)
                gst_structure_get_int(structure, "rate", &rate)
                gst_caps_unref(caps)
                var map = GstMapInfo()
                guard gst_buffer_map(buffer, &map, GST_MAP_READ) != 0 else { return GST_PAD_PROBE_OK }
                meter.add(map.data, Int(map.size), format: format, channels: Int(channels), rate: Int(rate))
                gst_buffer_unmap(buffer, &map)
                return GST_PAD_PROBE_OK
            }, Unmanaged.passRetained(self).toOpaque(), { Unmanaged<ToneMeter>.fromOpaque($0!).release() })
            gst_object_unref(UnsafeMutableRawPointer(pad))
        }

        private func add(_ data: UnsafeMutablePointer<guint8>, _ size: Int, format: String, channels: Int, rate: Int) {
            lock.lock()
            defer { lock.unlock() }
            self.rate = rate
            let f32 = format.hasPrefix("F32")
            let frames = size / ((f32 ? 4 : 2) * channels)
            for frame in 0..<frames {
                let value: Float = f32
                    ? UnsafeRawPointer(data).load(fromByteOffset: frame * channels * 4, as: Float.self)
                    : Float(UnsafeRawPointer(data).load(fromByteOffset: frame * channels * 2, as: Int16.self))
                if (value >= 0) != (last >= 0) { crossings += 1 }
                last = value
            }
            samples += frames
        }

        /// Starts counting again.
        func reset() {
            lock.lock()
            crossings = 0
            samples = 0
            lock.unlock()
        }

        var seconds: Double {
            lock.lock()
            defer { lock.unlock() }
            return Double(samples) / Double(rate)
        }

        /// The tone in Hz since the last reset (two crossings a period).
        var frequency: Double {
            lock.lock()
            defer { lock.unlock() }
            return samples == 0 ? 0 : Double(crossings) / 2 / (Double(samples) / Double(rate))
        }
    }

    func testTracksAreListedWithTheirLanguagesAndSwitchingChangesTheSound() throws {
        let player = Player(uri: MediaFixture.uri(Self.film.video))
        defer { player.close() }
        var reports = 0
        player.onEvent = { event in if case .tracks = event { reports += 1 } }
        let meter = ToneMeter()
        meter.attach(to: player)
        XCTAssertTrue(spinMainContext(timeout: 20) { player.state == .playing && player.audioTracks.count == 2 })
        XCTAssertGreaterThan(reports, 0, "the streams were reported")
        let languages = LanguageTable.system()
        XCTAssertEqual(player.audioTracks.map { $0.language.flatMap(languages.name) }, ["English", "German"])
        XCTAssertEqual(player.audioTracks.map(\.channels), [2, 2])
        XCTAssertEqual(player.textTracks.map { $0.language.flatMap(languages.name) }, ["French"])
        XCTAssertNil(player.subtitleFileTrack)
        XCTAssertEqual(TrackMenu.audioLabels(player.audioTracks, languages: languages, words: .english),
                       ["English (Stereo)", "German (Stereo)"])

        meter.reset()
        XCTAssertTrue(spinMainContext(timeout: 10) { meter.seconds > 0.5 })
        XCTAssertEqual(meter.frequency, 440, accuracy: 20, "the first stream plays")

        let before = player.position ?? 0
        player.selectAudio(1)
        XCTAssertEqual(player.currentAudio, 1)
        // The new stream at once: what was queued of the old one is flushed.
        var heard: [Double] = []
        XCTAssertTrue(spinMainContext(timeout: 10) {
            meter.reset()
            _ = spinMainContext(timeout: 5) { meter.seconds > 0.2 }
            heard.append(meter.frequency)
            return abs(meter.frequency - 880) < 30
        }, "the second stream plays: \(heard)")
        XCTAssertEqual(player.state, .playing, "no pause")
        XCTAssertGreaterThan(player.position ?? 0, before, "no jump back")
    }

    func testAFileBesideTheVideoIsFoundAndItsLineComesWithItsFrames() throws {
        let folder = (Self.film.video as NSString).deletingLastPathComponent
        let found = SubtitleFiles.find(for: "Film.mkv", beside: try FileManager.default.contentsOfDirectory(atPath: folder),
                                       languages: LanguageTable.system())
        XCTAssertEqual(found.map(\.path), ["Film.srt"])
        let srt = MediaFixture.uri(folder + "/" + found[0].path)
        let player = Player(uri: MediaFixture.uri(Self.film.video), subtitleURI: srt, subtitleEncoding: "UTF-8")
        defer { player.close() }
        // What would be drawn over each frame, by the frame's time.
        var shown: [(pts: Double, text: String?)] = []
        player.sink.onFrame = { frame in
            if let pts = frame.pts { shown.append((Double(pts) / 1e9, player.subtitle(at: pts))) }
        }
        XCTAssertTrue(spinMainContext(timeout: 20) { player.state == .playing && player.textTracks.count == 1 })
        // Reel reads the SubRip file itself: no stream of playbin's.
        let file = try XCTUnwrap(player.subtitleFileTrack)
        XCTAssertEqual(file, Player.styledTrack)
        let embeddedTrack = 0
        XCTAssertEqual(player.textTracks[embeddedTrack].language.flatMap(LanguageTable.system().name), "French")
        player.selectText(file)
        XCTAssertTrue(player.showsText)
        XCTAssertTrue(spinMainContext(timeout: 20) { (shown.last?.pts ?? 0) > 3.5 })
        let during = shown.filter { $0.pts > 1.6 && $0.pts < 2.9 }
        XCTAssertFalse(during.isEmpty)
        XCTAssertTrue(during.allSatisfy { $0.text == "SUBTITLE FROM FILE" }, "the file's line from 1.5 s: \(during.map(\.text))")
        XCTAssertTrue(shown.filter { $0.pts > 3.1 }.allSatisfy { $0.text == nil }, "and gone after 3 s")

        // Off: nothing, though the embedded line lasts until 5 s.
        player.selectText(nil)
        XCTAssertFalse(player.showsText)
        shown.removeAll()
        XCTAssertTrue(spinMainContext(timeout: 20) { shown.count > 5 })
        XCTAssertTrue(shown.allSatisfy { $0.text == nil })

        // The embedded stream, without opening the video again.
        player.selectText(embeddedTrack)
        shown.removeAll()
        XCTAssertTrue(spinMainContext(timeout: 20) { shown.contains { $0.text == "EMBEDDED LINE" } }, "the embedded line shows")
        XCTAssertEqual(player.state, .playing)
    }

    /// A Chinese .srt saved in GBK (as Windows in China still writes them):
    /// guessed from its bytes and read in that encoding, its line reaches the
    /// frames as the right characters, not mojibake.
    func testAChineseFileInGBKIsReadAsChinese() throws {
        let folder = MediaFixture.shared.makeFolder("gbk")
        let line = "我们明天早上在火车站见面。"
        let text = "1\n00:00:00,500 --> 00:00:05,000\n\(line)\n\n2\n00:00:08,000 --> 00:00:09,000\n你好，世界！这是一个字幕。\n\n"
            + "3\n00:00:10,000 --> 00:00:11,000\n再见。\n\n"
        let gbk = try XCTUnwrap(Self.gbk(text))
        let srt = folder + "/Film.srt"
        XCTAssertTrue(FileManager.default.createFile(atPath: srt, contents: Data(gbk)))
        let encoding = SubtitleEncoding.guess(gbk)
        XCTAssertEqual(encoding, .chinese)
        let player = Player(uri: MediaFixture.uri(Self.film.video), subtitleURI: MediaFixture.uri(srt),
                            subtitleEncoding: encoding.rawValue)
        defer { player.close() }
        var shown: [String] = []
        player.sink.onFrame = { frame in if let pts = frame.pts, let text = player.subtitle(at: pts) { shown.append(text) } }
        XCTAssertTrue(spinMainContext(timeout: 20) { player.subtitleFileTrack != nil })
        player.selectText(player.subtitleFileTrack)
        XCTAssertTrue(spinMainContext(timeout: 20) { !shown.isEmpty })
        XCTAssertEqual(shown.first, line)
    }

    /// A Matroska film whose second English text stream is flagged forced
    /// (FlagForced, written by FFmpeg: GStreamer's muxer writes no such
    /// flag, and its demuxer passes none on): the player says which stream
    /// is forced, with or without a subtitle file loaded beside them, and
    /// it is what shows when the sound is in the user's language.
    func testAStreamTheFileFlagsForcedIsForcedAndChosen() throws {
        let folder = MediaFixture.shared.makeFolder("forced")
        let full = folder + "/full.srt", signs = folder + "/signs.srt", film = folder + "/Forced.mkv"
        try "1\n00:00:00,200 --> 00:00:04,000\nEVERY WORD SAID IN THE FILM\n\n2\n00:00:04,500 --> 00:00:05,000\nMORE\n\n"
            .write(toFile: full, atomically: true, encoding: .utf8)
        try "1\n00:00:00,200 --> 00:00:04,000\nA SIGN ON THE WALL\n\n2\n00:00:04,500 --> 00:00:05,000\nANOTHER SIGN\n\n"
            .write(toFile: signs, atomically: true, encoding: .utf8)
        let ffmpeg = Process()
        ffmpeg.executableURL = URL(fileURLWithPath: "/usr/bin/ffmpeg")
        ffmpeg.arguments = ["-loglevel", "error", "-y", "-f", "lavfi", "-i", "testsrc=size=320x180:rate=15:duration=5",
                            "-f", "lavfi", "-i", "sine=duration=5", "-i", full, "-i", signs,
                            "-map", "0", "-map", "1", "-map", "2", "-map", "3", "-c:v", "libx264", "-preset", "ultrafast",
                            "-c:a", "libopus", "-c:s", "srt", "-metadata:s:a:0", "language=eng",
                            "-metadata:s:s:0", "language=eng", "-metadata:s:s:1", "language=eng",
                            "-disposition:s:0", "0", "-disposition:s:1", "forced", film]
        try ffmpeg.run()
        ffmpeg.waitUntilExit()
        XCTAssertEqual(ffmpeg.terminationStatus, 0)
        let languages = LanguageTable.system()

        for subtitleURI in [nil, MediaFixture.uri(Self.film.srt)] {
            let player = Player(uri: MediaFixture.uri(film), subtitleURI: subtitleURI, subtitleEncoding: subtitleURI == nil ? nil : "UTF-8")
            defer { player.close() }
            // A SubRip file is read by Reel, not listed among playbin's streams.
            let count = 2
            XCTAssertTrue(spinMainContext(timeout: 20) {
                player.state == .playing && player.textTracks.count == count && (subtitleURI == nil || player.subtitleFileTrack != nil)
            })
            let embedded = player.textTracks.filter { $0.index != player.subtitleFileTrack }
            XCTAssertEqual(embedded.map(\.forced), [false, true], "with the file \(subtitleURI ?? "none")")
            XCTAssertEqual(TrackMenu.subtitleEntries(embedded: embedded, files: [], fileURI: { $0 }, languages: languages, words: .english)
                            .map(\.label), ["Off", "English", "English (Forced)"])
            let forced = embedded[1].index
            XCTAssertEqual(TrackMenu.subtitle(remembered: nil, embedded: embedded, files: [], fileURI: { $0 },
                                              audioLanguage: player.audioTracks.first?.language, userLanguage: "en_GB",
                                              languages: languages), .embedded(forced))
            // And its lines are the signs'.
            var shown: [String] = []
            player.sink.onFrame = { frame in if let pts = frame.pts, let text = player.subtitle(at: pts) { shown.append(text) } }
            player.selectText(forced)
            XCTAssertTrue(spinMainContext(timeout: 20) { !shown.isEmpty })
            XCTAssertEqual(shown.first, "A SIGN ON THE WALL")
        }
    }

    /// A Matroska film's own ASS track (muxed by FFmpeg) reaches the text
    /// sink as it is, not through ssaparse: its language and title are
    /// kept, and its lines come with their style's colour, their places
    /// and fades, two at once in two places.
    func testAnEmbeddedAssTrackKeepsItsStylesAndPlaces() throws {
        let folder = MediaFixture.shared.makeFolder("embedded-ass")
        let ass = folder + "/signs.ass", film = folder + "/Signs.mkv"
        try """
            [Script Info]
            ScriptType: v4.00+
            PlayResX: 320
            PlayResY: 180

            [V4+ Styles]
            Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding
            Style: Default,Sans,20,&H00FFFFFF,&H000000FF,&H00000000,&H00000000,0,0,0,0,100,100,0,0,1,2,0,2,16,16,18,1
            Style: Sign,Sans,20,&H0000FFFF,&H000000FF,&H00000000,&H00000000,-1,0,0,0,100,100,0,0,1,2,0,8,16,16,9,1

            [Events]
            Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text
            Dialogue: 0,0:00:00.20,0:00:04.00,Sign,,0,0,0,,{\\fad(300,0)}A SIGN ON THE WALL
            Dialogue: 0,0:00:00.20,0:00:04.00,Default,,0,0,0,,{\\pos(160,90)}Words in the middle
            """.write(toFile: ass, atomically: true, encoding: .utf8)
        let ffmpeg = Process()
        ffmpeg.executableURL = URL(fileURLWithPath: "/usr/bin/ffmpeg")
        ffmpeg.arguments = ["-loglevel", "error", "-y", "-f", "lavfi", "-i", "testsrc=size=320x180:rate=15:duration=5", "-i", ass,
                            "-map", "0", "-map", "1", "-c:v", "libx264", "-preset", "ultrafast", "-c:s", "ass",
                            "-metadata:s:s:0", "language=eng", "-metadata:s:s:0", "title=Signs", film]
        try ffmpeg.run()
        ffmpeg.waitUntilExit()
        XCTAssertEqual(ffmpeg.terminationStatus, 0)

        let player = Player(uri: MediaFixture.uri(film))
        defer { player.close() }
        XCTAssertTrue(spinMainContext(timeout: 20) { player.state == .playing && player.textTracks.count == 1 })
        XCTAssertEqual(player.textTracks[0].language.flatMap(LanguageTable.system().name), "English")
        XCTAssertEqual(player.textTracks[0].title, "Signs")
        var shown: [[SubtitleCues.Shown]] = []
        player.sink.onFrame = { frame in
            if let pts = frame.pts, case let lines = player.subtitles(at: pts), !lines.isEmpty { shown.append(lines) }
        }
        player.selectText(0)
        XCTAssertTrue(spinMainContext(timeout: 20) { shown.contains { $0.count == 2 && $0[0].opacity == 1 } })
        let both = try XCTUnwrap(shown.first { $0.count == 2 && $0[0].opacity == 1 })
        XCTAssertEqual(both.map(\.markup), ["<span foreground=\"#FFFF00\" weight=\"bold\">A SIGN ON THE WALL</span>",
                                            "Words in the middle"])
        XCTAssertEqual(both[0].placement, SubtitlePlacement(horizontal: .centre, vertical: .start, left: 0.05, right: 0.05,
                                                            verticalMargin: 0.05))
        XCTAssertEqual(both[1].placement?.point, SubtitlePlacement.Point(x: 0.5, y: 0.5))
    }

    /// `text` in GBK, through GLib's iconv.
    private static func gbk(_ text: String) -> [UInt8]? {
        var written: gsize = 0
        guard let bytes = g_convert(text, -1, "GBK", "UTF-8", nil, &written, nil) else { return nil }
        defer { g_free(bytes) }
        return Array(UnsafeBufferPointer(start: UnsafeRawPointer(bytes).assumingMemoryBound(to: UInt8.self), count: Int(written)))
    }
}
