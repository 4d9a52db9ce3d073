/// The main window's navigation: from the screen it is on and an intent, the
/// next screen and the effects that take the window there, in the order the
/// window carries them out. Each step tears down what the old screen held
/// that the new one does not (the camera, the movie's preview, the player,
/// the mini window) and sets up what the new one needs, so no transition
/// can forget one: the strip never plays under the camera, the desktop's
/// media controls never show a closed video.
public struct Navigator: Equatable, Sendable {
    public private(set) var screen: Screen = .feed
    /// Whether the window was full screen before the player made it so:
    /// leaving the player gives the window back as it was.
    public private(set) var wasFullscreen = false
    /// What had the focus on the feed when another page took the window.
    public private(set) var feedFocus: FeedFocus = .nothing

    public init() {}

    public mutating func handle(_ intent: NavigationIntent, facts: WindowFacts) -> [NavigationEffect] {
        switch intent {
        case .showFeed:
            return go(to: .feed, facts: facts)
        case .openVideo(let address, let inMiniWindow, let stepping):
            if stepping, screen.video != nil {
                // Previous or Next: the video plays where the last one did.
                screen = screen.isMiniWindow ? .miniWindow(video: address) : .player(video: address)
                return [.openVideo(address: address)]
            }
            return go(to: inMiniWindow ? .miniWindow(video: address) : .player(video: address), facts: facts,
                      opening: address)
        case .showCamera(let mode):
            return go(to: .camera, facts: facts) + [.openCamera(mode)]
        case .showMovie:
            return go(to: .movie, facts: facts) + [.focusPage]
        case .togglePictureInPicture:
            switch screen {
            case .player(let video):
                guard facts.videoCanMove else { return [] }
                return go(to: .miniWindow(video: video), facts: facts)
            case .miniWindow:
                return handle(.returnFromMiniWindow, facts: facts)
            case .feed, .camera, .movie:
                return []
            }
        case .returnFromMiniWindow:
            guard case .miniWindow(let video) = screen else { return [] }
            return go(to: .player(video: video), facts: facts) + [.focusPage, .presentMainWindow]
        case .closeMiniWindow:
            guard screen.isMiniWindow else { return [] }
            var effects = go(to: .feed, facts: facts)
            // The main window was closed meanwhile: the app ends with it.
            if !facts.isMainWindowShown { effects += [.shutDown, .destroyMainWindow] }
            return effects
        case .closeMainWindow:
            // The mini window plays on: the app lives until it closes.
            return screen.isMiniWindow ? [.hideMainWindow] : [.shutDown]
        case .quit:
            let effects = teardown(to: .feed)
            screen = .feed
            // Now, not when idle: the app may be quitting.
            return effects + [.refreshMPRISNow]
        }
    }

    /// From the current screen to `next`. `opening`: the video to open,
    /// which must play before it can move into a new mini window, and is
    /// opened once the full player shows.
    private mutating func go(to next: Screen, facts: WindowFacts, opening: String? = nil) -> [NavigationEffect] {
        let previous = screen
        var effects: [NavigationEffect] = []
        if previous.windowPage == .feed, next.windowPage != .feed {
            feedFocus = facts.feedFocus
            if feedFocus == .control { effects.append(.rememberFocusedControl) }
        }
        // A video opened into the mini window gets a new one, as it would
        // from the full player.
        let remakesMiniWindow = opening != nil && previous.isMiniWindow && next.isMiniWindow
        effects += teardown(to: next)
        if remakesMiniWindow { effects.append(.dismissMiniWindow) }
        let makesMiniWindow = next.isMiniWindow && (!previous.isMiniWindow || remakesMiniWindow)
        if makesMiniWindow {
            if let opening { effects.append(.openVideo(address: opening)) }
            effects.append(.showMiniWindow)
        }
        effects.append(.stripMayPlay(next.stripMayPlay))
        if next.isPlayer, !previous.isPlayer { wasFullscreen = facts.isFullscreen }
        effects.append(.showPage(next.windowPage))
        if previous.isPlayer, !next.isPlayer, facts.isFullscreen, !wasFullscreen {
            effects.append(.fullscreen(false))
        }
        if next.windowPage == .feed, previous.windowPage != .feed {
            effects.append(.restoreFeedFocus(feedFocus, played: previous.video))
        }
        // Last, over the main window that has settled.
        if makesMiniWindow { effects.append(.presentMiniWindow) }
        if next.isPlayer {
            effects.append(.fullscreen(true))
            if let opening { effects.append(.openVideo(address: opening)) }
        }
        screen = next
        if next != previous { effects.append(.refreshMPRIS) }
        return effects
    }

    /// What the current screen holds that `next` does not, stopped.
    private func teardown(to next: Screen) -> [NavigationEffect] {
        var effects: [NavigationEffect] = []
        if screen == .camera, next != .camera { effects.append(.closeCamera) }
        if screen == .movie, next != .movie { effects.append(.closeMovie) }
        if screen.video != nil, next.video == nil { effects.append(.stopPlayer) }
        if screen.isMiniWindow, !next.isMiniWindow { effects.append(.dismissMiniWindow) }
        return effects
    }
}
