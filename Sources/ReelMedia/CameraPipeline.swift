import CGLib
import CGst
import Foundation
import GLibKit
import ReelCore

/// The camera running: its source at the chosen mode, a tee, and the live
/// preview into a VideoSink. A probe on the tee hands every frame to the
/// recorder while one runs, and the next frame to a photo when one is asked
/// for; encoding happens in the recorder's own pipeline, so the preview
/// never waits for the disk. Main thread; `stop()` tears it down on a
/// worker thread.
public final class CameraPipeline {
    public let camera: CaptureDevice
    public let mode: CameraMode
    public let sink: VideoSink
    /// What the camera reports, on the main thread, to its one observer.
    public enum Event {
        /// The first frame reached the preview.
        case started
        /// The camera stopped with an error (unplugged, busy, refused the
        /// mode): its words.
        case failed(String)
    }

    /// Everything the camera reports; `stop()` lets it go.
    public var onEvent: ((Event) -> Void)?

    private let pipeline: UnsafeMutablePointer<GstElement>
    private var busWatch: BusWatch?
    /// Starting and stopping cameras, in the order asked, off the main
    /// thread: a camera stopped right after it was started ends stopped,
    /// and the next one opens only once the last has let the device go.
    private static let stateChanges = DispatchQueue(label: "reel.camera.state")
    private let tap = FrameTap()
    private var started = false

    public init(camera: CaptureDevice, mode: CameraMode, sink: VideoSink = VideoSink(deinterlacing: false)) throws {
        self.camera = camera
        self.mode = mode
        self.sink = sink
        guard let source = camera.makeSource() else {
            throw GLibError(domain: "reel", code: 0, message: "the camera’s source could not be made")
        }
        let pipeline = gst_pipeline_new("reel-camera")!
        _ = gst_object_ref_sink(UnsafeMutableRawPointer(pipeline))
        self.pipeline = pipeline
        let clock = gst_system_clock_obtain()!
        gst_pipeline_use_clock(cast(pipeline), clock)
        gst_object_unref(UnsafeMutableRawPointer(clock))
        let bin: UnsafeMutablePointer<GstBin> = cast(pipeline)

        let filter = gst_element_factory_make("capsfilter", nil)!
        let caps = gst_caps_from_string(CaptureDevice.caps(for: mode))
        PropertyValue.boxed(UnsafeMutableRawPointer(caps!), gst_caps_get_type()).set(on: filter, "caps")
        gst_caps_unref(caps)
        var chain = [source, filter]
        if mode.encoding == .jpeg { chain.append(gst_element_factory_make("jpegdec", nil)!) }
        let tee = gst_element_factory_make("tee", nil)!
        // The preview drops frames rather than hold the camera back.
        let queue = gst_element_factory_make("queue", nil)!
        gst_util_set_object_arg(UnsafeMutableRawPointer(queue).assumingMemoryBound(to: GObject.self), "leaky", "downstream")
        PropertyValue.uint(2).set(on: queue, "max-size-buffers")
        PropertyValue.uint(0).set(on: queue, "max-size-bytes")
        gst_util_set_object_arg(UnsafeMutableRawPointer(queue).assumingMemoryBound(to: GObject.self), "max-size-time", "0")
        chain += [tee, queue, sink.element]
        for element in chain { _ = gst_bin_add(bin, element) }
        for (from, to) in zip(chain, chain.dropFirst()) where gst_element_link(from, to) == 0 {
            throw GLibError(domain: "reel", code: 0, message: "the camera pipeline could not be linked")
        }

        let teeSink = gst_element_get_static_pad(tee, "sink")!
        gst_pad_add_probe(teeSink, GST_PAD_PROBE_TYPE_BUFFER, { pad, info, data in
            if let pad, let buffer = info?.pointee.data?.assumingMemoryBound(to: GstBuffer.self) {
                Unmanaged<FrameTap>.fromOpaque(data!).takeUnretainedValue().frame(buffer, on: pad)
            }
            return GST_PAD_PROBE_OK
        }, Unmanaged.passRetained(tap).toOpaque(), { Unmanaged<FrameTap>.fromOpaque($0!).release() })
        gst_object_unref(UnsafeMutableRawPointer(teeSink))

        busWatch = BusWatch(element: pipeline) { [weak self] message in self?.handle(message) }
        Trace.shared.event(.cameraOpen, ["camera": camera.name, "mode": mode.sizeKey])
    }

    deinit { stop() }

