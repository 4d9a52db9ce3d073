/// A completion made on the main thread, carried through a worker thread
/// and called back on the main thread only (hence safe to send).
struct MainThreadHandler<Argument>: @unchecked Sendable {
    let call: (Argument) -> Void
    init(_ call: @escaping (Argument) -> Void) { self.call = call }
}
