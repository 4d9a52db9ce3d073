import CGLib
import CGst
import Foundation
import GLibKit
import ReelCore

/// The audio and text streams of the playing video, read from playbin (its
/// stream counts, each stream's tags and caps), and the switches between
/// them: `current-audio` and `current-text` change the stream inside the
/// running pipeline, with no seek, so the picture neither pauses nor jumps.
extension Player {
    /// The audio streams, in playbin's order.
    public var audioTracks: [MediaTrack] { tracks(kind: "audio") }

    /// The text streams, the loaded subtitle file's among them (see
    /// `subtitleFileTrack`), in playbin's order; a stream the file flags as
    /// forced says so. For HLS and DASH, the manifest's WebVTT subtitle
    /// renditions (see `streamTextTracks`).
    public var textTracks: [MediaTrack] {
        if isAdaptive { return streamTextTracks }
        let text = tracks(kind: "text")
        let fileTrack = subtitleFileTrack
        let embedded = text.map(\.index).filter { $0 != fileTrack }
        let forced = fileTracks.isEmpty ? [] : MatroskaTracks.forcedTextStreams(embedded, tracks: fileTracks)
        return text.map { track in
            guard forced.contains(track.index) else { return track }
            return MediaTrack(index: track.index, language: track.language, title: track.title, channels: track.channels, forced: true)
        }
    }

    /// The tracks of a local Matroska file, from its first 512 KB (where
    /// muxers put the track list); empty for anything else.
    static func matroskaTracks(of uri: String) -> [MatroskaTracks.Track] {
        guard MediaLocator.isLocal(uri), let path = URL(string: uri)?.path, let handle = FileHandle(forReadingAtPath: path) else { return [] }
        defer { try? handle.close() }
        let head = (try? handle.read(upToCount: 512 * 1024)) ?? Data()
        return MatroskaTracks.read(Array(head)) ?? []
    }

    /// A stream's subtitle renditions, by their place in its manifest. The
    /// one GStreamer plays comes through the text sink; GStreamer 1.22's
    /// adaptive demuxers take a select-streams event for another and go on
    /// with the one they chose, so Reel fetches another itself
    /// (`SubtitleRenditionFetcher`). Until the manifest is read, and for a
    /// live stream (whose rendition playlists slide), the streams that flow.
    private var streamTextTracks: [MediaTrack] {
        guard let renditions = manifest?.subtitles, !renditions.isEmpty, !isLiveStream else { return selectedTextStreams }
        return renditions.enumerated().map { index, rendition in
            MediaTrack(index: index, language: rendition.language, title: rendition.name, forced: rendition.forced)
        }
    }

    /// Whether the stream's rendition `index` is one GStreamer plays: a
    /// flowing stream of its title or language, or the default rendition
    /// when a flowing stream says neither.
    private func flows(_ index: Int) -> Bool {
        guard let renditions = manifest?.subtitles, index < renditions.count, !isLiveStream else { return true }
        let rendition = renditions[index]
        return selectedTextStreams.contains { stream in
            if let title = stream.title, let name = rendition.name { return title == name }
            if let language = stream.language, let wanted = rendition.language { return language.lowercased() == wanted.lowercased() }
            return rendition.isDefault
        }
    }

    /// Fetches the stream's rendition `index`, from where the video is.
    private func fetchRendition(_ index: Int) {
        guard let manifest else { return }
        renditionFetcher?.stop()
        renditionCues = []
        renditionFetcher = SubtitleRenditionFetcher(
            manifest.subtitles[index], of: manifest, at: uri, from: position ?? 0,
            onCues: MainThreadHandler { [weak self] cues in
                guard let self, self.switches.fetchedRendition == index else { return }
                self.renditionCues = (self.renditionCues + cues).sorted { $0.start < $1.start }
            },
            onEnd: MainThreadHandler { [weak self] found in
                guard let self, self.switches.fetchedRendition == index else { return }
                Trace.shared.event(.playerSubtitleRendition, ["index": index, "lines": self.renditionCues.count, "found": found ? 1 : 0])
                if !found { self.onEvent?(.subtitleRenditionFailed) }
            })
    }

