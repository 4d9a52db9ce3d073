/// What an ASS or SSA script says about its lines before its events: the
/// styles, the size (PlayResX × PlayResY) positions and margins are given
/// in, and the order of the events' fields. A file holds it above its
/// events; a Matroska track carries it in its codec data and each event
/// apart, so it is read once and the events one by one (AssSubtitles).
public struct AssScript: Sendable {
    /// A style's look, alignment and margins (in the script's pixels).
    struct Style: Equatable, Sendable {
        var look = AssSubtitles.Look()
        /// Numpad (1 bottom left … 9 top right).
        var alignment = 2
        var marginLeft = 0.0, marginRight = 0.0, marginVertical = 0.0
    }

    var styles: [String: Style] = [:]
    var eventFormat: [String] = []
    /// The script's width and height, as libass takes them when one or
    /// both are missing (384 × 288, or the other side at 4:3).
    let width: Double, height: Double
    /// The values of the Dialogue lines, in the file's order.
    var dialogues: [String] = []

    public init(_ text: String) {
        var styleFormat: [String] = []
        var section = ""
        var playWidth: Double?, playHeight: Double?
        for raw in text.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r" }) {
            let line = raw.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "\u{FEFF}", with: "")
            if line.hasPrefix("[") { section = line.lowercased(); continue }
            guard let colon = line.firstIndex(of: ":") else { continue }
            let key = line[..<colon].lowercased(), value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            if section == "[script info]" {
                if key == "playresx" { playWidth = Double(value).flatMap { $0 > 0 ? $0 : nil } }
                if key == "playresy" { playHeight = Double(value).flatMap { $0 > 0 ? $0 : nil } }
            } else if section.hasSuffix("styles]") {
                if key == "format" { styleFormat = AssScript.fields(value).map { $0.lowercased() } }
                // SSA's [V4 Styles] number their alignments otherwise.
                if key == "style", let (name, style) = AssScript.style(value, format: styleFormat, legacy: !section.contains("+")) {
                    styles[name] = style
                }
            } else if section == "[events]" {
                if key == "format" { eventFormat = AssScript.fields(value).map { $0.lowercased() } }
                if key == "dialogue" { dialogues.append(value) }
            }
        }
        switch (playWidth, playHeight) {
        case let (width?, height?): (self.width, self.height) = (width, height)
        case (nil, nil): (width, height) = (384, 288)
        case let (width?, nil): (self.width, height) = (width, width == 1280 ? 1024 : (width * 3 / 4).rounded(.down))
        case let (nil, height?): (width, self.height) = (height == 1024 ? 1280 : (height * 4 / 3).rounded(.down), height)
        }
    }

    /// The style named `name` (a leading `*`, some writers' mark, left
    /// out), else Default, else the plain look.
    func style(named name: String?) -> Style {
        name.flatMap { styles[$0] ?? styles[$0.replacingOccurrences(of: "*", with: "")] } ?? styles["Default"] ?? Style()
    }

    /// A line's comma-separated fields, the last (the text) taking the
    /// rest of the line when `count` is given.
    static func fields(_ value: String, count: Int? = nil) -> [String] {
        value.split(separator: ",", maxSplits: count.map { max(0, $0 - 1) } ?? Int.max, omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
    }

    private static func style(_ value: String, format: [String], legacy: Bool) -> (String, Style)? {
        let values = fields(value, count: format.count)
        func field(_ name: String) -> String? { format.firstIndex(of: name).flatMap { $0 < values.count ? values[$0] : nil } }
        guard let name = field("name") else { return nil }
        var style = Style()
        style.look.colour = field("primarycolour").flatMap(AssSubtitles.colour)
        style.look.secondary = field("secondarycolour").flatMap(AssSubtitles.colour)
        style.look.bold = field("bold").map(isOn) ?? false
        style.look.italic = field("italic").map(isOn) ?? false
        style.look.underline = field("underline").map(isOn) ?? false
        style.look.strike = field("strikeout").map(isOn) ?? false
        if let alignment = field("alignment").flatMap({ Int($0) }) {
            style.alignment = legacy ? numpad(legacy: alignment) : alignment
        }
        style.marginLeft = field("marginl").flatMap { Double($0) } ?? 0
        style.marginRight = field("marginr").flatMap { Double($0) } ?? 0
        style.marginVertical = field("marginv").flatMap { Double($0) } ?? 0
        return (name, style)
    }

    /// "-1" (SSA's true), "1", or a weight of 700 and more.
    private static func isOn(_ text: String) -> Bool {
        guard let number = Int(text) else { return false }
        return number == -1 || number == 1 || number >= 700
    }

    /// SSA's alignment (`\a`, a [V4 Styles] Alignment): 1–3 at the bottom,
    /// plus 4 at the top, plus 8 in the middle; as a numpad number.
    static func numpad(legacy value: Int) -> Int {
        let column = max(1, min(3, value & 3))
        if value & 4 != 0 { return column + 6 }
        if value & 8 != 0 { return column + 3 }
        return column
    }
}
