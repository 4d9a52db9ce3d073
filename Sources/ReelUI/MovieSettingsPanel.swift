import CGLib
import CGtk
import CShims
import GLibKit
import ReelCore
import ReelMedia

/// The movie page's settings beside the preview: the music (its file,
/// level, fades and end), the clips' sound, the crossfade, the format, the
/// shape, the size (2160p only for a source that large) and a size limit;
/// for Animated GIF (the last format) the Size menu lists the GIF's widths,
/// Frames a Second its rates, and there is no size limit.
/// Each menu is built from its enum, so a choice's position is its case's.
/// A change the person makes is reported as an edit; setting the controls
/// from the edit is not.
final class MovieSettingsPanel {
    enum Event {
        case edit((inout MovieEditor) -> Void)
        /// A music file was chosen.
        case music(uri: String)
    }

    var onEvent: ((Event) -> Void)?
    /// The parent of the music file chooser.
    var window: () -> UnsafeMutablePointer<GtkWindow>? = { nil }
    /// The containers a movie can be written in here, as the Format menu lists them.
    let containers = MovieOutput.availableContainers(isInstalled: MovieRenderer.isSelectable)
    private let musicName: UnsafeMutablePointer<GtkWidget>
    private let musicRemove: UnsafeMutablePointer<GtkWidget>
    private let musicVolume: UnsafeMutablePointer<GtkWidget>
    private let musicFadeIn: UnsafeMutablePointer<GtkWidget>
    private let musicFadeOut: UnsafeMutablePointer<GtkWidget>
    private let musicLoop: UnsafeMutablePointer<GtkWidget>
    private let clipSound: UnsafeMutablePointer<GtkWidget>
    private let crossfade: UnsafeMutablePointer<GtkWidget>
    private let format: UnsafeMutablePointer<GtkWidget>
    private let shape: UnsafeMutablePointer<GtkWidget>
    private let size: UnsafeMutablePointer<GtkWidget>
    private let sizeLimit: UnsafeMutablePointer<GtkWidget>
    private let sizeLimitLabel: UnsafeMutablePointer<GtkWidget>
    private let gifRate: UnsafeMutablePointer<GtkWidget>
    private let gifRateLabel: UnsafeMutablePointer<GtkWidget>
    /// What the Fit Under menu lists after No Limit.
    private let limits = MovieSizeLimit.offered
    /// The sizes the Size menu lists, in its order.
    private var sizes: [MovieSize] = []
    /// Whether the Size menu lists a GIF's widths (`MovieGIF.widths`) rather than `sizes`.
    private var listsWidths = false
    private var musicChooser: FileChooser?
    /// Set while `show` sets the controls, so their signals are not edits.
    private var showing = false
    private var output = MovieOutput()

    /// Its controls in movie-page.ui.
    struct Widgets {
        let musicName, musicChoose, musicRemove, musicVolume, musicFadeIn, musicFadeOut, musicLoop: UnsafeMutablePointer<GtkWidget>
        let clipSound, crossfade, format, shape, size, sizeLimit, sizeLimitLabel, gifRate, gifRateLabel: UnsafeMutablePointer<GtkWidget>
    }

