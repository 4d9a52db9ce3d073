import CGLib
import CGtk
import GLibKit
import ReelCore
import ReelMedia

/// The page's "player" actions (ShortcutTable's player section, the
/// buttons and menus, the mini window's keys) and the settings they follow.
extension PlayerPage {
    // MARK: Actions

    func addActions() {
        let group = g_simple_action_group_new()!
        let map = ActionGroup<PlayerAction>(map: UnsafeMutableRawPointer(group))
        map.add(.playPause) { [weak self] in self?.player?.togglePlaying() }
        map.add(.seekBackward) { [weak self] in self?.seek(by: -5) }
        map.add(.seekForward) { [weak self] in self?.seek(by: 5) }
        map.add(.jumpBackward) { [weak self] in self?.seek(by: -15) }
        map.add(.jumpForward) { [weak self] in self?.seek(by: 15) }
        map.add(.seekStart) { [weak self] in self?.seek(to: 0) }
        map.add(.seekEnd) { [weak self] in
            guard let duration = self?.player?.duration else { return }
            self?.seek(to: duration)
        }
        map.add(.seekPercent, withInt: { [weak self] percent in
            guard let duration = self?.player?.duration else { return }
            self?.seek(to: duration * Double(percent) / 100)
        })
        actions[.previous] = map.add(.previous) { [weak self] in self?.onEvent?(.step(forward: false)) }
        actions[.next] = map.add(.next) { [weak self] in self?.onEvent?(.step(forward: true)) }
        map.add(.previousChapter) { [weak self] in
            guard let self, let player = self.player,
                  let start = self.chapterControls.chapters.previousStart(before: player.position ?? 0) else { return }
            self.seek(to: start)
        }
        map.add(.nextChapter) { [weak self] in
            guard let self, let player = self.player,
                  let start = self.chapterControls.chapters.nextStart(after: player.position ?? 0) else { return }
            self.seek(to: start)
        }
        map.add(.chapter, withInt: { [weak self] index in
            guard let self, self.chapterControls.chapters.all.indices.contains(index) else { return }
            self.seek(to: self.chapterControls.chapters.all[index].start)
        })
        map.add(.markStart) { [weak self] in self?.markStart() }
        map.add(.markEnd) { [weak self] in self?.markEnd() }
        map.add(.clearMarks) { [weak self] in self?.clearMarks() }
        actions[.loopPart] = map.add(.loopPart, toggle: false) { [weak self] on in self?.setLooping(on) }
        map.add(.addPartToMovie, withString: { [weak self] target in self?.addPart(toNewMovie: target == "new") })
        map.add(.stopSavingPart) { [weak self] in self?.onEvent?(.stopSavingPart) }
        actions[.saveQueue] = map.add(.saveQueue) { [weak self] in self?.onEvent?(.saveQueue) }
        map.add(.frameBackward) { [weak self] in self?.player?.step(forward: false) }
        map.add(.frameForward) { [weak self] in self?.player?.step(forward: true) }
        map.add(.volumeUp) { [weak self] in self?.changeVolume(by: 1) }
        map.add(.volumeDown) { [weak self] in self?.changeVolume(by: -1) }
        map.add(.mute) { [weak self] in
            guard let self, let player = self.player else { return }
            player.isMuted.toggle()
            self.soundChanged()
        }
        map.add(.slower) { [weak self] in self?.setRate(PlaybackSpeed.slower(than: self?.player?.rate ?? 1)) }
        map.add(.faster) { [weak self] in self?.setRate(PlaybackSpeed.faster(than: self?.player?.rate ?? 1)) }
        map.add(.normalSpeed) { [weak self] in self?.setRate(1) }
        actions[.speed] = map.add(.speed, state: PlaybackSpeed.key(1)) { [weak self] key in
            guard let rate = PlaybackSpeed.rate(forKey: key) else { return false }
            self?.setRate(rate)
            return false // setRate sets the state
        }
        actions[.quality] = map.add(.quality, state: StreamQuality.auto.rawValue) { [weak self] value in
            guard let self, let quality = StreamQuality(rawValue: value) else { return false }
            self.player?.quality = quality
            self.controls.setQuality(quality)
            Trace.shared.event(.playerQuality, ["quality": quality.rawValue])
            return true
        }
        map.add(.goLive) { [weak self] in
            guard let self, let player = self.player, player.isLiveStream else { return }
            player.goLive()
            self.liveEdge.rejoin()
            Trace.shared.event(.playerGoLive)
            self.bars.show()
        }
        map.add(.aspect) { [weak self] in self?.setContentMode((self?.contentMode ?? .fit).next) }
        actions[.contentMode] = map.add(.contentMode, state: ContentMode.fit.rawValue) { [weak self] value in
            guard let mode = ContentMode(rawValue: value) else { return false }
            self?.setContentMode(mode)
            return false
        }
        let deinterlace = map.add(.deinterlace, state: deinterlacing.rawValue) { [weak self] value in
            guard let self, let choice = Deinterlacing(rawValue: value) else { return false }
            // The key's watch below sets the state and the video; with no
            // key to write, here.
            guard self.settings?.setString(.deinterlace, value) == true else {
                self.applyDeinterlacing(choice)
                return true
            }
            return false
        }
        actions[.endAction] = map.add(.endAction, state: endAction.rawValue) { [weak self] value in
            guard EndAction(rawValue: value) != nil else { return false }
            // The key's watch below sets the state.
            return self?.settings?.setString(.endAction, value) != true
        }
        // The menus follow the keys, wherever they changed (Preferences too).
        settingWatch.on(.deinterlace) { [weak self] in
            guard let self else { return }
            ActionState.set(deinterlace, self.deinterlacing.rawValue)
            self.applyDeinterlacing(self.deinterlacing)
        }
        // The end action changes from the menu, from MPRIS, from Preferences
        // or from outside the app: the menu and MPRIS follow the setting.
        applySubtitleSettings()
        settingWatch.on(.subtitleSize) { [weak self] in self?.applySubtitleSettings() }
        settingWatch.on(.subtitleFont) { [weak self] in self?.applySubtitleSettings() }
        settingWatch.on(.endAction) { [weak self] in
            guard let self, let action = self.actions[.endAction] else { return }
            ActionState.set(action, self.endAction.rawValue)
            // Repeating the queue or not: its ends change.
            self.setQueue(self.queue)
            self.onEvent?(.changed)
        }
        trackMenus.addActions(to: map)
        map.add(.subtitleBigger) { [weak self] in self?.resizeSubtitles(by: 1) }
        map.add(.subtitleSmaller) { [weak self] in self?.resizeSubtitles(by: -1) }
        map.add(.fullscreen) { [weak self] in self?.toggleFullscreen() }
        map.add(.pictureInPicture) { [weak self] in
            self?.onEvent?(.togglePictureInPicture)
        }
        map.add(.statistics) { [weak self] in self?.toggleStatistics() }
        map.add(.screenshot) { [weak self] in
            guard let self, let player = self.player else { return }
            FrameScreenshot.save(from: player.sink, in: ChosenFolders.current(settings).folder(for: .screenshot)) { [weak self] result in
                self?.toasts.show(ScreenshotToast.make(result, settings: self?.settings))
            }
        }
        map.add(.back) { [weak self] in self?.back() }
        map.add(.close) { [weak self] in self?.onEvent?(.close) }
        map.add(.retry) { [weak self] in
            guard let self, let locator = self.locator else { return }
            self.open(locator, title: self.title)
        }
        map.add(.resume, withString: { [weak self] seconds in
            if let position = Double(seconds) { self?.seek(to: position) }
        })
        map.insert(on: widget)
        actionGroup = OpaquePointer(group)
        g_object_unref(UnsafeMutableRawPointer(group))
    }

    func activate(_ action: PlayerAction) {
        _ = gtk_widget_activate_action_variant(widget, action.detailedName, nil)
    }

    /// Deinterlacing on or off, for the video playing now.
    func applyDeinterlacing(_ choice: Deinterlacing) {
        player?.sink.setDeinterlacing(choice)
        refreshStatistics()
    }
}
