import CGst

/// A GStreamer object handed to another thread: GstObject's reference
/// counting and the calls made on these (state changes, starting a device
/// monitor) are thread-safe by GStreamer's own locking, which Swift cannot
/// see in a C pointer.
struct GstHandle<Object>: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<Object>
    init(_ pointer: UnsafeMutablePointer<Object>) { self.pointer = pointer }
}
