/// What a path names when it is not a regular file.
public enum SpecialFile: String, Equatable, Sendable, Codable {
    case pipe, socket, device, folder

    /// Untranslated (N_).
    public var message: String {
        switch self {
        case .pipe: return N_("This is not a file Reel can play: it is a pipe.")
        case .socket: return N_("This is not a file Reel can play: it is a socket.")
        case .device: return N_("This is not a file Reel can play: it is a device.")
        case .folder: return N_("This is a folder, not a video.")
        }
    }

    /// The kind of a file from its `st_mode` (POSIX type bits), nil for a
    /// regular file.
    public static func of(mode: UInt32) -> SpecialFile? {
        switch mode & 0o170000 {
        case 0o100000: return nil
        case 0o040000: return .folder
        case 0o010000: return .pipe
        case 0o140000: return .socket
        default: return .device  // character or block device
        }
    }
}
