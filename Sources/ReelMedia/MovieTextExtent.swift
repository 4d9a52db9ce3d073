import ReelCore

/// How much of the movie's frame a text takes, as `MovieOverlayDrawer`
/// draws it (its outline and shadow included): what the movie page snaps
/// a dragged text by and outlines while it moves.
public enum MovieTextExtent {
    /// Shares of the frame's width and height of a `frame`-sized movie
    /// frame, at `scale` of the text's size; zero for no words.
    public static func share(of text: MovieText, frame: (width: Int, height: Int), scale: Double) -> (width: Double, height: Double) {
        guard frame.width > 0, frame.height > 0,
              let raster = MovieOverlayDrawer.text(text.text, style: text,
                                                   pixels: text.pixelSize(frameHeight: frame.height, scale: scale)) else {
            return (0, 0)
        }
        return (Double(raster.width) / Double(frame.width), Double(raster.height) / Double(frame.height))
    }
}