    init(_ widgets: Widgets) {
        musicName = widgets.musicName
        musicRemove = widgets.musicRemove
        musicVolume = widgets.musicVolume
        musicFadeIn = widgets.musicFadeIn
        musicFadeOut = widgets.musicFadeOut
        musicLoop = widgets.musicLoop
        clipSound = widgets.clipSound
        crossfade = widgets.crossfade
        format = widgets.format
        shape = widgets.shape
        size = widgets.size
        sizeLimit = widgets.sizeLimit
        sizeLimitLabel = widgets.sizeLimitLabel
        gifRate = widgets.gifRate
        gifRateLabel = widgets.gifRateLabel
        for spin in [musicFadeIn, musicFadeOut] {
            gtk_spin_button_set_range(OpaquePointer(spin), 0, Double(MovieMusic.longestFade) / 1e9)
        }
        // A drop-down's button is named by nothing in GTK 4.8: it takes the
        // name of its label.
        for (dropDown, name) in [(clipSound, tr("Clips’ _Sound")), (format, tr("_Format")), (shape, tr("S_hape")),
                                 (size, tr("Si_ze")), (sizeLimit, tr("Fit _Under")), (gifRate, tr("Frames a Second"))] {
            PanelRow.focusOnMnemonic(dropDown)
            var child = gtk_widget_get_first_child(dropDown)
            while let current = child {
                if g_type_is_a(reel_instance_type(current), gtk_toggle_button_get_type()) != 0 {
                    AccessibleLabel.set(current, MnemonicText.plain(name))
                }
                child = gtk_widget_get_next_sibling(current)
            }
        }
        let choose = widgets.musicChoose
        // "Choose…" says what it chooses to a screen reader: its name alone.
        gtk_accessible_reset_relation(OpaquePointer(choose), GTK_ACCESSIBLE_RELATION_LABELLED_BY)
        PanelRow.setChoices(of: format, containers.map { tr(ContainerSpec.spec(for: $0).label) }
                                        + [tr("Animated GIF (No Sound)")])
        PanelRow.setChoices(of: gifRate, MovieGIF.rates.map(String.init))
        PanelRow.setChoices(of: clipSound, ClipSound.allCases.map { tr($0.label) })
        PanelRow.setChoices(of: shape, MovieShape.allCases.map { tr($0.label) })
        PanelRow.setChoices(of: sizeLimit, [tr("No Limit")] + limits.map(\.label))
        Signals.connect(choose, "clicked") { [weak self] in self?.chooseMusic() }
        connect()
    }

    private func edit(_ body: @escaping (inout MovieEditor) -> Void) {
        guard !showing else { return }
        onEvent?(.edit(body))
    }

    private func connect() {
        Signals.connect(musicRemove, "clicked") { [weak self] in self?.onEvent?(.edit { $0.setMusic(nil) }) }
        Signals.connect(musicVolume, "value-changed") { [weak self] in
            guard let self else { return }
            let volume = gtk_range_get_value(cast(self.musicVolume)) / 100
            self.edit { $0.changeMusic { $0.volume = volume } }
        }
        for (spin, isIn) in [(musicFadeIn, true), (musicFadeOut, false)] {
            Signals.connect(spin, "value-changed") { [weak self] in
                let length = Int64((gtk_spin_button_get_value(OpaquePointer(spin)) * 1e9).rounded())
                self?.edit { $0.changeMusic { music in if isIn { music.fadeIn = length } else { music.fadeOut = length } } }
            }
        }
        Signals.connect(musicLoop, "notify::active") { [weak self] in
            guard let self else { return }
            let ending: MovieMusic.Ending = gtk_switch_get_active(cast(self.musicLoop)) != 0 ? .loop : .cut
            self.edit { $0.changeMusic { $0.ending = ending } }
        }
        Signals.connect(clipSound, "notify::selected") { [weak self] in
            guard let self else { return }
            let index = Int(gtk_drop_down_get_selected(cast(self.clipSound)))
            guard ClipSound.allCases.indices.contains(index) else { return }
            self.edit { $0.setClipSound(ClipSound.allCases[index]) }
        }
        Signals.connect(crossfade, "notify::active") { [weak self] in
            guard let self else { return }
            let on = gtk_switch_get_active(cast(self.crossfade)) != 0
            self.edit { $0.setCrossfade(on) }
        }
        for row in [format, shape, size, sizeLimit, gifRate] {
            Signals.connect(row, "notify::selected") { [weak self] in
                guard let self, !self.showing else { return }
                var output = self.output
                let formatIndex = Int(gtk_drop_down_get_selected(cast(self.format)))
                if self.containers.indices.contains(formatIndex) {
                    output.container = self.containers[formatIndex]
                    output.gif = nil
                } else if formatIndex == self.containers.count, output.gif == nil {
                    output.gif = MovieGIF()
                }
                let shapeIndex = Int(gtk_drop_down_get_selected(cast(self.shape)))
                if MovieShape.allCases.indices.contains(shapeIndex) { output.shape = MovieShape.allCases[shapeIndex] }
                let sizeIndex = Int(gtk_drop_down_get_selected(cast(self.size)))
                if self.listsWidths {
                    if output.gif != nil, MovieGIF.widths.indices.contains(sizeIndex) { output.gif?.width = MovieGIF.widths[sizeIndex] }
                } else if self.sizes.indices.contains(sizeIndex) {
                    output.size = self.sizes[sizeIndex]
                }
                let rateIndex = Int(gtk_drop_down_get_selected(cast(self.gifRate)))
                if self.output.gif != nil, MovieGIF.rates.indices.contains(rateIndex) {
                    output.gif?.framesPerSecond = MovieGIF.rates[rateIndex]
                }
                let limitIndex = Int(gtk_drop_down_get_selected(cast(self.sizeLimit)))
                if limitIndex == 0 {
                    output.sizeLimit = nil
                } else if self.limits.indices.contains(limitIndex - 1) {
                    output.sizeLimit = self.limits[limitIndex - 1]
                }
                self.edit { $0.setOutput(output) }
            }
        }
    }

