/// A camera's focus and exposure controls, as V4L2 exposes them. The media
/// layer reads what the device has; these rules decide what the page shows.
public struct CameraControl: Equatable, Sendable {
    public enum Kind: String, CaseIterable, Sendable {
        case autoFocus = "focus_auto"
        case focus = "focus_absolute"
        /// V4L2's exposure_auto is a menu: 1 is manual, 3 aperture priority.
        case autoExposure = "exposure_auto"
        case exposure = "exposure_absolute"
    }

    public let kind: Kind
    public let minimum: Int
    public let maximum: Int
    public let step: Int
    public var value: Int

    public init(kind: Kind, minimum: Int, maximum: Int, step: Int, value: Int) {
        self.kind = kind
        self.minimum = minimum
        self.maximum = maximum
        self.step = max(step, 1)
        self.value = value
    }

    /// V4L2's menu values for exposure_auto.
    public static let manualExposure = 1
    public static let automaticExposure = 3
}

/// What the focus and exposure part of the page shows, for a device's
/// controls: each automatic switch and slider only if the device has it, a
/// slider usable only while its automatic mode is off. A device with none
/// (a virtual or PipeWire camera) shows nothing at all.
public struct CameraControlsLayout: Equatable, Sendable {
    public var autoFocus: Bool?
    public var focus: CameraControl?
    public var autoExposure: Bool?
    public var exposure: CameraControl?

    public init(controls: [CameraControl]) {
        for control in controls {
            switch control.kind {
            case .autoFocus: autoFocus = control.value != 0
            case .focus: focus = control
            case .autoExposure: autoExposure = control.value != CameraControl.manualExposure
            case .exposure: exposure = control
            }
        }
    }

    public var isEmpty: Bool { autoFocus == nil && focus == nil && autoExposure == nil && exposure == nil }
    public var focusAdjustable: Bool { focus != nil && autoFocus != true }
    public var exposureAdjustable: Bool { exposure != nil && autoExposure != true }
}

/// How Reel reaches cameras: in a Flatpak sandbox only through the Camera
/// portal (PipeWire behind it); outside, through GStreamer's device
/// monitor, which lists PipeWire cameras when a PipeWire daemon runs and
/// V4L2 devices otherwise.
public enum CameraAccess: Equatable, Sendable {
    case portal
    case deviceMonitor

    public static func route(sandboxed: Bool) -> CameraAccess {
        sandboxed ? .portal : .deviceMonitor
    }

    /// The device providers to keep: PipeWire's lists the same V4L2 cameras
    /// again, so with it running the V4L2 provider is hidden; PulseAudio's
    /// microphones stay unless PipeWire lists them too.
    public static func hiddenProviders(available: [String]) -> [String] {
        guard available.contains("pipewiredeviceprovider") else { return [] }
        return available.filter { $0 == "v4l2deviceprovider" || $0 == "pulsedeviceprovider" }
    }
}
