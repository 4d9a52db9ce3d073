import Foundation
import XCTest
@testable import ReelCore

final class SubtitleFilesTests: XCTestCase {
    /// A few rows in the shape of iso-codes' table (the real one is read in
    /// testTheSystemTableNamesTheLanguagesReelShipsIn).
    private let languages = LanguageTable(json: Array("""
        {"639-2": [
          {"alpha_2": "en", "alpha_3": "eng", "name": "English"},
          {"alpha_2": "de", "alpha_3": "deu", "bibliographic": "ger", "name": "German"},
          {"alpha_2": "pt", "alpha_3": "por", "name": "Portuguese"},
          {"alpha_2": "es", "alpha_3": "spa", "name": "Spanish; Castilian"},
          {"alpha_2": "vi", "alpha_3": "vie", "name": "Vietnamese"},
          {"alpha_2": "zh", "alpha_3": "zho", "bibliographic": "chi", "name": "Chinese"},
          {"alpha_3": "und", "name": "Undetermined"}
        ]}
        """.utf8))

    func testLanguageCodesAndNames() {
        XCTAssertEqual(languages.name(of: "de"), "German")
        XCTAssertEqual(languages.name(of: "ger"), "German")
        XCTAssertEqual(languages.name(of: "DEU"), "German")
        XCTAssertEqual(languages.name(of: "pt-BR"), "Portuguese")
        XCTAssertEqual(languages.name(of: "zh_CN"), "Chinese")
        XCTAssertNil(languages.name(of: "und"), "undetermined says nothing")
        XCTAssertNil(languages.name(of: "xx"))
        XCTAssertEqual(languages.code(of: "English"), "eng")
        XCTAssertEqual(languages.code(of: "en"), "eng")
        XCTAssertEqual(languages.code(of: "ger"), "deu")
        XCTAssertEqual(languages.code(of: "Spanish"), "spa")
        XCTAssertEqual(languages.code(of: "castilian"), "spa")
        XCTAssertNil(languages.code(of: "forced"))
    }

    /// iso-codes is one of tools/deps.sh's runtime packages.
    func testTheSystemTableNamesTheLanguagesReelShipsIn() {
        let table = LanguageTable.system()
        XCTAssertEqual(table.name(of: "vi"), "Vietnamese")
        XCTAssertEqual(table.name(of: "chi"), "Chinese")
        // Not English, Middle (1100-1500), nor German, Middle High, whose
        // names begin the same way.
        XCTAssertEqual(table.code(of: "en"), "eng")
        XCTAssertEqual(table.code(of: "de"), "deu")
        XCTAssertEqual(table.code(of: "fr"), "fra")
        XCTAssertEqual(table.code(of: "Vietnamese"), "vie")
    }

    func testFilesBesideTheVideoWithItsName() {
        let found = SubtitleFiles.find(for: "Film.mkv", beside: [
            "Film.mkv", "Film.de.srt", "Film.srt", "film.EN.SRT", "Film.pt-BR.forced.vtt", "Film.en.sdh.ass",
            "Other.srt", "Film 2.srt", "Film.nfo", "Film", "notes.txt",
        ], languages: languages)
        XCTAssertEqual(found, [
            .init(path: "Film.srt", language: nil),
            .init(path: "Film.de.srt", language: "deu"),
            .init(path: "Film.en.sdh.ass", language: "eng", hearingImpaired: true),
            .init(path: "Film.pt-BR.forced.vtt", language: "por", forced: true),
            .init(path: "film.EN.SRT", language: "eng"),
        ])
    }

    func testASubsFolderNamedAfterTheVideoOrMadeForItAlone() {
        // Files named after the video: only those.
        let named = SubtitleFiles.find(for: "Film.mkv", beside: ["Film.mkv", "Subs"],
                                       inFolders: ["Subs": ["Film.en.srt", "Other.en.srt"]], languages: languages)
        XCTAssertEqual(named, [.init(path: "Subs/Film.en.srt", language: "eng")])
        // A release's own folder: every file, its language from its name.
        let own = SubtitleFiles.find(for: "Film.mkv", beside: [],
                                     inFolders: ["Subtitles": ["3_Vietnamese.srt", "2_English.srt", "readme.txt"]],
                                     languages: languages)
        XCTAssertEqual(own, [.init(path: "Subtitles/2_English.srt", language: "eng"),
                             .init(path: "Subtitles/3_Vietnamese.srt", language: "vie")])
        // Other folders are not looked at.
        XCTAssertEqual(SubtitleFiles.find(for: "Film.mkv", beside: [], inFolders: ["Extras": ["Film.srt"]],
                                          languages: languages), [])
    }

    func testNothingWhenNothingMatches() {
        XCTAssertEqual(SubtitleFiles.find(for: "Film.mkv", beside: ["Film.mkv", "Film.idx", "Film.srt.bak"],
                                          languages: languages), [])
        XCTAssertEqual(SubtitleFiles.find(for: "Film", beside: ["Film.srt"], languages: languages),
                       [.init(path: "Film.srt", language: nil)])
    }
}
