// The pages of each page's own GtkStack, named as its children are in the
// `.ui` file (or as the page adds them): `StackPages.show` takes one of
// these, never a spelling of its own.

extension FeedPage {
    enum Pane: String {
        case grid, empty, loading
        case noResults = "no-results"
    }
}

extension PlayerPage {
    /// The video, or the words of what went wrong.
    enum Pane: String {
        case video, error
    }
}

extension CameraPage {
    /// The live picture, a problem's words, the spinner while it starts.
    enum Pane: String {
        case preview, problem, starting
    }
}

extension MoviePage {
    /// No clip yet, or the editor.
    enum Body: String {
        case empty, edit
    }
}
