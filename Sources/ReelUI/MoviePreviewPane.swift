import CGLib
import CGtk
import Foundation
import GLibKit
import ReelCore
import ReelMedia

/// The movie page's preview: Reel's own video view, Play, the position
/// slider and the time. What it does is decided by `MoviePreviewSession`;
/// this carries the effects out on the `MoviePreview` of the edit.
final class MoviePreviewPane {
    let view = VideoView(role: "movie", focusable: false)
    private let playButton: UnsafeMutablePointer<GtkWidget>
    private let position: UnsafeMutablePointer<GtkWidget>
    private let timeLabel: UnsafeMutablePointer<GtkWidget>
    private var session = MoviePreviewSession()
    private var preview: MoviePreview?
    private var positionTimer: SourceID?
    /// The edit to preview, and whether it can be shown now (the page is
    /// on screen, has clips and none is missing).
    private let edit: () -> MovieEdit
    private let canShow: () -> Bool
    /// Making or playing the preview failed: the page says why.
    var onProblem: ((MovieProblem) -> Void)?
    /// Where the preview is now, or is going (nanoseconds of the movie).
    var onPosition: ((Int64) -> Void)?

    init(playButton: UnsafeMutablePointer<GtkWidget>, position: UnsafeMutablePointer<GtkWidget>,
         timeLabel: UnsafeMutablePointer<GtkWidget>, edit: @escaping () -> MovieEdit, canShow: @escaping () -> Bool) {
        self.playButton = playButton
        self.position = position
        self.timeLabel = timeLabel
        self.edit = edit
        self.canShow = canShow
        Signals.connect(playButton, "clicked") { [weak self] in self?.togglePlay() }
        view.onPresented = { frame in
            guard Trace.shared.isEnabled else { return }
            Trace.shared.event(.moviePreviewFrame, ["pts": frame.pts.map { Double($0) / 1e9 } ?? -1,
                                                    "width": frame.displayWidth, "height": frame.displayHeight])
        }
        Signals.connect(position, .changeValue) { [weak self] change in
            self?.handle(.seek(to: Int64(max(change.value, 0) * 1e9)))
            return false
        }
    }

    var isPlaying: Bool { session.isPlaying }

    func handle(_ event: MoviePreviewSession.Event) {
        for effect in session.handle(event) { carryOut(effect) }
    }

    func togglePlay() {
        if preview == nil { rebuild() }
        guard let preview else { return }
        handle(.togglePlay(position: preview.position, duration: preview.duration,
                           frameDuration: edit().frameRate.frameDuration))
    }

    private func carryOut(_ effect: MoviePreviewSession.Effect) {
        switch effect {
        case .scheduleRebuild:
            MainContext.after(milliseconds: 150) { [weak self] in self?.handle(.rebuildDue) }
        case .rebuild:
            rebuild()
        case .discard:
            preview = nil
            view.attach(nil)
        case .seek(let time):
            preview?.seek(to: time)
            onPosition?(time)
        case .play:
            preview?.play()
        case .pause:
            preview?.pause()
        case .showPlaying(let on):
            showPlaying(on)
        case .updatePosition:
            updatePosition()
        }
    }

    private func rebuild() {
        let resume = preview?.position
        preview = nil
        guard canShow() else { return handle(.stop) }
        let sink = VideoSink()
        do {
            let made = try MoviePreview(edit: edit(), videoSink: sink)
            view.attach(sink)
            made.onEvent = { [weak self] event in
                switch event {
                case .ready: self?.handle(.ready)
                case .ended: self?.handle(.ended)
                case .failed(let problem): self?.onProblem?(problem)
                }
            }
            preview = made
            handle(.made(duration: made.duration, resumeAt: resume))
        } catch let problem as MovieProblem {
            onProblem?(problem)
            handle(.failed)
        } catch {
            handle(.failed)
        }
    }

    private func showPlaying(_ on: Bool) {
        let label = on ? tr("Pause") : tr("Play")
        gtk_button_set_icon_name(cast(playButton), on ? "media-playback-pause-symbolic" : "media-playback-start-symbolic")
        gtk_widget_set_tooltip_text(playButton, label)
        AccessibleLabel.set(playButton, label)
        if on, positionTimer == nil {
            positionTimer = MainContext.every(milliseconds: 200) { [weak self] in
                guard let self, self.session.isPlaying else {
                    self?.positionTimer = nil
                    return false
                }
                self.updatePosition()
                return true
            }
        }
    }

    /// Where the preview is on the movie's timeline (nanoseconds).
    var playhead: Int64 { preview?.position ?? 0 }

    func updatePosition() {
        let total = Double(edit().duration) / 1e9
        let now = Double(preview?.position ?? 0) / 1e9
        gtk_range_set_range(cast(position), 0, max(total, 0.001))
        gtk_range_set_value(cast(position), now)
        onPosition?(preview?.position ?? 0)
        gtk_label_set_text(cast(timeLabel), "\(DurationText.format(now)) / \(DurationText.format(total))")
    }
}
