import CGLib
import CGst
import CReelSpeed
import Foundation
import GLibKit
import ReelCore

/// A GES timeline made from a `MoviePlan`: the clips on one layer (each a
/// GESUriClip with its trim as in point and length, its picture placed in
/// the movie frame with black around it), overlapping where the plan
/// crossfades so that the layer's automatic transitions mix picture and
/// sound; the music on a second layer, sound only, its volume following the
/// plan's fades through a control source. The tracks' restriction caps fix
/// the movie's size, rate and sound format, whatever the clips are.
///
/// GES checks that a timeline is used from the thread that made it: make,
/// render and drop it on one thread.
final class MovieTimeline {
    let timeline: UnsafeMutablePointer<GESTimeline>
    let videoTrack: UnsafeMutablePointer<GESTrack>
    let audioTrack: UnsafeMutablePointer<GESTrack>
    /// The movie's sound: 48 kHz stereo, whatever the clips and music have.
    static let soundRate = 48_000
    let plan: MoviePlan
    /// Paints what is drawn over the movie onto the timeline's frames, in
    /// the preview and the export alike; nil when nothing is.
    private var blender: MovieOverlayBlender?
    /// Each still's, painting it into its own black clip's frames.
    private var stillBlenders: [MovieOverlayBlender] = []

    /// Builds the timeline; throws `MovieProblem` naming a source that is
    /// missing or cannot be read.
    init(_ plan: MoviePlan) throws {
        MovieTimeline.initializeEditing()
        guard !plan.placements.isEmpty else { throw MovieProblem.empty }
        self.plan = plan
        timeline = ges_timeline_new()!
        _ = gst_object_ref_sink(UnsafeMutableRawPointer(timeline))
        let video = ges_video_track_new()!
        let audio = ges_audio_track_new()!
        videoTrack = cast(video)
        audioTrack = cast(audio)
        let size = "width=\(plan.width),height=\(plan.height)"
        let rate = "framerate=\(plan.frameRate.numerator)/\(plan.frameRate.denominator)"
        MovieTimeline.restrict(videoTrack, "video/x-raw,\(size),\(rate),pixel-aspect-ratio=1/1")
        MovieTimeline.restrict(audioTrack, "audio/x-raw,rate=\(MovieTimeline.soundRate),channels=2")
        // The timeline takes the tracks (they are floating); keep our own
        // references for as long as we use them.
        _ = gst_object_ref(UnsafeMutableRawPointer(videoTrack))
        _ = gst_object_ref(UnsafeMutableRawPointer(audioTrack))
        _ = ges_timeline_add_track(timeline, videoTrack)
        _ = ges_timeline_add_track(timeline, audioTrack)

        // Second videos above the clips, each on a layer of its own (GES
        // puts layer 0 on top): the last in the edit's order on top.
        let insets = plan.overlays.filter { if case .video = $0.overlay.content { true } else { false } }
        let insetLayers = insets.map { _ in ges_timeline_append_layer(timeline)! }
        let clips = ges_timeline_append_layer(timeline)!
        ges_layer_set_auto_transition(clips, 1)
        var stills: [(index: Int, clip: UnsafeMutablePointer<GESClip>)] = []
        for (index, placement) in plan.placements.enumerated() {
            if placement.clip.isStill {
                stills.append((index, try MovieTimeline.addStill(placement, to: clips)))
                continue
            }
            let asset = try MovieTimeline.asset(placement.clip.uri)
            defer { gst_object_unref(UnsafeMutableRawPointer(asset)) }
            // A clip at another speed starts a frame long: its length in the
            // movie is set once its rate is (slow motion reads less of the
            // source than its length, and GES refuses a clip longer than
            // what it reads).
            let speed = placement.clip.speed
            guard let clip = ges_layer_add_asset(clips, cast(asset), GstClockTime(placement.start),
                                                 GstClockTime(placement.sourceStart),
                                                 GstClockTime(speed == 1 ? placement.duration : plan.frameRate.frameDuration),
                                                 GES_TRACK_TYPE_UNKNOWN) else {
                throw MovieProblem.unreadableSource(placement.clip.name)
            }
            try MovieTimeline.applySpeed(placement, to: clip, at: plan.frameRate, in: audioTrack)
            try MovieTimeline.applyFraming(placement, to: clip)
            let element: UnsafeMutablePointer<GESTimelineElement> = cast(clip)
            let picture = placement.picture
            for (name, value) in [("posx", picture.x), ("posy", picture.y), ("width", picture.width), ("height", picture.height)] {
                _ = PropertyValue.int(Int32(value)).withGValue { ges_timeline_element_set_child_property(element, name, $0) }
            }
            if speed != 1 { try MovieTimeline.feedSpeedEffect(of: clip, placement, in: videoTrack) }
            let gain = placement.clip.soundIsHeard ? plan.clipGain : 0
            if placement.clip.hasSound, gain != 1, let sound = MovieTimeline.audioSource(of: clip, in: audioTrack) {
                let soundElement: UnsafeMutablePointer<GESTimelineElement> = cast(sound)
                _ = PropertyValue.double(gain).withGValue {
                    ges_timeline_element_set_child_property(soundElement, "volume", $0)
                }
            }
        }

        for (scheduled, layer) in zip(insets.reversed(), insetLayers) {
            try addInset(scheduled, to: layer)
        }

        if !plan.music.isEmpty, let uri = plan.musicURI {
            let asset = try MovieTimeline.asset(uri)
            defer { gst_object_unref(UnsafeMutableRawPointer(asset)) }
            let musicLayer = ges_timeline_append_layer(timeline)!
            for piece in plan.music {
                guard let clip = ges_layer_add_asset(musicLayer, cast(asset), GstClockTime(piece.start),
                                                     GstClockTime(piece.inpoint), GstClockTime(piece.duration),
                                                     GES_TRACK_TYPE_AUDIO),
                      let sound = MovieTimeline.audioSource(of: clip, in: audioTrack) else {
                    throw MovieProblem.unreadableSource(MovieClip.name(ofURI: uri))
                }
                MovieTimeline.setVolume(of: sound, piece.volumePoints, inpoint: piece.inpoint)
            }
        }
        _ = ges_timeline_commit_sync(timeline)
        guard MovieOverlayDrawer.needed(for: plan) else { return }
        let drawer = MovieOverlayDrawer(plan: plan)
        blender = MovieOverlayBlender(timeline: self, drawing: drawer)
        for (index, clip) in stills {
            guard let pad = MovieTimeline.videoPad(of: clip, in: videoTrack, size: (plan.width, plan.height)) else { continue }
            defer { gst_object_unref(UnsafeMutableRawPointer(pad)) }
            stillBlenders.append(MovieOverlayBlender(pad: pad, drawing: MovieStillDrawing(drawer: drawer, index: index,
                                                                                          start: plan.placements[index].start)))
        }
    }

