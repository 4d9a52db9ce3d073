/// The camera page's actions (`camera.`).
public enum CameraAction: String, ScopedAction {
    case close
    case mirror
    case mode
    case resolution
    case select
    case shutter
    case timer
    case toggleMode = "toggle-mode"

    public static let scope = ActionScope.camera
}
