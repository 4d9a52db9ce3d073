import CGLib
import CGtk
import Foundation
import GLibKit
import ReelCore
import ReelMedia
import ReelServices

/// The camera: a live preview (mirrored for webcams, a setting), the
/// shutter, photo or video, a camera menu that follows hot-plug, the
/// resolutions the camera offers, a timer, focus and exposure where the
/// camera has them. Photos go to Pictures/Reel, recordings to Videos/Reel
/// (where the feed's folder watcher finds them). What the shutter does is
/// ReelCore's CaptureSession; the pipelines are ReelMedia's.
final class CameraPage {
    let widget: UnsafeMutablePointer<GtkWidget>
    /// What the page tells the window.
    enum Event {
        /// Back to the feed.
        case close
        /// A toast for the main window, once the page has closed (a
        /// recording saved after the person left): its words, its button
        /// and a second button, if any.
        case toast(String, button: ToastButton?, extra: ToastButton?)
    }

    var onEvent: ((Event) -> Void)?

    private let settings: Settings?
    private let devices = CaptureDevices()
    private let view = VideoView(role: "camera")
    private let stack: OpaquePointer
    private let statusPage: OpaquePointer
    private let windowTitle: OpaquePointer
    private let shutter: UnsafeMutablePointer<GtkWidget>
    private let recordingBadge: UnsafeMutablePointer<GtkWidget>
    private let recordingTime: Label
    private let countdownLabel: Label
    private let flash: UnsafeMutablePointer<GtkWidget>
    private let toasts: OpaquePointer
    /// The mode switch, the shutter and focus/exposure, under the preview.
    private let bar: UnsafeMutablePointer<GtkWidget>
    /// The page's widgets (data/ui/camera-page.ui), kept with the page.
    private let layout = UIFile("camera-page.ui")
    private let backButton: UnsafeMutablePointer<GtkWidget>
    private let menu = CameraMenu()
    private let controls = CameraControlsPopover()
    private var actions: [CameraAction: OpaquePointer] = [:]
    private let settingWatch: SettingWatch

    private var session: CaptureSession
    private var pipeline: CameraPipeline?
    private var recorder: Recorder?
    private var recordingStarted: Date?
    private var recordingTimer: SourceID?
    private var countdownTimer: SourceID?
    /// The camera went away during a recording: say so once it is saved.
    private var lostWhileRecording = false
    private var isOpen = false
    private var accessDenied = false

    init(settings: Settings?) {
        self.settings = settings
        settingWatch = SettingWatch(settings)
        let mode = CaptureMode(rawValue: settings?.string(.cameraMode) ?? "") ?? .photo
        let countdown = CaptureCountdown(rawValue: Int(settings?.int(.cameraTimer) ?? 0)) ?? .off
        session = CaptureSession(mode: mode, countdown: countdown)

        widget = layout.widget("page", gtk_box_get_type())
        windowTitle = OpaquePointer(layout.widget("title", adw_window_title_get_type()))
        backButton = layout.widget("back", gtk_button_get_type())
        stack = OpaquePointer(layout.widget("stack", gtk_stack_get_type()))
        statusPage = OpaquePointer(layout.widget("problem", adw_status_page_get_type()))
        shutter = layout.widget("shutter", gtk_button_get_type())
        recordingBadge = layout.widget("recording-badge", gtk_box_get_type())
        recordingTime = layout.label("recording-time")
        countdownLabel = layout.label("countdown")
        flash = layout.widget("flash", gtk_box_get_type())
        bar = layout.widget("bar", gtk_center_box_get_type())
        toasts = OpaquePointer(layout.widget("toasts", adw_toast_overlay_get_type()))
        StatusPage.withoutScrollStop(cast(statusPage))
        let header = layout.widget("header", adw_header_bar_get_type())
        adw_header_bar_pack_end(cast(header), menu.optionsButton)
        adw_header_bar_pack_end(cast(header), menu.cameraButton)
        // The stack's pages in this order: the first is shown first.
        gtk_stack_add_named(stack, view.widget, Pane.preview.rawValue)
        gtk_stack_add_named(stack, cast(statusPage), Pane.problem.rawValue)
        gtk_stack_add_named(stack, layout.widget("starting", gtk_spinner_get_type()), Pane.starting.rawValue)
        gtk_center_box_set_end_widget(cast(bar), controls.button)
        addActions()
        ScopedShortcuts.attach(scope: .camera, to: widget, capture: true)
        view.paintable.hasIntrinsicSize = false
        // The preview takes the focus (the page's keys): named for what it is.
        AccessibleLabel.set(view.widget, tr("Camera Preview"))
        updateControls()

        devices.onChange = { [weak self] in self?.devicesChanged() }
        devices.onAccessDenied = { [weak self] in
            self?.accessDenied = true
            self?.show(.accessDenied)
        }
        menu.onCamera = { [weak self] id in self?.switchCamera(to: id) }
        menu.onResolution = { [weak self] key in self?.changeResolution(to: key) }
    }

