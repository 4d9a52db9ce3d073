/// What a drag on the timeline holds of a span (an overlay's, from its
/// start to its end on the movie): its start, its end, or the whole span.
/// A clip's trim is dragged through `MovieTrimHandle` instead (it stays on
/// the source's frames); this works on the movie's frame grid.
public enum TimelineGrip: Equatable, Sendable {
    case start
    case end
    case whole

    /// The span after dragging by `offset` nanoseconds: on `rate`'s grid,
    /// inside 0…`limit`, at least `shortest` long. Moving the whole span
    /// keeps its length and stops at either end.
    public func dragged(_ span: (start: Int64, end: Int64), by offset: Int64, limit: Int64,
                        shortest: Int64, rate: FrameRate) -> (start: Int64, end: Int64) {
        let length = span.end - span.start
        switch self {
        case .whole:
            let start = min(max(rate.rounded(span.start + offset), 0), max(limit - length, 0))
            return (start, start + length)
        case .start:
            let start = min(max(rate.rounded(span.start + offset), 0), span.end - shortest)
            return (max(start, 0), span.end)
        case .end:
            let end = max(min(rate.rounded(span.end + offset), limit), span.start + shortest)
            return (span.start, end)
        }
    }
}
