import Foundation

/// A SubRip (.srt) or WebVTT (.vtt) file read whole into lines with their
/// times, as Pango markup, for the player to draw as it draws ASS files.
/// GStreamer's reader needs a file to be long enough for its type to be
/// guessed: a file of one or two lines (a forced file with a sign or two)
/// loaded nothing. Italic, bold, underline, strike-through and font colours
/// are kept; WebVTT's voices, classes, ruby and timestamps inside a line,
/// and ASS override codes some SubRip files carry, are dropped, but for
/// where a line goes: a SubRip line's `{\an8}` (a sign at the top) and a
/// WebVTT cue's `line` and `align` settings.
public enum PlainSubtitles {
    /// The lines of `text`, sorted by start; a block without a valid time
    /// line (WebVTT's header, NOTE, STYLE and REGION blocks, damaged
    /// blocks) is passed over.
    public static func cues(_ text: String) -> [SubtitleCues.Cue] {
        let lines = text.replacingOccurrences(of: "\u{FEFF}", with: "")
            .replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var cues: [SubtitleCues.Cue] = []
        var index = 0
        while index < lines.count {
            guard let times = timing(lines[index]) else {
                index += 1
                continue
            }
            var body: [String] = []
            index += 1
            while index < lines.count, !lines[index].trimmingCharacters(in: .whitespaces).isEmpty, timing(lines[index]) == nil {
                body.append(lines[index])
                index += 1
            }
            // A SubRip block's number just before the next time line is no text.
            if index < lines.count, timing(lines[index]) != nil, let last = body.last, Int(last.trimmingCharacters(in: .whitespaces)) != nil {
                body.removeLast()
            }
            let markup = body.map(markup).joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
            if !markup.isEmpty, times.end > times.start {
                cues.append(SubtitleCues.Cue(markup: markup, start: times.start, end: times.end,
                                             placement: placement(body: body, settings: times.settings)))
            }
        }
        return cues.enumerated().sorted { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }.map(\.element)
    }

    /// "00:01:02,500 --> 00:01:04,000" (SubRip) or "01:02.500 --> 01:04.000
    /// line:90%" (WebVTT: hours optional, settings after): seconds.
    static func timing(_ line: String) -> (start: Double, end: Double, settings: [String: String])? {
        guard let arrow = line.range(of: "-->") else { return nil }
        let left = line[..<arrow.lowerBound].trimmingCharacters(in: .whitespaces)
        let words = line[arrow.upperBound...].split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        guard let right = words.first, let start = seconds(left), let end = seconds(right) else { return nil }
        var settings: [String: String] = [:]
        for word in words.dropFirst() {
            let pair = word.split(separator: ":", maxSplits: 1).map(String.init)
            if pair.count == 2 { settings[pair[0]] = pair[1] }
        }
        return (start, end, settings)
    }

    /// Where a cue goes, when it says: the first `{\anN}` (or SSA's
    /// `{\aN}`) in a SubRip cue's text; a WebVTT cue's `line` (a line
    /// number from the top, or from the bottom when negative, or a
    /// percentage of the height) and `align`. nil: at the bottom, centred.
    static func placement(body: [String], settings: [String: String]) -> SubtitlePlacement? {
        for line in body {
            guard let open = line.range(of: "{\\"), let close = line[open.upperBound...].firstIndex(of: "}") else { continue }
            for code in line[open.upperBound..<close].split(separator: "\\") {
                if code.hasPrefix("an"), let number = Int(code.dropFirst(2)), (1...9).contains(number) {
                    return SubtitlePlacement(numpad: number)
                }
                if code.hasPrefix("a"), let number = Int(code.dropFirst()), number > 0 {
                    return SubtitlePlacement(numpad: AssScript.numpad(legacy: number))
                }
            }
        }
        var row = 0  // the numpad's row: 0 bottom, 1 middle, 2 top
        if let line = settings["line"]?.split(separator: ",").first {
            if line.hasSuffix("%"), let percent = Double(line.dropLast()) {
                row = percent < 34 ? 2 : percent < 67 ? 1 : 0
            } else if let number = Int(line) {
                row = number >= 0 ? 2 : 0
            }
        }
        let column = ["start": 1, "left": 1, "end": 3, "right": 3][settings["align"] ?? ""] ?? 2
        return row == 0 && column == 2 ? nil : SubtitlePlacement(numpad: row * 3 + column)
    }

