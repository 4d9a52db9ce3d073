import CGLib
import CShims

/// A value for a GObject property. g_object_set is variadic and unavailable
/// in Swift; `set(on:_:)` goes through a GValue that lives exactly as long as
/// the call.
public enum PropertyValue {
    case string(String)
    case bool(Bool)
    case int(Int32)
    case uint(UInt32)
    case double(Double)
    /// A GObject (the property takes its own reference).
    case object(UnsafeMutableRawPointer)
    /// A boxed value of `type` (copied by the property).
    case boxed(UnsafeMutableRawPointer, GType)

    public func set(on object: UnsafeMutableRawPointer, _ name: String) {
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
        g_object_set_property(object.assumingMemoryBound(to: GObject.self), name, &value)
        g_value_unset(&value)
    }
}
