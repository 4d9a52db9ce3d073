import XCTest
@testable import ReelCore

final class TrackMenuTests: XCTestCase {
    private let languages = LanguageTable(json: Array("""
        {"639-2": [
          {"alpha_2": "en", "alpha_3": "eng", "name": "English"},
          {"alpha_2": "de", "alpha_3": "deu", "bibliographic": "ger", "name": "German"},
          {"alpha_2": "fr", "alpha_3": "fra", "bibliographic": "fre", "name": "French"},
          {"alpha_2": "zh", "alpha_3": "zho", "bibliographic": "chi", "name": "Chinese"}
        ]}
        """.utf8))
    private let words = TrackMenu.Words.english
    private func uri(_ path: String) -> String { "file:///films/" + path }

    func testAudioLabels() {
        let tracks = [
            MediaTrack(index: 0, language: "eng", title: "Commentary", channels: 6),
            MediaTrack(index: 1, language: "ger", channels: 2),
            MediaTrack(index: 2, language: "fr", title: "French", channels: 1),
            MediaTrack(index: 3),
            MediaTrack(index: 4, channels: 8),
            MediaTrack(index: 5, language: "und", channels: 4),
            MediaTrack(index: 6, language: "zh", title: "Audio", channels: 2),
        ]
        XCTAssertEqual(TrackMenu.audioLabels(tracks, languages: languages, words: words),
                       ["English — Commentary (5.1)", "German (Stereo)", "French (Mono)", "Track 4", "7.1", "4 channels",
                        "Chinese (Stereo)"])
    }

    func testLabelsThatReadTheSameGetTheirNumber() {
        let tracks = [MediaTrack(index: 0, language: "en", channels: 2), MediaTrack(index: 1, language: "eng", channels: 2)]
        XCTAssertEqual(TrackMenu.audioLabels(tracks, languages: languages, words: words),
                       ["English (Stereo) · 1", "English (Stereo) · 2"])
    }

    func testLanguageNamesAndWordsAreTranslated() {
        let chinese = TrackMenu.Words(translate: { $0 == "Stereo" ? "立体声" : $0 == "Off" ? "关" : $0 },
                                      language: { $0 == "German" ? "德语" : $0 })
        XCTAssertEqual(TrackMenu.audioLabel(MediaTrack(index: 0, language: "de", channels: 2), languages: languages, words: chinese),
                       "德语 (立体声)")
        XCTAssertEqual(TrackMenu.subtitleEntries(embedded: [], files: [], fileURI: uri, languages: languages, words: chinese).map(\.label),
                       ["关"])
    }

    func testSubtitleEntries() {
        let embedded = [MediaTrack(index: 0, language: "eng", title: "Signs"), MediaTrack(index: 1)]
        let files = [SubtitleFiles.Found(path: "Film.srt", language: nil),
                     SubtitleFiles.Found(path: "Subs/Film.de.forced.srt", language: "deu", forced: true),
                     SubtitleFiles.Found(path: "Film.en.sdh.srt", language: "eng", hearingImpaired: true)]
        let entries = TrackMenu.subtitleEntries(embedded: embedded, files: files, fileURI: uri, languages: languages, words: words)
        XCTAssertEqual(entries.map(\.label), ["Off", "English — Signs", "Track 2", "Film.srt",
                                              "German (Forced) — Film.de.forced.srt", "English (SDH) — Film.en.sdh.srt"])
        XCTAssertEqual(entries.map(\.choice), [.off, .embedded(0), .embedded(1), .file(uri("Film.srt")),
                                               .file(uri("Subs/Film.de.forced.srt")), .file(uri("Film.en.sdh.srt"))])
    }

