import CGLib
import Foundation

/// Live GObject instances of named types, for leak checks in tests and the
/// trace. GLib counts instances only when the process runs with
/// `GOBJECT_DEBUG=instance-count`; otherwise every count is 0.
public enum InstanceCount {
    /// The sum over `typeNames` (exact types, not subclasses; unknown names
    /// count 0).
    public static func total(_ typeNames: [String]) -> Int {
        typeNames.reduce(0) { sum, name in
            let type = g_type_from_name(name)
            return sum + (type == 0 ? 0 : Int(g_type_get_instance_count(type)))
        }
    }

    /// Threads and open file descriptors of this process (Linux /proc).
    public static var threads: Int { entries("/proc/self/task") }
    public static var fileDescriptors: Int { entries("/proc/self/fd") }

    private static func entries(_ path: String) -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: path).count) ?? -1
    }
}
