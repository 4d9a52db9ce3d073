import Foundation

/// The player's decisions, apart from GStreamer: what the pipeline said
/// (prerolled, playing, buffering, an error…), what the user asked (play,
/// pause, seek) and what a connection check or a retry timer found go in as
/// events; what to do comes out as actions, which `ReelMedia.Player`
/// carries out. So stall recovery, reconnection, the end of a video and the
/// words of a failure are unit-tested here without a pipeline
/// (ARCHITECTURE: The player's state machine).
public struct PlaybackSession: Equatable, Sendable {
    /// A pipeline state Reel asks for.
    public enum Target: Equatable, Sendable {
        case null
        case paused
        case playing
    }

    /// A remote stream's lost connection, being retried.
    public struct Reconnection: Equatable, Sendable {
        /// When the connection was found lost; retrying stops a minute later.
        public var since: Date
        /// Retries scheduled so far.
        public var attempt = 0
        /// Where to go on once a retry prerolls (nil: already sought).
        public var resumeAt: Double?
        /// A retry is scheduled and its time has not come.
        public var retryScheduled = false

        public init(since: Date, resumeAt: Double?) {
            self.since = since
            self.resumeAt = resumeAt
        }
    }

    public enum Phase: Equatable, Sendable {
        case opening
        case playing
        case paused
        /// Stalled: waiting for the buffer to fill (paused meanwhile).
        case buffering
        /// The buffer filled and PLAYING was asked for: still shown as
        /// buffering until the pipeline says it plays.
        case refilled
        case reconnecting(Reconnection)
        case ended
        /// `lost`: the connection was lost before (the last known position
        /// still stands for where playback was).
        case failed(VideoProblem, lost: Reconnection?)
    }

    /// The words of the result of `ConnectionCheck` (ReelMedia).
    public enum ServerCheck: Equatable, Sendable {
        case reachable
        case unreachable(ConnectionFailure)
        /// Failed in a way Reel has no words for.
        case unknown
    }

    /// An error message from the pipeline.
    public struct PipelineError: Equatable, Sendable {
        /// What the error's domain and code mean (`MediaProbe.problem`).
        public var problem: VideoProblem
        /// The HTTP status the source or the message gave, if any.
        public var httpStatus: Int?
        /// GStreamer's debug text (never translated).
        public var debugText: String

        public init(problem: VideoProblem, httpStatus: Int? = nil, debugText: String = "") {
            self.problem = problem
            self.httpStatus = httpStatus
            self.debugText = debugText
        }

        /// An adaptive demuxer gave up on a segment (its debug text says so).
        var isMissingFragment: Bool { debugText.contains("Fragment downloading has failed") }
    }

    public enum Event: Equatable, Sendable {
        // The user's (or the UI's) intents.
        /// Opening: start prerolling.
        case start
        case play
        case pause
        case togglePlaying
        /// A seek already limited to the duration or the live window.
        case seek(to: Double, accurate: Bool)
        /// The player is being closed: nothing happens after this.
        case stop

        // The pipeline's messages.
        /// READY → PAUSED: `videoStreams` nil when not countable (playbin3).
        case prerolled(live: Bool, videoStreams: Int?, audioStreams: Int = 0)
        /// The pipeline reached PLAYING.
        case playing
        /// The pipeline reached PAUSED from PLAYING.
        case paused
        case buffering(percent: Int)
        case endOfStream
        case error(PipelineError)
        /// A decoder or demuxer is missing (GStreamer's description).
        case missingPlugin(String)
        /// ASYNC_DONE: a seek, step or state change prerolled.
        case asyncDone
        case clockLost

        // Timers and checks.
        case connectionChecked(ServerCheck)
        case retryDue
        /// Opening took too long (decodebin at times drops an error).
        case openingTimedOut
        /// Found before the pipeline started (a missing file…).
        case cannotOpen(VideoProblem)
        /// A hardware decoder failed; the player has left it out of the
        /// choosing (HardwareDecoding) and nothing is said of its error.
        case hardwareDecoderFailed
    }

    public enum Action: Equatable, Sendable {
        case setPipeline(Target)
        /// After asking for PLAYING: if the pipeline already plays, send
        /// `.playing` (no state change will say so).
        case confirmPlaying
        case seek(to: Double, accurate: Bool)
        /// Ask whether the server is there (answer: `.connectionChecked`).
        case checkConnection
        /// Send `.retryDue` after this many seconds.
        case scheduleRetry(after: Double)
        /// The state the controls show changed.
        case publish(PlaybackState)
        case showBuffering(Int)
        /// The duration may be known now.
        case reportDuration
        case reportSeekDone
        /// Cannot play: say why.
        case fail(VideoProblem)
        // For the trace.
        case connectionLost(resumeAt: Double?)
        case retrying(attempt: Int)
        case reconnected
        /// Opened again with software decoding, from `resumeAt`.
        case decodingInSoftware(resumeAt: Double?)
    }