    /// Streams are listed one by one: a remembered second stream is
    /// waited for, not given up when only the first is known.
    func testTheRememberedAudioWaitsForItsStream() {
        XCTAssertFalse(TrackMenu.audioChoiceIsDue(remembered: TrackChoice(audio: 1), count: 1, allListed: false))
        XCTAssertTrue(TrackMenu.audioChoiceIsDue(remembered: TrackChoice(audio: 1), count: 2, allListed: false))
        XCTAssertTrue(TrackMenu.audioChoiceIsDue(remembered: TrackChoice(audio: 1), count: 1, allListed: true),
                      "the file changed: playing, it keeps its own default")
        XCTAssertTrue(TrackMenu.audioChoiceIsDue(remembered: nil, count: 1, allListed: false), "nothing to wait for")
        XCTAssertTrue(TrackMenu.audioChoiceIsDue(remembered: TrackChoice(subtitle: .off), count: 1, allListed: false))
    }

    func testTheRememberedAudioWhileTheVideoHasIt() {
        XCTAssertEqual(TrackMenu.audio(remembered: TrackChoice(audio: 1), count: 2), 1)
        XCTAssertNil(TrackMenu.audio(remembered: TrackChoice(audio: 2), count: 2), "the file changed: its own default")
        XCTAssertNil(TrackMenu.audio(remembered: nil, count: 2))
    }

    private func subtitle(remembered: TrackChoice? = nil, embedded: [MediaTrack] = [], files: [SubtitleFiles.Found] = [],
                          audio: String? = nil, user: String? = "en") -> TrackChoice.Subtitle {
        TrackMenu.subtitle(remembered: remembered, embedded: embedded, files: files, fileURI: uri, audioLanguage: audio,
                           userLanguage: user, languages: languages)
    }

    func testAPlainFileBesideTheVideoShows() {
        let files = [SubtitleFiles.Found(path: "Film.fr.srt", language: "fra"), SubtitleFiles.Found(path: "Film.srt", language: nil)]
        XCTAssertEqual(subtitle(files: files, audio: "en"), .file(uri("Film.srt")))
        XCTAssertEqual(TrackMenu.fileToLoad(remembered: nil, files: files, fileURI: uri, userLanguage: "en", languages: languages),
                       uri("Film.srt"))
    }

    func testSubtitlesInTheUsersLanguageShowForAForeignFilmOnly() {
        let files = [SubtitleFiles.Found(path: "Film.en.sdh.srt", language: "eng", hearingImpaired: true),
                     SubtitleFiles.Found(path: "Film.en.srt", language: "eng")]
        XCTAssertEqual(subtitle(files: files, audio: "fre"), .file(uri("Film.en.srt")), "plain before SDH")
        XCTAssertEqual(subtitle(files: files, audio: "eng"), .off, "the sound is in the user's language")
        XCTAssertEqual(subtitle(files: files, audio: nil), .off, "the sound's language is unsaid")
        XCTAssertEqual(subtitle(files: files, audio: "fr", user: "de"), .off, "no file in the user's language")
        let embedded = [MediaTrack(index: 0, language: "fre"), MediaTrack(index: 1, language: "chi")]
        XCTAssertEqual(subtitle(embedded: embedded, audio: "fre", user: "zh_CN"), .embedded(1))
        XCTAssertEqual(subtitle(embedded: embedded, audio: "chi", user: "zh"), .off)
    }

    func testAForcedStreamInTheUsersLanguageShowsWhenSubtitlesAreOtherwiseOff() {
        let embedded = [MediaTrack(index: 0, language: "eng"), MediaTrack(index: 1, language: "eng", forced: true)]
        XCTAssertEqual(subtitle(embedded: embedded, audio: "eng"), .embedded(1), "the sound in the user's language")
        XCTAssertEqual(subtitle(embedded: embedded, audio: nil), .embedded(1), "the sound's language unsaid")
        XCTAssertEqual(subtitle(embedded: [MediaTrack(index: 0, language: "eng")], audio: "eng"), .off, "none forced")
        XCTAssertEqual(subtitle(embedded: [MediaTrack(index: 0, language: "ger", forced: true)], audio: "eng"), .off,
                       "forced, but in another language")
        // A foreign film: the full subtitles in the user's language, not the forced ones.
        let foreign = [MediaTrack(index: 0, language: "eng", forced: true), MediaTrack(index: 1, language: "eng")]
        XCTAssertEqual(subtitle(embedded: foreign, audio: "fre"), .embedded(1))
        // Off when the person chose Off, a file beside the video first.
        XCTAssertEqual(subtitle(remembered: TrackChoice(subtitle: .off), embedded: embedded, audio: "eng"), .off)
        XCTAssertEqual(subtitle(embedded: embedded, files: [SubtitleFiles.Found(path: "Film.srt", language: nil)], audio: "eng"),
                       .file(uri("Film.srt")))
    }

