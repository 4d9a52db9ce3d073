import CGLib
import CGtk
import GLibKit
import ReelCore
import ReelServices

/// One card of the feed grid: thumbnail with duration and badges over it,
/// title and subtitle below, laid out in data/ui/feed-card.ui. The grid recycles cards: `show` rebinds one to
/// another item, so it must reset everything it sets.
final class FeedCard {
    let widget: UnsafeMutablePointer<GtkWidget>
    private let picture: UnsafeMutablePointer<GtkWidget>
    private let placeholder: UnsafeMutablePointer<GtkWidget>
    private let duration: Label
    private let badges: UnsafeMutablePointer<GtkWidget>
    private let title: Label
    private let subtitle: Label
    private let check: UnsafeMutablePointer<GtkWidget>
    private(set) var itemID: String?

    /// The card's own reference: the builder's goes with it.
    private let reference: ObjectRef

    init() {
        let file = UIFile("feed-card.ui")
        widget = file.widget("card", gtk_box_get_type())
        reference = ObjectRef(retaining: widget)
        picture = file.widget("picture", gtk_picture_get_type())
        placeholder = file.widget("placeholder", gtk_image_get_type())
        duration = file.label("duration")
        badges = file.widget("badges", gtk_box_get_type())
        title = file.label("title")
        subtitle = file.label("subtitle")
        check = file.widget("check", gtk_image_get_type())
    }

    /// Marks the card chosen in the feed's selection mode (a check over
    /// the thumbnail, an accent outline).
    func setChosen(_ chosen: Bool) {
        check.isShown = chosen
        StyleClass.set("chosen", on: chosen, for: widget)
    }

    /// Binds the card to `item`; `thumbnail` is a PNG path when one is ready.
    func show(_ item: VideoItem, thumbnail: String?) {
        itemID = item.id
        title.text = item.title
        let problem = item.problem.map { CoreText.describe($0) }
        subtitle.text = problem ?? item.subtitle
        gtk_widget_set_tooltip_text(subtitle.widget, problem ?? item.subtitle)
        StyleClass.set("error", on: problem != nil, for: subtitle.widget)
        StyleClass.set("broken", on: problem != nil, for: widget)

        if let thumbnail {
            gtk_picture_set_filename(cast(picture), thumbnail)
        } else {
            gtk_picture_set_paintable(cast(picture), nil)
        }
        gtk_image_set_from_icon_name(cast(placeholder), problem == nil ? "video-x-generic-symbolic" : "dialog-warning-symbolic")
        placeholder.isShown = thumbnail == nil

        let time = item.info?.duration.map(DurationText.format) ?? ""
        duration.text = time
        duration.isShown = !time.isEmpty
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
        badges.isShown = !list.isEmpty
    }
}
