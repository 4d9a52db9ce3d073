import ReelCore
import XCTest

final class TrackSelectionTests: XCTestCase {
    private let languages = LanguageTable(json: Array("""
        {"639-2": [
          {"alpha_2": "en", "alpha_3": "eng", "name": "English"},
          {"alpha_2": "fr", "alpha_3": "fra", "bibliographic": "fre", "name": "French"}
        ]}
        """.utf8))
    private let video = "file:///films/Film.mkv"
    private let english = MediaTrack(index: 0, language: "eng")
    private let french = MediaTrack(index: 1, language: "fre")
    /// A film's only sound, in French.
    private let frenchOnly = MediaTrack(index: 0, language: "fre")
    private func uri(_ path: String) -> String { "file:///films/" + path }

    /// A selection opening `video`, with the files found beside it.
    private func opened(remembered: TrackChoice? = nil, files: [SubtitleFiles.Found] = [],
                        guess: SubtitleEncoding = .utf8) -> (TrackSelection, TrackSelection.Opening) {
        var selection = TrackSelection(languages: languages, userLanguage: "en")
        let opening = selection.open(video, remembered: remembered, files: files, guessEncoding: { _ in guess })
        return (selection, opening)
    }

    // MARK: Opening

    func testAVideoOpensWithTheDefaultFileInItsGuessedEncoding() {
        let (selection, opening) = opened(files: [SubtitleFiles.Found(path: "Film.srt", language: nil)], guess: .chinese)
        XCTAssertEqual(opening, .init(subtitleURI: uri("Film.srt"), encoding: .chinese))
        XCTAssertEqual(selection.encoding, .chinese)
        XCTAssertEqual(selection.folder?.absoluteString, "file:///films/")
        XCTAssertFalse(selection.audioSettled)
        XCTAssertFalse(selection.subtitleSettled)
    }

    func testTheRememberedFileOpensInTheRememberedEncoding() {
        let (_, opening) = opened(remembered: TrackChoice(subtitle: .file(uri("Other.srt")), encoding: "WINDOWS-1258"),
                                  files: [SubtitleFiles.Found(path: "Film.srt", language: nil)], guess: .chinese)
        XCTAssertEqual(opening, .init(subtitleURI: uri("Other.srt"), encoding: .vietnamese))
    }

    func testAStreamTakesNoFile() {
        var selection = TrackSelection(languages: languages, userLanguage: "en")
        let opening = selection.open("https://example.org/live.m3u8", remembered: nil,
                                     files: [SubtitleFiles.Found(path: "Film.srt", language: nil)], guessEncoding: { _ in .utf8 })
        XCTAssertEqual(opening, .init(subtitleURI: nil, encoding: nil))
        XCTAssertNil(selection.folder)
        XCTAssertEqual(selection.files(loaded: nil), [])
    }

    // MARK: The sound

    /// The remembered second stream is chosen before the streams are known:
    /// it waits for its stream rather than being given up.
    func testTheRememberedAudioWaitsUntilItsStreamIsListed() {
        var (selection, _) = opened(remembered: TrackChoice(audio: 1))
        XCTAssertEqual(selection.handle(.tracksChanged(.init())), [], "no stream yet")
        XCTAssertEqual(selection.handle(.tracksChanged(.init(audio: [english], isOpening: true))), [])
        XCTAssertFalse(selection.audioSettled)
        XCTAssertEqual(selection.handle(.tracksChanged(.init(audio: [english, french], isOpening: true))), [.selectAudio(1)])
        XCTAssertTrue(selection.audioSettled)
        XCTAssertEqual(selection.handle(.tracksChanged(.init(audio: [english, french], currentAudio: 1, isPlaying: true))), [],
                       "chosen once")
    }

    func testARememberedAudioTheVideoNoLongerHasLeavesItsDefault() {
        var (selection, _) = opened(remembered: TrackChoice(audio: 2))
        XCTAssertEqual(selection.handle(.tracksChanged(.init(audio: [english, french], isOpening: true))), [])
        XCTAssertFalse(selection.audioSettled, "its stream may still come")
        XCTAssertEqual(selection.handle(.tracksChanged(.init(audio: [english, french], currentAudio: 0, isPlaying: true))), [])
        XCTAssertTrue(selection.audioSettled, "playing, every stream is listed")
    }

