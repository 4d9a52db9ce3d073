import CGtk
import GLibKit
import ReelCore

/// What the feed shows when it has no videos: a status page with the two
/// ways to add one.
enum FeedEmptyState {
    static func make() -> UnsafeMutablePointer<GtkWidget> {
        let page = StatusPage.make()
        adw_status_page_set_icon_name(cast(page), "\(AppInfo.id)-symbolic")
        adw_status_page_set_title(cast(page), tr("No Videos Yet"))
        adw_status_page_set_description(cast(page), tr("Open a video file or a link to start watching."))

        let buttons = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12)!
        gtk_widget_set_halign(buttons, GTK_ALIGN_CENTER)
        gtk_box_append(cast(buttons), pillButton(tr("Open Video…"), action: "app.open", suggested: true))
        gtk_box_append(cast(buttons), pillButton(tr("Open URL…"), action: "app.open-url", suggested: false))
        adw_status_page_set_child(cast(page), buttons)
        return page
    }

    private static func pillButton(_ label: String, action: String, suggested: Bool) -> UnsafeMutablePointer<GtkWidget> {
        let button = gtk_button_new_with_label(label)!
        gtk_widget_add_css_class(button, "pill")
        if suggested { gtk_widget_add_css_class(button, "suggested-action") }
        gtk_actionable_set_action_name(OpaquePointer(button), action)
        return button
    }
}
