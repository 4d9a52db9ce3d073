/// Marks a string for translation without translating it here: ReelCore has
/// no gettext. xgettext collects `N_("...")`; the UI translates at display.
@inline(__always)
public func N_(_ msgid: String) -> String { msgid }