    /// A second video over the movie: its part of the file from its
    /// scheduled start, its picture where its state puts it (keyframed
    /// frame by frame when it moves, comes in or goes, so the compositor
    /// follows the same states the drawing does), at its opacity, its
    /// sound at its level.
    private func addInset(_ scheduled: ScheduledOverlay, to layer: UnsafeMutablePointer<GESLayer>) throws {
        guard case .video(let video) = scheduled.overlay.content else { return }
        let asset = try MovieTimeline.asset(video.uri)
        defer { gst_object_unref(UnsafeMutableRawPointer(asset)) }
        guard let clip = ges_layer_add_asset(layer, cast(asset), GstClockTime(scheduled.start),
                                             GstClockTime(video.trimIn + MoviePlan.sourceStartLead),
                                             GstClockTime(scheduled.duration), GES_TRACK_TYPE_UNKNOWN) else {
            throw MovieProblem.unreadableSource(video.name)
        }
        if let sound = MovieTimeline.audioSource(of: clip, in: audioTrack) {
            let element: UnsafeMutablePointer<GESTimelineElement> = cast(sound)
            _ = PropertyValue.double(video.hasSound ? video.volume : 0).withGValue {
                ges_timeline_element_set_child_property(element, "volume", $0)
            }
        }
        guard let picture = ges_clip_find_track_element(clip, videoTrack, ges_video_source_get_type()) else { return }
        defer { gst_object_unref(UnsafeMutableRawPointer(picture)) }
        let frame = (plan.width, plan.height), shape = (video.width, video.height)
        func values(at time: Int64) -> [(String, Double)] {
            let rect = scheduled.pictureRect(at: time, frame: frame, shape: shape)
            return [("posx", Double(rect.x)), ("posy", Double(rect.y)), ("width", Double(rect.width)),
                    ("height", Double(rect.height)), ("alpha", scheduled.state(at: time).opacity)]
        }
        guard scheduled.isAnimated else {
            let element: UnsafeMutablePointer<GESTimelineElement> = cast(picture)
            for (name, value) in values(at: scheduled.start) {
                let property: PropertyValue = name == "alpha" ? .double(value) : .int(Int32(value))
                _ = property.withGValue { ges_timeline_element_set_child_property(element, name, $0) }
            }
            return
        }
        // Keyframes on the source's own clock (its in point on), one a frame.
        let step = plan.frameRate.frameDuration
        let times = Array(stride(from: scheduled.start, to: scheduled.end, by: Int64.Stride(step))) + [scheduled.end - 1]
        var sources: [String: UnsafeMutablePointer<GstTimedValueControlSource>] = [:]
        for time in times {
            for (name, value) in values(at: time) {
                let source = sources[name] ?? {
                    let made = gst_interpolation_control_source_new()!
                    gst_util_set_object_arg(cast(made), "mode", "linear")
                    return cast(made)
                }()
                sources[name] = source
                let clock = GstClockTime(video.trimIn + MoviePlan.sourceStartLead + time - scheduled.start)
                _ = gst_timed_value_control_source_set(source, clock, value)
            }
        }
        for (name, source) in sources {
            _ = ges_track_element_set_control_source(picture, cast(source), name, "direct-absolute")
            gst_object_unref(UnsafeMutableRawPointer(source))
        }
    }

