import CGLib
import CGst
import GLibKit

// The GIO and GStreamer signals ReelMedia reads parameters from, each with
// its C signature written once here.

extension Signal where Parameters == GFileMonitorEvent, Answer == Void {
    /// GFileMonitor::changed(file, other_file, event_type): what happened.
    static var fileChanged: Self {
        Signal("changed") { GFileMonitorEvent(rawValue: UInt32(bitPattern: $0.enumValue(3))) }
    }
}

extension Signal where Parameters == UnsafeMutablePointer<GstElement>, Answer == Void {
    /// GstPlayBin::element-setup(element): an element playbin made, before it runs.
    static var elementSetup: Self {
        Signal("element-setup") { $0.pointer(1)!.assumingMemoryBound(to: GstElement.self) }
    }
}
