/// Keeps a start that hung or crashed from repeating for ever. Each start
/// leaves a mark that it is under way and takes it away once the feed has
/// loaded (or the app quits normally). A mark found at the next start means
/// the last one never got there: the catalogs it remembers, the likely
/// cause (a catalog is what comes from outside), are not loaded before the
/// user says whether to keep them.
public enum StartCheck {
    public enum Decision: Equatable, Sendable {
        /// Load everything as usual.
        case loadAll
        /// Ask about these remembered catalogs first; load them only if kept.
        case ask(catalogs: [String])
    }

    public static func decide(lastStartFinished: Bool, catalogs: [String]) -> Decision {
        lastStartFinished || catalogs.isEmpty ? .loadAll : .ask(catalogs: catalogs)
    }
}
