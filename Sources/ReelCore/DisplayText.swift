/// Text from outside (a catalog, a file name, a web address) made safe to
/// show: the invisible characters that override the direction of the text
/// around them are removed ("rtl \u{202E}gnp.exe" would show as
/// "rtl exe.png"), and text set inside a sentence of the app's own is
/// isolated, so right-to-left words cannot reorder the sentence around them.
public enum DisplayText {
    /// Embeddings, overrides and isolates (U+202A–202E, U+2066–2069): they
    /// reorder what follows them. Marks (U+200E, U+200F) only nudge
    /// neutral characters and stay.
    static func isDirectionControl(_ scalar: Unicode.Scalar) -> Bool {
        (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
    }

    /// `text` without direction controls.
    public static func clean(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isDirectionControl) else { return text }
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: text.unicodeScalars.filter { !isDirectionControl($0) })
        return String(scalars)
    }

    /// `text` (cleaned) for a place inside a sentence: wrapped in a
    /// first-strong isolate when it holds right-to-left letters, unchanged
    /// otherwise (nothing to reorder).
    public static func isolated(_ text: String) -> String {
        let plain = clean(text)
        guard plain.unicodeScalars.contains(where: isRightToLeft) else { return plain }
        return "\u{2068}" + plain + "\u{2069}"
    }

    /// Letters of the right-to-left scripts (Hebrew, Arabic, Syriac,
    /// Thaana, N'Ko, Samaritan, Mandaic and their presentation forms).
    static func isRightToLeft(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF: return true
        default: return false
        }
    }
}
