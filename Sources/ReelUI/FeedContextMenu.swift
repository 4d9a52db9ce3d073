import CGLib
import CGtk
import GLibKit
import ReelCore

/// The menu of one feed card: play, play in picture-in-picture, play next or add to the queue of
/// what plays, show in Files (local files only), mark as watched or unwatched, add to the movie
/// being made, remove from the feed. Its items call window actions with the item's id.
enum FeedContextMenu {
    /// `watched`: whether the video is marked watched; `canMark`: whether
    /// a mark may be kept (the desktop's file history is on). Taking a
    /// mark away is always offered.
    static func present(for item: VideoItem, at card: UnsafeMutablePointer<GtkWidget>, watched: Bool, canMark: Bool) {
        let menu = g_menu_new()!
        append(menu, tr("_Play"), action: WindowAction.feedPlay.detailedName, id: item.id)
        append(menu, tr("Play in P_icture in Picture"), action: WindowAction.feedPictureInPicture.detailedName, id: item.id)
        append(menu, tr("Play _Next"), action: WindowAction.feedPlayNext.detailedName, id: item.id)
        append(menu, tr("Add to _Queue"), action: WindowAction.feedAddToQueue.detailedName, id: item.id)
        if item.kind == .file {
            append(menu, tr("Show in _Files"), action: WindowAction.feedShowInFiles.detailedName, id: item.id)
        }
        if watched {
            append(menu, tr("Mark as _Unwatched"), action: WindowAction.feedMarkUnwatched.detailedName, id: item.id)
        } else if canMark {
            append(menu, tr("Mark as _Watched"), action: WindowAction.feedMarkWatched.detailedName, id: item.id)
        }
        // Also on web videos: choosing it says why they cannot go in.
        append(menu, tr("Add to _Movie"), action: WindowAction.addToMovie.detailedName, id: item.id)
        append(menu, tr("_Remove from Feed"), action: WindowAction.feedRemove.detailedName, id: item.id)

        let popover = gtk_popover_menu_new_from_model(cast(menu))!
        g_object_unref(UnsafeMutableRawPointer(menu))
        gtk_widget_set_parent(popover, card)
        gtk_popover_set_has_arrow(cast(popover), 1)
        // The popover belongs to the card only while it is open.
        Signals.connect(popover, "closed") {
            MainContext.soon { gtk_widget_unparent(popover) }
        }
        gtk_popover_popup(cast(popover))
    }

    private static func append(_ menu: OpaquePointer, _ label: String, action: String, id: String) {
        let item = g_menu_item_new(label, nil)!
        g_menu_item_set_action_and_target_value(item, action, g_variant_new_string(id))
        g_menu_append_item(menu, item)
        g_object_unref(UnsafeMutableRawPointer(item))
    }
}
