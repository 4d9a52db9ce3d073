/// The clockwise rotation a stream asks for in its `image-orientation` tag
/// (phones record upright video as landscape plus "rotate-90"). Mirrored
/// variants are shown unmirrored with their rotation: rare, and harmless.
public enum VideoRotation {
    public static func degrees(fromTag tag: String) -> Int {
        let parts = tag.split(separator: "-")
        guard let last = parts.last, let value = Int(last), [0, 90, 180, 270].contains(value) else { return 0 }
        return value
    }
}