    private func addActions() {
        let group = g_simple_action_group_new()!
        let map = ActionGroup<CameraAction>(map: UnsafeMutableRawPointer(group))
        actions[.shutter] = map.add(.shutter) { [weak self] in self?.pressShutter() }
        map.add(.close) { [weak self] in self?.onEvent?(.close) }
        actions[.mode] = map.add(.mode, state: session.mode.rawValue) { [weak self] value in
            guard let self, self.session.canChangeSettings, let mode = CaptureMode(rawValue: value) else { return false }
            self.session.mode = mode
            _ = self.settings?.setString(.cameraMode, mode.rawValue)
            self.updateControls()
            return true
        }
        map.add(.toggleMode) { [weak self] in
            guard let self, let action = self.actions[.mode] else { return }
            let next: CaptureMode = self.session.mode == .photo ? .video : .photo
            g_action_change_state(action, g_variant_new_string(next.rawValue))
        }
        let mirror = map.add(.mirror, toggle: settings?.bool(.cameraMirror) ?? true) { [weak self] on in
            // The key's watch mirrors the preview; with no key to write, here.
            guard let self, self.settings?.setBool(.cameraMirror, on) != true else { return }
            self.pipeline?.sink.setMirrored(on)
        }
        // The menu's check and the preview follow the key (Preferences too).
        settingWatch.on(.cameraMirror) { [weak self] in
            let on = self?.settings?.bool(.cameraMirror) ?? true
            g_simple_action_set_state(mirror, g_variant_new_boolean(on ? 1 : 0))
            self?.pipeline?.sink.setMirrored(on)
        }
        actions[.timer] = map.add(.timer, state: String(session.countdown.rawValue)) { [weak self] value in
            guard let self, let seconds = Int(value), let countdown = CaptureCountdown(rawValue: seconds) else { return false }
            self.session.countdown = countdown
            _ = self.settings?.setInt(.cameraTimer, Int32(seconds))
            return true
        }
        menu.addActions(to: map)
        map.insert(on: widget)
        g_object_unref(UnsafeMutableRawPointer(group))
    }

    // MARK: Opening and closing

    /// Where the keyboard goes when nothing on the page has it: the
    /// shutter, or Back while there is no camera.
    func focusDefault() {
        if gtk_widget_is_sensitive(shutter) != 0 && gtk_widget_is_visible(shutter) != 0 {
            shutter.grabFocus()
        } else {
            backButton.grabFocus()
        }
    }

    /// Starts listing devices and the camera used last.
    func open(mode: CaptureMode? = nil) {
        if let mode, let action = actions[.mode], session.canChangeSettings {
            g_action_change_state(action, g_variant_new_string(mode.rawValue))
        }
        guard !isOpen else { return }
        isOpen = true
        accessDenied = false
        StackPages.show(stack, Pane.starting)
        Trace.shared.event(.cameraPageOpen)
        devices.start()
        if devices.isListed { devicesChanged() }
        shutter.grabFocus()
    }

    /// Stops the camera. A recording under way is saved first (it finishes
    /// on its own; the toast still comes).
    func close() {
        guard isOpen else { return }
        isOpen = false
        cancelCountdown()
        if recorder != nil { stopRecording() }
        stopCamera()
        devices.stop()
    }

    // MARK: Devices

    private func devicesChanged() {
        guard isOpen else { return }
        menu.setCameras(devices.cameras, current: pipeline?.camera.id)
        Trace.shared.event(.cameraDevices, ["cameras": devices.cameras.map(\.name), "microphones": devices.microphones.count])
        if let pipeline, devices.camera(withID: pipeline.camera.id) == nil {
            cameraStopped(reason: nil)
            return
        }
        if pipeline == nil && !accessDenied { startPreferredCamera() }
        updateControls()
    }

