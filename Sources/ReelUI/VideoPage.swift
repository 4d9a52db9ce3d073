import CGLib
import CGtk
import GLibKit
import ReelCore

/// The page of an opened video. Names the video until the player fills it.
final class VideoPage {
    let widget: UnsafeMutablePointer<GtkWidget>

    init() {
        widget = adw_status_page_new()
        adw_status_page_set_icon_name(cast(widget), "video-x-generic-symbolic")
    }

    func show(_ locator: MediaLocator) {
        adw_status_page_set_title(cast(widget), locator.displayName)
        // The description is markup; an address may hold & or <.
        let escaped = String(consumingGString: g_markup_escape_text(locator.uri, -1)) ?? ""
        adw_status_page_set_description(cast(widget), escaped)
    }
}
