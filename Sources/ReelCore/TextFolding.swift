import Foundation

/// Text made comparable the way people search and sort: case, accents and
/// full-width forms do not matter ("ha noi" finds "Hà Nội", "ＡＢＣ" is "abc").
public enum TextFolding {
    /// Letters that carry a stroke rather than a combining accent, so no
    /// Unicode decomposition removes it; Vietnamese "đ" is the one that matters.
    private static let strokedLetters: [Unicode.Scalar: String] = [
        "đ": "d", "ð": "d", "ħ": "h", "ł": "l", "ø": "o", "ŧ": "t", "ƀ": "b", "ɨ": "i",
    ]

    /// Lower-cased, compatibility-decomposed (NFKD) text without its
    /// combining marks.
    public static func fold(_ text: String) -> String {
        // Most titles are plain ASCII; skip the Unicode work for them.
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.lowercased() }
        var result = String.UnicodeScalarView()
        for scalar in text.lowercased().decomposedStringWithCompatibilityMapping.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .enclosingMark:
                continue
            default:
                if let plain = strokedLetters[scalar] {
                    result.append(contentsOf: plain.unicodeScalars)
                } else {
                    result.append(scalar)
                }
            }
        }
        return String(result)
    }

    /// A key that sorts names as people expect: folded, and with runs of
    /// digits compared by value ("clip 2" before "clip 10").
    public struct SortKey: Comparable, Sendable {
        private let scalars: [Unicode.Scalar]

        public init(_ text: String) {
            scalars = Array(TextFolding.fold(text).unicodeScalars)
        }

        public static func < (lhs: SortKey, rhs: SortKey) -> Bool {
            let a = lhs.scalars, b = rhs.scalars
            var i = 0, j = 0
            while i < a.count, j < b.count {
                if isDigit(a[i]), isDigit(b[j]) {
                    let (runA, nextI) = digitRun(a, from: i)
                    let (runB, nextJ) = digitRun(b, from: j)
                    // Without leading zeros, a longer run is a larger number.
                    if runA.count != runB.count { return runA.count < runB.count }
                    if runA != runB { return runA.lexicographicallyPrecedes(runB) }
                    i = nextI
                    j = nextJ
                } else {
                    if a[i] != b[j] { return a[i].value < b[j].value }
                    i += 1
                    j += 1
                }
            }
            return a.count - i < b.count - j
        }

        private static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
            scalar.value >= 0x30 && scalar.value <= 0x39
        }

        private static func digitRun(_ scalars: [Unicode.Scalar], from start: Int) -> (ArraySlice<Unicode.Scalar>, Int) {
            var end = start
            while end < scalars.count, isDigit(scalars[end]) { end += 1 }
            var first = start
            while first < end - 1, scalars[first] == "0" { first += 1 }
            return (scalars[first..<end], end)
        }
    }
}
