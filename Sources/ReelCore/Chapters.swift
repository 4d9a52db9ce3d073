import Foundation

/// A video's chapters (a Matroska or MP4 table of contents), and the
/// player's decisions about them: which one a position is in, where
/// PgUp/PgDn go, what the seek bar's marks and the Chapters menu show.
public struct Chapters: Equatable, Sendable {
    public struct Chapter: Equatable, Sendable {
        /// The chapter's name; empty when the file gives none (the UI then
        /// says "Chapter 3").
        public var title: String
        /// Where it starts, in seconds.
        public var start: Double

        public init(title: String, start: Double) {
            self.title = title
            self.start = start
        }
    }

    /// PgUp within this many seconds of a chapter's start goes to the one
    /// before; later, to the start of the current one (as a CD player's
    /// Previous does, and mpv).
    public static let backGrace = 2.0

    /// In order of their starts, each start once.
    public let all: [Chapter]

    public init(_ chapters: [Chapter]) {
        var seen = Set<Double>()
        all = chapters.filter { $0.start >= 0 && seen.insert($0.start).inserted }.sorted { $0.start < $1.start }
    }

    public var isEmpty: Bool { all.isEmpty }

    /// The chapter `position` is in (its index); nil before the first.
    public func index(at position: Double) -> Int? {
        all.lastIndex { $0.start <= position + Chapters.tolerance }
    }

    public func chapter(at position: Double) -> Chapter? {
        index(at: position).map { all[$0] }
    }

    /// Where PgDn goes: the next chapter's start; nil in the last one.
    public func nextStart(after position: Double) -> Double? {
        all.first { $0.start > position + Chapters.tolerance }?.start
    }

    /// Where PgUp goes: the current chapter's start when more than
    /// `backGrace` seconds in, else the previous chapter's (the start of the
    /// video before the first chapter); nil when already at the very start.
    public func previousStart(before position: Double) -> Double? {
        guard let current = index(at: position) else { return position > Chapters.tolerance ? 0 : nil }
        if position - all[current].start > Chapters.backGrace { return all[current].start }
        if current > 0 { return all[current - 1].start }
        return all[current].start > Chapters.tolerance ? 0 : nil
    }

    /// The menu's words for chapter `index`: its title, or "Chapter N"
    /// (`numbered` is the translated "Chapter %s").
    public func label(_ index: Int, numbered: String) -> String {
        let title = all[index].title.trimmingCharacters(in: .whitespacesAndNewlines)
        return title.isEmpty ? numbered.replacingOccurrences(of: "%s", with: "\(index + 1)") : title
    }

    /// A seek lands on a frame a little before or after the chapter's exact
    /// start: within this, a position counts as at the start.
    static let tolerance = 0.05
}
