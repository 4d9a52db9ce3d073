import CGtk
import Foundation
import GLibKit
import ReelCore
import ReelMedia

/// The movie page's export under way: the `MovieRenderer` on its worker
/// thread, and the bar under the editor with its progress, the time left
/// and Cancel. It says how the export ended in a toast.
final class MovieExportBar {
    enum Event {
        /// An export started or ended: what the page allows changes.
        case runningChanged
        case toast(String, button: ToastButton?)
    }

    var onEvent: ((Event) -> Void)?
    private let bar: UnsafeMutablePointer<GtkWidget>
    private let label: UnsafeMutablePointer<GtkWidget>
    private let progress: UnsafeMutablePointer<GtkWidget>
    private let timeLeft: UnsafeMutablePointer<GtkWidget>
    private var renderer: MovieRenderer?
    private var started = Date()
    /// The export under way goes to a folder the person chose: the toast
    /// names it.
    private var savedInChosenFolder = false

    init(bar: UnsafeMutablePointer<GtkWidget>, label: UnsafeMutablePointer<GtkWidget>, progress: UnsafeMutablePointer<GtkWidget>,
         timeLeft: UnsafeMutablePointer<GtkWidget>, cancel: UnsafeMutablePointer<GtkWidget>) {
        self.bar = bar
        self.label = label
        self.progress = progress
        self.timeLeft = timeLeft
        Signals.connect(cancel, "clicked") { [weak self] in self?.renderer?.cancel() }
    }

    var isRunning: Bool { renderer != nil }

    func start(_ edit: MovieEdit, folders: SaveFolders) {
        guard renderer == nil else { return }
        let job = MovieRenderer(edit: edit, folder: folders.folder(for: .movie))
        savedInChosenFolder = folders.isChosen(.movie)
        renderer = job
        started = Date()
        gtk_label_set_text(cast(label), tr("Exporting…"))
        gtk_label_set_text(cast(timeLeft), "")
        gtk_progress_bar_set_fraction(cast(progress), 0)
        gtk_revealer_set_reveal_child(cast(bar), 1)
        onEvent?(.runningChanged)
        MovieExportBar.log("movie export started: \(edit.clips.count) clips, \(edit.duration / 1_000_000) ms")
        Trace.shared.event(.movieExport, ["state": "started", "clips": edit.clips.count])
        // Both are called on the main thread.
        let progress = MainThreadHandler { [weak self] (fraction: Double) in self?.show(fraction) }
        let finished = MainThreadHandler { [weak self] (outcome: MovieRenderer.Outcome) in self?.finished(outcome) }
        job.start(onProgress: { progress.call($0) }, onFinished: { finished.call($0) })
    }

    private func show(_ fraction: Double) {
        guard renderer != nil else { return }
        gtk_progress_bar_set_fraction(cast(progress), fraction)
        let percent = "\(Int((fraction * 100).rounded(.down))) %"
        let left = ExportTimeLeft.text(elapsed: Date().timeIntervalSince(started), fraction: fraction)
        let text = left.isEmpty ? percent : CoreText.format(tr("About %s left"), [left])
        gtk_label_set_text(cast(timeLeft), text)
        AccessibleLabel.setValueText(progress, percent)
    }

    private func finished(_ outcome: MovieRenderer.Outcome) {
        renderer = nil
        gtk_revealer_set_reveal_child(cast(bar), 0)
        onEvent?(.runningChanged)
        Trace.shared.event(.movieExport, ["state": MovieExportBar.traceState(of: outcome)])
        switch outcome {
        case .saved(let path):
            MovieExportBar.log("movie exported: \(path)")
            let name = (path as NSString).lastPathComponent
            let place = ChosenFolders.displayPath((path as NSString).deletingLastPathComponent)
            let uri = URL(fileURLWithPath: path).absoluteString
            // A GIF is a picture for a chat or a page, not a video to play here.
            let button = path.hasSuffix(".gif")
                ? ToastButton(label: tr("Show in _Files"), action: WindowAction.feedShowInFiles.detailedName, target: uri)
                : ToastButton(label: tr("_Play"), action: WindowAction.feedPlay.detailedName, target: uri)
            onEvent?(.toast(savedInChosenFolder ? CoreText.format(tr("“%s” was saved in %s"), [name, place])
                                : CoreText.format(tr("“%s” was saved in Videos"), [name]), button: button))
        case .cancelled:
            onEvent?(.toast(tr("The export was cancelled. No movie was saved."), button: nil))
        case .failed(let problem):
            MovieExportBar.log("movie export failed: \(problem.text)")
            onEvent?(.toast(CoreText.translate(problem.message, detail: problem.detail), button: nil))
        }
    }

    private static func traceState(of outcome: MovieRenderer.Outcome) -> String {
        switch outcome {
        case .saved: return "saved"
        case .cancelled: return "cancelled"
        case .failed: return "failed"
        }
    }

    private static func log(_ text: String) {
        Log.write(.debug, domain: AppInfo.logDomain, "movie: \(text)")
    }
}
