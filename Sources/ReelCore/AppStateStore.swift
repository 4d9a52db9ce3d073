import Foundation

/// Loads and saves AppState in the state file (XDG state dir). A corrupt
/// file is set aside as `state.json.corrupt` instead of being overwritten, so
/// nothing the user had is silently destroyed.
public struct AppStateStore: Sendable {
    public let path: String

    public init(path: String) { self.path = path }

    public func load() -> (state: AppState, wasCorrupt: Bool) {
        guard let data = FileManager.default.contents(atPath: path) else { return (AppState(), false) }
        let result = AppState.decode(data)
        if result.wasCorrupt {
            try? FileManager.default.removeItem(atPath: path + ".corrupt")
            try? FileManager.default.copyItem(atPath: path, toPath: path + ".corrupt")
        }
        return result
    }

    public func save(_ state: AppState) throws {
        let folder = (path as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try AtomicFile.write(try state.encode(), to: path)
    }
}
