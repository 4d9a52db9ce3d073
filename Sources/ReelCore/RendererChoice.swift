/// Which GTK renderer draws Reel. Video is a full-window texture every frame:
/// on a GPU the GL renderer is the best way to draw it, but without one GL
/// means llvmpipe, which costs three to four times more CPU than GTK's cairo
/// renderer for the same picture (bench/RESULTS.md). A user's own
/// GSK_RENDERER always wins.
public enum RendererChoice {
    /// The GSK_RENDERER value to set, or nil to leave GTK's choice alone.
    public static func renderer(userSetting: String?, hasGPURenderNode: Bool) -> String? {
        if let userSetting, !userSetting.isEmpty { return nil }
        return hasGPURenderNode ? nil : "cairo"
    }
}
