import CGLib

/// GSettings for one schema. Looks the schema up in the default places
/// (XDG_DATA_DIRS, GSETTINGS_SCHEMA_DIR) and then in `extraDirectories`,
/// so a binary run from an install prefix outside the data dirs still finds
/// its own schema. A missing schema yields nil instead of GLib's abort.
public final class Settings: ObjectRef {
    public let schemaID: String
    private let schema: OpaquePointer

    public init?(schemaID: String, extraDirectories: [String] = []) {
        guard let schema = Settings.lookup(schemaID, extraDirectories: extraDirectories) else { return nil }
        self.schemaID = schemaID
        self.schema = schema
        super.init(owning: g_settings_new_full(schema, nil, nil))
    }

    deinit { g_settings_schema_unref(schema) }

    private static func lookup(_ id: String, extraDirectories: [String]) -> OpaquePointer? {
        let fallback = g_settings_schema_source_get_default()
        if let fallback, let schema = g_settings_schema_source_lookup(fallback, id, 1) {
            return schema
        }
        for directory in extraDirectories {
            guard let source = try? GLibError.check({ g_settings_schema_source_new_from_directory(directory, fallback, 0, $0) })
            else { continue }
            defer { g_settings_schema_source_unref(source) }
            if let schema = g_settings_schema_source_lookup(source, id, 0) { return schema }
        }
        return nil
    }

    private var settings: UnsafeMutablePointer<GSettings> { cast() }

    /// Whether the installed schema has `key`: false for a key newer than a
    /// stale installed schema.
    public func hasKey(_ key: SettingKey) -> Bool { g_settings_schema_has_key(schema, key.rawValue) != 0 }

    // GLib aborts on an unknown key; a stale installed schema must not take
    // the app down, so every accessor checks first and falls back.
    public func int(_ key: SettingKey) -> Int32 { hasKey(key) ? g_settings_get_int(settings, key.rawValue) : 0 }
    @discardableResult
    public func setInt(_ key: SettingKey, _ value: Int32) -> Bool { hasKey(key) && g_settings_set_int(settings, key.rawValue, value) != 0 }

    /// A key of type (ii), such as a window position.
    public func intPair(_ key: SettingKey) -> (Int32, Int32)? {
        guard hasKey(key), let value = g_settings_get_value(settings, key.rawValue) else { return nil }
        defer { g_variant_unref(value) }
        guard g_variant_n_children(value) == 2, let first = g_variant_get_child_value(value, 0),
              let second = g_variant_get_child_value(value, 1) else { return nil }
        defer {
            g_variant_unref(first)
            g_variant_unref(second)
        }
        return (g_variant_get_int32(first), g_variant_get_int32(second))
    }
    @discardableResult
    public func setIntPair(_ key: SettingKey, _ value: (Int32, Int32)) -> Bool {
        guard hasKey(key) else { return false }
        var children: [OpaquePointer?] = [g_variant_new_int32(value.0), g_variant_new_int32(value.1)]
        return g_settings_set_value(settings, key.rawValue, g_variant_new_tuple(&children, 2)) != 0
    }

    public func double(_ key: SettingKey, fallback: Double) -> Double {
        hasKey(key) ? g_settings_get_double(settings, key.rawValue) : fallback
    }
    @discardableResult
    public func setDouble(_ key: SettingKey, _ value: Double) -> Bool { hasKey(key) && g_settings_set_double(settings, key.rawValue, value) != 0 }
    public func bool(_ key: SettingKey) -> Bool { hasKey(key) && g_settings_get_boolean(settings, key.rawValue) != 0 }
    @discardableResult
    public func setBool(_ key: SettingKey, _ value: Bool) -> Bool { hasKey(key) && g_settings_set_boolean(settings, key.rawValue, value ? 1 : 0) != 0 }

    public func string(_ key: SettingKey) -> String {
        hasKey(key) ? String(consumingGString: g_settings_get_string(settings, key.rawValue)) ?? "" : ""
    }
    @discardableResult
    public func setString(_ key: SettingKey, _ value: String) -> Bool { hasKey(key) && g_settings_set_string(settings, key.rawValue, value) != 0 }