    /// Sets the controls from the edit.
    func show(_ edit: MovieEdit) {
        showing = true
        defer { showing = false }
        output = edit.output
        if let music = edit.music {
            gtk_label_set_text(cast(musicName), MovieClip.name(ofURI: music.uri))
            gtk_range_set_value(cast(musicVolume), music.volume * 100)
            gtk_spin_button_set_value(OpaquePointer(musicFadeIn), Double(music.fadeIn) / 1e9)
            gtk_spin_button_set_value(OpaquePointer(musicFadeOut), Double(music.fadeOut) / 1e9)
            gtk_switch_set_active(cast(musicLoop), music.ending == .loop ? 1 : 0)
        } else {
            gtk_label_set_text(cast(musicName), tr("No Music"))
        }
        gtk_widget_set_visible(musicRemove, edit.music == nil ? 0 : 1)
        for control in [musicVolume, musicFadeIn, musicFadeOut, musicLoop] {
            gtk_widget_set_sensitive(control, edit.music == nil ? 0 : 1)
        }
        gtk_drop_down_set_selected(cast(clipSound), guint(ClipSound.allCases.firstIndex(of: edit.clipSound) ?? 0))
        gtk_switch_set_active(cast(crossfade), edit.crossfade ? 1 : 0)
        if let gif = edit.output.gif {
            gtk_drop_down_set_selected(cast(format), guint(containers.count))
            gtk_drop_down_set_selected(cast(gifRate), guint(MovieGIF.rates.firstIndex(of: gif.framesPerSecond) ?? 0))
        } else if let index = containers.firstIndex(of: edit.output.container) {
            gtk_drop_down_set_selected(cast(format), guint(index))
        }
        gtk_drop_down_set_selected(cast(shape), guint(MovieShape.allCases.firstIndex(of: edit.output.shape) ?? 0))
        // Only a changed list is set again: setting it closes its popover.
        if let gif = edit.output.gif {
            if !listsWidths {
                listsWidths = true
                sizes = []
                PanelRow.setChoices(of: size, MovieGIF.widths.map { CoreText.format(tr("%s Pixels Wide"), [String($0)]) })
            }
            gtk_drop_down_set_selected(cast(size), guint(MovieGIF.widths.firstIndex(of: gif.width) ?? 0))
        } else {
            if listsWidths || edit.offeredSizes != sizes {
                listsWidths = false
                sizes = edit.offeredSizes
                PanelRow.setChoices(of: size, sizes.map { tr($0.label) })
            }
            gtk_drop_down_set_selected(cast(size), guint(sizes.firstIndex(of: edit.output.size) ?? 0))
        }
        let limit = edit.output.sizeLimit.map { limit in limits.firstIndex(of: limit).map { $0 + 1 } ?? 0 } ?? 0
        gtk_drop_down_set_selected(cast(sizeLimit), guint(limit))
        // A GIF has its rate and no size limit.
        let isGIF: gboolean = edit.output.gif == nil ? 0 : 1
        for widget in [gifRate, gifRateLabel] { gtk_widget_set_visible(widget, isGIF) }
        for widget in [sizeLimit, sizeLimitLabel] { gtk_widget_set_visible(widget, isGIF == 0 ? 1 : 0) }
    }

    private func chooseMusic() {
        musicChooser = FileChooser(parent: window(), title: tr("Choose Music"), accept: tr("_Choose"),
                                   kinds: [.music]) { [weak self] uris in
            guard let uri = uris.first else { return }
            self?.onEvent?(.music(uri: uri))
        }
        musicChooser?.show()
    }
}
