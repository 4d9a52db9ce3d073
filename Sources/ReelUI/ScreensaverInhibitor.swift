import CGtk
import GLibKit
import ReelCore

/// Keeps the screensaver away while a video plays: an idle inhibition on
/// the application of the window `widget` is in.
final class ScreensaverInhibitor {
    private let widget: UnsafeMutablePointer<GtkWidget>
    private var cookie: guint = 0

    init(widget: UnsafeMutablePointer<GtkWidget>) {
        self.widget = widget
    }

    func inhibit() {
        guard cookie == 0, let window, let application = gtk_window_get_application(window) else { return }
        cookie = gtk_application_inhibit(application, window, GTK_APPLICATION_INHIBIT_IDLE, tr("Playing a video"))
        Trace.shared.event(.playerInhibit, ["active": 1])
    }

    func uninhibit() {
        guard cookie != 0, let window, let application = gtk_window_get_application(window) else { return }
        gtk_application_uninhibit(application, cookie)
        cookie = 0
        Trace.shared.event(.playerInhibit, ["active": 0])
    }

    private var window: UnsafeMutablePointer<GtkWindow>? {
        gtk_widget_get_root(widget).map { UnsafeMutableRawPointer($0).assumingMemoryBound(to: GtkWindow.self) }
    }
}
