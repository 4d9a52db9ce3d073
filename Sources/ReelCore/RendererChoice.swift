/// How GTK draws Reel. Video is a full-window picture every frame: on a GPU
/// the GL renderer is the best way to draw it, but without one GL means
/// llvmpipe, which costs three to four times more CPU than GTK's cairo
/// renderer for the same picture, and loading it costs ~90 MB of memory
/// (bench/RESULTS.md). A user's own GSK_RENDERER always wins.
public enum RendererChoice {
    /// The environment variables to set before GTK starts.
    public static func environment(current: [String: String], hasGPURenderNode: Bool) -> [String: String] {
        if let renderer = current["GSK_RENDERER"], !renderer.isEmpty { return [:] }
        if hasGPURenderNode { return [:] }
        // Without GL rendering GDK need not load GL at all.
        let debug = current["GDK_DEBUG"].map { $0.isEmpty ? "gl-disable" : $0 + ",gl-disable" } ?? "gl-disable"
        return ["GSK_RENDERER": "cairo", "GDK_DEBUG": debug]
    }
}
