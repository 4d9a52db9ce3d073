import Foundation

/// The player page's own decisions, apart from GTK and the pipeline: when a
/// remembered position is sought, when MPRIS calls a paused video stopped,
/// how long the position bar holds where a seek went, what the end of a
/// video does, how many toasts the subtitle line rises above, and when the
/// trace hears of the first frame and of the dropped frames. The times come
/// in with the events, so the tests need no clock. `ReelUI.PlayerPage`
/// feeds it and carries the effects out in order, in the manner of
/// `PlaybackSession` and `Player`.
public struct PlayerPageState: Equatable, Sendable {
    /// How long the position bar shows where a command's seek went: the
    /// pipeline still reports the old position until the seek lands.
    public static let seekHold: TimeInterval = 0.5
    /// The same for the seek bar, whose drag lands a little later (on a
    /// keyframe first, then exactly).
    public static let seekBarHold: TimeInterval = 0.6
    /// How often the trace hears of the frames dropped so far (for the
    /// playback bench).
    public static let droppedFramesInterval: TimeInterval = 1

    /// Where to go once the video plays: a remembered position (the
    /// `resume` setting's "always"), or where the same video was before it
    /// was opened again. A seek needs a pipeline that has started.
    public private(set) var resumeAt: Double?
    /// Opened again paused (for another subtitle file): the position is
    /// sought once the video shows its first picture, paused.
    public private(set) var resumesPaused = false
    /// MPRIS's Stop paused the video at its start: PlaybackStatus says
    /// "Stopped" until the video plays or a command moves it.
    public private(set) var stoppedOnRequest = false
    /// Until then the position bar shows where a seek went rather than the
    /// player's position.
    public private(set) var seekHeldUntil = Date.distantPast
    /// Toasts on screen: the subtitle line rises above them.
    public private(set) var toastsShown = 0
    /// When the video was opened, until its first frame shows.
    public private(set) var firstFrameAwaitedSince: Date?
    private var nextDroppedFramesTrace = Date.distantPast

    public init() {}

    public enum Event: Equatable, Sendable {
        /// A video was opened, to start as `start` says (`ResumeChoice`, or
        /// `.resume` where the same video was when it is opened again);
        /// `paused`: it stays paused (it was paused when opened again).
        case opened(ResumeChoice.Start, paused: Bool, at: Date)
        /// The player's state changed; `endAction` is the setting now.
        case stateChanged(PlaybackState, endAction: EndAction, at: Date)
        /// A command seeks: a key, a menu, a chapter, MPRIS, the resume
        /// toast.
        case seek(to: Double, at: Date)
        /// The seek bar was moved: it seeks and shows where it went itself.
        case seekBarMoved(at: Date)
        /// MPRIS's Stop.
        case stop(at: Date)
        case toastShown
        case toastDismissed
        /// The page's periodic update; `tracing`: the trace is on.
        case tick(at: Date, tracing: Bool)
        /// A frame was drawn.
        case framePresented(at: Date)
    }

    public enum Effect: Equatable, Sendable {
        /// A toast offers to resume from there.
        case offerResume(at: Double)
        case play
        case pause
        case seek(to: Double)
        /// The position bar (and the chapter) show where the player is.
        case showPosition
        /// The owner closes the player.
        case close
        /// The owner plays the next video in its queue, once this event
        /// has been handled (opening it replaces this player).
        case playNext
        /// The subtitle line is placed again (above the toasts or not).
        case placeSubtitle
        /// The desktop's media controls hear of a change.
        case reportChange
        /// The trace hears how many frames were dropped so far.
        case traceDroppedFrames
        /// The trace hears how long the first frame took.
        case traceFirstFrame(latency: TimeInterval)
    }

    public mutating func handle(_ event: Event) -> [Effect] {
        switch event {
        case .opened(let start, let paused, let now):
            stoppedOnRequest = false
            firstFrameAwaitedSince = now
            resumeAt = nil
            resumesPaused = paused
            var effects: [Effect] = []
            switch start {
            case .fromBeginning: break
            case .offer(let saved): effects.append(.offerResume(at: saved))
            case .resume(let saved): resumeAt = saved
            }
            if paused { effects.append(.pause) }
            return effects
        case .stateChanged(let state, let endAction, let now):
            if state != .paused { stoppedOnRequest = false }
            var effects: [Effect] = []
            if state == .ended { effects += [.showPosition] + ended(endAction) }
            if state == .playing || (state == .paused && resumesPaused), let position = resumeAt {
                resumesPaused = false
                resumeAt = nil
                effects += seek(to: position, at: now)
            }
            return effects
        case .seek(let position, let now):
            return seek(to: position, at: now)
        case .seekBarMoved(let now):
            seekHeldUntil = now.addingTimeInterval(Self.seekBarHold)
            return []
        case .stop(let now):
            let effects = [.pause] + seek(to: 0, at: now)
            stoppedOnRequest = true
            return effects + [.reportChange]
        case .toastShown:
            toastsShown += 1
            return [.placeSubtitle]
        case .toastDismissed:
            toastsShown = max(0, toastsShown - 1)
            return [.placeSubtitle]
        case .tick(let now, let tracing):
            var effects: [Effect] = []
            if now > seekHeldUntil { effects.append(.showPosition) }
            if tracing, now >= nextDroppedFramesTrace {
                nextDroppedFramesTrace = now.addingTimeInterval(Self.droppedFramesInterval)
                effects.append(.traceDroppedFrames)
            }
            return effects
        case .framePresented(let now):
            guard let since = firstFrameAwaitedSince else { return [] }
            firstFrameAwaitedSince = nil
            return [.traceFirstFrame(latency: now.timeIntervalSince(since))]
        }
    }

    /// How far above the page's bottom the subtitle line sits: above the
    /// control bar while it shows, above a toast (over the bar's place)
    /// while one shows. `bar`: the bar's height with its margins.
    public func subtitleLift(bar: Int, toastHeight: Int, controlsShown: Bool) -> Int {
        toastsShown > 0 ? bar + toastHeight : controlsShown ? bar : 0
    }

    private mutating func seek(to position: Double, at now: Date) -> [Effect] {
        stoppedOnRequest = false
        seekHeldUntil = now.addingTimeInterval(Self.seekHold)
        return [.seek(to: position)]
    }

    private func ended(_ action: EndAction) -> [Effect] {
        switch action {
        case .stop: return []
        case .close: return [.close]
        case .loop: return [.play]
        case .next, .repeatQueue: return [.playNext]
        }
    }
}