    func testChoosingAudioSwitchesAndIsRemembered() {
        var (selection, _) = opened(remembered: TrackChoice(subtitle: .off))
        XCTAssertEqual(selection.handle(.chooseAudio(1)),
                       [.selectAudio(1), .remember(TrackChoice(audio: 1, subtitle: .off), video: video)])
        XCTAssertEqual(selection.choice, TrackChoice(audio: 1, subtitle: .off))
    }

    // MARK: The subtitles when the video opens

    func testTheSubtitlesWaitForTheSound() {
        var (selection, _) = opened()
        let text = [MediaTrack(index: 0, language: "eng")]
        XCTAssertEqual(selection.handle(.tracksChanged(.init(text: text, isOpening: true))), [], "the sound's language unknown")
        XCTAssertFalse(selection.subtitleSettled)
        XCTAssertEqual(selection.handle(.tracksChanged(.init(audio: [frenchOnly], text: text, isOpening: true))),
                       [.showText(0, entry: .embedded(0))], "a foreign film")
        XCTAssertTrue(selection.subtitleSettled)
    }

    func testAVideoWithoutSoundSettlesItsSubtitlesWhenItPlays() {
        var (selection, _) = opened(remembered: TrackChoice(subtitle: .embedded(0)))
        let text = [MediaTrack(index: 0, language: "eng")]
        XCTAssertEqual(selection.handle(.tracksChanged(.init(text: text, isOpening: true))), [])
        XCTAssertEqual(selection.handle(.tracksChanged(.init(text: text, isPlaying: true))), [.showText(0, entry: .embedded(0))])
    }

    func testAStreamsSubtitlesWaitForItsManifest() {
        var (selection, _) = opened(remembered: TrackChoice(subtitle: .embedded(2)))
        let streams = TrackSelection.Streams(audio: [english], text: [MediaTrack(index: 0)], isPlaying: true, textTracksKnown: false)
        XCTAssertEqual(selection.handle(.tracksChanged(streams)), [], "the remembered rendition may be one not playing")
        var known = streams
        known.text = [MediaTrack(index: 0), MediaTrack(index: 1), MediaTrack(index: 2)]
        known.textTracksKnown = true
        XCTAssertEqual(selection.handle(.tracksChanged(known)), [.showText(2, entry: .embedded(2))])
    }

    func testNoTextStreamAndNoFileLeavesTheSubtitlesUnsettled() {
        var (selection, _) = opened()
        XCTAssertEqual(selection.handle(.tracksChanged(.init(audio: [english], currentAudio: 0, isPlaying: true))), [])
        XCTAssertFalse(selection.subtitleSettled)
        // A stream's new period brings a text stream: the defaults apply then.
        XCTAssertEqual(selection.handle(.tracksChanged(.init(audio: [english], text: [MediaTrack(index: 0, language: "eng", forced: true)],
                                                             currentAudio: 0, isPlaying: true))),
                       [.showText(0, entry: .embedded(0))])
    }

    /// The sound remembered for a foreign film decides its subtitles, once
    /// it plays: a switch asked for while the video opens waits, and the
    /// sound playing meanwhile is the one whose language counts.
    func testTheSoundsLanguageIsTheOnePlaying() {
        let text = [MediaTrack(index: 0, language: "eng")]
        var (selection, _) = opened(remembered: TrackChoice(audio: 1))
        XCTAssertEqual(selection.handle(.tracksChanged(.init(audio: [english, french], text: text, currentAudio: 0))),
                       [.selectAudio(1), .showText(0, entry: .embedded(0))], "switched now: French, a foreign film")
        var (opening, _) = opened(remembered: TrackChoice(audio: 1))
        XCTAssertEqual(opening.handle(.tracksChanged(.init(audio: [english, french], text: text, currentAudio: 0, isOpening: true))),
                       [.selectAudio(1), .showText(nil, entry: .off)], "the switch waits: English still plays")
    }

