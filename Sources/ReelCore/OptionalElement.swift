/// A GStreamer element Reel can do without, what is lost without it and the
/// Debian package that brings it. Reel asks for each at start and says once,
/// in plain words, what it does without the missing ones, instead of failing
/// at the first pipeline that names them. Words are untranslated (N_).
public struct OptionalElement: Equatable, Sendable {
    public let factory: String
    /// What the user loses, as a sentence.
    public let loss: String
    /// The Debian package (tools/deps.sh lists it among the run-time ones).
    public let package: String

    public static let all: [OptionalElement] = [
        OptionalElement(factory: "textoverlay", loss: N_("The sample videos are made without their titles."),
                        package: "gstreamer1.0-x"),
        OptionalElement(factory: "timeoverlay", loss: N_("The sample videos are made without their clocks."),
                        package: "gstreamer1.0-x"),
        OptionalElement(factory: "scaletempo", loss: N_("Speed changes also change the pitch of the sound."),
                        package: "gstreamer1.0-plugins-good"),
        OptionalElement(factory: "alsasink", loss: N_("Without a sound server, videos play without sound."),
                        package: "gstreamer1.0-alsa"),
        OptionalElement(factory: "souphttpsrc", loss: N_("Videos on the web cannot be played."),
                        package: "gstreamer1.0-plugins-good"),
    ]

    /// The elements that are not installed, in the order of `all`.
    public static func missing(isInstalled: (String) -> Bool) -> [OptionalElement] {
        all.filter { !isInstalled($0.factory) }
    }

    /// The one line said about a missing element; `%s` stands for the
    /// element's name, then its package, then `loss` (translated).
    public static let notice = N_("GStreamer’s “%s” element is not installed (Debian package %s). %s")
}
