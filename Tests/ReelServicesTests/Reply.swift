import CGLib

/// A GVariant the test holds (one reference), read the way the checks need.
final class Reply {
    let value: OpaquePointer

    init(taking value: OpaquePointer) { self.value = value }

    convenience init(retaining value: OpaquePointer) { self.init(taking: g_variant_ref(value)) }

    deinit { g_variant_unref(value) }

    func child(_ index: Int) -> Reply { Reply(taking: g_variant_get_child_value(value, gsize(index))) }

    var count: Int { Int(g_variant_n_children(value)) }

    /// The value inside a variant (`v`).
    var unboxed: Reply { Reply(taking: g_variant_get_variant(value)) }

    /// The entry of an `a{sv}` dictionary, unboxed.
    subscript(key: String) -> Reply? {
        g_variant_lookup_value(value, key, nil).map(Reply.init(taking:))
    }

    var keys: [String] { (0..<count).map { child($0).child(0).string } }

    var string: String { String(cString: g_variant_get_string(value, nil)) }
    var strings: [String] { (0..<count).map { child($0).string } }
    var bool: Bool { g_variant_get_boolean(value) != 0 }
    var double: Double { g_variant_get_double(value) }
    var int64: Int64 { Int64(g_variant_get_int64(value)) }
    var type: String { String(cString: g_variant_get_type_string(value)) }
}
