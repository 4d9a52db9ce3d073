/// An ASS or SSA subtitle file turned into lines of Pango markup for the
/// player's label: each style's colour, weight, slant, underline and
/// strike-through, and the override tags that change them inside a line
/// ({\i1}, {\b1}, {\u1}, {\s1}, {\c&HBBGGRR&}, {\r}). GStreamer 1.22 reads
/// no standalone ASS file (subparse knows none of its formats) and its
/// parser for embedded ASS drops the styles; a label with markup keeps the
/// user's font and size and costs nothing per frame, where libass
/// (assrender) would blend every frame on the CPU. Positions, fades,
/// karaoke and drawings are left out: the line shows where every line does.
public enum AssSubtitles {
    /// What a run of text looks like.
    struct Look: Equatable {
        var colour: String?  // "#RRGGBB"; nil: the label's own (white)
        var bold = false
        var italic = false
        var underline = false
        var strike = false
    }

    /// The lines of an ASS/SSA file's text, by time.
    public static func cues(_ text: String) -> [SubtitleCues.Cue] {
        var styles: [String: Look] = [:]
        var styleFormat: [String] = []
        var eventFormat: [String] = []
        var section = ""
        var found: [SubtitleCues.Cue] = []
        for raw in text.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r" }) {
            let line = raw.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "\u{FEFF}", with: "")
            if line.hasPrefix("[") { section = line.lowercased(); continue }
            guard let colon = line.firstIndex(of: ":") else { continue }
            let key = line[..<colon].lowercased(), value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            if section.hasSuffix("styles]") {
                if key == "format" { styleFormat = fields(value).map { $0.lowercased() } }
                if key == "style", let (name, look) = style(value, format: styleFormat) { styles[name] = look }
            } else if section == "[events]" {
                if key == "format" { eventFormat = fields(value).map { $0.lowercased() } }
                if key == "dialogue", let cue = dialogue(value, format: eventFormat, styles: styles) { found.append(cue) }
            }
        }
        return found.sorted { $0.start < $1.start }
    }

    private static func fields(_ value: String, count: Int? = nil) -> [String] {
        value.split(separator: ",", maxSplits: count.map { max(0, $0 - 1) } ?? Int.max, omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
    }

    private static func style(_ value: String, format: [String]) -> (String, Look)? {
        let values = fields(value, count: format.count)
        func field(_ name: String) -> String? { format.firstIndex(of: name).flatMap { $0 < values.count ? values[$0] : nil } }
        guard let name = field("name") else { return nil }
        var look = Look()
        look.colour = field("primarycolour").flatMap(colour)
        look.bold = field("bold").map(isOn) ?? false
        look.italic = field("italic").map(isOn) ?? false
        look.underline = field("underline").map(isOn) ?? false
        look.strike = field("strikeout").map(isOn) ?? false
        return (name, look)
    }

    /// "-1" (SSA's true), "1", or a weight of 700 and more.
    private static func isOn(_ text: String) -> Bool {
        guard let number = Int(text) else { return false }
        return number == -1 || number == 1 || number >= 700
    }

    /// "&HAABBGGRR", "&HBBGGRR&" or SSA's decimal BGR, as "#RRGGBB"; nil
    /// for white, the label's own colour.
    static func colour(_ text: String) -> String? {
        var digits = text.uppercased().trimmingCharacters(in: .whitespaces)
        let value: UInt32?
        if digits.hasPrefix("&H") {
            digits = String(digits.dropFirst(2).prefix { $0 != "&" })
            value = UInt32(digits, radix: 16)
        } else {
            value = UInt32(digits)
        }
        guard let value else { return nil }
        let red = value & 0xFF, green = (value >> 8) & 0xFF, blue = (value >> 16) & 0xFF
        let hex = [red, green, blue].map { component -> String in
            let text = String(component, radix: 16, uppercase: true)
            return text.count == 1 ? "0" + text : text
        }.joined()
        return hex == "FFFFFF" ? nil : "#" + hex
    }

    private static func dialogue(_ value: String, format: [String], styles: [String: Look]) -> SubtitleCues.Cue? {
        let values = fields(value, count: format.count)
        func field(_ name: String) -> String? { format.firstIndex(of: name).flatMap { $0 < values.count ? values[$0] : nil } }
        guard let start = field("start").flatMap(seconds), let end = field("end").flatMap(seconds), end > start,
              let text = field("text") else { return nil }
        let base = field("style").flatMap { styles[$0] ?? styles[$0.replacingOccurrences(of: "*", with: "")] } ?? styles["Default"] ?? Look()
        let markup = self.markup(text, base: base, styles: styles)
        guard !markup.isEmpty else { return nil }
        return SubtitleCues.Cue(markup: markup, start: start, end: end)
    }

    /// "H:MM:SS.cc".
    static func seconds(_ text: String) -> Double? {
        let parts = text.split(separator: ":")
        guard parts.count == 3, let hours = Double(parts[0]), let minutes = Double(parts[1]), let rest = Double(parts[2]) else { return nil }
        return hours * 3600 + minutes * 60 + rest
    }

    /// A dialogue's text as Pango markup, its style as the starting look.
    static func markup(_ text: String, base: Look, styles: [String: Look] = [:]) -> String {
        var look = base
        var out = "", run = ""
        var drawing = false
        func flush() {
            guard !run.isEmpty else { return }
            out += span(escape(run), look)
            run = ""
        }
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character == "{", let close = text[index...].firstIndex(of: "}") {
                let block = text[text.index(after: index)..<close]
                var next = look
                for tag in block.split(separator: "\\").map(String.init) where !tag.isEmpty {
                    apply(tag, to: &next, base: base, styles: styles, drawing: &drawing)
                }
                if next != look { flush(); look = next }
                index = text.index(after: close)
                continue
            }
            if character == "\\", let following = text[text.index(after: index)...].first {
                switch following {
                case "N": run += "\n"
                case "n": run += " "
                case "h": run += "\u{00A0}"
                default: run += "\\\(following)"
                }
                index = text.index(index, offsetBy: 2)
                continue
            }
            if !drawing { run += String(character) }
            index = text.index(after: index)
        }
        flush()
        return out.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private static func apply(_ tag: String, to look: inout Look, base: Look, styles: [String: Look], drawing: inout Bool) {
        func flag(_ name: String) -> Bool? {
            guard tag.hasPrefix(name), let number = Int(tag.dropFirst(name.count)) else { return nil }
            return number == 1 || number >= 700
        }
        if tag.hasPrefix("c&") || tag.hasPrefix("1c&") {
            look.colour = colour(String(tag.drop { $0 != "&" }))
        } else if tag == "r" {
            look = base
        } else if tag.hasPrefix("r"), let style = styles[String(tag.dropFirst())] {
            look = style
        } else if tag.hasPrefix("p"), let level = Int(tag.dropFirst()) {
            drawing = level > 0
        } else if let on = flag("i") {
            look.italic = on
        } else if let on = flag("b") {
            look.bold = on
        } else if let on = flag("u") {
            look.underline = on
        } else if let on = flag("s") {
            look.strike = on
        }
    }

    private static func span(_ text: String, _ look: Look) -> String {
        var attributes: [String] = []
        if let colour = look.colour { attributes.append("foreground=\"\(colour)\"") }
        if look.bold { attributes.append("weight=\"bold\"") }
        if look.italic { attributes.append("style=\"italic\"") }
        if look.underline { attributes.append("underline=\"single\"") }
        if look.strike { attributes.append("strikethrough=\"true\"") }
        return attributes.isEmpty ? text : "<span \(attributes.joined(separator: " "))>\(text)</span>"
    }

    private static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }
}
