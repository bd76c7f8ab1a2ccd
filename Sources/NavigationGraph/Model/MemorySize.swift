/// An amount of memory written for people: `512MB`, `2GB`, `1.5GiB`, or a plain number of
/// bytes. Read from graph documents (`bounds.maxMemory`) and the command line (`--max-memory`).
public enum MemorySize {
    /// The bytes `text` names, or `nil` when it is not a positive amount with a known unit
    /// (B, KB, MB, GB, TB in powers of 1000; KiB, MiB, GiB, TiB in powers of 1024; case and
    /// a space before the unit do not matter).
    public static func bytes(_ text: String) -> Int? {
        let trimmed = text.trimmingSpaces
        let number = trimmed.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
        let unit = trimmed.dropFirst(number.count).trimmingSpaces.lowercased()
        guard let value = Double(number), value > 0, value.isFinite else { return nil }
        let scale: Double
        switch unit {
        case "", "b": scale = 1
        case "kb", "k": scale = 1e3
        case "mb", "m": scale = 1e6
        case "gb", "g": scale = 1e9
        case "tb", "t": scale = 1e12
        case "kib": scale = 1024
        case "mib": scale = 1024 * 1024
        case "gib": scale = 1024 * 1024 * 1024
        case "tib": scale = 1024 * 1024 * 1024 * 1024
        default: return nil
        }
        let bytes = value * scale
        guard bytes >= 1, bytes < 9e18 else { return nil }
        return Int(bytes)
    }

    /// `bytes` for people, in powers of 1000 with one decimal below 10 (`820 KB`, `1.5 GB`).
    public static func text(_ bytes: Int) -> String {
        let units = ["B", "KB", "MB", "GB", "TB", "PB"]
        var value = Double(max(0, bytes))
        var unit = 0
        while value >= 1000 && unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        let rounded = value < 10 && unit > 0 ? (value * 10).rounded() / 10 : value.rounded()
        let digits = rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
        return "\(digits) \(units[unit])"
    }
}

private extension StringProtocol {
    var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