    /// "[hh:]mm:ss[,.]mmm" in seconds.
    static func seconds(_ text: String) -> Double? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard (2...3).contains(parts.count) else { return nil }
        let fraction = parts.last!.replacingOccurrences(of: ",", with: ".")
        guard let secs = Double(fraction), secs >= 0, secs < 60,
              let minutes = Int(parts[parts.count - 2]), minutes >= 0,
              let hours = parts.count == 3 ? Int(parts[0]) : 0, hours >= 0 else { return nil }
        return Double(hours * 3600 + minutes * 60) + secs
    }

    /// One line of text as Pango markup: its own tags kept where Pango has
    /// them (balanced, so the markup always parses), everything else escaped.
    static func markup(_ line: String) -> String {
        var out = ""
        var open: [String] = []
        var rest = Substring(line)
        while let first = rest.first {
            if first == "{", rest.hasPrefix("{\\"), let close = rest.firstIndex(of: "}") {
                rest = rest[rest.index(after: close)...]  // an ASS override code
            } else if first == "<", let close = rest.firstIndex(of: ">"),
                      let next = rest.dropFirst().first, next.isLetter || next == "/" || next.isNumber {
                out += tag(String(rest[rest.index(after: rest.startIndex)..<close]), open: &open)
                rest = rest[rest.index(after: close)...]
            } else if first == "&", let entity = entity(rest) {
                out += entity.text
                rest = rest.dropFirst(entity.length)
            } else {
                out += escape(first)
                rest = rest.dropFirst()
            }
        }
        for name in open.reversed() { out += name == "font" ? "</span>" : "</\(name)>" }
        return out
    }

    private static let kept: Set<String> = ["i", "b", "u", "s"]

    private static func tag(_ inside: String, open: inout [String]) -> String {
        let trimmed = inside.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("/") {
            let name = trimmed.dropFirst().trimmingCharacters(in: .whitespaces).lowercased()
            guard let last = open.last, last == name else { return "" }
            open.removeLast()
            return name == "font" ? "</span>" : "</\(name)>"
        }
        let name = trimmed.prefix { $0.isLetter }.lowercased()
        if kept.contains(name), trimmed.count == name.count {
            open.append(name)
            return "<\(name)>"
        }
        if name == "font", let colour = attribute("color", in: trimmed) {
            open.append("font")
            return "<span foreground=\"\(colour)\">"
        }
        return ""
    }

    /// A font colour: a name or #rrggbb, nothing that could break the markup.
    private static func attribute(_ name: String, in tag: String) -> String? {
        guard let at = tag.lowercased().range(of: name + "=") else { return nil }
        let value = tag[at.upperBound...].trimmingCharacters(in: CharacterSet(charactersIn: "\"' "))
            .prefix { $0.isLetter || $0.isNumber || $0 == "#" }
        return value.isEmpty ? nil : String(value)
    }

    /// The entities WebVTT writes: &amp; &lt; &gt; kept as such, &nbsp; a
    /// no-break space.
    private static func entity(_ text: Substring) -> (text: String, length: Int)? {
        for (name, markup) in [("&amp;", "&amp;"), ("&lt;", "&lt;"), ("&gt;", "&gt;"), ("&nbsp;", "\u{00A0}")]
        where text.hasPrefix(name) {
            return (markup, name.count)
        }
        return nil
    }

    private static func escape(_ character: Character) -> String {
        switch character {
        case "&": return "&amp;"
        case "<": return "&lt;"
        case ">": return "&gt;"
        case "\"": return "&quot;"
        default: return String(character)
        }
    }
}
