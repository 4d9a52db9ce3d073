import CGLib
import CGtk
import GLibKit
import ReelCore
import ReelMedia
import ReelServices

/// The About window, with the library versions as debug info for bug reports.
enum AboutWindow {
    static func present(over parent: UnsafeMutablePointer<GtkWindow>) {
        let window = adw_about_window_new()!
        let about: OpaquePointer = cast(window)
        adw_about_window_set_application_name(about, AppInfo.name)
        adw_about_window_set_application_icon(about, AppInfo.id)
        adw_about_window_set_version(about, AppInfo.version)
        adw_about_window_set_developer_name(about, tr("The Reel developers"))
        adw_about_window_set_comments(about, tr("Watch and record video clips"))
        adw_about_window_set_website(about, AppInfo.website)
        adw_about_window_set_issue_url(about, AppInfo.issueTracker)
        adw_about_window_set_license_type(about, GTK_LICENSE_GPL_3_0)
        adw_about_window_set_copyright(about, "© 2026 The Reel developers")
        // Translators: put your names here, one per line.
        adw_about_window_set_translator_credits(about, tr("translator-credits"))
        adw_about_window_set_debug_info(about, debugInfo())
        // What Reel stands on, with where to find it (the credits page).
        acknowledge(about, tr("Built With"), [
            "GStreamer https://gstreamer.freedesktop.org",
            "GTK https://www.gtk.org",
            "libadwaita https://gnome.pages.gitlab.gnome.org/libadwaita/",
            "libyuv https://chromium.googlesource.com/libyuv/libyuv/",
        ])
        gtk_window_set_transient_for(cast(window), parent)
        UnnamedButtons.name(in: window)
        gtk_window_present(cast(window))
    }

    /// A credits section of names ("Name https://…" links them).
    private static func acknowledge(_ about: OpaquePointer, _ title: String, _ names: [String]) {
        var list: [UnsafePointer<CChar>?] = names.map { UnsafePointer(strdup($0)) } + [nil]
        list.withUnsafeMutableBufferPointer { adw_about_window_add_acknowledgement_section(about, title, $0.baseAddress) }
        list.forEach { free(UnsafeMutableRawPointer(mutating: $0)) }
    }

    private static func debugInfo() -> String {
        [
            "\(AppInfo.name) \(AppInfo.version)",
            "GTK \(gtk_get_major_version()).\(gtk_get_minor_version()).\(gtk_get_micro_version())",
            "libadwaita \(adw_get_major_version()).\(adw_get_minor_version()).\(adw_get_micro_version())",
            MediaSystem.versionDescription,
        ].joined(separator: "\n") + MediaSystem.missingOptionalElements.map { "\n" + CoreText.describe($0) }.joined()
    }
}