    /// The source pad of a still's black picture in `track`: where its
    /// frames leave its source, before the compositor (a new reference).
    /// The picture is made at `size`, the movie's: GES makes a test
    /// source's at 1280×720 and scales it in the compositor, so a still
    /// painted into it would be scaled twice (and blurred).
    private static func videoPad(of clip: UnsafeMutablePointer<GESClip>, in track: UnsafeMutablePointer<GESTrack>,
                                 size: (width: Int, height: Int)) -> UnsafeMutablePointer<GstPad>? {
        guard let source = ges_clip_find_track_element(clip, track, ges_video_test_source_get_type()) else { return nil }
        defer { gst_object_unref(UnsafeMutableRawPointer(source)) }
        guard let element = ges_track_element_get_element(source),
              let iterator = gst_bin_iterate_recurse(UnsafeMutableRawPointer(element).assumingMemoryBound(to: GstBin.self))
        else { return nil }
        defer { gst_iterator_free(iterator) }
        // The test pattern's own size is set by the one capsfilter whose
        // caps say a width.
        var value = GValue()
        while gst_iterator_next(iterator, &value) == GST_ITERATOR_OK {
            defer { g_value_reset(&value) }
            guard let object = g_value_get_object(&value),
                  let factory = gst_element_get_factory(object.assumingMemoryBound(to: GstElement.self)),
                  String(consumingGString: gst_object_get_name(UnsafeMutableRawPointer(factory).assumingMemoryBound(to: GstObject.self)))
                    == "capsfilter" else { continue }
            let filter = object.assumingMemoryBound(to: GObject.self)
            var property = GValue()
            g_value_init(&property, gst_caps_get_type())
            defer { g_value_unset(&property) }
            g_object_get_property(filter, "caps", &property)
            guard let caps = g_value_get_boxed(&property)?.assumingMemoryBound(to: GstCaps.self),
                  let structure = gst_caps_get_structure(caps, 0), gst_structure_has_field(structure, "width") != 0,
                  let sized = gst_caps_copy(caps) else { continue }
            PropertyValue.int(Int32(size.width)).withGValue { gst_caps_set_value(sized, "width", $0) }
            PropertyValue.int(Int32(size.height)).withGValue { gst_caps_set_value(sized, "height", $0) }
            g_value_take_boxed(&property, sized)
            g_object_set_property(filter, "caps", &property)
        }
        g_value_unset(&value)
        return gst_element_get_static_pad(element, "src")
    }