    func testARememberedSubtitleIsShownAgainWhenTheVideoOpensAgain() {
        let streams = TrackSelection.Streams(audio: [english], text: [english, french], currentAudio: 0, isOpening: true)
        var (selection, _) = opened(remembered: TrackChoice(subtitle: .embedded(1)))
        XCTAssertEqual(selection.handle(.tracksChanged(streams)), [.showText(1, entry: .embedded(1))])
        XCTAssertEqual(selection.handle(.tracksChanged(streams)), [], "once per opening")
        _ = selection.open(video, remembered: selection.choice, files: [], guessEncoding: { _ in .utf8 })
        XCTAssertFalse(selection.subtitleSettled)
        XCTAssertEqual(selection.handle(.tracksChanged(streams)), [.showText(1, entry: .embedded(1))])
    }

    func testARememberedSubtitleTheVideoNoLongerHasGivesWayToTheDefaults() {
        var (selection, _) = opened(remembered: TrackChoice(subtitle: .embedded(5)))
        XCTAssertEqual(selection.handle(.tracksChanged(.init(audio: [english], text: [english], currentAudio: 0))),
                       [.showText(nil, entry: .off)])
        let forcedFile = SubtitleFiles.Found(path: "Film.en.forced.srt", language: "eng", forced: true)
        var (forced, opening) = opened(remembered: TrackChoice(subtitle: .embedded(3)), files: [forcedFile])
        XCTAssertEqual(opening.subtitleURI, uri("Film.en.forced.srt"))
        XCTAssertEqual(forced.handle(.tracksChanged(.init(audio: [english], text: [english], fileTrack: 1,
                                                          loadedFile: opening.subtitleURI, currentAudio: 0))),
                       [.showText(1, entry: .file(uri("Film.en.forced.srt")))], "the forced file in the user's language")
    }

    /// Pending until settled: the file's stream is added after the video's
    /// own, and the menus show the file once it is there.
    func testAFileIsShownOnceItsStreamIsThere() {
        let file = SubtitleFiles.Found(path: "Film.srt", language: nil)
        var (selection, opening) = opened(files: [file])
        let loaded = opening.subtitleURI
        XCTAssertEqual(loaded, uri("Film.srt"))
        XCTAssertEqual(selection.handle(.tracksChanged(.init(audio: [english], text: [english], loadedFile: loaded, isOpening: true))), [])
        XCTAssertTrue(selection.subtitleSettled)
        XCTAssertEqual(selection.pending, .file(uri("Film.srt")))
        XCTAssertEqual(selection.handle(.tracksChanged(.init(audio: [english], text: [english], fileTrack: 1, loadedFile: loaded,
                                                             isOpening: true))),
                       [.showText(1, entry: .file(uri("Film.srt")))])
        XCTAssertNil(selection.pending)
        XCTAssertEqual(selection.handle(.tracksChanged(.init(audio: [english], text: [english], fileTrack: 1, loadedFile: loaded,
                                                             isPlaying: true))), [])
    }

    func testAFileThatIsNotLoadedShowsNothing() {
        var (selection, _) = opened(files: [SubtitleFiles.Found(path: "Film.srt", language: nil)])
        XCTAssertEqual(selection.handle(.tracksChanged(.init(audio: [english], text: [english], isOpening: true))),
                       [.showText(nil, entry: .file(uri("Film.srt")))], "its stream will not come")
    }

    // MARK: The person's choices

    func testAddingAFileRemembersItAndOpensTheVideoAgainWithIt() {
        var (selection, _) = opened(remembered: TrackChoice(audio: 1, subtitle: .embedded(0), encoding: "GBK"))
        let added = "file:///elsewhere/Added.srt"
        XCTAssertEqual(selection.handle(.chooseSubtitle(.file(added), loadedFile: nil, fileTrack: nil)),
                       [.remember(TrackChoice(audio: 1, subtitle: .file(added)), video: video),
                        .reopen(subtitleURI: added, encoding: nil)])
        let opening = selection.open(video, remembered: selection.choice, files: [], guessEncoding: { _ in .western })
        XCTAssertEqual(opening, .init(subtitleURI: added, encoding: .western))
        XCTAssertEqual(selection.files(loaded: added), [SubtitleFiles.Found(path: "/elsewhere/Added.srt", language: nil)],
                       "the menu lists it")
        XCTAssertEqual(selection.handle(.tracksChanged(.init(audio: [english, french], text: [english], loadedFile: added,
                                                             currentAudio: 0, isOpening: true))),
                       [.selectAudio(1)], "its stream is waited for")
        XCTAssertEqual(selection.handle(.tracksChanged(.init(audio: [english, french], text: [english], fileTrack: 1, loadedFile: added,
                                                             currentAudio: 0, isOpening: true))),
                       [.showText(1, entry: .file(added))])
    }

