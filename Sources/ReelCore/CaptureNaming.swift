import Foundation

/// What the camera (and the movie maker, and the player) makes.
public enum CaptureKind: Sendable {
    case photo
    case recording
    /// An exported movie (it goes beside the recordings).
    case movie
    /// A part of a web video saved for a movie (it goes with the movies).
    case part
    /// A frame of a video the player shows (it goes beside the photos).
    case screenshot

    /// A still picture: it goes in the Pictures folder, not Videos.
    public var isPicture: Bool { self == .photo || self == .screenshot }

    /// The kind whose folder (Preferences › Saving) it is saved in.
    var chosenWith: CaptureKind {
        switch self {
        case .screenshot: return .photo
        case .part: return .movie
        default: return self
        }
    }

    /// The word a file name starts with. Not translated: a name written on
    /// disk stays the same whatever language the next session speaks.
    var word: String {
        switch self {
        case .photo: return "Photo"
        case .recording: return "Recording"
        case .movie: return "Movie"
        case .part: return "Part"
        case .screenshot: return "Screenshot"
        }
    }
}

/// Names for photos and recordings: "Photo 2026-11-30 15-21-07.jpg",
/// "Recording 2026-11-30 15-21-07.mp4" (hyphens, since some file systems
/// refuse colons). A name already taken gets " (2)", " (3)"… so nothing is
/// ever overwritten.
public enum CaptureNaming {
    public static func fileName(_ kind: CaptureKind, at date: Date, fileExtension: String,
                                timeZone: TimeZone = .current, isTaken: (String) -> Bool) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        func two(_ value: Int?) -> String { String(format: "%02d", value ?? 0) }
        let stem = "\(kind.word) \(String(format: "%04d", c.year ?? 0))-\(two(c.month))-\(two(c.day)) "
            + "\(two(c.hour))-\(two(c.minute))-\(two(c.second))"
        var name = "\(stem).\(fileExtension)"
        var number = 2
        while isTaken(name) {
            name = "\(stem) (\(number)).\(fileExtension)"
            number += 1
        }
        return name
    }

    /// Whether `name` is a hidden working file of `kind`, as
    /// `CaptureFile.reserve(hidden:)` names it: a dot, then a visible name.
    public static func isWorkingFile(_ name: String, of kind: CaptureKind) -> Bool {
        name.hasPrefix(".\(kind.word) ")
    }
}
