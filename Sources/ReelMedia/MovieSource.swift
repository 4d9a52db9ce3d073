import CGLib
import CGst
import CPixbuf
import Foundation
import GLibKit
import ReelCore

/// Reads what the movie maker needs of a file (length, frame rate, picture
/// size, whether it has sound) with GstDiscoverer, and of a photo or a
/// picture (its size, its orientation) with gdk-pixbuf. Blocks: call it
/// from a worker thread.
public enum MovieSource {
    /// A clip for the movie, untrimmed; throws `MovieProblem` naming the
    /// file when it is missing or is not a video. A web address (a part of
    /// a web video being saved) is read the same way, its server given
    /// `timeout` seconds to send enough to read it (`noAnswer` past that).
    /// A JPEG or PNG (the camera's photos) is a photo clip, its size as
    /// shown (its EXIF orientation applied).
    public static func clip(_ uri: String, timeout: Double = 10) throws -> MovieClip {
        let name = MovieClip.name(ofURI: uri)
        try requireFile(uri)
        if let image = try image(uri, formats: ["jpeg", "png"]) {
            return MovieClip.photo(uri: uri, width: image.width, height: image.height)
        }
        return try discover(uri, name: name, timeout: timeout) { info, duration in
            let videos = gst_discoverer_info_get_video_streams(info)
            defer { gst_discoverer_stream_info_list_free(videos) }
            guard let first = videos?.pointee.data else { return nil }
            let video = OpaquePointer(first)
            if gst_discoverer_video_info_is_image(video) != 0 { return nil }
            let audios = gst_discoverer_info_get_audio_streams(info)
            defer { gst_discoverer_stream_info_list_free(audios) }
            let numerator = Int64(gst_discoverer_video_info_get_framerate_num(video))
            let denominator = Int64(gst_discoverer_video_info_get_framerate_denom(video))
            let rate = FrameRate.stated(numerator, denominator)
            // GES turns a picture upright as its tag asks (phones record
            // portrait as landscape plus "rotate-90"): the size the movie
            // fits is the upright one.
            var width = Int(gst_discoverer_video_info_get_width(video))
            var height = Int(gst_discoverer_video_info_get_height(video))
            if [90, 270].contains(rotation(of: video)) { swap(&width, &height) }
            return MovieClip(uri: uri, sourceDuration: duration, frameRate: rate, width: width, height: height,
                             hasSound: audios != nil)
        }
    }

    /// Reads clips on a background thread, in order; `completion` gets
    /// each one's clip or problem, on the main thread.
    public static func read(_ uris: [String], completion: @escaping @Sendable ([Result<MovieClip, MovieProblem>]) -> Void) {
        BackgroundThread.start {
            let results = uris.map { uri -> Result<MovieClip, MovieProblem> in
                do { return .success(try clip(uri)) } catch let problem as MovieProblem { return .failure(problem) } catch {
                    return .failure(.unreadableSource(MovieClip.name(ofURI: uri)))
                }
            }
            MainContext.invoke { completion(results) }
        }
    }

    /// A picture to put over the movie: a PNG or SVG (a logo, a sticker),
    /// with its size; anything else is refused by name.
    public static func picture(_ uri: String) throws -> MoviePicture {
        try requireFile(uri)
        guard let image = try image(uri, formats: ["png", "svg"]) else {
            throw MovieProblem.notAPicture(MovieClip.name(ofURI: uri))
        }
        return MoviePicture(uri: uri, width: image.width, height: image.height)
    }

    /// A second video to put over the movie, read as a clip is.
    public static func overlayVideo(_ uri: String, timeout: Double = 10) throws -> OverlayVideo {
        let clip = try clip(uri, timeout: timeout)
        guard clip.isVideo else { throw MovieProblem.unreadableSource(clip.name) }
        return OverlayVideo(uri: uri, sourceDuration: clip.sourceDuration, frameRate: clip.frameRate, width: clip.width,
                            height: clip.height, hasSound: clip.hasSound)
    }

    /// Reads a picture on a background thread; `completion` on the main thread.
    public static func readPicture(_ uri: String, completion: @escaping @Sendable (Result<MoviePicture, MovieProblem>) -> Void) {
        readInBackground(uri, { try picture($0) }, completion: completion)
    }

    /// Reads a second video on a background thread; `completion` on the main thread.
    public static func readOverlayVideo(_ uri: String,
                                        completion: @escaping @Sendable (Result<OverlayVideo, MovieProblem>) -> Void) {
        readInBackground(uri, { try overlayVideo($0) }, completion: completion)
    }

    private static func readInBackground<T: Sendable>(_ uri: String, _ read: @escaping @Sendable (String) throws -> T,
                                                      completion: @escaping @Sendable (Result<T, MovieProblem>) -> Void) {
        BackgroundThread.start {
            let result: Result<T, MovieProblem>
            do { result = .success(try read(uri)) } catch let problem as MovieProblem { result = .failure(problem) } catch {
                result = .failure(.unreadableSource(MovieClip.name(ofURI: uri)))
            }
            MainContext.invoke { completion(result) }
        }
    }

