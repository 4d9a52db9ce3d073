import Foundation

/// A thread-safe count of live instances, so tests can prove that boxes
/// handed to C are freed.
final class LiveCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    func add(_ delta: Int) {
        lock.lock()
        count += delta
        lock.unlock()
    }

    var value: Int {
        lock.lock()
        defer { lock.unlock() }
        return count
    }
}
