/// The main window's remembered size, kept within what makes sense: a size
/// saved on a bigger monitor or written by hand must not open a window too
/// small to use or absurdly large.
public struct WindowSize: Equatable, Sendable {
    public static let minimum = WindowSize(width: 360, height: 294)
    public static let maximum = WindowSize(width: 16384, height: 16384)
    public static let fallback = WindowSize(width: 1024, height: 720)

    public let width: Int
    public let height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// A saved size made usable; non-positive values mean "never saved".
    public static func restored(width: Int, height: Int) -> WindowSize {
        guard width > 0, height > 0 else { return fallback }
        return WindowSize(width: min(max(width, minimum.width), maximum.width),
                          height: min(max(height, minimum.height), maximum.height))
    }
}
