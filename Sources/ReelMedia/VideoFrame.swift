import CGLib
import ReelCore

/// One converted picture, ready to become a GTK texture: premultiplied BGRA
/// (opaque, so premultiplying changes nothing) in a GBytes the texture can
/// hold without a copy. Made on a streaming thread, handed to the main thread
/// once, then only read.
public final class VideoFrame: @unchecked Sendable {
    /// A GBytes reference owned by this frame.
    public let bytes: OpaquePointer
    public let width: Int
    public let height: Int
    public let stride: Int
    /// Presentation time in nanoseconds, when the buffer had one.
    public let pts: UInt64?
    /// The same in the stream's time (its segment applied): what subtitle
    /// lines are timed in, as each stream's buffers may have another base.
    public let streamTime: UInt64?
    /// The running time the sink presented it at (the sink's segment, the
    /// speed applied): at double speed it moves half as fast as `pts`.
    public let runningTime: UInt64?
    /// The size the picture is meant to be shown at (pixel aspect ratio and
    /// rotation applied); the texture may be smaller (converted at the drawn
    /// size) but has this aspect ratio.
    public let displayWidth: Int
    public let displayHeight: Int
    /// The part of the picture this frame holds (whole, unless only part
    /// of the picture is visible: see PictureCrop).
    public let crop: PictureCrop

    init(bytes: OpaquePointer, width: Int, height: Int, stride: Int, pts: UInt64?, streamTime: UInt64? = nil,
         runningTime: UInt64? = nil, displayWidth: Int, displayHeight: Int, crop: PictureCrop = .whole) {
        self.bytes = bytes
        self.width = width
        self.height = height
        self.stride = stride
        self.pts = pts
        self.streamTime = streamTime ?? pts
        self.runningTime = runningTime
        self.displayWidth = displayWidth
        self.displayHeight = displayHeight
        self.crop = crop
    }

    deinit { g_bytes_unref(bytes) }

    /// Width over height as shown.
    public var aspectRatio: Double {
        displayHeight > 0 ? Double(displayWidth) / Double(displayHeight) : 0
    }

    /// The pixel at (x, y) as (red, green, blue); for tests.
    public func rgb(x: Int, y: Int) -> (Int, Int, Int) {
        var size: gsize = 0
        let data = g_bytes_get_data(bytes, &size)!.assumingMemoryBound(to: UInt8.self)
        let pixel = data + y * stride + x * 4
        return (Int(pixel[2]), Int(pixel[1]), Int(pixel[0]))
    }
}
