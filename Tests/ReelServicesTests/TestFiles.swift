import CGLib
import Foundation

/// The repository's own files the tests read (the schema, the D-Bus
/// interfaces), compiled once per process into a temporary folder.
enum TestFiles {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// A fresh folder of its own under the temporary directory.
    static func temporaryFolder(_ name: String) -> String {
        let path = NSTemporaryDirectory() + "reel-\(name)-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// The app's GResource (data/), registered so the services find their
    /// interfaces where the installed app has them.
    static let resourcesRegistered: Bool = {
        let data = repository.appendingPathComponent("data").path
        let target = temporaryFolder("resources") + "/reel.gresource"
        guard run("/usr/bin/glib-compile-resources", ["--sourcedir=\(data)", "--target=\(target)",
                                                      data + "/io.github.reelapp.Reel.gresource.xml"]),
              let resource = g_resource_load(target, nil) else { return false }
        g_resources_register(resource)
        return true
    }()

    /// The app's settings schema, with the in-memory backend: the tests'
    /// settings start at the defaults and touch nobody's dconf.
    static let schemaFolder: String? = {
        setenv("GSETTINGS_BACKEND", "memory", 1)
        let folder = temporaryFolder("schemas")
        let schema = "io.github.reelapp.Reel.gschema.xml"
        guard (try? FileManager.default.copyItem(atPath: repository.appendingPathComponent("data/" + schema).path,
                                                 toPath: folder + "/" + schema)) != nil,
              run("/usr/bin/glib-compile-schemas", ["--strict", folder]) else { return nil }
        return folder
    }()

    private static func run(_ executable: String, _ arguments: [String]) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}
