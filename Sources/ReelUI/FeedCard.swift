import CGLib
import CGtk
import GLibKit
import ReelCore

/// One card of the feed grid: thumbnail with duration and badges over it,
/// title and subtitle below. The grid recycles cards: `show` rebinds one to
/// another item, so it must reset everything it sets.
final class FeedCard {
    let widget: UnsafeMutablePointer<GtkWidget>
    private let picture: UnsafeMutablePointer<GtkWidget>
    private let placeholder: UnsafeMutablePointer<GtkWidget>
    private let duration: UnsafeMutablePointer<GtkWidget>
    private let badges: UnsafeMutablePointer<GtkWidget>
    private let title: UnsafeMutablePointer<GtkWidget>
    private let subtitle: UnsafeMutablePointer<GtkWidget>
    private(set) var itemID: String?

    static let thumbnailWidth: Int32 = 256
    static let thumbnailHeight: Int32 = 144

    init() {
        widget = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)
        gtk_widget_add_css_class(widget, "reel-card")
        // A fixed 16:9 thumbnail: cards stay one size and centre in their
        // cell instead of stretching (and cropping) with the window.
        gtk_widget_set_size_request(widget, FeedCard.thumbnailWidth, -1)
        gtk_widget_set_halign(widget, GTK_ALIGN_CENTER)

        picture = gtk_picture_new()
        gtk_picture_set_content_fit(cast(picture), GTK_CONTENT_FIT_COVER)
        gtk_picture_set_can_shrink(cast(picture), 1)
        gtk_widget_set_size_request(picture, FeedCard.thumbnailWidth, FeedCard.thumbnailHeight)
        gtk_widget_add_css_class(picture, "thumbnail")

        placeholder = gtk_image_new_from_icon_name("video-x-generic-symbolic")
        gtk_image_set_pixel_size(cast(placeholder), 48)
        gtk_widget_add_css_class(placeholder, "placeholder")

        duration = gtk_label_new(nil)
        gtk_widget_add_css_class(duration, "duration")
        gtk_widget_set_halign(duration, GTK_ALIGN_END)
        gtk_widget_set_valign(duration, GTK_ALIGN_END)
        gtk_widget_set_margin_end(duration, 8)
        gtk_widget_set_margin_bottom(duration, 8)

        badges = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 4)
        gtk_widget_set_halign(badges, GTK_ALIGN_START)
        gtk_widget_set_valign(badges, GTK_ALIGN_START)
        gtk_widget_set_margin_start(badges, 8)
        gtk_widget_set_margin_top(badges, 8)

        let overlay = gtk_overlay_new()!
        gtk_overlay_set_child(cast(overlay), picture)
        gtk_overlay_add_overlay(cast(overlay), placeholder)
        gtk_overlay_add_overlay(cast(overlay), duration)
        gtk_overlay_add_overlay(cast(overlay), badges)
        gtk_widget_set_overflow(overlay, GTK_OVERFLOW_HIDDEN)
        gtk_widget_add_css_class(overlay, "thumbnail-frame")

        title = FeedCard.label(css: "title")
        subtitle = FeedCard.label(css: "subtitle")

        gtk_box_append(cast(widget), overlay)
        gtk_box_append(cast(widget), title)
        gtk_box_append(cast(widget), subtitle)
    }

    private static func label(css: String) -> UnsafeMutablePointer<GtkWidget> {
        let label = gtk_label_new(nil)!
        gtk_label_set_xalign(cast(label), 0)
        gtk_label_set_ellipsize(cast(label), PANGO_ELLIPSIZE_END)
        gtk_label_set_single_line_mode(cast(label), 1)
        gtk_widget_set_margin_start(label, 4)
        gtk_widget_set_margin_end(label, 4)
        gtk_widget_add_css_class(label, css)
        return label
    }

    /// Binds the card to `item`; `thumbnail` is a PNG path when one is ready.
    func show(_ item: VideoItem, thumbnail: String?) {
        itemID = item.id
        gtk_label_set_text(cast(title), item.title)
        let problem = item.problem.map { CoreText.describe($0) }
        gtk_label_set_text(cast(subtitle), problem ?? item.subtitle)
        gtk_widget_set_tooltip_text(subtitle, problem ?? item.subtitle)
        if problem != nil {
            gtk_widget_add_css_class(subtitle, "error")
            gtk_widget_add_css_class(widget, "broken")
        } else {
            gtk_widget_remove_css_class(subtitle, "error")
            gtk_widget_remove_css_class(widget, "broken")
        }

        if let thumbnail {
            gtk_picture_set_filename(cast(picture), thumbnail)
        } else {
            gtk_picture_set_paintable(cast(picture), nil)
        }
        gtk_image_set_from_icon_name(cast(placeholder), problem == nil ? "video-x-generic-symbolic" : "dialog-warning-symbolic")
        gtk_widget_set_visible(placeholder, thumbnail == nil ? 1 : 0)

        let time = item.info?.duration.map(DurationText.format) ?? ""
        gtk_label_set_text(cast(duration), time)
        gtk_widget_set_visible(duration, time.isEmpty ? 0 : 1)
        setBadges(FeedBadge.badges(for: item))
        // What the card shows under its title: the subtitle, or why it cannot play.
        let name = [DisplayText.isolated(item.title), DisplayText.isolated(problem ?? item.subtitle), time]
            .filter { !$0.isEmpty }.joined(separator: ", ")
        AccessibleLabel.set(widget, name)
        // The grid's cell around the card is what takes the focus: a screen
        // reader reads the focused cell, so it carries the same name.
        if let cell { AccessibleLabel.set(cell, name) }
    }

    /// The grid's cell that holds the card (and takes the keyboard focus).
    var cell: UnsafeMutablePointer<GtkWidget>? { gtk_widget_get_parent(widget) }

    private func setBadges(_ list: [FeedBadge]) {
        while let child = gtk_widget_get_first_child(badges) {
            gtk_box_remove(cast(badges), child)
        }
        for badge in list {
            let label = gtk_label_new(tr(badge.title))!
            gtk_widget_add_css_class(label, "badge")
            gtk_widget_add_css_class(label, badge.style)
            gtk_box_append(cast(badges), label)
        }
        gtk_widget_set_visible(badges, list.isEmpty ? 0 : 1)
    }
}
