import CGLib
import CShims

/// A value for a GObject property, both ways. g_object_set and g_object_get
/// are variadic and unavailable in Swift; `set(on:_:)` and `get(from:_:)` go
/// through a GValue that lives exactly as long as the call, with its type
/// from the case or the property rather than a type looked up by name.
public enum PropertyValue {
    case string(String)
    case bool(Bool)
    case int(Int32)
    case uint(UInt32)
    /// A gfloat property (a few elements' rates: pitch's tempo).
    case float(Float)
    case double(Double)
    /// A GObject (the property takes its own reference).
    case object(UnsafeMutableRawPointer)
    /// A boxed value of `type` (copied by the property).
    case boxed(UnsafeMutableRawPointer, GType)

    public func set(on object: UnsafeMutableRawPointer, _ name: String) {
        withGValue { g_object_set_property(object.assumingMemoryBound(to: GObject.self), name, $0) }
    }

    /// Calls `body` with this value in an initialised GValue, unset after:
    /// for the GLib and GStreamer calls that take a GValue (a tag list's
    /// tags, a property).
    public func withGValue<Result>(_ body: (UnsafeMutablePointer<GValue>) -> Result) -> Result {
        var value = GValue()
        switch self {
        case .string(let string):
            g_value_init(&value, reel_type_string())
            g_value_set_string(&value, string)
        case .bool(let bool):
            g_value_init(&value, reel_type_boolean())
            g_value_set_boolean(&value, bool ? 1 : 0)
        case .int(let int):
            g_value_init(&value, reel_type_int())
            g_value_set_int(&value, int)
        case .uint(let uint):
            g_value_init(&value, reel_type_uint())
            g_value_set_uint(&value, uint)
        case .float(let float):
            g_value_init(&value, reel_type_float())
            g_value_set_float(&value, float)
        case .double(let double):
            g_value_init(&value, reel_type_double())
            g_value_set_double(&value, double)
        case .object(let object):
            g_value_init(&value, reel_instance_type(object))
            g_value_set_object(&value, object)
        case .boxed(let boxed, let type):
            g_value_init(&value, type)
            g_value_set_boxed(&value, boxed)
        }
        defer { g_value_unset(&value) }
        return body(&value)
    }

    /// The property `name` of `object`, or nil when the object has no such
    /// property (an element of another version or another plugin) or the
    /// property's type is not a string, boolean, int, uint, float or double.
    /// Objects and boxed values are not read: the GValue's reference or copy
    /// ends with the call.
    public static func get(from object: UnsafeMutableRawPointer, _ name: String) -> PropertyValue? {
        let instance = object.assumingMemoryBound(to: GObject.self)
        let objectClass = UnsafeMutablePointer<GObjectClass>(OpaquePointer(instance.pointee.g_type_instance.g_class))
        guard let spec = g_object_class_find_property(objectClass, name) else { return nil }
        let type = spec.pointee.value_type
        var value = GValue()
        g_value_init(&value, type)
        defer { g_value_unset(&value) }
        g_object_get_property(instance, name, &value)
        switch g_type_fundamental(type) {
        case reel_type_string(): return .string(g_value_get_string(&value).map { String(cString: $0) } ?? "")
        case reel_type_boolean(): return .bool(g_value_get_boolean(&value) != 0)
        case reel_type_int(): return .int(g_value_get_int(&value))
        case reel_type_uint(): return .uint(g_value_get_uint(&value))
        case reel_type_float(): return .float(g_value_get_float(&value))
        case reel_type_double(): return .double(g_value_get_double(&value))
        default: return nil
        }
    }

    public var intValue: Int32? {
        if case .int(let int) = self { return int }
        return nil
    }

    public var uintValue: UInt32? {
        if case .uint(let uint) = self { return uint }
        return nil
    }

    public var boolValue: Bool? {
        if case .bool(let bool) = self { return bool }
        return nil
    }

    public var doubleValue: Double? {
        if case .double(let double) = self { return double }
        return nil
    }

    public var stringValue: String? {
        if case .string(let string) = self { return string }
        return nil
    }
}
