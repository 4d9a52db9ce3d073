import Foundation

/// A movie being edited, as it is kept on disk between sessions: one JSON
/// file per movie under the app's data folder, rewritten (atomically) after
/// every edit, so closing the app or a crash loses nothing. The model's own
/// JSON rather than GES's .xges project: an .xges file holds a timeline, not
/// the edit (the music's fades become control points, "loop" becomes copies
/// of the music clip, the clips' sound choice a volume), so reading it back
/// into the editor would have to guess; this file says exactly what the user
/// chose, and needs no GStreamer to read.
public struct MovieDocument: Equatable, Sendable {
    public let id: String
    public var edit: MovieEdit

    public static let fileExtension = "json"
    static let version = 1

    public init(id: String = UUID().uuidString.lowercased(), edit: MovieEdit) {
        self.id = id
        self.edit = edit
    }

    /// Its file's name in the movies folder.
    public var fileName: String { "\(id).\(MovieDocument.fileExtension)" }

    /// What the Movies menu calls it: the first clip's name and how many
    /// clips follow (untranslated count; the UI words it).
    public var title: String {
        guard let first = edit.clips.first else { return "" }
        return MovieClip.name(ofURI: first.uri)
    }

    public func encode() throws -> Data {
        let file = File(version: MovieDocument.version, clips: edit.clips.map(Clip.init), music: edit.music.map(Music.init),
                        clipSound: edit.clipSound.rawValue, crossfade: edit.crossfade,
                        container: edit.output.container.rawValue, size: edit.output.size.rawValue)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(file)
    }

    /// Reads a saved movie; throws for a file that is not one (the movies
    /// list leaves it out).
    public static func decode(_ data: Data, id: String) throws -> MovieDocument {
        let file = try JSONDecoder().decode(File.self, from: data)
        var edit = MovieEdit()
        edit.clips = try file.clips.map { try $0.clip() }
        edit.music = file.music.map { $0.music() }
        edit.clipSound = ClipSound(rawValue: file.clipSound) ?? .keep
        edit.crossfade = file.crossfade
        edit.output = MovieOutput(container: RecordingFormat.Container(rawValue: file.container) ?? .mp4,
                                  size: MovieSize(rawValue: file.size) ?? .asFirstClip)
        return MovieDocument(id: id, edit: edit)
    }

    private struct File: Codable {
        let version: Int
        let clips: [Clip]
        let music: Music?
        let clipSound: String
        let crossfade: Bool
        let container: String
        let size: String
    }

    private struct Clip: Codable {
        let id: String
        let uri: String
        let sourceDuration: Int64
        let rateNumerator: Int64
        let rateDenominator: Int64
        let variableRate: Bool
        let width: Int
        let height: Int
        let hasSound: Bool
        let trimIn: Int64
        let trimOut: Int64

        init(_ clip: MovieClip) {
            id = clip.id.uuidString
            uri = clip.uri
            sourceDuration = clip.sourceDuration
            rateNumerator = clip.frameRate.numerator
            rateDenominator = clip.frameRate.denominator
            variableRate = clip.frameRate.isVariable
            width = clip.width
            height = clip.height
            hasSound = clip.hasSound
            trimIn = clip.trimIn
            trimOut = clip.trimOut
        }

        func clip() throws -> MovieClip {
            guard rateNumerator > 0, rateDenominator > 0, sourceDuration > 0 else {
                throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "bad clip \(uri)"))
            }
            var clip = MovieClip(id: UUID(uuidString: id) ?? UUID(), uri: uri, sourceDuration: sourceDuration,
                                 frameRate: FrameRate(rateNumerator, rateDenominator, isVariable: variableRate),
                                 width: width, height: height, hasSound: hasSound)
            clip.trim(from: trimIn, to: trimOut)
            return clip
        }
    }

    private struct Music: Codable {
        let uri: String
        let sourceDuration: Int64
        let volume: Double
        let fadeIn: Int64
        let fadeOut: Int64
        let ending: String

        init(_ music: MovieMusic) {
            uri = music.uri
            sourceDuration = music.sourceDuration
            volume = music.volume
            fadeIn = music.fadeIn
            fadeOut = music.fadeOut
            ending = music.ending.rawValue
        }

        func music() -> MovieMusic {
            MovieMusic(uri: uri, sourceDuration: sourceDuration, volume: volume, fadeIn: fadeIn, fadeOut: fadeOut,
                       ending: MovieMusic.Ending(rawValue: ending) ?? .loop)
        }
    }
}