    /// The size as shown of a local image in one of `formats` (gdk-pixbuf's
    /// names); nil for a file of another kind. A file that says it is one
    /// but cannot be decoded (cut short, corrupt) is refused by name. The
    /// orientation is read from a load at an eighth of the size at most
    /// (JPEG decodes scaled), so a 48-megapixel photo is never decoded
    /// whole to be measured.
    static func image(_ uri: String, formats: Set<String>) throws -> (width: Int, height: Int)? {
        let name = MovieClip.name(ofURI: uri)
        guard let pathPointer = g_filename_from_uri(uri, nil, nil) else { return nil }
        defer { g_free(pathPointer) }
        var width: Int32 = 0, height: Int32 = 0
        guard let format = gdk_pixbuf_get_file_info(pathPointer, &width, &height),
              let formatName = String(consumingGString: gdk_pixbuf_format_get_name(format)),
              formats.contains(formatName) else { return nil }
        guard width > 0, height > 0 else { throw MovieProblem.unreadableSource(name) }
        var error: UnsafeMutablePointer<GError>?
        let probe = gdk_pixbuf_new_from_file_at_scale(pathPointer, max(width / 8, 1), max(height / 8, 1), 1, &error)
        if let error { g_error_free(error) }
        guard let probe else { throw MovieProblem.unreadableSource(name) }
        defer { g_object_unref(UnsafeMutableRawPointer(probe)) }
        // EXIF orientations 5 to 8 turn the picture a quarter.
        let orientation = gdk_pixbuf_get_option(probe, "orientation").map { Int(String(cString: $0)) ?? 1 } ?? 1
        return (5...8).contains(orientation) ? (Int(height), Int(width)) : (Int(width), Int(height))
    }

    /// Reads music on a background thread; `completion` on the main thread.
    public static func readMusic(_ uri: String, completion: @escaping @Sendable (Result<MovieMusic, MovieProblem>) -> Void) {
        BackgroundThread.start {
            let result: Result<MovieMusic, MovieProblem>
            do { result = .success(try music(uri)) } catch let problem as MovieProblem { result = .failure(problem) } catch {
                result = .failure(.unreadableSource(MovieClip.name(ofURI: uri)))
            }
            MainContext.invoke { completion(result) }
        }
    }

    /// The names of the edit's files that are gone (clips, the music, then
    /// what is over the movie),
    /// each once: the movie page names them and refuses to export.
    public static func missingFiles(_ edit: MovieEdit) -> [String] {
        var names: [String] = []
        // `sourceURIs`: a title card has no file, so its empty URI is never missing.
        for uri in edit.sourceURIs {
            do {
                try requireFile(uri)
            } catch MovieProblem.missingSource(let name) {
                if !names.contains(name) { names.append(name) }
            } catch {}
        }
        return names
    }

    /// Music for the movie (a file with sound; its picture, if any, is not
    /// used), at full volume with the default fades, looping.
    public static func music(_ uri: String, timeout: Double = 10) throws -> MovieMusic {
        try discover(uri, name: MovieClip.name(ofURI: uri), timeout: timeout) { info, duration in
            let audios = gst_discoverer_info_get_audio_streams(info)
            defer { gst_discoverer_stream_info_list_free(audios) }
            return audios == nil ? nil : MovieMusic(uri: uri, sourceDuration: duration)
        }
    }

    /// Throws `missingSource` with the file's name when a local file is
    /// gone (a web address is left to the reader).
    static func requireFile(_ uri: String) throws {
        guard let path = g_filename_from_uri(uri, nil, nil) else { return }
        defer { g_free(path) }
        if !FileManager.default.fileExists(atPath: String(cString: path)) {
            throw MovieProblem.missingSource(MovieClip.name(ofURI: uri))
        }
    }

    /// The clockwise rotation the stream's `image-orientation` tag asks for.
    private static func rotation(of stream: OpaquePointer) -> Int {
        guard let tags = gst_discoverer_stream_info_get_tags(stream) else { return 0 }
        var value: UnsafeMutablePointer<gchar>?
        guard gst_tag_list_get_string(tags, "image-orientation", &value) != 0, let value else { return 0 }
        defer { g_free(value) }
        return VideoRotation.degrees(fromTag: String(cString: value))
    }

    private static func discover<T>(_ uri: String, name: String, timeout: Double,
                                    _ read: (OpaquePointer, Int64) -> T?) throws -> T {
        try MediaSystem.initialize()
        try requireFile(uri)
        guard let discoverer = gst_discoverer_new(GstClockTime(timeout * 1e9), nil) else {
            throw MovieProblem.unreadableSource(name)
        }
        defer { g_object_unref(UnsafeMutableRawPointer(discoverer)) }
        var error: UnsafeMutablePointer<GError>?
        let info = gst_discoverer_discover_uri(discoverer, uri, &error)
        if let error { g_error_free(error) }
        guard let info else { throw MovieProblem.unreadableSource(name) }
        defer { g_object_unref(UnsafeMutableRawPointer(info)) }
        // A web address that sent nothing in time is its server's silence,
        // not a file that cannot be read (a part of a web video being
        // saved, `VideoPartSaver`); a local file that slow is damaged.
        if gst_discoverer_info_get_result(info) == GST_DISCOVERER_TIMEOUT, !MediaLocator.isLocal(uri) {
            throw MovieProblem.noAnswer(VideoPart.host(ofURI: uri))
        }
        let duration = gst_discoverer_info_get_duration(info)
        guard gst_discoverer_info_get_result(info) == GST_DISCOVERER_OK, duration > 0, duration != UInt64.max,
              let result = read(info, Int64(duration)) else {
            throw MovieProblem.unreadableSource(name)
        }
        return result
    }
}
