import CGLib
import CGst
import GLibKit
import ReelCore

/// GStreamer's one-time set-up. Every pipeline in ReelMedia assumes it ran.
public enum MediaSystem {
    // Set and read on the main thread only, at start-up.
    nonisolated(unsafe) private static var initialized = false

    /// Initialises GStreamer; safe to call more than once (main thread only).
    public static func initialize() throws {
        guard !initialized else { return }
        _ = try GLibError.check { gst_init_check(nil, nil, $0) }
        gst_pb_utils_init()
        initialized = true
    }

    /// "GStreamer 1.22.0", for `--version` and the About window's debug info.
    public static var versionDescription: String {
        String(consumingGString: gst_version_string()) ?? "GStreamer"
    }

    /// Whether an element factory is installed (encoders, sinks, demuxers
    /// differ between Debian and the Flatpak runtime).
    public static func hasElement(_ factory: String) -> Bool {
        guard let found = gst_element_factory_find(factory) else { return false }
        gst_object_unref(UnsafeMutableRawPointer(found))
        return true
    }

    /// The elements Reel can do without that this system lacks, asked once.
    public static let missingOptionalElements: [OptionalElement] = OptionalElement.missing(isInstalled: hasElement)

    /// Makes an element and hands back its owner, or nil if the factory is
    /// missing.
    public static func makeElement(_ factory: String, name: String? = nil) -> ObjectRef? {
        guard let element = gst_element_factory_make(factory, name) else { return nil }
        return ObjectRef(owning: element)
    }
}
