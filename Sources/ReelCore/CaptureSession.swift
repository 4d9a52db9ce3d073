/// Photo or video: what the shutter button does.
public enum CaptureMode: String, Sendable {
    case photo
    case video
}

/// The optional delay before the shutter (a camera app's self-timer).
public enum CaptureCountdown: Int, CaseIterable, Sendable {
    case off = 0
    case three = 3
    case five = 5
    case ten = 10

    /// Untranslated (N_); `%s` stands for the seconds.
    public var label: String { self == .off ? N_("No Timer") : N_("%s Seconds") }
}

/// What the camera page is doing, and what the shutter means in each state.
/// The UI asks `shutter()` and does what it says, so the rules (a second
/// press cancels a countdown, the shutter stops a recording, nothing
/// happens while a recording is being saved) are unit-tested here.
public struct CaptureSession: Equatable, Sendable {
    public enum Activity: Equatable, Sendable {
        case idle
        /// Seconds left before the shutter fires.
        case countingDown(Int)
        case recording
        /// The recording was stopped and is being finished on disk.
        case saving
    }

    public enum Action: Equatable, Sendable {
        case takePhoto
        case startRecording
        case stopRecording
        case startCountdown(Int)
        case cancelCountdown
        case nothing
    }

    public var mode: CaptureMode
    public var countdown: CaptureCountdown
    public private(set) var activity: Activity = .idle

    public init(mode: CaptureMode = .photo, countdown: CaptureCountdown = .off) {
        self.mode = mode
        self.countdown = countdown
    }

    /// The mode switch, the camera and resolution menus are locked while
    /// anything is under way.
    public var canChangeSettings: Bool { activity == .idle }

    /// The shutter was pressed.
    public mutating func shutter() -> Action {
        switch activity {
        case .idle:
            if countdown != .off {
                activity = .countingDown(countdown.rawValue)
                return .startCountdown(countdown.rawValue)
            }
            return fire()
        case .countingDown:
            activity = .idle
            return .cancelCountdown
        case .recording:
            activity = .saving
            return .stopRecording
        case .saving:
            return .nothing
        }
    }

    /// One second of the countdown passed; at zero the shutter fires.
    public mutating func tick() -> Action {
        guard case .countingDown(let left) = activity else { return .nothing }
        if left > 1 {
            activity = .countingDown(left - 1)
            return .nothing
        }
        activity = .idle
        return fire()
    }

    /// The recording ended (saved, or stopped by a fault), or a photo was
    /// written: back to idle.
    public mutating func finished() {
        activity = .idle
    }

    /// A recording could not start, or stopped by itself (full disk,
    /// camera lost): from recording straight to saving.
    public mutating func recordingEnded() {
        if activity == .recording { activity = .saving }
    }

    private mutating func fire() -> Action {
        switch mode {
        case .photo:
            return .takePhoto
        case .video:
            activity = .recording
            return .startRecording
        }
    }
}
