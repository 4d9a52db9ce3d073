import Foundation

/// The MPRIS Metadata of the video in the player, as plain values: the
/// D-Bus object turns `entries` into an a{sv} dictionary as it is.
public struct MPRISMetadata: Equatable, Sendable {
    /// A value of the dictionary, with the D-Bus type the specification
    /// gives its key.
    public enum Value: Equatable, Sendable {
        case string(String)
        case objectPath(String)
        case int64(Int64)
        case strings([String])
    }

    /// What the specification says when no track is loaded.
    public static let noTrack = "/org/mpris/MediaPlayer2/TrackList/NoTrack"

    /// An object path naming the track: unique for each video opened in
    /// this run, so a client sees the same address opened twice as two
    /// tracks, and a SetPosition meant for the previous video is ignored.
    public let trackID: String
    public let title: String
    public let url: String
    /// Seconds; nil while unknown and for a live stream.
    public let length: Double?
    /// A file:// address of a picture of the video (the freedesktop
    /// thumbnail), when there is one.
    public let artURL: String?

    public init(serial: Int, title: String, url: String, length: Double?, artURL: String?) {
        trackID = MPRISMetadata.trackID(serial: serial)
        self.title = title
        self.url = url
        self.length = length.flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
        self.artURL = artURL
    }

    public static func trackID(serial: Int) -> String { "/io/github/reelapp/Reel/Track/\(max(0, serial))" }

    /// The dictionary's keys and values. No xesam:artist: a catalog entry
    /// has a title and a subtitle, but no field that names an artist.
    public var entries: [String: Value] {
        var entries: [String: Value] = [
            "mpris:trackid": .objectPath(trackID),
            "xesam:title": .string(title),
            "xesam:url": .string(url),
        ]
        if let length { entries["mpris:length"] = .int64(MPRISMetadata.microseconds(length)) }
        if let artURL { entries["mpris:artUrl"] = .string(artURL) }
        return entries
    }

    /// MPRIS counts time in microseconds.
    public static func microseconds(_ seconds: Double) -> Int64 {
        guard seconds.isFinite else { return 0 }
        return Int64((seconds * 1_000_000).rounded())
    }

    public static func seconds(_ microseconds: Int64) -> Double { Double(microseconds) / 1_000_000 }
}
