import CGLib

extension String {
    /// Copies a string GLib handed over with ownership and frees it.
    public init?(consumingGString pointer: UnsafeMutablePointer<gchar>?) {
        guard let pointer else { return nil }
        self.init(cString: pointer)
        g_free(pointer)
    }

    /// Copies a string GLib still owns; nil for NULL.
    public init?(borrowingGString pointer: UnsafePointer<gchar>?) {
        guard let pointer else { return nil }
        self.init(cString: pointer)
    }
}
