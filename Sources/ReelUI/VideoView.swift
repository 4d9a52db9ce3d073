import CGLib
import CGtk
import CShims
import GLibKit
import ReelCore
import ReelMedia

/// The one video view of the app (player, preview strip, picture-in-picture,
/// camera): shows the frames of a VideoSink and tells the sink how big they
/// are drawn, so conversion happens at the displayed size.
final class VideoView {
    let widget: UnsafeMutablePointer<GtkWidget>
    let paintable = VideoPaintable()
    private var sink: VideoSink?
    /// A frame reached the screen.
    var onPresented: ((VideoFrame) -> Void)?
    /// Which view this is in the trace: "player", "strip", "pip"…
    private let role: String
    /// The renderer last said to draw this view (compared, never used).
    private var tracedRenderer: OpaquePointer?

    /// - Parameter role: the view's name in the trace.
    /// - Parameter focusable: whether the view takes the keyboard focus (the
    ///   player's and the mini window's do; the strip's button holds it).
    init(role: String, focusable: Bool = true) {
        self.role = role
        widget = gtk_picture_new_for_paintable(paintable.paintable)
        // The paintable places the picture itself (fit, fill, stretch), so the
        // picture hands it the whole area; it must also be free to shrink.
        gtk_picture_set_content_fit(OpaquePointer(widget), GTK_CONTENT_FIT_FILL)
        gtk_picture_set_can_shrink(OpaquePointer(widget), 1)
        gtk_widget_add_css_class(widget, "reel-video")
        // The view holds the keyboard focus while the controls are hidden,
        // so the player's keys always have a target inside the page.
        gtk_widget_set_focusable(widget, focusable ? 1 : 0)
        gtk_widget_set_focus_on_click(widget, focusable ? 1 : 0)
        gtk_widget_set_hexpand(widget, 1)
        gtk_widget_set_vexpand(widget, 1)
        paintable.onDrawn = { [weak self] width, height, visible in
            guard let self, let sink = self.sink else { return }
            // GTK's CPU renderer scales pictures with pixman: libyuv does it
            // far cheaper while converting, so frames come at the drawn size,
            // and only the part that shows.
            sink.setDrawnSize(width: width, height: height, upscale: VideoPaintable.drawsWithCairo, visible: visible)
        }
        paintable.onPresented = { [weak self] frame in
            guard let self else { return }
            self.traceRenderer()
            self.onPresented?(frame)
        }
    }

    /// Says which of GTK's renderers drew this view's frame, and whether
    /// the frame went as a texture or a cairo surface, once per renderer
    /// (a window of its own has its own): GTK falls back to cairo without
    /// a word when GL does not start.
    private func traceRenderer() {
        guard let native = gtk_widget_get_native(widget), let renderer = gtk_native_get_renderer(native),
              renderer != tracedRenderer else { return }
        tracedRenderer = renderer
        Trace.shared.event(.videoRenderer, [
            "view": role,
            "renderer": String(cString: g_type_name(reel_instance_type(UnsafeMutableRawPointer(renderer)))),
            "picture": VideoPaintable.drawsWithCairo ? "cairo-surface" : "texture",
        ])
    }

    var contentMode: ContentMode {
        get { paintable.contentMode }
        set { paintable.contentMode = newValue }
    }

    /// Shows `sink`'s frames from now on (nil: none, black). `frame` is
    /// shown until the sink's next one: the picture another view showed,
    /// so a video moving between windows never blinks black.
    /// A picture subtitle over the video (nil: none).
    func showSubtitle(_ bitmap: SubtitleBitmap?) { paintable.showSubtitle(bitmap) }

    func attach(_ sink: VideoSink?, showing frame: VideoFrame? = nil) {
        self.sink?.onFrame = nil
        self.sink = sink
        paintable.clear()
        if let frame { paintable.show(frame) }
        paintable.scaleFactor = Int(gtk_widget_get_scale_factor(widget))
        sink?.onFrame = { [weak self] frame in self?.paintable.show(frame) }
    }
}
