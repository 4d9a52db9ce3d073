import CGLib
import CShims

/// A GValue that unsets itself, for g_object_set_property (g_object_set is
/// variadic and unavailable in Swift).
public final class GValueBox {
    public let pointer: UnsafeMutablePointer<GValue>

    private init(type: GType) {
        pointer = .allocate(capacity: 1)
        pointer.initialize(to: GValue())
        g_value_init(pointer, type)
    }

    public convenience init(string: String) {
        self.init(type: reel_type_string())
        g_value_set_string(pointer, string)
    }

    public convenience init(bool: Bool) {
        self.init(type: reel_type_boolean())
        g_value_set_boolean(pointer, bool ? 1 : 0)
    }

    public convenience init(int: Int32) {
        self.init(type: reel_type_int())
        g_value_set_int(pointer, int)
    }

    public convenience init(uint: UInt32) {
        self.init(type: reel_type_uint())
        g_value_set_uint(pointer, uint)
    }

    public convenience init(double: Double) {
        self.init(type: reel_type_double())
        g_value_set_double(pointer, double)
    }

    deinit {
        g_value_unset(pointer)
        pointer.deallocate()
    }
}
