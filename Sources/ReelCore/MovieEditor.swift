/// Edits a movie with undo and redo. Every change (adding, removing,
/// moving, trimming clips, a still's length and framing, the overlays, the
/// music and its settings, the clips' sound, the crossfade, the output) is
/// one step; a change that changes nothing
/// is no step. Undo keeps the last `limit` steps.
public struct MovieEditor: Sendable {
    public private(set) var edit: MovieEdit
    private var undoStack: [MovieEdit] = []
    private var redoStack: [MovieEdit] = []
    public let limit: Int

    public init(_ edit: MovieEdit = MovieEdit(), limit: Int = 200) {
        self.edit = edit
        self.limit = limit
    }

    public var canUndo: Bool { !undoStack.isEmpty }
    public var canRedo: Bool { !redoStack.isEmpty }

    /// Adds clips at `index` (the end when nil), in the order given.
    /// A photo that comes with the plain framing gets the standard one for
    /// the movie's frame (`PanZoom.standard`).
    public mutating func add(_ clips: [MovieClip], at index: Int? = nil) {
        change { edit in
            edit.clips.insert(contentsOf: clips, at: min(max(index ?? edit.clips.count, 0), edit.clips.count))
            let frame = edit.frameSize
            for (position, clip) in edit.clips.enumerated() where clips.contains(where: { $0.id == clip.id }) {
                guard clip.panZoom == PanZoom() else { continue }
                edit.clips[position].kind = .photo(PanZoom.standard(photo: (clip.width, clip.height), frame: frame))
            }
        }
    }

    /// Removes a clip and what was over it alone (its overlays).
    public mutating func remove(_ id: MovieClip.ID) {
        change { edit in
            edit.clips.removeAll { $0.id == id }
            edit.overlays.removeAll { $0.anchor == .clip(id) }
        }
    }

    /// Adds a title card at `index` (the end when nil) with its words, as
    /// one step.
    public mutating func addTitle(_ text: String, background: MovieClip.TitleBackground = .colour(.black),
                                  at index: Int? = nil) {
        let card = MovieClip.title(background: background)
        change { edit in
            edit.clips.insert(card, at: min(max(index ?? edit.clips.count, 0), edit.clips.count))
            edit.overlays.append(.title(text, on: card.id))
        }
    }

    /// A photo's or title card's length (a video's is its trim).
    public mutating func setLength(_ id: MovieClip.ID, _ length: Int64) {
        change { edit in
            guard let index = edit.index(of: id), edit.clips[index].isStill else { return }
            edit.clips[index].trim(from: 0, to: length)
        }
    }

    /// A photo's pan and zoom.
    public mutating func setPanZoom(_ id: MovieClip.ID, _ panZoom: PanZoom) {
        change { edit in
            guard let index = edit.index(of: id), case .photo = edit.clips[index].kind else { return }
            edit.clips[index].kind = .photo(panZoom)
        }
    }

    /// How a video's picture is turned, cut and fitted (`ClipFraming`);
    /// `body` changes the clip's framing.
    public mutating func changeFraming(_ id: MovieClip.ID, _ body: (inout ClipFraming) -> Void) {
        change { edit in
            guard let index = edit.index(of: id), edit.clips[index].isVideo else { return }
            body(&edit.clips[index].framing)
        }
    }

    /// How fast a video plays in the movie (`MovieClip.setSpeed`).
    public mutating func setSpeed(_ id: MovieClip.ID, _ speed: Double) {
        change { edit in
            guard let index = edit.index(of: id) else { return }
            edit.clips[index].setSpeed(speed)
        }
    }

    /// Whether a video faster than 2× keeps its sound.
    public mutating func setKeepsFastSound(_ id: MovieClip.ID, _ on: Bool) {
        change { edit in
            guard let index = edit.index(of: id), edit.clips[index].isVideo else { return }
            edit.clips[index].keepsFastSound = on
        }
    }

    /// A title card's background.
    public mutating func setTitleBackground(_ id: MovieClip.ID, _ background: MovieClip.TitleBackground) {
        change { edit in
            guard let index = edit.index(of: id), case .title = edit.clips[index].kind else { return }
            edit.clips[index].kind = .title(background)
        }
    }

