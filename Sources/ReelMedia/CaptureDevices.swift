import CGLib
import CGst
import Foundation
import GLibKit
import ReelCore

/// The cameras and microphones there are, kept up to date as they come and
/// go. Outside a sandbox GStreamer's device monitor lists them (PipeWire's
/// provider when its daemon runs, else V4L2 and PulseAudio); in a Flatpak
/// the Camera portal must grant access first and PipeWire lists them. With
/// `REEL_TEST_CAMERAS` set to a file, each line of it is a test camera
/// instead, and editing the file plugs and unplugs them
/// (`REEL_TEST_MICROPHONE=none`: no microphone); `REEL_CAMERA_ACCESS=portal`
/// takes the sandbox's way outside one (to test it). Main thread.
public final class CaptureDevices {
    public private(set) var cameras: [CaptureDevice] = []
    public private(set) var microphones: [CaptureDevice] = []
    /// The lists changed (first listing included).
    public var onChange: (() -> Void)?
    /// The portal refused the camera.
    public var onAccessDenied: (() -> Void)?
    /// The first listing is done: until then "no camera" is not known yet.
    public private(set) var isListed = false

    private var monitor: UnsafeMutablePointer<GstDeviceMonitor>?
    private var busWatch: BusWatch?
    private var testFileMonitor: ObjectRef?
    private var portal: CameraPortal?
    /// The portal's PipeWire connection, handed to PipeWire's provider;
    /// closed when listing stops.
    private var portalDescriptor: Int32?
    private let testList = ProcessInfo.processInfo.environment["REEL_TEST_CAMERAS"]

    public init() {}

    deinit { stop() }

    public func start() {
        guard monitor == nil, testFileMonitor == nil, portal == nil else { return }
        if let testList {
            watchTestList(testList)
            return
        }
        let sandboxed = FileManager.default.fileExists(atPath: "/.flatpak-info")
            || ProcessInfo.processInfo.environment["REEL_CAMERA_ACCESS"] == "portal"
        switch CameraAccess.route(sandboxed: sandboxed) {
        case .deviceMonitor:
            startMonitor(pipeWireDescriptor: nil)
        case .portal:
            let portal = CameraPortal()
            self.portal = portal
            portal.requestAccess { [weak self] descriptor in
                guard let self else { return }
                if let descriptor {
                    self.portalDescriptor = descriptor
                    self.startMonitor(pipeWireDescriptor: descriptor)
                } else {
                    self.isListed = true
                    self.onAccessDenied?()
                }
            }
        }
    }

    public func stop() {
        busWatch = nil
        if let monitor {
            // Stopping joins the providers' threads: not on the main thread.
            let handle = GstHandle(monitor)
            BackgroundThread.start {
                let monitor = handle.pointer
                gst_device_monitor_stop(monitor)
                gst_object_unref(UnsafeMutableRawPointer(monitor))
            }
        }
        monitor = nil
        testFileMonitor = nil
        portal = nil
        if let portalDescriptor { close(portalDescriptor) }
        portalDescriptor = nil
        // Listed afresh at the next start: devices may come and go meanwhile.
        cameras = []
        microphones = []
        isListed = false
    }

    public func camera(withID id: String?) -> CaptureDevice? {
        cameras.first { $0.id == id }
    }

    // MARK: Device monitor

    private func startMonitor(pipeWireDescriptor: Int32?) {
        let monitor = gst_device_monitor_new()!
        _ = gst_object_ref_sink(UnsafeMutableRawPointer(monitor))
        self.monitor = monitor
        _ = gst_device_monitor_add_filter(monitor, "Video/Source", nil)
        _ = gst_device_monitor_add_filter(monitor, "Audio/Source", nil)
        if let pipeWireDescriptor, let provider = gst_device_provider_factory_get_by_name("pipewiredeviceprovider") {
            // In the sandbox only the portal's PipeWire connection sees cameras.
            PropertyValue.int(pipeWireDescriptor).set(on: provider, "fd")
            gst_object_unref(UnsafeMutableRawPointer(provider))
        }
        let bus = gst_device_monitor_get_bus(monitor)!
        busWatch = BusWatch(bus: bus) { [weak self] message in self?.handle(message) }
        gst_object_unref(UnsafeMutableRawPointer(bus))

        // Starting probes every provider (a sound server connection, device
        // nodes): off the main thread.
        gst_object_ref(UnsafeMutableRawPointer(monitor))
        let handle = GstHandle(monitor)
        let listed = MainThreadHandler<[CaptureDevice]> { [weak self] found in
            guard let self, self.monitor != nil else { return }
            self.cameras = found.filter { $0.kind == .camera }
            self.microphones = found.filter { $0.kind == .microphone }
            self.isListed = true
            self.onChange?()
        }
        BackgroundThread.start {
            let monitor = handle.pointer
            CaptureDevices.hideDuplicateProviders(monitor)
            _ = gst_device_monitor_start(monitor)
            var found: [CaptureDevice] = []
            var list = gst_device_monitor_get_devices(monitor)
            let head = list
            while let node = list {
                if let device = node.pointee.data?.assumingMemoryBound(to: GstDevice.self), let made = CaptureDevices.wrap(device) {
                    found.append(made)
                }
                list = node.pointee.next
            }
            g_list_free_full(head) { gst_object_unref($0) }
            gst_object_unref(UnsafeMutableRawPointer(monitor))
            MainContext.invoke { [found] in listed.call(found) }
        }
    }