    /// Which text stream is the subtitle file: playbin adds the file's
    /// stream when its reader has found it, before or after the video's
    /// own, so it is found by where it comes from.
    public var subtitleFileTrack: Int? {
        guard let subtitleURI else { return nil }
        if styledCues != nil { return Player.styledTrack }
        let count = Int(PropertyValue.get(from: playbin, "n-text")?.intValue ?? 0)
        return (0..<count).first { index in
            guard let pad = emit("get-text-pad", index, returning: gst_pad_get_type())?.assumingMemoryBound(to: GstPad.self) else { return false }
            defer { gst_object_unref(UnsafeMutableRawPointer(pad)) }
            guard let peer = gst_pad_get_peer(pad) else { return false }
            defer { gst_object_unref(UnsafeMutableRawPointer(peer)) }
            // Up from the pad's element to the source bin that reads an address.
            var object = gst_object_get_parent(UnsafeMutableRawPointer(peer).assumingMemoryBound(to: GstObject.self))
            while let current = object {
                defer { gst_object_unref(UnsafeMutableRawPointer(current)) }
                if current == UnsafeMutableRawPointer(playbin).assumingMemoryBound(to: GstObject.self) { return false }
                if let uri = PropertyValue.get(from: UnsafeMutableRawPointer(current), "uri")?.stringValue {
                    return uri == subtitleURI
                }
                object = gst_object_get_parent(current)
            }
            return false
        }
    }

    public var currentAudio: Int { Int(PropertyValue.get(from: playbin, "current-audio")?.intValue ?? -1) }

    public var currentText: Int { Int(PropertyValue.get(from: playbin, "current-text")?.intValue ?? -1) }

    /// Plays audio stream `index` from where the video is, with neither a
    /// pause nor a jump back (`StreamSwitches`). The trace times the switch
    /// to the first buffer of the new stream reaching the sound output
    /// ("player-audio-switched").
    public func selectAudio(_ index: Int) {
        switchStreams(.selectAudio(index, .init(count: Int(PropertyValue.get(from: playbin, "n-audio")?.intValue ?? 0),
                                                current: currentAudio, isOpening: state == .opening,
                                                isLive: state != .opening && isLiveStream)))
    }

    /// The subtitle lines showing with the frame at stream time `pts`
    /// (nanoseconds), as Pango markup, by place; none when subtitles are off.
    public func subtitles(at pts: UInt64) -> [SubtitleCues.Shown] {
        guard showsText else { return [] }
        let time = Double(pts) / 1e9 - textOffset
        if switches.showsStyledCues, let styledCues { return SubtitleCues.shown(styledCues, at: time) }
        if switches.fetchedRendition != nil { return SubtitleCues.shown(renditionCues, at: time) }
        return cues.shown(at: time)
    }

    /// The lines of `subtitles(at:)` joined by line breaks; nil for none.
    public func subtitle(at pts: UInt64) -> String? {
        SubtitleCues.text(of: subtitles(at: pts))
    }

    /// The picture subtitle (PGS) showing with the frame at stream time
    /// `pts` (nanoseconds); nil for none or when subtitles are off.
    public func subtitlePicture(at pts: UInt64) -> SubtitleBitmap? {
        guard showsText, !switches.showsStyledCues, switches.fetchedRendition == nil else { return nil }
        return pictures.showing(at: Double(pts) / 1e9 - textOffset)
    }

    /// The place among the text streams of a file Reel reads itself.
    static let styledTrack = StreamSwitches.styledTrack

