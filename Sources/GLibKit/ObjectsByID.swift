import CGLib

/// Objects a description names by id (a GtkBuilder file's), each checked
/// against the type the code expects: a renamed id or a changed class stops
/// the app at once with both names, rather than a wrong cast crashing it
/// somewhere later.
public struct ObjectsByID {
    /// What the objects come from, for the message.
    public let source: String
    private let lookup: (String) -> UnsafeMutableRawPointer?

    public init(source: String, lookup: @escaping (String) -> UnsafeMutableRawPointer?) {
        self.source = source
        self.lookup = lookup
    }

    /// The object `id`, which must be a `type` (or of a subclass).
    public func object(_ id: String, _ type: GType) -> UnsafeMutableRawPointer {
        guard let object = lookup(id) else {
            fatalError("\(source) has no object with the id “\(id)”")
        }
        guard g_type_check_instance_is_a(object.assumingMemoryBound(to: GTypeInstance.self), type) != 0 else {
            let actual = String(cString: g_type_name(object.assumingMemoryBound(to: GTypeInstance.self).pointee.g_class.pointee.g_type))
            fatalError("“\(id)” in \(source) is a \(actual), not a \(String(cString: g_type_name(type)))")
        }
        return object
    }
}
