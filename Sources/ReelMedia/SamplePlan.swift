import Foundation

/// The files a sample catalog asks to be generated: every entry's `local`
/// file with its `sample` recipe, and every preview-strip clip with its
/// recipe from `clipRecipes`. Only these fields are read here; ReelCore's
/// catalog parser reads the rest of the catalog for the feed.
public struct SamplePlan: Equatable, Sendable {
    public struct Item: Equatable, Sendable {
        /// File name inside the samples folder (the catalog's `local`).
        public var fileName: String
        /// Shown in progress reports and drawn on the picture.
        public var title: String
        public var recipe: SampleRecipe

        public init(fileName: String, title: String, recipe: SampleRecipe) {
            self.fileName = fileName
            self.title = title
            self.recipe = recipe
        }
    }

    public var items: [Item]

    public init(items: [Item]) {
        self.items = items
    }

    public struct Malformed: Error, Equatable, CustomStringConvertible {
        public let description: String
    }

    /// Reads the plan from the catalog's JSON. A clip without a recipe, a
    /// file name with a slash or a duplicate name is an error: the catalog
    /// ships with the app, so a mistake in it must fail loudly in tests.
    public init(catalogJSON data: Data) throws {
        let catalog: CatalogFile
        do {
            catalog = try JSONDecoder().decode(CatalogFile.self, from: data)
        } catch {
            throw Malformed(description: "sample catalog: \(error)")
        }
        var items = catalog.entries.compactMap { entry -> Item? in
            guard let local = entry.local, let recipe = entry.sample else { return nil }
            return Item(fileName: local, title: entry.title, recipe: recipe)
        }
        for clip in catalog.clips ?? [] {
            guard let recipe = catalog.clipRecipes?[clip] else {
                throw Malformed(description: "sample catalog: clip \(clip) has no recipe in clipRecipes")
            }
            items.append(Item(fileName: clip, title: recipe.text ?? clip, recipe: recipe))
        }
        var seen = Set<String>()
        for item in items {
            guard !item.fileName.isEmpty, !item.fileName.contains("/"), !item.fileName.hasPrefix(".") else {
                throw Malformed(description: "sample catalog: bad file name \(item.fileName)")
            }
            guard seen.insert(item.fileName).inserted else {
                throw Malformed(description: "sample catalog: \(item.fileName) appears twice")
            }
        }
        self.items = items
    }

    /// Loads the plan from a catalog file.
    public init(catalogPath path: String) throws {
        try self.init(catalogJSON: try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    private struct CatalogFile: Decodable {
        struct Entry: Decodable {
            var title: String
            var local: String?
            var sample: SampleRecipe?
        }
        var entries: [Entry]
        var clips: [String]?
        var clipRecipes: [String: SampleRecipe]?
    }
}