    deinit {
        blender?.close()
        stillBlenders.forEach { $0.close() }
        gst_object_unref(UnsafeMutableRawPointer(videoTrack))
        gst_object_unref(UnsafeMutableRawPointer(audioTrack))
        gst_object_unref(UnsafeMutableRawPointer(timeline))
    }

    /// `body` with a new GESPipeline holding this timeline (and the same
    /// pipeline as a GstElement), stopped and released after.
    func withPipeline<Result>(_ body: (UnsafeMutablePointer<GESPipeline>, UnsafeMutablePointer<GstElement>) -> Result) -> Result {
        let pipeline = ges_pipeline_new()!
        _ = gst_object_ref_sink(UnsafeMutableRawPointer(pipeline))
        let element: UnsafeMutablePointer<GstElement> = cast(pipeline)
        defer {
            gst_element_set_state(element, GST_STATE_NULL)
            gst_object_unref(UnsafeMutableRawPointer(pipeline))
        }
        _ = ges_pipeline_set_timeline(pipeline, timeline)
        return body(pipeline, element)
    }

    /// The timeline's length as GES sees it.
    var duration: Int64 {
        Int64(ges_timeline_get_duration(timeline))
    }

    /// GES's one-time set-up (after GStreamer's), with Reel's speed effect
    /// registered as a time effect GES maps times through: a static let
    /// runs once, whichever thread asks first.
    private static let editingInitialized: Bool = {
        guard ges_init() != 0, reel_speed_register() != 0 else { return false }
        let effectClass = g_type_class_ref(ges_effect_get_type())
        defer { g_type_class_unref(effectClass) }
        return ges_effect_class_register_rate_property(effectClass?.assumingMemoryBound(to: GESEffectClass.self),
                                                       "reelspeed", "rate") != 0
    }()

    static func initializeEditing() {
        _ = editingInitialized
    }

    /// A photo or a title card: a black, silent clip on the timeline,
    /// into whose frames `MovieStillDrawing` paints the still, so it is
    /// mixed with its neighbours as a clip is (crossfades included) and a
    /// second video above shows over it. Returns the clip (the layer
    /// holds it).
    private static func addStill(_ placement: MoviePlan.Placement,
                                 to layer: UnsafeMutablePointer<GESLayer>) throws -> UnsafeMutablePointer<GESClip> {
        let still = ges_test_clip_new()!
        ges_test_clip_set_vpattern(still, GES_VIDEO_TEST_PATTERN_BLACK)
        ges_test_clip_set_mute(still, 1)
        let element: UnsafeMutablePointer<GESTimelineElement> = cast(still)
        ges_timeline_element_set_start(element, GstClockTime(placement.start))
        ges_timeline_element_set_inpoint(element, 0)
        ges_timeline_element_set_duration(element, GstClockTime(placement.duration))
        guard ges_layer_add_clip(layer, cast(still)) != 0 else { throw MovieProblem.failed("a still could not be placed") }
        return cast(still)
    }

