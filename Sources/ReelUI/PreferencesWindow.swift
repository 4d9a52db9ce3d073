import CGLib
import CGtk
import CShims
import Foundation
import GLibKit
import ReelCore
import ReelMedia
import ReelServices

/// Preferences (Ctrl+, or the main menu): the settings a person would
/// change, laid out in data/ui/preferences.ui. Every row is bound to its
/// GSettings key (g_settings_bind), so the window keeps no copy of a value;
/// the parts of the app that use a key follow its changes themselves. The
/// save folders' rows show their key's folder and follow it too.
final class PreferencesWindow {
    let window: ObjectRef
    private let settings: Settings
    private let layout: UIFile
    private let watch: SettingWatch
    private var chooser: ObjectRef?

    /// Each save folder's buttons in preferences.ui: choose a folder, and
    /// go back to the standard one.
    private static let folderButtons: [SettingKey: (choose: String, reset: String)] = [
        .photosFolder: ("photos-folder-choose", "photos-folder-reset"),
        .recordingsFolder: ("recordings-folder-choose", "recordings-folder-reset"),
        .moviesFolder: ("movies-folder-choose", "movies-folder-reset"),
    ]

    /// `clearHistory`: Clear History's work; it gives the Undo of what it
    /// did (nil: nothing was done).
    init(over parent: UnsafeMutablePointer<GtkWindow>, settings: Settings, clearHistory: @escaping () -> (() -> Void)?) {
        self.settings = settings
        layout = UIFile("preferences.ui")
        let widget = layout.widget("preferences", adw_preferences_window_get_type())
        window = ObjectRef(retaining: UnsafeMutableRawPointer(widget))
        watch = SettingWatch(settings)
        settings.bind(.showPreviewStrip, to: layout.widget("show-preview-strip-switch", gtk_switch_get_type()), property: "active")
        settings.bind(.previewStripSound, to: layout.widget("preview-strip-sound-switch", gtk_switch_get_type()), property: "active")
        // The strip's sound means nothing while there is no strip.
        settings.bind(.showPreviewStrip, to: layout.widget("preview-strip-sound", gtk_widget_get_type()), property: "sensitive",
                      onlyFollow: true)
        settings.bind(.showSamples, to: layout.widget("show-samples-switch", gtk_switch_get_type()), property: "active")
        settings.bind(.cameraMirror, to: layout.widget("camera-mirror-switch", gtk_switch_get_type()), property: "active")
        settings.bind(.resumeMinimum, to: layout.widget("resume-minimum-spin", gtk_spin_button_get_type()), property: "value")
        settings.bind(.subtitleSize, to: layout.widget("subtitle-size-spin", gtk_spin_button_get_type()), property: "value")
        let font = layout.widget("subtitle-font-button", gtk_font_button_get_type())
        // A family and a style: the size follows the picture's height.
        gtk_font_chooser_set_level(OpaquePointer(font), GtkFontChooserLevel(rawValue: GTK_FONT_CHOOSER_LEVEL_FAMILY.rawValue
                                                                              | GTK_FONT_CHOOSER_LEVEL_STYLE.rawValue))
        settings.bind(.subtitleFont, to: font, property: "font")
        // GTK 4.8 leaves the font button's own button unnamed ("GtkButton").
        if let inner = gtk_widget_get_first_child(font) { AccessibleLabel.set(inner, tr("Subtitle Font")) }
        settings.bind(.hardwareDecoding, to: layout.widget("hardware-decoding-switch", gtk_switch_get_type()), property: "active")
        // Said as it is on this computer: with no hardware decoder GStreamer
        // can use, the switch would change nothing.
        let hardware = layout.widget("hardware-decoding", adw_action_row_get_type())
        if DecoderRanks.hardwareDecoders.isEmpty {
            adw_action_row_set_subtitle(cast(hardware), tr("No hardware video decoder was found on this computer"))
            hardware.isSensitive = false
        } else {
            adw_action_row_set_subtitle(cast(hardware), tr("On the graphics card where it can; in software if that fails"))
        }
        // The choices in the order and words of the player's own menus.
        PreferencesWindow.bindChoices(.endAction, layout.widget("end-action", adw_combo_row_get_type()), settings,
                                      EndAction.allCases.map { ($0.rawValue, tr($0.title)) })
        PreferencesWindow.bindChoices(.resume, layout.widget("resume", adw_combo_row_get_type()), settings,
                                      ResumeChoice.allCases.map { ($0.rawValue, tr($0.title)) })
        PreferencesWindow.bindChoices(.streamQuality, layout.widget("stream-quality", adw_combo_row_get_type()), settings,
                                      StreamQuality.allCases.map { ($0.rawValue, tr($0.title)) })
        PreferencesWindow.bindChoices(.deinterlace, layout.widget("deinterlace", adw_combo_row_get_type()), settings,
                                      Deinterlacing.allCases.map { ($0.rawValue, tr($0.title)) })
        for (kind, key) in ChosenFolders.keys {
            let buttons = PreferencesWindow.folderButtons[key]!
            Signals.connect(UnsafeMutableRawPointer(layout.widget(buttons.choose, gtk_button_get_type())), "clicked") {
                [weak self] in self?.chooseFolder(for: kind, key: key)
            }
            Signals.connect(UnsafeMutableRawPointer(layout.widget(buttons.reset, gtk_button_get_type())), "clicked") {
                [weak self] in _ = self?.settings.setString(key, "")
            }
            watch.on(key) { [unowned self] in self.showFolder(kind, key: key) }
            showFolder(kind, key: key)
        }
        // A signal, not an app action: the window is not the application's,
        // so `app.` actions do not reach its buttons.
        Signals.connect(UnsafeMutableRawPointer(layout.widget("clear-history-button", gtk_button_get_type())), "clicked") {
            [weak self] in
            guard let undo = clearHistory() else { return }
            self?.historyCleared(undo: undo)
        }
        gtk_window_set_transient_for(window.cast(), parent)
        UnnamedButtons.name(in: widget)
        gtk_window_present(window.cast())
    }

