import CGLib
import CGst
import Foundation

/// Streaming threads for background pipelines: a new thread per task that
/// ends with it. GStreamer's default pool hands threads back to GLib's
/// shared pool, so a thread lowered to nice 10 here would later run a
/// player's decoding (an unprivileged process cannot raise it back).
enum BackgroundTaskPool {
    // A GstTaskPool is used from any streaming thread by GStreamer's design.
    nonisolated(unsafe) static let shared: UnsafeMutablePointer<GstTaskPool> = {
        var query = GTypeQuery()
        g_type_query(gst_task_pool_get_type(), &query)
        let type = g_type_register_static_simple(gst_task_pool_get_type(), "ReelBackgroundTaskPool", query.class_size, { klass, _ in
            let pool = klass!.assumingMemoryBound(to: GstTaskPoolClass.self)
            pool.pointee.prepare = { _, _ in }
            pool.pointee.cleanup = { _ in }
            pool.pointee.push = { _, function, data, _ in
                let work = Unmanaged.passRetained(Work(function: function!, data: data)).toOpaque()
                let thread = UnsafeMutablePointer<pthread_t>.allocate(capacity: 1)
                guard pthread_create(thread, nil, { work in
                    let job = Unmanaged<Work>.fromOpaque(work!).takeRetainedValue()
                    job.function(job.data)
                    return nil
                }, work) == 0 else {
                    Unmanaged<Work>.fromOpaque(work).release()
                    thread.deallocate()
                    return nil
                }
                return UnsafeMutableRawPointer(thread)
            }
            pool.pointee.join = { _, id in
                guard let thread = id?.assumingMemoryBound(to: pthread_t.self) else { return }
                pthread_join(thread.pointee, nil)
                thread.deallocate()
            }
        }, query.instance_size, nil, GTypeFlags(rawValue: 0))
        let pool = g_object_new_with_properties(type, 0, nil, nil)!
        _ = gst_object_ref_sink(UnsafeMutableRawPointer(pool))
        return UnsafeMutableRawPointer(pool).assumingMemoryBound(to: GstTaskPool.self)
    }()

    private final class Work {
        let function: GstTaskPoolFunction
        let data: UnsafeMutableRawPointer?
        init(function: GstTaskPoolFunction, data: UnsafeMutableRawPointer?) { self.function = function; self.data = data }
    }
}