    /// `Film.en.forced.srt`: loaded, and shown like a forced stream.
    func testAForcedFileInTheUsersLanguageShowsWhenSubtitlesAreOtherwiseOff() {
        let forced = SubtitleFiles.Found(path: "Film.en.forced.srt", language: "eng", forced: true)
        let german = SubtitleFiles.Found(path: "Film.de.forced.srt", language: "deu", forced: true)
        func load(_ files: [SubtitleFiles.Found]) -> String? {
            TrackMenu.fileToLoad(remembered: nil, files: files, fileURI: uri, userLanguage: "en", languages: languages)
        }
        XCTAssertEqual(load([german, forced]), uri("Film.en.forced.srt"))
        XCTAssertEqual(subtitle(files: [german, forced], audio: "eng"), .file(uri("Film.en.forced.srt")))
        XCTAssertEqual(subtitle(files: [german, forced], audio: nil), .file(uri("Film.en.forced.srt")), "the sound unsaid")
        XCTAssertEqual(subtitle(files: [german, forced], audio: "fre"), .file(uri("Film.en.forced.srt")),
                       "a foreign film with nothing fuller in the user's language")
        XCTAssertNil(load([german]), "forced, but in another language")
        XCTAssertEqual(subtitle(files: [german], audio: "eng"), .off)
        XCTAssertEqual(subtitle(remembered: TrackChoice(subtitle: .off), files: [forced], audio: "eng"), .off, "chosen Off")
        // A forced stream in the file comes first; a full file is loaded for foreign films.
        XCTAssertEqual(subtitle(embedded: [MediaTrack(index: 0, language: "eng", forced: true)], files: [forced], audio: "eng"),
                       .embedded(0))
        let full = SubtitleFiles.Found(path: "Film.en.srt", language: "eng")
        XCTAssertEqual(load([forced, full]), uri("Film.en.srt"))
        XCTAssertEqual(subtitle(files: [forced, full], audio: "fre"), .file(uri("Film.en.srt")))
    }

    func testAStreamTitledForcedIsForced() {
        XCTAssertTrue(TrackMenu.isForced(MediaTrack(index: 0, language: "eng", title: "English (Forced)")))
        XCTAssertTrue(TrackMenu.isForced(MediaTrack(index: 0, title: "FORCED")))
        XCTAssertFalse(TrackMenu.isForced(MediaTrack(index: 0, title: "Enforcedly full")))
        XCTAssertEqual(subtitle(embedded: [MediaTrack(index: 0, language: "eng"), MediaTrack(index: 1, language: "en", title: "Forced")],
                                audio: "eng"), .embedded(1))
    }

    func testForcedStreamsAreLabelledSo() {
        let embedded = [MediaTrack(index: 0, language: "eng", forced: true), MediaTrack(index: 1, language: "eng", title: "English Forced"),
                        MediaTrack(index: 2, language: "ger", title: "Signs", forced: true), MediaTrack(index: 3, forced: true)]
        XCTAssertEqual(TrackMenu.subtitleEntries(embedded: embedded, files: [], fileURI: uri, languages: languages, words: words)
                        .map(\.label), ["Off", "English (Forced) · 1", "English (Forced) · 2", "German — Signs (Forced)", "Forced"])
        let chinese = TrackMenu.Words(translate: { $0 == "Forced" ? "强制" : $0 }, language: { $0 == "English" ? "英语" : $0 })
        XCTAssertEqual(TrackMenu.textLabel(embedded[0], languages: languages, words: chinese), "英语 (强制)")
    }

