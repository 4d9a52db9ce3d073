import CGLib
import CGtk
import GLibKit
import ReelCore

/// What the player shows for sound without a picture (music, a podcast):
/// the file's cover from its tags, or a quiet note icon, with its title and
/// artist, centred over the black where a picture would be. The player's
/// controls stay as they are.
final class AudioCover {
    let widget: UnsafeMutablePointer<GtkWidget>
    private let picture: UnsafeMutablePointer<GtkWidget>
    private let placeholder: UnsafeMutablePointer<GtkWidget>
    private let title: UnsafeMutablePointer<GtkWidget>
    private let artist: UnsafeMutablePointer<GtkWidget>
    /// The cover's side at most, in pixels.
    private static let size: Int32 = 280

    init() {
        widget = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12)
        gtk_widget_set_halign(widget, GTK_ALIGN_CENTER)
        gtk_widget_set_valign(widget, GTK_ALIGN_CENTER)
        // Clicks and the pointer go through to the video view (double-click
        // for full screen, moves that show the controls).
        gtk_widget_set_can_target(widget, 0)
        gtk_widget_add_css_class(widget, "reel-audio-cover")
        widget.isShown = false
        picture = gtk_picture_new()
        gtk_picture_set_content_fit(cast(picture), GTK_CONTENT_FIT_CONTAIN)
        gtk_widget_set_size_request(picture, AudioCover.size, AudioCover.size)
        gtk_picture_set_alternative_text(cast(picture), tr("Cover"))
        // GTK 4.8 does not name a picture by its alternative text.
        AccessibleLabel.set(picture, tr("Cover"))
        placeholder = gtk_image_new_from_icon_name("audio-x-generic-symbolic")
        gtk_image_set_pixel_size(cast(placeholder), 128)
        gtk_widget_add_css_class(placeholder, "dim-label")
        title = gtk_label_new(nil)
        gtk_widget_add_css_class(title, "title-2")
        artist = gtk_label_new(nil)
        gtk_widget_add_css_class(artist, "reel-audio-artist")
        for label in [title, artist] {
            gtk_label_set_wrap(cast(label), 1)
            gtk_label_set_justify(cast(label), GTK_JUSTIFY_CENTER)
            gtk_label_set_max_width_chars(cast(label), 40)
        }
        for child in [picture, placeholder, title, artist] { gtk_box_append(cast(widget), child) }
    }

    /// Shows `tags` (the title falls back to `name`).
    func show(_ tags: MediaTags, name: String) {
        let texture = tags.cover.flatMap(AudioCover.texture)
        gtk_picture_set_paintable(cast(picture), texture)
        if let texture { g_object_unref(UnsafeMutableRawPointer(texture)) }
        picture.isShown = texture != nil
        placeholder.isShown = texture == nil
        gtk_label_set_text(cast(title), tags.title(or: name))
        gtk_label_set_text(cast(artist), tags.artist ?? "")
        artist.isShown = !(tags.artist ?? "").isEmpty
        widget.isShown = true
    }

    func hide() {
        widget.isShown = false
        gtk_picture_set_paintable(cast(picture), nil)
    }

    /// The cover's bytes as a texture; nil when they are no image GTK reads.
    private static func texture(_ bytes: [UInt8]) -> OpaquePointer? {
        let data = bytes.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        defer { g_bytes_unref(data) }
        var error: UnsafeMutablePointer<GError>?
        let texture = gdk_texture_new_from_bytes(data, &error)
        if let error { g_error_free(error) }
        return texture
    }
}
