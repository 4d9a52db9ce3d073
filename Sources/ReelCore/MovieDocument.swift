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
    /// 2 added stills (photos, title cards) and overlays; 3 a video's
    /// framing and speed, and the movie's shape, size limit and GIF. An
    /// older file has none of them and reads as before.
    static let version = 3

    public init(id: String = UUID().uuidString.lowercased(), edit: MovieEdit) {
        self.id = id
        self.edit = edit
    }

    /// Its file's name in the movies folder.
    public var fileName: String { "\(id).\(MovieDocument.fileExtension)" }

    /// What the Movies menu calls it: the first clip's name and how many
    /// clips follow (untranslated count; the UI words it).
    public var title: String {
        guard let first = edit.clips.first(where: { !$0.uri.isEmpty }) else { return "" }
        return MovieClip.name(ofURI: first.uri)
    }

    public func encode() throws -> Data {
        let file = File(version: MovieDocument.version, clips: edit.clips.map(Clip.init), music: edit.music.map(Music.init),
                        clipSound: edit.clipSound.rawValue, crossfade: edit.crossfade,
                        container: edit.output.container.rawValue, shape: edit.output.shape.rawValue,
                        size: edit.output.size.rawValue, sizeLimit: edit.output.sizeLimit?.megabytes,
                        gif: edit.output.gif.map { GIF(width: $0.width, framesPerSecond: $0.framesPerSecond) },
                        overlays: edit.overlays.map(Overlay.init))
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
        // An overlay that cannot be read (a newer kind) is left out, not the movie.
        edit.overlays = (file.overlays ?? []).compactMap { $0.overlay() }
        edit.music = file.music.map { $0.music() }
        edit.clipSound = ClipSound(rawValue: file.clipSound) ?? .keep
        edit.crossfade = file.crossfade
        edit.output = MovieOutput(container: RecordingFormat.Container(rawValue: file.container) ?? .mp4,
                                  shape: file.shape.flatMap(MovieShape.init(rawValue:)) ?? .asFirstClip,
                                  size: MovieSize(rawValue: file.size) ?? .asFirstClip,
                                  sizeLimit: file.sizeLimit.map(MovieSizeLimit.init(megabytes:)),
                                  gif: file.gif.map { MovieGIF(width: $0.width, framesPerSecond: $0.framesPerSecond) })
        return MovieDocument(id: id, edit: edit)
    }

    private struct File: Codable {
        let version: Int
        let clips: [Clip]
        let music: Music?
        let clipSound: String
        let crossfade: Bool
        let container: String
        let shape: String?
        let size: String
        /// Megabytes.
        let sizeLimit: Int?
        /// Present when the movie is exported as a GIF.
        let gif: GIF?
        let overlays: [Overlay]?
    }

    private struct GIF: Codable {
        let width: Int
        let framesPerSecond: Int
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
        /// "photo" or "title"; none for a video (and in version 1).
        let kind: String?
        let panZoom: PanZoomFile?
        /// A title card's background: `#rrggbbaa`, or "blurred".
        let background: String?
        /// A video's framing (none when it is the original).
        let framing: FramingFile?
        /// A video's speed and whether it keeps its sound above 2× (none at 1×).
        let speed: Double?
        let keepsFastSound: Bool?

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
            framing = clip.framing.isOriginal ? nil : FramingFile(clip.framing)
            speed = clip.speed == 1 ? nil : clip.speed
            keepsFastSound = clip.keepsFastSound ? true : nil
            switch clip.kind {
            case .video:
                (kind, panZoom, background) = (nil, nil, nil)
            case .photo(let value):
                (kind, panZoom, background) = ("photo", PanZoomFile(value), nil)
            case .title(let value):
                kind = "title"
                panZoom = nil
                switch value {
                case .colour(let colour): background = colour.hex
                case .blurredStill: background = "blurred"
                }
            }
        }

        func clip() throws -> MovieClip {
            switch kind {
            case "photo":
                return MovieClip.photo(id: UUID(uuidString: id) ?? UUID(), uri: uri, width: width, height: height,
                                       length: trimOut - trimIn, panZoom: panZoom?.panZoom() ?? PanZoom())
            case "title":
                let colour = background.flatMap(MovieColor.init(hex:))
                return MovieClip.title(id: UUID(uuidString: id) ?? UUID(),
                                       background: background == "blurred" ? .blurredStill : .colour(colour ?? .black),
                                       length: trimOut - trimIn)
            default:
                break
            }
            guard rateNumerator > 0, rateDenominator > 0, sourceDuration > 0 else {
                throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "bad clip \(uri)"))
            }
            var clip = MovieClip(id: UUID(uuidString: id) ?? UUID(), uri: uri, sourceDuration: sourceDuration,
                                 frameRate: FrameRate(rateNumerator, rateDenominator, isVariable: variableRate),
                                 width: width, height: height, hasSound: hasSound)
            clip.trim(from: trimIn, to: trimOut)
            clip.framing = framing?.framing() ?? .original
            clip.setSpeed(speed ?? 1)
            clip.keepsFastSound = keepsFastSound ?? false
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

    private struct FramingFile: Codable {
        let quarterTurns: Int
        let mirrored: Bool
        /// Left, top, right, bottom.
        let crop: [Double]
        let fill: Bool
        let focus: [Double]

        init(_ framing: ClipFraming) {
            quarterTurns = framing.quarterTurns
            mirrored = framing.mirrored
            crop = [framing.crop.left, framing.crop.top, framing.crop.right, framing.crop.bottom]
            fill = framing.fill
            focus = [framing.focus.x, framing.focus.y]
        }

        func framing() -> ClipFraming {
            let crop = self.crop.count == 4 ? ClipFraming.Crop(left: self.crop[0], top: self.crop[1], right: self.crop[2],
                                                               bottom: self.crop[3]) : .none
            let focus = self.focus.count == 2 ? ClipFraming.Point(x: self.focus[0], y: self.focus[1]) : .centre
            return ClipFraming(quarterTurns: quarterTurns, mirrored: mirrored, crop: crop, fill: fill, focus: focus)
        }
    }

    private struct PanZoomFile: Codable {
        let on: Bool
        let start: [Double]
        let end: [Double]

        init(_ panZoom: PanZoom) {
            on = panZoom.isOn
            start = [panZoom.start.x, panZoom.start.y, panZoom.start.width, panZoom.start.height]
            end = [panZoom.end.x, panZoom.end.y, panZoom.end.width, panZoom.end.height]
        }

        func panZoom() -> PanZoom {
            func rect(_ values: [Double]) -> PanZoom.Rect? {
                values.count == 4 ? PanZoom.Rect(x: values[0], y: values[1], width: values[2], height: values[3]) : nil
            }
            let standard = PanZoom()
            return PanZoom(isOn: on, start: rect(start) ?? standard.start, end: rect(end) ?? standard.end)
        }
    }

    private struct Overlay: Codable {
        let id: String
        /// "text", "picture" or "video".
        let kind: String
        /// "movie", or a clip's id.
        let anchor: String
        let offset: Int64
        let length: Int64?
        let place: [Double]
        let endPlace: [Double]?
        let moveEasing: String
        let opacity: Double
        let entrance: Animation
        let exit: Animation
        let text: Text?
        let uri: String?
        let width: Int?
        let height: Int?
        let sourceDuration: Int64?
        let rateNumerator: Int64?
        let rateDenominator: Int64?
        let variableRate: Bool?
        let hasSound: Bool?
        let trimIn: Int64?
        let volume: Double?
        let cornerRadius: Double?

        struct Animation: Codable {
            let kind: String
            let duration: Int64
            let easing: String

            init(_ animation: OverlayAnimation) {
                kind = animation.kindName
                duration = animation.duration
                easing = animation.easing.rawValue
            }

            func animation() -> OverlayAnimation {
                OverlayAnimation(kind: OverlayAnimation.kind(named: kind) ?? .none, duration: duration,
                                 easing: Easing(rawValue: easing) ?? .easeOut)
            }
        }

        struct Text: Codable {
            let text: String
            let family: String
            let size: Double
            let weight: Int
            let colour: String
            let outline: String?
            let outlineWidth: Double
            let shadow: String?
            let alignment: String

            init(_ text: MovieText) {
                self.text = text.text
                family = text.family
                size = text.size
                weight = text.weight
                colour = text.colour.hex
                outline = text.outline?.hex
                outlineWidth = text.outlineWidth
                shadow = text.shadow?.hex
                alignment = text.alignment.rawValue
            }

            func movieText() -> MovieText {
                MovieText(text: text, family: family, size: size, weight: weight,
                          colour: MovieColor(hex: colour) ?? .white, outline: outline.flatMap(MovieColor.init(hex:)),
                          outlineWidth: outlineWidth, shadow: shadow.flatMap(MovieColor.init(hex:)),
                          alignment: MovieText.Alignment(rawValue: alignment) ?? .centre)
            }
        }

        init(_ overlay: MovieOverlay) {
            id = overlay.id.uuidString
            switch overlay.anchor {
            case .movie: anchor = "movie"
            case .clip(let clip): anchor = clip.uuidString
            }
            offset = overlay.offset
            length = overlay.length
            place = [overlay.place.x, overlay.place.y, overlay.place.scale]
            endPlace = overlay.endPlace.map { [$0.x, $0.y, $0.scale] }
            moveEasing = overlay.moveEasing.rawValue
            opacity = overlay.opacity
            entrance = Animation(overlay.entrance)
            exit = Animation(overlay.exit)
            var text: Text?, uri: String?, width: Int?, height: Int?, sourceDuration: Int64?, numerator: Int64?,
                denominator: Int64?, variable: Bool?, hasSound: Bool?, trimIn: Int64?, volume: Double?, radius: Double?
            switch overlay.content {
            case .text(let value):
                kind = "text"
                text = Text(value)
            case .picture(let picture):
                kind = "picture"
                (uri, width, height) = (picture.uri, picture.width, picture.height)
            case .video(let video):
                kind = "video"
                (uri, width, height, sourceDuration) = (video.uri, video.width, video.height, video.sourceDuration)
                (numerator, denominator, variable) = (video.frameRate.numerator, video.frameRate.denominator,
                                                      video.frameRate.isVariable)
                (hasSound, trimIn, volume, radius) = (video.hasSound, video.trimIn, video.volume, video.cornerRadius)
            }
            self.text = text
            self.uri = uri
            self.width = width
            self.height = height
            self.sourceDuration = sourceDuration
            rateNumerator = numerator
            rateDenominator = denominator
            variableRate = variable
            self.hasSound = hasSound
            self.trimIn = trimIn
            self.volume = volume
            cornerRadius = radius
        }

        func overlay() -> MovieOverlay? {
            let content: MovieOverlay.Content
            switch kind {
            case "text":
                guard let text else { return nil }
                content = .text(text.movieText())
            case "picture":
                guard let uri, let width, let height else { return nil }
                content = .picture(MoviePicture(uri: uri, width: width, height: height))
            case "video":
                guard let uri, let width, let height, let sourceDuration, sourceDuration > 0,
                      let rateNumerator, let rateDenominator, rateNumerator > 0, rateDenominator > 0 else { return nil }
                content = .video(OverlayVideo(uri: uri, sourceDuration: sourceDuration,
                                              frameRate: FrameRate(rateNumerator, rateDenominator, isVariable: variableRate ?? false),
                                              width: width, height: height, hasSound: hasSound ?? false,
                                              trimIn: trimIn ?? 0, volume: volume ?? 1, cornerRadius: cornerRadius ?? 0))
            default:
                return nil
            }
            func place(_ values: [Double]) -> OverlayPlace? {
                values.count == 3 ? OverlayPlace(x: values[0], y: values[1], scale: values[2]) : nil
            }
            let anchor: MovieOverlay.Anchor
            if self.anchor == "movie" {
                anchor = .movie
            } else if let clip = UUID(uuidString: self.anchor) {
                anchor = .clip(clip)
            } else {
                return nil
            }
            return MovieOverlay(id: UUID(uuidString: id) ?? UUID(), content: content, anchor: anchor, offset: offset,
                                length: length, place: place(self.place) ?? .centre, endPlace: endPlace.flatMap(place),
                                moveEasing: Easing(rawValue: moveEasing) ?? .easeInOut, opacity: opacity,
                                entrance: entrance.animation(), exit: exit.animation())
        }
    }
}