    public private(set) var phase: Phase = .opening
    /// Play or pause, as the user asked (a video ending clears it).
    public private(set) var wantsPlaying: Bool
    /// Reached PLAYING once: a connection lost after that is retried.
    public private(set) var hasPlayed = false
    /// Sound without a picture (music, a podcast): it plays, and the player
    /// shows its cover instead of a picture.
    public private(set) var isAudioOnly = false
    /// The pipeline state asked for last (GST_STATE_TARGET).
    public private(set) var target: Target = .null
    public let isRemote: Bool
    public let policy: ReconnectPolicy
    /// A live source (no preroll): it cannot wait for a buffer.
    private var isLive = false
    private var missingPlugin: String?
    /// The last position the pipeline told.
    private var lastPosition: Double?
    /// The error a connection check under way is about.
    private var checking: PipelineError?
    /// The server answered a check since the connection was lost: the next
    /// failure is final, with these words.
    private var serverAnswered = false
    private var lastProblem: VideoProblem?
    private var isStopped = false
    private var softwareResume: Double?

    public init(isRemote: Bool, startPlaying: Bool = true, policy: ReconnectPolicy = ReconnectPolicy()) {
        self.isRemote = isRemote
        self.wantsPlaying = startPlaying
        self.policy = policy
    }

    /// What the controls show.
    public var state: PlaybackState {
        switch phase {
        case .opening: return .opening
        case .playing: return .playing
        case .paused: return .paused
        case .buffering, .refilled: return .buffering
        case .reconnecting: return .reconnecting
        case .ended: return .ended
        case .failed: return .failed
        }
    }

    public var isPlaying: Bool { wantsPlaying && state != .ended && state != .failed }

    public var reconnection: Reconnection? {
        if case .reconnecting(let reconnection) = phase { return reconnection }
        return nil
    }

    /// Where playback is: what the pipeline answers (remembered), else,
    /// after the connection was lost (its pipeline torn down), where it was.
    public mutating func position(answered: Double?) -> Double? {
        if let answered {
            lastPosition = answered
            return answered
        }
        switch phase {
        case .reconnecting, .failed(_, lost: .some): return lastPosition
        default: return nil
        }
    }

    public mutating func handle(_ event: Event, now: Date = Date()) -> [Action] {
        guard !isStopped else { return [] }
        switch event {
        case .start: return ask(.paused)
        case .play: return play()
        case .pause: return pause()
        case .togglePlaying: return wantsPlaying && phase != .ended ? pause() : play()
        case .seek(let to, let accurate): return seek(to: to, accurate: accurate)
        case .stop:
            isStopped = true
            target = .null
            return [.setPipeline(.null)]
        case .prerolled(let live, let videoStreams, let audioStreams):
            return prerolled(live: live, videoStreams: videoStreams, audioStreams: audioStreams)
        case .playing: return pipelinePlays()
        case .paused: return pipelinePaused()
        case .buffering(let percent): return buffering(percent)
        case .endOfStream:
            // Stopped for real: a later seek shows its frame paused.
            wantsPlaying = false
            return ask(.paused) + enter(.ended)
        case .error(let error): return failed(error, now: now)
        case .missingPlugin(let description):
            if missingPlugin == nil { missingPlugin = description }
            return []
        case .asyncDone: return asyncDone()
        case .clockLost:
            // A new clock must be chosen: the documented dance.
            return wantsPlaying ? ask(.paused) + ask(.playing) : []
        case .connectionChecked(let check): return checked(check, now: now)
        case .retryDue: return retryDue()
        case .openingTimedOut: return phase == .opening ? fail(.damaged) : []
        case .cannotOpen(let problem): return fail(problem)
        case .hardwareDecoderFailed: return reopenInSoftware()
        }
    }

    // MARK: Intents

    private mutating func play() -> [Action] {
        wantsPlaying = true
        var actions: [Action] = []
        if phase == .ended { actions += seek(to: 0, accurate: true) }
        if phase != .buffering { actions += ask(.playing) }
        return actions
    }

    private mutating func pause() -> [Action] {
        wantsPlaying = false
        return pauseUnlessPausing()
    }

    private mutating func seek(to seconds: Double, accurate: Bool) -> [Action] {
        let actions: [Action] = [.seek(to: seconds, accurate: accurate)]
        guard phase == .ended else { return actions }
        return actions + enter(wantsPlaying ? .playing : .paused)
    }