    func testChoosingTheLoadedFileShowsItsStream() {
        var (selection, opening) = opened(files: [SubtitleFiles.Found(path: "Film.srt", language: nil)])
        XCTAssertEqual(selection.handle(.chooseSubtitle(.file(uri("Film.srt")), loadedFile: opening.subtitleURI, fileTrack: 2)),
                       [.remember(TrackChoice(subtitle: .file(uri("Film.srt"))), video: video),
                        .showText(2, entry: .file(uri("Film.srt")))])
    }

    func testSwitchingOff() {
        var (selection, _) = opened(remembered: TrackChoice(subtitle: .embedded(1)))
        XCTAssertEqual(selection.handle(.chooseSubtitle(.off, loadedFile: nil, fileTrack: nil)),
                       [.remember(TrackChoice(subtitle: .off), video: video), .showText(nil, entry: .off)])
        XCTAssertEqual(selection.handle(.chooseSubtitle(.embedded(0), loadedFile: nil, fileTrack: nil)),
                       [.remember(TrackChoice(subtitle: .embedded(0)), video: video), .showText(0, entry: .embedded(0))])
    }

    func testAChoiceMadeBeforeTheStreamsSettleIsRemembered() {
        var (selection, _) = opened()
        _ = selection.handle(.chooseSubtitle(.off, loadedFile: nil, fileTrack: nil))
        XCTAssertEqual(selection.handle(.tracksChanged(.init(audio: [frenchOnly], text: [english], currentAudio: 0, isOpening: true))),
                       [.showText(nil, entry: .off)], "Off, though the film is foreign")
    }

    func testAnotherEncodingOpensTheVideoAgain() {
        var (selection, opening) = opened(files: [SubtitleFiles.Found(path: "Film.srt", language: nil)], guess: .utf8)
        XCTAssertEqual(selection.handle(.chooseEncoding(.utf8, loadedFile: opening.subtitleURI)), [], "the one it is read in")
        XCTAssertEqual(selection.handle(.chooseEncoding(.chinese, loadedFile: nil)), [], "no file loaded")
        XCTAssertEqual(selection.handle(.chooseEncoding(.chinese, loadedFile: opening.subtitleURI)),
                       [.remember(TrackChoice(subtitle: .file(uri("Film.srt")), encoding: "GBK"), video: video),
                        .reopen(subtitleURI: uri("Film.srt"), encoding: .chinese)])
        let again = selection.open(video, remembered: selection.choice, files: [SubtitleFiles.Found(path: "Film.srt", language: nil)],
                                   guessEncoding: { _ in .utf8 })
        XCTAssertEqual(again, .init(subtitleURI: uri("Film.srt"), encoding: .chinese))
    }

    /// A stream's new period (or a changed file) lists other streams: the
    /// choice made for this opening stands, only the menus follow.
    func testStreamsThatChangeAfterTheChoiceChangeNothing() {
        var (selection, _) = opened()
        XCTAssertEqual(selection.handle(.tracksChanged(.init(audio: [english], text: [english], currentAudio: 0, isPlaying: true))),
                       [.showText(nil, entry: .off)])
        XCTAssertEqual(selection.handle(.tracksChanged(.init(audio: [french], text: [english, french], currentAudio: 0,
                                                             isPlaying: true))), [])
    }

    func testFoundFilesAreAddressedInTheVideosFolder() {
        let (selection, _) = opened(files: [SubtitleFiles.Found(path: "Subs/Film en.srt", language: nil)])
        XCTAssertEqual(selection.fileURI("Subs/Film en.srt"), "file:///films/Subs/Film%20en.srt")
        XCTAssertEqual(selection.fileURI("/other/A.srt"), "file:///other/A.srt")
        XCTAssertEqual(selection.files(loaded: uri("Subs/Film%20en.srt")).count, 1, "a found file is not listed twice")
    }
}
