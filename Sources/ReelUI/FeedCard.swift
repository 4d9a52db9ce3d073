import CGLib
import CGtk
import GLibKit
import ReelCore
import ReelServices

/// One card of the feed grid (and of the Continue Watching row): thumbnail
/// with duration, badges and what was watched over it, title and subtitle
/// below, laid out in data/ui/feed-card.ui. The grid recycles cards: `show` rebinds one to
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
    private let watched: UnsafeMutablePointer<GtkWidget>
    private let watchProgress: UnsafeMutablePointer<GtkWidget>
    /// The words for screen readers, without what was watched.
    private var name = ""
    private(set) var itemID: String?
    /// A right click or a long press on the card.
    var onContextMenu: (() -> Void)?

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
        watched = file.widget("watched", gtk_box_get_type())
        watchProgress = file.widget("watch-progress", gtk_progress_bar_get_type())
        let click = gtk_gesture_click_new()!
        gtk_gesture_single_set_button(click, 3)
        Signals.connect(click, "pressed") { [unowned self] in self.onContextMenu?() }
        gtk_widget_add_controller(widget, click)
        let press = gtk_gesture_long_press_new()!
        Signals.connect(press, "pressed") { [unowned self] in self.onContextMenu?() }
        gtk_widget_add_controller(widget, press)
    }

    /// Marks the card chosen in the feed's selection mode (a check over
    /// the thumbnail, an accent outline).
    func setChosen(_ chosen: Bool) {
        check.isShown = chosen
        StyleClass.set("chosen", on: chosen, for: widget)
    }

    /// Binds the card to `item`; `thumbnail` is a PNG path when one is ready,
    /// `mark` what was watched of it.
    func show(_ item: VideoItem, thumbnail: String?, mark: WatchHistory.Mark?) {
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
        name = [DisplayText.isolated(item.title), DisplayText.isolated(problem ?? item.subtitle), time]
            .filter { !$0.isEmpty }.joined(separator: ", ")
        setMark(mark)
    }

    /// The line along the thumbnail's foot, or the watched mark; the card's
    /// name says the same.
    func setMark(_ mark: WatchHistory.Mark?) {
        var said = name
        switch mark {
        case .progress(let fraction):
            gtk_progress_bar_set_fraction(cast(watchProgress), fraction)
            // Translators: %s is how much of the video, as a percentage ("25 %").
            let percent = CoreText.format(tr("%s watched"), ["\(Int((fraction * 100).rounded())) %"])
            AccessibleLabel.set(watchProgress, percent)
            said += ", " + percent
        case .watched:
            said += ", " + tr("Watched")
        case nil:
            break
        }
        watchProgress.isShown = mark.map { if case .progress = $0 { true } else { false } } ?? false
        watched.isShown = mark == .watched
        AccessibleLabel.set(widget, said)
        // The grid's cell (or the row's button) around the card is what
        // takes the focus: a screen reader reads it, so it carries the same name.
        if let cell { AccessibleLabel.set(cell, said) }
    }

    /// The grid's cell or the row's button that holds the card (and takes
    /// the keyboard focus).
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