    private static func hideDuplicateProviders(_ monitor: UnsafeMutablePointer<GstDeviceMonitor>) {
        var available: [String] = []
        if let names = gst_device_monitor_get_providers(monitor) {
            var index = 0
            while let name = names[index] {
                available.append(String(cString: name))
                index += 1
            }
            g_strfreev(names)
        }
        let hidden = CameraAccess.hiddenProviders(available: available)
        guard !hidden.isEmpty, let pipeWire = gst_device_provider_factory_get_by_name("pipewiredeviceprovider") else { return }
        for name in hidden { gst_device_provider_hide_provider(pipeWire, name) }
        gst_device_monitor_set_show_all_devices(monitor, 0)
        gst_object_unref(UnsafeMutableRawPointer(pipeWire))
    }

    private static func wrap(_ device: UnsafeMutablePointer<GstDevice>) -> CaptureDevice? {
        if gst_device_has_classes(device, "Video/Source") != 0 { return CaptureDevice(device: device, kind: .camera) }
        if gst_device_has_classes(device, "Audio/Source") != 0 { return CaptureDevice(device: device, kind: .microphone) }
        return nil
    }

    private func handle(_ message: UnsafeMutablePointer<GstMessage>) {
        var device: UnsafeMutablePointer<GstDevice>?
        switch message.pointee.type {
        case GST_MESSAGE_DEVICE_ADDED:
            gst_message_parse_device_added(message, &device)
            guard let device else { return }
            defer { gst_object_unref(UnsafeMutableRawPointer(device)) }
            guard let made = CaptureDevices.wrap(device) else { return }
            if made.kind == .camera {
                cameras.removeAll { $0.id == made.id }
                cameras.append(made)
            } else {
                microphones.removeAll { $0.id == made.id }
                microphones.append(made)
            }
        case GST_MESSAGE_DEVICE_REMOVED:
            gst_message_parse_device_removed(message, &device)
            guard let device else { return }
            defer { gst_object_unref(UnsafeMutableRawPointer(device)) }
            guard let gone = CaptureDevices.wrap(device) else { return }
            cameras.removeAll { $0.id == gone.id }
            microphones.removeAll { $0.id == gone.id }
        default:
            return
        }
        guard isListed else { return }
        onChange?()
    }

    // MARK: Test devices

    private static let testPatterns: [Int32] = [18, 0, 1, 24]

    private func watchTestList(_ path: String) {
        let file = g_file_new_for_path(path)
        defer { g_object_unref(UnsafeMutableRawPointer(file)) }
        if let watch = try? GLibError.check({ g_file_monitor_file(file, G_FILE_MONITOR_NONE, nil, $0) }) {
            let owner = ObjectRef(owning: UnsafeMutableRawPointer(watch))
            owner.connect("changed") { [weak self] in self?.readTestList(path) }
            testFileMonitor = owner
        }
        if ProcessInfo.processInfo.environment["REEL_TEST_MICROPHONE"] != "none" {
            microphones = [CaptureDevice(testNamed: "Test Microphone", kind: .microphone, pattern: 0)]
        }
        readTestList(path)
    }

    private func readTestList(_ path: String) {
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        let names = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        let kept = cameras.filter { names.contains($0.name) }
        let added = names.enumerated().compactMap { index, name -> CaptureDevice? in
            guard !kept.contains(where: { $0.name == name }) else { return nil }
            let pattern = CaptureDevices.testPatterns[index % CaptureDevices.testPatterns.count]
            return CaptureDevice(testNamed: name, kind: .camera, pattern: Int(pattern))
        }
        let changed = !added.isEmpty || kept.count != cameras.count || !isListed
        cameras = kept + added
        isListed = true
        if changed { onChange?() }
    }
}