    /// A video at another speed: two of GES's time effects on its clip,
    /// Reel's `reelspeed` for the picture (frame-exact on the movie's frame
    /// rate, see its source) and `pitch`'s tempo for the sound (faster or
    /// slower at the same pitch), then its length in the movie. GES maps
    /// the clip's times through their rates, so it reads its trimmed part
    /// of the source, no more, over that length. Each rate is a GValue of
    /// the property's own type.
    private static func applySpeed(_ placement: MoviePlan.Placement, to clip: UnsafeMutablePointer<GESClip>,
                                   at movieRate: FrameRate, in audioTrack: UnsafeMutablePointer<GESTrack>) throws {
        let speed = placement.clip.speed
        guard speed != 1 else { return }
        var frameRate = GValue()
        g_value_init(&frameRate, gst_fraction_get_type())
        defer { g_value_unset(&frameRate) }
        gst_value_set_fraction(&frameRate, Int32(movieRate.numerator), Int32(movieRate.denominator))
        let problem = MovieProblem.failed("the speed of \(placement.clip.name) could not be set")
        func added(_ name: String) throws -> UnsafeMutablePointer<GESTimelineElement> {
            guard let effect = ges_effect_new(name), ges_container_add(cast(clip), cast(effect)) != 0 else { throw problem }
            return cast(effect)
        }
        let picture = try added("reelspeed")
        guard PropertyValue.double(speed).withGValue({ ges_timeline_element_set_child_property(picture, "rate", $0) }) != 0,
              ges_timeline_element_set_child_property(picture, "frame-rate", &frameRate) != 0 else { throw problem }
        if audioSource(of: clip, in: audioTrack) != nil {
            let sound = try added("pitch")
            guard PropertyValue.float(Float(speed)).withGValue({ ges_timeline_element_set_child_property(sound, "tempo", $0) }) != 0
            else { throw problem }
        }
        // A clip kept to the source's end reads a little less than its
        // trimmed part (from a millisecond past its in point, see
        // `sourceStart`), and GES refuses a length whose source part,
        // length × rate, passes the end: such a clip ends up to a few
        // milliseconds early, on the same last frame.
        let readable = Int64(ges_timeline_element_get_max_duration(cast(clip))) - placement.sourceStart
        let duration = min(placement.duration, Int64((Double(readable) / speed).rounded(.down)))
        guard ges_timeline_element_set_duration(cast(clip), GstClockTime(duration)) != 0 else {
            throw MovieProblem.failed("\(placement.clip.name) could not be made \(placement.duration) ns long")
        }
    }

    /// A clip at another speed has its source hand the speed effect its
    /// own frames, at its own rate: the source's videorate, which fits
    /// every clip to the movie's rate before any effect, would otherwise
    /// drop a 60 fps clip's every other frame before it is slowed down, and
    /// repeat a 25 fps clip's frames unevenly (2, 2, 2, 2, 4 times at 0.5×
    /// in a 30 fps movie). The effect puts the frames on the movie's rate
    /// itself. GES names that videorate's capsfilter after the source; its
    /// frame positioner sets it from the track's caps and does so again
    /// only when they change, which a built timeline's do not.
    private static func feedSpeedEffect(of clip: UnsafeMutablePointer<GESClip>, _ placement: MoviePlan.Placement,
                                        in videoTrack: UnsafeMutablePointer<GESTrack>) throws {
        let problem = MovieProblem.failed("the speed of \(placement.clip.name) could not be set")
        guard let source = ges_clip_find_track_element(clip, videoTrack, ges_video_source_get_type()) else { throw problem }
        defer { gst_object_unref(UnsafeMutableRawPointer(source)) }
        guard let name = String(consumingGString: ges_timeline_element_get_name(cast(source))),
              let bin = ges_track_element_get_nleobject(source),
              let filter = gst_bin_get_by_name(cast(bin), "ges\(name)-capsfilter") else { throw problem }
        defer { gst_object_unref(UnsafeMutableRawPointer(filter)) }
        var property = GValue()
        g_value_init(&property, gst_caps_get_type())
        defer { g_value_unset(&property) }
        g_object_get_property(cast(filter), "caps", &property)
        guard let caps = g_value_get_boxed(&property)?.assumingMemoryBound(to: GstCaps.self),
              let anyRate = gst_caps_copy(caps) else { throw problem }
        for index in 0..<gst_caps_get_size(anyRate) {
            gst_structure_remove_field(gst_caps_get_structure(anyRate, index), "framerate")
        }
        g_value_take_boxed(&property, anyRate)
        g_object_set_property(cast(filter), "caps", &property)
    }

