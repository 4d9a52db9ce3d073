import CGLib
import CGtk
import Foundation
import GLibKit
import ReelCore
import ReelMedia

/// The frame on screen and the subtitle line over it, on the page or in
/// the mini window, and the line's size and font.
extension PlayerPage {
    func presented(_ frame: VideoFrame) {
        let streamTime = frame.streamTime
        let fields: [String: Sendable] = ["pts": frame.pts.map { Double($0) / 1e9 } ?? -1,
                                          "running": frame.runningTime.map { Double($0) / 1e9 } ?? -1]
        for case .traceFirstFrame(let latency) in pageState.handle(.framePresented(at: Date())) {
            var first = fields
            first["latency"] = latency
            // The same count as "player-stopped", taken while the pipeline
            // lives: above 0 here proves the count works (the leak test
            // relies on it).
            if Trace.shared.isEnabled, let live = GstObjectCount.live() { first["gst-objects"] = live }
            Trace.shared.event(.playerFirstFrame, first)
        }
        if Trace.shared.isEnabled { Trace.shared.event(.frame, fields) }
        shownPTS = streamTime
        // After the frame is drawn: a label shown while GTK draws has no
        // size yet.
        if subtitleRefresh == nil {
            subtitleRefresh = MainContext.soon { [weak self] in
                self?.subtitleRefresh = nil
                self?.refreshSubtitle()
            }
        }
    }

    /// The line over the frame on screen, where the picture is.
    func refreshSubtitle() {
        screen.showSubtitle(shownPTS.flatMap { player?.subtitlePicture(at: $0) })
        let lines = shownPTS.flatMap { player?.subtitles(at: $0) } ?? []
        subtitleScreen.show(lines)
        guard !lines.isEmpty else { return }
        guard subtitleScreen === subtitleView else {
            // The mini window takes the video's shape, and its controls
            // float in the middle, over the picture.
            return subtitleScreen.place(aspect: videoAspect, mode: .fit, lift: 0)
        }
        // Above the bar while it shows, above a toast (over the bar's place) while one shows.
        let bar = max(gtk_widget_get_height(controls.bottom), toasts.lift) + 2 * PlayerToasts.barMargin
        let lift = Int32(pageState.subtitleLift(bar: Int(bar), toastHeight: Int(PlayerToasts.toastHeight),
                                                controlsShown: bars.isShown))
        // A top line (an ASS sign) goes under the top bar while it shows.
        let drop = bars.isShown ? gtk_widget_get_height(controls.top) + 2 * PlayerToasts.barMargin : 0
        subtitleView.place(aspect: videoAspect, mode: contentMode, lift: lift, drop: drop)
    }

    /// Ctrl+plus and minus: the size is a setting, so it is kept (and
    /// Preferences shows it).
    func resizeSubtitles(by steps: Int) {
        let scale = subtitleView.resize(by: steps)
        subtitleScreen.setScale(scale)
        _ = settings?.setInt(.subtitleSize, Int32((scale * 100).rounded()))
        refreshSubtitle()
        toast(CoreText.format(tr("Subtitle size %s"), ["\(Int((scale * 100).rounded())) %"]), brief: true)
    }

    /// The subtitles' size and font as the settings say.
    func applySubtitleSettings() {
        for lines in [subtitleView, subtitleScreen] {
            lines.setScale(Double(settings?.int(.subtitleSize) ?? 100) / 100)
            lines.setFont(settings?.string(.subtitleFont) ?? "")
        }
        refreshSubtitle()
    }
}
