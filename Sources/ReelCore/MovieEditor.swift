/// Edits a movie with undo and redo. Every change (adding, removing,
/// moving, trimming clips, the music and its settings, the clips' sound,
/// the crossfade, the output) is one step; a change that changes nothing
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
    public mutating func add(_ clips: [MovieClip], at index: Int? = nil) {
        change { $0.clips.insert(contentsOf: clips, at: min(max(index ?? $0.clips.count, 0), $0.clips.count)) }
    }

    public mutating func remove(_ id: MovieClip.ID) {
        change { edit in edit.clips.removeAll { $0.id == id } }
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
