/// A closure made on the main thread, carried through a worker thread and
/// called back on the main thread only (checked), so what it captures (a
/// main-thread object, GTK pointers) never runs elsewhere: that is why it
/// may be sent. Work that leaves the GTK thread comes back through one of
/// these and `MainContext.invoke`.
public struct MainThreadHandler<Argument>: @unchecked Sendable {
    private let handler: (Argument) -> Void

    public init(_ handler: @escaping (Argument) -> Void) {
        self.handler = handler
    }

    public func call(_ argument: Argument) {
        precondition(MainContext.isOwner, "a main-thread handler called from another thread")
        handler(argument)
    }
}