    // MARK: Pipeline states

    /// playbin plays what it can: with no decoder for the picture it would
    /// play the sound over a black screen. Say why instead. A file with
    /// sound and no picture stream at all is audio, and plays.
    private mutating func prerolled(live: Bool, videoStreams: Int?, audioStreams: Int) -> [Action] {
        // Reconnecting: the stream is known, ASYNC_DONE takes it on.
        if case .reconnecting = phase { return [] }
        // Opened again in software: back to where the picture was first.
        var actions: [Action] = []
        if let resume = softwareResume {
            softwareResume = nil
            if resume > 0 { actions += seek(to: resume, accurate: true) }
        }
        isLive = live
        // (A live source reaches PAUSED before it has any streams.)
        if !live, videoStreams == 0 {
            if let missingPlugin { return fail(.unsupportedCodec(VideoProblem.codecName(fromMissingPlugin: missingPlugin))) }
            guard audioStreams > 0 else { return fail(.notAVideo) }
            isAudioOnly = true
        }
        actions.append(.reportDuration)
        // A network stream prerolls before its buffer is full: it starts
        // when buffering reaches 100 %, not here; playing now would play on
        // while the app says "Buffering…", dropping late frames, and never
        // report playing.
        if wantsPlaying && phase != .buffering { actions += ask(.playing) }
        if !wantsPlaying && isShowingPlayback { actions += enter(.paused) }
        return actions
    }

    private mutating func pipelinePlays() -> [Action] {
        if case .reconnecting = phase { return enter(.playing) }
        return isShowingPlayback ? enter(.playing) : []
    }

    private mutating func pipelinePaused() -> [Action] {
        if case .reconnecting = phase { return [] }
        return !wantsPlaying && isShowingPlayback ? enter(.paused) : []
    }

    /// Not failed, ended or stalled: the pipeline's state is the one shown.
    private var isShowingPlayback: Bool {
        switch phase {
        case .opening, .playing, .paused, .refilled: return true
        case .buffering, .reconnecting, .ended, .failed: return false
        }
    }

    /// Stall recovery: pause while the buffer refills, play again by itself
    /// at 100 %. Live streams cannot wait, so they are left alone.
    private mutating func buffering(_ percent: Int) -> [Action] {
        switch phase {
        case .reconnecting, .failed: return []
        default: if isLive { return [] }
        }
        var actions: [Action] = [.showBuffering(percent)]
        if percent < 100 {
            guard phase != .buffering else { return actions }
            actions += pauseUnlessPausing()
            actions += enter(.buffering)
        } else if phase == .buffering {
            if wantsPlaying {
                phase = .refilled
                actions += ask(.playing) + [.confirmPlaying]
            } else {
                actions += enter(.paused)
            }
        }
        return actions
    }

    /// Asks for PAUSED unless that is what was asked last (opening, or
    /// buffering). playbin3 (GStreamer 1.22) asked for PAUSED a second time
    /// while it prerolls may later abort the app as decodebin3 adds a pad
    /// ("reconfigure_output: assertion failed: (combine->sinkpad == NULL)"),
    /// as a stream whose second segment is missing does as it fails: 4 in
    /// 200 such launches before, 0 in 400 since (tests/stress/hls_launches.py).
    /// Likely it runs its start-up again and forgets the outputs it had
    /// linked.
    private mutating func pauseUnlessPausing() -> [Action] {
        target == .paused ? [] : ask(.paused)
    }

    private mutating func asyncDone() -> [Action] {
        guard case .reconnecting(var reconnection) = phase else { return [.reportSeekDone] }
        // A retry prerolled: first back to where the connection was lost
        // (that seek prerolls again), then play on.
        if let resume = reconnection.resumeAt {
            reconnection.resumeAt = nil
            phase = .reconnecting(reconnection)
            return seek(to: resume, accurate: true)
        }
        return wantsPlaying ? ask(.playing) : enter(.paused)
    }

    // MARK: Failures and reconnection

    /// An error from the pipeline with no HTTP status on a remote stream:
    /// the server went away, or answers but the stream fails (a missing
    /// segment). Reel tries again, and asks meanwhile whether the server is
    /// there: unreachable, it keeps trying (for a minute) so playback goes
    /// on when the server is back; reachable, one more failure is the answer
    /// and the error says what went wrong. A stream that never played and
    /// cannot connect at all says why at once.
    private mutating func failed(_ error: PipelineError, now: Date) -> [Action] {
        let problem = words(for: error)
        guard isRemote, error.httpStatus == nil, case .network = problem else { return fail(problem) }
        if case .failed = phase { return [] }
        lastProblem = error.isMissingFragment ? .connection(.missingPart) : problem
        // Errors of a failed attempt come in bursts: the first one counts.
        guard checking == nil, reconnection?.retryScheduled != true else { return [] }
        let actions = ask(.null)
        if serverAnswered { return actions + fail(lastProblem ?? problem) }
        checking = PipelineError(problem: problem, httpStatus: nil, debugText: error.debugText)
        return actions + [.checkConnection]
    }

