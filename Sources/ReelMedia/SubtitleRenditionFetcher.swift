import Foundation
import GLibKit
import ReelCore

/// Fetches a stream's WebVTT subtitle rendition that GStreamer does not
/// play (GStreamer 1.22's adaptive demuxers go on with the rendition they
/// chose whatever is asked), on a background thread, and hands its lines,
/// in the stream's time, to the main thread as they come: an HLS
/// rendition segment by segment from where the person is (timed by the
/// video's clock, `HLSSubtitleClock`), a DASH text set's one file whole.
final class SubtitleRenditionFetcher: @unchecked Sendable {
    private let lock = NSLock()
    private var stopped = false

    /// Starts fetching `rendition` of the stream at `manifestURI`; `onCues`
    /// gets each batch, `onEnd` whether any line came.
    init(_ rendition: StreamManifest.SubtitleRendition, of manifest: StreamManifest, at manifestURI: String,
         from position: Double, onCues: MainThreadHandler<[SubtitleCues.Cue]>, onEnd: MainThreadHandler<Bool>) {
        let address = SubtitleRenditionFetcher.resolve(rendition.address, against: manifestURI)
        let variant = manifest.firstVariantAddress.map { SubtitleRenditionFetcher.resolve($0, against: manifestURI) }
        let kind = manifest.kind
        BackgroundThread.start { [self] in
            var any = false
            let deliver: ([SubtitleCues.Cue]) -> Void = { cues in
                guard !cues.isEmpty else { return }
                any = true
                MainContext.invoke { onCues.call(cues) }
            }
            switch kind {
            case .dash: deliver(fetchText(address).map(PlainSubtitles.cues) ?? [])
            case .hls: fetchHLS(address, variant: variant, from: position, deliver: deliver)
            }
            let found = any
            MainContext.invoke { onEnd.call(found) }
        }
    }

    /// No more fetching (the video closed or another rendition was chosen).
    func stop() {
        lock.lock()
        stopped = true
        lock.unlock()
    }

    private var isStopped: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stopped
    }

    private func fetchHLS(_ address: String, variant: String?, from position: Double, deliver: ([SubtitleCues.Cue]) -> Void) {
        // A live rendition slides, and its times are not the sum of its
        // segments: the menu offers none (PlayerTracks).
        guard let playlist = fetchText(address).flatMap(HLSMediaPlaylist.init), playlist.ends, !isStopped else { return }
        let clock = HLSSubtitleClock(videoStart: variant.flatMap(videoStart))
        Trace.shared.event(.playerSubtitleRendition, ["segments": playlist.segments.count,
                                                      "clock": clock.videoStart.map { Double($0) / 90_000 } ?? -1])
        for segment in playlist.fetchOrder(from: position) {
            guard !isStopped else { return }
            guard let text = fetchText(SubtitleRenditionFetcher.resolve(segment.address, against: address)) else { continue }
            deliver(clock.cues(ofSegment: text))
        }
    }

    /// The first timestamp of the video's first segment: the start of it
    /// is enough (188-byte packets, the first PES packet within a few).
    private func videoStart(_ variant: String) -> UInt64? {
        guard let playlist = fetchText(variant).flatMap(HLSMediaPlaylist.init), let first = playlist.segments.first,
              case .success(let bytes) = RemoteFile.download(SubtitleRenditionFetcher.resolve(first.address, against: variant),
                                                             maxBytes: 64 * 1024, keepingStart: true) else { return nil }
        return HLSSubtitleClock.firstTimestamp(inTransportStream: bytes)
    }

    /// A text file of at most 4 MB, as UTF-8 (WebVTT is UTF-8 by definition).
    private func fetchText(_ address: String) -> String? {
        guard !isStopped, case .success(let bytes) = RemoteFile.download(address, maxBytes: 4 << 20) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func resolve(_ address: String, against base: String) -> String {
        URL(string: address, relativeTo: URL(string: base))?.absoluteString ?? address
    }
}
