import CGLib

/// Where the running binary's data lives: `<prefix>/share` next to
/// `<prefix>/bin/reel`. Lets a build installed to any prefix (a temp dir in
/// tests, /app in a Flatpak) find its translations, schema and resources
/// without compiled-in paths.
public enum InstallLocation {
    public static let prefix: String? = {
        guard let exe = try? GLibError.check({ g_file_read_link("/proc/self/exe", $0) }),
              let path = String(consumingGString: exe) else { return nil }
        let binDirectory = String(consumingGString: g_path_get_dirname(path)) ?? "."
        return String(consumingGString: g_path_get_dirname(binDirectory))
    }()

    /// `<prefix>/share/<relative>`, or nil when the binary's place is unknown.
    public static func data(_ relative: String) -> String? {
        prefix.map { "\($0)/share/\(relative)" }
    }

    public static func exists(_ path: String) -> Bool {
        g_file_test(path, G_FILE_TEST_EXISTS) != 0
    }
}