    private func startPreferredCamera() {
        guard let camera = devices.camera(withID: settings?.string(.camera)) ?? devices.cameras.first else {
            show(.noCamera)
            return
        }
        start(camera, resolution: settings?.string(.cameraResolution))
    }

    private func start(_ camera: CaptureDevice, resolution: String?) {
        stopCamera()
        guard let mode = CameraModes.preferred(in: camera.modes, saved: resolution) else {
            show(.failed(tr("The camera offers no picture format Reel can use.")))
            return
        }
        do {
            let pipeline = try CameraPipeline(camera: camera, mode: mode)
            pipeline.sink.setMirrored(settings?.bool(.cameraMirror) ?? true)
            pipeline.onEvent = { [weak self] event in
                switch event {
                case .failed(let message): self?.cameraStopped(reason: message)
                case .started:
                    Trace.shared.event(.cameraStarted, ["camera": camera.name, "mode": mode.sizeKey])
                    self?.updateControls()
                }
            }
            self.pipeline = pipeline
            view.attach(pipeline.sink)
            pipeline.start()
        } catch {
            show(.failed("\(error)"))
            return
        }
        adw_window_title_set_subtitle(windowTitle, camera.name)
        menu.setCameras(devices.cameras, current: camera.id)
        menu.setResolutions(camera.modes, current: mode.sizeKey)
        controls.show(for: camera)
        // The page's words go with it (screen readers would still find them).
        adw_status_page_set_title(statusPage, "")
        adw_status_page_set_description(statusPage, "")
        StackPages.show(stack, Pane.preview)
        updateControls()
    }

    private func stopCamera() {
        view.attach(nil)
        pipeline?.stop()
        pipeline = nil
        controls.show(for: nil)
        updateControls()
    }

    private func switchCamera(to id: String) {
        guard session.canChangeSettings, let camera = devices.camera(withID: id), camera.id != pipeline?.camera.id else { return }
        _ = settings?.setString(.camera, camera.id)
        start(camera, resolution: settings?.string(.cameraResolution))
    }

    private func changeResolution(to key: String) {
        guard session.canChangeSettings, let camera = pipeline?.camera, key != pipeline?.mode.sizeKey else { return }
        _ = settings?.setString(.cameraResolution, key)
        start(camera, resolution: key)
    }

    /// The camera failed (`reason`) or was unplugged (nil). A recording
    /// under way is ended and kept. An unplugged camera hands over to
    /// another, if there is one; a failing one shows why (trying the next
    /// could bounce between two busy cameras for ever).
    private func cameraStopped(reason: String?) {
        let recording = recorder != nil
        Trace.shared.event(.cameraStopped, ["reason": reason ?? "unplugged", "recording": recording])
        if recording {
            lostWhileRecording = true
            stopRecording()
        }
        let lost = pipeline?.camera.id
        stopCamera()
        cancelCountdown()
        if reason == nil, let next = devices.cameras.first(where: { $0.id != lost }) {
            start(next, resolution: settings?.string(.cameraResolution))
            if !recording { toast(tr(CaptureProblem.cameraLost(recordingSaved: false).message), nil) }
        } else if reason != nil && devices.camera(withID: lost) != nil {
            show(.failed(reason ?? ""))
        } else {
            show(recording ? .cameraLost(recordingSaved: true) : .noCamera)
        }
    }

    /// A page in place of the preview.
    private func show(_ problem: CaptureProblem) {
        adw_status_page_set_icon_name(statusPage, problem == .accessDenied ? "action-unavailable-symbolic" : "camera-disabled-symbolic")
        adw_status_page_set_title(statusPage, tr(problem.title))
        adw_status_page_set_description(statusPage, CoreText.translate(problem.message, detail: problem.detail))
        StackPages.show(stack, Pane.problem)
        adw_window_title_set_subtitle(windowTitle, "")
        Trace.shared.event(.cameraProblem, ["kind": problem.kind])
        updateControls()
    }

    private func toast(_ text: String, _ button: ToastButton?, extra: ToastButton? = nil) {
        guard isOpen else { onEvent?(.toast(text, button: button, extra: extra)); return }
        ToastButton.show(text, button: button, extra: extra, in: toasts)
    }

