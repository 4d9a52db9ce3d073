import CGLib
import CGtk
import GLibKit
import ReelCore
import ReelMedia
import ReelServices

/// The camera page's two header menus: which camera (kept in step with
/// hot-plug), and the options: resolution (from the camera's modes), timer,
/// mirrored preview. Choosing a camera or a resolution asks the page, which
/// sets the radio state once the camera runs in it.
final class CameraMenu {
    let cameraButton: UnsafeMutablePointer<GtkWidget>
    let optionsButton: UnsafeMutablePointer<GtkWidget>
    var onCamera: ((String) -> Void)?
    var onResolution: ((String) -> Void)?

    private let cameraItems = g_menu_new()!
    private let resolutionItems = g_menu_new()!
    private var selectAction: OpaquePointer?
    private var resolutionAction: OpaquePointer?

    init() {
        cameraButton = gtk_menu_button_new()
        gtk_menu_button_set_icon_name(cast(cameraButton), "camera-web-symbolic")
        IconButton.describe(cameraButton, tr("Choose Camera"))
        let cameras = g_menu_new()!
        g_menu_append_section(cameras, tr("Camera"), cast(cameraItems))
        gtk_menu_button_set_menu_model(cast(cameraButton), cast(cameras))
        g_object_unref(UnsafeMutableRawPointer(cameras))

        optionsButton = gtk_menu_button_new()
        gtk_menu_button_set_icon_name(cast(optionsButton), "view-more-symbolic")
        IconButton.describe(optionsButton, tr("Camera Options"))
        let options = g_menu_new()!
        g_menu_append_section(options, tr("Resolution"), cast(resolutionItems))
        let timer = g_menu_new()!
        for countdown in CaptureCountdown.allCases {
            let item = g_menu_item_new(CoreText.format(tr(countdown.label), [String(countdown.rawValue)]), nil)!
            g_menu_item_set_action_and_target_value(item, CameraAction.timer.detailedName, g_variant_new_string(String(countdown.rawValue)))
            g_menu_append_item(timer, item)
            g_object_unref(UnsafeMutableRawPointer(item))
        }
        g_menu_append_section(options, tr("Timer"), cast(timer))
        let view = g_menu_new()!
        g_menu_append(view, tr("_Mirror Preview"), CameraAction.mirror.detailedName)
        g_menu_append_section(options, nil, cast(view))
        gtk_menu_button_set_menu_model(cast(optionsButton), cast(options))
        for menu in [timer, view, options] { g_object_unref(UnsafeMutableRawPointer(menu)) }
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(cameraItems))
        g_object_unref(UnsafeMutableRawPointer(resolutionItems))
    }

    func addActions(to map: ActionGroup<CameraAction>) {
        selectAction = map.add(.select, state: "") { [weak self] id in
            self?.onCamera?(id)
            return false
        }
        resolutionAction = map.add(.resolution, state: "") { [weak self] key in
            self?.onResolution?(key)
            return false
        }
    }

    func setCameras(_ cameras: [CaptureDevice], current: String?) {
        g_menu_remove_all(cameraItems)
        for camera in cameras { append(cameraItems, camera.name, CameraAction.select.detailedName, camera.id) }
        if let selectAction { ActionState.set(selectAction, current ?? "") }
    }

    func setResolutions(_ modes: [CameraMode], current: String) {
        g_menu_remove_all(resolutionItems)
        for mode in modes { append(resolutionItems, mode.label, CameraAction.resolution.detailedName, mode.sizeKey) }
        if let resolutionAction { ActionState.set(resolutionAction, current) }
    }

    /// Locked while a recording or a countdown runs.
    func setEnabled(_ enabled: Bool) {
        for action in [selectAction, resolutionAction].compactMap({ $0 }) {
            g_simple_action_set_enabled(action, enabled ? 1 : 0)
        }
    }

    private func append(_ menu: OpaquePointer, _ label: String, _ action: String, _ value: String) {
        let item = g_menu_item_new(label, nil)!
        g_menu_item_set_action_and_target_value(item, action, g_variant_new_string(value))
        g_menu_append_item(menu, item)
        g_object_unref(UnsafeMutableRawPointer(item))
    }
}
