/// The movie page's preview, apart from GES: what the page and the preview
/// said (an edit, a clip chosen, the preview ready, ended, a seek or Play
/// asked) go in as events; what to do comes out as effects, in the order
/// the page carries them out. A new preview is made once edits settle
/// (keys repeat: one per burst), and a seek waits until the preview has a
/// picture and no other seek is under way: GES loses a seek made while its
/// pipeline prerolls, and can stall.
public struct MoviePreviewSession: Equatable, Sendable {
    public enum Event: Equatable, Sendable {
        /// The edit changed (or a missing file came back): a new preview
        /// once the edits settle.
        case edited
        /// The chosen clip or trim handle changed: the preview goes to
        /// `showFrame`'s frame, if one was asked, without being made anew.
        case chosen
        /// Where the preview goes when it is next ready or made (the frame
        /// under a trim handle).
        case showFrame(at: Int64)
        /// The time edits settle in has passed since `scheduleRebuild`.
        case rebuildDue
        /// A new preview was made (`rebuild`), its length `duration`;
        /// `resumeAt`: where the one it replaces was.
        case made(duration: Int64, resumeAt: Int64?)
        /// Making the preview failed (the page says why).
        case failed
        /// No preview: the page left, or there is nothing to preview.
        case stop
        /// The preview has a picture, prerolled or after a seek.
        case ready
        case ended
        /// The person moved the position slider.
        case seek(to: Int64)
        /// Play or Pause; `position` and `duration` of the preview there is
        /// (the page makes one first if there is none).
        case togglePlay(position: Int64?, duration: Int64, frameDuration: Int64)
    }

    public enum Effect: Equatable, Sendable {
        /// `rebuildDue` once edits settle.
        case scheduleRebuild
        /// Make a new preview of the edit and report `made`, `failed`, or
        /// `stop` when none can be shown.
        case rebuild
        /// Drop the preview and its picture.
        case discard
        case seek(to: Int64)
        case play
        case pause
        /// The Play button says Pause (and the position follows) or Play.
        case showPlaying(Bool)
        case updatePosition
    }

    public private(set) var hasPreview = false
    public private(set) var isPlaying = false
    /// A new preview is waiting for the edits to settle.
    public private(set) var rebuildScheduled = false
    /// Where the preview goes once it is ready again (nil: where it was).
    public private(set) var frameToShow: Int64?
    /// A seek waiting for the preview to be ready.
    public private(set) var waitingSeek: Int64?
    /// The preview has a picture and no seek under way: a seek now is
    /// carried out; otherwise the last one asked waits for that.
    public private(set) var isReady = false

    public init() {}

    public mutating func handle(_ event: Event) -> [Effect] {
        switch event {
        case .edited:
            return scheduleRebuild()
        case .chosen:
            guard hasPreview else { return scheduleRebuild() }
            guard let time = frameToShow else { return [] }
            frameToShow = nil
            return seek(to: time)
        case .showFrame(let time):
            frameToShow = time
            return []
        case .rebuildDue:
            rebuildScheduled = false
            return [.rebuild]
        case .made(let duration, let resumeAt):
            hasPreview = true
            isReady = false
            let target = min(frameToShow ?? resumeAt ?? 0, max(duration - 1, 0))
            frameToShow = nil
            waitingSeek = target > 0 ? target : nil
            return [isPlaying ? .play : .pause, .updatePosition]
        case .failed:
            hasPreview = false
            isReady = false
            waitingSeek = nil
            return [.discard, .updatePosition]
        case .stop:
            hasPreview = false
            isReady = false
            waitingSeek = nil
            isPlaying = false
            return [.discard, .showPlaying(false)]
        case .ready:
            isReady = true
            var effects: [Effect] = []
            if let target = waitingSeek {
                waitingSeek = nil
                effects = seek(to: target)
            }
            return effects + [.updatePosition]
        case .ended:
            isPlaying = false
            return [.showPlaying(false)]
        case .seek(let time):
            return seek(to: time)
        case .togglePlay(let position, let duration, let frameDuration):
            guard hasPreview else { return [] }
            var effects: [Effect] = []
            // Play at the end starts again from the beginning.
            if !isPlaying, let position, position >= duration - frameDuration { effects = seek(to: 0) }
            isPlaying.toggle()
            return effects + [.showPlaying(isPlaying), isPlaying ? .play : .pause]
        }
    }

    private mutating func scheduleRebuild() -> [Effect] {
        guard !rebuildScheduled else { return [] }
        rebuildScheduled = true
        return [.scheduleRebuild]
    }

    private mutating func seek(to time: Int64) -> [Effect] {
        guard hasPreview else { return [] }
        guard isReady else {
            waitingSeek = time
            return []
        }
        isReady = false
        return [.seek(to: time)]
    }
}
