import CGLib
import CGtk
import CShims
import Foundation
import GLibKit
import ReelCore

/// The chosen clip's texts and pictures, beside the preview under the
/// clip's trim: a still's length, a video's speed and framing, a menu of the
/// overlays over the chosen clip and over the whole movie, and the chosen
/// overlay's words, size,
/// weight, colour, look, place, animation and opacity, a second video's
/// sound and corners, Send Backward and Bring Forward, and Delete. Built in code
/// (its rows follow the edit). As in `MovieSettingsPanel`, a change the
/// person makes is an edit; setting the controls from the edit is not.
final class MovieOverlayPanel {
    var onEdit: (((inout MovieEditor) -> Void) -> Void)?
    /// Another overlay was chosen in the menu.
    var onChoose: ((MovieOverlay.ID?) -> Void)?
    private let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 8)!
    private let lengthRow: UnsafeMutablePointer<GtkWidget>
    private let length = gtk_spin_button_new_with_range(0.1, Double(MovieClip.stillSourceDuration) / 1e9, 0.5)!
    private let chooser = gtk_drop_down_new(nil, nil)!
    private let details = gtk_box_new(GTK_ORIENTATION_VERTICAL, 8)!
    private let words = gtk_text_view_new()!
    private let textRows: UnsafeMutablePointer<GtkWidget>
    private let style = MovieTextStyleRows()
    private let placeRows = MovieOverlayPlaceRows()
    /// A title card's colour, and a photo's slow pan and zoom.
    private let backgroundRow: UnsafeMutablePointer<GtkWidget>
    private let background = gtk_color_button_new()!
    private let panZoomRow: UnsafeMutablePointer<GtkWidget>
    private let panZoom = PanelRow.toggle()
    /// A title card on a blurred still of the clip after it, not a colour.
    private let blurredRow: UnsafeMutablePointer<GtkWidget>
    private let blurred = PanelRow.toggle()
    /// How close a photo's framing is at its start and end, in percent.
    private let zoomRows = gtk_box_new(GTK_ORIENTATION_VERTICAL, 8)!
    private let zoomStart = PanelRow.spin(20...100, step: 5)
    private let zoomEnd = PanelRow.spin(20...100, step: 5)
    /// Where the framing sits at the start and at the end, across and
    /// down (`PanZoom.Framing`'s shares, in percent).
    private let startAcross = PanelRow.spin(0...100, step: 5)
    private let startDown = PanelRow.spin(0...100, step: 5)
    private let endAcross = PanelRow.spin(0...100, step: 5)
    private let endDown = PanelRow.spin(0...100, step: 5)
    /// A video's speed, and its turn, mirror, crop and fill.
    private let speedRows = MovieClipSpeedRows()
    private let framingRows = MovieClipFramingRows()
    /// The movie's frame size, which a photo's framing is a part of.
    private var frame = (width: 0, height: 0)
    /// How long what each listed overlay is over lasts (its clip, or the movie).
    private var spans: [MovieOverlay.ID: Int64] = [:]
    private let size = gtk_spin_button_new_with_range(1, 50, 1)!
    private let bold = gtk_toggle_button_new()!
    private let colour = gtk_color_button_new()!
    private let animationRows = MovieOverlayAnimationRows()
    /// A second video's sound level and corners.
    private let videoRows = gtk_box_new(GTK_ORIENTATION_VERTICAL, 8)!
    private let soundLevel = gtk_scale_new_with_range(GTK_ORIENTATION_HORIZONTAL, 0, 100, 5)!
    private let corners = PanelRow.spin(0...50, step: 1)
    private let opacity = gtk_scale_new_with_range(GTK_ORIENTATION_HORIZONTAL, 0, 100, 5)!
    private let delete = gtk_button_new_with_mnemonic(tr("_Delete"))!
    /// One step back or forward among the overlays it meets (the last drawn on top).
    private let backward = gtk_button_new_with_label(tr("Send Backward"))!
    private let forward = gtk_button_new_with_label(tr("Bring Forward"))!
    /// Which listed overlays can go back, and forward.
    private var canGo: (backward: Set<MovieOverlay.ID>, forward: Set<MovieOverlay.ID>) = ([], [])
    /// Set while `show` sets the controls, so their signals are not edits.
    private var showing = false
    private var clip: MovieClip.ID?
    /// The overlays the menu lists, in its order.
    private var listed: [MovieOverlay] = []
    /// What the menu lists; nil before it lists anything.
    private var names: [String]?
    private var chosen: MovieOverlay.ID?

    private var dragger: MovieOverlayDragger?

    /// The preview `view` with the chosen overlay dragged on it, for the
    /// page's preview slot; `edit` is the page's edit.
    func draggable(_ view: VideoView, edit: @escaping () -> MovieEdit) -> UnsafeMutablePointer<GtkWidget> {
        let dragger = MovieOverlayDragger(view: view)
        dragger.chosen = { [weak self] in self.flatMap { panel in panel.listed.first { $0.id == panel.chosen } } }
        dragger.edit = edit
        dragger.onMove = { [weak self] id, place in self?.edit { $0.changeOverlay(id) { $0.place = place } } }
        self.dragger = dragger
        return dragger.widget
    }

    /// Puts itself in the settings grid at `row`, across both columns.
    init(in grid: UnsafeMutablePointer<GtkWidget>, row: Int32) {
        let heading = gtk_label_new(tr("Text and Pictures"))!
        gtk_widget_set_halign(heading, GTK_ALIGN_START)
        gtk_widget_add_css_class(heading, "heading")
        gtk_spin_button_set_digits(cast(length), 1)
        lengthRow = PanelRow.make(tr("Len_gth (seconds)"), length)
        gtk_box_append(cast(box), lengthRow)
        gtk_color_chooser_set_use_alpha(cast(background), 0)
        blurredRow = PanelRow.make(tr("On a Blurred _Picture of the Next Clip"), blurred)
        gtk_box_append(cast(box), blurredRow)
        backgroundRow = PanelRow.make(tr("_Background"), background)
        gtk_box_append(cast(box), backgroundRow)
        panZoomRow = PanelRow.make(tr("Pan and _Zoom"), panZoom)
        gtk_box_append(cast(box), panZoomRow)
        for (label, spin) in [(tr("Framing at the Start (percent)"), zoomStart), (tr("Start Framing Across (percent)"), startAcross),
                              (tr("Start Framing Down (percent)"), startDown), (tr("Framing at the End (percent)"), zoomEnd),
                              (tr("End Framing Across (percent)"), endAcross), (tr("End Framing Down (percent)"), endDown)] {
            gtk_box_append(cast(zoomRows), PanelRow.make(label, spin))
        }
        gtk_box_append(cast(box), zoomRows)
        gtk_box_append(cast(box), speedRows.widget)
        gtk_box_append(cast(box), framingRows.widget)
        // A still's own rows (above) belong to the clip; the heading
        // starts what is over it.
        gtk_box_append(cast(box), heading)
        gtk_box_append(cast(box), PanelRow.make(tr("_Text or Picture"), chooser))
        // Several lines: the text view, in a frame so it reads as a field.
        gtk_text_view_set_wrap_mode(cast(words), GTK_WRAP_WORD_CHAR)
        gtk_text_view_set_accepts_tab(cast(words), 0)
        // Room between the words and the frame.
        gtk_text_view_set_left_margin(cast(words), 6)
        gtk_text_view_set_right_margin(cast(words), 6)
        gtk_text_view_set_top_margin(cast(words), 6)
        gtk_text_view_set_bottom_margin(cast(words), 6)
        gtk_widget_set_size_request(words, -1, 64)
        let frame = gtk_frame_new(nil)!
        gtk_frame_set_child(cast(frame), words)
        AccessibleLabel.set(words, tr("Words"))
        gtk_button_set_icon_name(cast(bold), "format-text-bold-symbolic")
        gtk_widget_set_tooltip_text(bold, tr("Bold"))
        AccessibleLabel.set(bold, tr("Bold"))
        gtk_color_chooser_set_use_alpha(cast(colour), 0)
        gtk_widget_set_tooltip_text(colour, tr("Colour of the Words"))
        PanelRow.nameInnerButton(of: colour, tr("Colour of the Words"))
        let sizeRow = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
        for control in [size, bold, colour] { gtk_box_append(cast(sizeRow), control) }
        textRows = gtk_box_new(GTK_ORIENTATION_VERTICAL, 8)
        gtk_box_append(cast(textRows), frame)
        gtk_box_append(cast(textRows), PanelRow.make(tr("Text _Height (percent)"), sizeRow, mnemonicOf: size))
        gtk_box_append(cast(textRows), self.style.widget)
        gtk_box_append(cast(details), textRows)
        gtk_box_append(cast(details), placeRows.widget)
        gtk_scale_set_draw_value(cast(soundLevel), 0)
        gtk_widget_set_hexpand(soundLevel, 1)
        gtk_box_append(cast(videoRows), PanelRow.make(tr("Its _Sound (percent)"), soundLevel))
        gtk_box_append(cast(videoRows), PanelRow.make(tr("_Rounded Corners (percent)"), corners))
        gtk_box_append(cast(details), videoRows)
        gtk_box_append(cast(details), animationRows.widget)
        gtk_scale_set_draw_value(cast(opacity), 0)
        gtk_widget_set_hexpand(opacity, 1)
        gtk_box_append(cast(details), PanelRow.make(tr("O_pacity"), opacity))
        let buttons = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
        for button in [backward, forward, delete] {
            UnnamedButtons.nameByLabel(button)
            gtk_box_append(cast(buttons), button)
        }
        gtk_widget_set_hexpand(delete, 1)
        gtk_widget_set_halign(delete, GTK_ALIGN_END)
        gtk_widget_add_css_class(delete, "destructive-action")
        gtk_box_append(cast(details), buttons)
        gtk_box_append(cast(box), details)
        gtk_grid_insert_row(cast(grid), row)
        gtk_grid_attach(cast(grid), box, 0, row, 2, 1)
        connect()
    }

    private func edit(_ body: @escaping (inout MovieEditor) -> Void) {
        guard !showing else { return }
        onEdit?(body)
    }

    /// Changes the chosen overlay.
    private func change(_ body: @escaping (inout MovieOverlay) -> Void) {
        guard let id = chosen else { return }
        edit { $0.changeOverlay(id, body) }
    }

    private func changeText(_ body: @escaping (inout MovieText) -> Void) {
        change { overlay in
            guard case .text(var text) = overlay.content else { return }
            body(&text)
            overlay.content = .text(text)
        }
    }

    private func changeVideo(_ body: @escaping (inout OverlayVideo) -> Void) {
        change { overlay in
            guard case .video(var video) = overlay.content else { return }
            body(&video)
            overlay.content = .video(video)
        }
    }

    private func connect() {
        style.onChange = { [weak self] body in self?.changeText(body) }
        placeRows.onChange = { [weak self] body in self?.change(body) }
        speedRows.onSpeed = { [weak self] speed in
            guard let self, let clip = self.clip else { return }
            self.edit { $0.setSpeed(clip, speed) }
        }
        speedRows.onKeepsFastSound = { [weak self] on in
            guard let self, let clip = self.clip else { return }
            self.edit { $0.setKeepsFastSound(clip, on) }
        }
        framingRows.onChange = { [weak self] body in
            guard let self, let clip = self.clip else { return }
            self.edit { $0.changeFraming(clip, body) }
        }
        animationRows.onChange = { [weak self] body in self?.change(body) }
        for spin in [zoomStart, startAcross, startDown, zoomEnd, endAcross, endDown] {
            Signals.connect(spin, "value-changed") { [weak self] in
                guard let self, let clip = self.clip else { return }
                let share = { (spin: UnsafeMutablePointer<GtkWidget>) in gtk_spin_button_get_value(cast(spin)) / 100 }
                let start = PanZoom.Framing(zoom: share(self.zoomStart), across: share(self.startAcross), down: share(self.startDown))
                let end = PanZoom.Framing(zoom: share(self.zoomEnd), across: share(self.endAcross), down: share(self.endDown))
                let frame = self.frame
                self.edit { editor in
                    guard let index = editor.edit.index(of: clip), let old = editor.edit.clips[index].panZoom else { return }
                    let photo = editor.edit.clips[index]
                    var framing = PanZoom.framed(start: start, end: end, photo: (photo.width, photo.height), frame: frame)
                    framing.isOn = old.isOn
                    editor.setPanZoom(clip, framing)
                }
            }
        }
        Signals.connect(soundLevel, "value-changed") { [weak self] in
            guard let self else { return }
            let level = gtk_range_get_value(cast(self.soundLevel)) / 100
            self.changeVideo { $0.volume = level }
        }
        Signals.connect(corners, "value-changed") { [weak self] in
            guard let self else { return }
            let radius = gtk_spin_button_get_value(cast(self.corners)) / 100
            self.changeVideo { $0.cornerRadius = radius }
        }
        Signals.connect(blurred, "notify::active") { [weak self] in
            guard let self, let clip = self.clip else { return }
            let on = gtk_switch_get_active(cast(self.blurred)) != 0
            let colour = MovieOverlayPanel.colour(of: self.background)
            self.edit { $0.setTitleBackground(clip, on ? .blurredStill : .colour(colour)) }
        }
        Signals.connect(background, "color-set") { [weak self] in
            guard let self, let clip = self.clip else { return }
            let chosen = MovieOverlayPanel.colour(of: self.background)
            self.edit { $0.setTitleBackground(clip, .colour(chosen)) }
        }
        Signals.connect(panZoom, "notify::active") { [weak self] in
            guard let self, let clip = self.clip else { return }
            let on = gtk_switch_get_active(cast(self.panZoom)) != 0
            self.edit { editor in
                guard let index = editor.edit.index(of: clip), var framing = editor.edit.clips[index].panZoom else { return }
                framing.isOn = on
                editor.setPanZoom(clip, framing)
            }
        }
        Signals.connect(length, "value-changed") { [weak self] in
            guard let self, let clip = self.clip else { return }
            let value = Int64((gtk_spin_button_get_value(cast(self.length)) * 1e9).rounded())
            self.edit { $0.setLength(clip, value) }
        }
        Signals.connect(chooser, "notify::selected") { [weak self] in
            guard let self, !self.showing else { return }
            let index = Int(gtk_drop_down_get_selected(cast(self.chooser)))
            self.chosen = self.listed.indices.contains(index) ? self.listed[index].id : nil
            self.showChosen()
            self.onChoose?(self.chosen)
        }
        // Each change of the words is one step (undo takes back what was
        // typed since the last one).
        Signals.connect(UnsafeMutableRawPointer(gtk_text_view_get_buffer(cast(words))), "changed") { [weak self] in
            guard let self else { return }
            let typed = self.text
            self.changeText { $0.text = typed }
        }
        Signals.connect(size, "value-changed") { [weak self] in
            guard let self else { return }
            let share = gtk_spin_button_get_value(cast(self.size)) / 100
            self.changeText { $0.size = share }
        }
        Signals.connect(bold, "toggled") { [weak self] in
            guard let self else { return }
            let weight = gtk_toggle_button_get_active(cast(self.bold)) != 0 ? 700 : 400
            self.changeText { $0.weight = weight }
        }
        Signals.connect(colour, "color-set") { [weak self] in
            guard let self else { return }
            let chosen = MovieOverlayPanel.colour(of: self.colour)
            self.changeText { $0.colour = chosen }
        }
        Signals.connect(opacity, "value-changed") { [weak self] in
            guard let self else { return }
            let value = gtk_range_get_value(cast(self.opacity)) / 100
            self.change { $0.opacity = value }
        }
        for (button, isForward) in [(backward, false), (forward, true)] {
            Signals.connect(button, "clicked") { [weak self] in
                guard let self, let id = self.chosen else { return }
                self.edit { editor in
                    if let target = editor.edit.restackTarget(id, forward: isForward) { editor.restack(id, to: target) }
                }
            }
        }
        Signals.connect(delete, "clicked") { [weak self] in
            guard let self, let id = self.chosen else { return }
            self.edit { $0.removeOverlay(id) }
        }
    }

    private static func colour(of button: UnsafeMutablePointer<GtkWidget>) -> MovieColor {
        var rgba = GdkRGBA()
        gtk_color_chooser_get_rgba(cast(button), &rgba)
        let byte = { (value: Float) in UInt8((min(max(value, 0), 1) * 255).rounded()) }
        return MovieColor(red: byte(rgba.red), green: byte(rgba.green), blue: byte(rgba.blue))
    }

    private static func show(_ colour: MovieColor, in button: UnsafeMutablePointer<GtkWidget>) {
        var rgba = GdkRGBA(red: Float(colour.red) / 255, green: Float(colour.green) / 255, blue: Float(colour.blue) / 255, alpha: 1)
        gtk_color_chooser_set_rgba(cast(button), &rgba)
    }

    private var text: String {
        let buffer = gtk_text_view_get_buffer(cast(words))
        var start = GtkTextIter(), end = GtkTextIter()
        gtk_text_buffer_get_bounds(buffer, &start, &end)
        return String(consumingGString: gtk_text_buffer_get_text(buffer, &start, &end, 0)) ?? ""
    }

    /// What an overlay is called in the menu: its first line of words, or its file's name.
    static func name(of overlay: MovieOverlay) -> String {
        switch overlay.content {
        case .text(let text):
            let line = text.text.split(separator: "\n").first.map(String.init) ?? ""
            return line.isEmpty ? tr("(No Words)") : line
        case .picture(let picture): return picture.name
        case .video(let video): return video.name
        }
    }

    /// Sets the controls from the edit and the chosen clip.
    func show(_ edit: MovieEdit, clip: MovieClip?) {
        showing = true
        defer { showing = false }
        let sameClip = self.clip == clip?.id
        self.clip = clip?.id
        gtk_widget_set_visible(lengthRow, clip?.isStill == true ? 1 : 0)
        if let clip, clip.isStill { gtk_spin_button_set_value(cast(length), Double(clip.duration) / 1e9) }
        var titleColour: MovieColor?
        if case .title(.colour(let colour))? = clip?.kind { titleColour = colour }
        var isTitle = false
        if case .title? = clip?.kind { isTitle = true }
        gtk_widget_set_visible(blurredRow, isTitle ? 1 : 0)
        gtk_switch_set_active(cast(blurred), isTitle && titleColour == nil ? 1 : 0)
        gtk_widget_set_visible(backgroundRow, titleColour == nil ? 0 : 1)
        if let titleColour { MovieOverlayPanel.show(titleColour, in: background) }
        gtk_widget_set_visible(panZoomRow, clip?.panZoom == nil ? 0 : 1)
        gtk_switch_set_active(cast(panZoom), clip?.panZoom?.isOn == true ? 1 : 0)
        frame = edit.frameSize
        gtk_widget_set_visible(zoomRows, clip?.panZoom?.isOn == true ? 1 : 0)
        if let clip, let framing = clip.panZoom {
            let framings = framing.framings(photo: (clip.width, clip.height), frame: frame)
            for (spin, share) in [(zoomStart, framings.start.zoom), (startAcross, framings.start.across),
                                  (startDown, framings.start.down), (zoomEnd, framings.end.zoom),
                                  (endAcross, framings.end.across), (endDown, framings.end.down)] {
                gtk_spin_button_set_value(cast(spin), (share * 100).rounded())
            }
        }
        gtk_widget_set_visible(speedRows.widget, clip?.isVideo == true ? 1 : 0)
        gtk_widget_set_visible(framingRows.widget, clip?.isVideo == true ? 1 : 0)
        if let clip, clip.isVideo {
            speedRows.show(clip, sameClip: sameClip)
            framingRows.show(clip.framing)
        }
        let overlays = edit.overlays.filter { overlay in
            overlay.anchor == .movie || clip.map { overlay.anchor == .clip($0.id) } ?? false
        }
        let newNames = overlays.map(MovieOverlayPanel.name)
        // One just added (Add Text, Add Picture…) becomes the chosen one;
        // another clip starts at its first.
        let added = sameClip ? overlays.last { overlay in !listed.contains { $0.id == overlay.id } } : nil
        listed = overlays
        let plan = edit.plan
        canGo = (Set(overlays.map(\.id).filter { edit.restackTarget($0, forward: false, plan: plan) != nil }),
                 Set(overlays.map(\.id).filter { edit.restackTarget($0, forward: true, plan: plan) != nil }))
        let placements = plan.placements
        spans = Dictionary(uniqueKeysWithValues: overlays.map { overlay in
            switch overlay.anchor {
            case .movie: return (overlay.id, edit.duration)
            case .clip(let id): return (overlay.id, placements.first { $0.clip.id == id }?.duration ?? edit.duration)
            }
        })
        // Only a changed list is set again: setting it closes its popover.
        if newNames != names {
            names = newNames
            PanelRow.setChoices(of: chooser, newNames.isEmpty ? [tr("Nothing")] : newNames)
        }
        gtk_widget_set_sensitive(chooser, newNames.isEmpty ? 0 : 1)
        if let added {
            chosen = added.id
        } else if !sameClip || !listed.contains(where: { $0.id == chosen }) {
            chosen = listed.first?.id
        }
        if let index = listed.firstIndex(where: { $0.id == chosen }) {
            gtk_drop_down_set_selected(cast(chooser), guint(index))
        }
        showChosen()
    }

    /// The overlay the controls show.
    var chosenOverlay: MovieOverlay.ID? { chosen }

    /// Shows this overlay (one listed: over the chosen clip or the movie).
    func choose(_ id: MovieOverlay.ID) {
        guard let index = listed.firstIndex(where: { $0.id == id }) else { return }
        chosen = id
        showing = true
        gtk_drop_down_set_selected(cast(chooser), guint(index))
        showing = false
        showChosen()
    }

    private func showChosen() {
        let wasShowing = showing
        showing = true
        defer { showing = wasShowing }
        let overlay = listed.first { $0.id == chosen }
        gtk_widget_set_visible(details, overlay == nil ? 0 : 1)
        guard let overlay else { return }
        let text = overlay.text
        gtk_widget_set_visible(textRows, text == nil ? 0 : 1)
        if let text {
            // Not set while it holds these words: the cursor stays where it is.
            if self.text != text.text {
                gtk_text_buffer_set_text(gtk_text_view_get_buffer(cast(words)), text.text, -1)
            }
            gtk_spin_button_set_value(cast(size), (text.size * 100).rounded())
            gtk_toggle_button_set_active(cast(bold), text.weight >= 600 ? 1 : 0)
            MovieOverlayPanel.show(text.colour, in: colour)
            style.show(text)
        }
        placeRows.show(overlay, span: spans[overlay.id] ?? 0)
        animationRows.show(overlay)
        var video: OverlayVideo?
        if case .video(let shown) = overlay.content { video = shown }
        gtk_widget_set_visible(videoRows, video == nil ? 0 : 1)
        if let video {
            gtk_range_set_value(cast(soundLevel), video.volume * 100)
            gtk_spin_button_set_value(cast(corners), (video.cornerRadius * 100).rounded())
        }
        gtk_range_set_value(cast(opacity), overlay.opacity * 100)
        gtk_widget_set_sensitive(backward, canGo.backward.contains(overlay.id) ? 1 : 0)
        gtk_widget_set_sensitive(forward, canGo.forward.contains(overlay.id) ? 1 : 0)
    }
}
