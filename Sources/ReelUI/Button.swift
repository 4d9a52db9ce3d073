import CGtk
import GLibKit

/// A GtkButton.
struct Button: TypedWidget {
    let widget: UnsafeMutablePointer<GtkWidget>

    /// An icon-only button's icon, with its tooltip and accessible name
    /// (`IconButton.describe`): the three change together.
    func setIcon(_ iconName: String, described label: String) {
        gtk_button_set_icon_name(cast(widget), iconName)
        IconButton.describe(widget, label)
    }

    /// A Play/Pause button: the icon and the name say what a click does.
    func setPlayPause(playing: Bool) {
        setIcon(playing ? "media-playback-pause-symbolic" : "media-playback-start-symbolic",
                described: playing ? tr("Pause") : tr("Play"))
    }
}
