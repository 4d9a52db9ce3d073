import XCTest
@testable import ReelCore

final class SaveFoldersTests: XCTestCase {
    private let standard = SaveFolders(pictures: "/home/me/Pictures/Reel", videos: "/home/me/Videos/Reel")

    func testNothingChosenIsReelsFoldersInPicturesAndVideos() {
        XCTAssertEqual(standard.folder(for: .photo), "/home/me/Pictures/Reel")
        XCTAssertEqual(standard.folder(for: .recording), "/home/me/Videos/Reel")
        XCTAssertEqual(standard.folder(for: .movie), "/home/me/Videos/Reel")
        XCTAssertEqual(standard.folder(for: .screenshot), "/home/me/Pictures/Reel")
        XCTAssertFalse(standard.isChosen(.photo))
    }

    func testAChosenFolderIsUsedAndAnUnusableOneIsNot() {
        var folders = standard
        folders.chosen = [.photo: "/media/card/DCIM/", .recording: "relative/path", .movie: "/"]
        XCTAssertEqual(folders.folder(for: .photo), "/media/card/DCIM")
        XCTAssertEqual(folders.folder(for: .screenshot), "/media/card/DCIM", "screenshots go with the photos")
        folders.chosen[.movie] = "/media/films"
        XCTAssertEqual(folders.folder(for: .part), "/media/films", "a web video's saved part goes with the movies")
        folders.chosen[.movie] = "/"
        XCTAssertTrue(folders.isChosen(.photo))
        XCTAssertEqual(folders.folder(for: .recording), "/home/me/Videos/Reel", "not an absolute path")
        XCTAssertEqual(folders.folder(for: .movie), "/home/me/Videos/Reel", "not the whole disk")
        // Choosing the standard folder itself is the standard.
        folders.chosen = [.movie: "/home/me/Videos/Reel/"]
        XCTAssertFalse(folders.isChosen(.movie))
    }

    func testTheFeedWatchesTheVideoFoldersOutsideTheVideosFolderOnce() {
        var folders = standard
        XCTAssertEqual(folders.videoFoldersOutside("/home/me/Videos"), [], "Videos/Reel is inside Videos")
        XCTAssertEqual(folders.videoFoldersOutside(nil), ["/home/me/Videos/Reel"], "no Videos folder configured")
        folders.chosen = [.recording: "/media/clips", .movie: "/media/clips/movies", .photo: "/media/photos"]
        XCTAssertEqual(folders.videoFoldersOutside("/home/me/Videos"), ["/media/clips"], "one inside the other")
        folders.chosen = [.recording: "/media/clips/raw", .movie: "/media/clips"]
        XCTAssertEqual(folders.videoFoldersOutside("/home/me/Videos"), ["/media/clips"])
        folders.chosen = [.recording: "/home/me/Videos2", .movie: "/home/me/Videos/Movies"]
        XCTAssertEqual(folders.videoFoldersOutside("/home/me/Videos"), ["/home/me/Videos2"], "by whole names")
    }

    func testFoldersAreShownWithTheHomeFolderAsATilde() {
        XCTAssertEqual(SaveFolders.displayPath("/home/me/Videos/Reel", home: "/home/me/"), "~/Videos/Reel")
        XCTAssertEqual(SaveFolders.displayPath("/home/me", home: "/home/me"), "~")
        XCTAssertEqual(SaveFolders.displayPath("/home/meg/Videos", home: "/home/me"), "/home/meg/Videos")
        XCTAssertEqual(SaveFolders.displayPath("/media/clips", home: "/home/me"), "/media/clips")
    }
}
