import CGLib

/// A GVariant described with Swift values, for D-Bus replies and signals:
/// g_variant_new and g_variant_builder_add are variadic and unavailable in
/// Swift, so each case is built with its own typed constructor.
public indirect enum Variant: Equatable {
    case string(String)
    case objectPath(String)
    case bool(Bool)
    case double(Double)
    case int64(Int64)
    case strings([String])
    /// a{sv}: a D-Bus property dictionary (keys in sorted order).
    case dictionary([String: Variant])
    case tuple([Variant])
    /// v: a value in a variant, as a{sv} holds them and Properties.Get
    /// returns them.
    case boxed(Variant)

    /// A new floating GVariant: the call it is passed to takes it.
    public func make() -> OpaquePointer {
        switch self {
        case .string(let text): return g_variant_new_string(text)
        case .objectPath(let path): return g_variant_new_object_path(path)
        case .bool(let value): return g_variant_new_boolean(value ? 1 : 0)
        case .double(let value): return g_variant_new_double(value)
        case .int64(let value): return g_variant_new_int64(gint64(value))
        case .strings(let list):
            var pointers = list.map { UnsafePointer(strdup($0)) }
            defer { pointers.forEach { free(UnsafeMutableRawPointer(mutating: $0)) } }
            return g_variant_new_strv(&pointers, gssize(list.count))
        case .dictionary(let entries):
            var children: [OpaquePointer?] = entries.keys.sorted().map { key in
                g_variant_new_dict_entry(g_variant_new_string(key), g_variant_new_variant(entries[key]!.make()))
            }
            let type = g_variant_type_new("{sv}")
            defer { g_variant_type_free(type) }
            return g_variant_new_array(type, &children, gsize(children.count))
        case .tuple(let items):
            var children: [OpaquePointer?] = items.map { $0.make() }
            return g_variant_new_tuple(&children, gsize(children.count))
        case .boxed(let inner): return g_variant_new_variant(inner.make())
        }
    }

    /// The D-Bus text form (GVariant's print format, with types), for
    /// messages and tests.
    public var text: String {
        let value = g_variant_ref_sink(make())
        defer { g_variant_unref(value) }
        return String(consumingGString: g_variant_print(value, 1)) ?? ""
    }
}
