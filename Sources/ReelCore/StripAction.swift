/// The preview strip's actions (`strip.`), while it has the focus.
public enum StripAction: String, ScopedAction {
    case toggleSound = "toggle-sound"
    case toggleSpeed = "toggle-speed"

    public static let scope = ActionScope.strip
}
