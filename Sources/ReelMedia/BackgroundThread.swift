import Foundation

/// Starts work that must never compete with the interface (sample encoding,
/// thumbnails, discovery): a thread with a lower CPU priority. GStreamer's
/// streaming threads started from it inherit that priority on Linux, so the
/// encoders and decoders it drives yield to the main thread too.
enum BackgroundThread {
    static func start(_ work: @escaping @Sendable () -> Void) {
        Thread.detachNewThread {
            // Linux keeps a nice value per thread, and `who` 0 means the
            // calling thread; 10 is "background".
            _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
            work()
        }
    }
}
