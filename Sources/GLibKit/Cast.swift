/// Reinterprets a GObject pointer as another type of its class hierarchy:
/// the Swift stand-in for GTK_WIDGET(), G_OBJECT() and the other cast macros.
/// Callers must know the instance really is of that type, as in C.
@inline(__always)
public func cast<T>(_ pointer: UnsafeMutableRawPointer) -> UnsafeMutablePointer<T> {
    pointer.assumingMemoryBound(to: T.self)
}

@inline(__always)
public func cast<T, U>(_ pointer: UnsafeMutablePointer<U>) -> UnsafeMutablePointer<T> {
    UnsafeMutableRawPointer(pointer).assumingMemoryBound(to: T.self)
}

/// The same for types GTK keeps private (final classes such as GtkStack,
/// AdwStatusPage), which Swift sees as OpaquePointer.
@inline(__always)
public func cast<U>(_ pointer: UnsafeMutablePointer<U>) -> OpaquePointer {
    OpaquePointer(pointer)
}

@inline(__always)
public func cast<T>(_ pointer: OpaquePointer) -> UnsafeMutablePointer<T> {
    UnsafeMutablePointer<T>(pointer)
}

@inline(__always)
public func cast(_ pointer: UnsafeMutableRawPointer) -> OpaquePointer {
    OpaquePointer(pointer)
}