    func testTheRememberedChoiceWhileItIsThere() {
        let files = [SubtitleFiles.Found(path: "Film.srt", language: nil)]
        let embedded = [MediaTrack(index: 0, language: "eng")]
        XCTAssertEqual(subtitle(remembered: TrackChoice(subtitle: .off), embedded: embedded, files: files), .off)
        XCTAssertEqual(subtitle(remembered: TrackChoice(subtitle: .embedded(0)), embedded: embedded, files: files), .embedded(0))
        XCTAssertEqual(subtitle(remembered: TrackChoice(subtitle: .embedded(3)), embedded: embedded, files: files),
                       .file(uri("Film.srt")), "gone: the defaults decide")
        XCTAssertEqual(subtitle(remembered: TrackChoice(subtitle: .file("file:///elsewhere/x.srt")), files: files),
                       .file(uri("Film.srt")))
        XCTAssertEqual(TrackMenu.fileToLoad(remembered: TrackChoice(subtitle: .file("file:///elsewhere/x.srt")), files: files,
                                            fileURI: uri, userLanguage: "en", languages: languages),
                       "file:///elsewhere/x.srt", "a file added by hand is loaded again")
    }

    func testChoicesAreRememberedWithTheState() throws {
        var state = AppState()
        state.trackChoices = ["file:///films/a.mkv": TrackChoice(audio: 1, subtitle: .file("file:///films/a.srt"), encoding: "GBK"),
                              "file:///films/b.mkv": TrackChoice(subtitle: .embedded(2)),
                              "file:///films/c.mkv": TrackChoice()]
        let read = AppState.decode(try state.encode())
        XCTAssertFalse(read.wasCorrupt)
        XCTAssertEqual(read.state.trackChoices.count, 2, "an empty choice is not written")
        XCTAssertEqual(read.state.trackChoices["file:///films/a.mkv"], state.trackChoices["file:///films/a.mkv"])
        XCTAssertEqual(read.state.trackChoices["file:///films/b.mkv"], state.trackChoices["file:///films/b.mkv"])
    }

    func testABadChoiceIsDroppedAlone() {
        let json = #"{"version": 1, "trackChoices": {"a": {"audio": 1}, "b": {"audio": "two"}}}"#
        let read = AppState.decode(Data(json.utf8))
        XCTAssertTrue(read.wasCorrupt)
        XCTAssertEqual(read.state.trackChoices, ["a": TrackChoice(audio: 1)])
    }
}

final class SubtitleCuesTests: XCTestCase {
    func testTheLineShowingAtAFramesTime() {
        var cues = SubtitleCues()
        cues.add(.init(markup: "one", start: 1, end: 2))
        cues.add(.init(markup: "two", start: 3, end: nil))
        cues.add(.init(markup: "three", start: 5, end: 6))
        XCTAssertNil(cues.showing(at: 0.5))
        XCTAssertEqual(cues.showing(at: 1.5), "one")
        XCTAssertNil(cues.showing(at: 2.5))
        XCTAssertEqual(cues.showing(at: 4), "two", "no end: until the next line")
        XCTAssertEqual(cues.showing(at: 5.5), "three")
        cues.add(.init(markup: "over", start: 5.2, end: 5.8))
        XCTAssertEqual(cues.showing(at: 5.5), "three\nover", "lines at once stack")
    }

    func testALineOfTheOldStreamOnItsWayIsNotShownWithTheNewOne() {
        var cues = SubtitleCues()
        let old = SubtitleCues.Cue(markup: "old", start: 1, end: 3)
        cues.add(old)
        cues.switchStream()
        cues.add(old)
        cues.add(.init(markup: "new", start: 1.5, end: 3))
        XCTAssertEqual(cues.showing(at: 2), "new")
        cues.clear()
        XCTAssertNil(cues.showing(at: 2), "a seek forgets what came")
    }
}
