/// A label with GTK's mnemonic underscores ("_Cancel") as a person reads it
/// ("Cancel"): an underscore marks the next letter, two stand for one.
public enum MnemonicText {
    public static func plain(_ label: String) -> String {
        var out = ""
        var escaped = false
        for character in label {
            if character == "_" && !escaped {
                escaped = true
                continue
            }
            escaped = false
            out.append(character)
        }
        return out
    }
}