    // MARK: Shutter

    private func pressShutter() {
        guard pipeline != nil || recorder != nil else { return }
        let action = session.shutter()
        Trace.shared.event(.cameraShutter, ["action": "\(action)", "mode": session.mode.rawValue])
        perform(action)
    }

    private func perform(_ action: CaptureSession.Action) {
        switch action {
        case .takePhoto: takePhoto()
        case .startRecording: startRecording()
        case .stopRecording: stopRecording()
        case .startCountdown(let seconds): startCountdown(seconds)
        case .cancelCountdown: cancelCountdown()
        case .nothing: break
        }
        updateControls()
    }

    private func startCountdown(_ seconds: Int) {
        countdownLabel.text = String(seconds)
        countdownLabel.isShown = true
        countdownTimer = MainContext.every(milliseconds: 1000) { [weak self] in
            guard let self else { return false }
            let action = self.session.tick()
            if case .countingDown(let left) = self.session.activity {
                Trace.shared.event(.cameraCountdown, ["left": left])
                self.countdownLabel.text = String(left)
                return true
            }
            self.countdownTimer = nil
            self.countdownLabel.isShown = false
            self.perform(action)
            return false
        }
    }

    private func cancelCountdown() {
        countdownTimer?.remove()
        countdownTimer = nil
        countdownLabel.isShown = false
        if case .countingDown = session.activity { _ = session.shutter() }
        updateControls()
    }

    private func takePhoto() {
        guard let pipeline else { return }
        let path: String
        do {
            // Hidden until written: Files never shows an empty photo.
            path = try CaptureFile.reserve(.photo, fileExtension: "jpg", in: savedIn(.photo), hidden: true)
        } catch {
            toast(CoreText.translate(CaptureProblem.cannotWrite("\(error)").message, detail: "\(error)"), nil)
            return
        }
        flashScreen()
        ShutterSound.play()
        pipeline.takePhoto(into: path) { [weak self] result in
            do {
                try result.get()
                let saved = try CaptureFile.publish(path)
                Trace.shared.event(.photoSaved, ["path": saved, "ok": true])
                self?.toast(ChosenFolders.savedText(.photo, self?.settings),
                            ToastButton(label: tr("Show in _Files"), action: WindowAction.feedShowInFiles.detailedName,
                                        target: URL(fileURLWithPath: saved).absoluteString))
            } catch {
                Trace.shared.event(.photoSaved, ["path": path, "ok": false])
                self?.toast(CoreText.translate(CaptureProblem.cannotWrite("\(error)").message, detail: "\(error)"), nil)
            }
        }
    }

    /// The folder a new photo or recording goes to (Preferences › Saving).
    private func savedIn(_ kind: CaptureKind) -> String {
        ChosenFolders.current(settings).folder(for: kind)
    }

    private func flashScreen() {
        let target = adw_property_animation_target_new(UnsafeMutableRawPointer(flash).assumingMemoryBound(to: GObject.self), "opacity")
        // Ease-in: it stays bright a moment, then fades, as a flash does.
        let animation = adw_timed_animation_new(flash, 1, 0, 400, target)!
        adw_timed_animation_set_easing(OpaquePointer(animation), ADW_EASE_IN_CUBIC)
        adw_animation_play(animation)
        // The animation keeps itself alive while it runs.
        g_object_unref(UnsafeMutableRawPointer(animation))
    }

