import CGLib
import Foundation

/// Recycles the pixel buffers of converted frames. A 1080p frame is 8 MB: a
/// fresh allocation each frame would be a fresh mmap and 2,000 page faults.
/// A buffer goes back to the pool when GTK drops the last texture made from
/// it (the GBytes free function), from whichever thread that happens on.
final class FramePool: @unchecked Sendable {
    private let lock = NSLock()
    private var size = 0
    private var free: [UnsafeMutableRawPointer] = []
    private static let kept = 4

    /// A GBytes of `size` bytes whose memory returns here when released.
    func bytes(size: Int) -> (OpaquePointer, UnsafeMutableRawPointer) {
        lock.lock()
        if size != self.size {
            free.forEach { $0.deallocate() }
            free.removeAll()
            self.size = size
        }
        let memory = free.popLast() ?? UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 64)
        lock.unlock()
        let loan = Unmanaged.passRetained(Loan(pool: self, memory: memory, size: size)).toOpaque()
        let bytes = g_bytes_new_with_free_func(memory, gsize(size), { data in
            let loan = Unmanaged<Loan>.fromOpaque(data!).takeRetainedValue()
            loan.pool.giveBack(loan.memory, size: loan.size)
        }, loan)!
        return (bytes, memory)
    }

    private func giveBack(_ memory: UnsafeMutableRawPointer, size: Int) {
        lock.lock()
        defer { lock.unlock() }
        if size == self.size && free.count < FramePool.kept {
            free.append(memory)
        } else {
            memory.deallocate()
        }
    }

    deinit { free.forEach { $0.deallocate() } }

    private final class Loan {
        let pool: FramePool
        let memory: UnsafeMutableRawPointer
        let size: Int
        init(pool: FramePool, memory: UnsafeMutableRawPointer, size: Int) {
            self.pool = pool; self.memory = memory; self.size = size
        }
    }
}