    /// A video's cut, turn and mirror (`ClipFraming`), as an effect on its
    /// clip between its source (which has turned it upright as its tag
    /// asks) and the compositor, which places it; the effect also scales it
    /// to its place when `scalesInEffect` (else the compositor does).
    /// Nothing for a clip shown as it is.
    private static func applyFraming(_ placement: MoviePlan.Placement, to clip: UnsafeMutablePointer<GESClip>) throws {
        let framing = placement.clip.framing, size = (placement.clip.width, placement.clip.height)
        var parts: [String] = []
        if placement.scalesInEffect {
            // The picture's own size: left open, the scaler below would have
            // the source scaled to suit it instead.
            parts.append("capsfilter caps=video/x-raw,width=\(size.0),height=\(size.1)")
        }
        // Cut, then turn: the turn has less to move.
        let cut = framing.unturnedCut(placement.cut, of: size)
        if !cut.isNone {
            parts.append("videocrop left=\(cut.left) top=\(cut.top) right=\(cut.right) bottom=\(cut.bottom)")
        }
        if framing.isReoriented { parts.append("videoflip video-direction=\(orientation(framing))") }
        let picture = placement.picture
        if placement.scalesInEffect {
            // Catmull-Rom, as sharp as ffmpeg's bicubic.
            parts.append("videoscale name=\(scalerName) method=catrom ! capsfilter "
                         + "caps=video/x-raw,width=\(picture.width),height=\(picture.height),pixel-aspect-ratio=1/1")
        }
        guard !parts.isEmpty else { return }
        guard let effect = ges_effect_new(parts.joined(separator: " ! ")),
              ges_container_add(cast(clip), cast(effect)) != 0 else {
            throw MovieProblem.failed("the framing of \(placement.clip.name) could not be applied")
        }
        if placement.scalesInEffect {
            let bin: UnsafeMutablePointer<GstBin>? = ges_track_element_get_element(cast(effect)).map { cast($0) }
            guard let scaler = bin.flatMap({ gst_bin_get_by_name($0, scalerName) }) else {
                throw MovieProblem.failed("the framing of \(placement.clip.name) could not be applied")
            }
            PlacementCarrier.carry(across: scaler)
            gst_object_unref(UnsafeMutableRawPointer(scaler))
        }
    }

    /// The framing effect's scaler, found by name to carry the placement.
    private static let scalerName = "reelplacedscale"

    /// videoflip's name for turning `quarterTurns` clockwise, then
    /// mirroring left to right when `mirrored`.
    static func orientation(_ framing: ClipFraming) -> String {
        let turned = ["identity", "90r", "180", "90l"], mirrored = ["horiz", "ul-lr", "vert", "ur-ll"]
        return (framing.mirrored ? mirrored : turned)[framing.quarterTurns]
    }

    /// The clip asset of a file, read synchronously (GES's discoverer).
    private static func asset(_ uri: String) throws -> UnsafeMutablePointer<GESUriClipAsset> {
        try MovieSource.requireFile(uri)
        var error: UnsafeMutablePointer<GError>?
        let asset = ges_uri_clip_asset_request_sync(uri, &error)
        if let error { g_error_free(error) }
        guard let asset else { throw MovieProblem.unreadableSource(MovieClip.name(ofURI: uri)) }
        return asset
    }

    private static func restrict(_ track: UnsafeMutablePointer<GESTrack>, _ description: String) {
        let caps = gst_caps_from_string(description)!
        ges_track_set_restriction_caps(track, caps)
        gst_caps_unref(caps)
    }

    private static func audioSource(of clip: UnsafeMutablePointer<GESClip>,
                                    in track: UnsafeMutablePointer<GESTrack>) -> UnsafeMutablePointer<GESTrackElement>? {
        guard let element = ges_clip_find_track_element(clip, track, ges_audio_source_get_type()) else { return nil }
        // find_track_element returns a reference; the clip keeps its own.
        gst_object_unref(UnsafeMutableRawPointer(element))
        return element
    }

    /// The music's volume over time: a linear control source on the
    /// source's volume, with absolute values (1 = as recorded), its times
    /// on the music file's own clock.
    private static func setVolume(of sound: UnsafeMutablePointer<GESTrackElement>, _ points: [MoviePlan.VolumePoint],
                                  inpoint: Int64) {
        let source = gst_interpolation_control_source_new()!
        gst_util_set_object_arg(cast(source), "mode", "linear")
        let timed: UnsafeMutablePointer<GstTimedValueControlSource> = cast(source)
        for point in points {
            _ = gst_timed_value_control_source_set(timed, GstClockTime(point.time + inpoint), point.volume)
        }
        _ = ges_track_element_set_control_source(sound, source, "volume", "direct-absolute")
        gst_object_unref(UnsafeMutableRawPointer(source))
    }
}
