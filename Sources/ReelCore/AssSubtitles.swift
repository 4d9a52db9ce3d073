/// An ASS or SSA subtitle file, or an ASS track's lines from a Matroska
/// file, turned into lines of Pango markup for the player's labels: each
/// style's colour, weight, slant, underline and strike-through, and the
/// override tags that change them inside a line ({\i1}, {\b1}, {\u1},
/// {\s1}, {\c&HBBGGRR&}, {\r}); where the line shows (the style's
/// alignment and margins, `\an`, SSA's `\a`, `\pos`); its fade (`\fad`,
/// `\fade`); karaoke (`\k`, `\kf`/`\K`, `\ko`), as one cue per syllable
/// sung, the sung ones in the primary colour and the rest in the secondary
/// (a sweep switches halfway through its syllable). GStreamer 1.22 reads no
/// standalone ASS file (subparse knows none of its formats) and its parser
/// for embedded ASS drops the styles; labels with markup keep the user's
/// font and size and cost nothing per frame, where libass (assrender)
/// would blend every frame on the CPU. Drawings, `\move`, rotations,
/// clips, `\t` animations, font sizes and borders are left out.
public enum AssSubtitles {
    /// What a run of text looks like.
    struct Look: Equatable, Sendable {
        var colour: String?  // "#RRGGBB"; nil: the label's own (white)
        /// Karaoke's colour for a syllable not yet sung.
        var secondary: String?
        var bold = false
        var italic = false
        var underline = false
        var strike = false
    }

    /// The lines of an ASS/SSA file's text, by time.
    public static func cues(_ text: String) -> [SubtitleCues.Cue] {
        let script = AssScript(text)
        var found: [SubtitleCues.Cue] = []
        for value in script.dialogues {
            let values = AssScript.fields(value, count: script.eventFormat.count)
            found += event(values, format: script.eventFormat, script: script, start: nil, end: nil)
        }
        return found.sorted { $0.start < $1.start }
    }

    /// The fields of an ASS or SSA event in a Matroska track (SSA's Marked
    /// where ASS has Layer); the times are the buffer's.
    static let embeddedFormat = ["readorder", "layer", "style", "name", "marginl", "marginr", "marginv", "effect", "text"]

    /// The cues of one event of a Matroska ASS/SSA track (`line`, from
    /// `start` to `end` seconds, nil: until the next line), styled by the
    /// track's `script` header.
    public static func cues(embedded line: String, start: Double, end: Double?, script: AssScript) -> [SubtitleCues.Cue] {
        event(AssScript.fields(line, count: embeddedFormat.count), format: embeddedFormat, script: script, start: start,
              end: end ?? .infinity)
    }

