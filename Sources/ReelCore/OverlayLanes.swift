/// Which row of the timeline's overlay lane each overlay is drawn on:
/// overlays whose spans overlap go on different rows, each on the first
/// row free at its start, so a movie with a logo over everything and a
/// caption per clip needs two rows, not one per overlay.
public enum OverlayLanes {
    /// A row for each span, in the order given.
    public static func rows(for spans: [(start: Int64, end: Int64)]) -> [Int] {
        var rowEnds: [Int64] = []
        var rows = Array(repeating: 0, count: spans.count)
        // Earliest first, so each takes the first row free at its start.
        for index in spans.indices.sorted(by: { (spans[$0].start, $0) < (spans[$1].start, $1) }) {
            let span = spans[index]
            if let free = rowEnds.firstIndex(where: { $0 <= span.start }) {
                rows[index] = free
                rowEnds[free] = span.end
            } else {
                rows[index] = rowEnds.count
                rowEnds.append(span.end)
            }
        }
        return rows
    }
}