    public func stringList(_ key: SettingKey) -> [String] {
        guard hasKey(key), let list = g_settings_get_strv(settings, key.rawValue) else { return [] }
        defer { g_strfreev(list) }
        var result: [String] = []
        var index = 0
        while let item = list[index] {
            result.append(String(cString: item))
            index += 1
        }
        return result
    }

    @discardableResult
    public func setStringList(_ key: SettingKey, _ value: [String]) -> Bool {
        guard hasKey(key) else { return false }
        var cStrings = value.map { strdup($0) }
        cStrings.append(nil)
        defer { cStrings.forEach { free($0) } }
        return cStrings.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<gchar>?.self, capacity: buffer.count) {
                g_settings_set_strv(settings, key.rawValue, $0) != 0
            }
        }
    }

    /// Calls `handler` whenever `key` changes, from this app or another.
    @discardableResult
    public func onChange(_ key: SettingKey, _ handler: @escaping () -> Void) -> SignalConnection {
        connect("changed::\(key.rawValue)", handler)
    }

    /// Keeps `property` of `object` and `key` equal both ways
    /// (g_settings_bind): the widget shows the key and writes it.
    /// `onlyFollow` binds one way: the property follows the key, never
    /// the reverse (a row's sensitivity, say).
    public func bind(_ key: SettingKey, to object: UnsafeMutableRawPointer, property: String, onlyFollow: Bool = false) {
        guard hasKey(key) else { return }
        g_settings_bind(settings, key.rawValue, object, property, onlyFollow ? G_SETTINGS_BIND_GET : G_SETTINGS_BIND_DEFAULT)
    }

    /// Binds a string key with choices to an unsigned `property` that
    /// counts positions (a combo row's `selected`): position i is
    /// `values[i]`. A stored value missing from `values` shows the first.
    public func bind(_ key: SettingKey, to object: UnsafeMutableRawPointer, property: String, choices values: [String]) {
        guard hasKey(key), !values.isEmpty else { return }
        let box = Unmanaged.passRetained(ChoiceList(values)).toOpaque()
        g_settings_bind_with_mapping(settings, key.rawValue, object, property, G_SETTINGS_BIND_DEFAULT, { value, variant, data in
            guard let value, let variant, let data else { return 0 }
            let values = Unmanaged<ChoiceList>.fromOpaque(data).takeUnretainedValue().values
            let stored = String(cString: g_variant_get_string(variant, nil))
            g_value_set_uint(value, guint(values.firstIndex(of: stored) ?? 0))
            return 1
        }, { value, _, data in
            guard let value, let data else { return nil }
            let values = Unmanaged<ChoiceList>.fromOpaque(data).takeUnretainedValue().values
            let index = Int(g_value_get_uint(value))
            // A combo row says GTK_INVALID_LIST_POSITION while its model is empty.
            guard index < values.count else { return nil }
            return g_variant_new_string(values[index])
        }, box, { data in
            if let data { Unmanaged<ChoiceList>.fromOpaque(data).release() }
        })
    }

    private final class ChoiceList {
        let values: [String]
        init(_ values: [String]) { self.values = values }
    }

    /// A boolean key of a schema that is not Reel's (the desktop's own),
    /// named where it is read since `SettingKey` lists Reel's keys only;
    /// nil when the installed schema lacks it.
    public func bool(otherKey name: String) -> Bool? {
        guard g_settings_schema_has_key(schema, name) != 0 else { return nil }
        return g_settings_get_boolean(settings, name) != 0
    }

    /// Calls `handler` whenever the other schema's key `name` changes.
    @discardableResult
    public func onChange(otherKey name: String, _ handler: @escaping () -> Void) -> SignalConnection {
        connect("changed::\(name)", handler)
    }

    /// Holds writes until `apply` (one disk write for several keys).
    public func delay() { g_settings_delay(settings) }
    public func apply() { g_settings_apply(settings) }

    /// Waits until pending writes reached the backend (before the app exits).
    public static func sync() { g_settings_sync() }
}
