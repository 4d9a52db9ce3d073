import Foundation

/// The sound of the shutter: the sound theme's camera shutter if one is
/// installed, else a short burst of noise, like a mechanical shutter.
/// Played as an event (its own stream role) on a worker thread; without a
/// sound server it is simply not heard.
public enum ShutterSound {
    private static let themeFile = "/usr/share/sounds/freedesktop/stereo/camera-shutter.oga"

    public static func play() {
        let output = "pulsesink stream-properties=\"props,media.role=event,media.name=Shutter\""
        let description = FileManager.default.fileExists(atPath: themeFile)
            ? "filesrc location=\(themeFile) ! decodebin ! audioconvert ! audioresample ! \(output)"
            : "audiotestsrc wave=pink-noise volume=0.3 num-buffers=3 samplesperbuffer=1440"
                + " ! audio/x-raw,rate=48000,channels=1 ! audioconvert ! \(output)"
        BackgroundThread.start {
            guard let pipeline = try? LaunchPipeline(description) else { return }
            _ = pipeline.runToEnd(timeout: 3) { false }
        }
    }
}
