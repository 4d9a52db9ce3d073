import Foundation
import GLibKit
import ReelCore

/// Reads a catalog feed from a file or the web and parses it, all on one
/// worker thread; the result arrives on the main context.
public enum CatalogLoader {
    public enum Failure: Error, Sendable {
        case missing
        /// A pipe, a device, a folder, an unreadable file: never read.
        case unusable(VideoProblem)
        case fetch(FetchError)
        case syntax(CatalogError)
    }

    /// `resolvingAs` parses the catalog as if it sat at another address:
    /// the sample catalog ships with the app but its files live in the cache.
    public static func load(_ uri: String, resolvingAs catalogURI: String? = nil,
                            completion: @escaping (Result<Catalog, Failure>) -> Void) {
        let handler = MainThreadHandler(completion)
        Thread.detachNewThread {
            let result = read(uri).flatMap { bytes in
                Result { try CatalogParser().parse(bytes: bytes, catalogURI: catalogURI ?? uri) }
                    .mapError { ($0 as? CatalogError).map(Failure.syntax) ?? .syntax(CatalogError(line: 0, column: 0, message: "\($0)")) }
            }
            MainContext.invoke { handler.call(result) }
        }
    }

    private static func read(_ uri: String) -> Result<[UInt8], Failure> {
        guard MediaLocator.isLocal(uri) else {
            return RemoteFile.download(uri).mapError { error in
                // libsoup says "Internal data stream error" for a refused
                // connection, an unknown host, a bad certificate: GIO tells
                // them apart, in the player's words.
                guard case .network = error, case .failed(let failure) = ConnectionCheck.diagnose(uri) else {
                    return .fetch(error)
                }
                return .fetch(.connection(failure))
            }
        }
        // Reading a pipe would block for ever, /dev/zero would never end.
        switch MediaProbe.checkLocalFile(uri) {
        case let problem? where problem != .damaged: return .failure(problem == .missing ? .missing : .unusable(problem))
        default: break
        }
        guard let path = URL(string: uri)?.path, let data = FileManager.default.contents(atPath: path) else {
            return .failure(.missing)
        }
        return .success([UInt8](data))
    }
}
