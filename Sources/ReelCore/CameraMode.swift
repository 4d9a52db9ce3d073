/// One way a camera can deliver pictures: a size, a frame rate, and raw or
/// JPEG-compressed frames (webcams give their larger sizes at full rate
/// only as MJPEG).
public struct CameraMode: Hashable, Sendable {
    public enum Encoding: Hashable, Sendable {
        /// Raw frames in a GStreamer video format ("YUY2", "NV12", …).
        case raw(String)
        case jpeg
    }

    public let width: Int
    public let height: Int
    /// Frame rate as a fraction, as the caps give it.
    public let rateNumerator: Int
    public let rateDenominator: Int
    public let encoding: Encoding

    public init(width: Int, height: Int, rateNumerator: Int, rateDenominator: Int = 1, encoding: Encoding) {
        self.width = width
        self.height = height
        self.rateNumerator = rateNumerator
        self.rateDenominator = max(rateDenominator, 1)
        self.encoding = encoding
    }

    public var framesPerSecond: Double { Double(rateNumerator) / Double(rateDenominator) }
    /// "1280x720": how the choice is kept in settings.
    public var sizeKey: String { "\(width)x\(height)" }
    /// "1280 × 720"
    public var label: String { "\(width) × \(height)" }
}

/// The resolution menu: one entry per size, each with the mode that serves
/// it best.
public enum CameraModes {
    /// The frame rate aimed for: smooth, and what a 2-core machine can encode.
    static let idealRate = 30.0

    /// One mode per size, largest first. For each size the rate closest to
    /// 30 fps from below wins (above 30 only if nothing lower exists); raw
    /// beats JPEG at the same rate (no decoding), JPEG wins when it is faster.
    public static func menu(_ modes: [CameraMode]) -> [CameraMode] {
        var best: [String: CameraMode] = [:]
        for mode in modes where mode.width > 0 && mode.height > 0 && mode.rateNumerator > 0 {
            guard let current = best[mode.sizeKey] else { best[mode.sizeKey] = mode; continue }
            if score(mode) > score(current) { best[mode.sizeKey] = mode }
        }
        return best.values.sorted {
            $0.width * $0.height != $1.width * $1.height ? $0.width * $0.height > $1.width * $1.height : $0.width > $1.width
        }
    }

    private static func score(_ mode: CameraMode) -> Double {
        let fps = mode.framesPerSecond
        let rate = fps <= idealRate + 0.01 ? fps : idealRate - (fps - idealRate) / 100
        let raw: Double
        if case .raw = mode.encoding { raw = 0.5 } else { raw = 0 }
        return rate * 10 + raw
    }

    /// The saved size if the camera has it; else 1280 × 720; else the
    /// largest size up to 1920 × 1080 running at 24 fps or more; else the
    /// first.
    public static func preferred(in menu: [CameraMode], saved: String?) -> CameraMode? {
        if let saved, let mode = menu.first(where: { $0.sizeKey == saved }) { return mode }
        if let hd = menu.first(where: { $0.sizeKey == "1280x720" }) { return hd }
        return menu.first { $0.width * $0.height <= 1920 * 1080 && $0.framesPerSecond >= 24 } ?? menu.first
    }
}
