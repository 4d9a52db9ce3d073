/// The player's volume, on a cubic (perceived loudness) scale: 1 is the
/// sound as recorded, up to 1.5 (150 %) for quiet recordings. The keys move
/// it in steps that land on 100 % on the way, and a drag of the bar near
/// 100 % settles there, so the recording's own level is easy to find again.
public enum VolumeLevel {
    public static let maximum = 1.5
    /// The recording's own level: the mark on the volume bar.
    public static let full = 1.0
    /// Up or Down.
    public static let step = 0.05
    /// A drag that ends this close to 100 % lands on it.
    static let snap = 0.03

    public static func clamped(_ volume: Double) -> Double {
        guard volume.isFinite else { return full }
        return min(maximum, max(0, volume))
    }

    /// One key press up (positive `steps`) or down, on the steps' grid.
    public static func stepped(_ volume: Double, by steps: Int) -> Double {
        let grid = ((clamped(volume) / step).rounded() + Double(steps)) * step
        return clamped((grid * 100).rounded() / 100)
    }

    /// Where the bar's drag or click lands.
    public static func dragged(to volume: Double) -> Double {
        abs(volume - full) < snap ? full : clamped(volume)
    }
}
