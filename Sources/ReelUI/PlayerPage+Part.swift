import CGLib
import CGtk
import Foundation
import GLibKit
import ReelCore
import ReelMedia

/// A part of the video marked with I and O (PartMarks): the row and the
/// ticks that show it, its loop, and handing it to a movie.
extension PlayerPage {
    /// The time of the frame on screen: what a person marks is what they see.
    private var shownTime: Double? {
        shownPTS.map { Double($0) / 1e9 } ?? player?.position
    }

    func markStart() {
        guard let time = shownTime else { return }
        marks.markStart(time)
        partChanged(note: CoreText.format(tr("Start marked at %s"), [DurationText.format(time)]))
    }

    func markEnd() {
        guard let time = shownTime else { return }
        marks.markEnd(time)
        partChanged(note: CoreText.format(tr("End marked at %s"), [DurationText.format(time)]))
    }

    func clearMarks() {
        marks.clear()
        partChanged(note: tr("Marks cleared"))
    }

    func setLooping(_ on: Bool) {
        guard let player else { return }
        if marks.setLooping(on, frameDuration: player.frameDuration, duration: player.duration) != on {
            toast(tr("Mark a start or an end first (I and O)."), brief: true)
        }
        partChanged(note: marks.isLooping ? tr("Looping the part") : on ? nil : tr("Loop off"))
    }

    /// Shows the marks, and keeps the player's loop to them: a mark moved
    /// while looping moves the loop.
    func partChanged(note: String? = nil) {
        let frame = player?.frameDuration ?? 1.0 / 30
        let duration = player?.duration
        let range = marks.range(frameDuration: frame, duration: duration)
        var text = marks.label(frameDuration: frame, duration: duration)
        if !text.isEmpty { text = CoreText.format(tr("Part %s"), [text]) }
        controls.part.show(marks, text: text)
        chapterControls.partMarks = [marks.start, marks.end].compactMap { $0 }
        if let action = actions[.loopPart] { g_simple_action_set_state(action, g_variant_new_boolean(marks.isLooping ? 1 : 0)) }
        if let player {
            if marks.isLooping, let range {
                if player.loop != range {
                    player.setLoop(range, entry: marks.loopEntry(from: shownTime ?? 0, frameDuration: frame, duration: duration))
                }
            } else if player.loop != nil {
                player.setLoop(nil)
            }
        }
        Trace.shared.event(.playerPart, ["start": marks.start ?? -1, "end": marks.end ?? -1, "loop": marks.isLooping ? 1 : 0,
                                         "from": range?.lowerBound ?? -1, "to": range?.upperBound ?? -1])
        if let note { toast(note, brief: true) }
    }

    /// A seek went out of the looped part, and the player left the loop.
    func loopMayHaveEnded() {
        guard marks.isLooping, let player, player.loop == nil else { return }
        marks.setLooping(false, frameDuration: player.frameDuration, duration: player.duration)
        partChanged()
    }

    /// Hands the part to the window, for the movie being edited or a new one.
    func addPart(toNewMovie: Bool) {
        guard let player, let locator,
              let trim = marks.trim(frameDuration: player.frameDuration, duration: player.duration) else {
            toast(tr("Mark a start or an end first (I and O)."), brief: true)
            return
        }
        onEvent?(.addPart(uri: locator.uri, title: title, start: trim.start, end: trim.end, toNewMovie: toNewMovie))
    }
}
