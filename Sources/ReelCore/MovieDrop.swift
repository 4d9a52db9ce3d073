/// What a drop on the movie page does: a clip dragged along the filmstrip
/// moves to where it is let go; files dropped from elsewhere become clips,
/// or the music when they are sound.
public enum MovieDrop {
    /// The index `MovieEditor.move(_:to:)` takes for the clip now at `from`
    /// let go at `x` over the strip, whose clips span `frames` (their left
    /// edges and widths, in order, in the strip's coordinates). It goes
    /// before the first clip whose middle is right of `x`, else last: over
    /// a clip's left half is before it, over its right half after it.
    public static func index(moving from: Int, droppedAt x: Double, frames: [(start: Double, width: Double)]) -> Int {
        guard !frames.isEmpty else { return 0 }
        let gap = gap(at: x, frames: frames)
        // The clip leaves its place first: gaps after it are one less.
        let target = gap > from ? gap - 1 : gap
        return min(max(target, 0), frames.count - 1)
    }

    /// The gap between clips that `x` is nearest, 0 (before all) to
    /// frames.count (after all): where a clip let go there lands, and
    /// where the page marks it while the clip is dragged.
    public static func gap(at x: Double, frames: [(start: Double, width: Double)]) -> Int {
        frames.filter { $0.start + $0.width / 2 < x }.count
    }

    /// Dropped files by their content types (as GIO guesses them): the
    /// first sound file is the music, everything else is offered as clips
    /// (which says what it cannot read). Further sound files are left out.
    public static func sort(_ files: [(uri: String, contentType: String)]) -> (clips: [String], music: String?) {
        var clips: [String] = [], music: String?
        for file in files {
            if isSound(file.contentType) {
                if music == nil { music = file.uri }
            } else {
                clips.append(file.uri)
            }
        }
        return (clips, music)
    }

    /// audio/*, and Ogg files GIO names by their container when it cannot
    /// tell Vorbis from Theora by the name alone.
    static func isSound(_ contentType: String) -> Bool {
        contentType.hasPrefix("audio/") || contentType == "application/ogg"
    }
}