    /// Clear History forgot what was watched: a toast says so, and its Undo
    /// calls `undo`.
    private func historyCleared(undo: @escaping () -> Void) {
        let toast = adw_toast_new(tr("History cleared"))!
        adw_toast_set_button_label(toast, tr("_Undo"))
        Signals.connect(UnsafeMutableRawPointer(toast), "button-clicked") { undo() }
        // Through the window's own overlay, so the toast's buttons are named
        // for screen readers as the main window's are.
        if let overlay = PreferencesWindow.toastOverlay(in: window.cast()) {
            UnnamedButtons.add(toast, to: OpaquePointer(overlay))
        } else {
            adw_preferences_window_add_toast(window.cast(), toast)
        }
    }

    /// The toast overlay libadwaita 1.2 keeps inside a preferences window
    /// (it has no getter for it).
    private static func toastOverlay(in widget: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget>? {
        if g_type_is_a(reel_instance_type(widget), adw_toast_overlay_get_type()) != 0 { return widget }
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            if let found = toastOverlay(in: current) { return found }
            child = gtk_widget_get_next_sibling(current)
        }
        return nil
    }

    /// A save folder's row says where that kind goes; the reset button
    /// shows only when the folder is a chosen one.
    private func showFolder(_ kind: CaptureKind, key: SettingKey) {
        let folders = ChosenFolders.current(settings)
        let place = SaveFolders.displayPath(folders.folder(for: kind), home: String(cString: g_get_home_dir()))
        adw_action_row_set_subtitle(cast(layout.widget(key.rawValue, adw_action_row_get_type())), place)
        gtk_widget_set_visible(layout.widget(PreferencesWindow.folderButtons[key]!.reset, gtk_button_get_type()),
                               folders.isChosen(kind) ? 1 : 0)
    }

    /// The folder chooser (a portal's inside a Flatpak), opened on the
    /// folder in use; what is chosen becomes the key's value.
    private func chooseFolder(for kind: CaptureKind, key: SettingKey) {
        let title = switch kind {
        case .photo, .screenshot: tr("Save Photos In")
        case .recording: tr("Save Recordings In")
        case .movie, .part: tr("Save Movies In")
        }
        let dialog = ObjectRef(owning: UnsafeMutableRawPointer(gtk_file_chooser_native_new(
            title, window.cast(), GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER, tr("_Select"), tr("_Cancel"))!))
        let fileChooser = OpaquePointer(dialog.object)
        let current = ChosenFolders.current(settings).folder(for: kind)
        if FileManager.default.fileExists(atPath: current) {
            let file = g_file_new_for_path(current)
            _ = gtk_file_chooser_set_current_folder(fileChooser, file, nil)
            g_object_unref(UnsafeMutableRawPointer(file))
        }
        dialog.connect("response") { [weak self] (arguments: SignalArguments) in
            if arguments.int(1) == GTK_RESPONSE_ACCEPT.rawValue, let file = gtk_file_chooser_get_file(fileChooser) {
                if let path = String(consumingGString: g_file_get_path(file)) { _ = self?.settings.setString(key, path) }
                g_object_unref(UnsafeMutableRawPointer(file))
            }
            MainContext.soon { [weak self] in self?.chooser = nil }
        }
        chooser = dialog
        gtk_native_dialog_show(dialog.cast())
    }

    private static func bindChoices(_ key: SettingKey, _ row: UnsafeMutablePointer<GtkWidget>, _ settings: Settings,
                                    _ choices: [(value: String, title: String)]) {
        var titles = choices.map { UnsafePointer(strdup($0.title)) }
        titles.append(nil)
        defer { titles.forEach { free(UnsafeMutableRawPointer(mutating: $0)) } }
        let model = gtk_string_list_new(&titles)
        adw_combo_row_set_model(cast(row), model)
        g_object_unref(UnsafeMutableRawPointer(model))
        settings.bind(key, to: UnsafeMutableRawPointer(row), property: "selected", choices: choices.map(\.value))
    }
}
