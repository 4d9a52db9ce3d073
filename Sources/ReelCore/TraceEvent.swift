/// The names of the trace's events, in one place: the UI tests and the
/// benches read them from the trace file (`REEL_TRACE`), and
/// tests/packaging/test_trace_names.py checks that every name they wait for
/// is one of these, so a renamed event cannot leave a test waiting for
/// nothing.
public enum TraceEvent: String, CaseIterable, Sendable {
    case audioClockRejected = "audio-clock-rejected"
    /// A photo timer's second went by (seconds left).
    case cameraCountdown = "camera-countdown"
    case cameraDevices = "camera-devices"
    case cameraError = "camera-error"
    case cameraOpen = "camera-open"
    case cameraPageOpen = "camera-page-open"
    case cameraProblem = "camera-problem"
    case cameraShutter = "camera-shutter"
    case cameraStarted = "camera-started"
    case cameraStopped = "camera-stopped"
    /// The Continue Watching row or a card's mark changed: the row's
    /// videos ("uris", newest first, space-separated), how many, and how
    /// many cards have a progress line ("lines") or the watched mark
    /// ("watched").
    case feedContinueWatching = "feed-continue-watching"
    /// The desktop's file history switch changed ("on" 1 or 0).
    case feedFileHistory = "feed-file-history"
    case feedFirstCard = "feed-first-card"
    case feedFirstPaint = "feed-first-paint"
    /// Clear History forgot this many videos' history ("entries"; -1: its
    /// Undo put them back).
    case feedHistoryCleared = "feed-history-cleared"
    case feedItems = "feed-items"
    /// Mark as Watched (1) or Unwatched (0) on a card's menu.
    case feedMarkWatched = "feed-mark-watched"
    case feedSearch = "feed-search"
    case frame = "frame"
    case launch = "launch"
    case mediaWorkerHung = "media-worker-hung"
    case mediaWorkerIdleExit = "media-worker-idle-exit"
    case mediaWorkerStarted = "media-worker-started"
    case mediaWorkerStopped = "media-worker-stopped"
    /// A movie export started, or ended: state "started", "saved",
    /// "cancelled" or "failed".
    case movieExport = "movie-export"
    /// A hidden, half-written movie export found at start and removed.
    case movieExportRemoved = "movie-export-removed"
    /// The movie page's preview presented a frame: its time in the movie
    /// ("pts", seconds) and its size (the movie's shape).
    case moviePreviewFrame = "movie-preview-frame"
    /// An MP4 export's AAC priming (samples) and whether the file says so.
    case moviePriming = "movie-priming"
    /// MPRIS's name was taken (owned 1) or let go (owned 0).
    case mpris = "mpris"
    case mprisError = "mpris-error"
    case photoSaved = "photo-saved"
    case pipClosed = "pip-closed"
    case pipControls = "pip-controls"
    /// The mini window's controls were due to hide and the keyboard on them held them.
    case pipControlsHeld = "pip-controls-held"
    /// A press on the mini window began a drag (where, in the window).
    case pipDragBegin = "pip-drag-begin"
    case pipEnter = "pip-enter"
    /// A drag on the mini window was handed to the window manager ("move",
    /// or the edge it resizes from).
    case pipHandedOver = "pip-handed-over"
    /// The mini window could not be kept above others: whether the hint
    /// about the window menu was shown (only the first time).
    case pipAboveHint = "pip-above-hint"
    case pipLeave = "pip-leave"
    /// The pointer moved over the mini window (where, in the window).
    case pipPointer = "pip-pointer"
    case pipSaved = "pip-saved"
    case pipShown = "pip-shown"
    case pipSize = "pip-size"
    /// The sound switched to another stream (its index).
    case playerAudioTrack = "player-audio-track"
    /// The new stream's first buffer reached the sound output (ms after the choice).
    case playerAudioSwitched = "player-audio-switched"
    case playerBusError = "player-bus-error"
    case playerClose = "player-close"
    case playerConnectionLost = "player-connection-lost"
    case playerContentMode = "player-content-mode"
    case playerControls = "player-controls"
    /// The bars' fade came due and the keyboard on them held them.
    case playerControlsHeld = "player-controls-held"
    case playerError = "player-error"
    case playerFirstFrame = "player-first-frame"
    case playerGoLive = "player-go-live"
    case playerInhibit = "player-inhibit"
    case playerLive = "player-live"
    case playerLoop = "player-loop"
    /// An A–B loop went back to its start without a flush.
    case playerLoopJoin = "player-loop-join"
    case playerManifest = "player-manifest"
    case playerOpen = "player-open"
    /// The marks of a part changed (PartMarks).
    case playerPart = "player-part"
    /// A marked part went into a movie.
    case playerPartAdded = "player-part-added"
    /// A web video's part began to be saved, and how that ended.
    case playerPartSaving = "player-part-saving"
    case playerPartSaved = "player-part-saved"
    /// Entries of an opened playlist were left out (count, truncated).
    case playlistSkipped = "playlist-skipped"
    /// The queue changed from a card (count, the next address).
    case playerQueue = "player-queue"
    /// Save Queue… wrote a playlist (path, count) or failed (path, error).
    case playerQueueSaved = "player-queue-saved"
    case playerQuality = "player-quality"
    case playerRate = "player-rate"
    case playerReconnect = "player-reconnect"
    case playerReconnected = "player-reconnected"
    case playerSoftwareDecoding = "player-software-decoding"
    case playerScreenshot = "player-screenshot"
    case playerSeek = "player-seek"
    case playerSeekDone = "player-seek-done"
    case playerState = "player-state"
    case playerStats = "player-stats"
    /// The statistics panel (Ctrl+I) shown (1) or hidden (0).
    case playerStatistics = "player-statistics"
    case playerStep = "player-step"
    case playerStopped = "player-stopped"
    /// Subtitles: a stream's index (-1: off), the delay, the file loaded.
    case playerTextTrack = "player-text-track"
    case playerTextOffset = "player-text-offset"
    case playerSubtitleFile = "player-subtitle-file"
    case playerSubtitleRendition = "player-subtitle-rendition"
    case playerVolume = "player-volume"
    /// The waiting badge ("Buffering… 40 %", "Connecting to …") shown with
    /// its words, or hidden (shown 0).
    case playerWaiting = "player-waiting"
    case recordingFinished = "recording-finished"
    /// Twice a second while recording: the time recorded so far, by the
    /// written frames' own timestamps.
    case recordingProgress = "recording-progress"
    case recordingRecovered = "recording-recovered"
    case recordingStarted = "recording-started"
    case startUnfinishedBefore = "start-unfinished-before"
    case stripClip = "strip-clip"
    /// A click on the strip was settled, once the double-click time after
    /// its last press passed: its presses and what it did ("sound",
    /// "speed" or "none").
    case stripClick = "strip-click"
    case stripError = "strip-error"
    case stripFrame = "strip-frame"
    case stripNothingPlayable = "strip-nothing-playable"
    case stripPaused = "strip-paused"
    case stripQueued = "strip-queued"
    case searchProviderActivate = "search-provider-activate"
    case stripRate = "strip-rate"
    case stripResumed = "strip-resumed"
    case stripSkipped = "strip-skipped"
    case stripSound = "strip-sound"
    case stripStopped = "strip-stopped"
    /// Which GTK renderer drew a video view's frame ("GskGLRenderer",
    /// "GskCairoRenderer") and how the frame went ("texture" or
    /// "cairo-surface"), once per renderer.
    case videoRenderer = "video-renderer"
    /// The main window's page now showing: feed, video, camera or movie.
    case windowPage = "window-page"
}