    private func startRecording() {
        guard let pipeline else { return session.finished() }
        guard let format = RecordingFormat.choose(isInstalled: MediaSystem.hasElement) else {
            session.finished()
            toast(tr(CaptureProblem.noEncoder.message), nil)
            return
        }
        let microphone = devices.microphones.first
        do {
            let path = try CaptureFile.reserve(.recording, fileExtension: format.fileExtension, in: savedIn(.recording),
                                               hidden: true)
            let recorder = try Recorder(path: path, format: format, mode: pipeline.mode, microphone: microphone)
            recorder.onFinished = { [weak self, weak recorder] outcome in
                guard let self, let recorder else { return }
                self.recordingFinished(recorder, outcome)
            }
            guard recorder.start(cameraBaseTime: pipeline.baseTime) else {
                unlink(path)
                throw GLibError(domain: "reel", code: 0, message: tr("The recording could not start."))
            }
            pipeline.attach(recorder)
            self.recorder = recorder
        } catch {
            session.finished()
            toast(CoreText.translate(CaptureProblem.cannotWrite("\(error)").message, detail: "\(error)"), nil)
            return
        }
        if microphone == nil { toast(tr(CaptureProblem.noMicrophone.message), nil) }
        lostWhileRecording = false
        recordingStarted = Date()
        recordingTime.text = DurationText.format(0)
        recordingBadge.isShown = true
        // Twice a second, so the seconds never lag by more than half of one.
        recordingTimer = MainContext.every(milliseconds: 500) { [weak self] in
            guard let self, let started = self.recordingStarted else { return false }
            self.recordingTime.text = DurationText.format(Date().timeIntervalSince(started))
            if Trace.shared.isEnabled, let recorded = self.recorder?.recordedSeconds {
                Trace.shared.event(.recordingProgress, ["recorded": recorded])
            }
            return true
        }
    }

    private func stopRecording() {
        session.recordingEnded()
        recorder?.stop()
        recordingTimer?.remove()
        recordingTimer = nil
        recordingStarted = nil
        updateControls()
    }

    private func recordingFinished(_ finished: Recorder, _ outcome: Recorder.Outcome) {
        pipeline?.attach(nil)
        if recorder === finished {
            recorder = nil
            session.finished()
            recordingTimer?.remove()
            recordingTimer = nil
            recordingStarted = nil
            recordingBadge.isShown = false
        }
        let uri = URL(fileURLWithPath: finished.path).absoluteString
        switch outcome {
        case .saved:
            let text = lostWhileRecording ? tr(CaptureProblem.cameraLost(recordingSaved: true).message) : ChosenFolders.savedText(.recording, settings)
            // A movie can start from the clip just made.
            toast(text, ToastButton(label: tr("_Play"), action: WindowAction.feedPlay.detailedName, target: uri),
                  extra: ToastButton(label: tr("_Make Movie…"), action: WindowAction.movieFromFile.detailedName, target: uri))
        case .failed(let problem, let kept):
            let message = CoreText.translate(problem.message, detail: problem.detail)
            toast(message, kept ? ToastButton(label: tr("_Play"), action: WindowAction.feedPlay.detailedName, target: uri) : nil)
        }
        lostWhileRecording = false
        updateControls()
    }

    /// The shutter's icon, name and sensitivity follow the mode and what is
    /// under way; settings lock while anything is; without a camera only
    /// the page shows.
    private func updateControls() {
        let icon: String, label: String
        switch (session.activity, session.mode) {
        case (.recording, _), (.saving, _):
            (icon, label) = ("media-playback-stop-symbolic", tr("Stop Recording"))
        case (.countingDown, _):
            (icon, label) = ("process-stop-symbolic", tr("Cancel Timer"))
        case (.idle, .photo):
            (icon, label) = ("camera-photo-symbolic", tr("Take Photo"))
        case (.idle, .video):
            (icon, label) = ("media-record-symbolic", tr("Start Recording"))
        }
        gtk_button_set_icon_name(cast(shutter), icon)
        IconButton.describe(shutter, label)
        for (style, on) in [("recording", session.activity == .recording),
                            ("video", session.activity == .idle && session.mode == .video)] {
            StyleClass.set(style, on: on, for: shutter)
        }
        let live = pipeline != nil
        let usable = (live || session.activity == .recording) && session.activity != .saving
        // An insensitive button drops the focus, and the page's keys (Escape)
        // need it inside the page: the preview takes it meanwhile.
        if !usable && gtk_widget_has_focus(shutter) != 0 { gtk_widget_grab_focus(view.widget) }
        if let action = actions[.shutter] { g_simple_action_set_enabled(action, usable ? 1 : 0) }
        let free = session.canChangeSettings
        if let action = actions[.mode] { g_simple_action_set_enabled(action, free ? 1 : 0) }
        menu.setEnabled(free)
        // Without a camera there is nothing to shoot or set: a page, alone.
        bar.isShown = usable || session.activity == .saving
        menu.cameraButton.isShown = !devices.cameras.isEmpty
        menu.optionsButton.isShown = live
    }
}
