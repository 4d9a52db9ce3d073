import Foundation

/// Threads and open file descriptors of this process (Linux /proc), for the
/// leak checks in the trace.
public enum ProcessCounts {
    public static var threads: Int { entries("/proc/self/task") }
    public static var fileDescriptors: Int { entries("/proc/self/fd") }

    private static func entries(_ path: String) -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: path).count) ?? -1
    }
}
