/// The player's switches between its audio and text streams, apart from
/// GStreamer: a switch asked for (by `TrackSelection`'s decisions, through
/// `ReelUI.TrackMenus`) goes in with what the pipeline has now; what to set
/// on playbin, which stream rendition to fetch and which lines to draw come
/// out, and `ReelMedia.Player` (PlayerTracks) carries them out. A switch
/// asked for while the video opens waits until it has: switching playbin's
/// selector during the first preroll, with or without a seek, at times
/// left the video with no first frame.
public struct StreamSwitches: Equatable, Sendable {
    /// A switch that waits for the video to open.
    public enum Switch: Equatable, Sendable {
        case audio(Int)
        case text(Int)
    }

    /// The audio streams when a switch is asked for.
    public struct Audio: Equatable, Sendable {
        public var count: Int
        public var current: Int
        public var isOpening: Bool
        /// A live stream: a seek would move away from the edge.
        public var isLive: Bool

        public init(count: Int, current: Int, isOpening: Bool, isLive: Bool) {
            self.count = count
            self.current = current
            self.isOpening = isOpening
            self.isLive = isLive
        }
    }

    /// The text streams when a switch is asked for.
    public struct Text: Equatable, Sendable {
        /// A file Reel reads itself is loaded (its lines are `styledTrack`).
        public var hasStyledFile: Bool
        /// HLS or DASH: the streams are the manifest's renditions.
        public var isAdaptive: Bool
        /// playbin's `current-text`.
        public var current: Int
        public var isOpening: Bool
        /// An HLS or DASH rendition asked for is one GStreamer plays (or
        /// the manifest is not known): none is fetched.
        public var renditionFlows: Bool

        public init(hasStyledFile: Bool = false, isAdaptive: Bool = false, current: Int = -1, isOpening: Bool = false,
                    renditionFlows: Bool = true) {
            self.hasStyledFile = hasStyledFile
            self.isAdaptive = isAdaptive
            self.current = current
            self.isOpening = isOpening
            self.renditionFlows = renditionFlows
        }
    }

    public enum Event: Equatable, Sendable {
        case selectAudio(Int, Audio)
        /// nil: none shows. The text keeps flowing when none shows (Off
        /// only stops drawing its lines): turning playbin's text off and
        /// on again rebuilds its text branch, which then stayed silent.
        case selectText(Int?, Text)
        /// The video opened (it plays or is paused).
        case opened
    }

    public enum Decision: Equatable, Sendable {
        /// Set `current-audio`; `flush`: then seek, flushing, to where the
        /// video is, so the old stream's sound already queued for the
        /// output (about a second) is not heard first: the new stream is
        /// heard in tens of milliseconds (both measured by
        /// player-audio-switched).
        case switchAudio(Int, flush: Bool)
        /// Set `current-text`, dropping the old stream's lines and
        /// pictures, then seek, flushing, to where the video is (the old
        /// stream's lines wait behind the selector, as a file's reader sends
        /// all its lines at once, and hold the new one's back).
        case switchText(Int)
        /// Fetch this rendition of the stream's manifest, from where the
        /// video is (its lines so far dropped).
        case fetchRendition(Int)
        /// Stop fetching a rendition.
        case stopFetching
        /// Ask for the switch again, now the video has opened.
        case retry(Switch)
        /// For the trace: the text stream shown (nil: none).
        case textShown(Int?)
    }

    /// The place among the text streams of a file Reel reads itself: past
    /// any the video has, as it is no stream of playbin's.
    public static let styledTrack = 1000

    /// Lines are drawn.
    public private(set) var showsText = false
    /// They are those of the file Reel reads, not a stream's.
    public private(set) var showsStyledCues = false
    /// The stream's rendition Reel fetches itself, as GStreamer plays
    /// another: its place in the manifest.
    public private(set) var fetchedRendition: Int?
    /// Switches asked for while the video opened, in order.
    public private(set) var waiting: [Switch] = []

    public init() {}

    public mutating func handle(_ event: Event) -> [Decision] {
        switch event {
        case .selectAudio(let index, let audio):
            guard index >= 0, index < audio.count, index != audio.current else { return [] }
            if audio.isOpening {
                waiting.append(.audio(index))
                return []
            }
            // Not on a live stream, where a seek moves away from the edge.
            return [.switchAudio(index, flush: !audio.isLive)]
        case .selectText(let index, let text):
            return selectText(index, text)
        case .opened:
            let switches = waiting
            waiting = []
            return switches.map(Decision.retry)
        }
    }

    private mutating func selectText(_ index: Int?, _ text: Text) -> [Decision] {
        showsStyledCues = index != nil && index == StreamSwitches.styledTrack && text.hasStyledFile
        if showsStyledCues {
            showsText = true
            return [.textShown(index)]
        }
        var decisions: [Decision] = []
        if let index, !text.isAdaptive, index != text.current {
            if text.isOpening {
                waiting.append(.text(index))
                return []
            }
            decisions.append(.switchText(index))
        }
        if text.isAdaptive { decisions += showRendition(index, flows: text.renditionFlows) }
        showsText = index != nil
        return decisions + [.textShown(index)]
    }

    /// A rendition GStreamer does not play is fetched; one that flows, or
    /// none, stops the fetching.
    private mutating func showRendition(_ index: Int?, flows: Bool) -> [Decision] {
        guard let index, !flows else {
            fetchedRendition = nil
            return [.stopFetching]
        }
        guard index != fetchedRendition else { return [] }
        fetchedRendition = index
        return [.fetchRendition(index)]
    }
}
