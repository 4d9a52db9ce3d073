import CGtk
import Foundation
import GLibKit
import ReelCore

/// The player's statistics (Ctrl+I): what plays and how, one line a fact,
/// in a label over the video.
final class StatisticsPanel {
    private let label: UnsafeMutablePointer<GtkWidget>

    init(label: UnsafeMutablePointer<GtkWidget>) {
        self.label = label
    }

    var isShown: Bool { gtk_widget_get_visible(label) != 0 }

    /// Shows the panel, or hides it; true when it is shown now.
    func toggle() -> Bool {
        let visible = !isShown
        gtk_widget_set_visible(label, visible ? 1 : 0)
        Trace.shared.event(.playerStatistics, ["shown": visible ? 1 : 0])
        return visible
    }

    /// `chapter`: the chapter playing, if the video has chapters;
    /// `deinterlacing`: the setting, which says how interlaced frames show.
    func show(_ stats: PlaybackStatistics, chapter: String?, deinterlacing: Deinterlacing) {
        let dash = "—"
        var video = stats.videoCodec ?? dash
        if let width = stats.width, let height = stats.height { video += "  \(width)×\(height)" }
        if let rate = stats.frameRate { video += String(format: "  %.2f fps", rate) }
        var lines = [
            CoreText.format(tr("Video: %s"), [video]),
            CoreText.format(tr("Audio: %s"), [stats.hasAudioOutput ? (stats.audioCodec ?? dash) : tr("no sound output")]),
            CoreText.format(tr("Bitrate: %s"), [stats.bitrate.map { String(format: "%.1f Mbit/s", Double($0) / 1e6) } ?? dash]),
            CoreText.format(tr("Dropped frames: %s"), ["\(stats.droppedFrames)"]),
            CoreText.format(tr("Buffer: %s"), [stats.bufferLevel.map { "\($0) %" } ?? dash]),
        ]
        if let chapter {
            lines.append(CoreText.format(tr("Chapter: %s"), [chapter]))
        }
        if let variant = stats.variant {
            let size = variant.height.map { "\($0)p" } ?? dash
            lines.append(CoreText.format(tr("Variant: %s"), ["\(size), " + String(format: "%.1f Mbit/s", Double(variant.bandwidth) / 1e6)]))
        }
        if let bandwidth = stats.bandwidth {
            lines.append(CoreText.format(tr("Bandwidth: %s"), [String(format: "%.1f Mbit/s", Double(bandwidth) / 1e6)]))
        }
        if let pixels = stats.pixels {
            lines.append(CoreText.format(tr("Pixels: %s"), [pixels.description]))
        }
        if let hdr = stats.hdr {
            lines.append(CoreText.format(tr("HDR: %s"), [hdr == "PQ" ? tr("PQ, tone-mapped for this screen") : hdr]))
        }
        if stats.interlaced == true {
            let how = deinterlacing == .off ? tr("shown as it is")
                : stats.telecined ? tr("telecined, shown as 24 fps film") : tr("deinterlaced")
            lines.append(CoreText.format(tr("Interlaced: %s"), [how]))
        }
        gtk_label_set_text(cast(label), lines.joined(separator: "\n"))
    }
}
