import CGLib
import CGst
import GLibKit
import ReelCore

/// A screenshot of the video (Ctrl+Alt+S): the frame the player shows
/// last, at the video's own size (not the window's), upright, as a PNG in
/// Pictures › Reel. It works as well when paused on a frame stepped to, since
/// the sink keeps the frame it showed. Written under a hidden name and
/// published once complete, as the camera's photos are, so Files never
/// lists a half-written picture.
public enum FrameScreenshot {
    /// Saves the frame on a worker thread into `folder` (the screenshots'
    /// standard one by default); `done` on the main thread with the
    /// picture's path.
    public static func save(from sink: VideoSink, in folder: String? = nil,
                            _ done: @escaping (Result<String, GLibError>) -> Void) {
        guard let (sample, rotation) = sink.core.newestSample() else {
            return done(.failure(GLibError(domain: "reel", code: 0, message: "no frame has been shown yet")))
        }
        let path: String
        do {
            path = try CaptureFile.reserve(.screenshot, fileExtension: "png", in: folder, hidden: true)
        } catch let error as GLibError {
            gst_sample_unref(sample)
            return done(.failure(error))
        } catch {
            gst_sample_unref(sample)
            return done(.failure(GLibError(domain: "reel", code: 0, message: "\(error)")))
        }
        let handler = MainThreadHandler(done)
        let owned = OwnedSample(value: sample)
        BackgroundThread.start {
            var result = PhotoWriter.writePNG(owned.value, rotation: rotation, to: path).map { path }
            gst_sample_unref(owned.value)
            if case .success = result {
                do {
                    result = .success(try CaptureFile.publish(path))
                } catch let error as GLibError {
                    unlink(path)
                    result = .failure(error)
                } catch {
                    unlink(path)
                    result = .failure(GLibError(domain: "reel", code: 0, message: "\(error)"))
                }
            }
            let saved = result
            switch saved {
            case .success(let published): Trace.shared.event(.playerScreenshot, ["path": published, "ok": true])
            case .failure(let error): Trace.shared.event(.playerScreenshot, ["error": error.message, "ok": false])
            }
            MainContext.invoke { handler.call(saved) }
        }
    }
}
