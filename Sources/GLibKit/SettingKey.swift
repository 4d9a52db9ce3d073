/// Every key of Reel's GSettings schema (data/io.github.reelapp.Reel.gschema.xml),
/// so a key is spelled once: a typo is a compile error rather than a silent
/// fallback to the default (Settings answers an unknown key with its
/// fallback instead of GLib's abort). SettingsTests checks this list against
/// the schema both ways.
public enum SettingKey: String, CaseIterable, Sendable {
    case windowWidth = "window-width"
    case windowHeight = "window-height"
    case windowMaximized = "window-maximized"
    case catalogs
    case showSamples = "show-samples"
    case feedFilter = "feed-filter"
    case showPreviewStrip = "show-preview-strip"
    case previewStripSound = "preview-strip-sound"
    case endAction = "end-action"
    case resume
    case resumeMinimum = "resume-minimum"
    case subtitleSize = "subtitle-size"
    case subtitleFont = "subtitle-font"
    case deinterlace
    case hardwareDecoding = "hardware-decoding"
    case streamQuality = "stream-quality"
    case volume
    case muted
    case miniWindowWidth = "mini-window-width"
    case miniWindowPosition = "mini-window-position"
    case miniWindowAboveHintShown = "mini-window-above-hint-shown"
    case camera
    case cameraResolution = "camera-resolution"
    case cameraMirror = "camera-mirror"
    case cameraTimer = "camera-timer"
    case cameraMode = "camera-mode"
    case photosFolder = "photos-folder"
    case recordingsFolder = "recordings-folder"
    case moviesFolder = "movies-folder"
}
