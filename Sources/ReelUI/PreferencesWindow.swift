import CGLib
import CGtk
import GLibKit
import ReelCore

/// Preferences (Ctrl+, or the main menu): the settings a person would
/// change, laid out in data/ui/preferences.ui. Every row is bound to its
/// GSettings key (g_settings_bind), so the window keeps no copy of a value;
/// the parts of the app that use a key follow its changes themselves.
enum PreferencesWindow {
    static func present(over parent: UnsafeMutablePointer<GtkWindow>, settings: Settings) -> UnsafeMutablePointer<GtkWidget> {
        let layout = UIFile("preferences.ui")
        let window = layout.widget("preferences", adw_preferences_window_get_type())
        settings.bind(.showPreviewStrip, to: layout.widget("show-preview-strip-switch", gtk_switch_get_type()), property: "active")
        settings.bind(.showSamples, to: layout.widget("show-samples-switch", gtk_switch_get_type()), property: "active")
        settings.bind(.cameraMirror, to: layout.widget("camera-mirror-switch", gtk_switch_get_type()), property: "active")
        // The choices in the order and words of the player's own menus.
        bindChoices(.endAction, layout.widget("end-action", adw_combo_row_get_type()), settings,
                    EndAction.allCases.map { ($0.rawValue, tr($0.title)) })
        bindChoices(.resume, layout.widget("resume", adw_combo_row_get_type()), settings,
                    ResumeChoice.allCases.map { ($0.rawValue, tr($0.title)) })
        bindChoices(.deinterlace, layout.widget("deinterlace", adw_combo_row_get_type()), settings,
                    Deinterlacing.allCases.map { ($0.rawValue, tr($0.title)) })
        gtk_window_set_transient_for(cast(window), parent)
        UnnamedButtons.name(in: window)
        gtk_window_present(cast(window))
        return window
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
