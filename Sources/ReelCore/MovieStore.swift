import Foundation

/// The movies being edited, one `MovieDocument` file each in a folder of
/// the app's data (`~/.local/share/reel/movies`): saved after every edit,
/// listed newest first for the Movies menu.
public struct MovieStore: Sendable {
    public let folder: String

    public init(folder: String) { self.folder = folder }

    public func save(_ document: MovieDocument) throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try AtomicFile.write(try document.encode(), to: path(of: document.id))
    }

    public func remove(_ id: String) {
        try? FileManager.default.removeItem(atPath: path(of: id))
    }

    public func load(_ id: String) -> MovieDocument? {
        guard let data = FileManager.default.contents(atPath: path(of: id)) else { return nil }
        return try? MovieDocument.decode(data, id: id)
    }

    /// Every readable saved movie with a clip, the last changed first
    /// (files that are not movies are left alone, not listed).
    public func all() -> [(document: MovieDocument, modified: Date)] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        let suffix = "." + MovieDocument.fileExtension
        return names.filter { $0.hasSuffix(suffix) && !$0.hasPrefix(".") }.compactMap { name in
            let id = String(name.dropLast(suffix.count))
            guard let document = load(id), !document.edit.clips.isEmpty else { return nil }
            let attributes = try? FileManager.default.attributesOfItem(atPath: path(of: id))
            return (document, attributes?[.modificationDate] as? Date ?? .distantPast)
        }.sorted { $0.modified != $1.modified ? $0.modified > $1.modified : $0.document.id < $1.document.id }
    }

    private func path(of id: String) -> String { "\(folder)/\(id).\(MovieDocument.fileExtension)" }
}
