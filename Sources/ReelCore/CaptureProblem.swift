/// What can go wrong with the camera, in the words the camera page uses.
/// Titles and messages are untranslated (N_); the UI translates them.
public enum CaptureProblem: Equatable, Sendable {
    /// No camera is connected (or none can be opened).
    case noCamera
    /// In a sandbox, the Camera portal said no.
    case accessDenied
    /// The camera went away while in use; a recording under way was saved.
    case cameraLost(recordingSaved: Bool)
    /// Recording stopped for want of space; what was written is kept.
    case diskFull
    /// Recording goes on without sound.
    case noMicrophone
    /// Neither H.264 nor VP8 can be encoded here.
    case noEncoder
    /// The file could not be written (permissions, a missing folder).
    case cannotWrite(String)
    /// Anything else the camera pipeline reported, quoted.
    case failed(String)

    public var title: String {
        switch self {
        case .noCamera: return N_("No Camera Found")
        case .accessDenied: return N_("No Access to the Camera")
        case .cameraLost: return N_("The Camera Was Disconnected")
        case .diskFull: return N_("The Disk Is Full")
        case .noMicrophone: return N_("No Microphone")
        case .noEncoder: return N_("Recording Is Not Possible")
        case .cannotWrite: return N_("Cannot Save")
        case .failed: return N_("The Camera Stopped")
        }
    }

    /// `%s` stands for `detail`.
    public var message: String {
        switch self {
        case .noCamera:
            return N_("Connect a camera and check that it is switched on. If it is built in, check that it is not disabled by a switch or a key, and that no other app is using it.")
        case .accessDenied:
            return N_("Reel may not use the camera. Allow it in Settings, under Privacy → Camera, then open the camera again.")
        case .cameraLost(let saved):
            return saved ? N_("The camera was disconnected. The recording was saved.")
                : N_("The camera was disconnected.")
        case .diskFull:
            return N_("The disk is full. Recording stopped; what was recorded is saved.")
        case .noMicrophone:
            return N_("No microphone was found: recordings will have no sound.")
        case .noEncoder:
            return N_("No video encoder is installed (H.264 or VP8). Photos still work.")
        case .cannotWrite:
            return N_("The file could not be written: %s")
        case .failed:
            return N_("The camera reported an error: %s")
        }
    }

    public var detail: String {
        switch self {
        case .cannotWrite(let reason), .failed(let reason): return reason
        default: return ""
        }
    }

    /// A stable name for logs and the trace.
    public var kind: String {
        switch self {
        case .noCamera: return "no-camera"
        case .accessDenied: return "access-denied"
        case .cameraLost: return "camera-lost"
        case .diskFull: return "disk-full"
        case .noMicrophone: return "no-microphone"
        case .noEncoder: return "no-encoder"
        case .cannotWrite: return "cannot-write"
        case .failed: return "failed"
        }
    }
}