    /// A local subtitle file's lines, read by Reel (in `encoding` when
    /// given, else UTF-8): ASS and SSA with their styles, SubRip and WebVTT
    /// (`PlainSubtitles`: GStreamer could not tell a file of a line or two
    /// was SubRip). Nil for other files, and for a file with no line Reel
    /// can read, which goes to playbin.
    static func styledCues(of uri: String, encoding: String?) -> [SubtitleCues.Cue]? {
        guard let url = URL(string: uri), url.isFileURL, ["ass", "ssa", "srt", "vtt"].contains(url.pathExtension.lowercased()),
              let data = SmallFileReader.contents(of: url.path) else { return nil }
        var text = String(decoding: data, as: UTF8.self)
        if let encoding, encoding.uppercased() != "UTF-8" {
            var written: gsize = 0
            let converted = data.withUnsafeBytes { bytes in
                g_convert(bytes.baseAddress?.assumingMemoryBound(to: gchar.self), gssize(data.count), "UTF-8", encoding, nil, &written, nil)
            }
            if let converted {
                text = String(cString: converted)
                g_free(converted)
            }
        }
        let cues = ["ass", "ssa"].contains(url.pathExtension.lowercased()) ? AssSubtitles.cues(text) : PlainSubtitles.cues(text)
        return cues.isEmpty ? nil : cues
    }

    /// Shows text stream `index` (see `textTracks`), or none
    /// (`StreamSwitches`).
    public func selectText(_ index: Int?) {
        switchStreams(.selectText(index, .init(hasStyledFile: styledCues != nil, isAdaptive: isAdaptive, current: currentText,
                                               isOpening: state == .opening, renditionFlows: index.map(flows) ?? true)))
    }

    /// Hands `event` to the switches and carries out what they decide.
    func switchStreams(_ event: StreamSwitches.Event) {
        for decision in switches.handle(event) {
            switch decision {
            case .switchAudio(let index, let flush):
                audioSwitch.start()
                PropertyValue.int(Int32(index)).set(on: playbin, "current-audio")
                if flush, let position { seek(to: position, accurate: true) }
                Trace.shared.event(.playerAudioTrack, ["index": index])
            case .switchText(let index):
                cues.switchStream()
                pictures.clear()
                PropertyValue.int(Int32(index)).set(on: playbin, "current-text")
                if let position { seek(to: position, accurate: true) }
            case .fetchRendition(let index): fetchRendition(index)
            case .stopFetching:
                renditionFetcher?.stop()
                renditionFetcher = nil
            case .retry(.audio(let index)): selectAudio(index)
            case .retry(.text(let index)): selectText(index)
            case .textShown(let index): Trace.shared.event(.playerTextTrack, ["index": index ?? -1])
            }
        }
    }

    /// Subtitles shown `seconds` later (positive) or earlier than the file
    /// or stream says.
    public var textOffset: Double {
        get { Double(property("text-offset") { g_value_get_int64($0) }) / 1e9 }
        set { setProperty("text-offset") { g_value_set_int64($0, gint64((newValue * 1e9).rounded())) } }
    }

    /// Reads a property of a type PropertyValue does not carry (flags, 64-bit).
    private func property<T>(_ name: String, _ read: (UnsafeMutablePointer<GValue>) -> T) -> T {
        let object = UnsafeMutableRawPointer(playbin).assumingMemoryBound(to: GObject.self)
        let spec = g_object_class_find_property(UnsafeMutablePointer<GObjectClass>(OpaquePointer(object.pointee.g_type_instance.g_class)), name)!
        var value = GValue()
        g_value_init(&value, spec.pointee.value_type)
        g_object_get_property(object, name, &value)
        defer { g_value_unset(&value) }
        return read(&value)
    }

    private func setProperty(_ name: String, _ write: (UnsafeMutablePointer<GValue>) -> Void) {
        let object = UnsafeMutableRawPointer(playbin).assumingMemoryBound(to: GObject.self)
        let spec = g_object_class_find_property(UnsafeMutablePointer<GObjectClass>(OpaquePointer(object.pointee.g_type_instance.g_class)), name)!
        var value = GValue()
        g_value_init(&value, spec.pointee.value_type)
        write(&value)
        g_object_set_property(object, name, &value)
        g_value_unset(&value)
    }