    /// An event's cues: one, or one per karaoke syllable sung; times from
    /// its fields unless given.
    private static func event(_ values: [String], format: [String], script: AssScript, start: Double?, end: Double?) -> [SubtitleCues.Cue] {
        func field(_ name: String) -> String? { format.firstIndex(of: name).flatMap { $0 < values.count ? values[$0] : nil } }
        guard let start = start ?? field("start").flatMap(seconds), let end = end ?? field("end").flatMap(seconds), end > start,
              let text = field("text") else { return [] }
        let style = script.style(named: field("style"))
        let line = parse(text, base: style.look, script: script)
        // An event's margins, when not 0, stand for its style's.
        func margin(_ name: String, _ fallback: Double) -> Double {
            field(name).flatMap { Double($0) }.flatMap { $0 != 0 ? $0 : nil } ?? fallback
        }
        let placement = SubtitlePlacement(numpad: line.alignment ?? style.alignment,
                                          left: margin("marginl", style.marginLeft) / script.width,
                                          right: margin("marginr", style.marginRight) / script.width,
                                          verticalMargin: margin("marginv", style.marginVertical) / script.height,
                                          point: line.point.map { .init(x: $0.x / script.width, y: $0.y / script.height) })
        // A line with no end (none given) fades in only.
        let fade = line.fade.map { fade -> SubtitleFade in
            switch fade {
            case .inOut(let fadeIn, let fadeOut):
                return SubtitleFade(fadeIn: fadeIn, fadeOut: end.isFinite ? fadeOut : 0, start: start, end: end)
            case .full(let opacities, let times):
                return SubtitleFade(first: opacities[0], middle: opacities[1], last: opacities[2], times: times.map { start + $0 })
            }
        }
        let order = field("readorder").flatMap { Int($0) }
        // Karaoke: a cue from each syllable's switch to the next.
        let switches = Set(line.switches.map { start + $0 }).filter { $0 > start && $0 < end }.sorted()
        var cues: [SubtitleCues.Cue] = []
        for (index, begin) in ([start] + switches).enumerated() {
            let markup = render(line.runs) { syllable in start + line.switches[syllable] <= begin }
            let finish = index < switches.count ? switches[index] : end.isFinite ? end : nil
            if let last = cues.last, last.markup == markup {
                cues[cues.count - 1] = SubtitleCues.Cue(markup: markup, start: last.start, end: finish, placement: placement,
                                                        fade: fade, order: order)
            } else if !markup.isEmpty {
                cues.append(SubtitleCues.Cue(markup: markup, start: begin, end: finish, placement: placement, fade: fade, order: order))
            }
        }
        return cues
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

    /// "H:MM:SS.cc".
    static func seconds(_ text: String) -> Double? {
        let parts = text.split(separator: ":")
        guard parts.count == 3, let hours = Double(parts[0]), let minutes = Double(parts[1]), let rest = Double(parts[2]) else { return nil }
        return hours * 3600 + minutes * 60 + rest
    }

    /// A run of a line's text in one look, and the karaoke syllable it is
    /// part of (nil before the first `\k`).
    struct Run: Equatable {
        var text: String
        var look: Look
        var syllable: Int?
    }

    enum Fade: Equatable {
        /// `\fad`: seconds in and out.
        case inOut(Double, Double)
        /// `\fade`: three opacities and four times from the line's start.
        case full([Double], [Double])
    }

    /// A dialogue's text taken apart: its runs, and what its override tags
    /// say of the whole line (the first of each counts, as in libass).
    struct Line {
        var runs: [Run] = []
        /// Numpad.
        var alignment: Int?
        /// In the script's pixels.
        var point: SubtitlePlacement.Point?
        var fade: Fade?
        /// When each karaoke syllable turns to the primary colour, in
        /// seconds from the line's start.
        var switches: [Double] = []
    }

    /// A dialogue's text, its style's look as the starting look.
    static func parse(_ text: String, base: Look, script: AssScript) -> Line {
        var line = Line()
        var look = base
        var syllable: Int?
        var sung = 0.0  // karaoke: centiseconds up to the current syllable's end
        var run = ""
        var drawing = false
        func flush() {
            guard !run.isEmpty else { return }
            line.runs.append(Run(text: run, look: look, syllable: syllable))
            run = ""
        }
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character == "{", let close = text[index...].firstIndex(of: "}") {
                let block = text[text.index(after: index)..<close]
                var next = look
                var nextSyllable = syllable
                for tag in block.split(separator: "\\").map(String.init) where !tag.isEmpty {
                    if let (duration, sweep) = karaoke(tag) {
                        nextSyllable = line.switches.count
                        line.switches.append((sung + (sweep ? duration / 2 : 0)) / 100)
                        sung += duration
                    } else {
                        apply(tag, to: &next, line: &line, base: base, script: script, drawing: &drawing)
                    }
                }
                if next != look || nextSyllable != syllable {
                    flush()
                    look = next
                    syllable = nextSyllable
                }
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
        return line
    }

    /// A line's runs as Pango markup: a run of a syllable `sung` says is
    /// not sung yet in its secondary colour.
    static func render(_ runs: [Run], sung: (Int) -> Bool) -> String {
        var pieces: [(text: String, look: Look)] = []
        for run in runs {
            var look = run.look
            if let syllable = run.syllable, !sung(syllable) { look.colour = look.secondary }
            look.secondary = nil
            if let last = pieces.last, last.look == look {
                pieces[pieces.count - 1].text += run.text
            } else {
                pieces.append((run.text, look))
            }
        }
        return pieces.map { span(escape($0.text), $0.look) }.joined().trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// `\k`, `\K`, `\kf` and `\ko` with their centiseconds, and whether
    /// the syllable is swept.
    private static func karaoke(_ tag: String) -> (Double, Bool)? {
        for (name, sweep) in [("kf", true), ("ko", false), ("K", true), ("k", false)] where tag.hasPrefix(name) {
            guard let duration = Double(tag.dropFirst(name.count).trimmingCharacters(in: .whitespaces)) else { return nil }
            return (max(0, duration), sweep)
        }
        return nil
    }

    /// The numbers between a tag's brackets: "pos(10, 20)" gives [10, 20].
    private static func arguments(_ tag: String, _ name: String) -> [Double]? {
        guard tag.hasPrefix(name + "(") else { return nil }
        let inside = tag.dropFirst(name.count + 1).prefix { $0 != ")" }
        let numbers = inside.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
        return numbers.contains(nil) ? nil : numbers.compactMap { $0 }
    }

    private static func apply(_ tag: String, to look: inout Look, line: inout Line, base: Look, script: AssScript,
                              drawing: inout Bool) {
        func flag(_ name: String) -> Bool? {
            guard tag.hasPrefix(name), let number = Int(tag.dropFirst(name.count)) else { return nil }
            return number == 1 || number >= 700
        }
        if tag.hasPrefix("c&") || tag.hasPrefix("1c&") {
            look.colour = colour(String(tag.drop { $0 != "&" }))
        } else if tag.hasPrefix("2c&") {
            look.secondary = colour(String(tag.drop { $0 != "&" }))
        } else if tag == "r" {
            look = base
        } else if tag.hasPrefix("r"), let style = script.styles[String(tag.dropFirst())] {
            look = style.look
        } else if tag.hasPrefix("an"), let number = Int(tag.dropFirst(2)) {
            if line.alignment == nil, (1...9).contains(number) { line.alignment = number }
        } else if tag.hasPrefix("a"), let number = Int(tag.dropFirst()) {
            if line.alignment == nil, number > 0 { line.alignment = AssScript.numpad(legacy: number) }
        } else if let numbers = arguments(tag, "pos") {
            if line.point == nil, numbers.count == 2 { line.point = .init(x: numbers[0], y: numbers[1]) }
        } else if let numbers = arguments(tag, "fade") {
            if line.fade == nil, numbers.count == 7 {
                line.fade = .full(numbers[0..<3].map { 1 - min(255, max(0, $0)) / 255 }, numbers[3...].map { $0 / 1000 })
            }
        } else if let numbers = arguments(tag, "fad") {
            if line.fade == nil, numbers.count == 2 { line.fade = .inOut(numbers[0] / 1000, numbers[1] / 1000) }
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