    /// Starts the camera on a worker thread: opening a device can take a
    /// while, and the window must not wait for it.
    public func start() {
        let handle = GstHandle(pipeline)
        gst_object_ref(UnsafeMutableRawPointer(pipeline))
        let report = MainThreadHandler<Void> { [weak self] _ in
            guard let self, !self.started, self.busWatch != nil else { return }
            self.onEvent?(.failed(self.popError() ?? "The camera could not be started."))
        }
        CameraPipeline.stateChanges.async {
            let pipeline = handle.pointer
            let failed = gst_element_set_state(pipeline, GST_STATE_PLAYING) == GST_STATE_CHANGE_FAILURE
            gst_object_unref(UnsafeMutableRawPointer(pipeline))
            if failed { MainContext.invoke { report.call(()) } }
        }
    }

    /// Stops the camera (the device is released on a worker thread).
    public func stop() {
        onEvent = nil
        guard busWatch != nil else { return }
        busWatch = nil
        tap.setRecorder(nil)
        tap.cancelFrameRequests()
        let handle = GstHandle(pipeline)
        CameraPipeline.stateChanges.async {
            let pipeline = handle.pointer
            gst_element_set_state(pipeline, GST_STATE_NULL)
            gst_object_unref(UnsafeMutableRawPointer(pipeline))
        }
    }

    /// Hands frames to `recorder` from the next one on (nil: no more).
    public func attach(_ recorder: Recorder?) {
        tap.setRecorder(recorder)
    }

    public var baseTime: GstClockTime { gst_element_get_base_time(pipeline) }

    /// Writes the next frame to `path` as a JPEG; `done` on the main thread.
    public func takePhoto(into path: String, _ done: @escaping (Result<Void, GLibError>) -> Void) {
        let handler = MainThreadHandler(done)
        tap.requestFrame { sample in
            BackgroundThread.start {
                let result: Result<Void, GLibError>
                if let sample {
                    result = PhotoWriter.write(sample.value, to: path)
                    gst_sample_unref(sample.value)
                } else {
                    // The camera stopped before the next frame came.
                    unlink(path)
                    result = .failure(GLibError(domain: "reel", code: 0, message: "the camera stopped"))
                }
                MainContext.invoke { handler.call(result) }
            }
        }
    }

    private func handle(_ message: UnsafeMutablePointer<GstMessage>) {
        switch message.pointee.type {
        case GST_MESSAGE_ERROR:
            let text = GLibError(errorOf: message)?.message ?? ""
            Trace.shared.event(.cameraError, ["message": text])
            onEvent?(.failed(text))
        case GST_MESSAGE_STATE_CHANGED where !started && message.pointee.src == UnsafeMutableRawPointer(pipeline).assumingMemoryBound(to: GstObject.self):
            var new = GST_STATE_NULL
            gst_message_parse_state_changed(message, nil, &new, nil)
            if new == GST_STATE_PLAYING {
                started = true
                onEvent?(.started)
            }
        default:
            break
        }
    }

    private func popError() -> String? {
        let bus = gst_element_get_bus(pipeline)!
        defer { gst_object_unref(UnsafeMutableRawPointer(bus)) }
        guard let message = gst_bus_pop_filtered(bus, GST_MESSAGE_ERROR) else { return nil }
        defer { gst_message_unref(message) }
        return GLibError(errorOf: message)?.message
    }
}

/// A sample handed from the streaming thread to a worker (owned).
struct OwnedSample: @unchecked Sendable {
    let value: OpaquePointer
}

/// The camera's frames as they pass the tee: to the recorder, and one to
/// each waiting photo. Streaming thread and main thread; locked.
final class FrameTap: @unchecked Sendable {
    private let lock = NSLock()
    private var recorder: Recorder?
    private var photoRequests: [(OwnedSample?) -> Void] = []

    func setRecorder(_ recorder: Recorder?) {
        lock.lock()
        self.recorder = recorder
        lock.unlock()
    }

    /// `receive` gets the next frame, or nil if the camera stops first.
    func requestFrame(_ receive: @escaping (OwnedSample?) -> Void) {
        lock.lock()
        photoRequests.append(receive)
        lock.unlock()
    }

    func cancelFrameRequests() {
        lock.lock()
        let requests = photoRequests
        photoRequests = []
        lock.unlock()
        for receive in requests { receive(nil) }
    }

    func frame(_ buffer: UnsafeMutablePointer<GstBuffer>, on pad: UnsafeMutablePointer<GstPad>) {
        lock.lock()
        let recorder = self.recorder
        let requests = photoRequests
        photoRequests = []
        lock.unlock()
        guard recorder != nil || !requests.isEmpty, let caps = gst_pad_get_current_caps(pad) else { return }
        defer { gst_caps_unref(caps) }
        recorder?.push(buffer, caps: caps)
        for receive in requests {
            receive(OwnedSample(value: gst_sample_new(buffer, caps, nil, nil)))
        }
    }
}