    private func tracks(kind: String) -> [MediaTrack] {
        let count = Int(PropertyValue.get(from: playbin, "n-\(kind)")?.intValue ?? 0)
        return (0..<count).map { index in
            var language: String?, title: String?
            if let tags = emit("get-\(kind)-tags", index, returning: gst_tag_list_get_type()) {
                let list = tags.assumingMemoryBound(to: GstTagList.self)
                language = Player.string(list, "language-code") ?? Player.string(list, "language-name")
                title = Player.string(list, "title")
                gst_tag_list_unref(list)
            }
            var channels: Int?
            if kind == "audio", let pad = emit("get-audio-pad", index, returning: gst_pad_get_type()) {
                let gstPad = pad.assumingMemoryBound(to: GstPad.self)
                if let caps = gst_pad_get_current_caps(gstPad) {
                    var count: gint = 0
                    if gst_caps_get_size(caps) > 0, gst_structure_get_int(gst_caps_get_structure(caps, 0), "channels", &count) != 0 {
                        channels = Int(count)
                    }
                    gst_caps_unref(caps)
                }
                gst_object_unref(pad)
            }
            return MediaTrack(index: index, language: language, title: title, channels: channels)
        }
    }

    static func string(_ tags: UnsafeMutablePointer<GstTagList>, _ tag: String) -> String? {
        var text: UnsafeMutablePointer<gchar>?
        guard gst_tag_list_get_string(tags, tag, &text) != 0, let text else { return nil }
        defer { g_free(text) }
        return String(cString: text)
    }

    /// Emits one of playbin's action signals taking a stream index and
    /// returning a boxed value or an object (g_signal_emit_by_name is
    /// variadic, out of Swift's reach); the caller owns what it returns.
    private func emit(_ name: String, _ index: Int, returning type: GType) -> UnsafeMutableRawPointer? {
        let instanceType = UnsafeMutableRawPointer(playbin).assumingMemoryBound(to: GTypeInstance.self).pointee.g_class.pointee.g_type
        let signal = g_signal_lookup(name, instanceType)
        guard signal != 0 else { return nil }
        var arguments = [GValue(), GValue()]
        g_value_init(&arguments[0], instanceType)
        g_value_set_object(&arguments[0], UnsafeMutableRawPointer(playbin))
        g_value_init(&arguments[1], GType(6 << 2))  // G_TYPE_INT
        g_value_set_int(&arguments[1], gint(index))
        var result = GValue()
        g_value_init(&result, type)
        g_signal_emitv(&arguments, signal, 0, &result)
        let isObject = g_type_is_a(type, GType(20 << 2)) != 0  // G_TYPE_OBJECT
        let answer = isObject ? g_value_dup_object(&result) : g_value_dup_boxed(&result)
        g_value_unset(&result)
        g_value_unset(&arguments[0])
        g_value_unset(&arguments[1])
        return answer
    }

    /// Tells the observer when streams come, go or change their tags
    /// (playbin says so from its streaming threads); many changes at once
    /// make one report.
    func watchTracks() {
        let handler = MainThreadHandler<Void> { [weak self] in self?.reportTracks() }
        let type = UnsafeMutableRawPointer(playbin).assumingMemoryBound(to: GTypeInstance.self).pointee.g_class.pointee.g_type
        // playbin3 (adaptive streams) has none of these: its text streams
        // come in a "streams selected" message (Player).
        for signal in ["audio-changed", "text-changed", "audio-tags-changed", "text-tags-changed"] where g_signal_lookup(signal, type) != 0 {
            Signals.connect(UnsafeMutableRawPointer(playbin), signal) { MainContext.invoke { handler.call(()) } }
        }
        // playbin keeps its reference to the sink for as long as it lives.
        let sink = property("audio-sink") { g_value_get_object($0) }
        audioSwitch.watch(sink: sink?.assumingMemoryBound(to: GstElement.self))
    }
}
