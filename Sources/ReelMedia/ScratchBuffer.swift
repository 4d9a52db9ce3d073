/// Memory a converter reuses frame to frame, grown when a bigger frame
/// needs it (never shrunk: a video keeps its size).
final class ScratchBuffer {
    private var memory: UnsafeMutableRawPointer?
    private var size = 0

    deinit {
        memory?.deallocate()
    }

    /// At least `count` bytes, 64-byte aligned for libyuv's SIMD rows.
    func bytes(_ count: Int) -> UnsafeMutableRawPointer {
        if count > size {
            memory?.deallocate()
            memory = UnsafeMutableRawPointer.allocate(byteCount: count, alignment: 64)
            size = count
        }
        return memory!
    }
}
