import CGLib
import CGst
import GLibKit
import ReelCore

/// A camera or a microphone: a GStreamer device from the device monitor
/// (V4L2, PipeWire, PulseAudio), or a test source standing in for one
/// (videotestsrc/audiotestsrc: only the source element differs).
public final class CaptureDevice: @unchecked Sendable {
    public enum Kind: Sendable { case camera, microphone }

    public let kind: Kind
    /// Stable across hot-plug: the device node, else the name.
    public let id: String
    public let name: String
    /// Cameras: the resolution menu (CameraModes.menu of the device's caps).
    public let modes: [CameraMode]
    /// The V4L2 node behind a camera, for focus and exposure controls.
    public let devicePath: String?
    private let device: ObjectRef?
    private let testPattern: Int?

    init(device: UnsafeMutablePointer<GstDevice>, kind: Kind) {
        self.kind = kind
        self.device = ObjectRef(retaining: device)
        let displayName = gst_device_get_display_name(device)
        name = displayName.map { String(cString: $0) } ?? "Camera"
        g_free(displayName)
        var path: String?
        if let properties = gst_device_get_properties(device) {
            for key in ["api.v4l2.path", "device.path", "object.path", "node.name"] where path == nil {
                if let value = gst_structure_get_string(properties, key) { path = String(cString: value) }
            }
            gst_structure_free(properties)
        }
        devicePath = path.flatMap { $0.hasPrefix("/dev/video") ? $0 : nil }
        id = path ?? name
        if kind == .camera, let caps = gst_device_get_caps(device) {
            modes = CameraModes.menu(CaptureDevice.modes(of: caps))
            gst_caps_unref(caps)
        } else {
            modes = []
        }
        testPattern = nil
    }

    /// A test camera (videotestsrc with a pattern of its own, 640×480 to
    /// 1920×1080 at 30 fps) or a test microphone (a tone).
    init(testNamed name: String, kind: Kind, pattern: Int) {
        self.kind = kind
        self.name = name
        id = "test:\(name)"
        device = nil
        devicePath = nil
        testPattern = pattern
        modes = kind == .camera
            ? [(1920, 1080), (1280, 720), (640, 480)].map { CameraMode(width: $0.0, height: $0.1, rateNumerator: 30, encoding: .raw("I420")) }
            : []
    }

    /// A new source element, floating, ready to add to a pipeline.
    func makeSource() -> UnsafeMutablePointer<GstElement>? {
        if let testPattern {
            let element = gst_element_factory_make(kind == .camera ? "videotestsrc" : "audiotestsrc", nil)
            guard let element else { return nil }
            PropertyValue.bool(true).set(on: element, "is-live")
            if kind == .camera {
                PropertyValue.int(Int32(testPattern)).set(on: element, "pattern")
            } else {
                // A quiet tone: a real microphone is never silent either.
                PropertyValue.double(0.1).set(on: element, "volume")
                PropertyValue.double(440 + Double(testPattern) * 110).set(on: element, "freq")
            }
            return element
        }
        guard let device else { return nil }
        return gst_device_create_element(device.cast(), nil)
    }

    /// The caps a source is asked for in `mode`.
    static func caps(for mode: CameraMode) -> String {
        let size = "width=\(mode.width),height=\(mode.height),framerate=\(mode.rateNumerator)/\(mode.rateDenominator)"
        switch mode.encoding {
        case .raw(let format): return "video/x-raw,format=\(format),\(size)"
        case .jpeg: return "image/jpeg,\(size)"
        }
    }

    /// Every (size, rate, encoding) a camera's caps offer. Lists and ranges
    /// of rates are opened up; sizes given as ranges (virtual cameras) are
    /// offered at the usual sizes that fit.
    static func modes(of caps: UnsafeMutablePointer<GstCaps>) -> [CameraMode] {
        var modes: [CameraMode] = []
        for index in 0..<gst_caps_get_size(caps) {
            guard let structure = gst_caps_get_structure(caps, index) else { continue }
            let media = String(cString: gst_structure_get_name(structure))
            let encoding: CameraMode.Encoding
            if media == "image/jpeg" {
                encoding = .jpeg
            } else if media == "video/x-raw", let format = gst_structure_get_string(structure, "format") {
                encoding = .raw(String(cString: format))
            } else {
                continue
            }
            let rates = fractions(gst_structure_get_value(structure, "framerate"))
            for size in sizes(structure) {
                for rate in rates {
                    modes.append(CameraMode(width: size.0, height: size.1, rateNumerator: rate.0, rateDenominator: rate.1,
                                            encoding: encoding))
                }
            }
        }
        return modes
    }

    private static let usualSizes = [(3840, 2160), (1920, 1080), (1280, 720), (640, 480), (320, 240)]

    private static func sizes(_ structure: UnsafePointer<GstStructure>) -> [(Int, Int)] {
        var width: Int32 = 0, height: Int32 = 0
        if gst_structure_get_int(structure, "width", &width) != 0, gst_structure_get_int(structure, "height", &height) != 0 {
            return [(Int(width), Int(height))]
        }
        guard let w = gst_structure_get_value(structure, "width"), let h = gst_structure_get_value(structure, "height"),
              w.pointee.g_type == gst_int_range_get_type(), h.pointee.g_type == gst_int_range_get_type() else { return [] }
        return usualSizes.filter {
            (gst_value_get_int_range_min(w)...gst_value_get_int_range_max(w)).contains(Int32($0.0))
                && (gst_value_get_int_range_min(h)...gst_value_get_int_range_max(h)).contains(Int32($0.1))
        }
    }

    /// Frame rates as (numerator, denominator): one, a list, or a range (30
    /// if the range has it, else its top).
    private static func fractions(_ value: UnsafePointer<GValue>?) -> [(Int, Int)] {
        guard let value else { return [(30, 1)] }
        let type = value.pointee.g_type
        if type == gst_fraction_get_type() {
            return [(Int(gst_value_get_fraction_numerator(value)), Int(gst_value_get_fraction_denominator(value)))]
        }
        if type == gst_value_list_get_type() {
            return (0..<gst_value_list_get_size(value)).flatMap { fractions(gst_value_list_get_value(value, $0)) }
        }
        if type == gst_fraction_range_get_type(), let low = gst_value_get_fraction_range_min(value),
           let high = gst_value_get_fraction_range_max(value) {
            let top = (Int(gst_value_get_fraction_numerator(high)), Int(gst_value_get_fraction_denominator(high)))
            let lowest = Double(gst_value_get_fraction_numerator(low)) / Double(max(gst_value_get_fraction_denominator(low), 1))
            let highest = Double(top.0) / Double(max(top.1, 1))
            return lowest <= 30 && highest >= 30 ? [(30, 1)] : [top]
        }
        return []
    }
}
