import CGLib
import CGtk
import Foundation
import GLibKit
import ReelCore
import ReelMedia

/// What the page's actions, its seek and volume bars and MPRIS ask of the
/// video.
extension PlayerPage {
    /// The end action setting (stop unless the person chose another).
    var endAction: EndAction {
        settings.flatMap { EndAction(rawValue: $0.string(.endAction)) } ?? .stop
    }

    /// The player as MPRIS shows it; nil when no video is open.
    var mprisState: MPRISState? {
        guard let player, let locator else { return nil }
        let metadata = MPRISMetadata(serial: track, title: title, url: locator.uri, length: player.duration, artURL: artURL)
        return MPRISState(playback: player.state, stoppedOnRequest: pageState.stoppedOnRequest, seekable: !player.isLiveStream,
                          endAction: endAction, rate: player.rate, volume: player.volume, muted: player.isMuted,
                          metadata: metadata)
    }

    /// Where the video is (its end once it ended), in seconds.
    var position: Double { progress?.position ?? player?.position ?? 0 }

    /// A request over MPRIS; the window's own (raise, full screen, quit)
    /// are the main window's.
    func perform(_ command: MPRISCommand) {
        guard let player else { return }
        switch command {
        case .play: player.play()
        case .pause: player.pause()
        case .playPause: player.togglePlaying()
        case .stop: apply(.stop(at: Date()))
        case .seek(let seconds): seek(to: seconds)
        case .rate(let rate): setRate(rate)
        case .volume(let volume):
            player.volume = volume
            player.isMuted = false
            soundChanged()
        case .endAction(let action): _ = settings?.setString(.endAction, action.rawValue)
        case .fullscreen, .next, .previous, .raise, .quit, .open: break
        }
    }

    func seek(by seconds: Double) {
        guard let player, let position = player.position else { return }
        seek(to: position + seconds)
    }

    func seek(to seconds: Double) {
        guard player != nil else { return }
        apply(.seek(to: seconds, at: Date()))
    }

    func setRate(_ rate: Double) {
        guard let player else { return }
        player.setRate(rate)
        controls.setRate(rate)
        if let speed = actions[.speed] { ActionState.set(speed, PlaybackSpeed.key(rate)) }
        toast(CoreText.format(tr("Speed %s"), [PlaybackSpeed.label(rate)]), brief: true)
        onEvent?(.changed)
    }

    func setContentMode(_ mode: ContentMode) {
        contentMode = mode
        view.contentMode = mode
        if let action = actions[.contentMode] { ActionState.set(action, mode.rawValue) }
        Trace.shared.event(.playerContentMode, ["mode": mode.rawValue])
        toast(tr(mode.title), brief: true)
    }

    func changeVolume(by steps: Int) {
        guard let player else { return }
        player.volume = VolumeLevel.stepped(player.volume, by: steps)
        if steps > 0 { player.isMuted = false }
        soundChanged()
    }

    func soundChanged() {
        guard let player else { return }
        controls.setSound(volume: player.volume, muted: player.isMuted)
        settings?.setDouble(.volume, player.volume)
        _ = settings?.setBool(.muted, player.isMuted)
        Trace.shared.event(.playerVolume, ["volume": player.volume, "muted": player.isMuted ? 1 : 0])
        bars.show()
        onEvent?(.changed)
    }

    func toggleFullscreen() {
        guard let window else { return }
        if isFullscreen { gtk_window_unfullscreen(window) } else { gtk_window_fullscreen(window) }
    }

    /// Esc: leave full screen first, then the player.
    func back() {
        if isFullscreen, let window {
            gtk_window_unfullscreen(window)
        } else {
            onEvent?(.close)
        }
    }

    func toggleStatistics() {
        if statistics.toggle() { refreshStatistics() }
    }

    /// A note in a toast; a brief one goes to the mini window while the
    /// video plays there.
    func toast(_ text: String, brief: Bool = false) {
        if brief, !isShowingVideo, let showBriefNoteElsewhere { return showBriefNoteElsewhere(text) }
        toasts.note(text, brief: brief)
    }

    // MARK: Seek bar and volume

    func watchSeekBar() {
        Signals.connect(controls.seekBar, .changeValue) { [weak self] change in
            guard let self, let player = self.player else { return false }
            let value = change.value
            // A drag moves through keyframes (fast), then lands exactly
            // where it stopped; a click or a key lands exactly at once.
            let dragging = change.isJump
            self.apply(.seekBarMoved(at: Date()))
            self.preciseSeek?.remove()
            self.preciseSeek = nil
            if dragging {
                player.seek(to: value, accurate: false)
                self.preciseSeek = MainContext.after(milliseconds: 250) { [weak self] in
                    self?.preciseSeek = nil
                    self?.player?.seek(to: value)
                }
            } else {
                player.seek(to: value)
            }
            if !player.isLiveStream { self.controls.setPosition(value, duration: player.duration) }
            return true
        }
    }

    func watchVolumeBar() {
        Signals.connect(controls.volumeBar, .changeValue) { [weak self] change in
            guard let self, let player = self.player else { return false }
            player.volume = VolumeLevel.dragged(to: change.value)
            player.isMuted = false
            self.soundChanged()
            return true
        }
    }
}