    private func words(for error: PipelineError) -> VideoProblem {
        if let missingPlugin { return .unsupportedCodec(VideoProblem.codecName(fromMissingPlugin: missingPlugin)) }
        if isRemote, let status = error.httpStatus {
            // A redirect that ends in an error is one libsoup would not or
            // could not follow: its words say which.
            guard (300..<400).contains(status) else { return .network(HTTPStatus.describe(status)) }
            return .connection(RedirectEnd.classify(error.debugText) ?? .tooManyRedirects)
        }
        return error.problem
    }

    private mutating func checked(_ check: ServerCheck, now: Date) -> [Action] {
        guard let error = checking else { return [] }
        checking = nil
        if case .failed = phase { return [] }
        // Nothing played and nothing is being retried: nothing was lost.
        let firstContact = !hasPlayed && reconnection == nil
        switch check {
        case .reachable where error.isMissingFragment:
            // The demuxer already tried that segment several times.
            return fail(.connection(.missingPart))
        case .reachable where firstContact:
            // It takes connections and sends nothing: no stream ever came
            // (the source waited its timeout).
            return fail(.connection(.timedOut))
        case .reachable:
            serverAnswered = true
            return connectionLost(now: now)
        case .unreachable(let reason) where firstContact:
            return fail(.connection(reason))
        case .unknown where firstContact:
            return fail(error.problem)
        default:
            return connectionLost(now: now)
        }
    }

    private mutating func connectionLost(now: Date) -> [Action] {
        var actions: [Action] = []
        var reconnection: Reconnection
        if let current = self.reconnection {
            reconnection = current
        } else {
            reconnection = Reconnection(since: now, resumeAt: lastPosition)
            actions.append(.connectionLost(resumeAt: lastPosition))
        }
        let before = state
        guard policy.shouldRetry(elapsed: now.timeIntervalSince(reconnection.since)) else {
            phase = .reconnecting(reconnection)
            return actions + publishIfChanged(from: before) + fail(.connection(.lost))
        }
        let delay = policy.delay(attempt: reconnection.attempt)
        reconnection.attempt += 1
        reconnection.retryScheduled = true
        phase = .reconnecting(reconnection)
        return actions + publishIfChanged(from: before) + [.scheduleRetry(after: delay)]
    }

    private mutating func retryDue() -> [Action] {
        guard case .reconnecting(var reconnection) = phase else { return [] }
        reconnection.retryScheduled = false
        if reconnection.resumeAt == nil { reconnection.resumeAt = lastPosition }
        phase = .reconnecting(reconnection)
        return [.retrying(attempt: reconnection.attempt)] + ask(.paused)
    }

    /// A hardware decoder failed: the video opens again where it was, the
    /// player having left that decoder out, so another one (in the end a
    /// software one) decodes it; no message, it just plays. The player
    /// says so only for a decoder it had not left out yet, so this ends.
    private mutating func reopenInSoftware() -> [Action] {
        if case .failed = phase { return [] }
        softwareResume = softwareResume ?? lastPosition ?? 0
        return [.decodingInSoftware(resumeAt: lastPosition)] + ask(.null) + ask(.paused)
    }

    private mutating func fail(_ problem: VideoProblem) -> [Action] {
        if case .failed = phase { return [] }
        let actions = ask(.null)
        phase = .failed(problem, lost: reconnection)
        return actions + [.publish(.failed), .fail(problem)]
    }

    // MARK: Helpers

    private mutating func ask(_ new: Target) -> [Action] {
        target = new
        return [.setPipeline(new)]
    }

    /// Moves to `new` (playing, paused, buffering or ended), publishing the
    /// shown state when it changes.
    private mutating func enter(_ new: Phase) -> [Action] {
        var actions: [Action] = []
        if new == .playing {
            hasPlayed = true
            serverAnswered = false
            if reconnection != nil { actions.append(.reconnected) }
        }
        let before = state
        phase = new
        return actions + publishIfChanged(from: before)
    }

    private func publishIfChanged(from before: PlaybackState) -> [Action] {
        state == before ? [] : [.publish(state)]
    }
}
