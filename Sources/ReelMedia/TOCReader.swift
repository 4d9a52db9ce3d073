import CGLib
import CGst
import ReelCore

/// A table of contents (GST_MESSAGE_TOC, from matroskademux or qtdemux) as
/// the player's chapters: the first edition's chapters (further editions
/// are alternative cuts of the same film), their titles and starts.
/// Sub-chapters stay out: the seek bar and the menu show one level.
enum TOCReader {
    static func chapters(of message: UnsafeMutablePointer<GstMessage>) -> Chapters {
        var toc: OpaquePointer?
        var updated: gboolean = 0
        gst_message_parse_toc(message, &toc, &updated)
        guard let toc else { return Chapters([]) }
        defer { gst_mini_object_unref(UnsafeMutablePointer<GstMiniObject>(toc)) }  // gst_toc_unref is inline
        var found: [Chapters.Chapter] = []
        for entry in entries(gst_toc_get_entries(toc)) {
            if gst_toc_entry_get_entry_type(entry) == GST_TOC_ENTRY_TYPE_EDITION {
                found = entries(gst_toc_entry_get_sub_entries(entry)).compactMap(chapter)
                break
            }
            if let chapter = chapter(entry) { found.append(chapter) }
        }
        return Chapters(found)
    }

    private static func chapter(_ entry: OpaquePointer) -> Chapters.Chapter? {
        guard gst_toc_entry_get_entry_type(entry) == GST_TOC_ENTRY_TYPE_CHAPTER else { return nil }
        var start: gint64 = -1
        var stop: gint64 = -1
        guard gst_toc_entry_get_start_stop_times(entry, &start, &stop) != 0, start >= 0 else { return nil }
        var title = ""
        if let tags = gst_toc_entry_get_tags(entry) {
            var value: UnsafeMutablePointer<gchar>?
            if gst_tag_list_get_string(tags, "title", &value) != 0, let value {
                title = String(cString: value)
                g_free(value)
            }
        }
        return Chapters.Chapter(title: title, start: Double(start) / 1e9)
    }

    /// The entries of a GList the TOC owns.
    private static func entries(_ list: UnsafeMutablePointer<GList>?) -> [OpaquePointer] {
        var result: [OpaquePointer] = []
        var node = list
        while let current = node {
            if let data = current.pointee.data { result.append(OpaquePointer(data)) }
            node = current.pointee.next
        }
        return result
    }
}