    /// Adds an overlay on top of the others. One over a clip that is not
    /// in the movie is no step.
    public mutating func addOverlay(_ overlay: MovieOverlay) {
        change { edit in
            if case .clip(let id) = overlay.anchor, edit.index(of: id) == nil { return }
            edit.overlays.append(overlay)
        }
    }

    /// Changes an overlay (its words and style, place, span, animations);
    /// a change of the whole drag or of a slider is one step when made in
    /// one call.
    public mutating func changeOverlay(_ id: MovieOverlay.ID, _ body: (inout MovieOverlay) -> Void) {
        change { edit in
            guard let index = edit.index(ofOverlay: id) else { return }
            body(&edit.overlays[index])
        }
    }

    public mutating func removeOverlay(_ id: MovieOverlay.ID) {
        change { edit in edit.overlays.removeAll { $0.id == id } }
    }

    /// Puts an overlay over `start`…`end` of the movie (dragged on the
    /// timeline). One over a clip goes onto the clip its start now falls in
    /// and moves with that clip from then on. Its length becomes a length,
    /// unless it lasted to its clip's end and still ends there.
    public mutating func placeOverlay(_ id: MovieOverlay.ID, start: Int64, end: Int64) {
        let plan = edit.plan
        guard let scheduled = plan.overlays.first(where: { $0.overlay.id == id }), end > start else { return }
        change { edit in
            guard let index = edit.index(ofOverlay: id) else { return }
            var overlay = edit.overlays[index]
            var anchor = (start: Int64(0), end: plan.duration)
            if case .clip = overlay.anchor,
               let placement = plan.placements.last(where: { $0.start <= start }) ?? plan.placements.first {
                overlay.anchor = .clip(placement.clip.id)
                anchor = (placement.start, placement.end)
            }
            let toTheEnd = overlay.length == nil && end == scheduled.end && end == anchor.end
            overlay.offset = start - anchor.start
            overlay.length = toTheEnd ? nil : end - start
            edit.overlays[index] = overlay
        }
    }

    /// Puts an overlay at `index` in the stacking order (the last on top).
    public mutating func restack(_ id: MovieOverlay.ID, to index: Int) {
        change { edit in
            guard let from = edit.index(ofOverlay: id) else { return }
            let overlay = edit.overlays.remove(at: from)
            edit.overlays.insert(overlay, at: min(max(index, 0), edit.overlays.count))
        }
    }

    /// Moves a clip so that it ends up at `index` among the clips.
    public mutating func move(_ id: MovieClip.ID, to index: Int) {
        change { edit in
            guard let from = edit.index(of: id) else { return }
            let clip = edit.clips.remove(at: from)
            edit.clips.insert(clip, at: min(max(index, 0), edit.clips.count))
        }
    }

    /// Trims a clip (see `MovieClip.trim`: frame-accurate, within the source).
    public mutating func trim(_ id: MovieClip.ID, from start: Int64, to end: Int64) {
        change { edit in
            guard let index = edit.index(of: id) else { return }
            edit.clips[index].trim(from: start, to: end)
        }
    }

    /// Sets or removes the music.
    public mutating func setMusic(_ music: MovieMusic?) {
        change { $0.music = music }
    }

    /// Changes the music's settings (volume, fades, ending); nothing
    /// without music.
    public mutating func changeMusic(_ body: (inout MovieMusic) -> Void) {
        change { edit in
            guard var music = edit.music else { return }
            body(&music)
            music.fadeIn = MovieMusic.fade(music.fadeIn)
            music.fadeOut = MovieMusic.fade(music.fadeOut)
            edit.music = music
        }
    }

    public mutating func setClipSound(_ sound: ClipSound) {
        change { $0.clipSound = sound }
    }

    public mutating func setCrossfade(_ on: Bool) {
        change { $0.crossfade = on }
    }

    public mutating func setOutput(_ output: MovieOutput) {
        change { $0.output = output }
    }

    public mutating func undo() {
        guard let previous = undoStack.popLast() else { return }
        redoStack.append(edit)
        edit = previous
    }

    public mutating func redo() {
        guard let next = redoStack.popLast() else { return }
        undoStack.append(edit)
        edit = next
    }

    private mutating func change(_ body: (inout MovieEdit) -> Void) {
        var changed = edit
        body(&changed)
        guard changed != edit else { return }
        undoStack.append(edit)
        if undoStack.count > limit { undoStack.removeFirst(undoStack.count - limit) }
        redoStack.removeAll()
        edit = changed
    }
}
