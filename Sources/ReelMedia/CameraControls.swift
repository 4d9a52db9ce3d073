import CV4L2
import ReelCore

/// Focus and exposure of a V4L2 camera, read and set on its device node
/// while it streams. Cameras without a node (test, PipeWire-only) have none.
public enum CameraControls {
    private static func id(_ kind: CameraControl.Kind) -> UInt32 {
        switch kind {
        case .autoFocus: return UInt32(REEL_V4L2_FOCUS_AUTO)
        case .focus: return UInt32(REEL_V4L2_FOCUS_ABSOLUTE)
        case .autoExposure: return UInt32(REEL_V4L2_EXPOSURE_AUTO)
        case .exposure: return UInt32(REEL_V4L2_EXPOSURE_ABSOLUTE)
        }
    }

    /// The controls `camera` has.
    public static func read(_ camera: CaptureDevice) -> [CameraControl] {
        guard let path = camera.devicePath else { return [] }
        return CameraControl.Kind.allCases.compactMap { kind in
            var minimum: Int32 = 0, maximum: Int32 = 0, step: Int32 = 0, value: Int32 = 0
            guard reel_v4l2_query(path, id(kind), &minimum, &maximum, &step, &value) == 0 else { return nil }
            return CameraControl(kind: kind, minimum: Int(minimum), maximum: Int(maximum), step: Int(step), value: Int(value))
        }
    }

    @discardableResult
    public static func set(_ kind: CameraControl.Kind, to value: Int, on camera: CaptureDevice) -> Bool {
        guard let path = camera.devicePath else { return false }
        return reel_v4l2_set(path, id(kind), Int32(value)) == 0
    }
}
